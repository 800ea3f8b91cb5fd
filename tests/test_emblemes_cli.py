"""`companion emblemes score STATE.json [--json]`: the issue's JSON shapes, the explanation, and
exit 2 with one line on invalid states."""

from __future__ import annotations

import copy
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.core.errors import RuleError
from companion.games.emblemes.cli import parse_state
from companion.games.emblemes.scoring import score_round
from tableapp.console import main

STATE: dict[str, Any] = {
    "players": ["rouge", "bleu", "vert"], "first_player": "rouge",
    "coins": {"rouge": 3, "bleu": 3, "vert": 3},
    "places": {
        "chateau": {"rewards": [{"fixed": 4}, {"fixed": 3}, {"fixed": 1}],
                    "cards": [{"owner": "rouge", "value": 14}, {"owner": "bleu", "value": 13}]},
        "village": {"rewards": [{"per_card": True}, {"steal": 1}], "cards": []},
        "port": {"rewards": [{"half_value": True}, {"fixed": -1}], "cards": []}}}


def run(tmp_path: Path, state: Any, capsys: pytest.CaptureFixture[str],
        *flags: str) -> tuple[int, str, str]:
    path = tmp_path / "state.json"
    path.write_text(json.dumps(state), encoding="utf-8")
    code = main(["emblemes", "score", str(path), *flags])
    out = capsys.readouterr()
    return code, out.out, out.err


def test_issue_example_json_shape(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(tmp_path, STATE, capsys, "--json")
    assert code == 0
    result = json.loads(out)
    assert set(result) == {"coins", "movements", "kept"}
    # Princesse: +1 to bleu's Sorcière; ranks: rouge 4, bleu 3
    assert result["coins"] == {"rouge": 7, "bleu": 7, "vert": 3}
    assert all(set(m) == {"player", "amount", "cause"} for m in result["movements"])
    assert [(m["player"], m["amount"]) for m in result["movements"]] == [
        ("bleu", 1), ("rouge", 4), ("bleu", 3)]
    assert result["kept"] == {"chateau": [], "village": [], "port": []}


def test_rules_port_example_scored(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # The rules' Port (Sorcière 13, Voleuse 11, Marchand 6, Matelot 2) with set A's Port card:
    # the Sorcière cancels the Marchand and the Matelot.
    state = copy.deepcopy(STATE)
    state["places"]["chateau"]["cards"] = []
    state["places"]["port"] = {"place_card": "lieu-a-port", "cards": [
        {"owner": "rouge", "value": 13}, {"owner": "bleu", "value": 11},
        {"owner": "vert", "value": 6}, {"owner": "rouge", "value": 2}]}
    code, out, _ = run(tmp_path, state, capsys, "--json")
    assert code == 0
    result = json.loads(out)
    # set A Port, 3-4 players (house default): half value (13 -> 7), steal 1 from each, -1
    assert result["coins"] == {"rouge": 3 + 7 - 1, "bleu": 3 + 2, "vert": 3 - 1 - 1}
    assert result["kept"]["port"] == [{"owner": "rouge", "value": 2}]


def test_text_output_explains_each_coin(tmp_path: Path,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(tmp_path, STATE, capsys)
    assert code == 0
    assert "— Château" in out
    assert "bleu +1 : La Princesse 14 (rouge)" in out
    assert "Pièces après la manche : rouge 7, bleu 7, vert 3" in out


def _mutate(path: str, value: Any) -> dict[str, Any]:
    state = copy.deepcopy(STATE)
    target: Any = state
    keys = path.split(".")
    for key in keys[:-1]:
        target = target[int(key)] if isinstance(target, list) else target[key]
    last = keys[-1]
    if isinstance(target, list):
        target[int(last)] = value
    else:
        target[last] = value
    return state


@pytest.mark.parametrize(("path", "value", "reason"), [
    ("places.chateau.cards", [{"owner": "rouge", "value": 2}, {"owner": "bleu", "value": 13}],
     "mal rangées"),
    ("places.chateau.cards.0", {"owner": "noir", "value": 14}, "propriétaire inconnu"),
    ("places.chateau.cards.0", {"owner": "rouge", "value": 16}, "hors de 1-15"),
    ("places.chateau.cards.0", {"owner": "rouge", "value": 0}, "hors de 1-15"),
    ("places.chateau.cards.0", {"owner": "rouge", "value": "14"}, "un nombre entier de 1 à 15"),
    ("places.chateau.cards", [{"owner": "rouge", "value": 9}, {"owner": "rouge", "value": 9}],
     "deux fois"),
    ("places.village.rewards", [{"fixed": 1, "steal": 2}], "récompense"),
    ("places.port", {"place_card": "lieu-a-chateau", "cards": []}, "carte Lieu"),
    ("coins", {"rouge": 3, "bleu": 3}, "coins"),
    ("players", ["rouge", "bleu"], "3 à 5"),
    ("first_player", "noir", "premier joueur"),
])
def test_invalid_states_exit_2_with_the_reason(tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str], path: str,
                                               value: Any, reason: str) -> None:
    code, out, err = run(tmp_path, _mutate(path, value), capsys)
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and reason in err


def test_missing_place_and_bad_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    state = copy.deepcopy(STATE)
    del state["places"]["port"]
    assert run(tmp_path, state, capsys)[0] == 2
    bad = tmp_path / "bad.json"
    bad.write_text("{nope", encoding="utf-8")
    assert main(["emblemes", "score", str(bad)]) == 2
    assert "JSON invalide" in capsys.readouterr().err
    assert main(["emblemes", "score", str(tmp_path / "absent.json")]) == 2


def test_command_line_entry_point(tmp_path: Path) -> None:
    path = tmp_path / "state.json"
    path.write_text(json.dumps(STATE), encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "companion", "emblemes", "score", str(path),
                           "--json"], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["coins"]["rouge"] == 7


JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 20) | st.sampled_from(["rouge", "lieu-a-port"]),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(
        st.sampled_from(["owner", "value", "fixed", "steal", "rewards", "cards", "place_card"]),
        inner, max_size=3),
    max_leaves=6)
PATHS = ["players", "first_player", "coins", "coins.rouge", "places", "places.chateau",
         "places.chateau.rewards", "places.chateau.cards", "places.chateau.cards.0",
         "places.chateau.rewards.0", "places.port.rewards"]


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(PATHS), JSON)
def test_any_malformed_state_is_a_rule_error(path: str, value: Any) -> None:
    """Whatever is in the file: a RuleError (exit 2, one line) or a state that scores."""
    try:
        players, coins, places = parse_state(_mutate(path, value))
    except RuleError as error:
        assert error.reason
        return
    assert min(score_round(players, coins, places).coins.values()) >= 0
