"""Labystère's sheet to cut and fold: the die as a net of six faces with glue tabs (cut lines
solid, folds dashed) and one standee per pawn, folded in two. Drawn by labystere.py's
« dé et pions » page."""

from __future__ import annotations

from reportlab.pdfgen.canvas import Canvas

from companion.core.model import Component
from companion.games.labystere.data import LabystereData
from print_kit.draw.faces import INK, PALETTE, SOFT, tint
from print_kit.draw.fonts import BOLD, REGULAR
from print_kit.draw.painter import Painter
from print_kit.draw.textfit import french
from print_kit.layout.geometry import MM

PIPS = {1: [(1, 1)], 2: [(0, 2), (2, 0)], 3: [(0, 2), (1, 1), (2, 0)],
        4: [(0, 0), (0, 2), (2, 0), (2, 2)], 5: [(0, 0), (0, 2), (1, 1), (2, 0), (2, 2)],
        6: [(0, 0), (0, 1), (0, 2), (2, 0), (2, 1), (2, 2)]}


def die_and_pawns(data: LabystereData, pawns: list[Component],  # noqa: ANN201
                  colours: dict[str, str]):
    """The page's drawing: the die net (left) and a standee per pawn (right)."""
    def draw(c: Canvas, painter: Painter, page_w: float, page_h: float) -> None:
        c.setFillColorRGB(*INK)
        c.setFont(BOLD, 14)
        c.drawString(15 * MM, page_h - 18 * MM, french("Labystère — dé à plier et pions"))
        c.setFont(REGULAR, 8)
        c.setFillColorRGB(*SOFT)
        c.drawString(15 * MM, page_h - 24 * MM, french(
            "Découpez le trait plein, pliez les pointillés, collez les languettes grises."))
        # Die net: a cross of 6 faces; folded, 1 faces 6, 2 faces 5 and 3 faces 4.
        s = 22 * MM
        ox, oy = 25 * MM, page_h - 40 * MM - 3 * s
        c.setLineWidth(0.6)
        for face, (col, row) in DIE_NET.items():
            x, y = ox + col * s, oy + row * s - s
            for tab in _tabs(face):
                _tab(c, x, y, s, tab)
            c.setFillColorRGB(1, 1, 1)
            c.rect(x, y, s, s, stroke=0, fill=1)
        c.setStrokeColorRGB(*INK)
        cuts, folds = die_net_edges()
        for dashed, edges in ((False, cuts), (True, folds)):
            c.setDash(3, 2) if dashed else c.setDash()
            for (x0, y0), (x1, y1) in edges:
                c.line(ox + x0 * s, oy + y0 * s - s, ox + x1 * s, oy + y1 * s - s)
        c.setDash()
        for face, (col, row) in DIE_NET.items():
            x, y = ox + col * s, oy + row * s - s
            c.setFillColorRGB(*INK)
            for px, py in PIPS[min(face, data.die_faces)]:
                c.circle(x + s * (0.25 + 0.25 * px), y + s * (0.25 + 0.25 * py), 2.2 * MM,
                         stroke=0, fill=1)
        # Standees: folded in two along the middle, glued on a base.
        x = 110 * MM
        y = page_h - 40 * MM
        for pawn in pawns:
            colour = PALETTE[colours[pawn.fields["colour"]]]
            w, half = 34 * MM, 30 * MM
            c.setStrokeColorRGB(*INK)
            c.setFillColorRGB(*tint(colour, 0.2))
            c.rect(x, y - 2 * half, w, 2 * half, stroke=1, fill=1)
            c.setDash(3, 2)
            c.line(x, y - half, x + w, y - half)
            c.setDash()
            for up in (True, False):
                c.saveState()
                if up:
                    c.translate(x + w / 2, y - half + 3 * MM)
                else:
                    c.translate(x + w / 2, y - half - 3 * MM)
                    c.rotate(180)
                painter.symbol(c, "pion", (1, 1, 1), -9 * MM, 0, 18 * MM)
                c.setFillColorRGB(1, 1, 1)
                c.setFont(BOLD, 9)
                c.drawCentredString(0, 19.5 * MM, french(pawn.name))
                c.restoreState()
            x += w + 8 * MM
            if x + w > page_w - 10 * MM:
                x = 110 * MM
                y -= 2 * half + 10 * MM
    return draw


# The die net: face -> (column, row) of a cross; folded, 1 faces 6, 2 faces 5 and 3 faces 4.
DIE_NET = {1: (1, 3), 2: (1, 2), 3: (0, 2), 4: (2, 2), 6: (1, 1), 5: (1, 0)}
SIDES = {"N": ((0, 1), (1, 1)), "S": ((0, 0), (1, 0)), "W": ((0, 0), (0, 1)),
         "E": ((1, 0), (1, 1))}
NEIGHBOUR = {"N": (0, 1), "S": (0, -1), "W": (-1, 0), "E": (1, 0)}


def _tabs(face: int) -> list[str]:
    """One glue tab on each of the 7 edges that close the cube: the sides and top of 3 and 4
    (they meet 1, 6 and 5) and the foot of 5 (it meets the head of 1)."""
    return {3: ["N", "S", "W"], 4: ["N", "S", "E"], 5: ["S"]}.get(face, [])


Edge = tuple[tuple[int, int], tuple[int, int]]


def die_net_edges() -> tuple[list[Edge], list[Edge]]:
    """(cut lines, fold lines) of the net in face units: an edge between two faces or under a
    tab is folded (dashed), any other outer edge is cut (solid)."""
    cells = set(DIE_NET.values())
    cuts: list[Edge] = []
    folds: set[Edge] = set()
    for face, (col, row) in DIE_NET.items():
        for side, ((ax, ay), (bx, by)) in SIDES.items():
            edge = ((col + ax, row + ay), (col + bx, row + by))
            dx, dy = NEIGHBOUR[side]
            if (col + dx, row + dy) in cells or side in _tabs(face):
                folds.add(edge)
            else:
                cuts.append(edge)
    return cuts, sorted(folds)


def _tab(c: Canvas, x: float, y: float, s: float, side: str) -> None:
    t = 6 * MM
    c.setFillColorRGB(0.85, 0.85, 0.87)
    c.setStrokeColorRGB(*INK)
    p = c.beginPath()
    if side == "N":
        p.moveTo(x, y + s)
        p.lineTo(x + t, y + s + t)
        p.lineTo(x + s - t, y + s + t)
        p.lineTo(x + s, y + s)
    elif side == "S":
        p.moveTo(x, y)
        p.lineTo(x + t, y - t)
        p.lineTo(x + s - t, y - t)
        p.lineTo(x + s, y)
    elif side == "W":
        p.moveTo(x, y)
        p.lineTo(x - t, y + t)
        p.lineTo(x - t, y + s - t)
        p.lineTo(x, y + s)
    else:
        p.moveTo(x + s, y)
        p.lineTo(x + s + t, y + t)
        p.lineTo(x + s + t, y + s - t)
        p.lineTo(x + s, y + s)
    c.drawPath(p, stroke=0, fill=1)  # filled with its base; only the 3 outer sides are cut
    c.drawPath(p, stroke=1, fill=0)
