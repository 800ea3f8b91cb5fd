"""Printable margins: printers cannot print the outer few millimetres of a sheet, so nothing the
user needs (crop marks, the ruler, labels, QR codes, cards' bleed) lies within 5 mm of the
paper's edge, on every page of every PDF (rendered and read back), on A4 and US Letter, in
every layout."""

from __future__ import annotations

import pypdfium2 as pdfium
import pytest

from print_kit.build import build_kit
from print_kit.layout.geometry import EDGE
from print_kit.options import make_options

DPI = 40


def _inked_edge_pages(pdf: bytes) -> list[tuple[int, str]]:
    """(page, side) of every page with ink in its 5 mm edge band (a hair inside it, for the
    anti-aliasing of a line drawn exactly on the limit)."""
    out = []
    doc = pdfium.PdfDocument(pdf)
    try:
        for index in range(len(doc)):
            image = doc[index].render(scale=DPI / 72, grayscale=True).to_pil().convert("L")
            band = int((EDGE - 0.4) / 25.4 * DPI)
            w, h = image.size
            for side, box in (("gauche", (0, 0, band, h)), ("droite", (w - band, 0, w, h)),
                              ("haut", (0, 0, w, band)), ("bas", (0, h - band, w, h))):
                if image.crop(box).getextrema()[0] < 235:
                    out.append((index + 1, side))
    finally:
        doc.close()
    return out


@pytest.mark.parametrize(("paper", "layout", "low_ink"), [
    ("a4", "duplex", False), ("letter", "duplex", False), ("a4", "gutterfold", False),
    ("letter", "gutterfold", True), ("letter", "fronts", False)])
def test_no_ink_within_5_mm_of_any_page_edge(paper: str, layout: str, low_ink: bool) -> None:
    kit = build_kit(make_options("all", paper=paper, layout=layout, low_ink=low_ink))
    bad = {f.name: pages for f in kit.files if (pages := _inked_edge_pages(f.data))}
    assert not bad


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_nine_poker_cards_a_sheet_and_four_in_gutterfold(paper: str) -> None:
    from print_kit.layout.geometry import CARD_SIZES, PAPERS
    from print_kit.options import card_grid

    grid = card_grid("duplex", PAPERS[paper], CARD_SIZES["poker"], 3.0)
    assert grid.per_page == 9 and grid.ruler is not None
    fold = card_grid("gutterfold", PAPERS[paper], CARD_SIZES["poker"], 3.0)
    assert fold.per_page == 4 and len(fold.backs) == 4  # 8 faces: 4 fronts, their 4 backs
