"""Private investigation sheets (registre LAB-10): kept per (game code, token), on the server,
never in the game's log."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.core.errors import UsageError
from companion.events.store import EventStore
from companion.games.labystere.sheets import (
    Sheet,
    SheetStore,
    is_valid_token,
    new_token,
    random_crossed,
    sheet_items,
)

SETUP = {"players": ["Léa", "Tom"], "colours": ["rouge", "bleu"], "seed": 3}


@pytest.fixture
def code() -> str:
    return EventStore().create("labystere", SETUP)


def test_crossings_persist_across_store_instances(code: str, tmp_path: Path) -> None:
    token = new_token()
    SheetStore().set_crossed(code, token, "suspect-ours", True)
    SheetStore().set_crossed(code, token, "lieu-tour", True)
    SheetStore().set_crossed(code, token, "lieu-tour", True)  # a double tap changes nothing
    again = SheetStore().load(code, token)
    assert again.crossed == {"suspect-ours", "lieu-tour"}
    assert again.suspects_crossed() == ["suspect-ours"]
    SheetStore().set_crossed(code, token, "suspect-ours", False)
    assert SheetStore().load(code, token).crossed == {"lieu-tour"}


def test_other_tokens_and_games_see_nothing(code: str) -> None:
    mine, theirs = new_token(), new_token()
    store = SheetStore()
    store.set_crossed(code, mine, "suspect-pie", True)
    assert store.load(code, theirs).crossed == frozenset()
    other_game = EventStore().create("labystere", SETUP)
    assert store.load(other_game, mine).crossed == frozenset()


def test_sheets_never_reach_the_game_log(code: str) -> None:
    SheetStore().set_crossed(code, new_token(), "suspect-pie", True)
    exported = EventStore().export_json(code)
    assert "suspect-pie" not in exported and EventStore().seq(code) == 0


@pytest.mark.parametrize("item", ["suspect-loup", "lieu-chateau", "", "suspect"])
def test_unknown_items_refused(code: str, item: str) -> None:
    with pytest.raises(UsageError):
        SheetStore().set_crossed(code, new_token(), item, True)


def test_bad_token_or_code_refused(code: str) -> None:
    with pytest.raises(UsageError):
        SheetStore().load(code, "court")
    with pytest.raises(UsageError):
        SheetStore().load("pas un code", new_token())
    assert is_valid_token(new_token()) and not is_valid_token("a b c d e f g h i j k l")
    assert len({new_token() for _ in range(100)}) == 100


def test_random_crossed_picks_among_crossed_only() -> None:
    sheet = Sheet("ABCDEF", new_token(), frozenset({"suspect-pie", "suspect-ours", "lieu-tour"}))
    picks = {random_crossed(sheet, "suspect") for _ in range(200)}
    assert picks == {"suspect-pie", "suspect-ours"}
    assert random_crossed(sheet, "lieu") == "lieu-tour"
    empty = Sheet("ABCDEF", new_token(), frozenset())
    assert random_crossed(empty, "suspect") is None  # QUE SE PASSE-T-IL SI: tant pis


def test_items_are_the_games_suspects_and_places() -> None:
    items = sheet_items()
    assert len(items) == 8 and items[0].startswith("suspect-") and items[-1].startswith("lieu-")
