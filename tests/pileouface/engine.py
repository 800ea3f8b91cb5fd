"""The engine of « Pile ou face » (step 2): each player in turn calls a side, the coin falls;
a right call scores; the first to the data's `target` wins.

Setup: {"players": [2 to 4 distinct names]}. Event: {"type": "toss", "call": side id,
"result": side id}, by the player whose turn it is."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from companion.core.errors import RuleError
from companion.core.loader import load_game
from pileouface.data import PileOuFaceData


def _data() -> PileOuFaceData:
    data = load_game("pileouface")
    assert isinstance(data, PileOuFaceData)
    return data


@dataclass
class PileOuFaceState:
    players: list[str]
    target: int
    sides: tuple[str, ...]
    turn: int = 0
    scores: dict[str, int] = field(default_factory=dict)
    winner: str | None = None

    def apply(self, event: dict[str, Any]) -> None:
        # every check before any change: a refused event leaves no trace
        if not isinstance(event, dict) or event.get("type") != "toss":
            raise RuleError("seul un lancer (« toss ») se joue", "pile ou face")
        if self.winner is not None:
            raise RuleError("la partie est finie", "pile ou face")
        call, result = event.get("call"), event.get("result")
        if not isinstance(call, str) or call not in self.sides:
            raise RuleError("l'annonce doit être pile ou face", "pile ou face")
        if not isinstance(result, str) or result not in self.sides:
            raise RuleError("la pièce tombe sur pile ou sur face", "pile ou face")
        player = self.players[self.turn % len(self.players)]
        if call == result:
            self.scores[player] += 1
            if self.scores[player] >= self.target:
                self.winner = player
        self.turn += 1

    def summary(self) -> dict[str, Any]:
        return {"players": list(self.players), "turn": self.turn, "violations": [],
                "scores": dict(self.scores), "winner": self.winner}


class PileOuFaceEngine:
    game = "pileouface"

    def new_state(self, setup: dict[str, Any]) -> PileOuFaceState:
        data = _data()
        players = setup.get("players") if isinstance(setup, dict) else None
        if (not isinstance(players, list) or not all(isinstance(p, str) and p for p in players)
                or len(set(players)) != len(players)
                or not data.players.min <= len(players) <= data.players.max):
            raise RuleError(f"de {data.players.min} à {data.players.max} joueurs aux noms "
                            "distincts", "pile ou face")
        return PileOuFaceState(list(players), data.target, tuple(s.id for s in data.sides),
                               scores=dict.fromkeys(players, 0))


ENGINE = PileOuFaceEngine()
