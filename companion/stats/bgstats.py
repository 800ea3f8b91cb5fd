"""Send a play to the apps players already keep: the BG Stats push link, and a night's plays as
rows (« Parties de la soirée ») or in BoardGameGeek's play fields. Pure functions of the games'
records: nothing leaves the server here; the link is opened by a player's own device (tableapp
shows it as a link and a QR code).

BG Stats documents its push link as `https://app.bgstatsapp.com/createPlay.html?data=` + the
URL-encoded JSON of one play: `game` {name, highestWins, noPoints, sourceGameId}, `playDate`,
`players` [{name, score, rank, winner, startPlayer, sourcePlayerId}], `location`. The play is
written as BG Stats' own example writes it (recorded in tests/bgstats/): `location` a string,
scores JSON numbers (a dot, never « 2,5 »), and a key the game has no value for left out, never
`null`.

BoardGameGeek has no file import; its play record holds, per player, name, username,
startposition, color, score, new and win (its XML API's `<player>`): `bgg_plays_csv` gives one
row per player in those fields, for those who log their plays there."""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Iterable, Mapping
from datetime import datetime
from typing import Any
from urllib.parse import quote

from companion.stats.figures import Played
from companion.stats.record import Number, number_text, stats_hook
from companion.stats.report import _cell, _csv

PUSH_URL = "https://app.bgstatsapp.com/createPlay.html?data="
SOURCE = "compagnon-de-table"
# beyond this a QR code no longer holds the link (a version 40 code holds 2 953 bytes): the
# page then shows the link alone
QR_MAX = 2900


def play_date(created: str) -> str:
    """« 2026-11-27 20:30:00 » from the game's ISO creation time (UTC, as stored); "" when
    unknown."""
    if not created:
        return ""
    return datetime.fromisoformat(created).strftime("%Y-%m-%d %H:%M:%S")


def source_game_id(played: Played) -> str:
    """Stable per game: « compagnon-de-table:noe »; a game whose plays name several games
    (« Autre jeu ») says its own through its stats hook's `source_game_id(record)`:
    « compagnon-de-table:libre:skull king »."""
    record = played.record
    own = getattr(stats_hook(record.game), "source_game_id", None)
    return f"{SOURCE}:{own(record) if own is not None else record.game}"


def json_number(value: Number) -> int | float:
    """A score as a JSON number: 36, 2.5 (an integral float is written as an integer)."""
    return int(value) if float(value).is_integer() else float(value)


def bgstats_play(played: Played, *, names: Mapping[str, str] | None = None,
                 start_player: str | None = None, location: str = "") -> dict[str, Any]:
    """One finished game as BG Stats' play. `names`: player key -> name to show (a profile's);
    `start_player`: the seat name that played first, when the game says it."""
    record = played.record
    low = record.facts.get("winner") == "low"
    players = []
    for name in record.players:
        key = played.key(name)
        player: dict[str, Any] = {"name": (names or {}).get(key, name)}
        if record.scores is not None:  # a game without points (ELSEN, Labystère) has none
            player["score"] = json_number(record.scores[name])
        if name in record.places:
            player["rank"] = record.places[name]
        # `winner` always: BG Stats' Android app refuses a player without it
        player |= {"winner": name in record.winners, "startPlayer": name == start_player,
                   "sourcePlayerId": key}
        players.append(player)
    play: dict[str, Any] = {
        "sourceName": "Compagnon de table", "sourcePlayId": f"{SOURCE}:{record.code}",
        "game": {"name": record.title, "highestWins": not low,
                 "noPoints": record.scores is None, "sourceGameId": source_game_id(played)},
        "players": players}
    date = play_date(record.created)
    if date:
        play["playDate"] = date
    if location:
        play["location"] = location
    return play


def bgstats_link(play: dict[str, Any]) -> str:
    """The push link: the play as compact JSON, every reserved character percent-encoded."""
    data = json.dumps(play, ensure_ascii=False, separators=(",", ":"))
    return PUSH_URL + quote(data, safe="")


def start_player_of(setup: Mapping[str, Any]) -> str | None:
    """The seat that played first, for the games whose setup names it."""
    first = setup.get("first_player")
    return first if isinstance(first, str) else None


def plays_csv(games: Iterable[Played], names: Mapping[str, str] | None = None) -> str:
    """« Parties de la soirée »: one row per play, date, game, players, scores, winners (names
    as shown, numbers as French writes them; cells safe from spreadsheet formulas)."""
    rows = []
    for played in games:
        record = played.record
        shown = {n: (names or {}).get(played.key(n), n) for n in record.players}
        scores = "" if record.scores is None else "; ".join(
            f"{shown[n]} {number_text(record.scores[n])}" for n in record.players)
        rows.append([record.created[:10], record.title,
                     "; ".join(shown[n] for n in record.players), scores,
                     "; ".join(shown[n] for n in record.winners) if record.finished else ""])
    return _csv(["date", "jeu", "joueurs", "scores", "gagnants"], rows)


BGG_FIELDS = ["play", "date", "game", "incomplete", "name", "username", "startposition",
              "color", "score", "new", "win"]


def bgg_plays_csv(games: Iterable[Played], names: Mapping[str, str] | None = None) -> str:
    """A night's plays in BoardGameGeek's play fields, one row per player: `play` (this app's
    code, grouping a play's rows), `date` (AAAA-MM-JJ), `game`, `incomplete` (0 or 1), then
    BGG's player fields: `name`, `username` (empty: the app does not know BGG accounts),
    `startposition` (empty: not in a night's records), `color` (the team or the side, when the
    game has one), `score` (a dot: 2.5; empty without points), `new` (empty: unknown), `win`
    (0 or 1). Text cells are safe from spreadsheet formulas; numbers stay numbers."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(BGG_FIELDS)
    for played in games:
        record = played.record
        for name in record.players:
            figures = record.figures.get(name, {})
            colour = figures.get("team") or figures.get("side") or ""
            score = ("" if record.scores is None
                     else str(json_number(record.scores[name])))
            writer.writerow([_cell(record.code), record.created[:10], _cell(record.title),
                             "0" if record.finished else "1",
                             _cell((names or {}).get(played.key(name), name)), "", "",
                             _cell(colour), score, "",
                             "1" if record.finished and name in record.winners else "0"])
    return out.getvalue()
