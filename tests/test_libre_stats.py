"""« Autre jeu » in the nights and the statistics: its record (places, team places, title),
the soirée's podium, the figures per named game and `companion stats` (JSON and text)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from companion.events.store import EventStore
from companion.hosting.access import ON_SERVER
from companion.stats.record import record_of
from companion.stats.report import night_csv, night_report
from companion.stats.storage import StatsStore
from tableapp.console import main

EXAMPLES = Path(__file__).resolve().parent.parent / "docs" / "log-examples"


def log(name: str, created: str, setup: dict[str, Any], events: list[dict[str, Any]]) -> dict:
    return {"format": "compagnon-log", "version": 1, "game": "libre", "title": name,
            "created": created, "setup": {"name": name, **setup}, "events": events}


def rnd(**scores: int) -> dict[str, Any]:
    return {"type": "round", "scores": scores}


TRIO = {"players": ["Alice", "Bruno", "Chloé"], "winner": "high"}
PLAYS = [
    log("Skull King", "2026-11-20T20:00:00+00:00", TRIO,
        [rnd(Alice=30, Bruno=10, Chloé=-20), {"type": "end"}]),
    log("skull  king", "2026-11-27T20:00:00+00:00", TRIO,
        [rnd(Alice=10, Bruno=50, Chloé=0), {"type": "end"}]),
    log("Skull King", "2026-11-27T21:00:00+00:00", TRIO, [rnd(Alice=5)]),  # in progress
    log("Uno", "2026-11-27T22:00:00+00:00", {**TRIO, "winner": "low"},
        [rnd(Alice=12, Bruno=3, Chloé=40), {"type": "end"}]),
]


@pytest.fixture
def night(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[StatsStore, int]:
    path = tmp_path / "db.sqlite3"
    monkeypatch.setenv("COMPANION_DB", str(path))
    stats = StatsStore(EventStore(path))
    night = stats.create_night("Soirée jeux libres")
    for play in PLAYS:
        stats.attach(night.id, stats.events.import_log(play), by=ON_SERVER)
    return stats, night.id


def test_the_record_has_places_and_the_games_name() -> None:
    record = record_of("libre", PLAYS[3]["setup"], PLAYS[3]["events"])
    assert record.title == "Uno"
    assert record.places == {"Bruno": 1, "Alice": 2, "Chloé": 3}  # low wins
    assert record.points("Chloé") == 0.0 and record.result_line() == "victoire : Bruno, 3 points"


def test_team_players_share_their_teams_place_and_total() -> None:
    example = json.loads((EXAMPLES / "libre-equipes-au-plus-bas.json").read_text("utf-8"))
    record = record_of("libre", example["setup"], example["events"])
    assert record.winners == ["Bruno", "David"]
    assert record.places == {"Bruno": 1, "David": 1, "Alice": 4, "Chloé": 4}
    assert record.scores == {"Alice": 104, "Bruno": 36, "Chloé": 104, "David": 36}
    assert record.rounds is not None and record.rounds.series == ["Nord-Sud", "Est-Ouest"]


def test_they_count_in_the_nights_podium_and_exports(night: tuple[StatsStore, int]) -> None:
    stats, night_id = night
    report = night_report(stats, night_id)
    assert [g["title"] for g in report["games"]] == ["Skull King", "skull  king", "Skull King",
                                                     "Uno"]
    podium = {row["player"]: row["wins"] for row in report["podium"]}
    assert podium == {"Alice": 1, "Bruno": 2, "Chloé": 0}
    by_name = report["per_game"]["libre"]["by_name"]
    assert by_name["skull king"] == {
        "name": "Skull King", "played": 3, "finished": 2, "wins": {"Alice": 1, "Bruno": 1},
        "best_score": 50, "average_score": 13.3333, "last_played": "2026-11-27",
        "winner": "high"}
    assert by_name["uno"]["best_score"] == 3 and by_name["uno"]["wins"] == {"Bruno": 1}
    assert "Skull King" in night_csv(stats, night_id).splitlines()[1]


def test_companion_stats_groups_them_by_name(night: tuple[StatsStore, int],
                                            capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["stats", "--json"]) == 0
    overview = json.loads(capsys.readouterr().out)
    assert overview["games"]["libre"]["played"] == 4
    assert overview["players"]["Bruno"]["libre"]["by_name"]["skull king"]["won"] == 1
    assert main(["stats"]) == 0
    out = capsys.readouterr().out
    assert "Skull King : 3 parties, Alice 1 victoire, Bruno 1 victoire" in out
    assert "Uno : 1 partie, Bruno 1 victoire" in out


def test_the_nights_json_csv_and_pdf_exports_include_them(night: tuple[StatsStore, int],
                                                          tmp_path: Path) -> None:
    import shutil
    import subprocess

    from print_kit.night import night_pdf

    stats, night_id = night
    report = night_report(stats, night_id)
    json.dumps(report, ensure_ascii=False)
    rows = night_csv(stats, night_id).splitlines()
    assert sum("Uno" in row for row in rows) == 3  # one row per seat
    pdf = night_pdf(report)
    if shutil.which("pdftotext") is None:
        pytest.skip("pdftotext absent")
    path = tmp_path / "soiree.pdf"
    path.write_bytes(pdf)
    text = subprocess.run(["pdftotext", "-layout", str(path), "-"], check=True,
                          capture_output=True, text=True).stdout
    assert "Skull King" in text and "Uno" in text


def test_a_players_lines_per_named_game(night: tuple[StatsStore, int],
                                        capsys: pytest.CaptureFixture[str]) -> None:
    """`companion stats --player` prints « Autre jeu »'s named games under it, through the
    game's own stats hook (companion/stats/cli.py names no game)."""
    from companion.stats import cli
    from companion.stats.figures import player_keys, player_stats

    stats, _night = night
    games = stats.played(stats.all_codes())
    bruno = next(k for k in player_keys(games) if "bruno" in k)
    cli._print_player({"profile": {"name": "Bruno"}, "stats": player_stats(games, bruno),
                       "games": []})
    out = capsys.readouterr().out.splitlines()
    at = out.index("  Autre jeu : 4 parties, 2 victoires (67 %)")
    assert out[at + 1:at + 3] == ["    Skull King : 3 parties, 1 victoire (50 %)",
                                  "    Uno : 1 partie, 1 victoire (100 %)"]
