"""Emblèmes: 75 character cards (15 per family), 9 two-sided place cards, 96 coins and the
first-player pawn. Rules: emblemes.txt."""

from __future__ import annotations

from dataclasses import dataclass

from reportlab.pdfgen.canvas import Canvas

from companion.core.model import Component
from companion.core.provenance import Provenance
from companion.games.emblemes.cards import TIMING_LABELS, TIMING_MARKS
from companion.games.emblemes.data import PLACE_NAMES, EmblemesData
from print_kit.draw.faces import INK, Face, Part, Pens
from print_kit.draw.fonts import BOLD
from print_kit.kit import BIG_TOKEN, TOKEN, PrintFile, group, items
from print_kit.layout.geometry import MM
from print_kit.layout.sheets import Deck
from print_kit.options import PrintOptions
from print_kit.reference import Sheet, Table

FOOTER = "Emblèmes"
TIMING_SYMBOLS = {"immediate": "losange", "end_of_round": "carre"}
PLACE_LOOK = {"chateau": ("or", "couronne"), "village": ("vert", "maison"),
              "port": ("bleu", "fanion")}
RANKS = ("1re", "2e", "3e", "4e", "5e")
# Pictures (OpenMoji, print_kit.draw.art): one per character value, place and family.
CHARACTER_ART = {15: "1F934", 14: "1F478", 13: "1F9D9-200D-2640-FE0F", 12: "1F482",
                 11: "1F977", 10: "2697", 9: "1F483", 8: "265F", 7: "1F5E1", 6: "1F4B0",
                 5: "2694", 4: "1F3BB", 3: "1F575-FE0F-200D-2640-FE0F", 2: "26F5", 1: "1F3F9"}
PLACE_ART = {"chateau": "1F3F0", "village": "1F3D8", "port": "2693"}
# A family's emblem (its `emblem` id in the data) is its own picture, on the back and in the
# front's corner: the vector « lion » was a sunburst with a face, told from the Soleil by its
# colour only (issue 36). An emblem id not listed keeps its vector symbol.
EMBLEM_ART = {"lion": "1F981", "aigle": "1F985", "cerf": "1F98C", "serpent": "1F40D",
              "soleil": "2600"}
COIN_ART = "openmoji:1FA99"
FIRST_PLAYER_ART = "openmoji:1F451"


def art(comp: Component) -> str:
    """The picture of a component (the app shows the same)."""
    f = comp.fields
    if comp.group == "personnages":
        return f"openmoji:{CHARACTER_ART[int(f['value'])]}"
    if comp.group == "lieux":
        return f"openmoji:{PLACE_ART[f['place']]}"
    return COIN_ART if comp.group == "pieces" else FIRST_PLAYER_ART


@dataclass(frozen=True)
class Timing(Part):
    """When a character's effect applies: ♦ immediately or □ at the end of the round, drawn as
    vector shapes (the font has neither) beside their label."""

    timing: str

    def strings(self) -> tuple[str, ...]:
        return (TIMING_LABELS[self.timing],)

    def body(self, c: Canvas, face: Face, mid: float, y: float, k: float, pens: Pens) -> float:
        s = 8.5 * k
        label = TIMING_LABELS[self.timing]
        c.setFont(BOLD, 7.5 * k)
        lw = c.stringWidth(label, BOLD, 7.5 * k)
        x0 = mid - (s + 1.2 * MM + lw) / 2
        pens.symbol(c, TIMING_SYMBOLS[self.timing], INK, x0, y - s, s)
        c.setFillColorRGB(*INK)
        c.drawString(x0 + s + 1.2 * MM, y - s + 1.2 * k, label)
        return y - s - 2 * MM * k


def _family(data: EmblemesData, family_id: str):  # noqa: ANN202
    return next(f for f in data.families if f.id == family_id)


def emblem_art(emblem: str) -> str | None:
    """The picture of a family's emblem, None when the emblem is drawn as its vector symbol."""
    code = EMBLEM_ART.get(emblem)
    return f"openmoji:{code}" if code else None


def character(data: EmblemesData, comp: Component) -> Face:
    f = comp.fields
    fam = _family(data, f["family"])
    return Face(f"emb:{comp.id}", comp.name, fam.colour, corner=str(f["value"]),
                subtitle=f"Famille {fam.name}", symbol=fam.emblem, emblem=emblem_art(fam.emblem),
                art=art(comp), text=f["effect"], parts=(Timing(f["timing"]),), footer=FOOTER)


def family_back(data: EmblemesData, comp: Component) -> Face:
    fam = _family(data, comp.fields["family"])
    return Face(f"emb:dos-{fam.id}", FOOTER, fam.colour, style="back", symbol=fam.emblem,
                art=emblem_art(fam.emblem), subtitle=fam.name)


def place_face(comp: Component, side: str) -> Face:
    f = comp.fields
    colour, symbol = PLACE_LOOK[f["place"]]
    rewards = f["rewards_3_4"] if side == "3_4" else f["rewards_5"]
    players = "3-4 joueurs" if side == "3_4" else "5 joueurs"
    return Face(f"emb:{comp.id}-{side}", PLACE_NAMES[f["place"]], colour,
                subtitle=f"Set {f['set']} · face {players}", symbol=symbol, art=art(comp),
                rows=tuple(zip(RANKS, rewards, strict=False)),
                footer=f"{FOOTER} · carte Lieu recto-verso")


def coin(comp: Component) -> Face:
    return Face(f"emb:{comp.id}", "pièce d'or", "or", style="token",
                corner=str(comp.fields["value"]), art=COIN_ART)


def files(data: EmblemesData, options: PrintOptions) -> list[PrintFile]:
    comps = data.components()
    people = group(comps, "personnages")
    places = group(comps, "lieux")
    coins = group(comps, "pieces")
    pawns = group(comps, "pions")
    first = Face("emb:premier-joueur", "Premier joueur", "or", style="token", symbol="couronne",
                 art=FIRST_PLAYER_ART)
    return [
        PrintFile("emblemes-personnages", "emblemes", f"{FOOTER} — cartes Personnage",
                  (Deck("Personnages", items(people, lambda c: character(data, c),
                                             lambda c: family_back(data, c))),),
                  groups=("personnages",)),
        PrintFile("emblemes-lieux", "emblemes", f"{FOOTER} — cartes Lieu (recto 3-4 joueurs, "
                  "verso 5 joueurs)",
                  (Deck("Lieux", items(places, lambda c: place_face(c, "3_4"),
                                       lambda c: place_face(c, "5")), backs_are_faces=True),),
                  groups=("lieux",)),
        PrintFile("emblemes-pieces", "emblemes", f"{FOOTER} — pièces d'or et pion Premier joueur",
                  (Deck("Pièces d'or", items(coins, coin, coin), TOKEN),
                   Deck("Pion Premier joueur", items(pawns, lambda c: first, first), BIG_TOKEN)),
                  groups=("pieces", "pions")),
    ]


def sheet(data: EmblemesData, options: PrintOptions) -> Sheet:
    effects = Table(["Valeur", "Personnage", "Quand", "Effet"], [
        [str(ch.value), ch.name, f"{TIMING_MARKS[ch.timing]} {TIMING_LABELS[ch.timing]}",
         ch.effect] for ch in sorted(data.characters, key=lambda c: -c.value)],
        widths=[0.95, 1.6, 1.5, 6])
    turns = ", ".join(f"{n} joueurs : {t} tours" for n, t in sorted(data.turns_per_round.items()))
    blocks = [
        ("But", [f"Le plus riche en pièces d'or après {data.rounds} manches gagne ; égalité : "
                 "le détenteur du pion Premier joueur, sinon le plus proche de lui dans le sens "
                 "horaire."]),
        ("Mise en place", [
            "Un set de cartes Lieu (A pour débuter), en colonne : Château, Village, Port, "
            "sur la face qui correspond au nombre de joueurs.",
            f"Chacun mélange ses 15 cartes, en pioche {data.hand_size} et reçoit "
            f"{data.starting_coins} pièces d'or.",
        ]),
        ("Un tour", [
            "Tous choisissent en secret une carte et la posent face cachée.",
            "Dans l'ordre à partir du Premier joueur : on la révèle et on la place dans un lieu, "
            "rangée par valeur décroissante (à égalité, à gauche ou à droite au choix). "
            "♦ : effet appliqué aussitôt.",
            "Une fois que tout le monde a posé sa carte, le pion Premier joueur passe au "
            "joueur à gauche : après chaque tour, pas seulement en fin de manche.",
            f"Tours par manche — {turns}.",
        ]),
        ("Fin de manche, lieu par lieu", [
            "Effets □ de la plus forte carte à la plus faible, puis récompenses de la carte Lieu "
            "selon le rang (1re = la plus à gauche).",
            f"Les cartes récompensées sont défaussées, les autres restent ; chacun repioche "
            f"jusqu'à {data.hand_size} cartes.",
        ]),
    ]
    rewards = Table(["Lieu", "Face 3-4 joueurs", "Face 5 joueurs"], [
        [f"{PLACE_NAMES[p.place]} (set {p.set})",
         " / ".join(r.label() for r in p.face_3_4.rewards)
         + (" *" if p.face_3_4.provenance is Provenance.HOUSE else ""),
         " / ".join(r.label() for r in p.face_5.rewards)
         + (" *" if p.face_5.provenance is Provenance.HOUSE else "")]
        for p in data.place_cards], widths=[1.4, 3, 3.6])
    return Sheet("emblemes", blocks, [("Effets des personnages", effects),
                                      ("Récompenses des lieux (1re / 2e / 3e…)", rewards)],
                 footnote="* défaut maison : la règle ne donne que la face 3-4 joueurs du Château "
                          "du set A ; remplacez par les valeurs de vos cartes. Familles, couleurs "
                          "et emblèmes sont aussi des choix du projet.", accent="violet")
