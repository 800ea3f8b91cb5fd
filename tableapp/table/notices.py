"""« What changed, and by whom »: when another device wrote to the game since this screen last
showed it, one line says so (issue 11). Who wrote each line is kept beside the event by the
store (migration 5); a device without the host's rights reads only the public part of a line
(companion/events/publiclog.py)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from companion.core.errors import InvalidEvent
from companion.core.log import CORRECT, RETRACT, UNDO, resolve
from companion.events.publiclog import is_public
from companion.events.store import StoredGame
from companion.hosting.access import COHOST, HOST

WHO = {HOST: "l'hôte", COHOST: "un co-hôte"}
SOMEONE = "un autre appareil"  # the CLI, or a line written before authors were kept


def place_of(raw: list[Any], line: int) -> int | None:
    """The number the table read for the entry that the withdrawal or correction at raw
    `line` points at (its place in the history just before that line, from 1: the history's
    numbers, tableapp/table/history.py), or None when it cannot be said."""
    target = raw[line].get("index") if isinstance(raw[line], dict) else None
    try:
        entries = resolve(raw[:line])
    except InvalidEvent:  # never for a stored log (each line was checked as it was written)
        return None
    return next((p + 1 for p, e in enumerate(entries) if e.index == target), None)


def what(game: str, event: Any, describe: Callable[[dict[str, Any]], str],
         public: bool, place: int | None = None) -> str:
    """One line of the log in words; a secret line, on a public screen, only says it exists.
    `place`: the history's number of the entry a withdrawal or correction points at."""
    if not isinstance(event, dict):
        return "un événement"
    kind = event.get("type")
    number = f"du n° {place}" if place else "d'un événement"
    if kind == UNDO:
        return "annulation du dernier événement"
    if kind == RETRACT:
        return f"retrait {number}"
    if kind == CORRECT:
        fixed = event.get("event")
        if isinstance(fixed, dict) and (not public or is_public(game, fixed)):
            return f"correction {number} : {describe(fixed)}"
        return f"correction {number}"
    if public and not is_public(game, event):
        return "un fait que seul l'hôte voit"
    return describe(event)


def change_line(stored: StoredGame, since: int, authors: list[str],
                describe: Callable[[dict[str, Any]], str], public: bool) -> str | None:
    """The line for the raw lines `since` and after, written by others; None when none."""
    lines = stored.raw[since:]
    if not lines:
        return None
    who = " et ".join(dict.fromkeys(WHO.get(author, SOMEONE) for author in authors)) or SOMEONE
    last = what(stored.game, lines[-1], describe, public, place_of(stored.raw, stored.seq - 1))
    if len(lines) == 1:
        return f"Modifié par {who} : {last}"
    return f"{len(lines)} changements par {who} ; le dernier : {last}"
