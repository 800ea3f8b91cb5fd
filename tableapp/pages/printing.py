"""The print page: the print kit's options, a preview of any page, and the downloads (each PDF,
the manifest, or everything as one zip). All the work is print_kit's; this page only wires it."""

from __future__ import annotations

import io
import zipfile
from typing import Any

import streamlit as st

from companion.core.errors import CompanionError
from companion.core.registry import GAMES
from companion.core.text import number
from print_kit.build import Kit, build_kit
from print_kit.exports.export import zip_entry
from print_kit.exports.render import render_png
from print_kit.layout.geometry import CARD_SIZES, PAPERS
from print_kit.options import FLIPS, LAYOUTS, MAX_ONLY_CARDS, make_options
from tableapp.look import a11y
from tableapp.look.navigation import page_hook
from tableapp.look.usertext import plain
from tableapp.pages import owndeck
from tableapp.process.workload import slot
from tableapp.table import sharing

SECTION = "Impression"

LAYOUT_LABELS = {"duplex": "recto verso", "gutterfold": "pliage (imprimante simple face)",
                 "fronts": "recto seul"}
FLIP_LABELS = {"long": "bord long", "short": "bord court"}
PREVIEW_DPI = 60
# card images asked from the page, in millions of pixels drawn (about 6 a second): one game
# at 300 dpi or for a print service (ELSEN 37, Camelot 64, Labystère 113, Emblèmes 153,
# Noé 168), not the five games (537) nor most at 600 dpi; the CLI's --card-png has no limit
MAX_IMAGE_PIXELS = 200_000_000


@st.cache_data(show_spinner=False, max_entries=8)
def cached_kit(request: tuple[tuple[str, Any], ...]) -> Kit:
    # at most PRINT_JOBS at once on the server (tableapp/process/workload.py)
    with slot("impression"):
        return build_kit(make_options(**dict(request)))


@st.cache_data(show_spinner=False, max_entries=64)
def cached_preview(pdf: bytes, page: int) -> bytes:
    return render_png(pdf, page, PREVIEW_DPI)


def kit_zip(kit: Kit) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as zf:
        for f in kit.files:
            zf.writestr(zip_entry(f.name), f.data)
        zf.writestr(zip_entry("manifest.json"), kit.manifest_bytes())
    return out.getvalue()


def _options_form() -> dict[str, Any] | None:
    games = ["all", *GAMES]
    game = st.selectbox("Jeu", games, format_func=lambda g: "Les cinq jeux" if g == "all"
                        else GAMES[g].title, key="print_game")
    c1, c2, c3 = st.columns(3)
    paper = c1.selectbox("Papier", list(PAPERS), format_func=str.upper, key="print_paper")
    size = c2.selectbox("Taille des cartes", list(CARD_SIZES),
                        format_func=lambda s: f"{s} ({number(CARD_SIZES[s][0])} × "
                        f"{number(CARD_SIZES[s][1])} mm)", key="print_size")
    # "%g": « 3 », not Streamlit's default « 3.00 » (a number field shows a decimal point,
    # never a French comma: only a half millimetre keeps one)
    bleed = c3.number_input("Fond perdu (mm)", 0.0, 6.0, 3.0, 0.5, format="%g",
                            key="print_bleed")
    c4, c5, c6 = st.columns(3)
    layout = c4.selectbox("Mise en page", list(LAYOUTS), format_func=LAYOUT_LABELS.get,
                          key="print_layout")
    flip = c5.selectbox("Retournement", list(FLIPS), format_func=FLIP_LABELS.get,
                        key="print_flip", disabled=layout != "duplex")
    low_ink = c6.checkbox("Économie d'encre", key="print_low_ink")
    extra: dict[str, Any] = {}
    for shown in (list(GAMES) if game == "all" else [game]):  # each game page's own choices
        controls = page_hook(shown, "print_controls")
        if controls is not None:
            extra.update(controls())
    with st.expander("Réglages avancés"):
        url = st.text_input("Adresse de l'assistant (QR codes)", sharing.public_base_url(),
                            key="print_url")
        calibration = st.text_input("Calibrage du verso : DX,DY,ÉCHELLE", "0,0,1",
                                    key="print_calibration")
        custom = st.text_input("Taille à vous (LxH en mm, par exemple 60x90)", "",
                               key="print_custom_size").strip()
        only = st.text_input("Seulement ces cartes (identifiants séparés par des espaces, "
                             f"ID=N pour N exemplaires ; {MAX_ONLY_CARDS} cartes au plus)", "",
                             key="print_only", max_chars=4000).split()
    request = dict(game=game, paper=paper, card_size=custom or size, bleed=float(bleed),
                   layout=layout, flip=flip, low_ink=bool(low_ink), url=url,
                   calibration=calibration, only=tuple(only) or None, **extra)
    if not st.button("Préparer le kit", type="primary", key="print_go"):
        prepared = st.session_state.get("print_request")
        if prepared is not None and prepared != request:
            st.info("Les options ont changé : touchez « Préparer le kit » pour refaire le kit. "
                    "L'aperçu et les fichiers ci-dessous sont ceux du kit précédent.")
        return prepared
    st.session_state["print_request"] = request
    return request


def render() -> None:
    st.title("Kit d'impression")
    st.caption("Cartes, jetons, plateaux et fiches mémoire des cinq jeux, prêts à imprimer, "
               "découper et jouer. Imprimez à 100 % : la règle de 10 cm de chaque feuille "
               "doit mesurer exactement 10 cm.")
    owndeck.render()  # an author's own deck, printed with the options chosen below
    request = _options_form()
    if request is None:
        return
    try:
        kit = cached_kit(tuple(sorted(request.items())))
    except CompanionError as exc:
        st.error(plain(str(exc)))  # may repeat what was typed (address, calibration)
        return
    pages = sum(f.pages for f in kit.files)
    size = sum(len(f.data) for f in kit.files)
    st.success(f"{len(kit.files)} fichiers PDF, {pages} pages, {number(size / 1e6, 2)} Mo.")
    st.dataframe([{"fichier": f.name, "pages": f.pages, "cartes et jetons": f.cards,
                   "Ko": round(len(f.data) / 1000)} for f in kit.files],
                 hide_index=True, width="stretch")

    st.subheader("Aperçu")
    names = [f.name for f in kit.files]
    name = st.selectbox("Fichier", names, key="print_preview_file")
    chosen = kit.file(name)
    page = 1
    if chosen.pages > 1:
        page = int(st.number_input(f"Page (1 à {chosen.pages})", 1, chosen.pages, 1,
                                   key="print_preview_page"))
    a11y.picture(cached_preview(chosen.data, page - 1), f"Aperçu de {name}, page {page}",
                 caption=f"{name} — page {page}")

    st.subheader("Téléchargements")
    st.download_button("Tout télécharger (zip)", kit_zip(kit), "kit-compagnon-de-table.zip",
                       "application/zip", key="print_dl_zip", type="primary")
    st.download_button("manifest.json", kit.manifest_bytes(), "manifest.json",
                       "application/json", key="print_dl_manifest")
    cols = st.columns(2)
    for i, f in enumerate(kit.files):
        cols[i % 2].download_button(f"{f.name} ({f.pages} p.)", f.data, f.name,
                                    "application/pdf", key=f"print_dl_{f.name}")
    _images(request)


IMAGE_CHOICES = {"png-300": "une image PNG par carte, 300 ppp",
                 "png-600": "une image PNG par carte, 600 ppp",
                 "mpc": "pour MakePlayingCards", "tgc": "pour The Game Crafter",
                 "dtc": "pour DriveThruCards (un PDF par paquet)"}


@st.cache_data(show_spinner="Images des cartes…", max_entries=4)
def cached_images(request: tuple[tuple[str, Any], ...], choice: str) -> tuple[str, bytes]:
    from print_kit.build import kit_files
    from print_kit.exports.export import export_zips

    options = make_options(**dict(request))
    dpi = int(choice.split("-")[1]) if choice.startswith("png") else None
    service = None if dpi else choice
    with slot("impression"):
        [(name, data)] = export_zips(kit_files(options), options.card_mm, options.bleed,
                                     options.low_ink, dpi, service,
                                     max_pixels=MAX_IMAGE_PIXELS).items()
    return name, data


def _images(request: dict[str, Any]) -> None:
    """Card images for a print service: each card's sides as PNG with their bleed, in a zip."""
    st.subheader("Images des cartes")
    choice = st.selectbox("Images", list(IMAGE_CHOICES), format_func=IMAGE_CHOICES.get,
                          key="print_images_choice")
    if not st.button("Préparer les images", key="print_images_go"):
        return
    try:
        name, data = cached_images(tuple(sorted(request.items())), choice)
    except CompanionError as exc:
        st.error(plain(str(exc)))
        return
    st.download_button(f"{name} ({number(len(data) / 1e6, 1)} Mo)", data, name,
                       "application/zip", key="print_dl_images")


def pages() -> list[st.Page]:
    """This module's pages, built for the current script run (see tableapp/look/navigation.py)."""
    return [st.Page(render, title="Impression", icon=":material/print:", url_path="impression")]
