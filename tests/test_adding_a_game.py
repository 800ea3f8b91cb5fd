"""docs/adding-a-game.md, end to end: « Pile ou face » (tests/pileouface), a game registered
from the tests, passes the engine conformance suite, prints a deck and opens its page; and a
registered game whose module is missing is an error, not a silent skip."""

from __future__ import annotations

import copy
import dataclasses
import json
from collections.abc import Iterator
from pathlib import Path

import pytest
import test_engines_conformance as conformance
from pileouface import GAME
from streamlit.testing.v1 import AppTest

from companion.core.engine import replay
from companion.core.errors import RuleError
from companion.core.registry import GAMES, MissingGameModule, register, unregister
from companion.events.publiclog import public_event
from print_kit.build import build_kit
from print_kit.options import make_options

SETUP = {"players": ["Anouk", "Basile", "Capucine"]}
EVENTS = [{"type": "toss", "call": "pile", "result": "pile"},
          {"type": "toss", "call": "face", "result": "pile"},
          {"type": "toss", "call": "face", "result": "face"},
          {"type": "toss", "call": "pile", "result": "pile"},
          {"type": "toss", "call": "pile", "result": "face"},
          {"type": "toss", "call": "face", "result": "face"},
          {"type": "toss", "call": "face", "result": "face"}]


@pytest.fixture
def game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """The game registered for one test, with its example log where the suite reads them."""
    register(GAME)
    examples = tmp_path / "docs" / "log-examples"
    examples.mkdir(parents=True)
    (examples / "pileouface-exemple.json").write_text(json.dumps(
        {"game": "pileouface", "setup": SETUP, "events": EVENTS}), encoding="utf-8")
    monkeypatch.setattr(conformance, "EXAMPLES", examples)
    try:
        yield GAME.id
    finally:
        unregister(GAME.id)


def test_it_is_registered_with_its_facts(game: str) -> None:
    assert GAMES[game] is GAME and GAME.players == (2, 4)  # read from its data file
    assert public_event(game, EVENTS[0]) == EVENTS[0]  # its public policy: everything shown


def test_it_passes_the_engine_conformance_suite(game: str) -> None:
    conformance.test_every_game_has_an_engine_and_an_example_log(game)
    conformance.test_replay_equals_the_live_state_at_every_step(game)
    conformance.test_the_summary_is_json_with_the_shared_keys(game)
    for setup in ({}, {"players": []}, {"players": ["Seul"]}, {"players": "Alice"},
                  {"players": ["A", "A", "B", "C", "D"]}):
        conformance.test_a_bad_setup_is_a_rule_error(game, setup)
    conformance.test_any_event_is_applied_or_refused_without_trace(game=game)


def test_its_rules_hold(game: str) -> None:
    summary = replay(game, SETUP, EVENTS).summary()
    assert summary["scores"] == {"Anouk": 3, "Basile": 0, "Capucine": 2}
    assert summary["winner"] == "Anouk"
    with pytest.raises(RuleError, match="finie"):
        replay(game, SETUP, copy.deepcopy(EVENTS)).apply(EVENTS[0])


def test_it_prints_a_deck(game: str) -> None:
    kit = build_kit(make_options(game))
    names = [f.name for f in kit.files]
    assert "pileouface-cartes.pdf" in names and "pileouface-fiche-memoire.pdf" in names
    deck = kit.file("pileouface-cartes.pdf")
    assert deck.data.startswith(b"%PDF") and b"Pile ou face" in kit.manifest_bytes()


def test_its_page_opens(game: str) -> None:
    def script() -> None:
        from pileouface import GAME as declared
        from pileouface.page import play

        from companion.core.registry import register as again

        again(declared)  # the page's own run (AppTest runs the script on its own)
        play(["Anouk", "<b>Basile</b>"], [{"type": "toss", "call": "pile", "result": "pile"}])

    at = AppTest.from_function(script, default_timeout=30).run()
    assert not at.exception
    assert at.title[0].value == "Pile ou face"
    assert "De 2 à 4 joueurs." in [c.value for c in at.caption]
    shown = [m.value for m in at.markdown]
    assert "**Anouk** : 1" in shown and not any("<b>" in m for m in shown)


def test_a_registered_game_with_a_missing_module_is_an_error(game: str) -> None:
    broken = dataclasses.replace(GAME, id="cassé", print_module="pileouface.absent")
    with pytest.raises(MissingGameModule, match="pileouface.absent"):
        register(broken)
    assert "cassé" not in GAMES
