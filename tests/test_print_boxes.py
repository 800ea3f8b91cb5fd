"""Every page of cards declares its TrimBox and BleedBox (issue 29), which print shops'
preflight reads: read back with pypdf and compared with where the cards really are, found by
replaying the page's content stream (test_print_pdf.card_rects)."""

from __future__ import annotations

import io

import pypdf
import pytest
from test_print_pdf import card_rects

from print_kit.build import build_file, build_kit, plans, print_files
from print_kit.layout.geometry import MM
from print_kit.options import make_options


def _box(page: pypdf.PageObject, name: str) -> tuple[float, float, float, float] | None:
    """A page box in mm (x0, y0, x1, y1), or None when the page does not set it."""
    if name not in page:
        return None
    x0, y0, x1, y1 = (float(v) / MM for v in page[name])
    return x0, y0, x1, y1


def _bbox(rects: list[tuple[float, float, float, float]]) -> tuple[float, float, float, float]:
    return (min(x for x, _, _, _ in rects), min(y for _, y, _, _ in rects),
            max(x + w for x, _, w, _ in rects), max(y + h for _, y, _, h in rects))


def _inside(inner: tuple[float, ...], outer: tuple[float, ...]) -> bool:
    eps = 0.01
    return (inner[0] >= outer[0] - eps and inner[1] >= outer[1] - eps
            and inner[2] <= outer[2] + eps and inner[3] <= outer[3] + eps)


def test_every_card_page_of_the_kit_sets_its_trim_and_bleed_boxes() -> None:
    options = make_options("all")
    kit = build_kit(options)
    checked = 0
    for built in kit.files:
        reader = pypdf.PdfReader(io.BytesIO(built.data))
        pf = next((p for g in options.games for p in print_files(g, options)
                   if f"{p.stem}.pdf" == built.name), None)
        page_plans = plans(pf, options) if pf is not None else []
        for index, page in enumerate(reader.pages):
            media = _box(page, "/MediaBox")
            trim, bleed = _box(page, "/TrimBox"), _box(page, "/BleedBox")
            has_cards = bool(page_plans) and bool(page_plans[index].placements)
            if not has_cards:
                assert trim is None and bleed is None, (built.name, index)
                continue
            assert trim is not None and bleed is not None, (built.name, index)
            assert media is not None and _inside(trim, bleed) and _inside(bleed, media)
            assert trim[2] - trim[0] > 20 and trim[3] - trim[1] > 20
            checked += 1
    assert checked > 100


def test_the_trim_box_is_where_the_cards_are_and_the_bleed_box_adds_the_bleed() -> None:
    options = make_options("camelot")
    built = build_file(print_files("camelot", options)[0], options)
    reader = pypdf.PdfReader(io.BytesIO(built.data))
    for page in reader.pages:
        cards = card_rects(page, 63, 88, 3.0)
        trim, bleed = _box(page, "/TrimBox"), _box(page, "/BleedBox")
        assert trim == pytest.approx(_bbox(cards), abs=0.01)
        assert bleed is not None and trim is not None
        assert bleed == pytest.approx((trim[0] - 3, trim[1] - 3, trim[2] + 3, trim[3] + 3),
                                      abs=0.01)


def test_a_calibrated_back_page_declares_where_its_cards_are_printed() -> None:
    options = make_options("camelot", calibration="1.5,-2,0.99")
    built = build_file(print_files("camelot", options)[0], options)
    back = pypdf.PdfReader(io.BytesIO(built.data)).pages[1]
    assert _box(back, "/TrimBox") == pytest.approx(_bbox(card_rects(back, 63, 88, 3)), abs=0.01)


def test_gutterfold_and_turned_cards_are_inside_the_trim_box() -> None:
    options = make_options("elsen", layout="gutterfold", players=5)
    built = build_file(print_files("elsen", options)[0], options)
    page = pypdf.PdfReader(io.BytesIO(built.data)).pages[0]
    trim = _box(page, "/TrimBox")
    assert trim == pytest.approx(_bbox(card_rects(page, 63, 88, 3.0)), abs=0.01)
