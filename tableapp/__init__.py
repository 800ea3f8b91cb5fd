"""The table assistant's pages (Streamlit). Imports companion (and print_kit for printing);
nothing in companion or print_kit imports this package."""
