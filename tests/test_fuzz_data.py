"""The data loader never gives a traceback (issue 12: 20 of 322 broken data files did — non-UTF-8,
deep YAML —, duplicate keys and `success_tokens: 0` were accepted, and deleting a `provenance:
defaut-maison` key silently labelled a house default official). Every broken file is a DataError
naming the file, the field and what was expected; the register of house defaults is enforced and
complete."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest
import yaml
from fuzzing import NASTY, leaves, mutated
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.core.datafiles import data_dir
from companion.core.errors import DataError
from companion.core.house_defaults import REGISTER, house_places, resolve
from companion.core.loader import load_path, parse_game
from companion.core.registry import GAMES


def original(game: str) -> dict[str, Any]:
    return yaml.safe_load((data_dir() / GAMES[game].file).read_text(encoding="utf-8"))


def label(game: str) -> str:
    return f"data/{GAMES[game].file}"


def refused(game: str, text: str) -> DataError:
    with pytest.raises(DataError) as info:
        parse_game(game, text, label(game))
    assert info.value.file == label(game) and info.value.field and info.value.expected
    return info.value


ORIGINALS = {game: original(game) for game in GAMES}
YAML_NASTY = [v for v in NASTY if not (isinstance(v, str) and "\udcff" in v)]


@pytest.mark.parametrize("game", list(GAMES))
@settings(max_examples=60, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(data=st.data())
def test_a_mutated_data_file_loads_or_is_one_data_error(game: str, data: st.DataObject) -> None:
    raw = ORIGINALS[game]
    pool = [v for v in leaves(raw) if not isinstance(v, dict | list)] + YAML_NASTY
    text = yaml.safe_dump(data.draw(mutated(raw, pool)), allow_unicode=True)
    try:
        parse_game(game, text, label(game))
    except DataError as err:
        assert err.file == label(game) and err.field and err.expected
        assert "\n" not in str(err)


@pytest.mark.parametrize("game", list(GAMES))
@pytest.mark.parametrize("content", [
    b"\xff\xfe\x00game: noe", "game: é".encode("latin-1"), b"[" * 50_000 + b"]" * 50_000,
    b"a:\n" + b"".join(b"  " * i + b"- \n" for i in range(1, 3_000)), b"{a: 1, a: 2}",
    b"- 1\n- 2", b"", b"x" * 3_000_000, b"game: !!python/object/apply:os.system ['true']",
])
def test_broken_files_are_one_data_error(game: str, content: bytes, tmp_path: Path) -> None:
    path = tmp_path / GAMES[game].file
    path.write_bytes(content)
    with pytest.raises(DataError) as info:
        load_path(game, path)
    assert info.value.file == label(game) and "\n" not in str(info.value)


def test_a_key_given_twice_is_refused_with_its_line() -> None:
    text = (data_dir() / "elsen.yaml").read_text(encoding="utf-8")
    twice = text.replace("\nturns:", "\nturns: 9\nturns:", 1)
    err = refused("elsen", twice)
    assert err.field == "turns" and "en double ligne" in err.expected


@pytest.mark.parametrize(("game", "mutate", "field"), [
    ("elsen", lambda d: d["success_tokens"].update({5: 0}), "success_tokens[5]"),
    ("elsen", lambda d: d["saboteurs"].update({8: -2}), "saboteurs[8]"),
    ("camelot", lambda d: d["tokens_to_win"].update({3: 0}), "tokens_to_win[3]"),
    ("emblemes", lambda d: d.update(turns_per_round={3: 0, 4: 3, 5: 3}), "turns_per_round[3]"),
    ("labystere", lambda d: d.update(grid_rows=0), "grid_rows"),
])
def test_nonsense_counts_are_refused(game: str, mutate: Any, field: str) -> None:
    """elsen.txt › Installation: « il faut 3 jetons réussite à 5 joueurs pour valider une
    mission »: a count of 0 would win a mission with no card at all."""
    raw = copy.deepcopy(ORIGINALS[game])
    mutate(raw)
    err = refused(game, yaml.safe_dump(raw, allow_unicode=True))
    assert err.field == field and "≥ 1" in err.expected


@pytest.mark.parametrize("game", [g for g in GAMES if REGISTER[g]])
def test_a_house_default_without_its_provenance_is_refused(game: str) -> None:
    """docs/data.md › Provenance: a value the rules do not give is never shown as official."""
    for place in REGISTER[game]:
        raw = copy.deepcopy(ORIGINALS[game])
        value = resolve(raw, place)
        del value["provenance"]
        err = refused(game, yaml.safe_dump(raw, allow_unicode=True))
        assert err.field == f"{place}.provenance" and "defaut-maison" in err.expected
        value["provenance"] = "regles"
        assert refused(game, yaml.safe_dump(raw, allow_unicode=True)).got == "regles"


@pytest.mark.parametrize("game", list(GAMES))
def test_the_register_of_house_defaults_is_complete(game: str) -> None:
    """Every `defaut-maison` of data/ is registered, and every registered place exists."""
    assert sorted(house_places(ORIGINALS[game])) == sorted(REGISTER[game])
