"""Labystère's turn keeper against labystere-ptit-jeu-maelys.txt › DÉROULEMENT DE LA PARTIE and
registre LAB-5..LAB-9: seat order, the die, « Rejoue », « compte double », declarations."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.engine import InvalidEvent, engine_for, replay
from companion.errors import RuleError
from companion.games.labystere.engine import ENGINE, LabystereState

SETUP = {"players": ["Léa", "Tom", "Inès"], "colours": ["rouge", "bleu", "vert"], "seed": 42}


def roll(value: int) -> dict[str, Any]:
    return {"type": "roll", "value": value}


def card(card_id: str) -> dict[str, Any]:
    return {"type": "card", "card": card_id}


END = {"type": "end_turn"}


def play(*events: dict[str, Any], setup: dict[str, Any] | None = None) -> LabystereState:
    state = replay("labystere", setup or SETUP, list(events))
    assert isinstance(state, LabystereState)
    return state


def test_engine_is_registered() -> None:
    assert engine_for("labystere") is ENGINE


def test_turns_go_round_in_seat_order() -> None:
    state = play()
    order = []
    for _ in range(4):
        order.append(state.summary()["current"])
        state.apply(roll(2))
        state.apply(END)
    assert order == ["Léa", "Tom", "Inès", "Léa"]


def test_double_applies_to_the_next_roll_only() -> None:
    state = play(roll(3), card("lancer-double"))
    assert state.summary()["players"][0]["double_pending"] is True
    assert state.summary()["last_roll"]["steps"] == 3  # the roll that led to the card: plain
    state.apply(END)
    for _ in range(2):  # Tom and Inès are not affected
        state.apply(roll(5))
        assert state.summary()["last_roll"] == {"player": state.turn, "value": 5,
                                                "doubled": False, "steps": 5}
        state.apply(END)
    state.apply(roll(4))  # Léa's next roll: doubled, then used up
    assert state.summary()["last_roll"] == {"player": 0, "value": 4, "doubled": True, "steps": 8}
    assert state.summary()["players"][0]["double_pending"] is False
    state.apply(END)
    for _ in range(2):
        state.apply(roll(1))
        state.apply(END)
    state.apply(roll(4))
    assert state.summary()["last_roll"]["steps"] == 4


def test_a_new_double_card_arms_the_following_roll_again() -> None:
    """Each card doubles one roll: the doubled roll uses it up, a new card arms the next one."""
    state = play(roll(1), card("lancer-double"), END, roll(1), END, roll(1), END,
                 roll(6), card("lancer-double"))
    assert state.summary()["last_roll"]["steps"] == 12
    assert state.summary()["players"][0]["double_pending"] is True
    state.apply(END)
    for _ in range(2):
        state.apply(roll(1))
        state.apply(END)
    state.apply(roll(2))
    assert state.summary()["last_roll"]["steps"] == 4


def test_double_then_rejoue_doubles_the_rejoue_roll() -> None:
    state = play(roll(2), card("lancer-double"), END, roll(1), END, roll(1), END, roll(3),
                 card("rejoue"))
    assert state.summary()["last_roll"]["steps"] == 6
    state.apply(roll(5))
    assert state.summary()["last_roll"]["doubled"] is False  # the double was used by the 3


def test_rejoue_same_player_rolls_again_and_must() -> None:
    state = play(roll(2), card("rejoue"))
    summary = state.summary()
    assert summary["current"] == "Léa" and summary["phase"] == "roll"
    with pytest.raises(RuleError, match="Rejoue") as err:
        state.apply(END)
    assert "Cartes Action" in err.value.rule
    state.apply(roll(6))
    state.apply(card("pas-d-action"))
    state.apply(END)
    assert state.summary()["current"] == "Tom"


def test_one_card_per_move_and_only_after_rolling() -> None:
    state = play()
    with pytest.raises(RuleError, match="lance d'abord"):
        state.apply(card("rejoue"))
    state.apply(roll(4))
    state.apply(card("regarde-lieu"))
    with pytest.raises(RuleError, match="une seule carte"):
        state.apply(card("rejoue"))


def test_roll_twice_refused_and_turn_needs_a_roll() -> None:
    state = play(roll(4))
    with pytest.raises(RuleError, match="déjà lancé"):
        state.apply(roll(2))
    state = play()
    with pytest.raises(RuleError, match="lance d'abord le dé"):
        state.apply(END)


@pytest.mark.parametrize("value", [0, 7, -1, "3", 2.0, True, None])
def test_die_values_are_1_to_6(value: object) -> None:
    with pytest.raises(RuleError, match="de 1 à 6"):
        play().apply({"type": "roll", "value": value})


@pytest.mark.parametrize("event", [
    {"type": "card", "card": "teleportation"},
    {"type": "roll", "value": 3, "source": "ailleurs"},
    {"type": "roll", "value": 3, "extra": 1},
    {"type": "roll"},
    {"type": "declare", "suspect": "loup", "place": "tour", "correct": True},
    {"type": "declare", "suspect": "ours", "place": "chateau", "correct": True},
    {"type": "declare", "suspect": "ours", "place": "tour", "correct": "oui"},
    {"type": "declare", "suspect": "ours", "place": "tour"},
    {"type": "move", "to": "A1"},
])
def test_bad_events_are_refused(event: dict[str, Any]) -> None:
    state = play(roll(3))
    with pytest.raises(RuleError):
        state.apply(event)


def test_right_declaration_wins_and_ends_the_game() -> None:
    state = play(roll(3), END, {"type": "declare", "suspect": "ours", "place": "puits",
                                "correct": True})
    summary = state.summary()
    assert summary["winner"] == "Tom" and summary["finished"] and summary["turn"] is None
    with pytest.raises(RuleError, match="finie"):
        state.apply(roll(2))


def test_wrong_declaration_leaves_the_others_playing() -> None:
    state = play(roll(3), {"type": "declare", "suspect": "pie", "place": "tour",
                           "correct": False})
    summary = state.summary()
    assert summary["players"][0]["out"] and not summary["finished"]
    assert summary["current"] == "Tom" and summary["winner"] is None
    state.apply(roll(1))
    state.apply(END)
    state.apply(roll(1))
    state.apply(END)
    assert state.summary()["current"] == "Tom"  # Léa is skipped from now on


def test_everyone_wrong_ends_without_winner() -> None:
    wrong = {"type": "declare", "suspect": "pie", "place": "tour", "correct": False}
    state = play(wrong, wrong, wrong)
    summary = state.summary()
    assert summary["finished"] and summary["winner"] is None
    assert [d["player"] for d in summary["declarations"]] == [0, 1, 2]


@pytest.mark.parametrize("setup", [
    {"players": ["Léa"], "colours": ["rouge"], "seed": 1},
    {"players": ["A", "B", "C", "D", "E"], "colours": ["rouge"] * 5, "seed": 1},
    {"players": ["Léa", "léa"], "colours": ["rouge", "bleu"], "seed": 1},
    {"players": ["Léa", ""], "colours": ["rouge", "bleu"], "seed": 1},
    {"players": ["Léa", "Tom"], "colours": ["rouge", "rouge"], "seed": 1},
    {"players": ["Léa", "Tom"], "colours": ["rouge", "violet"], "seed": 1},
    {"players": ["Léa", "Tom"], "colours": ["rouge"], "seed": 1},
    {"players": ["Léa", "Tom"], "colours": ["rouge", "bleu"], "seed": -4},
    {"players": ["Léa", "Tom"], "colours": ["rouge", "bleu"]},
    {"players": ["Léa", "Tom"], "colours": ["rouge", "bleu"], "seed": 1, "niveau": 2},
])
def test_bad_setups_are_refused(setup: dict[str, Any]) -> None:
    with pytest.raises(InvalidEvent):
        replay("labystere", setup, [])


EVENTS = st.one_of(
    st.builds(roll, st.integers(min_value=-1, max_value=8)),
    st.builds(card, st.sampled_from(["rejoue", "lancer-double", "pas-d-action", "echange-pion",
                                     "inconnue"])),
    st.just(END),
    st.builds(lambda ok: {"type": "declare", "suspect": "ours", "place": "tour", "correct": ok},
              st.booleans()),
)


@settings(max_examples=200, deadline=None)
@given(st.lists(EVENTS, max_size=40))
def test_refused_events_change_nothing_and_replay_matches(events: list[dict[str, Any]]) -> None:
    state = play()
    accepted = []
    for event in events:
        before = copy.deepcopy(state.summary())
        try:
            state.apply(event)
        except RuleError:
            assert state.summary() == before
        else:
            accepted.append(event)
        summary = state.summary()
        for player in summary["players"]:
            assert not (player["out"] and summary["current"] == player["name"])
    assert play(*accepted).summary() == state.summary()
