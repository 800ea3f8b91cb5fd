"""Camelot (Ivanhoé): 70 colour cards, 20 supporters, 20 actions, 25 tokens. Rules: camelot.txt."""

from __future__ import annotations

from companion.core.model import Component
from companion.games.camelot.data import CamelotData
from print_kit.draw.faces import Face
from print_kit.kit import TOKEN, PrintFile, group, items
from print_kit.layout.sheets import Deck
from print_kit.options import PrintOptions
from print_kit.reference import Sheet, Table

FOOTER = "Camelot"
FAMILIES = {"couleur": ("Action · couleur du tournoi", "fanion"),
            "personnage": ("Action · personnages", "epee"),
            "special": ("Action spéciale", "etoile")}
SUPPORT_TEXT = {
    "Écuyer": "Soutien : se joue dans un tournoi de n'importe quelle couleur.",
    "Dame": "Soutien : une seule Dame à la fois sur votre personnage. Abandon avec une Dame : "
            "perdez un jeton.",
}
BACK = Face("cam:dos", FOOTER, "marine", style="back", symbol="bouclier", subtitle="Camelot",
            art="openmoji:1F3F0")
# Pictures (OpenMoji, print_kit.draw.art): Ivanhoé's tournaments are jousting (purple), swords
# (red), axes (blue), maces (yellow) and bare hands (green).
COLOUR_ART = {"violet": "1F3C7", "rouge": "2694", "bleu": "1FA93", "jaune": "1F528",
              "vert": "1F44A"}
SUPPORT_ART = {"Écuyer": "1FA96", "Dame": "1F339"}
ACTION_ART = {"desarconne": "1F40E", "changement-arme": "1F504", "bouclier": "1F6E1",
              "assomme": "1F4AB", "lancelot": "1F934"}
FAMILY_ART = {"couleur": "1F6A9", "personnage": "1F93A", "special": "1F31F"}
TOKEN_ART = "openmoji:1F3C5"


def art(comp: Component) -> str:
    f = comp.fields
    if comp.group == "jetons":
        return TOKEN_ART
    if f["type"] == "couleur":
        return f"openmoji:{COLOUR_ART[f['colour']]}"
    if f["type"] == "soutien":
        return f"openmoji:{SUPPORT_ART[comp.name.rsplit(' ', 1)[0]]}"
    return f"openmoji:{ACTION_ART.get(comp.id, FAMILY_ART[f['family']])}"


def card(data: CamelotData, comp: Component) -> Face:
    f = comp.fields
    if f["type"] == "couleur":
        colour = next(c for c in data.colours if c.id == f["colour"])
        return Face(f"cam:{comp.id}", colour.name, colour.id, corner=str(f["value"]),
                    subtitle=f"Tournoi {colour.name.lower()}", art=art(comp),
                    footer=FOOTER)
    if f["type"] == "soutien":
        name = comp.name.rsplit(" ", 1)[0]
        return Face(f"cam:{comp.id}", name, "ardoise", corner=str(f["value"]),
                    subtitle="Carte de soutien", symbol="dame" if name == "Dame" else "ecuyer",
                    art=art(comp),
                    text=SUPPORT_TEXT.get(name, ""), footer=FOOTER)
    label, symbol = FAMILIES[f["family"]]
    return Face(f"cam:{comp.id}", comp.name, "brun", subtitle=label, symbol=symbol,
                art=art(comp), text=f["effect"], footer=FOOTER)


def token(comp: Component) -> Face:
    return Face(f"cam:{comp.id}", comp.name.removeprefix("Jeton ").capitalize(),
                comp.fields["colour"], style="token", symbol="bouclier", art=TOKEN_ART)


def files(data: CamelotData, options: PrintOptions) -> list[PrintFile]:
    comps = data.components()
    return [
        PrintFile("camelot-cartes", "camelot", f"{FOOTER} — les 110 cartes",
                  (Deck("Cartes", items(group(comps, "cartes"), lambda c: card(data, c), BACK),
                         secret=True),),
                  groups=("cartes",)),
        PrintFile("camelot-jetons", "camelot", f"{FOOTER} — les 25 jetons",
                  (Deck("Jetons", items(group(comps, "jetons"), token, token), TOKEN),),
                  groups=("jetons",)),
    ]


def sheet(data: CamelotData, options: PrintOptions) -> Sheet:
    colours = Table(["Couleur", "Cartes (valeur × exemplaires)", "Total"], [
        [c.name, ", ".join(f"{v.value} ×{v.copies}" for v in c.cards),
         str(sum(v.copies for v in c.cards))] for c in data.colours]
        + [["Soutien", ", ".join(f"{s.name} {s.value} ×{s.copies}" for s in data.supporters),
            str(sum(s.copies for s in data.supporters))]], widths=[1.2, 5, 0.8])
    actions = Table(["Action", "Ex.", "Effet"], [
        [a.name, str(a.copies), a.effect] for a in data.actions], widths=[1.6, 0.5, 6])
    goal = ", ".join(f"{n} joueurs : {k}" for n, k in sorted(data.tokens_to_win.items()))
    squires = [s for s in data.supporters if not s.name.startswith("Dame")]
    ladies = [s for s in data.supporters if s.name.startswith("Dame")]
    blocks = [
        ("But", [f"Réunir des jetons de couleurs différentes — {goal}."]),
        ("Mise en place", [f"Distribuez {data.hand_size} cartes à chacun ; le reste forme le "
                           "talon, face cachée. Le joueur à gauche du donneur ouvre le premier "
                           "tournoi."]),
        ("Un tour", [
            "Piochez une carte. Jouez-en autant que vous voulez sur votre personnage : couleur "
            "du tournoi, soutien ou action. Votre total doit être le plus haut, sinon "
            "abandonnez (défaussez votre personnage).",
            "Qui ouvre un tournoi choisit sa couleur avant de piocher (pas violet deux fois "
            "de suite), puis pioche et doit jouer une carte de cette couleur ou un soutien.",
            "Tournoi vert : chaque carte posée vaut 1.",
            "Soutiens : écuyers ("
            + ", ".join(sorted({str(s.value) for s in squires})) + ") sans limite ; Dame ("
            + ", ".join(sorted({str(s.value) for s in ladies})) + ") : une seule à la fois "
            "sur votre personnage, et qui abandonne avec une Dame défausse un de ses jetons "
            "(même en tournoi vert).",
            "Dernier en lice : il gagne le jeton de la couleur (violet : couleur au choix) et "
            "ouvre le tournoi suivant.",
        ]),
    ]
    return Sheet("camelot", blocks, [("Couleurs et soutiens", colours),
                                     ("Cartes d'action", actions)],
                 footnote="Nombres d'exemplaires non donnés par la règle française : ceux de "
                          "l'édition publiée d'Ivanhoé (Reiner Knizia).", accent="marine")
