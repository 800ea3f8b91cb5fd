"""One module per page group; each exposes `SECTION` and `pages()`, which builds its st.Page
objects inside the script run (never at module level: see tableapp/look/navigation.py)."""
