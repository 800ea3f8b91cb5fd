"""Where things go on a sheet: pure functions in millimetres, origin at the page's bottom-left
(PDF convention). Nothing here draws; `print_kit.sheets` turns these rectangles into pages.

Decisions (docs/print-kit.md › Géométrie):
- cards of one sheet sit in a grid with a gutter of 2 × bleed, so every card keeps its full
  bleed; the outer cut lines stay at least MARGIN from the page edge, and the bottom band keeps
  RULER_BAND for the 100 mm check ruler;
- crop marks are short segments in the page margins, on the prolongation of each cut line,
  never inside a card;
- duplex: long-edge flip mirrors columns (x), short-edge flip mirrors rows (y); calibration
  (dx, dy, scale) moves back pages only;
- gutterfold: fronts on the left half, backs mirrored about the vertical fold line.
"""

from __future__ import annotations

from dataclasses import dataclass

MM = 72 / 25.4  # PostScript points per millimetre

PAPERS: dict[str, tuple[float, float]] = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
CARD_SIZES: dict[str, tuple[float, float]] = {
    "poker": (63.0, 88.0),
    "poker-us": (63.5, 88.9),  # 2.5 × 3.5 in
    "bridge": (56.0, 88.0),
    "euro": (59.0, 92.0),
    "tarot": (70.0, 120.0),
    "mini": (44.0, 63.0),
    "carre": (70.0, 70.0),
}
MARGIN = 4.5  # page edge -> outer cut line, mm (most printers cannot print the outer 3-4 mm)
RULER_BAND = 6.0  # extra room under the grid for the check ruler, mm
FOLD_GAP = 4.0  # fold line -> nearest cut line in gutterfold, mm
MARK_GAP = 1.0  # distance between a cut line's end and its crop mark, mm
MARK_LENGTH = 3.0  # longest crop mark, mm (shorter if the margin is narrow)
RULER_LENGTH = 100.0


@dataclass(frozen=True)
class Rect:
    x: float
    y: float
    w: float
    h: float

    @property
    def right(self) -> float:
        return self.x + self.w

    @property
    def top(self) -> float:
        return self.y + self.h

    def grow(self, d: float) -> Rect:
        return Rect(self.x - d, self.y - d, self.w + 2 * d, self.h + 2 * d)

    def overlaps(self, other: Rect, eps: float = 1e-6) -> bool:
        return (self.x < other.right - eps and other.x < self.right - eps
                and self.y < other.top - eps and other.y < self.top - eps)


@dataclass(frozen=True)
class Segment:
    x1: float
    y1: float
    x2: float
    y2: float


class DoesNotFit(ValueError):
    """No card of this size fits this paper with this bleed."""


@dataclass(frozen=True)
class Grid:
    """A sheet's card grid. `slots` are the cut rectangles of the front side in reading order
    (top row first, left to right); `backs` the matching back rectangles for gutterfold, where
    fronts and backs share a side (empty otherwise)."""

    page_w: float
    page_h: float
    card_w: float
    card_h: float
    bleed: float
    cols: int
    rows: int
    slots: tuple[Rect, ...]
    fold_x: float | None = None
    backs: tuple[Rect, ...] = ()

    @property
    def per_page(self) -> int:
        return len(self.slots)

    def all_cards(self) -> tuple[Rect, ...]:
        return self.slots + self.backs


def _count(space: float, size: float, gap: float) -> int:
    """How many cards of `size` with `gap` between them fit in `space`."""
    if space < size:
        return 0
    return int((space - size) // (size + gap)) + 1


def _span(n: int, size: float, gap: float) -> float:
    return n * size + (n - 1) * gap


def _grid_top(page_h: float, span: float) -> float:
    """Top cut line of a grid of height `span`, centred in the page above the ruler band."""
    return min(page_h - (page_h - RULER_BAND - span) / 2, page_h - MARGIN)


def fit_grid(paper: tuple[float, float], card: tuple[float, float], bleed: float) -> Grid:
    """The largest grid of `card` (w, h mm) on portrait `paper`, centred, with full bleed."""
    pw, ph = paper
    cw, ch = card
    gap = 2 * bleed
    cols = _count(pw - 2 * MARGIN, cw, gap)
    rows = _count(ph - 2 * MARGIN - RULER_BAND, ch, gap)
    if cols < 1 or rows < 1:
        raise DoesNotFit(f"{cw:g}×{ch:g} mm")
    x0 = (pw - _span(cols, cw, gap)) / 2
    # The ruler band sits under the grid: centre the grid in what is left above it.
    y_top = _grid_top(ph, _span(rows, ch, gap))
    slots = tuple(
        Rect(x0 + c * (cw + gap), y_top - (r + 1) * ch - r * gap, cw, ch)
        for r in range(rows) for c in range(cols)
    )
    return Grid(pw, ph, cw, ch, bleed, cols, rows, slots)


def fit_gutterfold(paper: tuple[float, float], card: tuple[float, float], bleed: float) -> Grid:
    """Fronts on the left half, backs on the right half mirrored about the fold (x = pw / 2)."""
    pw, ph = paper
    cw, ch = card
    gap = 2 * bleed
    fold = pw / 2
    half = fold - FOLD_GAP - bleed - MARGIN  # room for the front columns' cut rectangles
    cols = _count(half, cw, gap)
    rows = _count(ph - 2 * MARGIN - RULER_BAND, ch, gap)
    if cols < 1 or rows < 1:
        raise DoesNotFit(f"{cw:g}×{ch:g} mm")
    right = fold - FOLD_GAP - bleed  # right cut line of the column nearest the fold
    x0 = right - _span(cols, cw, gap)
    y_top = _grid_top(ph, _span(rows, ch, gap))
    fronts = tuple(
        Rect(x0 + c * (cw + gap), y_top - (r + 1) * ch - r * gap, cw, ch)
        for r in range(rows) for c in range(cols)
    )
    backs = tuple(mirror_about(rect, fold) for rect in fronts)
    return Grid(pw, ph, cw, ch, bleed, cols, rows, fronts, fold, backs)


def mirror_about(rect: Rect, axis_x: float) -> Rect:
    """The rectangle reflected about the vertical line x = axis_x."""
    return Rect(2 * axis_x - rect.x - rect.w, rect.y, rect.w, rect.h)


def back_rect(front: Rect, page_w: float, page_h: float, flip: str) -> Rect:
    """Where the back of a card must sit on the back page so it lands behind its front.

    Long-edge flip turns the sheet about its vertical axis: columns mirror. Short-edge flip
    turns it about its horizontal axis: rows mirror (the printer rotates that side 180°)."""
    if flip == "long":
        return Rect(page_w - front.x - front.w, front.y, front.w, front.h)
    if flip == "short":
        return Rect(front.x, page_h - front.y - front.h, front.w, front.h)
    raise ValueError(flip)


@dataclass(frozen=True)
class Calibration:
    """Printer correction for back pages: shift (mm) then scale about the page centre."""

    dx: float = 0.0
    dy: float = 0.0
    scale: float = 1.0

    @property
    def is_identity(self) -> bool:
        return self.dx == 0 and self.dy == 0 and self.scale == 1

    def apply(self, rect: Rect, page_w: float, page_h: float) -> Rect:
        cx, cy = page_w / 2, page_h / 2
        x = cx + (rect.x - cx) * self.scale + self.dx
        y = cy + (rect.y - cy) * self.scale + self.dy
        return Rect(x, y, rect.w * self.scale, rect.h * self.scale)


def crop_marks(cards: tuple[Rect, ...], page_w: float, page_h: float) -> list[Segment]:
    """Short marks in the page margins, in line with every cut line, never inside a card.

    Each vertical cut line (x) gets a mark above and below the grid, each horizontal one (y) a
    mark left and right of it, starting MARK_GAP outside the outer cut line. Where the bleed is
    wider than the margin allows, a mark lies over the outer bleed (cut away anyway): the
    drawing gives marks a white halo so they show on dark backgrounds."""
    if not cards:
        return []
    left = min(r.x for r in cards)
    right = max(r.right for r in cards)
    bottom = min(r.y for r in cards)
    top = max(r.top for r in cards)
    xs = sorted({round(v, 4) for r in cards for v in (r.x, r.right)})
    ys = sorted({round(v, 4) for r in cards for v in (r.y, r.top)})
    out: list[Segment] = []
    below = min(MARK_LENGTH, bottom - MARK_GAP - 0.5)
    above = min(MARK_LENGTH, page_h - top - MARK_GAP - 0.5)
    before = min(MARK_LENGTH, left - MARK_GAP - 0.5)
    after = min(MARK_LENGTH, page_w - right - MARK_GAP - 0.5)
    for x in xs:
        if below > 0.5:
            out.append(Segment(x, bottom - MARK_GAP - below, x, bottom - MARK_GAP))
        if above > 0.5:
            out.append(Segment(x, top + MARK_GAP, x, top + MARK_GAP + above))
    for y in ys:
        if before > 0.5:
            out.append(Segment(left - MARK_GAP - before, y, left - MARK_GAP, y))
        if after > 0.5:
            out.append(Segment(right + MARK_GAP, y, right + MARK_GAP + after, y))
    return out


def ruler_origin(page_w: float) -> tuple[float, float]:
    """Bottom-left of the 100 mm check ruler: centred, 2.5 mm above the bottom edge."""
    return ((page_w - RULER_LENGTH) / 2, 2.5)


def chunks(n: int, per_page: int) -> list[range]:
    """Indices of items 0..n-1 split into pages."""
    return [range(i, min(i + per_page, n)) for i in range(0, n, per_page)]
