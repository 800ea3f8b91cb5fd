"""The app's print page (tableapp/pages/printing.py) wired to the print kit, with AppTest."""

from __future__ import annotations

import io
import zipfile

from streamlit.testing.v1 import AppTest

from tableapp.pages import printing


def _page() -> None:
    from tableapp.pages.printing import render

    render()


def _app() -> AppTest:
    return AppTest.from_function(_page, default_timeout=120)


def _declared() -> None:
    import importlib

    import streamlit as st

    # pages() builds its st.Page objects inside the script run that calls it
    module = importlib.import_module("tableapp.pages.printing")
    st.text(f"{module.SECTION}|{','.join(p.url_path for p in module.pages())}")


def test_page_declares_its_section_and_url() -> None:
    at = AppTest.from_function(_declared).run()
    assert at.text[0].value == "Impression|impression"


def test_options_then_preview_and_downloads() -> None:
    at = _app().run()
    assert not at.exception
    at.selectbox(key="print_game").set_value("camelot")
    at.run()
    at.button(key="print_go").click().run()
    assert not at.exception and not at.error
    assert "5 fichiers PDF" in at.success[0].value
    # the preview of page 1, an image with its text alternative
    previews = [e.proto.body for e in at.get("html") if "<img" in e.proto.body]
    assert len(previews) == 1 and 'alt="Aperçu de camelot-cartes.pdf, page 1"' in previews[0]
    labels = [b.label for b in at.get("download_button")]
    assert "Tout télécharger (zip)" in labels and "manifest.json" in labels
    assert any(label.startswith("camelot-cartes.pdf") for label in labels)
    at.number_input(key="print_preview_page").set_value(3).run()
    previews = [e.proto.body for e in at.get("html") if "<img" in e.proto.body]
    assert not at.exception and len(previews) == 1 and ", page 3\"" in previews[0]


def test_bad_calibration_shows_an_error_and_builds_nothing() -> None:
    at = _app().run()
    at.selectbox(key="print_game").set_value("emblemes")
    at.text_input(key="print_calibration").set_value("n'importe quoi")
    at.run()
    at.button(key="print_go").click().run()
    assert at.error and "calibrage" in at.error[0].value
    assert not [b for b in at.get("download_button") if b.key.startswith("print_")]


def test_zip_holds_every_file_and_the_manifest() -> None:
    kit = printing.cached_kit((("game", "labystere"), ("layout", "fronts")))
    data = printing.kit_zip(kit)
    names = zipfile.ZipFile(io.BytesIO(data)).namelist()
    assert names == [f.name for f in kit.files] + ["manifest.json"]
    assert printing.kit_zip(kit) == data  # reproducible


def test_changed_options_say_the_shown_kit_is_the_previous_one() -> None:
    """Ticking « Économie d'encre » after preparing kept showing the old kit without a word."""
    at = _app().run()
    at.selectbox(key="print_game").set_value("camelot").run()
    at.button(key="print_go").click().run()
    assert not at.info
    at.checkbox(key="print_low_ink").check().run()
    assert at.info and "Préparer le kit" in at.info[0].value
    at.button(key="print_go").click().run()
    assert not at.info


def test_a_bad_address_is_shown_as_typed_not_as_markdown() -> None:
    at = _app().run()
    at.selectbox(key="print_game").set_value("camelot").run()
    at.text_input(key="print_url").set_value("[ici](javascript:alert(1))").run()
    at.button(key="print_go").click().run()
    assert at.error and "\\[ici\\]\\(javascript" in at.error[0].value


def test_a_replacement_sheet_at_a_custom_size_and_its_card_images() -> None:
    at = _app().run()
    at.selectbox(key="print_game").set_value("camelot")
    at.text_input(key="print_custom_size").set_value("60x90")
    at.text_input(key="print_only").set_value("dame-6 vert-1=2")
    at.run()
    at.button(key="print_go").click().run()
    assert not at.exception and not at.error
    rows = at.dataframe[0].value
    assert list(rows["cartes et jetons"]) == [3]
    at.button(key="print_images_go").click().run()
    assert not at.exception and not at.error
    [button] = [b for b in at.get("download_button") if b.label.startswith("cartes-png")]
    assert button.label.startswith("cartes-png-300dpi.zip")


def test_an_unknown_card_id_is_one_french_error() -> None:
    at = _app().run()
    at.selectbox(key="print_game").set_value("camelot")
    at.text_input(key="print_only").set_value("carte-perdue")
    at.run()
    at.button(key="print_go").click().run()
    assert at.error and "identifiant inconnu" in at.error[0].value
