"""A night or a player's history as plain data: what the pages show, the JSON and CSV exports,
the PDF summary and `companion stats` all come from here, so their numbers are the same."""

from __future__ import annotations

import csv
import io
from collections.abc import Mapping
from datetime import date
from typing import Any

from companion.core.inert import spreadsheet_cell
from companion.stats.figures import Played, display_names, game_stats, player_stats
from companion.stats.identity import fold
from companion.stats.podium import RANKINGS, podium
from companion.stats.record import number_text, points_text
from companion.stats.storage import Profile, StatsStore, profile_key

MONTHS = ["janv.", "févr.", "mars", "avr.", "mai", "juin", "juil.", "août", "sept.", "oct.",
          "nov.", "déc."]


def french_date(iso: str) -> str:
    """« 23 nov. 2026 » from an ISO date (or date-time)."""
    day = date.fromisoformat(iso[:10])
    return f"{day.day} {MONTHS[day.month - 1]} {day.year}"


def seat_label(played: Played, name: str, names: Mapping[str, str]) -> str:
    """« Alice » (the shown name, also for « alice » typed; a guest's, « Alice (2) », when
    another player is shown as Alice), or « Alice (rouge) » when a profile sat under another
    name."""
    key = played.key(name)
    shown = names.get(key, name)
    guest = not key.startswith("profil:")
    return shown if guest or fold(shown) == fold(name) else f"{shown} ({name})"


def game_row(played: Played, names: Mapping[str, str]) -> dict[str, Any]:
    """One game of a list: what it is, who played (seat order) and how it ended."""
    record = played.record
    return {
        "code": record.code, "game": record.game, "title": record.title,
        "created": record.created,
        "players": [seat_label(played, n, names) for n in record.players],
        "finished": record.finished,
        "result": record.result_line(lambda n: seat_label(played, n, names)),
        "winners": [names.get(played.key(n), n) for n in record.winners],
        "scores": None if record.scores is None else {
            seat_label(played, n, names): record.scores[n] for n in record.players},
    }


def night_report(stats: StatsStore, night_id: int, ranking: str = "victoires") -> dict[str, Any]:
    night = stats.night(night_id)
    games = stats.played(night.codes)
    names = display_names(games, stats.names())
    rows = podium(games, stats.names(), ranking)
    return {
        "night": {"id": night.id, "title": night.title, "created": night.created},
        "ranking": ranking, "ranking_name": RANKINGS[ranking],
        "games": [game_row(g, names) for g in games],
        "podium": [row.as_json() for row in rows],
        "players": {names[row.key]: player_stats(games, row.key) for row in rows},
        "per_game": game_stats(games, stats.names()),
        "unreadable": [c for c in night.codes if c not in {g.record.code for g in games}],
    }


def player_report(stats: StatsStore, profile: Profile) -> dict[str, Any]:
    games = stats.played(stats.profile_codes(profile.id))
    names = display_names(games, stats.names())
    key = profile_key(profile.id)
    history = []
    for played in games:
        record = played.record
        seat = played.name_of(key)
        if seat is None:  # its name typed at a seat that another profile was picked for
            continue
        history.append({**game_row(played, names), "seat": seat,
                        "place": record.places.get(seat), "points": record.points(seat),
                        "won": seat in record.winners,
                        "score": None if record.scores is None else record.scores[seat]})
    return {"profile": {"id": profile.id, "name": profile.name, "colour": profile.colour,
                        "picture": profile.picture},
            "stats": player_stats(games, key), "games": history}


def _csv(header: list[str], rows: list[list[Any]]) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(header)
    writer.writerows([[_cell(v) for v in row] for row in rows])
    return out.getvalue()


def _cell(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "oui" if value else "non"
    if isinstance(value, int | float):
        return number_text(value)
    # a cell opened by a spreadsheet must not run as a formula (user text: names, titles),
    # whether it splits lines at « , » or at « ; » (companion/core/inert.py)
    return spreadsheet_cell(str(value))


def night_csv(stats: StatsStore, night_id: int) -> str:
    """One row per player of each game of the night (the shape a spreadsheet sums best)."""
    night = stats.night(night_id)
    games = stats.played(night.codes)
    names = display_names(games, stats.names())
    rows = []
    for number, played in enumerate(games, start=1):
        record = played.record
        for seat, name in enumerate(record.players, start=1):
            rows.append([night.title, number, record.code, record.title,
                         "terminée" if record.finished else "en cours", seat,
                         names.get(played.key(name), name), name, record.places.get(name),
                         points_text(record.points(name)),
                         None if record.scores is None else record.scores[name],
                         name in record.winners])
    return _csv(["soirée", "partie", "code", "jeu", "état", "place à table", "joueur",
                 "nom dans la partie", "classement", "points par place", "score", "victoire"],
                rows)


def player_csv(report: dict[str, Any]) -> str:
    """One row per game of the player's history."""
    rows = [[g["created"][:10], g.get("code", ""), g["title"], g["seat"], ", ".join(g["players"]),
             "terminée" if g["finished"] else "en cours", g["place"], points_text(g["points"]),
             g["score"], g["won"]] for g in report["games"]]
    return _csv(["date", "code", "jeu", "nom dans la partie", "joueurs", "état", "classement",
                 "points par place", "score", "victoire"], rows)
