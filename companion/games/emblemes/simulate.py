"""Random legal games, for benchmarks and checks: every reveal a random card of the player's,
a random place (or the imposed one), every question answered at random."""

from __future__ import annotations

import random
from typing import Any

from companion.games.emblemes.cards import PLACES
from companion.games.emblemes.engine import ENGINE, EmblemesState

NAMES = ["rouge", "bleu", "vert", "jaune", "violet"]


def random_reveal(state: EmblemesState, rng: random.Random) -> dict[str, Any]:
    player = state.next_player()
    assert player is not None, "la partie est terminée"
    imposed = state.imposed.get(player)
    event: dict[str, Any] = {"type": "reveal", "player": player,
                             "value": rng.choice(sorted(state.unplayed[player])),
                             "place": imposed[0] if imposed else rng.choice(PLACES)}
    while (choice := state.next_choice(event)) is not None:
        picked = rng.choice(choice.options)
        if choice.key == "side":
            event["side"] = picked
        else:
            event.setdefault("choices", {})[choice.key.removeprefix("choices.")] = picked
    return event


def playout(players: int, seed: int, place_set: str = "A",
            ) -> tuple[dict[str, Any], list[dict[str, Any]], EmblemesState]:
    """A complete game: its setup, its events and the final state."""
    rng = random.Random(seed)
    setup = {"players": NAMES[:players], "place_set": place_set}
    state = ENGINE.new_state(setup)
    events = []
    while not state.finished:
        events.append(random_reveal(state, rng))
        state.apply(events[-1])
    return setup, events, state
