"""Each game records the rules version (the engine module's RULES_VERSION, default 1) it last
replayed with; a game the current rules no longer replay is reported as such, flagged in the
games list, and can still be exported."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from test_store_counter import SETUP, CounterState, score, use_counter

import companion.games.camelot.engine as camelot_engine
from companion.core.engine import rules_version
from companion.core.errors import RuleError
from companion.events.store import EventStore, NoLongerReplays


@pytest.fixture
def store(monkeypatch: pytest.MonkeyPatch, db_location: str | Path) -> EventStore:
    use_counter(monkeypatch)
    # the counter stands in for Camelot's engine: its rules start at version 1 whatever
    # version Camelot's own rules have reached
    monkeypatch.setattr(camelot_engine, "RULES_VERSION", 1, raising=False)
    return EventStore(db_location)


def new_rules(monkeypatch: pytest.MonkeyPatch) -> None:
    """A rules change: version 2 of the counter, where a turn scores at most 3 points."""
    monkeypatch.setattr(camelot_engine, "RULES_VERSION", 2, raising=False)
    real = CounterState.apply

    def apply(self: CounterState, event: dict[str, Any]) -> None:
        if event.get("type") == "score" and event.get("points", 0) > 3:
            raise RuleError("on marque 3 points au plus (nouvelle règle)", "compteur › v2")
        real(self, event)

    monkeypatch.setattr(CounterState, "apply", apply)


def test_the_default_rules_version_is_1() -> None:
    assert all(rules_version(game) >= 1 for game in ("noe", "emblemes", "labystere", "camelot",
                                                      "elsen"))


def test_a_game_records_the_rules_it_replayed_with(store: EventStore,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    code = store.create("camelot", SETUP)
    [row] = store.list_games()
    assert (row.rules_version, row.broken, row.replays) == (1, None, True)
    new_rules(monkeypatch)
    [row] = store.list_games()
    assert row.replays is None  # not replayed with version 2 yet
    store.load(code)
    [row] = store.list_games()
    assert (row.rules_version, row.replays) == (2, True)


def test_a_game_that_no_longer_replays_is_reported_listed_and_exportable(
        store: EventStore, monkeypatch: pytest.MonkeyPatch) -> None:
    broken = store.create("camelot", SETUP, "ancienne")
    store.append(broken, score("Alice", 5), 0)
    fine = store.create("camelot", SETUP, "compatible")
    store.append(fine, score("Alice", 2), 0)
    exported = store.export(broken)
    new_rules(monkeypatch)
    restarted = EventStore(store.path)
    with pytest.raises(NoLongerReplays) as err:
        restarted.load(broken)
    assert str(err.value).startswith(
        f"la partie {broken} ne se rejoue plus avec les règles actuelles (version 2) : "
        "l'événement 0 est invalide : on marque 3 points au plus")
    assert "exportable" in str(err.value)
    assert (err.value.index, err.value.rule) == (0, "compteur › v2")
    restarted.load(fine)
    flags = {row.code: (row.replays, row.rules_version) for row in restarted.list_games()}
    assert flags == {broken: (False, 2), fine: (True, 2)}
    [row] = [r for r in restarted.list_games() if r.code == broken]
    assert row.broken is not None and "3 points au plus" in row.broken
    assert restarted.export(broken) == exported  # export never replays
    with pytest.raises(NoLongerReplays):  # nor can it be written to
        restarted.append(broken, score("Bruno", 1), 1)
    assert restarted.seq(broken) == 1
