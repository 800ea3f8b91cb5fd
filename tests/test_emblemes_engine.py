"""The engine's structure: setup, reveal order, rounds and automatic count, refill, end of game
with the tie rule (EMB-12), hands (EMB-16), replay through companion.core.engine."""

from __future__ import annotations

from typing import Any

import pytest

from companion.core.engine import InvalidEvent, engine_for, replay
from companion.core.errors import RuleError
from companion.games.emblemes.cards import Card
from companion.games.emblemes.engine import ENGINE, EmblemesState, winner

THREE = ["rouge", "bleu", "vert"]
GAME_PLAN = [14, 13, 7, 6, 3, 2, 15, 12, 11, 10, 9, 8]  # each player's card, turn after turn
PLACE_PLAN = ["chateau", "village", "port", "chateau"]


def reveal(player: str, value: int, place: str, **extra: Any) -> dict[str, Any]:
    return {"type": "reveal", "player": player, "value": value, "place": place, **extra}


def complete(state: EmblemesState, event: dict[str, Any]) -> dict[str, Any]:
    """Answer every question the reveal raises with its first option (as a hurried table)."""
    while (choice := state.next_choice(event)) is not None:
        if choice.key == "side":
            event["side"] = choice.options[0]
        else:
            event.setdefault("choices", {})[choice.key.removeprefix("choices.")] = \
                choice.options[0]
    return event


def play_round(state: EmblemesState, plan: list[tuple[int, str]]) -> list[dict[str, Any]]:
    """Each player in reveal order plays plan[turn] (value, place)."""
    events = []
    for value, place in plan:
        for _ in state.players:
            player = state.next_player()
            assert player is not None
            events.append(complete(state, reveal(player, value, place)))
            state.apply(events[-1])
    return events


@pytest.mark.parametrize(("players", "turns"), [(3, 4), (4, 3), (5, 3)])
def test_setup_follows_the_player_count(players: int, turns: int) -> None:
    names = ["a", "b", "c", "d", "e"][:players]
    state = ENGINE.new_state({"players": names, "place_set": "B"})
    assert state.turns == turns and state.rounds == 3
    assert state.coins == dict.fromkeys(names, 3)
    assert state.hand == dict.fromkeys(names, 6)
    assert all(state.deck(p) == 9 for p in names)
    assert len(set(state.families.values())) == players
    face = "face_5" if players == 5 else "face_3_4"
    from companion.games.emblemes.cards import data
    printed = getattr(data().place_card("lieu-b-chateau"), face).rewards
    assert state.rewards["chateau"] == list(printed)


@pytest.mark.parametrize("setup", [
    {"players": ["a", "b"]},
    {"players": ["a", "b", "c", "d", "e", "f"]},
    {"players": ["a", "a", "b"]},
    {"players": ["a", "b", "c"], "place_set": "D"},
    {"players": ["a", "b", "c"], "first_player": "z"},
    {"players": ["a", "b", "c"], "families": {"a": "lion", "b": "lion", "c": "cerf"}},
    {"players": ["a", "b", "c"], "places": {"port": {"rewards": [{"fixed": 1, "steal": 1}]}}},
    {"players": ["a", "b", "c"], "places": {"port": {"rewards": []}}},
    {"players": "a, b, c"},
])
def test_bad_setups_are_refused(setup: dict[str, Any]) -> None:
    with pytest.raises(InvalidEvent):
        replay("emblemes", setup, [])


def test_table_values_replace_the_printed_ones() -> None:
    state = ENGINE.new_state({"players": THREE, "places": {
        "port": {"rewards": [{"fixed": 7}], "provenance": "table"}}})
    assert state.rewards["port"][0].fixed == 7
    assert state.provenance == {"chateau": "regles", "village": "defaut-maison",
                                "port": "table"}


def test_reveal_order_is_first_player_then_clockwise() -> None:
    state = ENGINE.new_state({"players": THREE, "first_player": "bleu"})
    assert state.next_player() == "bleu"
    with pytest.raises(RuleError) as error:
        state.apply(reveal("rouge", 14, "port"))
    assert "c'est à bleu" in error.value.reason
    state.apply(reveal("bleu", 14, "port"))
    state.apply(reveal("vert", 13, "port"))
    assert state.next_player() == "rouge"
    state.apply(reveal("rouge", 13, "port", side="right"))
    # the pawn passed to the left: vert starts turn 2
    assert state.pawn == "vert" and state.next_player() == "vert" and state.turn == 2


def test_card_played_twice_is_refused() -> None:
    state = ENGINE.new_state({"players": THREE})
    state.apply(reveal("rouge", 14, "port"))
    state.apply(reveal("bleu", 14, "village"))
    state.apply(reveal("vert", 14, "chateau"))
    with pytest.raises(RuleError) as error:
        state.apply(reveal("bleu", 14, "port"))
    assert "déjà joué" in error.value.reason


@pytest.mark.parametrize("bad", [
    reveal("rouge", 16, "port"), reveal("rouge", 0, "port"), reveal("rouge", 14, "plage"),
    reveal("rouge", True, "port"), {"type": "pioche", "player": "rouge"},
    {**reveal("rouge", 14, "port"), "extra": 1}, reveal("rouge", 14, "port", side="left"),
])
def test_malformed_reveals_are_refused_without_trace(bad: dict[str, Any]) -> None:
    state = ENGINE.new_state({"players": THREE})
    before = state.summary()
    with pytest.raises(RuleError):
        state.apply(bad)
    assert state.summary() == before


def test_end_of_round_is_scored_automatically_and_hands_refill() -> None:
    state = ENGINE.new_state({"players": THREE})  # set A: Château 4/3/1
    play_round(state, [(14, "chateau"), (13, "village"), (7, "port"), (6, "port")])
    assert state.round == 2 and state.turn == 1
    assert len(state.results) == 1
    assert state.hand == dict.fromkeys(THREE, 6)
    assert state.deck("rouge") == 5
    movements = [m for r, m in state.movements if r == 1]
    assert sum(m.amount for m in movements) == sum(state.coins.values()) - 9
    for place, score in state.results[0].places.items():
        assert state.places[place] == score.kept
        for card in score.rewarded:
            assert card.value in state.discards[card.owner]


def test_kept_cards_stay_for_the_next_round() -> None:
    state = ENGINE.new_state({"players": THREE})
    # Village of set A (3-4 players) rewards 3 ranks: of its six cards three stay.
    play_round(state, [(14, "village"), (13, "village"), (7, "chateau"), (3, "port")])
    assert [c.value for c in state.places["village"]] == [13, 13, 13]
    play_round(state, [(6, "village")])
    assert [c.value for c in state.places["village"]] == [13, 13, 13, 6, 6, 6]


def test_winner_most_coins() -> None:
    assert winner(THREE, {"rouge": 5, "bleu": 9, "vert": 1}, "rouge") == "bleu"


def test_tie_goes_to_the_pawn_holder() -> None:
    assert winner(THREE, {"rouge": 9, "bleu": 9, "vert": 1}, "bleu") == "bleu"


def test_tie_without_the_pawn_goes_clockwise_from_its_holder() -> None:
    players = ["a", "b", "c", "d"]
    coins = {"a": 9, "b": 2, "c": 1, "d": 9}
    assert winner(players, coins, "b") == "d"
    assert winner(players, coins, "c") == "d"
    assert winner(players, coins, "a") == "a"


def full_game(first: str = "rouge") -> tuple[EmblemesState, list[dict[str, Any]]]:
    state = ENGINE.new_state({"players": THREE, "first_player": first})
    events: list[dict[str, Any]] = []
    for start in range(0, 12, 4):
        events += play_round(state, list(zip(GAME_PLAN[start:start + 4], PLACE_PLAN,
                                             strict=True)))
    return state, events


def test_a_whole_game_ends_with_a_winner_and_refuses_more() -> None:
    state, events = full_game()
    assert state.finished and state.round == 3 and len(state.results) == 3
    assert len(events) == 36
    assert state.winner == winner(THREE, state.coins, state.pawn)
    # EMB-12: 12 turns, the pawn passed 12 times: back to rouge
    assert state.pawn == "rouge"
    with pytest.raises(RuleError):
        state.apply(reveal("rouge", 1, "port"))


def test_replay_through_companion_engine_equals_live_state() -> None:
    state, events = full_game()
    assert engine_for("emblemes") is ENGINE
    assert replay("emblemes", {"players": THREE, "first_player": "rouge"},
                  events).summary() == state.summary()


def test_summary_is_json_ready() -> None:
    import json

    state, _ = full_game()
    text = json.dumps(state.summary(), ensure_ascii=False)
    assert '"winner"' in text
    assert Card("rouge", 1).as_json() == {"owner": "rouge", "value": 1}


@pytest.mark.parametrize("seed", range(6))
def test_settle_is_next_choice_then_apply_in_one_trial(seed: int) -> None:
    """`settle` (what the simulations use) asks the same questions as `next_choice`, leaves the
    state as it was while a question is open, and applies the reveal as `apply` does."""
    import json
    import random

    from companion.games.emblemes.simulate import _random_card, answer

    def snapshot(state: EmblemesState) -> str:
        return json.dumps(state.summary(), sort_keys=True, default=str)

    rng = random.Random(seed)
    setup = {"players": ["rouge", "bleu", "vert", "jaune"], "place_set": "ABC"[seed % 3]}
    settled, checked = ENGINE.new_state(setup), ENGINE.new_state(setup)
    questions = 0
    while not checked.finished:
        event = _random_card(checked, rng)
        while (choice := checked.next_choice(event)) is not None:
            before = snapshot(settled)
            asked = settled.settle(dict(event))
            assert asked is not None and asked.key == choice.key
            assert asked.options == choice.options and snapshot(settled) == before
            answer(event, choice.key, rng.choice(choice.options))
            questions += 1
        assert settled.settle(json.loads(json.dumps(event))) is None
        checked.apply(event)
        assert snapshot(settled) == snapshot(checked)
        assert len(settled.movements) == len(checked.movements)
    assert settled.finished and questions > 0
    with pytest.raises(RuleError):
        settled.settle(reveal("rouge", 1, "port"))
