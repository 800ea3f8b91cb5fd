"""Emblèmes cards on the table: a card is one family's character, so (owner, value) names it
uniquely. Names and timings come from data/emblemes.yaml (one place for them)."""

from __future__ import annotations

from functools import cache, lru_cache
from typing import Any, NamedTuple

from companion.core.errors import RuleError
from companion.core.loader import load_game
from companion.games.emblemes.data import PLACE_NAMES, PLACES, Character, EmblemesData

RULES = "emblemes.txt"
RULE_EFFECTS = f"{RULES} › Les effets de toutes les cartes Personnage"


class Card(NamedTuple):
    """A character card in play: its owner (a player's name) and its value (1-15)."""

    owner: str
    value: int

    def as_json(self) -> dict[str, Any]:
        return {"owner": self.owner, "value": self.value}


@lru_cache(maxsize=1)
def data() -> EmblemesData:
    model = load_game("emblemes")
    assert isinstance(model, EmblemesData)
    return model


@cache
def character(value: int) -> Character:
    return data().character(value)


def character_id(value: int) -> str:
    return character(value).id


# how a card's timing is named and marked on every page, card and sheet (emblemes.txt › Les
# personnages: ♦ immediate effect, □ end-of-round effect)
TIMING_LABELS = {"immediate": "immédiat", "end_of_round": "fin de manche"}
TIMING_MARKS = {"immediate": "♦", "end_of_round": "□"}


def is_end_of_round(value: int) -> bool:
    return character(value).timing == "end_of_round"


def is_immediate(value: int) -> bool:
    return character(value).timing == "immediate"


def card_label(card: Card) -> str:
    """« Le Marchand 6 (rouge) »: what the explanation shows for a card."""
    return f"{character(card.value).name} {card.value} ({card.owner})"


def place_label(place: str) -> str:
    return PLACE_NAMES[place]


def parse_card(raw: Any, players: list[str], where: str) -> Card:
    """A card given as {"owner": player, "value": 1-15}; RuleError naming what is wrong."""
    if not isinstance(raw, dict) or set(raw) != {"owner", "value"}:
        raise RuleError(f"{where} : une carte s'écrit {{\"owner\": joueur, \"value\": 1-15}}",
                        f"{RULES} › Le matériel")
    owner, value = raw["owner"], raw["value"]
    if owner not in players:
        raise RuleError(f"{where} : propriétaire inconnu « {owner} »", f"{RULES} › Le matériel")
    if isinstance(value, bool) or not isinstance(value, int):
        raise RuleError(f"{where} : valeur {value!r} : un nombre entier de 1 à 15, sans "
                        "guillemets", f"{RULES} › Le matériel")
    if not 1 <= value <= 15:
        raise RuleError(f"{where} : valeur {value!r} hors de 1-15", f"{RULES} › Le matériel")
    return Card(owner, value)


__all__ = ["PLACES", "Card", "card_label", "character", "parse_card", "place_label"]
