"""What a player may read of a game's log (registre TAB-4), like boardgame.io's `playerView`:
one policy per game says which setup fields and which fields of each event type are public.
The public view (its change notices) and the players' export go through it; the full log, the
host's export, holds everything.

A policy lists what is *shown*; an event type it does not know shows its type only, so a new
secret field added by an engine stays hidden until someone decides it is public."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from companion.log import CORRECT
from companion.store import VERSION

PLAYERS_FORMAT = "compagnon-log-joueurs"  # not importable: it cannot replay
ALL = "*"


@dataclass(frozen=True)
class Policy:
    """`events`: event type -> its public fields (ALL: the whole event); `default`: the same
    for every other type; `secret_setup`: setup fields a player never sees."""

    events: dict[str, frozenset[str] | str] = field(default_factory=dict)
    default: frozenset[str] | str = frozenset()
    secret_setup: frozenset[str] = frozenset()


NOTHING: frozenset[str] = frozenset()

POLICIES: dict[str, Policy] = {
    # Announcements, their cards and the manches are said aloud and shown at the table.
    # The cards seized in a contrôle are chosen by the attacker alone, who saw the hand
    # (« uniquement à celle-ci »): the table knows that a seizure happened, not what was taken.
    "noe": Policy(events={"control": frozenset({"type", "manche", "player", "target", "by",
                                                "defence"})}, default=ALL),
    # Every reveal and choice of Emblèmes happens face up.
    "emblemes": Policy(default=ALL),
    # Simulation mode records the shuffled deck: knowing it is knowing every hand.
    "camelot": Policy(events={"deal": NOTHING, "reshuffle": NOTHING}, default=ALL),
    # Roles, the Policier's, the saboteurs' and the Voyante's choices stay with the host, and
    # so does the host's own reason for forcing a mission's cards (free text: it may name one).
    "elsen": Policy(events={"deal": frozenset({"method"}), "protect": NOTHING, "kill": NOTHING,
                            "seer": NOTHING, "mission": frozenset({"team", "cards"})},
                    default=ALL),
    # The plan's seed gives the culprit and the flag (registre TAB-3). The lines themselves
    # hold what the table sees (a move, the Action card turned up, a declaration): what lies
    # under a Lieu or a Témoin is the engine's, from the plan, never in a line.
    "labystere": Policy(default=ALL, secret_setup=frozenset({"seed"})),
    # A score sheet holds only what the table announced aloud: every round's points.
    "libre": Policy(default=ALL),
}


def policy(game: str) -> Policy:
    return POLICIES.get(game, Policy())  # an unknown game shows types only


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
