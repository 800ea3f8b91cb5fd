"""« Envoyer à BG Stats » (companion/stats/bgstats.py): the play built from a finished game's
record, checked key by key against BG Stats' own example of its format (recorded in
tests/bgstats/, with its source), its push link decoded back to the same JSON; and a night's
plays as rows and in BoardGameGeek's play fields."""

from __future__ import annotations

import csv
import io
import json
import re
from dataclasses import replace
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest

from companion.stats.bgstats import (
    BGG_FIELDS,
    PUSH_URL,
    bgg_plays_csv,
    bgstats_link,
    bgstats_play,
    plays_csv,
)
from companion.stats.figures import Played
from companion.stats.record import record_of

EXAMPLES = Path(__file__).resolve().parent.parent / "docs" / "log-examples"
RECORDED = Path(__file__).resolve().parent / "bgstats" / "createplay-example.json"


def played(name: str, code: str = "K7M3QP", who: dict[str, str] | None = None) -> Played:
    log = json.loads((EXAMPLES / f"{name}.json").read_text(encoding="utf-8"))
    created = log.get("created", "2026-11-20T20:00:00+00:00")
    return Played(record_of(log["game"], log["setup"], log["events"], code, created), who or {})


def test_a_named_low_team_game_as_a_bgstats_play() -> None:
    play = bgstats_play(played("libre-equipes-au-plus-bas"), location="Chez Alice")
    assert play["game"] == {"name": "Dame de pique", "highestWins": False, "noPoints": False,
                            "sourceGameId": "compagnon-de-table:libre:dame de pique"}
    assert play["playDate"] == "2026-11-27 21:10:00"
    assert play["location"] == "Chez Alice"
    bruno = next(p for p in play["players"] if p["name"] == "Bruno")
    assert bruno == {"name": "Bruno", "score": 36, "rank": 1, "winner": True,
                     "startPlayer": False, "sourcePlayerId": "nom:bruno"}


def test_one_of_the_five_with_profiles_and_the_link_round_trips() -> None:
    game = played("emblemes-partie-a-trois", who={"rouge": "profil:1"})
    play = bgstats_play(game, names={"profil:1": "Alice & <Zoé>"}, start_player="bleu")
    assert play["game"]["name"] == "Emblèmes" and play["game"]["highestWins"]
    first = play["players"][0]
    assert first["name"] == "Alice & <Zoé>" and first["sourcePlayerId"] == "profil:1"
    assert [p["startPlayer"] for p in play["players"]] == [False, True, False]
    link = bgstats_link(play)
    assert link.startswith(PUSH_URL) and " " not in link and "&" not in link.split("?", 1)[1]
    assert json.loads(parse_qs(urlsplit(link).query)["data"][0]) == play


def test_a_game_without_points_says_so_without_null() -> None:
    play = bgstats_play(played("elsen-saboteur-exclu"))
    assert play["game"]["noPoints"] is True
    assert not any("score" in p for p in play["players"])  # left out, never null
    assert any(p["winner"] for p in play["players"])
    assert "null" not in bgstats_link(play) and "location" not in play


def shape(value: Any) -> Any:
    """A JSON value's shape: its keys (nested), a list's item shape, or its JSON type (a
    number is a number, int or float)."""
    if isinstance(value, dict):
        return {key: shape(item) for key, item in value.items()}
    if isinstance(value, list):
        return [shape(value[0])] if value else []
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int | float):
        return "number"
    return "null" if value is None else "string"


def within(ours: Any, theirs: Any, where: str = "play") -> None:
    """Every key of `ours` is one of the recorded example's, at the same place, with a value
    of the same JSON type."""
    if isinstance(ours, dict):
        assert isinstance(theirs, dict), where
        for key, item in ours.items():
            assert key in theirs, f"{where}.{key} : absent de l'exemple de BG Stats"
            within(item, theirs[key], f"{where}.{key}")
    elif isinstance(ours, list):
        assert isinstance(theirs, list) and theirs, where
        for item in ours:
            within(item, theirs[0], f"{where}[]")
    else:
        assert ours == theirs, f"{where} : {ours} ici, {theirs} dans l'exemple de BG Stats"


@pytest.mark.parametrize("example", ["libre-equipes-au-plus-bas", "libre-skull-king",
                                     "emblemes-partie-a-trois", "elsen-saboteur-exclu",
                                     "labystere-partie", "noe-partie-a-100-points",
                                     "camelot-jetons"])
def test_each_play_is_written_as_bg_stats_example_writes_it(example: str) -> None:
    recorded = json.loads(RECORDED.read_text(encoding="utf-8"))
    play = bgstats_play(played(example), location="Club « Les Dés » & co",
                        start_player="Alice")
    sent = json.loads(parse_qs(urlsplit(bgstats_link(play)).query)["data"][0])
    within(shape(sent), shape(recorded))
    assert re.fullmatch(r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d", sent["playDate"])
    assert re.fullmatch(r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d", recorded["playDate"])
    assert all(isinstance(p["winner"], bool) for p in sent["players"])


def test_a_decimal_score_is_a_json_number_with_a_dot() -> None:
    game = played("libre-skull-king")
    half = replace(game.record, scores={"Alice": 70.5, "Bruno": 70, "Chloé": -2.5})
    link = bgstats_link(bgstats_play(Played(half, {})))
    data = parse_qs(urlsplit(link).query)["data"][0]
    assert '"score":70.5' in data and '"score":70,' in data and '"score":-2.5' in data
    assert "2,5" not in data and "70,5" not in data


def test_a_nights_plays_as_rows() -> None:
    games = [played("libre-skull-king", "AAAAAA"), played("noe-corrections", "BBBBBB")]
    rows = list(csv.DictReader(io.StringIO(plays_csv(games))))
    assert rows[0] == {"date": "2026-11-27", "jeu": "Skull King",
                       "joueurs": "Alice; Bruno; Chloé",
                       "scores": "Alice 70; Bruno 70; Chloé 60", "gagnants": "Alice; Bruno"}
    assert rows[1]["jeu"].startswith("Noé") and rows[1]["gagnants"] == ""  # in progress


def test_a_nights_plays_in_boardgamegeek_s_play_fields() -> None:
    games = [played("libre-equipes-au-plus-bas", "AAAAAA"),
             played("noe-corrections", "BBBBBB"),
             played("elsen-saboteur-exclu", "CCCCCC")]
    low = replace(games[0].record, scores={"Alice": 104.5, "Bruno": -3, "Chloé": 104,
                                           "David": 36})
    games[0] = Played(low, {"Alice": "profil:7"})
    text = bgg_plays_csv(games, {"profil:7": "=Alice"})
    rows = list(csv.DictReader(io.StringIO(text)))
    assert list(rows[0]) == BGG_FIELDS
    assert {"name", "username", "startposition", "color", "score", "new", "win"} <= set(
        BGG_FIELDS)
    assert len(rows) == 4 + 3 + 5  # one row per player of each play
    alice, bruno = rows[0], rows[1]
    assert alice == {"play": "AAAAAA", "date": "2026-11-27", "game": "Dame de pique",
                     "incomplete": "0", "name": "'=Alice", "username": "",
                     "startposition": "", "color": "Nord-Sud", "score": "104.5", "new": "",
                     "win": "0"}
    assert (bruno["score"], bruno["win"], bruno["color"]) == ("-3", "1", "Est-Ouest")
    noe = [r for r in rows if r["play"] == "BBBBBB"]
    assert {r["incomplete"] for r in noe} == {"1"} and {r["win"] for r in noe} == {"0"}
    elsen = [r for r in rows if r["play"] == "CCCCCC"]
    assert {r["score"] for r in elsen} == {""}  # a game without points
    assert {r["color"] for r in elsen} == {"saboteurs", "passagers"}
    assert sum(r["win"] == "1" for r in elsen) == 4
