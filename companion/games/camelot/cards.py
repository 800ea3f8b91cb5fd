"""Camelot's 110 cards as the engine sees them, built once from data/camelot.yaml (CamelotData):
card id -> kind, colour, printed value, French name. Nothing here is typed twice."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from companion.core.loader import load_game
from companion.games.camelot.data import CamelotData

COLOUR_CARD = "couleur"
SUPPORTER = "soutien"
ACTION = "action"
DAME = "dame-6"
PURPLE = "violet"
GREEN = "vert"
WEAPONS = ("rouge", "bleu", "jaune")  # the colours Changement d'arme / Maladresse start from


@dataclass(frozen=True)
class Card:
    id: str
    name: str
    kind: str  # couleur | soutien | action
    colour: str | None
    value: int  # printed value; 0 for action cards


@dataclass(frozen=True)
class Catalogue:
    cards: dict[str, Card]
    deck: tuple[str, ...]  # 110 ids, one per physical card, in data order
    copies: dict[str, int]
    colours: tuple[str, ...]
    colour_names: dict[str, str]
    hand_size: int
    tokens_per_colour: int
    tokens_to_win: dict[int, int]
    min_players: int
    max_players: int

    def name(self, card_id: str) -> str:
        return self.cards[card_id].name


@lru_cache(maxsize=1)
def catalogue() -> Catalogue:
    data = load_game("camelot")
    assert isinstance(data, CamelotData)
    cards: dict[str, Card] = {}
    copies: dict[str, int] = {}
    for comp in data.components():
        if comp.kind != "card":
            continue
        f = comp.fields
        cards[comp.id] = Card(comp.id, comp.name, f["type"], f.get("colour"), f.get("value") or 0)
        copies[comp.id] = comp.copies
    deck = tuple(cid for cid, n in copies.items() for _ in range(n))
    return Catalogue(
        cards=cards,
        deck=deck,
        copies=copies,
        colours=tuple(c.id for c in data.colours),
        colour_names={c.id: c.name for c in data.colours},
        hand_size=data.hand_size,
        tokens_per_colour=data.tokens_per_colour,
        tokens_to_win=dict(data.tokens_to_win),
        min_players=data.players.min,
        max_players=data.players.max,
    )


@lru_cache(maxsize=1)
def printed_values() -> dict[str, int]:
    """Card id -> printed value (0 for action cards): the hot path of every total."""
    return {cid: card.value for cid, card in catalogue().cards.items()}
