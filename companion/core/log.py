"""The raw log of a game and the events that count.

A game's log is append-only: nothing is ever deleted or rewritten. Undo and corrections are
*meta-events* appended like any other, and this module resolves them into the effective event
list that the game's engine replays (see docs/log-format.md › Méta-événements):

- `{"type": "undo"}` removes the last effective event;
- `{"type": "retract", "index": i}` removes the event written at raw index i;
- `{"type": "correct", "index": i, "event": {...}}` replaces the event written at raw index i.

Indices are always raw indices (positions in the stored log), which never change.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from companion.core.errors import InvalidEvent

UNDO = "undo"
RETRACT = "retract"
CORRECT = "correct"
META_TYPES = frozenset({UNDO, RETRACT, CORRECT})
RULE = "log-format.md › Méta-événements"
SHAPE_RULE = "log-format.md › Événements"


@dataclass(frozen=True)
class Entry:
    """One effective event: `index` is the raw index it was first written at (the one to cite
    to correct or retract it), `source` the raw index of the line its content comes from (the
    correction that replaced it, if any), `event` the game event itself."""

    index: int
    source: int
    event: dict[str, Any]

    @property
    def corrected(self) -> bool:
        return self.source != self.index


def is_meta(event: Mapping[str, Any]) -> bool:
    kind = event.get("type")
    return isinstance(kind, str) and kind in META_TYPES  # a list or dict is unhashable


def check_shape(index: int, event: Any) -> None:
    """An event is a JSON object with a text `type`."""
    if not isinstance(event, dict) or not isinstance(event.get("type"), str):
        raise InvalidEvent(index, "un événement est un objet JSON avec une clé « type » (texte)",
                           SHAPE_RULE)


def resolve(raw: Iterable[Any]) -> list[Entry]:
    """The effective events of a raw log, in order; InvalidEvent (raw index) for a meta-event
    that points nowhere or a malformed line."""
    entries: list[Entry] = []
    position: dict[int, int] = {}  # raw index -> position in `entries`
    for index, event in enumerate(raw):
        check_shape(index, event)
        kind = event["type"]
        if kind == UNDO:
            if not entries:
                raise InvalidEvent(index, "rien à annuler", RULE)
            del position[entries.pop().index]
        elif kind in (RETRACT, CORRECT):
            target = _target(index, event, position)
            if kind == RETRACT:
                del entries[target]
                position = {e.index: p for p, e in enumerate(entries)}
            else:
                replacement = event.get("event")
                check_shape(index, replacement)
                if is_meta(replacement):
                    raise InvalidEvent(index, "une correction remplace un événement de jeu, "
                                       "pas une annulation ni une autre correction", RULE)
                entries[target] = Entry(entries[target].index, index, replacement)
        else:
            position[index] = len(entries)
            entries.append(Entry(index, index, event))
    return entries


def _target(index: int, event: Mapping[str, Any], position: Mapping[int, int]) -> int:
    """Position of the effective event a retract/correct points at (by raw index)."""
    target = event.get("index")
    if isinstance(target, bool) or not isinstance(target, int):
        raise InvalidEvent(index, f"« {event['type']} » demande « index », le numéro d'un "
                           "événement du journal", RULE)
    if target not in position:
        raise InvalidEvent(index, f"l'événement {target} n'est pas un événement en vigueur "
                           "(inexistant, déjà annulé ou méta-événement)", RULE)
    return position[target]


def effective_events(raw: Iterable[Any]) -> list[dict[str, Any]]:
    """Just the events, in the order the engine replays them."""
    return [entry.event for entry in resolve(raw)]
