"""Immediate effects (♦), played through the engine as a table enters them: one test or more per
card, and the register decisions EMB-2, 6, 8, 9, 10, 11, 15.

Three players, rouge first: turn 1 is rouge, bleu, vert; turn 2 bleu, vert, rouge; ..."""

from __future__ import annotations

from typing import Any

import pytest

from companion.core.errors import RuleError
from companion.games.emblemes.cards import Card
from companion.games.emblemes.engine import ENGINE, EmblemesState


def new() -> EmblemesState:
    return ENGINE.new_state({"players": ["rouge", "bleu", "vert"]})


def event(player: str, value: int, place: str, side: str | None = None,
          **choices: Any) -> dict[str, Any]:
    out: dict[str, Any] = {"type": "reveal", "player": player, "value": value, "place": place}
    if side:
        out["side"] = side
    if choices:
        out["choices"] = choices
    return out


def play(state: EmblemesState, *events: dict[str, Any]) -> EmblemesState:
    for e in events:
        state.apply(e)
    return state


def values(state: EmblemesState, place: str) -> list[tuple[str, int]]:
    return [(c.owner, c.value) for c in state.places[place]]


# --- 15 Le Roi --------------------------------------------------------------------------------


def test_roi_flees_a_voleuse_already_there() -> None:
    state = play(new(), event("rouge", 11, "chateau"), event("bleu", 15, "chateau"))
    assert values(state, "chateau") == [("rouge", 11)]
    assert state.discards["bleu"] == [15]


def test_roi_stays_without_voleuse_and_a_later_voleuse_does_not_chase_him() -> None:
    state = play(new(), event("rouge", 15, "chateau"), event("bleu", 11, "chateau"))
    assert values(state, "chateau") == [("rouge", 15), ("bleu", 11)]
    assert state.coins == {"rouge": 1, "bleu": 5, "vert": 3}  # the Voleuse stole from rouge


# --- 12 Le Garde ------------------------------------------------------------------------------


def test_garde_sends_an_adjacent_card_to_another_place() -> None:
    state = play(new(), event("rouge", 14, "chateau"),
                 event("bleu", 12, "chateau", to="port"))
    assert values(state, "chateau") == [("bleu", 12)]
    assert values(state, "port") == [("rouge", 14)]


def test_garde_cannot_keep_the_card_in_its_place() -> None:
    with pytest.raises(RuleError) as error:
        play(new(), event("rouge", 14, "chateau"), event("bleu", 12, "chateau", to="chateau"))
    assert "Garde" in error.value.rule


def test_garde_moving_onto_an_equal_value_asks_the_side() -> None:
    state = play(new(), event("rouge", 6, "port"), event("bleu", 6, "chateau"))
    choice = state.next_choice(event("vert", 12, "chateau", card={"owner": "bleu", "value": 6},
                                     to="port"))
    assert choice is not None and choice.key == "choices.side"
    garde = event("vert", 12, "chateau", card={"owner": "bleu", "value": 6}, to="port")
    garde["choices"]["side"] = "left"  # the moved card's side, not the Garde's own
    play(state, garde)
    assert values(state, "port") == [("bleu", 6), ("rouge", 6)]


# --- 11 La Voleuse ----------------------------------------------------------------------------


def test_voleuse_steals_2_from_the_owner_of_an_adjacent_card() -> None:
    state = play(new(), event("rouge", 6, "port"), event("bleu", 11, "port"))
    assert state.coins == {"rouge": 1, "bleu": 5, "vert": 3}
    assert [m.cause for _, m in state.movements][0].startswith("La Voleuse 11 (bleu)")


def test_voleuse_between_two_owners_needs_a_victim() -> None:
    state = play(new(), event("rouge", 12, "port"), event("bleu", 6, "port"))
    choice = state.next_choice(event("vert", 11, "port"))
    assert choice is not None and choice.key == "choices.victim"
    assert sorted(choice.options) == ["bleu", "rouge"]
    with pytest.raises(RuleError):
        state.apply(event("vert", 11, "port"))
    play(state, event("vert", 11, "port", victim="bleu"))
    assert state.coins == {"rouge": 3, "bleu": 1, "vert": 5}


def test_voleuse_on_a_player_with_one_coin() -> None:
    # EMB-1: rouge has 1 coin left after bleu's Voleuse; vert's Voleuse takes only that one.
    state = play(new(), event("rouge", 6, "port"), event("bleu", 11, "port"),
                 event("vert", 11, "port", side="right", victim="rouge"))
    assert state.coins == {"rouge": 0, "bleu": 5, "vert": 4}


def test_voleuse_next_to_own_cards() -> None:
    # EMB-10: no other player's card beside her: nothing stolen.
    state = play(new(), event("rouge", 6, "port"), event("bleu", 14, "chateau"),
                 event("vert", 13, "village"), event("bleu", 3, "village"),
                 event("vert", 2, "chateau"), event("rouge", 11, "port"))
    assert state.coins == {"rouge": 3, "bleu": 3, "vert": 3}


# --- 10 L'Alchimiste --------------------------------------------------------------------------


def test_alchimiste_copies_a_voleuse() -> None:
    state = play(new(), event("rouge", 11, "port"), event("bleu", 10, "port"))
    assert state.coins == {"rouge": 1, "bleu": 5, "vert": 3}


def test_alchimiste_copies_a_guerriere_and_discards_it() -> None:
    state = play(new(), event("rouge", 5, "port"), event("bleu", 10, "port"))
    assert values(state, "port") == [("bleu", 10)]
    assert state.discards["rouge"] == [5]


def test_alchimiste_copies_a_garde() -> None:
    state = play(new(), event("rouge", 12, "port"), event("bleu", 10, "port", to="village"))
    assert values(state, "village") == [("rouge", 12)]


def test_alchimiste_copying_a_roi_stays_without_voleuse() -> None:
    state = play(new(), event("rouge", 15, "port"), event("bleu", 10, "port"))
    assert values(state, "port") == [("rouge", 15), ("bleu", 10)]


def test_alchimiste_never_copies_an_alchimiste() -> None:
    state = play(new(), event("rouge", 10, "port"))
    with pytest.raises(RuleError):
        state.apply(event("bleu", 10, "port", side="right", copy={"owner": "rouge", "value": 10}))
    play(state, event("bleu", 10, "port", side="right"))
    assert any("aucune carte voisine à effet immédiat" in e["text"] for e in state.journal)


def test_alchimiste_does_not_copy_end_of_round_effects() -> None:
    state = play(new(), event("rouge", 14, "port"))
    with pytest.raises(RuleError):
        state.apply(event("bleu", 10, "port", copy={"owner": "rouge", "value": 14}))


def test_alchimiste_chooses_between_two_models() -> None:
    # port: rouge's Roi 15 and bleu's Courtisane 9; vert's Alchimiste 10 lands between them
    state = play(new(), event("rouge", 15, "port"), event("bleu", 9, "port", target="vert"),
                 event("vert", 3, "village"), event("bleu", 3, "chateau"))
    choice = state.next_choice(event("vert", 10, "port"))
    assert choice is not None and choice.key == "choices.copy"
    assert {o["value"] for o in choice.options} == {15, 9}
    play(state, event("vert", 10, "port", copy={"owner": "bleu", "value": 9}))
    assert state.replaced == {"rouge": "vert"}  # the only face-down card left


def test_alchimiste_copying_a_courtisane_as_last_reveal_does_nothing() -> None:
    state = play(new(), event("rouge", 6, "port"), event("bleu", 9, "port", target="vert"),
                 event("vert", 10, "port", copy={"owner": "bleu", "value": 9}))
    assert state.replaced == {}
    assert any("dernière carte" in e["text"] for e in state.journal)


# --- 9 La Courtisane, 8 Le Stratège -----------------------------------------------------------


def test_courtisane_targets_a_face_down_card() -> None:
    state = play(new(), event("rouge", 9, "port", target="vert"))
    assert state.replaced == {"vert": "rouge"}
    with pytest.raises(RuleError):  # rouge's own card is revealed: not a target
        new().apply(event("rouge", 9, "port", target="rouge"))
    play(state, event("bleu", 3, "village"), event("vert", 7, "chateau"))
    assert state.replaced == {}
    assert any("Courtisane de rouge" in e["text"] for e in state.journal)


def test_courtisane_last_of_the_turn_does_nothing() -> None:
    state = play(new(), event("rouge", 3, "port"), event("bleu", 2, "port"))
    with pytest.raises(RuleError):
        state.apply(event("vert", 9, "port", target="rouge"))
    play(state, event("vert", 9, "port"))
    assert state.replaced == {}


def test_stratege_imposes_the_place() -> None:
    state = play(new(), event("rouge", 8, "port", target="bleu", to="village"))
    with pytest.raises(RuleError) as error:
        state.apply(event("bleu", 3, "port"))
    assert "Stratège" in error.value.rule
    play(state, event("bleu", 3, "village"))
    assert values(state, "village") == [("bleu", 3)]


def test_stratege_last_of_the_turn_does_nothing() -> None:
    state = play(new(), event("rouge", 3, "port"), event("bleu", 2, "port"),
                 event("vert", 8, "port"))
    assert state.imposed == {}


def test_stratege_latest_order_stands() -> None:
    state = play(new(), event("rouge", 8, "port", target="vert", to="village"),
                 event("bleu", 8, "chateau", target="vert", to="chateau"))
    with pytest.raises(RuleError):
        state.apply(event("vert", 3, "village"))
    play(state, event("vert", 3, "chateau"))


# --- 5 La Guerrière ---------------------------------------------------------------------------


def test_guerriere_discards_an_adjacent_card() -> None:
    state = play(new(), event("rouge", 6, "port"), event("bleu", 5, "port"))
    assert values(state, "port") == [("bleu", 5)]
    assert state.discards["rouge"] == [6]


def test_guerriere_only_reaches_adjacent_cards() -> None:
    state = play(new(), event("rouge", 14, "port"), event("bleu", 6, "port"))
    with pytest.raises(RuleError):
        state.apply(event("vert", 5, "port", card={"owner": "rouge", "value": 14}))


# --- 4 Le Barde -------------------------------------------------------------------------------


def test_barde_brings_a_card_from_another_place() -> None:
    state = play(new(), event("rouge", 14, "chateau"), event("bleu", 6, "village"),
                 event("vert", 4, "port", card={"owner": "rouge", "value": 14}))
    assert values(state, "port") == [("rouge", 14), ("vert", 4)]
    assert values(state, "chateau") == []


def test_barde_cannot_take_from_its_own_place() -> None:
    state = play(new(), event("rouge", 14, "port"), event("bleu", 6, "village"))
    with pytest.raises(RuleError):
        state.apply(event("vert", 4, "port", card={"owner": "rouge", "value": 14}))


def test_barde_alone_on_the_table_does_nothing() -> None:
    state = play(new(), event("rouge", 4, "port"))
    assert values(state, "port") == [("rouge", 4)]


# --- 1 Le Chasseur ----------------------------------------------------------------------------


def test_chasseur_discards_the_highest_card_leftmost_on_ties() -> None:
    state = play(new(), event("rouge", 14, "port"), event("bleu", 14, "port", side="right"),
                 event("vert", 1, "port"))
    assert values(state, "port") == [("bleu", 14), ("vert", 1)]
    assert state.discards["rouge"] == [14]


def test_chasseur_alone_does_nothing() -> None:
    # EMB-2: it never discards itself.
    state = play(new(), event("rouge", 1, "port"))
    assert values(state, "port") == [("rouge", 1)]


def test_chasseur_with_only_another_chasseur_discards_that_one() -> None:
    state = play(new(), event("rouge", 1, "port"), event("bleu", 1, "port", side="left"))
    assert values(state, "port") == [("bleu", 1)]


# --- choices (EMB-6) --------------------------------------------------------------------------


def test_missing_choice_is_refused_and_changes_nothing() -> None:
    state = play(new(), event("rouge", 14, "chateau"))
    before = state.summary()
    with pytest.raises(RuleError) as error:
        state.apply(event("bleu", 12, "chateau"))  # where does the Princesse go?
    assert "choix manquant" in error.value.reason
    assert state.summary() == before


def test_unexpected_choice_is_refused() -> None:
    with pytest.raises(RuleError) as error:
        new().apply(event("rouge", 14, "chateau", victim="bleu"))
    assert "victim" in error.value.reason


def test_single_option_needs_no_choice() -> None:
    state = play(new(), event("rouge", 6, "port"))
    assert state.next_choice(event("bleu", 5, "port")) is None
    explicit = play(new(), event("rouge", 6, "port"),
                    event("bleu", 5, "port", card={"owner": "rouge", "value": 6}))
    assert explicit.places == play(new(), event("rouge", 6, "port"),
                                   event("bleu", 5, "port")).places


def test_card_choice_is_a_card_of_the_table() -> None:
    state = play(new(), event("rouge", 14, "port"), event("bleu", 6, "port"))
    with pytest.raises(RuleError):
        state.apply(event("vert", 5, "port", card={"owner": "vert", "value": 6}))
    assert Card("bleu", 6) in state.places["port"]
