"""`companion games` and `companion cards`: formats, fields, totals and bad input."""

from __future__ import annotations

import csv
import io
import json
import subprocess
import sys

import pytest

from tableapp.console import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    try:
        code = main(list(argv))
    except SystemExit as exc:  # argparse errors
        code = int(exc.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


def test_games_lists_the_five_and_the_score_sheet(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "games", "--format", "json")
    assert code == 0
    rows = {r["id"]: r for r in json.loads(out)}
    assert set(rows) == {"noe", "emblemes", "labystere", "camelot", "elsen", "libre"}
    assert rows["noe"]["cards"] == 93 and rows["camelot"]["cards"] == 110


@pytest.mark.parametrize(("game", "fields"), [
    ("noe", {"category"}), ("emblemes", {"family", "value", "timing"}),
    ("camelot", {"colour", "value"}), ("labystere", {"type"}), ("elsen", {"team"}),
])
def test_cards_json_has_the_common_and_game_fields(
        capsys: pytest.CaptureFixture[str], game: str, fields: set[str]) -> None:
    code, out, _ = run(capsys, "cards", game, "--format", "json")
    assert code == 0
    rows = json.loads(out)
    assert all({"id", "name", "kind", "copies"} <= set(r) for r in rows)
    assert all(r["kind"] in {"card", "token", "die", "pawn", "board", "sheet"} for r in rows)
    cards = [r for r in rows if r["kind"] == "card"]
    assert any(fields <= set(r) for r in cards)
    assert len({r["id"] for r in rows}) == len(rows)


def test_cards_level_filters_noe_mechants(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "cards", "noe", "--level", "1", "--format", "json")
    rows = json.loads(out)
    assert sum(r["copies"] for r in rows) == 79
    assert not any(r["category"] == "attentat" for r in rows)


def test_cards_players_adapts_elsen(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "cards", "elsen", "--players", "8", "--format", "json")
    rows = {r["id"]: r for r in json.loads(out)}
    assert rows["role-saboteur"]["copies"] == 2 and rows["vivant"]["copies"] == 8


def test_cards_csv_and_table_agree_on_totals(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "cards", "camelot", "--format", "csv")
    rows = list(csv.DictReader(io.StringIO(out)))
    assert sum(int(r["copies"]) for r in rows if r["kind"] == "card") == 110
    _, table, _ = run(capsys, "cards", "camelot")
    assert "total card : 110" in table and "total token : 25" in table


@pytest.mark.parametrize("argv", [
    ["cards", "monopoly"],
    ["cards", "noe", "--level", "4"],
    ["cards", "camelot", "--level", "1"],
    ["cards", "elsen", "--players", "4"],
    ["cards", "noe", "--format", "xml"],
    ["cards", "noe", "--level", "deux"],
])
def test_bad_input_exits_2_with_one_line(capsys: pytest.CaptureFixture[str],
                                         argv: list[str]) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2
    assert out == ""
    assert len(err.strip().splitlines()) == 1


@pytest.mark.parametrize(("argv", "expected"), [
    ([], "il manque : commande"),
    (["cards", "noe", "--format", "xml"], "--format : choix invalide 'xml'"),
    (["cards", "noe", "--level", "deux"], "--level : valeur invalide 'deux'"),
    (["games", "en-trop"], "arguments inconnus : en-trop"),
    (["emblemes"], "il manque : {score}"),  # a game's subcommands, never an internal name
    (["elsen"], "il manque : {setup,mission}"),
])
def test_argument_errors_speak_french(capsys: pytest.CaptureFixture[str], argv: list[str],
                                      expected: str) -> None:
    code, _, err = run(capsys, *argv)
    assert code == 2 and expected in err, err


def test_help_speaks_french(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "cards", "--help")
    assert code == 0 and "affiche cette aide" in out and "show this help" not in out


def test_unknown_game_names_the_valid_ones(capsys: pytest.CaptureFixture[str]) -> None:
    _, _, err = run(capsys, "cards", "monopoly")
    assert "monopoly" in err and "noe" in err and "camelot" in err


def test_cli_does_not_import_streamlit_or_pandas() -> None:
    probe = ("import sys; from tableapp.console import main; main(['cards', 'noe', '--format',"
             " 'json']); print(sorted(m for m in ('streamlit', 'pandas') if m in sys.modules))")
    proc = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip().splitlines()[-1] == "[]"
