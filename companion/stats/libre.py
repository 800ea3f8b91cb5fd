"""« Autre jeu »'s record and the figures of each named game (docs/stats.md › Autre jeu).

The game is the name the table typed (« Skull King »): records carry it as their title, and
the statistics group them by it, case and spaces ignored, as BG Stats groups plays by game."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from companion.stats.identity import fold
from companion.stats.record import (
    GameRecord,
    Mine,
    RoundRow,
    Rounds,
    Tally,
    count_text,
    number_text,
    rate_text,
    tally_text,
)
from companion.stats.report import french_date


def name_key(name: str) -> str:
    """« skull  KING » and « Skull King » are the same game (folded as players' names are)."""
    return fold(name)


def _places(summary: dict[str, Any], players: list[str]) -> dict[str, int]:
    """Each player's place: their own, or their team's counted in players (1 + the players of
    better teams); with teams, the worst team takes the last place, as a losing side does in
    the other team games (docs/stats.md)."""
    teams: dict[str, list[str]] | None = summary["teams"]
    ranking = summary["ranking"]
    if not teams:
        return {row["name"]: row["place"] for row in ranking}
    worst = min(row["total"] if summary["winner"] == "high" else -row["total"]
                for row in ranking)
    places: dict[str, int] = {}
    for row in ranking:
        better = [o for o in ranking if o["place"] < row["place"]]
        place = 1 + sum(len(teams[o["name"]]) for o in better)
        mine = row["total"] if summary["winner"] == "high" else -row["total"]
        if mine == worst and row["place"] != 1:
            place = len(players)
        for member in teams[row["name"]]:
            places[member] = place
    return places


def extract(setup: dict[str, Any], events: list[dict[str, Any]],
            summary: dict[str, Any]) -> GameRecord:
    players = list(summary["players"])
    competitors = list(summary["competitors"])
    teams: dict[str, list[str]] | None = summary["teams"]
    team_of = {m: t for t, members in (teams or {}).items() for m in members}
    totals = dict(summary["scores"])
    rows = [RoundRow(n, dict(gains), dict(running))
            for n, (gains, running) in enumerate(zip(summary["rounds"], summary["history"],
                                                     strict=True), start=1)]
    finished = bool(summary["finished"])
    scores = {p: totals[team_of.get(p, p)] for p in players}
    return GameRecord(
        game="libre", players=players, finished=finished,
        winners=list(summary["winning_players"]),
        places=_places(summary, players) if finished else {},
        scores=scores, score_unit="points",
        rounds=Rounds("Manche", "points", competitors, rows, summary["target"]),
        figures={p: {"team": team_of.get(p), "score": scores[p], "title": summary["name"]}
                 for p in players},
        facts={"title": summary["name"], "winner": summary["winner"], "teams": teams,
               "totals": totals, "target": summary["target"],
               "rounds_limit": summary["rounds_limit"], "ended_by": summary["ended_by"]})


def named_games(records: Iterable[GameRecord]) -> dict[str, dict[str, Any]]:
    """Per named game, BG Stats' figures: plays, finished plays, wins per player (name as
    typed), best and average total over finished plays (the best is the highest, or the
    lowest when the latest play was won low) and the date of the last play."""
    out: dict[str, dict[str, Any]] = {}
    totals: dict[str, list[int]] = {}
    for record in sorted((r for r in records if r.game == "libre"), key=lambda r: r.created):
        key = name_key(record.facts["title"])
        row = out.setdefault(key, {"name": record.facts["title"], "played": 0, "finished": 0,
                                   "wins": {}, "best_score": None, "average_score": None,
                                   "last_played": ""})
        row["played"] += 1
        row["last_played"] = max(row["last_played"], record.created[:10])
        row["winner"] = record.facts["winner"]
        if not record.finished:
            continue
        row["finished"] += 1
        for player in record.winners:
            row["wins"][player] = row["wins"].get(player, 0) + 1
        totals.setdefault(key, []).extend(record.facts["totals"].values())
    for key, row in out.items():
        values = totals.get(key, [])
        if values:
            row["best_score"] = min(values) if row["winner"] == "low" else max(values)
            row["average_score"] = round(sum(values) / len(values), 4)
        row["wins"] = dict(sorted(row["wins"].items(), key=lambda item: (-item[1], item[0])))
    return dict(sorted(out.items(), key=lambda item: item[1]["name"].casefold()))


def player_figures(mine: list[Mine]) -> dict[str, Any]:
    """A player's plays and wins per named game (companion.stats.figures › player_stats)."""
    named: dict[str, dict[str, Any]] = {}
    for part in mine:
        title = part.figures.get("title", "")
        row = named.setdefault(name_key(title), {"name": title, **Tally().as_json()})
        tally = Tally(row["played"], row["finished"], row["won"])
        tally.add(part.finished, part.won)
        row.update(tally.as_json())
    return {"by_name": dict(sorted(named.items()))}


def game_row(row: dict[str, Any], record: GameRecord) -> None:
    """Collects the records of « Autre jeu » (companion.stats.figures › game_stats)..."""
    row.setdefault("_records", []).append(record)


def game_row_done(row: dict[str, Any]) -> None:
    """...then gives the figures of each named game."""
    row["by_name"] = named_games(row.pop("_records", []))


def source_game_id(record: GameRecord) -> str:
    """The game's id in BG Stats (companion.stats.bgstats): one per named game."""
    return f"{record.game}:{name_key(record.title)}"


def game_lines(row: dict[str, Any]) -> list[str]:
    """`companion stats`' lines under « Autre jeu »: one per named game."""
    return [wins_line(named) for named in row.get("by_name", {}).values()]


def player_lines(figures: dict[str, Any]) -> list[str]:
    """`companion stats --player`'s lines under « Autre jeu »: one per named game."""
    return [f"{named['name']} : {tally_text(named)}" for named in figures["by_name"].values()]


def wins_line(row: dict[str, Any]) -> str:
    """« Skull King : 7 parties, Alice 3 victoires, Bruno 2 victoires » (plain text)."""
    parts = [f"{row['name']} : {count_text(row['played'], 'parties')}"]
    parts += [f"{player} {count_text(n, 'victoires')}" for player, n in row["wins"].items()]
    return ", ".join(parts)


TABLE_TITLE = "Autres jeux, par nom"


def figure_table(figures: dict[str, Any]) -> list[dict[str, Any]]:
    """A player's « Autre jeu » plays by the name the table gave it, as the players' page's
    table (names are user text: the page shows them as text, never Markdown)."""
    return [{"Jeu": row["name"], "Parties": row["played"], "Victoires": row["won"],
             "Taux": rate_text(row["win_rate"])} for row in figures["by_name"].values()]


def game_table(row: dict[str, Any]) -> list[dict[str, Any]]:
    """« Autre jeu » by the name the table gave it, in the per-game statistics: plays, wins
    per player, best and average total, last played."""
    return [{"Jeu": named["name"], "Parties": named["played"], "Terminées": named["finished"],
             "Victoires": ", ".join(f"{p} {n}" for p, n in named["wins"].items()),
             "Meilleur score": named["best_score"],
             "Score moyen": None if named["average_score"] is None
             else number_text(round(named["average_score"], 1)),
             "Dernière partie": french_date(named["last_played"]) if named["last_played"]
             else ""} for named in row.get("by_name", {}).values()]
