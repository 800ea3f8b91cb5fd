"""Where a card goes in a place: cards stand in descending value from left to right; a card equal
to cards already there goes to the left or the right of them, as its player chooses."""

from __future__ import annotations

from collections.abc import Sequence

from companion.core.errors import RuleError
from companion.games.emblemes.cards import RULES, Card, place_label

RULE_PLACEMENT = f"{RULES} › Comment se déroule un tour › Règle de placement importante"
SIDES = ("left", "right")
SIDE_LABELS = {"left": "à gauche", "right": "à droite"}


def equal_run(cards: Sequence[Card], value: int) -> tuple[int, int]:
    """Indices [start, end) of the cards equal to `value` (start == end when there are none):
    `start` is where a card of this value goes on the left, `end` on the right."""
    start = 0
    while start < len(cards) and cards[start].value > value:
        start += 1
    end = start
    while end < len(cards) and cards[end].value == value:
        end += 1
    return start, end


def needs_side(cards: Sequence[Card], value: int) -> bool:
    start, end = equal_run(cards, value)
    return end > start


def insertion_index(cards: Sequence[Card], value: int, side: str | None, place: str) -> int:
    """The index a card of `value` takes. `side` is required exactly when equal cards are there.

    EMB-7: with several equal cards already there, « left » means left of all of them and
    « right » right of all of them."""
    start, end = equal_run(cards, value)
    if end == start:
        if side is not None:
            raise RuleError(f"aucune carte de valeur {value} au {place_label(place)} : "
                            "pas de côté à choisir", RULE_PLACEMENT)
        return start
    if side not in SIDES:
        raise RuleError(f"une carte de valeur {value} est déjà au {place_label(place)} : "
                        "choisir « left » (gauche) ou « right » (droite)", RULE_PLACEMENT)
    return start if side == "left" else end


def check_order(cards: Sequence[Card], place: str) -> None:
    """RuleError unless the cards stand in descending value from left to right."""
    for left, right in zip(cards, cards[1:], strict=False):
        if left.value < right.value:
            raise RuleError(f"{place_label(place)} : cartes mal rangées ({left.value} avant "
                            f"{right.value}) ; l'ordre est décroissant de gauche à droite",
                            RULE_PLACEMENT)


def neighbours(cards: Sequence[Card], index: int) -> list[Card]:
    """The adjacent cards: immediately left, then immediately right (same place)."""
    out = []
    if index > 0:
        out.append(cards[index - 1])
    if index + 1 < len(cards):
        out.append(cards[index + 1])
    return out
