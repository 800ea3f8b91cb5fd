"""The balance lab's fast path for Labystère is the checked path (`apply`) on seeded games: the
same games and figures, and the same state after every event, secrets included. The fast path
is the state's `offer_*` methods (a choice as the engine holds it, no event built: what
`companion lab` runs) and `play_offered` (an event the engine itself offered, applied without
checking it again: the lab with a log). Also the lab's own draws (`Draws`), read from
`getrandbits` alone."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from companion.core.engine import replay
from companion.games.labystere.engine import ENGINE, LabystereState
from companion.lab import labystere
from companion.lab.labystere import Draws
from companion.lab.runner import game_rng

CONDITIONS = [{"politique": policy, "joueurs": players}
              for policy in ("hasard", "glouton") for players in (2, 3, 4)]


def whole(state: LabystereState) -> str:
    """What the players see and what only the engine knows (notes of who set what aside, the
    pending card, the doubled die, who may look after an exchange)."""
    return json.dumps({"summary": state.summary(), "knows": [sorted(k) for k in state.knows],
                       "pending": state.pending, "double": state.double_pending,
                       "may_look": state.may_look, "steps": state.steps,
                       "stacks": [[pos, stack.action, stack.path, stack.rotation]
                                  for pos, stack in state.board.cells()]},
                      sort_keys=True, ensure_ascii=False)


@pytest.mark.parametrize("condition", CONDITIONS, ids=lambda c: f"{c['politique']}-{c['joueurs']}")
def test_the_fast_path_plays_the_games_the_checked_path_plays(condition: dict[str, Any]) -> None:
    for index in range(20):
        fast = labystere.play(condition, game_rng(5, condition, index), log=True)
        checked = labystere.play(condition, game_rng(5, condition, index), log=True,
                                 checked=True)
        assert fast == checked
        unwritten = labystere.play(condition, game_rng(5, condition, index))
        assert unwritten == {key: value for key, value in fast.items() if key != "log"}
        setup, events = fast["log"]
        assert replay("labystere", setup, events).summary()["finished"] == fast["finished"]


@pytest.mark.parametrize("condition", CONDITIONS, ids=lambda c: f"{c['politique']}-{c['joueurs']}")
def test_after_every_offered_event_the_state_is_the_checked_state(
        condition: dict[str, Any]) -> None:
    kinds: set[str] = set()
    for index in range(4):
        setup, events = labystere.play(condition, game_rng(6, condition, index), log=True)["log"]
        offered, checked = ENGINE.new_state(setup), ENGINE.new_state(setup)
        for event in events:
            offered.play_offered(event)
            checked.apply(event)
            assert whole(offered) == whole(checked), event
            kinds.add(event["type"])
    assert {"roll", "move", "swap", "reveal", "action", "end_turn"} <= kinds


class ScriptedBits:
    """A generator whose `getrandbits` gives the values it is told, and says how many bits it
    was asked for."""

    def __init__(self, values: list[int]) -> None:
        self.values, self.asked = list(values), []

    def getrandbits(self, k: int) -> int:
        self.asked.append(k)
        return self.values.pop(0)

    def random(self) -> float:
        raise AssertionError("not asked")


def test_a_draw_below_n_rejects_the_values_of_its_bits_that_reach_n() -> None:
    bits = ScriptedBits([7, 6, 3])
    assert Draws(bits).below(6) == 3  # type: ignore[arg-type]
    assert bits.asked == [3, 3, 3]  # 6 needs 3 bits; 7 and 6 are drawn again
    one = ScriptedBits([1, 0])
    assert Draws(one).below(1) == 0 and one.asked == [1, 1]  # type: ignore[arg-type]


def test_two_items_are_different_the_second_drawn_among_the_rest() -> None:
    items = ["a", "b", "c", "d", "e"]
    assert Draws(ScriptedBits([1, 3])).two(items) == ("b", "d")  # type: ignore[arg-type]
    # the second draw landing on the first item takes the last one instead
    assert Draws(ScriptedBits([1, 1])).two(items) == ("b", "e")  # type: ignore[arg-type]
    rng = random.Random(3)
    for size in range(2, 40):
        for _ in range(20):
            first, second = Draws(rng).two(list(range(size)))
            assert first != second and 0 <= first < size and 0 <= second < size


def test_every_face_of_the_die_and_every_pair_comes_up_about_as_often() -> None:
    draws = Draws(random.Random(11))
    faces = [0] * 6
    for _ in range(60_000):
        faces[draws.below(6)] += 1
    assert all(abs(count - 10_000) < 500 for count in faces), faces  # > 5 standard deviations
    pairs: dict[tuple[int, int], int] = {}
    for _ in range(40_000):
        pair = draws.two([0, 1, 2, 3, 4])
        pairs[pair] = pairs.get(pair, 0) + 1
    assert len(pairs) == 20 and all(abs(count - 2_000) < 250 for count in pairs.values())
