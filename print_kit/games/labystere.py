"""P'tit jeu Maëlys de Labystère: 23 path cards (green back), 22 action cards and 4 suspects
(yellow back: the suspects are shuffled into the grid with the actions), 9 Enquête cards per
colour, a foldable die net, pawn standees and the 5x5 setup map. Rules:
labystere-ptit-jeu-maelys.txt."""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Any

from reportlab.pdfgen.canvas import Canvas

from companion.games.labystere.data import LabystereData
from companion.model import Component
from print_kit.faces import INK, PALETTE, RGB, SOFT, Face, Part, Pens, colour_of, tint
from print_kit.fonts import BOLD, REGULAR
from print_kit.geometry import MM
from print_kit.kit import FreePage, PrintFile, group, is_house, items
from print_kit.options import PrintOptions
from print_kit.painter import Painter
from print_kit.reference import Sheet, Table
from print_kit.sheets import Deck
from print_kit.textfit import draw_block, fit_line, french

FOOTER = "Labystère"
ACTION_SYMBOLS = {
    "retour-depart": "fleche", "retour-arrivee": "fleche", "regarde-temoin": "oeil",
    "regarde-lieu": "loupe",
    "regarde-suspects-ecartes": "personne", "regarde-lieux-ecartes": "maison",
    "rejoue": "de", "echange-pion": "echange", "lancer-double": "double", "pas-d-action": "vide",
}
SHAPES = {"droit": "droit", "virage": "virage", "t": "en T", "croix": "en croix"}
PATH_BACK = Face("laby:dos-chemin", FOOTER, "vert", style="back", symbol="maison",
                 subtitle="Chemin", art="openmoji:1F332")
ACTION_BACK = Face("laby:dos-action", FOOTER, "jaune", style="back", symbol="loupe",
                   subtitle="Action", art="openmoji:1F50D")
# Pictures (OpenMoji, print_kit.art).
SUSPECT_ART = {"renard": "1F98A", "pie": "1F426", "ours": "1F43B", "souris": "1F42D"}
PLACE_ART = {"moulin": "1F33E", "cabane": "1F6D6", "puits": "26F2", "tour": "1F3EF"}
ACTION_ART = {"depart": "1F6B6", "arrivee": "1F3C1", "drapeau-ici": "1F6A9",
              "drapeau-absent": "1F3F3", "retour-depart": "1F519", "retour-arrivee": "1F51C",
              "regarde-temoin": "1F440", "regarde-lieu": "1F50E",
              "regarde-suspects-ecartes": "1F465", "regarde-lieux-ecartes": "1F5FA",
              "rejoue": "1F3B2", "echange-pion": "1F500", "lancer-double": "23E9",
              "pas-d-action": "1F6AB"}
WITNESS_ART, PATH_ART, SEPARATION_ART = "1F440", "1F463", "2796"


def art(comp: Component) -> str:
    f = comp.fields
    if comp.group in ("pions", "de"):
        return "openmoji:1F3B2"
    if comp.id.startswith("suspect-") or "-suspect-" in comp.id:
        return f"openmoji:{SUSPECT_ART[comp.id.rsplit('-', 1)[1]]}"
    if "place" in f:
        return f"openmoji:{PLACE_ART[f['place']]}"
    if f.get("type") == "temoin":
        return f"openmoji:{WITNESS_ART}"
    if f.get("type") == "chemin":
        return f"openmoji:{PATH_ART}"
    if f.get("type") == "separation":
        return f"openmoji:{SEPARATION_ART}"
    return f"openmoji:{ACTION_ART[comp.id]}"
COLOURS = {"rouge": "rouge", "bleu": "bleu", "vert": "vert", "jaune": "jaune"}
FEMININE = {"bleu": "bleue", "vert": "verte", "noir": "noire", "gris": "grise"}


def enquete_label(colour: str) -> str:
    """« Enquête verte »: the colour agrees with « enquête » (feminine)."""
    return f"Enquête {FEMININE.get(colour, colour)}"


def _face(comp: Component, *args: Any, **kwargs: Any) -> Face:
    """The face of `comp` with its picture."""
    return Face(f"laby:{comp.id}", *args, art=art(comp), **kwargs)


def path_card(comp: Component) -> Face:
    f = comp.fields
    shape = f["shape"]
    if f["type"] == "lieu":
        return _face(comp, comp.name, "vert", symbol="maison", parts=(Roads(shape),),
                    house="nom : défaut maison" if is_house(comp) else False, footer=FOOTER)
    if f["type"] == "temoin":
        return _face(comp, "Témoin", "vert", symbol="oeil", parts=(Roads(shape),),
                    house=is_house(comp), footer=FOOTER)
    return _face(comp, "Chemin", "vert", subtitle=f"Chemin {SHAPES[shape]}",
                parts=(Roads(shape),), house="forme : défaut maison" if is_house(comp) else False,
                footer=FOOTER)


def action_card(data: LabystereData, comp: Component) -> Face:
    f = comp.fields
    kind = f["type"]
    house = is_house(comp)
    if kind == "depart":
        return _face(comp, "Départ", "vert", symbol="fleche",
                    text="Tous les pions partent d'ici. Reste face visible.", footer=FOOTER,
                    house=house)
    if kind == "arrivee":
        return _face(comp, "Arrivée", "rouge", symbol="arrivee",
                    text="Venez ici pour annoncer le coupable et le lieu. Reste face visible.",
                    footer=FOOTER, house=house)
    if kind == "drapeau":
        text = ("Le drapeau était caché dans ce lieu !" if f["flag_here"]
                else "Le drapeau n'est pas dans ce lieu.")
        return _face(comp, comp.name, "orange", symbol="drapeau", text=text,
                    subtitle="Carte Drapeau", footer=FOOTER, house=house)
    if kind == "suspect":
        return _face(comp, comp.name, "violet", subtitle="Suspect",
                    symbol="personne", text="Vu par le témoin : ce suspect a un alibi, il est "
                    "innocent.", footer=FOOTER, house="nom : défaut maison" if house else False)
    action_id = comp.id
    return _face(comp, comp.name, "jaune", subtitle="Action obligatoire",
                symbol=ACTION_SYMBOLS[action_id], text=f["effect"], footer=FOOTER,
                house="répartition : défaut maison" if house else False)


def enquete(data: LabystereData, comp: Component) -> Face:
    f = comp.fields
    colour = COLOURS[f["colour"]]
    house = is_house(comp)
    if f["type"] == "separation":
        return _face(comp, "Séparation", colour, subtitle=enquete_label(f["colour"]),
                    symbol="separation", text="Au-dessus : encore possibles. En dessous : "
                    "innocents et lieux écartés.", footer=FOOTER, house=house)
    named = "nom et couleur : défaut maison" if house else False
    if "suspect" in f:
        return _face(comp, comp.name, colour, subtitle="Suspect",
                    symbol="personne", footer=FOOTER, house=named)
    return _face(comp, comp.name, colour, subtitle="Lieu", symbol="maison",
                footer=FOOTER, house=named)


def enquete_back(comp: Component) -> Face:
    colour = comp.fields["colour"]
    # A light back (white, framed in the player's colour): the yellow player's Enquête cards
    # must not look like the yellow-backed Action cards of the grid.
    return Face(f"laby:dos-enquete-{colour}", FOOTER, COLOURS[colour], style="back",
                symbol="loupe", subtitle=enquete_label(colour), art="openmoji:1F4D3",
                light=True)


ROADS = {"droit": "NS", "virage": "NE", "t": "WES", "croix": "NESW"}


def _roads(c: Canvas, shape: str, w: float, h: float, bleed: float, accent: RGB) -> None:
    """Road bands from the centre to the middle of the named edges, through the bleed, so
    neighbouring cards join up."""
    band = 0.3 * w
    cx, cy = w / 2, h / 2
    c.setFillColorRGB(*tint(PALETTE["brun"], 0.55))
    c.rect(cx - band / 2, cy - band / 2, band, band, stroke=0, fill=1)
    for side in ROADS[shape]:
        if side == "N":
            c.rect(cx - band / 2, cy, band, h / 2 + bleed, stroke=0, fill=1)
        elif side == "S":
            c.rect(cx - band / 2, -bleed, band, h / 2 + bleed, stroke=0, fill=1)
        elif side == "E":
            c.rect(cx, cy - band / 2, w / 2 + bleed, band, stroke=0, fill=1)
        else:
            c.rect(-bleed, cy - band / 2, w / 2 + bleed, band, stroke=0, fill=1)


def _road_outline(c: Canvas, shape: str, w: float, h: float) -> None:
    """Low-ink roads: only the edges of the road, inside the card."""
    half = 0.15 * w
    cx, cy = w / 2, h / 2
    arms = ROADS[shape]
    c.setStrokeColorRGB(*PALETTE["brun"])
    c.setLineWidth(1.4)
    p = c.beginPath()
    sides = {  # (arm end points) for an open side, (square side) for a closed one
        "N": (((cx - half, cy + half), (cx - half, h)), ((cx + half, cy + half), (cx + half, h)),
              ((cx - half, cy + half), (cx + half, cy + half))),
        "S": (((cx - half, cy - half), (cx - half, 0)), ((cx + half, cy - half), (cx + half, 0)),
              ((cx - half, cy - half), (cx + half, cy - half))),
        "E": (((cx + half, cy - half), (w, cy - half)), ((cx + half, cy + half), (w, cy + half)),
              ((cx + half, cy - half), (cx + half, cy + half))),
        "W": (((cx - half, cy - half), (0, cy - half)), ((cx - half, cy + half), (0, cy + half)),
              ((cx - half, cy - half), (cx - half, cy + half))),
    }
    for side, (edge1, edge2, closed) in sides.items():
        for a, b in ((edge1, edge2) if side in arms else (closed,)):
            p.moveTo(*a)
            p.lineTo(*b)
    c.drawPath(p, stroke=1, fill=0)


@dataclass(frozen=True)
class Roads(Part):
    """A path card's roads (droit, virage, t or croix) from the centre through the bleed, so
    neighbouring cards join up on the table; the face's picture stands at the crossing."""

    shape: str
    busy = True
    reaches_edge = True

    def under(self, c: Canvas, face: Face, w: float, h: float, bleed: float, low_ink: bool,
              pens: Pens) -> None:
        accent = colour_of(face.accent)
        if low_ink:
            _road_outline(c, self.shape, w, h)
        else:
            c.setFillColorRGB(*tint(accent, 0.8))
            c.rect(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed, stroke=0, fill=1)
            _roads(c, self.shape, w, h, bleed, accent)
        s = 0.3 * w
        if face.art or face.symbol:  # at the crossing, where the pawn stands
            c.setFillColorRGB(1, 1, 1)
            c.circle(w / 2, h / 2, s * 0.62, stroke=0, fill=1)
        if face.art:
            a = s * 1.05
            pens.art(c, face.art, (w - a) / 2, (h - a) / 2, a)
        elif face.symbol:
            pens.symbol(c, face.symbol, accent, (w - s) / 2, (h - s) / 2, s)


PIPS = {1: [(1, 1)], 2: [(0, 2), (2, 0)], 3: [(0, 2), (1, 1), (2, 0)],
        4: [(0, 0), (0, 2), (2, 0), (2, 2)], 5: [(0, 0), (0, 2), (1, 1), (2, 0), (2, 2)],
        6: [(0, 0), (0, 1), (0, 2), (2, 0), (2, 1), (2, 2)]}


def _die_and_pawns(data: LabystereData, pawns: list[Component]):  # noqa: ANN202
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
            colour = PALETTE[COLOURS[pawn.fields["colour"]]]
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
            if is_house(pawn):
                c.setFont(REGULAR, 5)
                c.setFillColorRGB(*SOFT)
                c.drawString(x, y - 2 * half - 3 * MM, french("couleur : défaut maison"))
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


def setup_layout(seed: int) -> Any | None:
    """The setup generator's layout for `seed`, or None where the module is absent."""
    try:
        module = importlib.import_module("companion.games.labystere.setup")
    except ModuleNotFoundError:
        return None
    return module.generate(seed)


KIND_LABELS = {"depart": "Départ", "arrivee": "Arrivée", "drapeau": "Drapeau",
               "suspect": "Suspect", "action": "Action"}


def map_cells(data: LabystereData, seed: int) -> list[list[tuple[str, str]]] | None:
    """(covering path card, face-down card) per cell, spoiler-free (registre PRINT-4): the
    hidden card is named by its kind only, so the map can be seen by everyone."""
    layout = setup_layout(seed)
    if layout is None:
        return None
    names = {c.id: c.name for c in data.components()}
    out = []
    for row in layout:
        line = []
        for cell in row:
            path = names.get(cell.path, "") if cell.path else "(à découvert)"
            line.append((path, KIND_LABELS.get(cell.kind, cell.kind)))
        out.append(line)
    return out


def _setup_map(data: LabystereData, seed: int):  # noqa: ANN202
    cells = map_cells(data, seed)

    def draw(c: Canvas, painter: Painter, page_w: float, page_h: float) -> None:
        c.setFillColorRGB(*INK)
        c.setFont(BOLD, 14)
        title = (f"Labystère — plan de mise en place (graine {seed})" if cells
                 else "Labystère — grille de mise en place (modèle vierge)")
        c.drawString(15 * MM, page_h - 18 * MM, french(title))
        c.setFont(REGULAR, 8)
        c.setFillColorRGB(*SOFT)
        draw_block(c, "Chaque case : en haut la carte Chemin posée face visible, en bas la sorte "
                   "de carte cachée dessous (tirée au hasard dans sa pile).", REGULAR, 15 * MM,
                   page_h - 21 * MM, page_w - 30 * MM, 10 * MM, largest=8, smallest=5,
                   where="labystere-plan")
        n_rows, n_cols = data.grid_rows, data.grid_cols
        size = min((page_w - 30 * MM) / n_cols, (page_h - 60 * MM) / n_rows)
        x0 = (page_w - n_cols * size) / 2
        y0 = page_h - 32 * MM
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
                if not cells:
                    continue
                path, hidden = cells[r][col]
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
        draw_block(c, "Mise en place : un suspect de côté sans le regarder (le coupable), les 3 "
                   "autres mélangés aux cartes Action ; les Lieux couvrent les Drapeaux, les "
                   "Témoins couvrent les Suspects, Départ et Arrivée restent visibles.", REGULAR,
                   x0, y0 - n_rows * size - 3 * MM, n_cols * size, 20 * MM, largest=8,
                   smallest=5, where="labystere-plan")
    return draw, cells is not None


def files(data: LabystereData, options: PrintOptions) -> list[PrintFile]:
    comps = data.components()
    out = [
        PrintFile("labystere-chemins", "labystere", f"{FOOTER} — cartes Chemin (dos vert)",
                  (Deck("Chemins", items(group(comps, "chemins"), path_card, PATH_BACK)),),
                  groups=("chemins",)),
        PrintFile("labystere-actions", "labystere",
                  f"{FOOTER} — cartes Action et Suspect (dos jaune)",
                  (Deck("Actions", items(group(comps, "actions", "suspects"),
                                         lambda c: action_card(data, c), ACTION_BACK),
                        secret=True),),
                  groups=("actions", "suspects")),
    ]
    for colour in data.colours:
        g = f"enquete-{colour.id}"
        out.append(PrintFile(f"labystere-{g}", "labystere",
                             f"{FOOTER} — cartes {enquete_label(colour.name)}",
                             (Deck(enquete_label(colour.name),
                                   items(group(comps, g), lambda c: enquete(data, c),
                                         enquete_back)),),
                             groups=(g,)))
    pawns = group(comps, "pions")
    die = group(comps, "de")
    draw_map, seeded = _setup_map(data, options.seed)
    out.append(PrintFile(
        "labystere-de-pions", "labystere", f"{FOOTER} — dé à plier et pions",
        pages=(FreePage(f"{FOOTER} — dé et pions", _die_and_pawns(data, pawns),
                        tuple(p.name for p in pawns),
                        tuple((c.id, c.copies) for c in pawns + die)),),
        groups=("pions", "de")))
    out.append(PrintFile(
        "labystere-plan", "labystere", f"{FOOTER} — plan de mise en place"
        + (f" (graine {options.seed})" if seeded else " (modèle vierge)"),
        pages=(FreePage(f"{FOOTER} — plan", draw_map),)))
    return out


def sheet(data: LabystereData, options: PrintOptions) -> Sheet:
    actions = Table(["Action", "Ex.", "Ce qu'il faut faire"], [
        [a.name, str(a.copies), a.effect] for a in data.actions], widths=[1.6, 0.5, 6])
    comps = data.components()
    per_colour = sum(c.copies for c in comps if c.group == f"enquete-{data.colours[0].id}")
    suspects = sum(c.copies for c in comps if c.group == "suspects")
    blocks = [
        ("But", ["Être le premier à trouver qui a volé le drapeau et dans quel lieu il est "
                 "caché, puis l'annoncer sur la case Arrivée."]),
        ("Mise en place", [
            f"Chacun prend un pion et les {per_colour} cartes Enquête de sa couleur.",
            "Un suspect mélangé est mis de côté sans le regarder : c'est le coupable. Les "
            f"{suspects - 1} autres sont mélangés aux cartes Action, posées face cachée en "
            f"grille {data.grid_rows} × {data.grid_cols}, "
            "Départ, Arrivée, Drapeaux et Suspects écartés les uns des autres.",
            "Départ et Arrivée face visible ; les Lieux couvrent les Drapeaux, les Témoins les "
            "Suspects, les autres chemins le reste.",
        ]),
        ("À ton tour : lance le dé, puis au choix", [
            "Avancer d'exactement ce nombre de cases, horizontalement ou verticalement, "
            "uniquement par des chemins qui se suivent (revenir en arrière n'est permis que "
            "depuis une carte de coin ou de bord de la grille), puis retourner le paquet "
            "d'arrivée.",
            "Ou échanger deux paquets de chemins vides (ni Lieu, ni Témoin, ni Départ/Arrivée, "
            "ni case occupée) : sans avancer ni retourner.",
            "Les actions retournées sont obligatoires.",
        ]),
    ]
    faq = [
        "… l'action demande de regarder les suspects ou lieux écartés d'un joueur qui n'en a "
        "aucun ? Rien ne se passe, au suivant.",
        "… j'annonce sur l'Arrivée et je me trompe ? J'ai perdu ; les autres continuent.",
        "… plusieurs pions sur la même case ? C'est permis.",
    ]
    return Sheet("labystere", blocks, [("Cartes Action", actions)],
                 footnote="Noms des suspects et des lieux, formes des chemins et répartition "
                          "des actions : défauts maison (la règle ne les donne pas).",
                 accent="vert", extra=[("Que se passe-t-il si…", faq)])
