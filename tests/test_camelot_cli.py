"""`companion camelot simulate|check`, `companion replay` on Camelot logs, and the documented
event schema (docs/log-schemas/camelot.json) against the engine's events."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator

from companion.games.camelot.cards import catalogue
from companion.games.camelot.simulate import playout
from tableapp.console import main

DOCS = Path(__file__).resolve().parent.parent / "docs"
SCHEMA = json.loads((DOCS / "log-schemas" / "camelot.json").read_text(encoding="utf-8"))
EXAMPLE = DOCS / "log-examples" / "camelot-exemples-de-la-regle.json"


def test_replay_of_the_rule_examples_log(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", str(EXAMPLE)]) == 0
    state = json.loads(capsys.readouterr().out)
    tokens = {p["name"]: p["tokens"] for p in state["players"]}
    assert tokens == {"Sire Marcel": ["vert"], "Sire Raymond": [], "Sire Maurice": [],
                      "Lady Danielle": ["rouge"]}
    assert [t["winner"] for t in state["tournaments"]] == [3, 0]
    assert state["current_name"] == "Sire Marcel" and state["phase"] == "start"


def test_replay_names_the_event_that_breaks_the_rules(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    log["events"].insert(2, {"type": "play", "player": 0, "card": "bleu-3"})  # not red
    path = tmp_path / "faux.json"
    path.write_text(json.dumps(log), encoding="utf-8")
    assert main(["replay", str(path)]) == 1
    out = json.loads(capsys.readouterr().out)
    assert (out["index"], out["rule"]) == (2, "camelot.txt › Jouer des cartes")


def test_simulate_prints_a_finished_game_and_writes_a_replayable_log(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "sim.json"
    assert main(["camelot", "simulate", "--players", "4", "--seed", "5", "--json",
                 "--log", str(log)]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["finished"] and result["seed"] == 5
    assert len(result["tokens"][result["winner"]]) == 4
    assert result == {"seed": 5, **playout(4, 5).result()}  # same seed, same game
    assert main(["replay", str(log)]) == 0
    assert json.loads(capsys.readouterr().out)["winner"] == result["winner"]


def test_simulate_text_agrees_with_each_players_tokens(capsys: pytest.CaptureFixture[str]) -> None:
    """Seed 2 ends with players holding 4, 1, 0 and 0 tokens: « 1 jeton », « 0 jeton »
    (French: singular below 2), « 4 jetons », never « jeton(s) »."""
    assert main(["camelot", "simulate", "--players", "4", "--seed", "2"]) == 0
    lines = capsys.readouterr().out.splitlines()
    result = playout(4, 2).result()
    tokens = result["tokens"]
    assert sorted(len(t) for t in tokens.values()) == [0, 0, 1, 4]
    assert lines[0] == (f"graine 2 : {result['tournaments']} tournois, "
                        f"{result['events']} événements")
    for name, held in tokens.items():
        words = {0: "0 jeton : —", 1: f"1 jeton : {', '.join(held)}"}.get(
            len(held), f"{len(held)} jetons : {', '.join(held)}")
        assert f"  {name:<10} {words}" in lines


def test_simulate_refuses_a_bad_player_count(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["camelot", "simulate", "--players", "6"]) == 2
    assert "2 à 5 joueurs" in capsys.readouterr().err


def test_a_missing_subcommand_names_the_choices(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["camelot"])
    assert exit_info.value.code == 2
    err = capsys.readouterr().err.strip()
    assert err.endswith("il manque : {simulate,check}") and "camelot_command" not in err


def test_check_previews_a_legal_play_and_refuses_an_illegal_one(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    log["events"] = log["events"][:5]  # Marcel 3 in red, Raymond to play
    path = tmp_path / "debut.json"
    path.write_text(json.dumps(log), encoding="utf-8")
    ok = '{"type": "play", "player": 1, "card": "rouge-5"}'
    assert main(["camelot", "check", str(path), ok]) == 0
    assert capsys.readouterr().out.strip() == "permis : Sire Raymond pose Rouge 5 : total 5"
    bad = '{"type": "play", "player": 1, "card": "riposte", "target": 0}'
    assert main(["camelot", "check", str(path), bad]) == 2
    err = capsys.readouterr().err
    assert "n'a qu'une carte" in err and "Affecter un ou plusieurs personnages" in err
    assert main(["camelot", "check", str(path), "{pas du json"]) == 2


def test_every_engine_event_follows_the_documented_schema() -> None:
    validator = Draft202012Validator(SCHEMA)
    setup_validator = Draft202012Validator(SCHEMA["$defs"]["setup"])
    for players, seed in ((2, 1), (3, 2), (5, 3)):
        game = playout(players, seed, action_rate=0.6)
        assert list(setup_validator.iter_errors(game.setup)) == []
        for event in game.events:
            assert list(validator.iter_errors(event)) == [], event
    assert list(validator.iter_errors({"type": "play", "player": 0, "card": "joker"}))


def test_the_schema_lists_exactly_the_cards_of_the_data() -> None:
    cards = SCHEMA["$defs"]["play"]["properties"]["card"]["enum"]
    assert sorted(cards) == sorted(catalogue().cards)
    assert SCHEMA["$defs"]["start"]["properties"]["colour"]["enum"] == list(catalogue().colours)
