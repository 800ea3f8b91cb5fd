"""Meta-events (undo, retract, correct) resolved into the effective events, by raw index."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_store_counter import SETUP, score, use_counter

from companion.core.engine import InvalidEvent, replay
from companion.core.log import effective_events, resolve

A1, B2, A3, B4 = score("Alice", 1), score("Bruno", 2), score("Alice", 3), score("Bruno", 4)


def test_plain_log_is_its_own_effective_list() -> None:
    assert effective_events([A1, B2, A3]) == [A1, B2, A3]
    assert [(e.index, e.source) for e in resolve([A1, B2])] == [(0, 0), (1, 1)]


def test_undo_removes_the_last_effective_event_and_stacks() -> None:
    raw = [A1, B2, A3, {"type": "undo"}, {"type": "undo"}]
    assert effective_events(raw) == [A1]


def test_undo_after_new_event_removes_the_new_one() -> None:
    raw = [A1, B2, {"type": "undo"}, B4]
    entries = resolve(raw)
    assert [e.event for e in entries] == [A1, B4]
    assert [e.index for e in entries] == [0, 3]


def test_correct_replaces_in_place_and_keeps_the_original_index() -> None:
    raw = [A1, B2, A3, {"type": "correct", "index": 1, "event": B4}]
    entries = resolve(raw)
    assert [e.event for e in entries] == [A1, B4, A3]
    assert (entries[1].index, entries[1].source, entries[1].corrected) == (1, 3, True)


def test_a_second_correction_of_the_same_event_wins() -> None:
    raw = [A1, {"type": "correct", "index": 0, "event": A3},
           {"type": "correct", "index": 0, "event": score("Alice", 5)}]
    assert effective_events(raw) == [score("Alice", 5)]


def test_retract_removes_an_earlier_event() -> None:
    raw = [A1, B2, A3, {"type": "retract", "index": 1}]
    assert effective_events(raw) == [A1, A3]
    assert [e.index for e in resolve(raw)] == [0, 2]


def test_undo_after_retract_removes_the_last_remaining() -> None:
    raw = [A1, B2, A3, {"type": "retract", "index": 2}, {"type": "undo"}]
    assert effective_events(raw) == [A1]


@pytest.mark.parametrize(("raw", "bad"), [
    ([{"type": "undo"}], 0),
    ([A1, {"type": "undo"}, {"type": "undo"}], 2),
    ([A1, {"type": "correct", "index": 5, "event": A3}], 1),
    ([A1, {"type": "undo"}, {"type": "correct", "index": 0, "event": A3}], 2),
    ([A1, {"type": "undo"}, {"type": "retract", "index": 1}], 2),  # a meta-event
    ([A1, {"type": "correct", "index": "0", "event": A3}], 1),
    ([A1, {"type": "correct", "index": True, "event": A3}], 1),
    ([A1, {"type": "correct", "index": 0}], 1),
    ([A1, {"type": "correct", "index": 0, "event": {"type": "undo"}}], 1),
    ([A1, "score"], 1),
    ([A1, {"player": "Bruno"}], 1),
])
def test_meta_events_that_point_nowhere_are_invalid_at_their_raw_index(
        raw: list, bad: int) -> None:
    with pytest.raises(InvalidEvent) as err:
        resolve(raw)
    assert err.value.index == bad
    assert err.value.rule.startswith("log-format.md")


def test_replay_reports_the_raw_index_of_a_game_event(monkeypatch: pytest.MonkeyPatch) -> None:
    use_counter(monkeypatch)
    # raw 0 A1, raw 1 B2, raw 2 undo, raw 3 A3 (not Alice's turn: Bruno plays after A1)
    with pytest.raises(InvalidEvent) as err:
        replay("camelot", SETUP, [A1, B2, {"type": "undo"}, A3])
    assert err.value.index == 3
    assert err.value.rule == "compteur › Tour"


def test_replay_reports_the_correction_that_broke_an_event(
        monkeypatch: pytest.MonkeyPatch) -> None:
    use_counter(monkeypatch)
    raw = [A1, B2, {"type": "correct", "index": 1, "event": score("Alice", 2)}]
    with pytest.raises(InvalidEvent) as err:
        replay("camelot", SETUP, raw)
    assert err.value.index == 2  # the correction's line, not the original's


def test_replay_reports_the_first_event_a_correction_invalidates(
        monkeypatch: pytest.MonkeyPatch) -> None:
    use_counter(monkeypatch)
    raw = [A1, B2, score("Alice", 5), score("Bruno", 5)]
    assert replay("camelot", SETUP, raw).summary()["winner"] is None  # Alice has 6
    # Alice's first score becomes 5: she reaches 10 at raw 2 and wins, so raw 3 comes too late.
    raw.append({"type": "correct", "index": 0, "event": score("Alice", 5)})
    with pytest.raises(InvalidEvent) as err:
        replay("camelot", SETUP, raw)
    assert err.value.index == 3
    assert err.value.rule == "compteur › Fin"


def test_the_game_just_before_an_entry_is_the_replay_of_the_entries_before_it(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """What a correction form offers (StoredGame.before): the effective entries before the
    corrected one (earlier corrections applied, undone lines gone), replayed by the engine."""
    from companion.core.errors import UsageError
    from companion.events.store import EventStore

    use_counter(monkeypatch)
    store = EventStore(tmp_path / "s.sqlite3")
    code = store.create("camelot", SETUP)
    for event in (A1, B2, A3, {"type": "undo"}, score("Alice", 5), B4):
        store.append(code, event, store.seq(code))
    store.correct(code, 0, score("Alice", 2), store.seq(code))
    stored = store.load(code)
    before = stored.before(4)  # Alice's 5, written after the undo of her 3
    assert [e.index for e in before.entries] == [0, 1]
    assert before.events == [score("Alice", 2), B2]  # the correction of line 0 applies
    assert before.state.summary() == replay("camelot", SETUP, [score("Alice", 2), B2]).summary()
    assert before.seq == 4 and before.code == code
    assert stored.before(0).state.summary()["scores"] == {"Alice": 0, "Bruno": 0}
    assert stored.state.summary()["scores"] == {"Alice": 7, "Bruno": 6}  # left as it was
    for gone in (2, 3, 99):  # undone, a meta-event, nothing
        with pytest.raises(UsageError):
            stored.before(gone)
