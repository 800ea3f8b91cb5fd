"""A broken data file fails at load with a message naming the file, the field and what was
expected — for each kind of break: missing field, wrong type, unknown reference, wrong total."""

from __future__ import annotations

import copy
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import yaml

from companion.core.datafiles import data_dir
from companion.core.errors import DataError
from companion.core.loader import parse_game
from companion.core.registry import GAMES


def original(game: str) -> dict[str, Any]:
    return yaml.safe_load((data_dir() / GAMES[game].file).read_text(encoding="utf-8"))


def broken(game: str, mutate: Callable[[dict[str, Any]], None]) -> DataError:
    raw = copy.deepcopy(original(game))
    mutate(raw)
    text = yaml.safe_dump(raw, allow_unicode=True)
    with pytest.raises(DataError) as info:
        parse_game(game, text, f"data/{GAMES[game].file}")
    return info.value


def test_missing_field_names_file_and_field() -> None:
    err = broken("noe", lambda d: d["characters"][3].pop("stated_total"))
    assert err.file == "data/noe.yaml"
    assert err.field == "characters[3].stated_total"
    assert "obligatoire" in err.expected
    assert "data/noe.yaml" in str(err) and "characters[3].stated_total" in str(err)


def test_wrong_type_names_the_expected_type() -> None:
    err = broken("camelot", lambda d: d["colours"][0]["cards"][1].update(copies="quatre"))
    assert err.field == "colours[0].cards[1].copies"
    assert err.expected == "un nombre entier"
    assert err.got == "quatre"


def test_unknown_field_is_refused() -> None:
    err = broken("emblemes", lambda d: d["characters"][0].update(valeur=15))
    assert err.field == "characters[0].valeur"
    assert "inconnu" in err.expected


def test_unknown_reference_names_the_valid_ones() -> None:
    def typo(d: dict[str, Any]) -> None:
        d["characters"][0]["categories"][1] = "espion"

    err = broken("noe", typo)
    assert err.field == "characters[0].categories[1]"
    assert "espions" in err.expected and err.got == "espion"


def test_unknown_role_reference_in_elsen() -> None:
    err = broken("elsen", lambda d: d["default_special_roles"][5].__setitem__(0, "medecin"))
    assert err.field == "default_special_roles.5[0]"
    assert err.got == "medecin"


def test_wrong_row_total_in_noe_table() -> None:
    err = broken("noe", lambda d: d["characters"][0]["categories"].append("empires"))
    assert err.field == "characters[0].categories"
    assert "3 catégories" in err.expected


def test_wrong_column_total_in_noe_table() -> None:
    def move(d: dict[str, Any]) -> None:  # keeps the row total, breaks two columns
        d["characters"][12]["categories"] = ["espions"]

    err = broken("noe", move)
    assert err.field.startswith("categories[")
    assert "stated_count" in err.field


def test_wrong_total_of_camelot_actions() -> None:
    err = broken("camelot", lambda d: d["actions"][4].update(copies=2))
    assert err.field == "actions" and "20 cartes d'action" in err.expected and err.got == 19


def test_wrong_total_of_emblemes_coins() -> None:
    err = broken("emblemes", lambda d: d["coins"][0].update(copies=47))
    assert err.field == "coins" and err.got == 95


def test_labystere_grid_must_hold_every_card() -> None:
    err = broken("labystere", lambda d: d["actions"][0].update(copies=2))
    assert err.field == "actions"


def test_emblemes_reward_must_have_exactly_one_kind() -> None:
    err = broken("emblemes", lambda d: d["place_cards"][0]["face_3_4"]["rewards"][0].update(
        steal=1))
    assert err.field == "place_cards[0].face_3_4.rewards[0]"
    assert "exactement un" in err.expected


def test_invalid_yaml_names_the_line() -> None:
    with pytest.raises(DataError) as info:
        parse_game("noe", "game: noe\ncharacters: [\n", "data/noe.yaml")
    assert info.value.file == "data/noe.yaml" and info.value.field.startswith("ligne")


def test_cli_reports_a_broken_data_file_in_one_line(tmp_path: Path) -> None:
    folder = tmp_path / "data"
    shutil.copytree(data_dir(), folder)
    path = folder / "camelot.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("hand_size: 8", "hand_size: huit"),
                    encoding="utf-8")
    env = {"COMPANION_DATA_DIR": str(folder), "PATH": "/usr/bin:/bin"}
    proc = subprocess.run([sys.executable, "-m", "companion", "cards", "camelot"],
                          capture_output=True, text=True, env=env)
    assert proc.returncode == 2
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1
    assert "data/camelot.yaml" in lines[0] and "hand_size" in lines[0]
    assert "Traceback" not in proc.stderr
