"""Where things land on a card face, read back from the PDF's text positions: the large index
and its 6/9 underline stay clear of the title, and no text runs under the upside-down index
(docs/print-kit.md PRINT-9)."""

from __future__ import annotations

import io

import pypdf
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from reportlab.pdfgen.canvas import Canvas

from companion.core.loader import load_game
from print_kit.draw.faces import Face, draw_face
from print_kit.draw.fonts import REGULAR, register
from print_kit.draw.textfit import STEP, PreflightError, fit_block, wrap
from print_kit.games.emblemes import Timing
from print_kit.games.labystere import Roads
from print_kit.layout.geometry import MM

# the longest effect of the data: the worst case for the room left by the indices
LONG = max((str(c.fields["effect"]) for c in load_game("emblemes").components()
            if "effect" in c.fields), key=len)


class NoSymbols:
    def symbol(self, c: Canvas, symbol: str, rgb: object, x: float, y: float,
               size: float) -> None:
        c.rect(x, y, size, size, stroke=0, fill=1)

    def art(self, c: Canvas, art: str, x: float, y: float, size: float) -> None:
        c.rect(x, y, size, size, stroke=0, fill=1)


def placed(face: Face, w_mm: float, h_mm: float) -> list[tuple[str, float, float, float, bool]]:
    """(text, x, y, font size, upside down) of every string drawn on the face."""
    register()
    buf = io.BytesIO()
    w, h = w_mm * MM, h_mm * MM
    c = Canvas(buf, pagesize=(w, h), invariant=True)
    draw_face(c, face, w, h, 0.0, False, NoSymbols(), "test")
    c.showPage()
    c.save()
    out = []

    def visit(text: str, cm: list[float], tm: list[float], font: object, size: float) -> None:
        if not text.strip():
            return
        a, b, cc, d, e, f = tm
        A, B, C, D, E, F = cm
        x, y = e * A + f * C + E, e * B + f * D + F
        scale = (a * A + b * C)  # horizontal scale of the text in page space (negative: flipped)
        out.append((text.strip(), x, y, size * abs(scale), scale < 0))

    pypdf.PdfReader(buf).pages[0].extract_text(visitor_text=visit)
    return out


@pytest.mark.parametrize(("w", "h"), [(63, 88), (56, 88), (44, 63), (70, 120)])
@pytest.mark.parametrize("corner", ["9", "6", "15"])
def test_index_clears_the_title_and_texts_clear_the_upside_down_index(corner: str, w: float,
                                                                      h: float) -> None:
    face = Face("t", "La Courtisane", "rouge", corner=corner, subtitle="Famille Lion",
                symbol="lion", text=LONG, parts=(Timing("immediate"),),
                footer="Emblèmes")
    items = placed(face, w, h)
    [(_, _, y_index, s_index, _)] = [i for i in items if i[0] == corner and not i[4]]
    [(_, _, y_title, s_title, _)] = [i for i in items if i[0] == "La Courtisane"]
    underline = 0.19 * s_index if corner in ("6", "9") else 0.0
    assert y_index - underline > y_title + 0.75 * s_title, "index or underline on the title"
    [(_, _, y_flipped, _, _)] = [i for i in items if i[0] == corner and i[4]]
    effect = [i for i in items if not i[4] and i[0].replace("\u202f", " ") not in (
        corner, "La Courtisane", "Famille Lion", "immédiat", "Emblèmes",
        "famille : défaut maison")]
    assert effect
    lowest = min(y - 0.25 * size for _, _, y, size, _ in effect)
    assert lowest > y_flipped, "effect text runs beside the upside-down index"


def test_path_cards_put_the_subtitle_on_a_label_too() -> None:
    """On Labystère's path cards « Chemin droit » was drawn in green straight over the brown
    road, hard to read; it now sits on a white label like the title."""
    register()
    labels: list[tuple[float, float]] = []

    class Spy(Canvas):
        def roundRect(self, x: float, y: float, width: float, height: float,  # noqa: N802
                      radius: float, stroke: int = 1, fill: int = 0) -> None:
            if tuple(getattr(self._fillColorObj, "rgb", lambda: self._fillColorObj)()) == (1, 1, 1):
                labels.append((y, height))
            super().roundRect(x, y, width, height, radius, stroke, fill)

    w, h = 63 * MM, 88 * MM
    face = Face("c", "Chemin", "vert", subtitle="Chemin droit", parts=(Roads("droit"),),
                footer="Labystère")
    draw_face(Spy(io.BytesIO(), pagesize=(w, h)), face, w, h, 0.0, False, NoSymbols(), "t")
    small = [lab for lab in labels if lab[1] < 10 * MM]  # not the white panel of the card
    assert len(small) == 2, labels


def test_die_net_has_one_tab_per_closing_edge_and_dashed_folds() -> None:
    """The net had two tabs on two edges and none on the edge joining 1 and 5, and every line
    was solid although the sheet says « pliez les pointillés »."""
    from print_kit.games.labystere_die import _tabs, die_net_edges

    # the 7 edges that close the cross-shaped net, as (face, side) pairs
    closing = [((3, "N"), (1, "W")), ((3, "S"), (6, "W")), ((3, "W"), (5, "W")),
               ((4, "N"), (1, "E")), ((4, "S"), (6, "E")), ((4, "E"), (5, "E")),
               ((5, "S"), (1, "N"))]
    for pair in closing:
        assert sum(side in _tabs(face) for face, side in pair) == 1, pair
    assert sum(len(_tabs(face)) for face in range(1, 7)) == len(closing)
    cuts, folds = die_net_edges()
    assert len(folds) == 5 + 7 and len(cuts) == 7  # 5 hinges + 7 tabs; the rest is cut
    assert not set(cuts) & set(folds)


WORDS = ["Le", "joueur", "pioche", "une", "carte", "et", "la", "défausse", "Élysée", "complot",
         "anticonstitutionnellement", "½", "jeton", "«", "»", "de", "3", "points"]


@settings(max_examples=150, deadline=None)
@given(words=st.lists(st.sampled_from(WORDS), min_size=1, max_size=60),
       box_w=st.floats(30, 200), box_h=st.floats(10, 150), largest=st.floats(6, 14))
def test_fit_block_takes_the_largest_size_that_fits(words: list[str], box_w: float,
                                                    box_h: float, largest: float) -> None:
    """The size is searched by halves: it is still the largest step that fits, and the next
    step up does not fit (or is above the largest)."""
    register()
    text = " ".join(words)

    def fits(size: float) -> bool:
        lines = wrap(text, REGULAR, size, box_w)
        return lines is not None and len(lines) * size * 1.18 <= box_h + 1e-6

    try:
        block = fit_block(text, REGULAR, box_w, box_h, largest=largest, smallest=5,
                          where="essai")
    except PreflightError:
        size = largest
        while size >= 5 - 1e-9:
            assert not fits(size)
            size -= STEP
        return
    assert fits(block.size) and block.lines == tuple(wrap(text, REGULAR, block.size, box_w))
    size = largest
    while size > block.size + 1e-9:
        assert not fits(size)
        size -= STEP
