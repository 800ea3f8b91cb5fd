"""`companion stats`: the example night (tests/stats_night.py) as text, JSON and CSV, with the
same numbers as the statistics tests; bad requests end with exit 2 and one French line."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest
from stats_night import build_night

from tableapp.console import main


@pytest.fixture
def night(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> int:
    path = tmp_path / "db.sqlite3"
    monkeypatch.setenv("COMPANION_DB", str(path))
    return build_night(path)[1]


def test_night_as_json(night: int, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["stats", "--night", str(night), "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert [(r["rank"], r["player"], r["wins"], r["points"]) for r in report["podium"][:3]] == [
        (1, "Chloé", 2, 3.0), (2, "Alice", 2, 2.0), (3, "Bruno", 1, 1.5)]
    assert len(report["games"]) == 8
    emblemes = next(g for g in report["games"] if g["game"] == "emblemes")
    assert emblemes["players"] == ["Alice (rouge)", "Bruno (bleu)", "Chloé (vert)"]
    assert emblemes["result"] == "victoire : Chloé (vert), 31 pièces"
    assert report["players"]["Chloé"]["emblemes"]["coins_per_manche"] == 9.3333


def test_night_as_text_and_by_points(night: int, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["stats", "--night", str(night), "--ranking", "points"]) == 0
    out = capsys.readouterr().out
    assert "Podium (points par place)" in out
    assert "1. Chloé — 2 victoires, 3 points par place, 5 parties terminées" in out
    assert "3. Bruno — 1 victoire, 1,5 point par place" in out


def test_night_and_player_as_csv(night: int, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["stats", "--night", str(night), "--csv"]) == 0
    rows = list(csv.DictReader(io.StringIO(capsys.readouterr().out)))
    assert len(rows) == 3 + 3 + 3 + 3 + 4 + 3 + 5 + 5  # one row per seat of the 8 games
    wins = [r["joueur"] for r in rows if r["victoire"] == "oui"]
    assert sorted(wins) == ["Alice", "Alice", "Bruno", "Chloé", "Chloé", "Léa", "Marie",
                            "Pierre"]
    assert main(["stats", "--player", "chloé", "--csv"]) == 0
    rows = list(csv.DictReader(io.StringIO(capsys.readouterr().out)))
    # oldest first: imported logs keep their own dates (a log without one is dated on arrival)
    assert sorted(r["nom dans la partie"] for r in rows) == sorted([
        "Chloé", "Chloé", "vert", "Inès", "Perceval", "Julie", "Julie"])
    assert [r["date"] for r in rows] == sorted(r["date"] for r in rows)


def test_overview_and_player(night: int, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["stats", "--json"]) == 0
    overview = json.loads(capsys.readouterr().out)
    assert overview["games"]["camelot"]["played"] == 2
    assert overview["players"]["Alice"]["won"] == 2
    assert main(["stats", "--player", "Bruno"]) == 0
    assert "Bruno : 7 parties, 1 victoire sur 4 parties terminées (25 %)" in \
        capsys.readouterr().out


@pytest.mark.parametrize(("args", "message"), [
    (["--night", "99"], "aucune soirée n° 99"),
    (["--player", "Zoé"], "aucun profil « Zoé » ; profils : Alice, Bruno, Chloé"),
    (["--csv"], "--csv exporte une soirée"),
])
def test_bad_requests(night: int, capsys: pytest.CaptureFixture[str], args: list[str],
                      message: str) -> None:
    assert main(["stats", *args]) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err
