"""docs/log-schemas/labystere.json agrees with the data file and with the engine."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.core.errors import RuleError
from companion.core.loader import load_game
from companion.games.labystere.engine import ENGINE
from companion.games.labystere.setup import SEED_MAX

jsonschema = pytest.importorskip("jsonschema")

SCHEMA = json.loads((Path(__file__).resolve().parent.parent / "docs" / "log-schemas"
                     / "labystere.json").read_text(encoding="utf-8"))
DEFS = SCHEMA["$defs"]
DATA = load_game("labystere")
VALIDATOR = jsonschema.Draft202012Validator(SCHEMA)
_VALID: dict[str, bool] = {}


def valid(event: dict[str, object]) -> bool:
    """VALIDATOR.is_valid, remembered per event: the random games repeat the same legal events
    (a roll, a step) thousands of times, and the schema's oneOf makes each check costly."""
    key = json.dumps(event, sort_keys=True, default=repr)
    if key not in _VALID:
        _VALID[key] = VALIDATOR.is_valid(event)
    return _VALID[key]
SETUP = {"players": ["Léa", "Tom"], "colours": ["rouge", "bleu"], "seed": 9}


def test_enums_are_the_data_ids() -> None:
    assert DEFS["action"]["properties"]["card"]["enum"] == [a.id for a in DATA.actions]
    assert DEFS["declare"]["properties"]["suspect"]["enum"] == [s.id for s in DATA.suspects]
    assert DEFS["declare"]["properties"]["place"]["enum"] == [p.id for p in DATA.places]
    colours = DEFS["setup"]["properties"]["colours"]
    assert colours["items"]["enum"] == [c.id for c in DATA.colours]
    assert DEFS["setup"]["properties"]["players"]["minItems"] == DATA.players.min
    assert DEFS["setup"]["properties"]["players"]["maxItems"] == DATA.players.max
    assert DEFS["roll"]["properties"]["value"]["maximum"] == DATA.die_faces
    assert DEFS["setup"]["properties"]["seed"]["maximum"] == SEED_MAX


def test_setup_schema_matches_the_engine() -> None:
    setup_validator = jsonschema.Draft202012Validator(DEFS["setup"])
    assert setup_validator.is_valid(SETUP)
    ENGINE.new_state(SETUP)
    bad = dict(SETUP, colours=["rouge", "rouge"])
    assert not setup_validator.is_valid(bad)
    with pytest.raises(RuleError):
        ENGINE.new_state(bad)


NASTY = st.sampled_from([None, "", "Z9", "A1", "B2", ["A1"], ["A2", "B1"], 3, True, "Tom",
                         "rejoue", "ours", "tour", {"x": 1}])
KEYS = st.sampled_from(["value", "source", "path", "cells", "card", "cell", "player", "suspect",
                        "place", "correct"])


@settings(max_examples=150, deadline=None)
@given(st.data())
def test_what_the_engine_accepts_the_schema_accepts(data: st.DataObject) -> None:
    """Legal events and their mutations: whatever the engine accepts, the schema accepts."""
    state = ENGINE.new_state(SETUP)
    for _ in range(data.draw(st.integers(1, 60))):
        legal = state.legal_events()
        if not legal:
            break
        event = data.draw(st.sampled_from(legal))
        assert valid(event), event
        if data.draw(st.booleans()):
            event = {**event, data.draw(KEYS): data.draw(NASTY)}
        try:
            state.apply(event)
        except RuleError:
            continue
        assert valid(event), event
