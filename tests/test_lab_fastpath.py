"""The balance lab's fast path for Labystère (`LabystereState.play_offered`: an event the engine
itself offered, applied without checking it again) is the checked path (`apply`) on seeded games:
the same games and figures, and the same state after every event, secrets included."""

from __future__ import annotations

import json
from typing import Any

import pytest

from companion.engine import replay
from companion.games.labystere.engine import ENGINE, LabystereState
from companion.lab import labystere
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
