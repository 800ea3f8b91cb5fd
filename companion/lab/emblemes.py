"""Emblèmes in the balance lab: whole games through the real engine. The engine tracks a
player's cards not yet played (hand and deck together, registre EMB-16), so the policies choose
among them (docs/register/atelier.md ATL-6):
- « hasard »: the existing random playout (`companion.games.emblemes.simulate.random_play`):
  a random card of its own, a random place (or the imposed one), every question answered at
  random;
- « glouton »: the card and place whose reward, at the rank the card would take now, is the
  highest (the cheapest card on a tie); questions answered at random.
Coins per character: what the owner of a card gained or lost through it (its place's reward and
its effects: the engine's movements name their card)."""

from __future__ import annotations

import math
import random
from bisect import bisect_left
from typing import Any

from companion.core.text import number
from companion.games.emblemes.cards import PLACES
from companion.games.emblemes.engine import ENGINE, EmblemesState
from companion.games.emblemes.simulate import NAMES, answer, random_play
from companion.lab.runner import Options, one_game, policies_by_players
from companion.lab.stats import Figure, mean, rate

GAME = "emblemes"
UNIT = "parties"
POLICIES = {
    "hasard": "une carte au hasard, un lieu au hasard (ou celui imposé)",
    "glouton": "la carte et le lieu qui rapportent le plus au rang qu'elle prendrait",
}
PLAYERS = (3, 4, 5)
SETS = ("A", "B", "C")


def conditions(options: Options) -> list[dict[str, Any]]:
    sets = options.extra.get("sets") or SETS
    return [{**base, "lieux": place_set}
            for base in policies_by_players(options, POLICIES, PLAYERS) for place_set in sets]


units = one_game


def play(condition: dict[str, Any], rng: random.Random, log: bool = False) -> dict[str, Any]:
    setup = {"players": NAMES[:condition["joueurs"]], "place_set": condition["lieux"]}
    state = ENGINE.new_state(setup)
    greedy = condition["politique"] == "glouton"
    events = []
    while not state.finished:
        events.append(_greedy_play(state, rng) if greedy else random_play(state, rng))
    played: dict[int, int] = {}
    for event in events:
        played[event["value"]] = played.get(event["value"], 0) + 1
    earned: dict[int, int] = {}
    for _round, m in state.movements:
        if m.card is not None and m.player == m.card.owner:
            earned[m.card.value] = earned.get(m.card.value, 0) + m.amount
    first = setup["players"][0]
    others = [state.coins[p] for p in setup["players"][1:]]
    out: dict[str, Any] = {"winner_seat": setup["players"].index(state.winner),
                           "first_coins": state.coins[first],
                           "others_coins": sum(others) / len(others),
                           "played": played, "earned": earned}
    if log:
        out["log"] = (setup, events)
    return out


def _estimate(reward: Any, value: int, cards: int, players: int) -> float:
    """What a reward gives a card of `value` in a place already holding `cards` cards."""
    if reward.fixed is not None:
        return float(reward.fixed)
    if reward.per_card:
        return float(cards + 1)
    if reward.steal is not None:
        return float(reward.steal * (players - 1))
    return float(math.ceil(value / 2))


def _greedy_play(state: EmblemesState, rng: random.Random) -> dict[str, Any]:
    """The card and place with the best reward at the rank the card takes now (placed after
    the cards of equal value), the cheapest card on a tie; every question answered at random.
    The reveal is applied to the state (`settle`) and returned."""
    player = state.next_player()
    assert player is not None
    imposed = state.imposed.get(player)
    places = [imposed[0]] if imposed else list(PLACES)
    values = sorted(state.unplayed[player])
    players = len(state.players)
    best: tuple[float, int] | None = None
    ties: list[tuple[int, str]] = []
    for place in places:
        present = sorted(c.value for c in state.places[place])
        rewards = state.rewards[place]
        for value in values:
            rank = len(present) - bisect_left(present, value)
            gain = _estimate(rewards[rank], value, len(present), players) \
                if rank < len(rewards) else 0.0
            key = (gain, -value)
            if best is None or key > best:
                best, ties = key, [(value, place)]
            elif key == best:
                ties.append((value, place))
    choice = ties[0] if len(ties) == 1 else rng.choice(ties)
    event: dict[str, Any] = {"type": "reveal", "player": player, "value": choice[0],
                             "place": choice[1]}
    while (question := state.settle(event)) is not None:
        answer(event, question.key, rng.choice(question.options))
    return event


def report(condition: dict[str, Any], records: list[dict[str, Any]],
           options: Options) -> list[Figure]:
    n = len(records)
    players = condition["joueurs"]
    out = [rate(f"victoire du 1er joueur (équilibre : {number(1 / players, 3)})",
                sum(r["winner_seat"] == 0 for r in records), n),
           mean("pièces du 1er joueur moins la moyenne des autres",
                [r["first_coins"] - r["others_coins"] for r in records])]
    for value in range(15, 0, -1):
        samples: list[float] = []
        for r in records:
            plays = r["played"].get(value, 0) or r["played"].get(str(value), 0)
            if plays:
                gained = r["earned"].get(value, 0) or r["earned"].get(str(value), 0)
                samples.append(gained / plays)
        out.append(mean(f"pièces par carte jouée : valeur {value}", samples))
    return out
