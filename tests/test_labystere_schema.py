"""docs/log-schemas/labystere.json agrees with the data file and with the engine."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.errors import RuleError
from companion.games.labystere.engine import ENGINE
from companion.games.labystere.setup import SEED_MAX
from companion.loader import load_game

jsonschema = pytest.importorskip("jsonschema")

SCHEMA = json.loads((Path(__file__).resolve().parent.parent / "docs" / "log-schemas"
                     / "labystere.json").read_text(encoding="utf-8"))
DEFS = SCHEMA["$defs"]
DATA = load_game("labystere")
VALIDATOR = jsonschema.Draft202012Validator(SCHEMA)
SETUP = {"players": ["Léa", "Tom"], "colours": ["rouge", "bleu"], "seed": 9}


def test_enums_are_the_data_ids() -> None:
    assert DEFS["card"]["properties"]["card"]["enum"] == [a.id for a in DATA.actions]
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


EVENTS = st.fixed_dictionaries(
    {"type": st.sampled_from(["roll", "card", "end_turn", "declare", "other"])},
    optional={"value": st.integers(min_value=-1, max_value=8),
              "source": st.sampled_from(["app", "table", "x"]),
              "card": st.sampled_from(["rejoue", "lancer-double", "pas-d-action", "nope"]),
              "suspect": st.sampled_from(["ours", "loup"]),
              "place": st.sampled_from(["tour", "grotte"]),
              "correct": st.booleans()})


@settings(max_examples=300, deadline=None)
@given(st.lists(EVENTS, max_size=25))
def test_what_the_engine_accepts_the_schema_accepts(events: list[dict[str, Any]]) -> None:
    state = ENGINE.new_state(SETUP)
    for event in events:
        try:
            state.apply(event)
        except RuleError:
            continue
        assert VALIDATOR.is_valid(event), event
        if state.finished:
            break
