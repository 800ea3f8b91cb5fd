"""P'tit jeu Maëlys de Labystère: 23 path cards (green back), 22 action cards and 4 suspects
(yellow back: the suspects are shuffled into the grid with the actions), 9 Enquête cards per
colour, a foldable die net and pawn standees (labystere_die.py) and the 5x5 setup plan
(labystere_plan.py). Rules: labystere-ptit-jeu-maelys.txt."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from reportlab.pdfgen.canvas import Canvas

from companion.core.model import Component
from companion.games.labystere.board import SHAPE_SIDES
from companion.games.labystere.data import LabystereData
from print_kit.draw.faces import PALETTE, RGB, Face, Part, Pens, colour_of, tint
from print_kit.games.labystere_die import die_and_pawns
from print_kit.games.labystere_plan import setup_map
from print_kit.kit import FreePage, PrintFile, group, items
from print_kit.layout.sheets import Deck
from print_kit.options import PrintOptions
from print_kit.reference import Sheet, Table

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
# Pictures (OpenMoji, print_kit.draw.art).
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
                    footer=FOOTER)
    if f["type"] == "temoin":
        return _face(comp, "Témoin", "vert", symbol="oeil", parts=(Roads(shape),),
                    footer=FOOTER)
    return _face(comp, "Chemin", "vert", subtitle=f"Chemin {SHAPES[shape]}",
                parts=(Roads(shape),), footer=FOOTER)


def action_card(data: LabystereData, comp: Component) -> Face:
    f = comp.fields
    kind = f["type"]
    if kind == "depart":
        return _face(comp, "Départ", "vert", symbol="fleche",
                    text="Tous les pions partent d'ici. Reste face visible.", footer=FOOTER)
    if kind == "arrivee":
        return _face(comp, "Arrivée", "rouge", symbol="arrivee",
                    text="Venez ici pour annoncer le coupable et le lieu. Reste face visible.",
                    footer=FOOTER)
    if kind == "drapeau":
        text = ("Le drapeau était caché dans ce lieu !" if f["flag_here"]
                else "Le drapeau n'est pas dans ce lieu.")
        return _face(comp, comp.name, "orange", symbol="drapeau", text=text,
                    subtitle="Carte Drapeau", footer=FOOTER)
    if kind == "suspect":
        return _face(comp, comp.name, "violet", subtitle="Suspect",
                    symbol="personne", text="Vu par le témoin : ce suspect a un alibi, il est "
                    "innocent.", footer=FOOTER)
    action_id = comp.id
    return _face(comp, comp.name, "jaune", subtitle="Action obligatoire",
                symbol=ACTION_SYMBOLS[action_id], text=f["effect"], footer=FOOTER)


def enquete(data: LabystereData, comp: Component) -> Face:
    f = comp.fields
    colour = COLOURS[f["colour"]]
    if f["type"] == "separation":
        return _face(comp, "Séparation", colour, subtitle=enquete_label(f["colour"]),
                    symbol="separation", text="Au-dessus : encore possibles. En dessous : "
                    "innocents et lieux écartés.", footer=FOOTER)
    if "suspect" in f:
        return _face(comp, comp.name, colour, subtitle="Suspect",
                    symbol="personne", footer=FOOTER)
    return _face(comp, comp.name, colour, subtitle="Lieu", symbol="maison",
                footer=FOOTER)


def enquete_back(comp: Component) -> Face:
    colour = comp.fields["colour"]
    # A light back (white, framed in the player's colour): the yellow player's Enquête cards
    # must not look like the yellow-backed Action cards of the grid.
    return Face(f"laby:dos-enquete-{colour}", FOOTER, COLOURS[colour], style="back",
                symbol="loupe", subtitle=enquete_label(colour), art="openmoji:1F4D3",
                light=True)


def _roads(c: Canvas, shape: str, w: float, h: float, bleed: float, accent: RGB) -> None:
    """Road bands from the centre to the middle of the edges the engine opens at rotation 0
    (SHAPE_SIDES, the card upright: N at the top), through the bleed, so neighbouring cards
    join up and a card laid as the plan turns it opens where the app says."""
    band = 0.3 * w
    cx, cy = w / 2, h / 2
    c.setFillColorRGB(*tint(PALETTE["brun"], 0.55))
    c.rect(cx - band / 2, cy - band / 2, band, band, stroke=0, fill=1)
    for side in SHAPE_SIDES[shape]:
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
    arms = SHAPE_SIDES[shape]
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
    draw_map, seeded = setup_map(data, options.seed)
    out.append(PrintFile(
        "labystere-de-pions", "labystere", f"{FOOTER} — dé à plier et pions",
        pages=(FreePage(f"{FOOTER} — dé et pions", die_and_pawns(data, pawns, COLOURS),
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
