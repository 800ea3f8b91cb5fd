"""The event store with a real engine: Noé, Complot à l'Élysée (companion/games/noe/engine.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.core.errors import RuleError
from companion.events.store import EventStore, StaleWrite

SETUP = {"players": ["Alice", "Bruno", "Chloé"], "level": 3}


def ann(manche: int, player: str, announcement: str) -> dict:
    return {"type": "announcement", "manche": manche, "player": player,
            "announcement": announcement}


@pytest.fixture
def store(db_location: str | Path) -> EventStore:
    pytest.importorskip("companion.games.noe.engine")
    return EventStore(db_location)


def play(store: EventStore, code: str, *events: dict) -> None:
    for event in events:
        store.append(code, event, store.seq(code))


def test_a_noe_manche_is_stored_and_replayed(store: EventStore) -> None:
    code = store.create("noe", SETUP, "Alice, Bruno, Chloé")
    play(store, code, ann(1, "Bruno", "complot"), ann(1, "Alice", "six-duron"))
    again = EventStore(store.path).load(code)  # another device, or after a restart
    summary = again.state.summary()
    assert summary["scores"] == {"Alice": 25, "Bruno": 15, "Chloé": 0}
    assert summary["manche"] == 2  # Chloé was left alone: the manche ended


def test_a_second_announcement_in_a_manche_is_refused_and_not_written(
        store: EventStore) -> None:
    code = store.create("noe", SETUP)
    play(store, code, ann(1, "Bruno", "complot"))
    with pytest.raises(RuleError) as err:
        store.append(code, ann(1, "Bruno", "six-duron"), 1)
    assert "une seule annonce" in err.value.reason
    assert err.value.rule.startswith("noe-complot-a-l-elysee.txt")
    assert store.seq(code) == 1


def test_a_bad_noe_setup_writes_nothing(store: EventStore) -> None:
    with pytest.raises(RuleError):
        store.create("noe", {"players": ["Alice"]})
    assert store.list_games() == []


def test_stale_noe_write_is_refused(store: EventStore) -> None:
    code = store.create("noe", SETUP)
    seen = store.seq(code)
    play(store, code, ann(1, "Alice", "complot"))
    with pytest.raises(StaleWrite):
        store.append(code, ann(1, "Bruno", "six-leonard"), seen)
    assert store.load(code).state.summary()["scores"]["Bruno"] == 0


def test_undo_and_correct_a_noe_announcement(store: EventStore) -> None:
    code = store.create("noe", SETUP)
    play(store, code, ann(1, "Bruno", "complot"), ann(1, "Alice", "six-duron"))
    store.undo(code, 2)
    assert store.load(code).state.summary()["manche"] == 1  # the manche is open again
    store.correct(code, 0, ann(1, "Bruno", "plan-etare"), 3)
    assert store.load(code).state.summary()["scores"] == {"Alice": 0, "Bruno": 50, "Chloé": 0}


def test_a_correction_that_breaks_later_noe_events_is_refused(store: EventStore) -> None:
    code = store.create("noe", SETUP)
    play(store, code, ann(1, "Bruno", "complot"), ann(1, "Alice", "six-duron"))
    # An Élysée for Bruno would end manche 1 at once: Alice's announcement at raw 1 no longer fits.
    with pytest.raises(RuleError) as err:
        store.correct(code, 0, ann(1, "Bruno", "complot-elysee"), 2)
    assert "l'événement 1" in err.value.reason
    assert store.seq(code) == 2


def test_a_noe_game_round_trips_through_export(store: EventStore) -> None:
    code = store.create("noe", SETUP)
    play(store, code, ann(1, "Bruno", "complot"), {"type": "undo"},
         ann(1, "Chloé", "complot-elysee"))
    copy = store.import_log(store.export_json(code), expected_game="noe")
    assert store.load(copy).state.summary() == store.load(code).state.summary()
    assert store.load(copy).raw == store.load(code).raw
