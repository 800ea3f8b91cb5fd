"""Export and import of a game as a JSON log (docs/log-format.md): the round trip, and every
bad file refused with a clear reason and nothing written."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from test_store_counter import SETUP, score, use_counter

from companion.core.errors import RuleError, UsageError
from companion.events.store import EventStore


@pytest.fixture
def store(monkeypatch: pytest.MonkeyPatch, db_location: str | Path) -> EventStore:
    use_counter(monkeypatch)
    return EventStore(db_location)


@pytest.fixture
def played(store: EventStore) -> str:
    code = store.create("camelot", SETUP, title="Alice, Bruno")
    for event in (score("Alice", 3), score("Bruno", 1), {"type": "undo"},
                  score("Bruno", 2), {"type": "correct", "index": 0, "event": score("Alice", 4)}):
        store.append(code, event, store.seq(code))
    return code


def test_export_is_the_documented_envelope_with_the_raw_log(store: EventStore,
                                                            played: str) -> None:
    data = json.loads(store.export_json(played))
    assert {k: data[k] for k in ("format", "version", "game", "setup", "title")} == {
        "format": "compagnon-log", "version": 1, "game": "camelot", "setup": SETUP,
        "title": "Alice, Bruno"}
    assert data["events"] == store.load(played).raw
    assert data["events"][2] == {"type": "undo"}


def test_import_round_trip_gives_a_new_game_with_the_same_state(store: EventStore,
                                                                played: str) -> None:
    text = store.export_json(played)
    code = store.import_log(text.encode(), expected_game="camelot")
    assert code != played
    original, copy = store.load(played), store.load(code)
    assert copy.raw == original.raw and copy.setup == original.setup
    assert copy.state.summary() == original.state.summary() == {
        "scores": {"Alice": 4, "Bruno": 2}, "turn": "Alice", "winner": None, "violations": []}
    assert json.loads(store.export_json(code))["events"] == json.loads(text)["events"]


def test_an_imported_game_can_be_played_on(store: EventStore, played: str) -> None:
    code = store.import_log(store.export(played))
    store.append(code, score("Alice", 5), store.seq(code))
    assert store.load(code).state.summary()["scores"]["Alice"] == 9


@pytest.mark.parametrize(("created", "day"), [
    ("2021-06-05T22:30:00+02:00", "2021-06-05"),  # played on another device, its own date
    ("2021-06-05T23:30:00-03:00", "2021-06-06"),  # kept in UTC, as the store writes dates
])
def test_an_imported_game_keeps_the_day_it_was_played(store: EventStore, created: str,
                                                      day: str) -> None:
    code = store.import_log(envelope(created=created))
    assert store.load(code).created.startswith(day)
    assert json.loads(store.export_json(code))["created"].startswith(day)


@pytest.mark.parametrize("created", ["", "hier soir", "2021-06-05T22:30:00", 42, "9" * 80])
def test_an_import_without_a_readable_date_is_dated_on_arrival(store: EventStore,
                                                               created: object) -> None:
    """No date, no zone or no timestamp: the import's moment, as for a new game."""
    before = store.load(store.create("camelot", SETUP)).created
    code = store.import_log(envelope(created=created))
    assert store.load(code).created >= before


def envelope(**changes: object) -> dict:
    data = {"format": "compagnon-log", "version": 1, "game": "camelot", "setup": SETUP,
            "events": [score("Alice", 1)]}
    data.update(changes)
    return data


@pytest.mark.parametrize(("payload", "message"), [
    (b'{"format": "compagnon-log", "version": 1, "game": "camel', "pas du JSON valide"),
    (b"\xff\xfe\x00garbage", "pas du JSON valide"),
    (b"[1, 2, 3]", "pas un journal de partie"),
    (json.dumps(envelope(format="autre-chose")), "pas un journal de partie"),
    (json.dumps(envelope(version=2)), "version de journal"),
    (json.dumps(envelope(game="belote")), "jeu inconnu"),
    (json.dumps(envelope(game="noe")), "pas de Camelot"),
    (json.dumps(envelope(setup=["Alice"])), "mise en place"),
    (json.dumps(envelope(events={"0": score("Alice", 1)})), "liste"),
])
def test_bad_files_are_refused_and_nothing_is_written(store: EventStore, payload: bytes | str,
                                                       message: str) -> None:
    with pytest.raises(UsageError, match=message):
        store.import_log(payload, expected_game="camelot")
    assert store.list_games() == []


@pytest.mark.parametrize(("changes", "index"), [
    ({"events": [score("Alice", 1), score("Alice", 2)]}, 1),
    ({"events": [score("Alice", 1), {"type": "undo"}, {"type": "undo"}]}, 2),
    ({"events": [score("Alice", 1), "score"]}, 1),
    ({"setup": {"players": ["Seul"]}}, -1),
])
def test_a_log_that_does_not_replay_is_refused_with_its_index(store: EventStore,
                                                              changes: dict,
                                                              index: int) -> None:
    with pytest.raises(RuleError) as err:
        store.import_log(json.dumps(envelope(**changes)))
    where = "la mise en place" if index < 0 else f"l'événement {index}"
    assert where in err.value.reason
    assert store.list_games() == []
