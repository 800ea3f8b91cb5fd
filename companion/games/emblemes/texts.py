"""Emblèmes events in French words, for the history of the table assistant."""

from __future__ import annotations

from typing import Any

from companion.games.emblemes.cards import PLACES, character, place_label
from companion.games.emblemes.placement import SIDE_LABELS

CHOICE_LABELS = {"card": "carte", "to": "vers", "side": "côté", "victim": "victime",
                 "target": "joueur visé", "copy": "copie"}


def _choice_text(value: Any) -> str:
    """A recorded choice in words: a card, a place, a side or a player's name."""
    if isinstance(value, dict) and isinstance(value.get("value"), int):
        try:
            return f"{character(value['value']).name} {value['value']} ({value.get('owner')})"
        except (StopIteration, KeyError, ValueError):  # a value outside 1-15
            return str(value)
    if isinstance(value, str) and value in PLACES:
        return place_label(value)
    if isinstance(value, str) and value in SIDE_LABELS:
        return SIDE_LABELS[value]
    return str(value)


def describe(event: dict[str, Any]) -> str:
    """One history line in French: « rouge : 12 Le Garde → Port (carte : …, vers : Château) »."""
    try:
        name = character(int(event.get("value", 0))).name
    except (StopIteration, TypeError, ValueError):
        name = "?"
    place = event.get("place")
    where = place_label(place) if place in PLACES else str(place)
    details = []
    if "side" in event:
        details.append(f"posée {_choice_text(event['side'])}")
    choices = event.get("choices")
    if isinstance(choices, dict):
        details += [f"{CHOICE_LABELS.get(k, k)} : {_choice_text(v)}" for k, v in choices.items()]
    extra = f" ({', '.join(details)})" if details else ""
    return f"{event.get('player')} : {event.get('value')} {name} → {where}{extra}"
