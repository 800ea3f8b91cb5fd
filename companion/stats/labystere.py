"""Labystère's record: who solved the mystery and in how many turns (docs/stats.md).

A turn is one player's go. The engine alone knows when the turn passes (an `end_turn`, a
declaration, a look at an eliminated pile that finds nothing...), so the log is replayed event by
event and a new turn starts whenever the seat to play changes, or after `end_turn` or a
declaration (a player left alone plays turn after turn)."""

from __future__ import annotations

from typing import Any

from companion.core.engine import InvalidEvent, engine_for
from companion.core.errors import RuleError
from companion.core.log import Entry
from companion.stats.record import (
    GameRecord,
    Mine,
    count_text,
    mean,
    number_text,
    places_winners_only,
)

PASSING = ("end_turn", "declare")


def seats_after(setup: dict[str, Any], entries: list[Entry]) -> tuple[int, list[int], Any]:
    """The seat to play at the start and after each event (the engine's own answer), and the
    final state; InvalidEvent (raw index) when the log does not replay."""
    try:
        state: Any = engine_for("labystere").new_state(setup)
    except RuleError as exc:
        raise InvalidEvent(-1, exc.reason, exc.rule) from None
    first = int(state.turn)
    seats = []
    for entry in entries:
        try:
            state.apply(entry.event)
        except RuleError as exc:
            raise InvalidEvent(entry.source, exc.reason, exc.rule) from None
        seats.append(int(state.turn))
    return first, seats, state


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


def replay_and_extract(setup: dict[str, Any], entries: list[Entry]) -> GameRecord:
    """One replay gives both the seats turn by turn and the final summary."""
    first, seats, state = seats_after(setup, entries)
    return _record([e.event for e in entries], state.summary(), first, seats)


def extract(setup: dict[str, Any], events: list[dict[str, Any]],
            summary: dict[str, Any]) -> GameRecord:
    first, seats, _ = seats_after(setup, [Entry(i, i, e) for i, e in enumerate(events)])
    return _record(events, summary, first, seats)


def _record(events: list[dict[str, Any]], summary: dict[str, Any], first: int,
            seats: list[int]) -> GameRecord:
    players = [row["name"] for row in summary["players"]]
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


def player_figures(games: list[Mine]) -> dict[str, Any]:
    """A player's Labystère figures: the games they solved (companion.stats.figures)."""
    turns = [float(m.figures["turns"]) for m in games if m.won]
    return {"solved": len(turns), "turns_to_solve": mean(turns)}


def game_row(row: dict[str, Any], record: GameRecord) -> None:
    if record.facts["solved"]:
        row.setdefault("turns_to_solve", []).append(record.facts["turns"])


def game_row_done(row: dict[str, Any]) -> None:
    if "turns_to_solve" in row:
        row["turns_to_solve"] = mean([float(t) for t in row["turns_to_solve"]])


def figure_lines(figures: dict[str, Any]) -> list[str]:
    """A player's Labystère figures as the players' page says them (plain text)."""
    if not figures["solved"]:
        return []
    return [f"Labystère : {count_text(figures['solved'], 'énigmes résolues')}, en "
            f"{count_text(round(figures['turns_to_solve'], 1), 'tours')} en moyenne"]


def game_extra(row: dict[str, Any]) -> str:
    """The per-game table's « En plus » cell: the turns a solved game took, on average."""
    turns = row.get("turns_to_solve")
    return "" if turns is None else f"{number_text(round(turns, 1))} tours pour résoudre"
