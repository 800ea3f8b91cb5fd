"""docs/log-schemas/emblemes.json describes what the engine accepts: the events and setup of
a played game validate; malformed ones are refused by both."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator
from test_emblemes_engine import THREE, full_game

from companion.core.errors import RuleError
from companion.games.emblemes.engine import ENGINE
from companion.games.emblemes.placecards import setup_places

SCHEMA = json.loads((Path(__file__).resolve().parent.parent / "docs" / "log-schemas" /
                     "emblemes.json").read_text(encoding="utf-8"))
EVENTS = Draft202012Validator(SCHEMA)
SETUP = Draft202012Validator({**SCHEMA, "oneOf": [{"$ref": "#/$defs/setup"}]})


def test_schema_is_valid() -> None:
    Draft202012Validator.check_schema(SCHEMA)


def test_a_played_game_validates() -> None:
    state, events = full_game()
    assert any("choices" in e for e in events) and any("side" in e for e in events)
    for event in events:
        assert list(EVENTS.iter_errors(event)) == []
    setup = {"players": THREE, "place_set": "C", "first_player": "bleu",
             "families": {"rouge": "lion", "bleu": "cerf", "vert": "soleil"},
             "places": setup_places("C", 3, use_table=False)}
    assert list(SETUP.iter_errors(setup)) == []
    ENGINE.new_state(setup)


@pytest.mark.parametrize("event", [
    {"type": "reveal", "player": "rouge", "value": 16, "place": "port"},
    {"type": "reveal", "player": "rouge", "value": 14, "place": "plage"},
    {"type": "reveal", "player": "rouge", "value": 14, "place": "port", "side": "milieu"},
    {"type": "reveal", "player": "rouge", "value": 14, "place": "port", "choices": {"x": 1}},
])
def test_malformed_events_are_refused_by_schema_and_engine(event: dict[str, Any]) -> None:
    assert list(EVENTS.iter_errors(event))
    with pytest.raises(RuleError):
        ENGINE.new_state({"players": THREE}).apply(event)
