"""Labystère's record: who solved the mystery and in how many turns (docs/stats.md).

A turn is one player's go, from their first roll to `end_turn` or their declaration: the
engine passes to the next player still in at those two events only."""

from __future__ import annotations

from typing import Any

from companion.stats.record import GameRecord, places_winners_only


def count_turns(players: int, events: list[dict[str, Any]]) -> tuple[int, list[int]]:
    """Turns played in all and by each seat, following the engine's passing of the turn."""
    out = [False] * players
    own = [0] * players
    seat, total, fresh = 0, 0, True
    for event in events:
        if fresh:
            total += 1
            own[seat] += 1
            fresh = False
        kind = event.get("type")
        if kind == "declare" and event.get("correct"):
            break
        if kind == "declare":
            out[seat] = True
        if kind in ("end_turn", "declare") and not all(out):
            for _ in range(players):
                seat = (seat + 1) % players
                if not out[seat]:
                    break
            fresh = True
    return total, own


def extract(setup: dict[str, Any], events: list[dict[str, Any]],
            summary: dict[str, Any]) -> GameRecord:
    players = [row["name"] for row in summary["players"]]
    total, own = count_turns(len(players), events)
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
