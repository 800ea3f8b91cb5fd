"""« À propos »: which version of the Compagnon de table this server runs, what that version
and the ones before it brought (CHANGELOG.md), its licence and its credits. The same version
as `companion --version` (companion/core/legal.py)."""

from __future__ import annotations

import re

import streamlit as st

from companion.core import legal

SECTION = "Compagnon de table"
_VERSION_HEADING = re.compile(r"^## ", re.M)


def changes(text: str, versions: int = 3) -> str:
    """The newest `versions` sections of the changelog (each starts with « ## »)."""
    parts = _VERSION_HEADING.split(text)
    return "".join(f"## {part}" for part in parts[1:versions + 1]).strip()


def render() -> None:
    st.title("À propos")
    st.markdown(f"**Compagnon de table**, version **{legal.version()}**.")
    st.caption("Kit d'impression et assistant de table pour cinq jeux de cartes français. "
               "Code sous licence MIT ; polices et illustrations sous leurs propres licences "
               "(ci-dessous).")
    changelog = legal.legal_file("CHANGELOG.md")
    if changelog is not None:
        # the project's own text (never a user's): its Markdown is drawn as written, each
        # version a level-2 heading under the page's title (levels never jump, WCAG 1.3.1)
        st.markdown(changes(changelog.read_text(encoding="utf-8")))
    notice = legal.legal_file("NOTICE")
    if notice is not None:
        # the credits as their authors wrote them (licence names with their numbers: « CC
        # BY-SA 4.0 »), as a file to read rather than prose of the page
        st.download_button("Crédits et licences (NOTICE)", notice.read_bytes(),
                           file_name="NOTICE.txt", mime="text/plain", on_click="ignore",
                           icon=":material/description:")


def pages() -> list[st.Page]:
    """This module's pages, built for the current script run (see tableapp/look/navigation.py)."""
    return [st.Page(render, title="À propos", icon=":material/info:", url_path="a-propos")]
