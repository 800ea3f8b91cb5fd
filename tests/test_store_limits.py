"""Bounded input, enforced by the store (so the CLI and the app get the same limits): names,
titles and texts, a line's size and nesting, an import's size and length; and every line of
an imported log validated at its place, the cancelled ones included."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from test_store_counter import SETUP, score, use_counter

from companion.core.engine import InvalidEvent
from companion.core.errors import RuleError, UsageError
from companion.events.logfile import (
    MAX_DEPTH,
    MAX_EVENT_BYTES,
    MAX_IMPORT_BYTES,
    MAX_IMPORT_EVENTS,
    MAX_IMPORT_META,
    MAX_NAME,
    MAX_TEXT,
    envelope,
    title_of,
)
from companion.events.store import EventStore, check_log


@pytest.fixture
def store(monkeypatch: pytest.MonkeyPatch, db_location: str | Path) -> EventStore:
    use_counter(monkeypatch)
    return EventStore(db_location)


def test_names_are_at_most_40_characters(store: EventStore) -> None:
    assert MAX_NAME == 40
    long_name = "A" * 41
    with pytest.raises(UsageError) as err:
        store.create("camelot", {"players": [long_name, "Bruno"]})
    assert "trop long (41 caractères, 40 au plus)" in str(err.value)
    assert long_name not in str(err.value)  # a million characters are never echoed back
    assert store.list_games() == []
    store.create("camelot", {"players": ["A" * 40, "Bruno"]})
    with pytest.raises(UsageError):
        store.create("camelot", {"players": ["x" * 1_000_000, "Bruno"]})


def test_titles_and_texts_are_at_most_500_characters(store: EventStore) -> None:
    assert MAX_TEXT == 500
    with pytest.raises(UsageError, match="titre trop long : 501 caractères"):
        store.create("camelot", SETUP, "t" * 501)
    code = store.create("camelot", SETUP, "t" * 500)
    with pytest.raises(UsageError, match="événement : texte .* trop long"):
        store.append(code, {**score("Alice", 1), "note": "n" * 501}, 0)
    assert store.seq(code) == 0
    assert store.append(code, {**score("Alice", 1), "note": "n" * 500}, 0) == 1


def test_a_line_is_bounded_in_size_and_nesting(store: EventStore) -> None:
    code = store.create("camelot", SETUP)
    nested: object = "x"
    for _ in range(MAX_DEPTH + 1):
        nested = [nested]
    with pytest.raises(UsageError, match="imbrications"):
        store.append(code, {**score("Alice", 1), "detail": nested}, 0)
    big = [f"carte-{n:05d}" for n in range(MAX_EVENT_BYTES // 10)]
    with pytest.raises(UsageError, match="trop volumineux"):
        store.append(code, {**score("Alice", 1), "cards": big}, 0)
    with pytest.raises(UsageError, match="pas du JSON"):
        store.append(code, {**score("Alice", 1), "when": object()}, 0)
    assert store.seq(code) == 0


def test_an_import_is_bounded_in_bytes_lines_and_nesting(store: EventStore) -> None:
    huge = json.dumps(envelope("camelot", SETUP, [], "x")) + " " * MAX_IMPORT_BYTES
    with pytest.raises(UsageError, match="fichier trop volumineux .* 2 Mo au plus"):
        store.import_log(huge)
    long_log = envelope("camelot", SETUP, [{"type": "pass", "player": "Alice"}]
                        * (MAX_IMPORT_EVENTS + 1))
    with pytest.raises(UsageError, match=f"journal trop long : {MAX_IMPORT_EVENTS + 1} lignes"):
        store.import_log(long_log)
    undos = [score("Alice", 1), {"type": "undo"}] * (MAX_IMPORT_META + 1)
    with pytest.raises(UsageError, match=f"{MAX_IMPORT_META + 1} annulations ou corrections"):
        store.import_log(envelope("camelot", SETUP, undos))
    with pytest.raises(UsageError, match="imbrications"):
        store.import_log("[" * 200_000 + "]" * 200_000)
    with pytest.raises(UsageError, match="trop long"):
        store.import_log(envelope("camelot", {"players": ["B" * 41, "Alice"]}, []))
    with pytest.raises(UsageError, match="ligne 1 : texte"):
        store.import_log(envelope("camelot", SETUP, [score("Alice", 1),
                                                     {**score("Bruno", 1), "n": "n" * 501}]))
    assert store.list_games() == []


# --- every line at its place, cancelled ones included ------------------------------------------


def test_an_undone_line_must_have_been_valid_when_written(store: EventStore) -> None:
    raw = [score("Alice", 1), score("Bruno", 9), {"type": "undo"}]  # 9: never a valid score
    with pytest.raises(InvalidEvent) as err:
        check_log("camelot", SETUP, raw)
    assert err.value.index == 1 and err.value.rule == "compteur › Points"
    with pytest.raises(RuleError, match="l'événement 1 est invalide"):
        store.import_log(envelope("camelot", SETUP, raw))
    assert store.list_games() == []


def test_a_corrected_or_retracted_line_must_have_been_valid_when_written(
        store: EventStore) -> None:
    out_of_turn = score("Alice", 2)  # Bruno's turn after Alice's first score
    for meta in ({"type": "correct", "index": 1, "event": score("Bruno", 2)},
                 {"type": "retract", "index": 1}):
        with pytest.raises(RuleError, match="l'événement 1 est invalide"):
            store.import_log(envelope("camelot", SETUP, [score("Alice", 1), out_of_turn, meta]))
    assert store.list_games() == []


def test_a_meta_line_that_broke_a_later_line_is_named(store: EventStore) -> None:
    raw = [score("Alice", 1), score("Bruno", 2), score("Alice", 5), score("Bruno", 5),
           {"type": "correct", "index": 0, "event": score("Alice", 5)}]  # Alice would win at 2
    with pytest.raises(InvalidEvent) as err:
        check_log("camelot", SETUP, raw)
    assert err.value.index == 4 and "l'événement 3 ne serait plus valide" in err.value.reason


def test_a_log_written_through_the_store_imports_back(store: EventStore) -> None:
    code = store.create("camelot", SETUP)
    store.append(code, score("Alice", 2), 0)
    store.append(code, score("Bruno", 1), 1)
    store.undo(code, 2)
    store.correct(code, 0, score("Alice", 3), 3)
    store.append(code, {"type": "pass", "player": "Bruno"}, 4)
    again = store.import_log(store.export_json(code))
    assert store.load(again).state.summary() == store.load(code).state.summary()


def test_the_default_title_of_fifteen_long_names_fits(store: EventStore) -> None:
    names = [f"{n:02d}" + "N" * (MAX_NAME - 2) for n in range(15)]  # ELSEN: up to 15 players
    title = title_of(names)
    assert len(title) == MAX_TEXT and title.endswith("…") and title.startswith(names[0])
    code = store.create("camelot", {"players": names}, title)
    assert store.load(code).title == title
    assert title_of(["Alice", "Bruno"]) == "Alice, Bruno"
