"""Placement: descending order from left to right, left or right on equal values (EMB-7).
Golden test: the rules' own example of the Marchand in the Port."""

from __future__ import annotations

import pytest

from companion.core.errors import RuleError
from companion.games.emblemes.cards import Card
from companion.games.emblemes.engine import ENGINE
from companion.games.emblemes.placement import check_order, insertion_index, neighbours


def test_rules_example_marchand_slides_between_voleuse_and_matelot() -> None:
    # « le Port contient déjà une Sorcière (13), une Voleuse (11) et un Matelot (2) » and a
    # Marchand (6) is placed: played through the engine as a table would enter it.
    state = ENGINE.new_state({"players": ["rouge", "bleu", "vert"]})
    state.apply({"type": "reveal", "player": "rouge", "value": 13, "place": "port"})
    state.apply({"type": "reveal", "player": "bleu", "value": 11, "place": "port"})
    state.apply({"type": "reveal", "player": "vert", "value": 2, "place": "port"})
    assert [c.value for c in state.places["port"]] == [13, 11, 2]
    state.apply({"type": "reveal", "player": "bleu", "value": 6, "place": "port"})
    assert [c.value for c in state.places["port"]] == [13, 11, 6, 2]
    marchand = state.places["port"].index(Card("bleu", 6))
    assert neighbours(state.places["port"], marchand) == [Card("bleu", 11), Card("vert", 2)]


def test_insertion_index_without_tie() -> None:
    port = [Card("a", 13), Card("b", 11), Card("c", 2)]
    assert insertion_index(port, 6, None, "port") == 2
    assert insertion_index(port, 15, None, "port") == 0
    assert insertion_index(port, 1, None, "port") == 3


def test_tie_left_or_right_of_the_equal_card() -> None:
    port = [Card("a", 13), Card("b", 6), Card("c", 2)]
    assert insertion_index(port, 6, "left", "port") == 1
    assert insertion_index(port, 6, "right", "port") == 2


def test_tie_with_several_equal_cards_goes_past_all_of_them() -> None:
    port = [Card("a", 9), Card("b", 6), Card("c", 6), Card("d", 2)]
    assert insertion_index(port, 6, "left", "port") == 1
    assert insertion_index(port, 6, "right", "port") == 3


def test_tie_without_side_is_refused() -> None:
    with pytest.raises(RuleError) as error:
        insertion_index([Card("a", 6)], 6, None, "port")
    assert "placement" in error.value.rule


def test_side_without_tie_is_refused() -> None:
    with pytest.raises(RuleError):
        insertion_index([Card("a", 6)], 5, "left", "port")


def test_engine_asks_the_side_on_a_tie() -> None:
    state = ENGINE.new_state({"players": ["rouge", "bleu", "vert"]})
    state.apply({"type": "reveal", "player": "rouge", "value": 6, "place": "port"})
    choice = state.next_choice({"type": "reveal", "player": "bleu", "value": 6, "place": "port"})
    assert choice is not None and choice.key == "side"
    state.apply({"type": "reveal", "player": "bleu", "value": 6, "place": "port",
                 "side": "left"})
    assert state.places["port"] == [Card("bleu", 6), Card("rouge", 6)]


def test_check_order() -> None:
    check_order([Card("a", 9), Card("b", 9), Card("c", 1)], "port")
    with pytest.raises(RuleError):
        check_order([Card("a", 2), Card("b", 9)], "port")
