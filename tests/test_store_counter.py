"""A tiny test-only engine ("compteur") so the store and the app shell can be tested with real
events of a real engine without waiting on the game engines. Other store/app tests import
`use_counter` from here; the tests below pin the engine's own behaviour.

Rules of the counter: players take turns in seat order; on your turn you score 1 to 5 points
or pass; the first to reach 10 wins and the game is over."""

from __future__ import annotations

from typing import Any

import pytest

import companion.core.engine
from companion.core.engine import InvalidEvent, replay
from companion.core.errors import RuleError

TARGET = 10


class CounterState:
    def __init__(self, players: list[str]) -> None:
        self.players = players
        self.scores = dict.fromkeys(players, 0)
        self.turn = 0
        self.winner: str | None = None

    def apply(self, event: dict[str, Any]) -> None:
        if self.winner is not None:
            raise RuleError("la partie est finie", "compteur › Fin")
        current = self.players[self.turn]
        if event.get("player") != current:
            raise RuleError(f"ce n'est pas le tour de {event.get('player')!r} mais de "
                            f"{current}", "compteur › Tour")
        if event["type"] == "score":
            points = event.get("points")
            if not isinstance(points, int) or not 1 <= points <= 5:
                raise RuleError("on marque de 1 à 5 points", "compteur › Points")
            self.scores[current] += points
            if self.scores[current] >= TARGET:
                self.winner = current
        elif event["type"] != "pass":
            raise RuleError(f"événement inconnu {event['type']!r}", "compteur › Événements")
        self.turn = (self.turn + 1) % len(self.players)

    def summary(self) -> dict[str, Any]:
        return {"scores": dict(self.scores), "turn": self.players[self.turn],
                "winner": self.winner, "violations": []}


class CounterEngine:
    def __init__(self, game: str) -> None:
        self.game = game

    def new_state(self, setup: dict[str, Any]) -> CounterState:
        players = setup.get("players")
        if (not isinstance(players, list) or len(players) < 2
                or not all(isinstance(p, str) and p for p in players)):
            raise RuleError("il faut au moins deux joueurs nommés", "compteur › Mise en place")
        return CounterState(players)


def use_counter(monkeypatch: pytest.MonkeyPatch, games: tuple[str, ...] = ("camelot",)) -> None:
    """Every game in `games` is played with the counter engine for this test."""
    real = companion.core.engine.engine_for

    def engine_for(game: str) -> Any:
        return CounterEngine(game) if game in games else real(game)

    monkeypatch.setattr(companion.core.engine, "engine_for", engine_for)


def score(player: str, points: int) -> dict[str, Any]:
    return {"type": "score", "player": player, "points": points}


SETUP = {"players": ["Alice", "Bruno"]}


def test_counter_engine_scores_in_turn(monkeypatch: pytest.MonkeyPatch) -> None:
    use_counter(monkeypatch)
    state = replay("camelot", SETUP, [score("Alice", 5), score("Bruno", 2), score("Alice", 5)])
    assert state.summary() == {"scores": {"Alice": 10, "Bruno": 2}, "turn": "Bruno",
                               "winner": "Alice", "violations": []}


def test_counter_engine_refuses_out_of_turn(monkeypatch: pytest.MonkeyPatch) -> None:
    use_counter(monkeypatch)
    with pytest.raises(InvalidEvent) as err:
        replay("camelot", SETUP, [score("Alice", 1), score("Alice", 1)])
    assert err.value.index == 1
    assert err.value.rule == "compteur › Tour"
