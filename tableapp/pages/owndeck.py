"""The Impression page's « Votre propre paquet » part: an author uploads a deck file (CSV, XLSX
or YAML, one row a card) and gets the same kit as the five games: the PDF with the chosen paper,
card size, bleed, layout, flip and low ink, a preview, the manifest and the pages as PNG. The
reading and the printing are print_kit's (print_kit/decks/: deckfile, deckprint); images can only be
emoji or « openmoji:CODE » here (files cannot come with an upload)."""

from __future__ import annotations

import io
import zipfile
from typing import Any

import streamlit as st

from companion.core.errors import CompanionError, UsageError
from companion.core.text import number
from print_kit.build import Kit
from print_kit.decks.deckfile import DeckFileError, parse_deck
from print_kit.decks.deckprint import deck_kit, png_pages, template
from print_kit.decks.deckread import MAX_FILE_BYTES, MAX_ROWS
from print_kit.exports.export import zip_entry
from print_kit.exports.render import render_png
from print_kit.options import make_options
from tableapp.look import a11y
from tableapp.look.usertext import plain
from tableapp.process import uploading
from tableapp.process.workload import slot

PREVIEW_DPI = 60
MAX_PNG_PAGES = 24  # about 5 s of drawing at 150 dpi
# the deck's limit, said on the uploader, checked by the browser and by the server before it
# reads the file (tableapp/process/uploading.py); parse_deck refuses past it too
UPLOAD_MB = MAX_FILE_BYTES // 2**20
OPTION_KEYS = {"paper": "print_paper", "card_size": "print_size", "bleed": "print_bleed",
               "layout": "print_layout", "flip": "print_flip", "low_ink": "print_low_ink"}


@st.cache_data(show_spinner=False, max_entries=8)
def build_from_upload(name: str, data: bytes, title: str,
                      request: tuple[tuple[str, Any], ...]) -> Kit:
    """The deck's kit (DeckFileError or UsageError in French when the file is wrong), made in
    one of the server's print slots (tableapp/process/workload.py)."""
    with slot("impression"):
        deck = parse_deck(name, data, None, title or None)
        return deck_kit(deck, make_options("all", **dict(request)))


@st.cache_data(show_spinner="Pages en PNG…", max_entries=2)
def png_zip_from_upload(name: str, data: bytes, title: str,
                        request: tuple[tuple[str, Any], ...]) -> bytes:
    kit = build_from_upload(name, data, title, request)
    with slot("impression"):
        return png_zip(kit)


def png_zip(kit: Kit) -> bytes:
    """Every page as PNG (150 dpi, about 0.2 s a page), MAX_PNG_PAGES pages at most."""
    pages = sum(f.pages for f in kit.files)
    if pages > MAX_PNG_PAGES:
        raise UsageError(f"pages en PNG : {pages} pages, {MAX_PNG_PAGES} au plus ici ; la "
                         "commande companion print deck --png les fait toutes")
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
        upload = uploading.file_uploader(f"Votre fichier de cartes ({UPLOAD_MB} Mo et "
                                         f"{MAX_ROWS} cartes au plus)", max_bytes=MAX_FILE_BYTES,
                                         type=["csv", "xlsx", "yaml", "yml"], key="deck_file")
        title = st.text_input("Titre du paquet (facultatif)", "", key="deck_title",
                              max_chars=120)
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
        _png_pages(d3, upload.name, upload.getvalue(), title.strip(), built.pages)


def _png_pages(column: Any, name: str, data: bytes, title: str, pages: int) -> None:
    """The pages as PNG, made when asked (a few seconds) and for a short deck only."""
    if pages > MAX_PNG_PAGES:
        column.caption(f"Pages en PNG : {MAX_PNG_PAGES} pages au plus ici (celui-ci en a "
                       f"{pages}) ; la commande companion print deck --png les fait toutes.")
        return
    identity = (name, len(data), title, _options())
    if column.button("Pages en PNG (zip)", key="deck_png_go"):
        st.session_state["deck_png_for"] = identity
    if st.session_state.get("deck_png_for") != identity:
        return
    try:
        archive = png_zip_from_upload(name, data, title, _options())
    except CompanionError as exc:
        column.error(plain(str(exc)))
        return
    column.download_button("Télécharger les PNG (zip)", archive, "pages-png.zip",
                           "application/zip", key="deck_dl_png")
