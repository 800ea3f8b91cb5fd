"""An author's own deck: its file (CSV, XLSX or YAML) read and checked, its cards and inline
icons, and `companion print deck` (docs/print-kit.md)."""
