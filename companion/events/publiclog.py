"""What a player may read of a game's log (registre TAB-4), like boardgame.io's `playerView`:
one policy per game says which setup fields and which fields of each event type are public.
The public view (its change notices) and the players' export go through it; the full log, the
host's export, holds everything.

A policy lists what is *shown*; an event type it does not know shows its type only, so a new
secret field added by an engine stays hidden until someone decides it is public."""

from __future__ import annotations

from typing import Any

from companion.core.gameinfo import ALL, Policy
from companion.core.log import CORRECT
from companion.core.registry import PLAYABLE
from companion.events.store import VERSION

PLAYERS_FORMAT = "compagnon-log-joueurs"  # not importable: it cannot replay


def policy(game: str) -> Policy:
    """The game's own (its GameInfo.public, declared in its package)."""
    info = PLAYABLE.get(game)
    return info.public if info is not None else Policy()  # an unknown game: types only


def public_event(game: str, event: Any) -> dict[str, Any]:
    """The part of one raw log line a player may read (meta-events filtered through)."""
    if not isinstance(event, dict):
        return {"type": "?"}
    kind = event.get("type")
    if kind == CORRECT:
        return {"type": CORRECT, "index": event.get("index"),
                "event": public_event(game, event.get("event"))}
    if kind in ("undo", "retract"):
        return dict(event)
    rule = policy(game)
    shown = rule.events.get(str(kind), rule.default)
    if shown == ALL:
        return dict(event)
    return {"type": kind, **{key: value for key, value in event.items() if key in shown}}


def is_public(game: str, event: Any) -> bool:
    """True when a player may read the whole line."""
    return public_event(game, event) == event


def public_setup(game: str, setup: dict[str, Any]) -> dict[str, Any]:
    secret = policy(game).secret_setup
    return {key: value for key, value in setup.items() if key not in secret}


def players_export(game: str, setup: dict[str, Any], raw: list[Any], title: str = "",
                   created: str = "") -> dict[str, Any]:
    """The players' export: what the public view knows, line by line. It cannot be imported
    (its secrets are gone, so it would not replay): the host's full export can."""
    return {"format": PLAYERS_FORMAT, "version": VERSION, "game": game, "title": title,
            "created": created, "setup": public_setup(game, setup),
            "events": [public_event(game, event) for event in raw]}
