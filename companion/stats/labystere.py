"""Labystère's record: who solved the mystery and in how many turns (docs/stats.md).

A turn is one player's go. The engine alone knows when the turn passes (an `end_turn`, a
declaration, a look at an eliminated pile that finds nothing...), so the log is replayed event by
event and a new turn starts whenever the seat to play changes, or after `end_turn` or a
declaration (a player left alone plays turn after turn)."""

from __future__ import annotations

from typing import Any

from companion.engine import engine_for
from companion.stats.record import GameRecord, places_winners_only

PASSING = ("end_turn", "declare")


def seats_after(setup: dict[str, Any], events: list[dict[str, Any]]) -> tuple[int, list[int]]:
    """The seat to play at the start, and after each event (the engine's own answer)."""
    state: Any = engine_for("labystere").new_state(setup)
    first = int(state.turn)
    seats = []
    for event in events:
        state.apply(event)
        seats.append(int(state.turn))
    return first, seats


def count_turns(players: int, first: int, events: list[dict[str, Any]],
                seats: list[int]) -> tuple[int, list[int]]:
    """Turns played in all and by each seat."""
    own = [0] * players
    seat, total, fresh = first, 0, True
    for event, after in zip(events, seats, strict=True):
        if fresh:
            total += 1
            own[seat] += 1
            fresh = False
        if after != seat or event.get("type") in PASSING:
            seat, fresh = after, True
    return total, own


def extract(setup: dict[str, Any], events: list[dict[str, Any]],
            summary: dict[str, Any]) -> GameRecord:
    players = [row["name"] for row in summary["players"]]
    first, seats = seats_after(setup, events)
    total, own = count_turns(len(players), first, events, seats)
    finished = bool(summary["finished"])
    winners = [summary["winner"]] if summary["winner"] else []
    figures = {p: {"turns": own[i], "solved": p in winners,
                   "wrong_declaration": summary["players"][i]["out"]}
               for i, p in enumerate(players)}
    return GameRecord(
        game="labystere", players=players, finished=finished, winners=winners,
        places=places_winners_only(players, winners) if finished else {},
        scores=None, score_unit="", rounds=None, figures=figures,
        facts={"turns": total, "solved": bool(winners)})
