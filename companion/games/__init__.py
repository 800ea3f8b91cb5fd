"""The five games. Each subpackage owns its data schema (`data.py`), its engine and its CLI."""
