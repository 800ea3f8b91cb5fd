"""The data schema of « Pile ou face » (step 1 of docs/adding-a-game.md)."""

from __future__ import annotations

from typing import Literal

from companion.core.model import Component
from companion.core.schema import GameData, Positive, Strict, expect, expect_unique


class Side(Strict):
    id: str
    name: str
    copies: Positive


class PileOuFaceData(GameData):
    game: Literal["pileouface"]
    target: Positive  # right calls to win
    sides: list[Side]

    def check(self) -> None:
        expect_unique([s.id for s in self.sides], "sides")
        expect(len(self.sides) == 2, "sides", "deux côtés")

    def components(self, level: int | None = None, players: int | None = None,
                   ) -> list[Component]:
        return [Component(s.id, s.name, "card", s.copies, "cartes") for s in self.sides]
