"""Entry of the table assistant: a thin router over the pages in tableapp/pages."""

import streamlit as st

from tableapp.navigation import sections
from tableapp.session import apply_style

st.set_page_config(page_title="Compagnon de table", page_icon="🃏", layout="wide")
apply_style()
st.navigation(sections()).run()
