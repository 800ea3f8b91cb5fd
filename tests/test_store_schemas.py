"""The documented log format: the envelope schema, each game's event schema that exists
(docs/log-schemas/<game>.json), and the example logs (docs/log-examples/) validated against
them and replayed through their engine."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator
from test_store_counter import SETUP, score, use_counter

from companion.core.log import is_meta
from companion.core.registry import PLAYABLE as GAMES
from companion.events.store import EventStore, check_log, parse_envelope

DOCS = Path(__file__).resolve().parent.parent / "docs"
ENVELOPE = json.loads((DOCS / "log-format.schema.json").read_text(encoding="utf-8"))
SCHEMAS = sorted((DOCS / "log-schemas").glob("*.json"))
EXAMPLES = sorted((DOCS / "log-examples").glob("*.json"))


def load(path: Path) -> Any:
    return json.loads(path.read_text(encoding="utf-8"))


def game_events(raw: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Every game event written in a raw log, corrections' replacements included."""
    out = []
    for line in raw:
        if not is_meta(line):
            out.append(line)
        elif line["type"] == "correct":
            out.append(line["event"])
    return out


def test_the_envelope_schema_is_a_valid_schema() -> None:
    Draft202012Validator.check_schema(ENVELOPE)


def test_the_envelope_schema_refuses_bad_meta_events() -> None:
    validator = Draft202012Validator(ENVELOPE)
    log = {"format": "compagnon-log", "version": 1, "game": "noe", "setup": SETUP,
           "events": [{"type": "correct", "event": {"type": "x"}}, {"type": "undo", "index": 0},
                      {"type": "correct", "index": 0, "event": {"type": "undo"}}]}
    paths = {tuple(error.absolute_path)[:2] for error in validator.iter_errors(log)}
    assert paths == {("events", 0), ("events", 1), ("events", 2)}


def test_a_store_export_follows_the_envelope_schema(monkeypatch: pytest.MonkeyPatch,
                                                    tmp_path: Path) -> None:
    use_counter(monkeypatch)
    store = EventStore(tmp_path / "s.sqlite3")
    code = store.create("camelot", SETUP)
    store.append(code, score("Alice", 1), 0)
    store.undo(code, 1)
    store.append(code, score("Alice", 2), 2)
    store.correct(code, 2, score("Alice", 3), 3)
    assert list(Draft202012Validator(ENVELOPE).iter_errors(store.export(code))) == []


@pytest.mark.parametrize("path", SCHEMAS, ids=lambda p: p.name)
def test_each_game_schema_is_valid_and_named_after_a_game(path: Path) -> None:
    assert path.stem in GAMES
    Draft202012Validator.check_schema(load(path))


def test_there_are_examples_to_check() -> None:
    assert EXAMPLES, "docs/log-examples/ should hold at least one example log"


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.name)
def test_each_example_log_validates_and_replays(path: Path) -> None:
    log = load(path)
    assert path.stem.split("-")[0] == log["game"]
    check_example(log)


def test_the_example_in_log_format_md_validates_and_replays() -> None:
    text = (DOCS / "log-format.md").read_text(encoding="utf-8")
    blocks = [json.loads(b) for b in re.findall(r"```json\n(.*?)```", text, re.S)]
    envelopes = [b for b in blocks if b.get("format") == "compagnon-log"]
    assert envelopes, "log-format.md should show one whole exported game"
    for log in envelopes:
        check_example(log)


def check_example(log: dict[str, Any]) -> None:
    """A documented log follows the envelope schema and its game's schema, and replays."""
    assert list(Draft202012Validator(ENVELOPE).iter_errors(log)) == []
    game = parse_envelope(log)["game"]
    schema_path = DOCS / "log-schemas" / f"{game}.json"
    if schema_path.exists():
        schema = load(schema_path)
        if "setup" in schema.get("$defs", {}):
            setup_schema = {"$defs": schema["$defs"], **schema["$defs"]["setup"]}
            errors = list(Draft202012Validator(setup_schema).iter_errors(log["setup"]))
            assert errors == [], errors
        validator = Draft202012Validator(schema)
        for event in game_events(log["events"]):
            errors = [e.message for e in validator.iter_errors(event)]
            assert errors == [], (event, errors)
    check_log(game, log["setup"], log["events"])  # raises InvalidEvent if it does not replay
