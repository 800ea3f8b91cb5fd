"""Fuzzing every engine's events, the store's writes and imports (issue 12: 37 of 141,401 random
events raised something other than RuleError, e.g. ELSEN `mission.cards` holding 999; 8 of 188
tampered imports gave a raw exception). Events are the documented example logs' events with one
or two nested places replaced (a value seen elsewhere in the log, or a nasty one: wrong type,
999, NaN, a huge string, deep nesting), dropped or added, applied at a random point of a game.
Each is applied, or refused with a RuleError (the store: a CompanionError) that changes
nothing."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from fuzzing import EXAMPLES, examples, leaves, mutated
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.core.engine import engine_for, replay
from companion.core.errors import CompanionError, RuleError
from companion.core.registry import PLAYABLE as GAMES
from companion.events.store import EventStore

FAST = settings(max_examples=120, deadline=None, derandomize=True,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                       HealthCheck.function_scoped_fixture])


def snapshot(state: Any) -> str:
    return json.dumps(state.summary(), sort_keys=True, ensure_ascii=False, default=repr)


@pytest.mark.parametrize("game", list(GAMES))
@FAST
@given(data=st.data())
def test_any_mutated_event_is_applied_or_refused_with_a_rule_error(game: str,
                                                                   data: st.DataObject) -> None:
    setup, events = data.draw(st.sampled_from(examples(game)), label="journal")
    k = data.draw(st.integers(0, len(events)), label="après k événements")
    state = replay(game, setup, events[:k])
    pool = [v for e in events for v in leaves(e)]
    event = data.draw(mutated(data.draw(st.sampled_from(events)), pool), label="événement")
    before = snapshot(state)
    try:
        state.apply(copy.deepcopy(event))
    except RuleError as exc:
        assert exc.reason, "a refusal must say why"
        assert snapshot(state) == before, "a refused event changed the state"
        return
    json.dumps(state.summary(), ensure_ascii=False, default=repr)


@pytest.mark.parametrize("game", list(GAMES))
@FAST
@given(data=st.data())
def test_a_mutated_setup_builds_a_game_or_is_a_rule_error(game: str, data: st.DataObject) -> None:
    setup, _events = data.draw(st.sampled_from(examples(game)))
    candidate = data.draw(mutated(setup, leaves(setup)))
    try:
        state = engine_for(game).new_state(copy.deepcopy(candidate))
    except RuleError:
        return
    json.dumps(state.summary(), ensure_ascii=False, default=repr)


LOGS = [json.loads(p.read_text(encoding="utf-8")) for p in sorted(EXAMPLES.glob("*.json"))]


def test_a_tampered_import_is_refused_cleanly_and_writes_nothing(tmp_path: Path) -> None:
    """The import reads bytes (the app's « Importer », `companion replay`)."""
    store = EventStore(tmp_path / "imports.sqlite3")

    @FAST
    @given(data=st.data())
    def tamper(data: st.DataObject) -> None:
        log = data.draw(st.sampled_from(LOGS))
        tampered = data.draw(mutated(log, leaves(log)))
        ascii_only = data.draw(st.booleans())  # "\\udcff" escapes, or raw bytes
        raw = json.dumps(tampered, ensure_ascii=ascii_only).encode("utf-8", "surrogatepass")
        games = len(store.list_games(limit=10**6))
        try:
            code = store.import_log(raw)
        except CompanionError as exc:
            assert str(exc)
            assert len(store.list_games(limit=10**6)) == games  # nothing written
            return
        json.dumps(store.load(code).state.summary(), ensure_ascii=False, default=repr)

    tamper()


_STORES: dict[Path, EventStore] = {}


def _store(folder: Path) -> EventStore:
    """One store per test (opening a new file runs the migrations: slow for every example)."""
    if folder not in _STORES:
        _STORES.clear()
        _STORES[folder] = EventStore(folder / "appends.sqlite3")
    return _STORES[folder]


@pytest.mark.parametrize("game", list(GAMES))
@settings(max_examples=25, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_the_store_refuses_a_bad_append_or_correction_and_writes_nothing(
        game: str, tmp_path: Path, data: st.DataObject) -> None:
    """issue 12: `cards: 999` raised a TypeError in the store's correct/append."""
    setup, events = data.draw(st.sampled_from(examples(game)))
    store = _store(tmp_path)
    code = store.create(game, setup)
    k = data.draw(st.integers(0, min(len(events), 12)))  # each append replays the whole log
    for seq, event in enumerate(events[:k]):
        store.append(code, event, seq)
    pool = [v for e in events for v in leaves(e)]
    event = data.draw(mutated(data.draw(st.sampled_from(events)), pool))
    before = store.load(code).raw
    try:
        if k and data.draw(st.booleans()):
            store.correct(code, data.draw(st.integers(0, k - 1)), event, k)
        else:
            store.append(code, event, k)
    except CompanionError:
        assert store.load(code).raw == before
