"""The SQLite event store: codes, transactions, stale writes, undo/correct, nothing written on
error. Played with the test-only counter engine (tests/test_store_counter.py)."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest
from backends import driver_errors, raw_execute
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_store_counter import SETUP, score, use_counter

import companion.core.engine
from companion.core.engine import replay
from companion.core.errors import CompanionError, RuleError, UsageError
from companion.core.log import effective_events
from companion.events.store import (
    CODE_ALPHABET,
    CODE_LENGTH,
    EventStore,
    StaleWrite,
    UnknownGame,
    default_path,
    is_valid_code,
    normalize_code,
)


@pytest.fixture
def store(monkeypatch: pytest.MonkeyPatch, db_location: str | Path) -> EventStore:
    use_counter(monkeypatch)
    return EventStore(db_location)


def raw_rows(store: EventStore) -> list[tuple]:
    return [tuple(row) for row in raw_execute(
        store.path, "SELECT code, seq, event FROM events ORDER BY code, seq")]


# --- location and codes ---------------------------------------------------------------------


def test_default_path_follows_the_environment(monkeypatch: pytest.MonkeyPatch,
                                              tmp_path: Path) -> None:
    monkeypatch.setenv("COMPANION_DB", str(tmp_path / "x.sqlite3"))
    assert default_path() == tmp_path / "x.sqlite3"
    monkeypatch.delenv("COMPANION_DB")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    assert default_path() == tmp_path / "data" / "compagnon-de-table" / "games.sqlite3"
    monkeypatch.delenv("XDG_DATA_HOME")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert default_path() == (tmp_path / "home" / ".local" / "share" / "compagnon-de-table"
                              / "games.sqlite3")


def test_store_uses_companion_db_by_default(_isolated_db: Path) -> None:
    store = EventStore()
    assert store.path == _isolated_db
    assert _isolated_db.exists()


def test_codes_are_short_unambiguous_and_unique(store: EventStore) -> None:
    codes = {store.create("camelot", SETUP) for _ in range(200)}
    assert len(codes) == 200
    for code in codes:
        assert len(code) == CODE_LENGTH and set(code) <= set(CODE_ALPHABET)
        assert is_valid_code(code)
    assert not set("01OIL") & set(CODE_ALPHABET)


def test_typed_codes_are_normalised(store: EventStore) -> None:
    code = store.create("camelot", SETUP)
    typed = f" {code[:3].lower()}-{code[3:].lower()} "
    assert normalize_code(typed) == code
    assert store.game_of(typed) == "camelot"
    assert store.load(typed).code == code
    assert store.game_of("ZZZZZZ") is None


# --- create / load / list -------------------------------------------------------------------


def test_create_then_load_replays_nothing(store: EventStore) -> None:
    code = store.create("camelot", SETUP, title="Alice, Bruno")
    stored = store.load(code)
    assert (stored.game, stored.setup, stored.title, stored.seq) == (
        "camelot", SETUP, "Alice, Bruno", 0)
    assert stored.events == []
    assert stored.state.summary()["turn"] == "Alice"


def test_a_refused_setup_writes_nothing(store: EventStore) -> None:
    with pytest.raises(RuleError) as err:
        store.create("camelot", {"players": ["Seul"]})
    assert err.value.rule == "compteur › Mise en place"
    assert store.list_games() == []


def test_unknown_game_and_unknown_code(store: EventStore) -> None:
    with pytest.raises(UsageError):
        store.create("belote", SETUP)
    with pytest.raises(UnknownGame):
        store.load("ZZZZZZ")
    with pytest.raises(UnknownGame):
        store.append("ZZZZZZ", score("Alice", 1), 0)


def test_a_game_without_engine_is_a_clear_error(store: EventStore,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    def engine_for(game: str) -> None:
        name = f"companion.games.{game}.engine"
        raise ModuleNotFoundError(f"No module named {name!r}", name=name)

    monkeypatch.setattr(companion.core.engine, "engine_for", engine_for)
    with pytest.raises(UsageError, match="pas encore de moteur"):
        store.create("camelot", SETUP)


def test_list_games_most_recent_first_and_by_game(store: EventStore,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    use_counter(monkeypatch, ("camelot", "labystere"))
    first = store.create("camelot", SETUP, "premier")
    second = store.create("labystere", SETUP, "second")
    store.append(first, score("Alice", 2), 0)  # played last: listed first
    rows = store.list_games()
    assert [r.code for r in rows] == [first, second]
    assert (rows[0].events, rows[0].title, rows[0].game) == (1, "premier", "camelot")
    assert [r.code for r in store.list_games("labystere")] == [second]


def test_a_restart_finds_the_same_game(store: EventStore) -> None:
    code = store.create("camelot", SETUP)
    store.append(code, score("Alice", 3), 0)
    again = EventStore(store.path)  # another process, or the app after a restart
    assert again.load(code).state.summary()["scores"] == {"Alice": 3, "Bruno": 0}


# --- append: validation, stale writes, transactions ------------------------------------------


def test_append_validates_before_writing(store: EventStore) -> None:
    code = store.create("camelot", SETUP)
    assert store.append(code, score("Alice", 3), 0) == 1
    with pytest.raises(RuleError) as err:
        store.append(code, score("Alice", 3), 1)  # Bruno's turn
    assert err.value.rule == "compteur › Tour"
    with pytest.raises(RuleError):
        store.append(code, {"player": "Bruno"}, 1)  # no type
    assert store.seq(code) == 1
    assert [row[2] for row in raw_rows(store)] == [
        '{"type":"score","player":"Alice","points":3}']


def test_a_stale_view_cannot_overwrite_a_newer_event(store: EventStore) -> None:
    code = store.create("camelot", SETUP)
    tablet, phone = store, EventStore(store.path)
    seen = tablet.load(code).seq  # both devices show the empty game
    assert phone.load(code).seq == seen
    phone.append(code, score("Alice", 2), seen)
    with pytest.raises(StaleWrite) as err:
        tablet.append(code, score("Alice", 5), seen)  # acts on what it showed: refused
    assert (err.value.expected, err.value.actual) == (0, 1)
    assert "rien n'a été écrit" in str(err.value)
    assert ": 1 changement depuis ce que montrait cet écran ;" in str(err.value)
    assert store.load(code).events == [score("Alice", 2)]
    with pytest.raises(StaleWrite):
        tablet.undo(code, seen)


def test_a_stale_write_counts_the_events_in_french(store: EventStore) -> None:
    code = store.create("camelot", SETUP)
    tablet, phone = store, EventStore(store.path)
    store.append(code, score("Alice", 2), 0)
    store.append(code, score("Bruno", 1), 1)
    seen = tablet.load(code).seq
    phone.append(code, score("Alice", 3), seen)
    with pytest.raises(StaleWrite) as err:
        tablet.append(code, score("Alice", 5), seen)
    assert ": 1 changement depuis ce que montrait cet écran ;" in str(err.value)


def test_concurrent_writers_never_share_a_sequence_number(store: EventStore) -> None:
    code = store.create("camelot", {"players": ["A", "B"]})
    outcomes: list[str] = []
    lock = threading.Lock()

    def device(player: str) -> None:
        other = EventStore(store.path)
        for _ in range(15):
            seq = other.seq(code)
            try:
                other.append(code, score(player, 1), seq)
                result = "ok"
            except (StaleWrite, RuleError):  # someone wrote first, or not our turn
                result = "refused"
            with lock:
                outcomes.append(result)

    threads = [threading.Thread(target=device, args=(p,)) for p in ("A", "B", "A", "B")]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    rows = raw_rows(store)
    assert [row[1] for row in rows] == list(range(len(rows)))
    assert outcomes.count("ok") == len(rows)
    stored = store.load(code)  # whatever interleaving happened, the log replays
    assert stored.state.summary() == replay("camelot", stored.setup, stored.events).summary()


def test_a_reused_snapshot_is_never_stale(store: EventStore) -> None:
    code = store.create("camelot", SETUP)
    first = store.load(code)
    assert store.load(code).state is first.state  # same length: the replay is reused
    EventStore(store.path).append(code, score("Alice", 2), 0)  # another device writes
    again = store.load(code)
    assert again.state.summary()["scores"]["Alice"] == 2
    assert first.state.summary()["scores"]["Alice"] == 0


def test_the_events_table_is_append_only(store: EventStore) -> None:
    code = store.create("camelot", SETUP)
    store.append(code, score("Alice", 1), 0)
    with pytest.raises(driver_errors(), match="append-only"):
        raw_execute(store.path, "UPDATE events SET event = '{}'")
    with pytest.raises(driver_errors(), match="append-only"):
        raw_execute(store.path, "DELETE FROM events")
    assert store.seq(code) == 1


def test_a_failed_write_leaves_no_lock_behind(store: EventStore) -> None:
    code = store.create("camelot", SETUP)
    for _ in range(3):
        with pytest.raises(RuleError):
            store.append(code, score("Bruno", 1), 0)
    assert store.append(code, score("Alice", 1), 0) == 1


# --- undo / correct / retract ------------------------------------------------------------------


def test_undo_appends_and_deletes_nothing(store: EventStore) -> None:
    code = store.create("camelot", SETUP)
    store.append(code, score("Alice", 4), 0)
    store.append(code, score("Bruno", 1), 1)
    assert store.undo(code, 2) == 3
    stored = store.load(code)
    assert stored.events == [score("Alice", 4)]
    assert stored.raw[-1] == {"type": "undo"} and len(stored.raw) == 3
    assert stored.state.summary()["turn"] == "Bruno"
    assert len(raw_rows(store)) == 3


def test_undo_with_nothing_to_undo_is_refused(store: EventStore) -> None:
    code = store.create("camelot", SETUP)
    with pytest.raises(RuleError, match="rien à annuler"):
        store.undo(code, 0)
    assert store.seq(code) == 0


def test_correct_an_earlier_event(store: EventStore) -> None:
    code = store.create("camelot", SETUP)
    store.append(code, score("Alice", 4), 0)
    store.append(code, score("Bruno", 1), 1)
    store.correct(code, 0, score("Alice", 2), 2)
    stored = store.load(code)
    assert stored.state.summary()["scores"] == {"Alice": 2, "Bruno": 1}
    assert [(e.index, e.corrected) for e in stored.entries] == [(0, True), (1, False)]
    assert stored.raw[0] == score("Alice", 4)  # the original line is kept


def test_a_correction_that_breaks_the_rest_is_refused_with_the_reason(
        store: EventStore) -> None:
    code = store.create("camelot", SETUP)
    for seq, event in enumerate([score("Alice", 1), score("Bruno", 2), score("Alice", 5),
                                 score("Bruno", 5)]):
        store.append(code, event, seq)
    # Alice would reach 10 at raw 2 and win: Bruno's score at raw 3 comes after the end.
    with pytest.raises(RuleError) as err:
        store.correct(code, 0, score("Alice", 5), 4)
    assert "l'événement 3" in err.value.reason and "la partie est finie" in err.value.reason
    assert err.value.rule == "compteur › Fin"
    assert store.seq(code) == 4
    with pytest.raises(RuleError):
        store.correct(code, 0, score("Alice", 9), 4)  # invalid in itself
    with pytest.raises(RuleError):
        store.correct(code, 7, score("Alice", 1), 4)  # no such event
    assert store.seq(code) == 4


def test_retract_an_earlier_event(store: EventStore) -> None:
    code = store.create("camelot", SETUP)
    store.append(code, score("Alice", 1), 0)
    store.append(code, {"type": "pass", "player": "Bruno"}, 1)
    store.append(code, score("Alice", 2), 2)
    with pytest.raises(RuleError):  # without the pass, raw 2 would be out of turn
        store.retract(code, 1, 3)
    store.retract(code, 2, 3)
    assert store.load(code).events == [score("Alice", 1), {"type": "pass", "player": "Bruno"}]


# --- property: the store is its log ----------------------------------------------------------

operations = st.lists(st.one_of(
    st.tuples(st.just("score"), st.sampled_from(["Alice", "Bruno"]), st.integers(0, 6)),
    st.tuples(st.just("undo")),
    st.tuples(st.just("correct"), st.integers(0, 12), st.sampled_from(["Alice", "Bruno"]),
              st.integers(0, 6)),
    st.tuples(st.just("stale")),
), max_size=14)


@settings(max_examples=40, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(ops=operations)
def test_whatever_is_tried_the_stored_state_is_the_replay_of_the_log(
        store: EventStore, ops: list[tuple]) -> None:
    code = store.create("camelot", SETUP)
    for op in ops:
        before = store.load(code).raw
        seq = len(before)
        try:
            if op[0] == "score":
                store.append(code, score(op[1], op[2]), seq)
            elif op[0] == "undo":
                store.undo(code, seq)
            elif op[0] == "correct":
                store.correct(code, op[1], score(op[2], op[3]), seq)
            else:
                store.append(code, score("Alice", 1), seq + 1)
        except CompanionError:
            assert store.load(code).raw == before  # refused: nothing written
            continue
        after = store.load(code).raw
        assert after[:seq] == before and len(after) == seq + 1  # append-only
    stored = store.load(code)
    assert stored.events == effective_events(stored.raw)
    assert stored.state.summary() == replay("camelot", SETUP, stored.events).summary()


def test_a_snapshot_of_a_reloaded_engine_is_replayed_again(store: EventStore,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    """Streamlit reloads edited modules during development: a snapshot built by the old
    class must not reach the pages (their isinstance checks would fail)."""
    import companion.games.noe.engine as noe_engine

    code = store.create("noe", {"players": ["Alice", "Bruno"], "level": 3})
    first = store.load(code)
    assert store.load(code).state is first.state
    old = type(first.state)
    monkeypatch.setattr(noe_engine, old.__name__, type(old.__name__, (old,), {}))  # a reload
    assert store.load(code).state is not first.state
