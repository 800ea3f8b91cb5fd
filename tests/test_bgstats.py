"""« Envoyer à BG Stats » (companion/stats/bgstats.py): the play built from a finished game's
record, its push link decoded back to the same JSON, and a night's plays as BGG-style CSV."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

from companion.stats.bgstats import PUSH_URL, bgg_csv, bgstats_link, bgstats_play
from companion.stats.figures import Played
from companion.stats.record import record_of

EXAMPLES = Path(__file__).resolve().parent.parent / "docs" / "log-examples"


def played(name: str, code: str = "K7M3QP", who: dict[str, str] | None = None) -> Played:
    log = json.loads((EXAMPLES / f"{name}.json").read_text(encoding="utf-8"))
    created = log.get("created", "2026-11-20T20:00:00+00:00")
    return Played(record_of(log["game"], log["setup"], log["events"], code, created), who or {})


def test_a_named_low_team_game_as_a_bgstats_play() -> None:
    play = bgstats_play(played("libre-equipes-au-plus-bas"), location="Chez Alice")
    assert play["game"] == {"name": "Dame de pique", "highestWins": False, "noPoints": False,
                            "sourceGameId": "compagnon-de-table:libre:dame de pique"}
    assert play["playDate"] == "2026-11-27 21:10:00"
    assert play["location"]["name"] == "Chez Alice"
    bruno = next(p for p in play["players"] if p["name"] == "Bruno")
    assert bruno == {"name": "Bruno", "score": "36", "rank": 1, "winner": True,
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


def test_a_game_without_points_says_so() -> None:
    play = bgstats_play(played("elsen-saboteur-exclu"))
    assert play["game"]["noPoints"] is True
    assert all(p["score"] is None for p in play["players"])
    assert any(p["winner"] for p in play["players"])


def test_a_nights_plays_as_bgg_csv() -> None:
    games = [played("libre-skull-king", "AAAAAA"), played("noe-corrections", "BBBBBB")]
    rows = list(csv.DictReader(io.StringIO(bgg_csv(games))))
    assert rows[0] == {"date": "2026-11-27", "jeu": "Skull King",
                       "joueurs": "Alice; Bruno; Chloé",
                       "scores": "Alice 70; Bruno 70; Chloé 60", "gagnants": "Alice; Bruno"}
    assert rows[1]["jeu"].startswith("Noé") and rows[1]["gagnants"] == ""  # in progress
