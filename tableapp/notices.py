"""« What changed, and by whom »: when another device wrote to the game since this screen last
showed it, one line says so (issue 11). Who wrote each line is kept beside the event by the
store (migration 5); a device without the host's rights reads only the public part of a line
(companion/events/publiclog.py)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from companion.core.log import CORRECT, RETRACT, UNDO
from companion.events.publiclog import is_public
from companion.events.store import StoredGame
from companion.hosting.access import COHOST, HOST

WHO = {HOST: "l'hôte", COHOST: "un co-hôte"}
SOMEONE = "un autre appareil"  # the CLI, or a line written before authors were kept


def what(game: str, event: Any, describe: Callable[[dict[str, Any]], str],
         public: bool) -> str:
    """One line of the log in words; a secret line, on a public screen, only says it exists."""
    if not isinstance(event, dict):
        return "un événement"
    kind = event.get("type")
    if kind == UNDO:
        return "annulation du dernier événement"
    if kind == RETRACT:
        return f"retrait du n° {event.get('index')}"
    if kind == CORRECT:
        fixed = event.get("event")
        if isinstance(fixed, dict) and (not public or is_public(game, fixed)):
            return f"correction du n° {event.get('index')} : {describe(fixed)}"
        return f"correction du n° {event.get('index')}"
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
    last = what(stored.game, lines[-1], describe, public)
    if len(lines) == 1:
        return f"Modifié par {who} : {last}"
    return f"{len(lines)} changements par {who} ; le dernier : {last}"
