"""One conformance suite over the five engines (the shape in companion/core/engine.py, after
OpenSpiel's single test over every game): each game's documented example log replays, replay
equals the live state, summaries are JSON with the shared keys, and any event — a real one out
of place or a mutated one — is either applied or refused with a RuleError that leaves the state
exactly as it was."""

from __future__ import annotations

import copy
import json
import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.core.engine import engine_for, replay
from companion.core.errors import RuleError
from companion.core.log import resolve
from companion.core.registry import PLAYABLE as GAMES

EXAMPLES = Path(__file__).resolve().parent.parent / "docs" / "log-examples"
SHARED_KEYS = {"players", "turn", "violations"}


def example(game: str) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The game's first documented example log: its setup and its effective events."""
    path = sorted(EXAMPLES.glob(f"{game}-*.json"))[0]
    log = json.loads(path.read_text(encoding="utf-8"))
    return log["setup"], [entry.event for entry in resolve(log["events"])]


def snapshot(state: Any) -> str:
    return json.dumps(state.summary(), sort_keys=True, ensure_ascii=False, default=repr)


@pytest.mark.parametrize("game", list(GAMES))
def test_every_game_has_an_engine_and_an_example_log(game: str) -> None:
    assert engine_for(game).game == game
    assert sorted(EXAMPLES.glob(f"{game}-*.json")), f"docs/log-examples/{game}-*.json manque"


@pytest.mark.parametrize("game", list(GAMES))
def test_replay_equals_the_live_state_at_every_step(game: str) -> None:
    setup, events = example(game)
    live = engine_for(game).new_state(copy.deepcopy(setup))
    for k, event in enumerate(events, start=1):
        live.apply(copy.deepcopy(event))
        if k in (1, len(events) // 2, len(events)):
            assert snapshot(replay(game, setup, events[:k])) == snapshot(live)


@pytest.mark.parametrize("game", list(GAMES))
def test_the_summary_is_json_with_the_shared_keys(game: str) -> None:
    setup, events = example(game)
    summary = replay(game, setup, events).summary()
    json.dumps(summary, ensure_ascii=False)  # no sets, dataclasses or other non-JSON values
    assert SHARED_KEYS <= set(summary), SHARED_KEYS - set(summary)
    assert "winner" in summary or "winners" in summary
    assert isinstance(summary["violations"], list)


@pytest.mark.parametrize("game", list(GAMES))
@pytest.mark.parametrize("setup", [{}, {"players": []}, {"players": ["Seul"]},
                                   {"players": "Alice"}, {"players": ["A", "A", "B", "C", "D"]}])
def test_a_bad_setup_is_a_rule_error(game: str, setup: dict[str, Any]) -> None:
    with pytest.raises(RuleError):
        engine_for(game).new_state(setup)


NASTY = [None, "", "zzz", -1, 0, 999, 2.5, True, [], {}, ["zzz"], "<b>x</b>"]


def mutations(event: dict[str, Any], pool: list[Any]) -> st.SearchStrategy[dict[str, Any]]:
    """The event with one key dropped, or one value replaced by another seen in the log or a
    nasty one (wrong type, out of range, unknown id)."""
    keys = [k for k in event if k != "type"]
    if not keys:
        return st.just(event)

    def replace(key: str, value: Any) -> dict[str, Any]:
        return {**event, key: value}

    def drop(key: str) -> dict[str, Any]:
        return {k: v for k, v in event.items() if k != key}

    return st.one_of(
        st.builds(replace, st.sampled_from(keys), st.sampled_from(pool + NASTY)),
        st.builds(drop, st.sampled_from(keys)),
    )


@pytest.mark.parametrize("game", list(GAMES))
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_any_event_is_applied_or_refused_without_trace(game: str, data: st.DataObject) -> None:
    setup, events = example(game)
    pool = [v for e in events for k, v in e.items() if k != "type"]
    k = data.draw(st.integers(0, len(events)), label="après k événements")
    state = replay(game, setup, events[:k])
    source = data.draw(st.sampled_from(events), label="événement de départ")
    candidate = data.draw(st.one_of(st.just(source), mutations(source, pool)), label="événement")
    before = snapshot(state)
    try:
        state.apply(copy.deepcopy(candidate))
    except RuleError as exc:
        assert exc.reason, "a refusal must say why"
        assert snapshot(state) == before, "a refused event changed the state"
        return
    json.dumps(state.summary(), ensure_ascii=False)


def test_every_decision_cited_in_the_code_is_recorded_in_docs() -> None:
    """A rule reference « registre CAM-15 » must lead somewhere: docs/ records each decision."""
    root = EXAMPLES.parent.parent
    pattern = re.compile(r"\b((?:NOE|EMB|LAB|CAM|ELS|PRINT|ATL|LIB)-D?\d+)\b")
    sources = [p for folder in ("companion", "print_kit", "tableapp")
               for p in (root / folder).rglob("*.py")]
    cited = {m for p in sources for m in pattern.findall(p.read_text(encoding="utf-8"))}
    recorded = {m for p in (root / "docs").rglob("*.md")
                for m in pattern.findall(p.read_text(encoding="utf-8"))}
    assert cited, "no decision cited: the pattern no longer matches the code's references"
    assert cited <= recorded, sorted(cited - recorded)
