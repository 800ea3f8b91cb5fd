"""Emblèmes events in French words, for the history of the table assistant: what a player
would say at the table (« Anaïs pose Le Garde (12) au Port ; déplace La Voleuse (11) de bleu
vers le Château »), never an id."""

from __future__ import annotations

from typing import Any

from companion.core.text import de
from companion.games.emblemes.cards import PLACES, character, place_label
from companion.games.emblemes.placement import SIDE_LABELS

# what each recorded choice does, in the words of the card's effect
CHOICE_LABELS = {"card": "carte visée", "to": "vers", "side": "côté", "victim": "vole à",
                 "target": "joueur visé", "copy": "copie"}


def _card_words(value: Any) -> str | None:
    """« La Voleuse (11) de bleu » for a recorded card, None if it is not one."""
    if isinstance(value, dict) and isinstance(value.get("value"), int):
        try:
            name = character(value["value"]).name
        except (StopIteration, KeyError, ValueError):  # a value outside 1-15
            return None
        return f"{name} ({value['value']}) {de(str(value.get('owner')))}"
    return None


def _place_words(value: Any) -> str:
    return f"au {place_label(value)}" if isinstance(value, str) and value in PLACES \
        else str(value)


def _effect_words(value: int, choices: dict[str, Any]) -> list[str]:
    """The choices of the effect of the card of `value` as the table says them."""
    card, to, target = _card_words(choices.get("card")), choices.get("to"), choices.get("target")
    words = []
    if value == 12 and card:  # Le Garde
        words.append(f"déplace {card}" + (f" vers le {place_label(to)}" if to in PLACES else ""))
    elif value == 5 and card:  # La Guerrière
        words.append(f"défausse {card}")
    elif value == 4 and card:  # Le Barde
        words.append(f"fait venir {card}")
    elif value == 8 and target:  # Le Stratège
        words.append(f"impose à {target} " + (f"le {place_label(to)}" if to in PLACES
                                               else "un lieu"))
    elif value == 9 and target:  # La Courtisane
        words.append(f"fait changer sa carte cachée à {target}")
    if "victim" in choices:
        words.append(f"vole 2 pièces à {choices['victim']}")
    said = {"card", "to", "target", "victim", "copy"} if words else {"copy"}
    words += [f"{CHOICE_LABELS.get(k, k)} : {_card_words(v) or v}"
              for k, v in choices.items() if k not in said]
    return words


def describe(event: dict[str, Any]) -> str:
    """One history line: « rouge pose Le Garde (12) au Port ; déplace La Voleuse (11)
    de bleu vers le Château »."""
    value = event.get("value")
    try:
        name = f"{character(int(value)).name} ({value})"  # type: ignore[arg-type]
    except (StopIteration, TypeError, ValueError):
        name = f"la carte {value}"
    line = f"{event.get('player')} pose {name} {_place_words(event.get('place'))}"
    if event.get("side") in SIDE_LABELS:
        line += f", {SIDE_LABELS[event['side']]} de la carte de même valeur"
    choices = event.get("choices")
    if isinstance(choices, dict) and choices:
        copied = _card_words(choices.get("copy"))
        effect = choices["copy"].get("value") if copied else value
        words = [f"copie l'effet : {copied}"] if copied else []
        words += _effect_words(effect if isinstance(effect, int) else 0, choices)
        line += " ; " + ", ".join(words)
    return line
