"""The layout engine: turns decks into page plans (pure data: which face goes in which
rectangle of which page), then draws plans. Every grid of cards or tokens goes through here.

- fronts: fronts only;
- duplex: each front page is followed by its back page, each back at `back_rect` of its front
  (long or short flip), the printer calibration applied to back pages only;
- gutterfold: fronts left, backs right, mirrored about the fold line, on one side of the sheet.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from reportlab.pdfgen.canvas import Canvas

from print_kit.draw.faces import INK, SOFT, Face
from print_kit.draw.fonts import BOLD, REGULAR
from print_kit.draw.painter import Painter
from print_kit.draw.textfit import french
from print_kit.layout.geometry import (
    EDGE,
    MM,
    RULER_H,
    RULER_LENGTH,
    Calibration,
    Grid,
    Rect,
    RulerSpot,
    Segment,
    back_rect,
    bleed_boxes,
    chunks,
    crop_marks,
    free_page_ruler,
)


@dataclass(frozen=True)
class Item:
    """One physical card or token: its front, its back (None: single-sided) and its component."""

    front: Face
    back: Face | None
    component: str


@dataclass(frozen=True)
class Deck:
    """Items cut to one size. `size` None means the card size chosen in the options."""

    name: str  # shown in page labels, e.g. « Personnages »
    items: tuple[Item, ...]
    size: tuple[float, float] | None = None
    double_sided: bool = True
    #: cards of a secret group (roles, cards laid face down): preflight holds them to one back
    #: and one edge (build.check_secret, docs/print-kit.md PRINT-10)
    secret: bool = False
    #: the back is content, not a common back (Emblèmes' two-sided place cards): printed
    #: beside its front when only fronts are printed
    backs_are_faces: bool = False


@dataclass(frozen=True)
class Placement:
    face: Face
    rect: Rect  # the cut rectangle on the page (landscape for a turned card)
    component: str
    is_back: bool = False
    clip: Rect | None = None  # what of the bleed may be drawn (geometry.bleed_box)
    turn: int = 0  # 90: the card's top points left; -90: right


@dataclass(frozen=True)
class PagePlan:
    side: str  # recto, verso, plié (gutterfold) or libre (a free page)
    label: str
    placements: tuple[Placement, ...] = ()
    marks: tuple[Segment, ...] = ()
    calibration: Calibration | None = None
    fold_x: float | None = None
    draw: Callable[[Canvas, Painter], None] | None = None  # free pages
    ruler: RulerSpot | None = None  # None on a page whose grid leaves it no room


def _placed(items: list[tuple[Face, Rect, str, bool, int]], grid: Grid,
            fold_x: float | None = None) -> tuple[Placement, ...]:
    rects = tuple(rect for _, rect, _, _, _ in items)
    boxes = bleed_boxes(rects, grid.bleed_x, grid.bleed_y, fold_x)
    return tuple(Placement(face, rect, comp, back, box, turn)
                 for (face, rect, comp, back, turn), box in zip(items, boxes, strict=True))


def plan_deck(deck: Deck, grid: Grid, layout: str, flip: str, calibration: Calibration,
              label: str) -> list[PagePlan]:
    """Page plans for a deck on a grid (pure: no drawing)."""
    pages: list[PagePlan] = []
    items = deck.items
    if layout == "fronts" and deck.backs_are_faces:
        items = tuple(x for it in items for x in
                      ((it, Item(it.back, None, it.component)) if it.back else (it,)))
    parts = chunks(len(items), grid.per_page)
    total = len(parts)
    pw, ph = grid.page_w, grid.page_h
    turn = 90 if grid.turned else 0
    for number, part in enumerate(parts, start=1):
        chunk = [items[i] for i in part]
        front_items = [(it.front, grid.slots[j], it.component, False, turn)
                       for j, it in enumerate(chunk)]
        tag = f"{label} — {deck.name} — {number}/{total}"
        if layout == "gutterfold":
            back_items = [(it.back, grid.backs[j], it.component, True, -turn)
                          for j, it in enumerate(chunk) if it.back is not None]
            placed = _placed(front_items + back_items, grid, grid.fold_x)
            marks = crop_marks(tuple(p.rect for p in placed), pw, ph, grid.limits)
            pages.append(PagePlan("plié", tag, placed, tuple(marks), fold_x=grid.fold_x,
                                  ruler=grid.ruler))
            continue
        fronts = _placed(front_items, grid)
        marks = tuple(crop_marks(tuple(p.rect for p in fronts), pw, ph, grid.limits))
        pages.append(PagePlan("recto", tag, fronts, marks, ruler=grid.ruler))
        if layout == "duplex" and deck.double_sided:
            backs = _placed([(it.back, back_rect(grid.slots[j], pw, ph, flip), it.component,
                              True, turn) for j, it in enumerate(chunk)
                             if it.back is not None], grid)
            pages.append(PagePlan("verso", tag, backs, (), calibration,
                                  ruler=grid.ruler.mirrored(pw, ph, flip) if grid.ruler
                                  else None))
    return pages


def free_page(label: str, draw: Callable[[Canvas, Painter], None], page_w: float,
              calibration: Calibration | None = None) -> PagePlan:
    """A page drawn by its own function; a back page (calibration given) is a verso."""
    side = "verso" if calibration is not None else "libre"
    return PagePlan(side, label, draw=draw, calibration=calibration,
                    ruler=free_page_ruler(page_w))


# --- drawing ---------------------------------------------------------------------------------


Box = tuple[float, float, float, float]  # x0, y0, x1, y1 in mm


def page_boxes(plan: PagePlan, page_w: float, page_h: float) -> tuple[Box, Box] | None:
    """The page's TrimBox and BleedBox (mm), which print shops' preflight reads: the union of
    its cards' cut rectangles, and of what of their bleed is drawn, where the printer puts them
    (the calibration of a back page moves them too), within the page. None for a page without
    cards (a free page keeps the default: its whole sheet)."""
    if not plan.placements:
        return None
    cal = plan.calibration

    def moved(x: float, y: float) -> tuple[float, float]:
        if cal is None or cal.is_identity:
            return x, y
        cx, cy = page_w / 2, page_h / 2
        return cx + cal.dx + cal.scale * (x - cx), cy + cal.dy + cal.scale * (y - cy)

    def union(rects: Sequence[Rect]) -> Box:
        xs, ys = [], []
        for r in rects:
            for x, y in ((r.x, r.y), (r.right, r.top)):
                mx, my = moved(x, y)
                xs.append(mx)
                ys.append(my)
        return (max(0.0, min(xs)), max(0.0, min(ys)), min(page_w, max(xs)), min(page_h, max(ys)))

    trim = union([p.rect for p in plan.placements])
    bleed = union([p.clip or p.rect for p in plan.placements])
    bleed = (min(bleed[0], trim[0]), min(bleed[1], trim[1]), max(bleed[2], trim[2]),
             max(bleed[3], trim[3]))
    return trim, bleed


def set_page_boxes(c: Canvas, boxes: tuple[Box, Box] | None) -> None:
    """TrimBox and BleedBox of the page about to be finished (ReportLab keeps a box for the
    next pages too: a page without cards resets them)."""
    trim, bleed = boxes if boxes is not None else (None, None)
    c.setTrimBox(tuple(v * MM for v in trim) if trim else None)
    c.setBleedBox(tuple(v * MM for v in bleed) if bleed else None)


def draw_plan(c: Canvas, painter: Painter, plan: PagePlan, page_w: float, page_h: float) -> None:
    """Draw one page plan (mm geometry) and finish the page."""
    set_page_boxes(c, page_boxes(plan, page_w, page_h))
    c.saveState()
    cal = plan.calibration
    if cal is not None and not cal.is_identity:
        cx, cy = page_w / 2 * MM, page_h / 2 * MM
        c.translate(cx + cal.dx * MM, cy + cal.dy * MM)
        c.scale(cal.scale, cal.scale)
        c.translate(-cx, -cy)
    for placement in plan.placements:
        painter.face(placement.face, placement.rect, placement.clip, placement.turn)
    if plan.draw is not None:
        plan.draw(c, painter)
    draw_marks(c, plan.marks)
    if plan.fold_x is not None:
        draw_fold(c, plan.fold_x, page_h)
    if plan.ruler is not None:
        draw_ruler(c, painter, plan.ruler,
                   plan.label + (" — verso" if plan.side == "verso" else ""), page_h)
    c.restoreState()
    c.showPage()


def draw_marks(c: Canvas, marks: Sequence[Segment]) -> None:
    if not marks:
        return
    # A white halo under each black mark keeps it visible over a dark bleed.
    for colour, widthv in (((1, 1, 1), 1.3), ((0, 0, 0), 0.5)):
        c.setStrokeColorRGB(*colour)
        c.setLineWidth(widthv)
        p = c.beginPath()
        for m in marks:
            p.moveTo(m.x1 * MM, m.y1 * MM)
            p.lineTo(m.x2 * MM, m.y2 * MM)
        c.drawPath(p, stroke=1, fill=0)


def draw_fold(c: Canvas, fold_x: float, page_h: float) -> None:
    c.saveState()
    c.setStrokeColorRGB(*SOFT)
    c.setLineWidth(0.5)
    c.setDash(4, 3)
    c.line(fold_x * MM, 12 * MM, fold_x * MM, (page_h - EDGE) * MM)
    c.restoreState()
    c.saveState()
    c.translate(fold_x * MM - 2.5, page_h / 2 * MM)
    c.rotate(90)
    c.setFillColorRGB(1, 1, 1)
    c.rect(-32 * MM, -1, 64 * MM, 9, stroke=0, fill=1)
    c.setFont(REGULAR, 7)
    c.setFillColorRGB(*SOFT)
    c.drawCentredString(0, 0, "pliez ici, dos contre dos")
    c.restoreState()


def _ruler_form(c: Canvas) -> None:
    """100 mm with a tick every millimetre: each tick size is one dashed stroke (a dash every
    1, 5 or 10 mm), so the ruler is three drawing operations, not a hundred."""
    c.setStrokeColorRGB(*INK)
    c.setLineWidth(0.4)
    c.line(0, 0, RULER_LENGTH * MM, 0)
    c.setLineCap(0)
    for step, tick, weight in ((1, 1.3, 0.2), (5, 2.2, 0.3), (10, 3.2, 0.4)):
        c.setLineWidth(tick * MM)
        c.setDash([weight, step * MM - weight], 0)
        c.line(-weight / 2, tick * MM / 2, RULER_LENGTH * MM + weight, tick * MM / 2)
    c.setDash()
    c.setFont(REGULAR, 5)
    c.setFillColorRGB(*INK)
    c.drawString((RULER_LENGTH + 1.2) * MM, 0.4 * MM, "100 mm")


def draw_ruler(c: Canvas, painter: Painter, spot: RulerSpot, label: str,
               page_h: float) -> None:
    """The 100 mm check ruler (a shared form) with the page label before it and « doit mesurer
    10 cm » after it, along its band; a vertical ruler reads downwards."""
    c.saveState()
    if spot.vertical:
        c.translate(spot.x * MM, (spot.y + RULER_LENGTH) * MM)
        c.rotate(-90)
        room_before = page_h - EDGE - (spot.y + RULER_LENGTH)  # above it, to the top edge
    else:
        c.translate(spot.x * MM, spot.y * MM)
        room_before = spot.x - EDGE
    painter.shared("ruler", (-2, -0.5, (RULER_LENGTH + 12) * MM, RULER_H * MM), _ruler_form, 0, 0)
    text = french(label)
    size = min(5.0, max(room_before - 2.5, 1) * MM / max(c.stringWidth(text, REGULAR, 1), 1))
    c.setFont(REGULAR, size)
    c.setFillColorRGB(*SOFT)
    c.drawRightString(-2 * MM, 0.4 * MM, text)
    c.setFont(BOLD, 5)
    c.drawString((RULER_LENGTH + 9.5) * MM, 0.4 * MM, "← doit mesurer 10 cm")
    c.restoreState()
