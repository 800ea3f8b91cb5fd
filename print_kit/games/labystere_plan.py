"""Labystère's setup plan (registres PRINT-4, LAB-4): the 5x5 grid of a seed, each cell with
its face-up path card, turned as the plan draws it, and the sort of the card hidden under it
(never which one: the map can lie on the table). A blank template without the setup module."""

from __future__ import annotations

import importlib
from typing import Any

from reportlab.pdfgen.canvas import Canvas

from companion.games.labystere.data import LabystereData
from print_kit.draw.faces import INK, PALETTE, SOFT, tint
from print_kit.draw.fonts import BOLD, REGULAR
from print_kit.draw.painter import Painter
from print_kit.draw.textfit import draw_block, fit_line, french
from print_kit.layout.geometry import MM


def setup_layout(seed: int) -> Any | None:
    """The setup generator's layout for `seed`, or None where the module is absent."""
    try:
        module = importlib.import_module("companion.games.labystere.setup")
    except ModuleNotFoundError:
        return None
    return module.generate(seed)


KIND_LABELS = {"depart": "Départ", "arrivee": "Arrivée", "drapeau": "Drapeau",
               "suspect": "Suspect", "action": "Action"}


def map_cells(data: LabystereData, seed: int) -> list[list[tuple[str, str, str]]] | None:
    """(covering path card, face-down card, open sides) per cell, spoiler-free (registre
    PRINT-4): the hidden card is named by its kind only, so the map can be seen by everyone.
    The open sides (N, E, S, W) are the path card's turned as the plan draws it (LAB-4);
    Départ and Arrivée open on every side (LAB-12)."""
    layout = setup_layout(seed)
    if layout is None:
        return None
    from companion.games.labystere.board import SHAPE_SIDES, turn

    names = {c.id: c.name for c in data.components()}
    shapes = {c.id: str(c.fields["shape"]) for c in data.components() if "shape" in c.fields}
    out = []
    for row in layout:
        line = []
        for cell in row:
            path = names.get(cell.path, "") if cell.path else "(à découvert)"
            sides = turn(SHAPE_SIDES[shapes[cell.path]], cell.rotation) if cell.path \
                else "NESW"
            line.append((path, KIND_LABELS.get(cell.kind, cell.kind), sides))
        out.append(line)
    return out


ROW_NAMES = "ABCDEFGHIJ"  # as the app and the CLI name the cells (A1 top left)


def _roads(c: Canvas, sides: str, x: float, y: float, size: float) -> None:
    """The cell's open sides as road bands from its centre to the middle of each open side,
    under the texts: lay the path card so that its roads match."""
    band = 0.2 * size
    cx, cy = x + size / 2, y + size / 2
    c.setFillColorRGB(*tint(PALETTE["brun"], 0.62))
    c.rect(cx - band / 2, cy - band / 2, band, band, stroke=0, fill=1)
    for side in sides:
        if side == "N":
            c.rect(cx - band / 2, cy, band, size / 2, stroke=0, fill=1)
        elif side == "S":
            c.rect(cx - band / 2, y, band, size / 2, stroke=0, fill=1)
        elif side == "E":
            c.rect(cx, cy - band / 2, size / 2, band, stroke=0, fill=1)
        else:
            c.rect(x, cy - band / 2, size / 2, band, stroke=0, fill=1)


def setup_map(data: LabystereData, seed: int):  # noqa: ANN201
    """(the plan page's drawing, whether a seeded plan could be made)."""
    cells = map_cells(data, seed)

    def draw(c: Canvas, painter: Painter, page_w: float, page_h: float) -> None:
        c.setFillColorRGB(*INK)
        c.setFont(BOLD, 14)
        title = (f"Labystère — plan de mise en place (graine {seed})" if cells
                 else "Labystère — grille de mise en place (modèle vierge)")
        c.drawString(15 * MM, page_h - 18 * MM, french(title))
        c.setFont(REGULAR, 8)
        c.setFillColorRGB(*SOFT)
        draw_block(c, "Chaque case : en haut la carte Chemin, posée face visible et tournée comme "
                   "les routes dessinées ; en bas la sorte de carte cachée dessous.", REGULAR,
                   15 * MM, page_h - 21 * MM, page_w - 30 * MM, 10 * MM, largest=8, smallest=5,
                   where="labystere-plan")
        n_rows, n_cols = data.grid_rows, data.grid_cols
        size = min((page_w - 30 * MM) / n_cols, (page_h - 60 * MM) / n_rows)
        x0 = (page_w - n_cols * size) / 2
        y0 = page_h - 35 * MM  # under the two lines of instructions and the column numbers
        for r in range(n_rows):
            for col in range(n_cols):
                x, y = x0 + col * size, y0 - (r + 1) * size
                kind = cells[r][col][1] if cells else ""
                fill = {"Départ": "vert", "Arrivée": "rouge", "Drapeau": "orange",
                        "Suspect": "violet"}.get(kind)
                c.setFillColorRGB(*(tint(PALETTE[fill], 0.75) if fill else (1, 1, 1)))
                c.setStrokeColorRGB(*INK)
                c.setLineWidth(0.8)
                c.rect(x, y, size, size, stroke=1, fill=1)
                if r == 0:
                    c.setFont(BOLD, 9)
                    c.setFillColorRGB(*SOFT)
                    c.drawCentredString(x + size / 2, y + size + 1.5 * MM, str(col + 1))
                if col == 0:
                    c.setFont(BOLD, 9)
                    c.setFillColorRGB(*SOFT)
                    c.drawRightString(x - 1.5 * MM, y + size / 2 - 3, ROW_NAMES[r])
                if not cells:
                    continue
                path, hidden, sides = cells[r][col]
                _roads(c, sides, x, y, size)
                c.setStrokeColorRGB(*INK)
                c.rect(x, y, size, size, stroke=1, fill=0)
                c.setFillColorRGB(*INK)
                s1 = fit_line(french(path), BOLD, size - 4 * MM, largest=10, smallest=5,
                              where="labystere-plan")
                c.setFont(BOLD, s1)
                c.drawCentredString(x + size / 2, y + size * 0.58, french(path))
                c.setFont(REGULAR, 9)
                c.setFillColorRGB(*SOFT)
                c.drawCentredString(x + size / 2, y + size * 0.3, french(hidden))
        c.setFont(REGULAR, 7)
        c.setFillColorRGB(*SOFT)
        draw_block(c, "Mise en place : posez Départ, Arrivée et chaque carte Chemin comme le plan "
                   "les montre. Les cartes Suspect, Drapeau et Action restent dans la boîte : "
                   "l'application sait laquelle est sous chaque chemin et la montre au seul "
                   "joueur qui la retourne (le coupable, lui, n'est connu de personne).", REGULAR,
                   x0, y0 - n_rows * size - 3 * MM, n_cols * size, 20 * MM, largest=8,
                   smallest=5, where="labystere-plan")
    return draw, cells is not None
