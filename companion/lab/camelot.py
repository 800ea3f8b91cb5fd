"""Camelot in the balance lab: whole games through the real engine, with the existing playouts
of `companion.games.camelot.simulate` and their two policies (docs/register/atelier.md ATL-7):
« glouton » (heaviest colour of the hand held before the draw, as the starter chooses before
drawing since rules version 2, registre CAM-1; just enough of its highest cards to lead) and
« hasard » (random colour, playable cards in random order). Both play an action card they hold
with probability 0.3 at each turn (the engine refuses the plays that do not fit; they are then
not played).

« Décide un tournoi » (ATL-8): an action card played during a tournament that its player then
won. The rate is per tournament: how often a given card both came out and went with the win."""

from __future__ import annotations

import random
from typing import Any

from companion.core.text import number
from companion.games.camelot.cards import ACTION, catalogue
from companion.games.camelot.engine import CamelotState
from companion.games.camelot.simulate import playout
from companion.lab.runner import Options, one_game, policies_by_players
from companion.lab.stats import Figure, mean, rate

GAME = "camelot"
UNIT = "parties"
POLICIES = {
    "hasard": "couleur au hasard, cartes jouables dans un ordre au hasard jusqu'à mener",
    "glouton": "couleur la plus forte de sa main, juste assez de ses plus fortes cartes",
}
PLAYERS = (2, 3, 4, 5)


def conditions(options: Options) -> list[dict[str, Any]]:
    return policies_by_players(options, POLICIES, PLAYERS)


units = one_game


def play(condition: dict[str, Any], rng: random.Random, log: bool = False) -> dict[str, Any]:
    cards = catalogue().cards
    actions: list[tuple[int, str, int]] = []  # (tournament, card, player)

    def observe(event: dict[str, Any], state: CamelotState) -> None:
        card = event.get("card")
        if event["type"] == "play" and card in cards and cards[card].kind == ACTION:
            actions.append((len(state.history) - 1, card, event["player"]))

    game = playout(condition["joueurs"], rng, policy=condition["politique"], observe=observe)
    s = game.state
    decided = sorted({(t, card) for t, card, p in actions
                      if 0 <= t < len(s.history) and s.history[t].get("winner") == p})
    out: dict[str, Any] = {"first_wins": s.winner == game.setup["first_player"],
                           "finished": s.phase == "over",
                           "tournaments": len(s.history),
                           "played": [card for _t, card, _p in actions],
                           "decided": [card for _t, card in decided]}
    if log:
        out["log"] = (game.setup, game.events)
    return out


def report(condition: dict[str, Any], records: list[dict[str, Any]],
           options: Options) -> list[Figure]:
    n = len(records)
    players = condition["joueurs"]
    tournaments = sum(r["tournaments"] for r in records)
    out = [rate(f"victoire du 1er joueur (équilibre : {number(1 / players, 3)})",
                sum(r["first_wins"] for r in records), n),
           mean("tournois par partie", [r["tournaments"] for r in records])]
    cat = catalogue()
    for card_id in sorted({c for c in cat.cards if cat.cards[c].kind == ACTION}):
        out.append(rate(f"{cat.name(card_id)} : décide un tournoi",
                        sum(r["decided"].count(card_id) for r in records), tournaments))
    return out
