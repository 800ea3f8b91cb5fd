"""The Impression page's « Votre propre paquet » part: an author uploads a deck file (CSV, XLSX
or YAML, one row a card) and gets the same kit as the five games: the PDF with the chosen paper,
card size, bleed, layout, flip and low ink, a preview, the manifest and the pages as PNG. The
reading and the printing are print_kit's (deckfile.py, deckprint.py); images can only be
emoji or « openmoji:CODE » here (files cannot come with an upload)."""

from __future__ import annotations

import io
import zipfile
from typing import Any

import streamlit as st

from companion.errors import CompanionError
from companion.text import number
from print_kit.build import Kit
from print_kit.deckfile import DeckFileError, parse_deck
from print_kit.deckprint import deck_kit, png_pages, template
from print_kit.export import zip_entry
from print_kit.options import make_options
from print_kit.render import render_png
from tableapp import a11y
from tableapp.session import plain

PREVIEW_DPI = 60
OPTION_KEYS = {"paper": "print_paper", "card_size": "print_size", "bleed": "print_bleed",
               "layout": "print_layout", "flip": "print_flip", "low_ink": "print_low_ink"}


@st.cache_data(show_spinner=False, max_entries=8)
def build_from_upload(name: str, data: bytes, title: str,
                      request: tuple[tuple[str, Any], ...]) -> Kit:
    """The deck's kit (DeckFileError or UsageError in French when the file is wrong)."""
    deck = parse_deck(name, data, None, title or None)
    return deck_kit(deck, make_options("all", **dict(request)))


def png_zip(kit: Kit) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as zf:
        for built in kit.files:
            for name, data in png_pages(built):
                zf.writestr(zip_entry(name), data)
    return out.getvalue()


def _options() -> tuple[tuple[str, Any], ...]:
    """The print options chosen on the page (its defaults before the form has run once)."""
    defaults = {"paper": "a4", "card_size": "poker", "bleed": 3.0, "layout": "duplex",
                "flip": "long", "low_ink": False}
    chosen = {k: st.session_state.get(key, defaults[k]) for k, key in OPTION_KEYS.items()}
    chosen["bleed"] = float(chosen["bleed"])
    chosen["low_ink"] = bool(chosen["low_ink"])
    return tuple(sorted(chosen.items()))


def render() -> None:
    with st.expander("Votre propre paquet (tableur CSV, XLSX ou YAML)"):
        st.caption("Une ligne par carte : nom, exemplaires, catégorie, couleur, valeur, texte, "
                   "dos, image (un emoji ou openmoji:CODE). Le papier, la taille, le fond perdu, "
                   "la mise en page et l'économie d'encre sont ceux choisis plus bas.")
        c1, c2 = st.columns(2)
        c1.download_button("Modèle CSV", template("csv"), "modele-paquet.csv", "text/csv",
                           key="deck_template_csv")
        c2.download_button("Modèle YAML", template("yaml"), "modele-paquet.yaml",
                           "application/yaml", key="deck_template_yaml")
        upload = st.file_uploader("Votre fichier de cartes", type=["csv", "xlsx", "yaml", "yml"],
                                  key="deck_file")
        title = st.text_input("Titre du paquet (facultatif)", "", key="deck_title")
        if upload is None:
            return
        try:
            kit = build_from_upload(upload.name, upload.getvalue(), title.strip(), _options())
        except DeckFileError as exc:
            for problem in exc.problems[:20]:
                st.error(plain(problem))  # repeats the author's file
            return
        except CompanionError as exc:
            st.error(plain(str(exc)))
            return
        built = kit.files[0]
        st.success(f"{built.cards} cartes à imprimer, {built.pages} pages, "
                   f"{number(len(built.data) / 1e6, 2)} Mo.")
        page = 1
        if built.pages > 1:
            page = int(st.number_input(f"Page (1 à {built.pages})", 1, built.pages, 1,
                                       key="deck_preview_page"))
        a11y.picture(render_png(built.data, page - 1, PREVIEW_DPI),
                     f"Aperçu de la page {page} du paquet à imprimer", caption=f"page {page}")
        d1, d2, d3 = st.columns(3)
        d1.download_button(built.name, built.data, built.name, "application/pdf",
                           key="deck_dl_pdf", type="primary")
        d2.download_button("manifest.json", kit.manifest_bytes(), "manifest.json",
                           "application/json", key="deck_dl_manifest")
        d3.download_button("Pages en PNG (zip)", png_zip(kit), "pages-png.zip",
                           "application/zip", key="deck_dl_png")
