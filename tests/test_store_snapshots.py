"""The replay kept beside the log (companion/events/snapshot.py) is the replay of the log: after any
sequence of appends, undos, corrections, retractions, refused and stale writes, in each of the
five games (real events from docs/log-examples/), the state the store serves equals a full
replay, snapshots already handed out never change, and a cold store agrees."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.core.engine import replay
from companion.core.errors import CompanionError
from companion.core.log import effective_events
from companion.core.registry import PLAYABLE
from companion.events import snapshot
from companion.events.store import EventStore, check_log

EXAMPLES = sorted((Path(__file__).resolve().parent.parent / "docs" / "log-examples")
                  .glob("*.json"))
GAMES_SEEN = {json.loads(p.read_text(encoding="utf-8"))["game"] for p in EXAMPLES}


def example(path: Path) -> tuple[str, dict[str, Any], list[dict[str, Any]]]:
    log = json.loads(path.read_text(encoding="utf-8"))
    return log["game"], log["setup"], effective_events(log["events"])


def test_the_examples_cover_every_game() -> None:
    assert GAMES_SEEN == set(PLAYABLE)  # the five and « Autre jeu »


operations = st.lists(st.one_of(
    st.tuples(st.just("next")), st.tuples(st.just("next")), st.tuples(st.just("next")),
    st.tuples(st.just("undo")),
    st.tuples(st.just("correct-same"), st.integers(0, 60)),  # a correction that changes nothing
    st.tuples(st.just("correct-other"), st.integers(0, 60), st.integers(0, 60)),
    st.tuples(st.just("retract-last")),
    st.tuples(st.just("skip")),  # an event out of place: refused
    st.tuples(st.just("stale")),
), min_size=1, max_size=25)


def summary_of(stored_state: Any) -> str:
    return json.dumps(stored_state.summary(), sort_keys=True, ensure_ascii=False)


@settings(max_examples=40, deadline=None, suppress_health_check=[
    HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(path=st.sampled_from(EXAMPLES), ops=operations)
def test_the_kept_replay_is_the_full_replay(tmp_path: Path, path: Path, ops: list[tuple]) -> None:
    game, setup, events = example(path)
    store = EventStore(tmp_path / f"{path.stem}-{len(ops)}.sqlite3")
    code = store.create(game, setup)
    handed_out = []  # (snapshot, its summary when handed out)
    for op in ops:
        stored = store.load(code)
        handed_out.append((stored, summary_of(stored.state)))
        seq, effective = stored.seq, stored.entries
        try:
            if op[0] == "next" and len(effective) < len(events):
                store.append(code, events[len(effective)], seq)
            elif op[0] == "undo":
                store.undo(code, seq)
            elif op[0] == "correct-same" and effective:
                entry = effective[op[1] % len(effective)]
                store.correct(code, entry.index, entry.event, seq)
            elif op[0] == "correct-other" and effective:
                entry = effective[op[1] % len(effective)]
                store.correct(code, entry.index, events[op[2] % len(events)], seq)
            elif op[0] == "retract-last" and effective:
                store.retract(code, effective[-1].index, seq)
            elif op[0] == "skip" and len(effective) + 1 < len(events):
                store.append(code, events[len(effective) + 1], seq)
            elif op[0] == "stale":
                store.append(code, events[0], seq + 1)
        except CompanionError:
            assert store.load(code).raw == stored.raw  # refused: nothing written
        now = store.load(code)
        full = replay(game, setup, now.raw)
        assert summary_of(now.state) == summary_of(full)
        assert now.events == effective_events(now.raw)
    for seen, summary in handed_out:  # later appends never reach a snapshot handed out
        assert summary_of(seen.state) == summary
    cold = EventStore(store.path).load(code)  # a restart: the same game
    assert summary_of(cold.state) == summary_of(store.load(code).state)
    # the log as written validates line by line (import), checkpoints every 2 events
    original, snapshot.CHECKPOINT = snapshot.CHECKPOINT, 2
    try:
        entries, state = check_log(game, setup, cold.raw)
    finally:
        snapshot.CHECKPOINT = original
    assert summary_of(state) == summary_of(cold.state) and entries == cold.entries


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_validating_a_whole_log_with_checkpoints_is_a_replay(
        path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    log = json.loads(path.read_text(encoding="utf-8"))
    monkeypatch.setattr(snapshot, "CHECKPOINT", 2)  # undo and corrections start from one
    entries, state = check_log(log["game"], log["setup"], log["events"])
    assert summary_of(state) == summary_of(replay(log["game"], log["setup"], log["events"]))
    game, setup, events = example(path)
    with_undos: list[dict[str, Any]] = []
    for event in events:  # every event written twice, the first undone
        with_undos += [event, {"type": "undo"}, event]
    entries, state = check_log(game, setup, with_undos)
    assert summary_of(state) == summary_of(replay(game, setup, events))
    assert [e.index for e in entries] == [3 * n + 2 for n in range(len(events))]


def test_a_store_sees_what_another_process_appended(db_location: str | Path) -> None:
    game, setup, events = example(next(p for p in EXAMPLES if p.name.startswith("noe")))
    path = db_location
    tablet, phone = EventStore(path), EventStore(path)
    code = tablet.create(game, setup)
    tablet.append(code, events[0], 0)  # the tablet keeps its replay at line 1
    phone.append(code, events[1], 1)  # written elsewhere: the tablet's replay is behind
    tablet.append(code, events[2], 2)
    assert summary_of(tablet.load(code).state) == summary_of(replay(game, setup, events[:3]))


def test_a_refused_event_leaves_the_kept_replay_usable(db_location: str | Path) -> None:
    game, setup, events = example(next(p for p in EXAMPLES if p.name.startswith("camelot")))
    store = EventStore(db_location)
    code = store.create(game, setup)
    store.append(code, events[0], 0)
    with pytest.raises(CompanionError):
        store.append(code, events[2], 1)  # out of place
    store.append(code, events[1], 1)
    assert summary_of(store.load(code).state) == summary_of(replay(game, setup, events[:2]))
