"""The print kit's geometry as pure functions: grids, duplex mirroring, gutterfold, calibration
and crop marks (print_kit/layout/geometry.py; decisions in docs/print-kit.md)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from print_kit.layout.geometry import (
    CARD_SIZES,
    EDGE,
    PAPERS,
    Calibration,
    DoesNotFit,
    Rect,
    back_rect,
    bleed_box,
    crop_marks,
    fit_grid,
    fit_gutterfold,
    mirror_about,
)

papers = st.sampled_from(sorted(PAPERS))
sizes = st.sampled_from(sorted(CARD_SIZES))
bleeds = st.sampled_from([0.0, 1.5, 3.0, 3.175, 6.0])


def _t(rect: Rect) -> tuple[float, ...]:
    return (rect.x, rect.y, rect.w, rect.h)


def _inside_page(rect: Rect, pw: float, ph: float, margin: float) -> bool:
    return (rect.x >= margin - 1e-6 and rect.right <= pw - margin + 1e-6
            and rect.y >= margin - 1e-6 and rect.top <= ph - margin + 1e-6)


@pytest.mark.parametrize(("paper", "size", "bleed", "cols", "rows"), [
    ("a4", "poker", 3.0, 3, 3),  # the guide: A4 holds 3 × 3 poker cards, here with full bleed
    ("letter", "poker", 0.0, 3, 3),
    ("letter", "poker", 3.0, 3, 3),  # shared cut lines: Letter holds 9 too (outer bleed 2.7)
    ("a4", "tarot", 3.0, 2, 2),
    ("a4", "mini", 3.0, 4, 4),
    ("a4", "bridge", 3.0, 3, 3),
])
def test_grid_counts(paper: str, size: str, bleed: float, cols: int, rows: int) -> None:
    grid = fit_grid(PAPERS[paper], CARD_SIZES[size], bleed)
    assert (grid.cols, grid.rows) == (cols, rows)
    assert grid.per_page == cols * rows


@given(papers, sizes, bleeds)
def test_grid_cards_exact_size_in_margins_and_apart(paper: str, size: str, bleed: float) -> None:
    pw, ph = PAPERS[paper]
    cw, ch = CARD_SIZES[size]
    grid = fit_grid((pw, ph), (cw, ch), bleed)
    assert bleed * 2 / 3 - 1e-9 <= grid.bleed_y <= bleed and grid.bleed_x <= bleed
    for rect in grid.slots:
        assert (rect.w, rect.h) == (cw, ch)
        # the card and its outer bleed stay 5 mm from the edge, clear of the ruler's band
        drawn = bleed_box(rect, grid.slots, grid.bleed_x, grid.bleed_y)
        assert _inside_page(drawn, pw, ph, EDGE)
        if grid.ruler is not None:
            assert not drawn.overlaps(grid.ruler.box())
    # Cards share their cut lines, never overlap; a shared side gets no bleed.
    for i, a in enumerate(grid.slots):
        for b in grid.slots[i + 1:]:
            assert not a.overlaps(b)
    if grid.cols > 1:
        first = bleed_box(grid.slots[0], grid.slots, grid.bleed_x, grid.bleed_y)
        assert first.right == pytest.approx(grid.slots[0].right)


@given(papers, sizes, bleeds, st.sampled_from(["long", "short"]))
def test_back_rect_is_an_involution_and_stays_on_the_page(paper: str, size: str, bleed: float,
                                                          flip: str) -> None:
    pw, ph = PAPERS[paper]
    grid = fit_grid((pw, ph), CARD_SIZES[size], bleed)
    backs = [back_rect(r, pw, ph, flip) for r in grid.slots]
    for front, back in zip(grid.slots, backs, strict=True):
        assert _t(back_rect(back, pw, ph, flip)) == pytest.approx(_t(front))
        assert 0 <= back.x and back.right <= pw and 0 <= back.y and back.top <= ph
    if flip == "long" and (grid.ruler is None or not grid.ruler.vertical):
        # columns mirror within the same rows: a centred grid's backs fill the front slots
        assert sorted((round(b.x, 6), round(b.y, 6)) for b in backs) == sorted(
            (round(s.x, 6), round(s.y, 6)) for s in grid.slots)


def test_long_flip_mirrors_columns_and_short_flip_rows() -> None:
    pw, ph = PAPERS["a4"]
    grid = fit_grid((pw, ph), CARD_SIZES["poker"], 3.0)
    first, last_of_row = grid.slots[0], grid.slots[grid.cols - 1]
    long = back_rect(first, pw, ph, "long")
    assert long.x == pytest.approx(last_of_row.x) and long.y == pytest.approx(first.y)
    short = back_rect(first, pw, ph, "short")
    assert short.x == pytest.approx(first.x)
    assert short.y + short.h / 2 == pytest.approx(ph - (first.y + first.h / 2))
    with pytest.raises(ValueError):
        back_rect(first, pw, ph, "diagonal")


@given(papers, sizes, bleeds)
def test_gutterfold_backs_mirror_fronts_about_the_fold(paper: str, size: str,
                                                       bleed: float) -> None:
    pw, ph = PAPERS[paper]
    grid = fit_gutterfold((pw, ph), CARD_SIZES[size], bleed)
    assert grid.fold_x == pytest.approx(pw / 2)
    assert len(grid.backs) == len(grid.slots)
    for front, back in zip(grid.slots, grid.backs, strict=True):
        assert front.right < grid.fold_x < back.x  # the fold cuts no card
        assert _t(mirror_about(back, grid.fold_x)) == pytest.approx(_t(front))
        drawn = bleed_box(back, grid.all_cards(), grid.bleed_x, grid.bleed_y, grid.fold_x)
        assert _inside_page(drawn, pw, ph, EDGE)
        assert drawn.x >= grid.fold_x - 1e-9  # its bleed stops at the fold


def test_too_big_a_card_does_not_fit() -> None:
    with pytest.raises(DoesNotFit):
        fit_grid(PAPERS["a4"], (250.0, 100.0), 3.0)
    with pytest.raises(DoesNotFit):
        fit_gutterfold(PAPERS["a4"], (120.0, 150.0), 3.0)


@given(st.floats(-20, 20), st.floats(-20, 20), st.floats(0.9, 1.1))
def test_calibration_shifts_then_scales_about_the_centre(dx: float, dy: float,
                                                          scale: float) -> None:
    pw, ph = PAPERS["a4"]
    cal = Calibration(dx, dy, scale)
    centre = Rect(pw / 2, ph / 2, 0, 0)
    moved = cal.apply(centre, pw, ph)
    assert (moved.x, moved.y) == pytest.approx((pw / 2 + dx, ph / 2 + dy))
    card = Rect(10, 20, 63, 88)
    out = cal.apply(card, pw, ph)
    assert (out.w, out.h) == pytest.approx((63 * scale, 88 * scale))
    assert Calibration().apply(card, pw, ph) == card
    assert Calibration().is_identity and not Calibration(0.5, 0, 1).is_identity


@given(papers, sizes, bleeds)
def test_crop_marks_lie_outside_every_card_and_on_its_cut_lines(paper: str, size: str,
                                                                bleed: float) -> None:
    pw, ph = PAPERS[paper]
    grid = fit_grid((pw, ph), CARD_SIZES[size], bleed)
    marks = crop_marks(grid.slots, pw, ph, grid.limits)
    xs = {round(v, 4) for r in grid.slots for v in (r.x, r.right)}
    ys = {round(v, 4) for r in grid.slots for v in (r.y, r.top)}
    assert marks
    for m in marks:
        seg = Rect(min(m.x1, m.x2), min(m.y1, m.y2), abs(m.x2 - m.x1), abs(m.y2 - m.y1))
        for card in grid.slots:
            assert not seg.grow(0.01).overlaps(card), (m, card)
        assert _inside_page(seg, pw, ph, EDGE)
        if grid.ruler is not None:
            assert not seg.overlaps(grid.ruler.box())
        if m.x1 == m.x2:
            assert round(m.x1, 4) in xs
        else:
            assert round(m.y1, 4) in ys
    # Every cut line has its marks.
    assert {round(m.x1, 4) for m in marks if m.x1 == m.x2} == xs
    assert {round(m.y1, 4) for m in marks if m.y1 == m.y2} == ys
