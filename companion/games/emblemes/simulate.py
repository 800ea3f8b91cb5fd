"""Random legal games, for benchmarks and checks: every reveal a random card of the player's,
a random place (or the imposed one), every question answered at random."""

from __future__ import annotations

import random
from typing import Any

from companion.games.emblemes.cards import PLACES
from companion.games.emblemes.engine import ENGINE, EmblemesState

NAMES = ["rouge", "bleu", "vert", "jaune", "violet"]


def random_reveal(state: EmblemesState, rng: random.Random) -> dict[str, Any]:
    """The next reveal, every question answered at random; the state is left as it was."""
    event = _random_card(state, rng)
    while (choice := state.next_choice(event)) is not None:
        answer(event, choice.key, rng.choice(choice.options))
    return event


def random_play(state: EmblemesState, rng: random.Random) -> dict[str, Any]:
    """`random_reveal` applied to the state: the same draws, the same event, one trial of the
    reveal fewer (`settle` applies it once it asks nothing more)."""
    event = _random_card(state, rng)
    while (choice := state.settle(event)) is not None:
        answer(event, choice.key, rng.choice(choice.options))
    return event


def _random_card(state: EmblemesState, rng: random.Random) -> dict[str, Any]:
    player = state.next_player()
    assert player is not None, "la partie est terminée"
    imposed = state.imposed.get(player)
    return {"type": "reveal", "player": player,
            "value": rng.choice(sorted(state.unplayed[player])),
            "place": imposed[0] if imposed else rng.choice(PLACES)}


def answer(event: dict[str, Any], key: str, picked: Any) -> None:
    """Write the answer to a question (`Choice.key`: "side" or "choices.<name>") into the event."""
    if key == "side":
        event["side"] = picked
    else:
        event.setdefault("choices", {})[key.removeprefix("choices.")] = picked


def playout(players: int, seed: int, place_set: str = "A",
            ) -> tuple[dict[str, Any], list[dict[str, Any]], EmblemesState]:
    """A complete game: its setup, its events and the final state."""
    rng = random.Random(seed)
    setup = {"players": NAMES[:players], "place_set": place_set}
    state = ENGINE.new_state(setup)
    events = []
    while not state.finished:
        events.append(random_play(state, rng))
    return setup, events, state
