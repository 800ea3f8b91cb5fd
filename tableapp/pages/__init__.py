"""One module per page group; each exposes `PAGES`, a list of st.Page objects."""
