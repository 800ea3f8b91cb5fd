"""The print module of « Pile ou face » (step 4): one deck of the two sides, and its fiche."""

from __future__ import annotations

from companion.core.model import Component
from pileouface.data import PileOuFaceData
from print_kit.draw.faces import Face
from print_kit.kit import PrintFile, group, items
from print_kit.layout.sheets import Deck
from print_kit.options import PrintOptions
from print_kit.reference import Sheet

BACK = Face("pof:dos", "Pile ou face", "marine", style="back", subtitle="Pile ou face")


def card(comp: Component) -> Face:
    return Face(f"pof:{comp.id}", comp.name, "ardoise", subtitle="Côté de la pièce",
                footer="Pile ou face")


def files(data: PileOuFaceData, options: PrintOptions) -> list[PrintFile]:
    comps = data.components()
    return [PrintFile("pileouface-cartes", "pileouface", "Pile ou face — les cartes",
                      (Deck("Cartes", items(group(comps, "cartes"), card, BACK)),),
                      groups=("cartes",))]


def sheet(data: PileOuFaceData, options: PrintOptions) -> Sheet:
    return Sheet("pileouface", blocks=[
        ("But", [f"Annoncer juste {data.target} fois le premier."]),
        ("Un tour", ["Annoncez pile ou face, lancez la pièce : une annonce juste marque."])],
        tables=[])
