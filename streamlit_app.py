"""Entry of the table assistant: a thin router over the pages in tableapp/pages."""

import streamlit as st

from tableapp.navigation import sections
from tableapp.session import apply_style, remember_device

st.set_page_config(page_title="Compagnon de table", page_icon="🃏", layout="wide")
apply_style()
remember_device()  # what this device hosts or joined, kept in its cookie
st.navigation(sections()).run()
