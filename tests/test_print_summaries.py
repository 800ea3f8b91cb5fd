"""The fiches mémoire say what the rules say, every value read from the data: Noé's jokers and
méchants, Camelot's deal and Dame rule, Labystère's moves (never « en ligne droite »), ELSEN's
vote threshold; French typography everywhere (« Enquête bleue », typographic apostrophes); the
calibration sheet's labels do not overlap."""

from __future__ import annotations

import io
import shutil
import subprocess
from pathlib import Path

import pypdf
import pytest
from reportlab.pdfbase.pdfmetrics import stringWidth

from companion.core.loader import load_game
from print_kit.build import Kit, build_kit
from print_kit.draw.fonts import REGULAR, register
from print_kit.options import make_options


@pytest.fixture(scope="module")
def kit() -> Kit:
    return build_kit(make_options("all"))


def _text(kit: Kit, name: str) -> str:
    reader = pypdf.PdfReader(io.BytesIO(kit.file(name).data))
    text = " ".join(page.extract_text() for page in reader.pages)
    return " ".join(text.replace("\u202f", " ").replace("’", "'").split())


def test_noe_fiche_names_the_jokers_and_the_fourteen_mechants(kit: Kit) -> None:
    data = load_game("noe")
    text = _text(kit, "noe-fiche-memoire.pdf")
    mechants = sum(c.copies for c in data.components(level=3) if c.group == "mechants")
    assert mechants == 14 and f"{mechants} méchants" in text
    assert f"{len(data.jokers)} jokers" in text
    for joker in data.jokers:
        if joker.replaces_noe:
            assert f"{joker.name} remplace aussi Noé" in text
    for m in data.mechants:
        assert f"{m.name} ×{len(m.names)}" in text


def test_camelot_fiche_has_the_deal_and_the_dame_rule(kit: Kit) -> None:
    data = load_game("camelot")
    text = _text(kit, "camelot-fiche-memoire.pdf")
    assert f"Distribuez {data.hand_size} cartes" in text
    dame = next(s for s in data.supporters if s.name == "Dame")
    assert f"Dame ({dame.value})" in text and "une seule à la fois" in text
    assert "défausse un de ses jetons" in text


def test_labystere_fiche_moves_as_the_rules_say(kit: Kit) -> None:
    text = _text(kit, "labystere-fiche-memoire.pdf")
    assert "ligne droite" not in text
    assert "horizontalement ou verticalement" in text and "chemins qui se suivent" in text


def test_elsen_vote_threshold_is_read_from_the_data() -> None:
    from print_kit.games import elsen

    data = load_game("elsen")
    options = make_options("elsen")
    lines = [line for _, block in elsen.sheet(data, options).blocks for line in block]
    assert any("plus de la moitié des joueurs à bord" in line for line in lines)
    setting = data.settings["vote_threshold"].model_copy(update={"value": "at_least_half"})
    other = data.model_copy(update={"settings": {**data.settings, "vote_threshold": setting}})
    lines = [line for _, block in elsen.sheet(other, options).blocks for line in block]
    assert any("au moins la moitié des joueurs à bord" in line for line in lines)


def test_enquete_colours_agree_in_french(kit: Kit) -> None:
    titles = {f.title for f in kit.files}
    assert "Labystère — cartes Enquête bleue" in titles
    assert "Labystère — cartes Enquête verte" in titles
    assert "Enquête bleue" in _text(kit, "labystere-enquete-bleu.pdf")


@pytest.mark.skipif(shutil.which("pdftotext") is None,
                    reason="poppler-utils (pdftotext) absent")
def test_no_straight_apostrophe_in_any_pdf(kit: Kit, tmp_path: Path) -> None:
    """Every page's text as a PDF reader extracts it (poppler's pdftotext: pypdf took a minute
    and a half over the whole kit), and every file's title, subject and creator."""
    for f in kit.files:
        path = tmp_path / "fichier.pdf"
        path.write_bytes(f.data)
        pages = subprocess.run(["pdftotext", "-enc", "UTF-8", str(path), "-"], check=True,
                               capture_output=True, text=True).stdout.split("\f")
        for number, text in enumerate(pages, start=1):
            assert "'" not in text, (f.name, number)
        reader = pypdf.PdfReader(io.BytesIO(f.data))
        assert len(pages) >= len(reader.pages)  # one form feed after each page
        for key in ("/Title", "/Subject", "/Creator"):
            assert "'" not in str(reader.metadata.get(key, "")), (f.name, key)


def test_calibration_labels_do_not_overlap(kit: Kit) -> None:
    register()
    reader = pypdf.PdfReader(io.BytesIO(kit.file("calibrage-recto-verso.pdf").data))
    boxes: list[tuple[str, float, float, float, float]] = []

    def visit(text: str, cm: list[float], tm: list[float], font: object, size: float) -> None:
        text = text.strip()
        if not text:
            return
        x = tm[4] * cm[0] + tm[5] * cm[2] + cm[4]
        y = tm[4] * cm[1] + tm[5] * cm[3] + cm[5]
        w = stringWidth(text, REGULAR, size)
        boxes.append((text, x, y, w, size * 0.72))

    reader.pages[1].extract_text(visitor_text=visit)
    labels = [b for b in boxes if b[0].lstrip("+-").isdigit()]
    assert len(labels) >= 20
    for i, (ta, xa, ya, wa, ha) in enumerate(labels):
        for tb, xb, yb, wb, hb in labels[i + 1:]:
            apart = xa + wa <= xb or xb + wb <= xa or ya + ha <= yb or yb + hb <= ya
            assert apart, (ta, tb)
