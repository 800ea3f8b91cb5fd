"""Noé's record: points per manche, announcements made and their points (docs/stats.md)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from companion.games.noe.board import ENDINGS, announcement_name
from companion.games.noe.cards import deck
from companion.stats.record import (
    GameRecord,
    Mine,
    RoundRow,
    Rounds,
    count_text,
    places_by_score,
)


def _points(announcement_id: str) -> int:
    return next(a.points for a in deck().data.announcements if a.id == announcement_id)


def extract(setup: dict[str, Any], events: list[dict[str, Any]],
            summary: dict[str, Any]) -> GameRecord:
    players = list(summary["players"])
    totals = dict.fromkeys(players, 0)
    rows = []
    for manche in summary["manches"]:
        if not manche["ended"]:
            continue
        gains = {p: manche["points"][p] or 0 for p in players}
        totals = {p: totals[p] + gains[p] for p in players}
        rows.append(RoundRow(manche["number"], gains, dict(totals),
                             f"donneur : {manche['dealer']} · fin : "
                             f"{ENDINGS.get(manche['ended_by'], 'en cours')}"))
    figures: dict[str, dict[str, Any]] = {}
    false = Counter(v["player"] for v in summary["violations"])
    for p in players:
        made = [m["announcements"][p] for m in summary["manches"] if p in m["announcements"]]
        figures[p] = {"announcements": len(made),
                      "announcement_points": sum(_points(a) for a in made),
                      "false_announcements": false[p],
                      "by_announcement": dict(Counter(made))}
    finished = bool(summary["finished"])
    winners = list(summary["winners"])
    scores = dict(summary["scores"])
    return GameRecord(
        game="noe", players=players, finished=finished, winners=winners,
        places=places_by_score(players, scores, winners) if finished else {},
        scores=scores, score_unit="points",
        rounds=Rounds("Manche", "points", players, rows, summary["target"]),
        figures=figures, facts={"level": summary["level"], "target": summary["target"],
                                "manches": len(rows)})


def announcement_label(announcement_id: str) -> str:
    return announcement_name(announcement_id)


def player_figures(games: list[Mine]) -> dict[str, Any]:
    """A player's Noé figures over their games (companion.stats.figures)."""
    totals: Counter[str] = Counter()
    by: Counter[str] = Counter()
    for mine in games:
        totals.update({k: mine.figures[k] for k in _SUMMED})
        by.update(mine.figures["by_announcement"])
    return {**{k: totals[k] for k in _SUMMED}, "by_announcement": dict(sorted(by.items()))}


_SUMMED = ("announcements", "announcement_points", "false_announcements")


def figure_lines(figures: dict[str, Any]) -> list[str]:
    """A player's Noé figures as the players' page says them (plain text; figures from
    `player_figures`)."""
    if not (figures["announcements"] or figures["false_announcements"]):
        return []
    best = ", ".join(f"{announcement_label(a)} ×{n}"
                     for a, n in figures["by_announcement"].items())
    return [f"Noé : {count_text(figures['announcements'], 'annonces')} pour "
            f"{count_text(figures['announcement_points'], 'points')} ({best}) ; "
            f"{count_text(figures['false_announcements'], 'fausses annonces')}"]
