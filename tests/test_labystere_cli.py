"""`companion labystere setup --seed N [--json] [--reveal]`: the JSON shape of issue 8, the text
map, and exit 2 with one line on bad input."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.core.loader import load_game
from companion.games.labystere.setup import generate
from tableapp.console import main


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


def card_ids() -> set[str]:
    return {c.id for c in load_game("labystere").components()}


def test_json_is_5_rows_of_5_cells_with_action_and_path(
        capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["labystere", "setup", "--seed", "17", "--json"], capsys)
    data = json.loads(out)
    assert code == 0 and data["seed"] == 17
    grid = data["grid"]
    assert len(grid) == 5 and all(len(row) == 5 for row in grid)
    ids = card_ids()
    for row in grid:
        for cell in row:
            assert set(cell) == {"action", "path", "rotation"}
            assert cell["rotation"] in range(4) and (cell["path"] or not cell["rotation"])
            assert cell["action"] in ids
            assert cell["path"] is None or cell["path"] in ids
    uncovered = sorted(cell["action"] for row in grid for cell in row if cell["path"] is None)
    assert uncovered == ["arrivee", "depart"]
    assert data == json.loads(json.dumps(generate(17).as_json()))
    assert data["set_aside"].startswith("suspect-")


def test_same_seed_same_output(capsys: pytest.CaptureFixture[str]) -> None:
    outs = {run(["labystere", "setup", "--seed", "99", "--json"], capsys)[1] for _ in range(3)}
    assert len(outs) == 1
    assert run(["labystere", "setup", "--seed", "98", "--json"], capsys)[1] not in outs


def test_text_map_hides_secrets_unless_revealed(capsys: pytest.CaptureFixture[str]) -> None:
    layout = generate(5)
    names = {c.id: c.name for c in load_game("labystere").components()}
    code, out, _ = run(["labystere", "setup", "--seed", "5"], capsys)
    assert code == 0
    lines = out.splitlines()
    assert "graine 5" in lines[0]
    grid_rows = [line for line in lines if line[:3].strip() in "ABCDE" and "|" in line]
    assert len(grid_rows) == 10  # two lines per grid row
    assert out.count("Départ") >= 1 and out.count("Drapeau") >= 4
    assert not any(name in out for id_, name in names.items() if id_.startswith("suspect-"))
    assert "Rejoue" not in out  # hidden Action cards are shown by sort only
    code, out, _ = run(["labystere", "setup", "--seed", "5", "--reveal"], capsys)
    assert f"coupable) : {names[layout.guilty]}" in out
    assert "Rejoue" in out


def test_without_seed_a_seed_is_drawn_and_shown(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["labystere", "setup", "--json"], capsys)
    data = json.loads(out)
    assert code == 0 and data == json.loads(json.dumps(generate(data["seed"]).as_json()))


@pytest.mark.parametrize("argv", [
    ["labystere", "setup", "--seed", "-3"],
    ["labystere", "setup", "--seed", "abc"],
    ["labystere", "setup", "--seed", str(2**63)],
    ["labystere"],
])
def test_bad_input_exit_2_one_line(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        code = main(argv)
        raise SystemExit(code)
    out, err = capsys.readouterr()
    assert exit_info.value.code == 2
    assert out == "" and len(err.strip().splitlines()) == 1


def test_a_missing_subcommand_names_it(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["labystere"])
    assert exit_info.value.code == 2
    err = capsys.readouterr().err.strip()
    assert err.endswith("il manque : {setup,board}") and "labystere_command" not in err


EXAMPLE = str(Path(__file__).resolve().parent.parent / "docs" / "log-examples"
              / "labystere-partie.json")


def test_board_of_a_logged_game(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["labystere", "board", EXAMPLE], capsys)
    assert code == 0
    assert "1. Léa (vert) en E5" in out and "2. Tom (rouge) éliminé" in out
    assert "Partie finie : Léa a gagné." in out
    assert out.count("┼D") == 1 and "┼A1" in out  # Léa's pawn (seat 1) on Arrivée
    code, out, _ = run(["labystere", "board", EXAMPLE, "--json"], capsys)
    data = json.loads(out)
    assert code == 0 and len(data["board"]) == 5 and data["current"] is None


def test_board_refuses_old_or_broken_logs(tmp_path: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    old = {"format": "compagnon-log", "version": 1, "game": "labystere",
           "setup": {"players": ["Léa", "Tom"], "colours": ["rouge", "bleu"], "seed": 1},
           "events": [{"type": "roll", "value": 3}, {"type": "card", "card": "rejoue"}]}
    path = tmp_path / "old.json"
    path.write_text(json.dumps(old), encoding="utf-8")
    for argv in (["labystere", "board", str(path)], ["labystere", "board", str(tmp_path)]):
        with pytest.raises(SystemExit) as exit_info:
            raise SystemExit(main(argv))
        assert exit_info.value.code == 2
        assert len(capsys.readouterr().err.strip().splitlines()) == 1
