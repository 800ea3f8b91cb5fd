"""docs/log-schemas/noe.json agrees with the data and the engine: its card and announcement ids
are those of data/noe.yaml, the events the engine accepts follow it, malformed ones do not."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator

from companion.core.engine import replay
from companion.games.noe.cards import deck

SCHEMA = json.loads((Path(__file__).resolve().parent.parent / "docs" / "log-schemas" /
                     "noe.json").read_text(encoding="utf-8"))
EVENTS = Draft202012Validator(SCHEMA)
SETUP = Draft202012Validator({**SCHEMA["$defs"]["setup"], "$defs": SCHEMA["$defs"]})
HAND = ["pompiers-camille", "pompiers-clara", "pompiers-etienne",
        "alphas-naomie", "senechales-rose", "espions-franck"]


def test_ids_match_the_data() -> None:
    assert SCHEMA["$defs"]["card"]["enum"] == list(deck().cards)
    announcement = SCHEMA["oneOf"][0]["properties"]["announcement"]["enum"]
    assert announcement == [a.id for a in deck().data.announcements]


def test_a_log_the_engine_accepts_follows_the_schema() -> None:
    setup = {"players": ["Alice", "Bruno", "Chloé"], "level": 3, "target": 400,
             "dealer": "Bruno"}
    events: list[dict[str, Any]] = [
        {"type": "announcement", "manche": 1, "player": "Alice", "announcement": "plan-etare",
         "cards": HAND},
        {"type": "false_announcement", "manche": 1, "player": "Bruno"},
        {"type": "control", "manche": 1, "player": "Bruno", "target": "Chloé",
         "by": ["enqueteurs-noe"], "defence": None, "seized": ["leonard-sally"]},
        {"type": "attentat", "manche": 1, "player": "Chloé", "attentat": "attentat-svetlana",
         "killed": "alphas-karl"},
        {"type": "end_manche", "manche": 1},
        {"type": "announcement", "manche": 2, "player": "Chloé",
         "announcement": "complot-elysee"},
    ]
    replay("noe", setup, events)
    assert not list(SETUP.iter_errors(setup))
    for event in events:
        assert not list(EVENTS.iter_errors(event)), event


@pytest.mark.parametrize("event", [
    {"type": "announcement", "player": "Alice", "announcement": "complot"},
    {"type": "announcement", "manche": 1, "player": "Alice", "announcement": "sept-familles"},
    {"type": "announcement", "manche": 1, "player": "Alice", "announcement": "complot",
     "cards": HAND[:5]},
    {"type": "announcement", "manche": 1, "player": "Alice", "announcement": "complot",
     "cards": HAND[:5] + ["joker-inconnu"]},
    {"type": "end_manche"},
    {"type": "tirage", "manche": 1},
    {"type": "attentat", "manche": 1, "player": "Alice", "attentat": "attentat-svetlana"},
    {"type": "control", "manche": 1, "player": "Bruno", "target": "Chloé",
     "by": ["enqueteurs-noe"], "defence": None, "seized": ["x", "y", "z", "w"]},
])
def test_malformed_events_do_not_follow_the_schema(event: dict[str, Any]) -> None:
    assert list(EVENTS.iter_errors(event))
