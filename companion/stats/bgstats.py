"""Send a play to the apps players already keep: the BG Stats push link and a night's plays as
BoardGameGeek-style rows. Pure functions of the games' records: nothing leaves the server here;
the link is opened by a player's own device (tableapp shows it as a link and a QR code).

BG Stats documents its push link as `https://app.bgstatsapp.com/createPlay.html?data=` + the
URL-encoded JSON of one play: `game` {name, highestWins, noPoints, sourceGameId}, `playDate`,
`players` [{name, score, rank, winner, startPlayer, sourcePlayerId}], `location`."""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from datetime import datetime
from typing import Any
from urllib.parse import quote

from companion.stats.figures import Played
from companion.stats.libre import name_key
from companion.stats.record import number_text
from companion.stats.report import _csv

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
    """Stable per game: « compagnon-de-table:noe », « compagnon-de-table:libre:skull king »."""
    record = played.record
    if record.game == "libre":
        return f"{SOURCE}:libre:{name_key(record.title)}"
    return f"{SOURCE}:{record.game}"


def bgstats_play(played: Played, *, names: Mapping[str, str] | None = None,
                 start_player: str | None = None, location: str = "") -> dict[str, Any]:
    """One finished game as BG Stats' play. `names`: player key -> name to show (a profile's);
    `start_player`: the seat name that played first, when the game says it."""
    record = played.record
    low = record.facts.get("winner") == "low"
    players = []
    for name in record.players:
        key = played.key(name)
        score = None if record.scores is None else record.scores[name]
        players.append({"name": (names or {}).get(key, name),
                        "score": None if score is None else number_text(score),
                        "rank": record.places.get(name), "winner": name in record.winners,
                        "startPlayer": name == start_player, "sourcePlayerId": key})
    play: dict[str, Any] = {
        "sourceName": "Compagnon de table", "sourcePlayId": f"{SOURCE}:{record.code}",
        "playDate": play_date(record.created),
        "game": {"name": record.title, "highestWins": not low,
                 "noPoints": record.scores is None, "sourceGameId": source_game_id(played)},
        "players": players}
    if location:
        play["location"] = {"name": location, "sourceLocationId": f"{SOURCE}:{location}"}
    return play


def bgstats_link(play: dict[str, Any]) -> str:
    """The push link: the play as compact JSON, every reserved character percent-encoded."""
    data = json.dumps(play, ensure_ascii=False, separators=(",", ":"))
    return PUSH_URL + quote(data, safe="")


def start_player_of(setup: Mapping[str, Any]) -> str | None:
    """The seat that played first, for the games whose setup names it."""
    first = setup.get("first_player")
    return first if isinstance(first, str) else None


def bgg_csv(games: Iterable[Played], names: Mapping[str, str] | None = None) -> str:
    """A night's plays, one row each, as BoardGameGeek-style records: date, game, players,
    scores, winners (names as shown; cells safe from spreadsheet formulas)."""
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
