"""The table's own place-card values (EMB-17): saved next to the event store, offered again,
labelled as the table's; house defaults keep their label; a damaged file is a clear error."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.core.errors import DataError, RuleError
from companion.events.store import default_path
from companion.games.emblemes.cards import data
from companion.games.emblemes.data import Reward
from companion.games.emblemes.engine import ENGINE
from companion.games.emblemes.placecards import (
    load_table_values,
    reward_from_kind,
    save_table_values,
    settings_path,
    setup_places,
)


def test_settings_live_next_to_the_event_store() -> None:
    assert settings_path().parent == default_path().parent


def test_without_saved_values_the_printed_ones_keep_their_provenance() -> None:
    places = setup_places("A", 3, use_table=True)
    assert places["chateau"] == {"rewards": [{"fixed": 4}, {"fixed": 3}, {"fixed": 1}],
                                 "provenance": "regles"}
    assert places["port"]["provenance"] == "defaut-maison"
    five = setup_places("A", 5, use_table=True)
    assert five["chateau"]["provenance"] == "defaut-maison"
    assert len(five["chateau"]["rewards"]) == len(data().place_card("lieu-a-chateau")
                                                  .face_5.rewards)


def test_saved_values_are_offered_for_their_face_only() -> None:
    save_table_values("lieu-b-port", "face_5", [Reward(fixed=9), Reward(steal=2)])
    assert load_table_values() == {"lieu-b-port": {"face_5": [Reward(fixed=9), Reward(steal=2)]}}
    five = setup_places("B", 5, use_table=True)
    assert five["port"] == {"rewards": [{"fixed": 9}, {"steal": 2}], "provenance": "table"}
    assert setup_places("B", 4, use_table=True)["port"]["provenance"] == "defaut-maison"
    assert setup_places("B", 5, use_table=False)["port"]["provenance"] == "defaut-maison"
    # a game set up with them plays them, labelled as the table's
    state = ENGINE.new_state({"players": list("abcde"), "place_set": "B", "places": five})
    assert state.rewards["port"] == [Reward(fixed=9), Reward(steal=2)]
    assert state.provenance["port"] == "table"


def test_clearing_a_face_removes_it() -> None:
    save_table_values("lieu-a-port", "face_3_4", [Reward(fixed=1)])
    save_table_values("lieu-a-port", "face_3_4", [])
    assert load_table_values() == {}


def test_unknown_card_is_refused() -> None:
    with pytest.raises(RuleError):
        save_table_values("lieu-z-port", "face_3_4", [Reward(fixed=1)])


@pytest.mark.parametrize("text", ["{nope", "[]", '{"place_cards": {"lieu-z": {}}}',
                                  '{"place_cards": {"lieu-a-port": {"face_3_4": [{"x": 1}]}}}'])
def test_damaged_file_is_a_data_error(text: str) -> None:
    path: Path = settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    with pytest.raises(DataError):
        load_table_values()


def test_editor_kinds() -> None:
    assert reward_from_kind("fixed", -2) == Reward(fixed=-2)
    assert reward_from_kind("per_card", 0) == Reward(per_card=True)
    assert reward_from_kind("half_value", 0) == Reward(half_value=True)
    with pytest.raises(RuleError):
        reward_from_kind("steal", 0)
