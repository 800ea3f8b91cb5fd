"""Camelot's record: tokens held after each tournament, tokens won by colour, tournaments won
(docs/stats.md).

The summary lists the finished tournaments (winner, token, gained) but not the tokens lost
with a dame; those are in the events (a `withdraw` or a `dame_penalty` naming the token).
A token lost belongs to the tournament being played: in full modes the one begun by the last
`start`, in the « jetons » mode the one the next `tournament` event closes."""

from __future__ import annotations

from collections import Counter
from typing import Any

from companion.games.camelot.cards import catalogue
from companion.stats.record import (
    GameRecord,
    Mine,
    RoundRow,
    Rounds,
    count_text,
    places_by_score,
)


def colour_name(colour: str) -> str:
    return catalogue().colour_names.get(colour, colour)


def _losses(events: list[dict[str, Any]]) -> dict[int, list[tuple[int, str]]]:
    """Tournament number (1-based) -> tokens lost in it, as (seat, colour)."""
    out: dict[int, list[tuple[int, str]]] = {}
    number = 0
    for event in events:
        kind = event.get("type")
        if kind in ("start", "tournament"):
            number += 1
        token = event.get("token")
        if kind == "withdraw" and token:
            out.setdefault(number, []).append((event["player"], token))
        elif kind == "dame_penalty":
            out.setdefault(number + 1, []).append((event["player"], token))
    return out


def extract(setup: dict[str, Any], events: list[dict[str, Any]],
            summary: dict[str, Any]) -> GameRecord:
    players = [row["name"] for row in summary["players"]]
    losses = _losses(events)
    held: list[set[str]] = [set() for _ in players]
    rows = []
    won: Counter[str] = Counter()
    by_colour: dict[str, Counter[str]] = {p: Counter() for p in players}
    for number, tournament in enumerate(summary["tournaments"], start=1):
        if "winner" not in tournament:
            break  # the tournament being played
        before = [len(h) for h in held]
        for seat, token in losses.get(number, []):
            held[seat].discard(token)
        winner, token = tournament["winner"], tournament["token"]
        won[players[winner]] += 1
        if tournament.get("gained"):
            held[winner].add(token)
            by_colour[players[winner]][token] += 1
        note = (f"tournoi {colour_name(tournament['colour']).lower()} : "
                f"{players[winner]} prend un jeton {colour_name(token).lower()}"
                if tournament.get("gained") else
                f"tournoi {colour_name(tournament['colour']).lower()} : {players[winner]} "
                f"avait déjà le jeton {colour_name(token).lower()}")
        rows.append(RoundRow(number, {p: len(held[i]) - before[i] for i, p in enumerate(players)},
                             {p: len(held[i]) for i, p in enumerate(players)}, note))
    final = {row["name"]: sorted(row["tokens"]) for row in summary["players"]}
    finished = summary["winner"] is not None
    winners = [summary["winner"]] if finished else []
    scores = {p: len(final[p]) for p in players}
    figures = {p: {"tokens": final[p], "tournaments_won": won[p],
                   "tokens_won_by_colour": dict(sorted(by_colour[p].items()))}
               for p in players}
    return GameRecord(
        game="camelot", players=players, finished=finished, winners=winners,
        places=places_by_score(players, scores, winners) if finished else {},
        scores=scores, score_unit="jetons",
        rounds=Rounds("Tournoi", "jetons", players, rows, summary["tokens_to_win"]),
        figures=figures, facts={"mode": summary["mode"], "tournaments": len(rows)})


def player_figures(games: list[Mine]) -> dict[str, Any]:
    """A player's Camelot figures over their games (companion.stats.figures)."""
    tokens: Counter[str] = Counter()
    for mine in games:
        tokens.update(mine.figures["tokens_won_by_colour"])
    return {"tournaments_won": sum(m.figures["tournaments_won"] for m in games),
            "tokens_by_colour": dict(sorted(tokens.items()))}


def figure_lines(figures: dict[str, Any]) -> list[str]:
    """A player's Camelot figures as the players' page says them (plain text)."""
    if not figures["tournaments_won"]:
        return []
    tokens = ", ".join(f"{c} ×{n}" for c, n in figures["tokens_by_colour"].items())
    return [f"Camelot : {count_text(figures['tournaments_won'], 'tournois gagnés')} ; "
            f"jetons gagnés : {tokens or 'aucun'}"]
