"""Where things go on a sheet: pure functions in millimetres, origin at the page's bottom-left
(PDF convention). Nothing here draws; `print_kit.layout.sheets` turns these rectangles into pages.

Decisions (docs/print-kit.md › Géométrie):
- cards of one sheet share their cut lines (Squib's sprues), the bleed kept on the outer edges;
  nothing is printed within EDGE (5 mm) of the paper's edge, and a band under the grid (or
  beside it, on a short paper) holds the 100 mm check ruler;
- crop marks are short segments in the page margins, on the prolongation of each cut line,
  never inside a card;
- duplex: long-edge flip mirrors columns (x), short-edge flip mirrors rows (y); calibration
  (dx, dy, scale) moves back pages only;
- gutterfold: fronts on the left half, backs mirrored about the vertical fold line.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

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
EDGE = 5.0  # nothing is printed within 5 mm of the paper's edge (printers cannot print there)
RULER_H = 4.0  # the check ruler's band: ticks and labels, mm
RULER_CLEAR = 0.5  # between the ruler band and the nearest crop mark, mm
FOLD_GAP = 4.0  # fold line -> nearest cut line in gutterfold, mm
MARK_GAP = 1.0  # distance between a cut line's end and its crop mark, mm
MARK_LENGTH = 4.0  # longest crop mark, mm (shorter where the margin is narrow)
MIN_MARK = 0.8  # a shorter mark is left out
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
class RulerSpot:
    """Where the 100 mm check ruler goes: the bottom-left corner of its band (RULER_H deep,
    RULER_LENGTH long), horizontal or vertical (then it reads downwards, ticks to the right)."""

    x: float
    y: float
    vertical: bool = False

    def box(self) -> Rect:
        if self.vertical:
            return Rect(self.x, self.y, RULER_H, RULER_LENGTH)
        return Rect(self.x, self.y, RULER_LENGTH, RULER_H)

    def mirrored(self, page_w: float, page_h: float, flip: str) -> RulerSpot:
        """Its place on the back page, so it lies behind the front's band (duplex)."""
        box = self.box()
        if flip == "long":
            return RulerSpot(page_w - box.right, self.y, self.vertical)
        return RulerSpot(self.x, page_h - box.top, self.vertical)


@dataclass(frozen=True)
class Grid:
    """A sheet's card grid, Squib-style: cards share their cut lines (no gutter), the bleed is
    kept on the outer edges only. `slots` are the cut rectangles of the front side in reading
    order (top row first, left to right), in page space (a turned card is landscape);
    `backs` the matching back rectangles for gutterfold, where fronts and backs share a side.
    `limits` (left, bottom, right, top) bound the crop marks (page edge, ruler band)."""

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
    turned: bool = False  # cards drawn a quarter turn (gutterfold: 4 cards a sheet)
    bleed_x: float = 0.0  # outer bleed kept left and right of the grid
    bleed_y: float = 0.0  # and above and below it (thinner where the paper is short)
    ruler: RulerSpot | None = None
    limits: tuple[float, float, float, float] = (EDGE, EDGE, 0.0, 0.0)

    @property
    def per_page(self) -> int:
        return len(self.slots)

    def all_cards(self) -> tuple[Rect, ...]:
        return self.slots + self.backs


def _count(space: float, size: float) -> int:
    """How many cards of `size` fit side by side in `space`."""
    return int((space + 1e-9) // size) if space >= size else 0


def _axis(space: float, size: float, bleed: float) -> tuple[int, float]:
    """(cards, outer bleed) along one axis of `space` mm: as many cards as fit with the full
    bleed on both outer edges; if one more fits with a bleed still at least 2/3 of it (Letter is
    17.6 mm shorter than A4), that many with the thinner outer bleed."""
    n = _count(space - 2 * bleed, size)
    more = _count(space, size)
    if more > n:
        thinner = (space - more * size) / 2
        if thinner >= bleed * 2 / 3 - 1e-9:
            return more, min(bleed, thinner)
    return n, bleed


def _ruler(pw: float, ph: float, block_w: float, block_h: float, bx: float,
           by: float) -> tuple[RulerSpot | None, float, float]:
    """Where the ruler fits: under the grid, else left of it, else nowhere. Returns the spot
    and the room (mm) it takes from the bottom and from the left."""
    band = RULER_H + RULER_CLEAR
    # each side keeps its outer bleed and room for a crop mark of at least 1.5 mm
    mark = MARK_GAP + 1.5
    if ph - 2 * EDGE - block_h - 2 * max(by, mark) >= band:
        return RulerSpot((pw - RULER_LENGTH) / 2, EDGE), band, 0.0
    if pw - 2 * EDGE - block_w - 2 * max(bx, mark) >= band:
        return RulerSpot(EDGE, (ph - RULER_LENGTH) / 2, True), 0.0, band
    return None, 0.0, 0.0


def fit_grid(paper: tuple[float, float], card: tuple[float, float], bleed: float) -> Grid:
    """The largest grid of `card` (w, h mm) on portrait `paper`, centred in what the 5 mm edge
    and the check ruler leave, cards sharing their cut lines."""
    pw, ph = paper
    cw, ch = card
    cols, bx = _axis(pw - 2 * EDGE, cw, bleed)
    rows, by = _axis(ph - 2 * EDGE, ch, bleed)
    if cols < 1 or rows < 1:
        raise DoesNotFit(f"{cw:g}×{ch:g} mm")
    ruler, below, left = _ruler(pw, ph, cols * cw, rows * ch, bx, by)
    x0 = EDGE + left + (pw - 2 * EDGE - left - cols * cw) / 2
    y_top = ph - EDGE - (ph - 2 * EDGE - below - rows * ch) / 2
    slots = tuple(Rect(x0 + c * cw, y_top - (r + 1) * ch, cw, ch)
                  for r in range(rows) for c in range(cols))
    return Grid(pw, ph, cw, ch, bleed, cols, rows, slots, bleed_x=bx, bleed_y=by, ruler=ruler,
                limits=(EDGE + left, EDGE + below, pw - EDGE, ph - EDGE))


def fit_gutterfold(paper: tuple[float, float], card: tuple[float, float], bleed: float) -> Grid:
    """Fronts on the left half, backs on the right half mirrored about the fold (x = pw / 2).
    Cards are turned a quarter when that fits more of them (poker: 4 a sheet on A4 and US
    Letter instead of 3 and 2); the fold never crosses a card."""
    pw, ph = paper
    fold = pw / 2
    best: Grid | None = None
    for turned in (False, True):
        cw, ch = (card[1], card[0]) if turned else card
        half = fold - FOLD_GAP - EDGE  # from the page edge to the cut line nearest the fold
        cols = _count(half - bleed, cw)
        rows, by = _axis(ph - 2 * EDGE, ch, bleed)
        if cols < 1 or rows < 1:
            continue
        ruler, below, _ = _ruler(pw, ph, pw - 2 * EDGE, rows * ch, 0.0, by)
        if ruler is not None and ruler.vertical:
            ruler = None  # the halves leave no side band: no ruler rather than a crowded one
            below = 0.0
        right = fold - FOLD_GAP
        x0 = right - cols * cw
        y_top = ph - EDGE - (ph - 2 * EDGE - below - rows * ch) / 2
        fronts = tuple(Rect(x0 + c * cw, y_top - (r + 1) * ch, cw, ch)
                       for r in range(rows) for c in range(cols))
        backs = tuple(mirror_about(rect, fold) for rect in fronts)
        grid = Grid(pw, ph, cw, ch, bleed, cols, rows, fronts, fold, backs, turned,
                    bleed_x=bleed, bleed_y=by, ruler=ruler,
                    limits=(EDGE, EDGE + below, pw - EDGE, ph - EDGE))
        if best is None or grid.per_page > best.per_page:
            best = grid
    if best is None:
        raise DoesNotFit(f"{card[0]:g}×{card[1]:g} mm")
    return best


@lru_cache(maxsize=4096)  # every page of a grid asks the same questions
def bleed_box(rect: Rect, others: tuple[Rect, ...], bx: float, by: float,
              fold_x: float | None = None) -> Rect:
    """What of a card's bleed may be drawn: none on a side it shares with another card of the
    page (that card's own edge is there), the outer bleed elsewhere, and never past the fold."""
    eps = 1e-6

    def shared(side: str) -> bool:
        for o in others:
            if o is rect:
                continue
            if side in "lr" and o.y < rect.top - eps and rect.y < o.top - eps:
                if side == "l" and abs(o.right - rect.x) < eps:
                    return True
                if side == "r" and abs(o.x - rect.right) < eps:
                    return True
            if side in "bt" and o.x < rect.right - eps and rect.x < o.right - eps:
                if side == "b" and abs(o.top - rect.y) < eps:
                    return True
                if side == "t" and abs(o.y - rect.top) < eps:
                    return True
        return False

    left = 0.0 if shared("l") else bx
    right = 0.0 if shared("r") else bx
    if fold_x is not None:
        if rect.right <= fold_x:
            right = min(right, fold_x - rect.right)
        else:
            left = min(left, rect.x - fold_x)
    bottom = 0.0 if shared("b") else by
    top = 0.0 if shared("t") else by
    return Rect(rect.x - left, rect.y - bottom, rect.w + left + right, rect.h + bottom + top)


@lru_cache(maxsize=1024)
def bleed_boxes(rects: tuple[Rect, ...], bx: float, by: float,
                fold_x: float | None = None) -> tuple[Rect, ...]:
    """`bleed_box` of every rectangle of a page, asked once per page layout (the pages of a
    deck repeat a few layouts: one hash of the page instead of one per card)."""
    return tuple(bleed_box(rect, rects, bx, by, fold_x) for rect in rects)


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


def crop_marks(cards: tuple[Rect, ...], page_w: float, page_h: float,
               limits: tuple[float, float, float, float] | None = None) -> list[Segment]:
    """Short marks in the page margins, in line with every cut line, never inside a card and
    never past `limits` (left, bottom, right, top: by default 5 mm from the page edge).

    Each vertical cut line (x) gets a mark above and below the grid, each horizontal one (y) a
    mark left and right of it, starting MARK_GAP outside the outer cut line. Where the margin is
    narrow a mark lies over the outer bleed (cut away anyway): marks have a white halo."""
    if not cards:
        return []
    lim_l, lim_b, lim_r, lim_t = limits or (EDGE, EDGE, page_w - EDGE, page_h - EDGE)
    left = min(r.x for r in cards)
    right = max(r.right for r in cards)
    bottom = min(r.y for r in cards)
    top = max(r.top for r in cards)
    xs = sorted({round(v, 4) for r in cards for v in (r.x, r.right)})
    ys = sorted({round(v, 4) for r in cards for v in (r.y, r.top)})
    out: list[Segment] = []

    def span(room: float) -> tuple[float, float]:
        """(gap, length) of a mark in `room` mm: the gap shrinks to 0.3 mm on a tight page."""
        gap = MARK_GAP if room >= MARK_GAP + 1.5 else min(MARK_GAP, max(0.3, room - MIN_MARK))
        return gap, min(MARK_LENGTH, room - gap)

    gb, below = span(bottom - lim_b)
    ga, above = span(lim_t - top)
    gl, before = span(left - lim_l)
    gr, after = span(lim_r - right)
    for x in xs:
        if below >= MIN_MARK:
            out.append(Segment(x, bottom - gb - below, x, bottom - gb))
        if above >= MIN_MARK:
            out.append(Segment(x, top + ga, x, top + ga + above))
    for y in ys:
        if before >= MIN_MARK:
            out.append(Segment(left - gl - before, y, left - gl, y))
        if after >= MIN_MARK:
            out.append(Segment(right + gr, y, right + gr + after, y))
    return out


def free_page_ruler(page_w: float) -> RulerSpot:
    """The ruler of a page drawn by its own function: centred, on the 5 mm edge line."""
    return RulerSpot((page_w - RULER_LENGTH) / 2, EDGE)


def chunks(n: int, per_page: int) -> list[range]:
    """Indices of items 0..n-1 split into pages."""
    return [range(i, min(i + per_page, n)) for i in range(0, n, per_page)]
