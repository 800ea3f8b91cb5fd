"""Every coin movement with its cause. Coins come from the bank (rewards, effects) or pass from
one player to another (steals); nothing else changes a purse."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from companion.games.emblemes.cards import Card

RULE_NO_DEBT = "registre EMB-1"


def coins_word(n: int) -> str:
    return f"{n} pièce{'s' if abs(n) > 1 else ''}"


@dataclass(frozen=True)
class Movement:
    """One change of one purse. `amount` may be 0 (a reward of 0, a steal from an empty purse):
    it is kept so the explanation says why nothing moved."""

    player: str
    amount: int
    cause: str
    rule: str = ""
    place: str | None = None
    card: Card | None = None

    def as_json(self) -> dict[str, Any]:
        """The CLI's shape: player, amount, cause."""
        return {"player": self.player, "amount": self.amount, "cause": self.cause}

    def as_detail(self) -> dict[str, Any]:
        out = self.as_json()
        out.update(rule=self.rule, place=self.place,
                   card=None if self.card is None else self.card.as_json())
        return out


class Ledger:
    """The purses and the movements written so far (callers copy the dict they pass in)."""

    def __init__(self, coins: dict[str, int]) -> None:
        self.coins = coins
        self.movements: list[Movement] = []

    def gain(self, player: str, amount: int, cause: str, rule: str,
             place: str | None = None, card: Card | None = None) -> None:
        """A bank payment (amount >= 0) or a loss to the bank (amount < 0).

        EMB-1: a purse never goes below 0; a loss larger than the purse takes what is there."""
        if amount < 0 and -amount > self.coins[player]:
            have = self.coins[player]
            cause = f"{cause} (n'avait que {coins_word(have)})"
            amount = -have
        self.coins[player] += amount
        self.movements.append(Movement(player, amount, cause, rule, place, card))

    def transfer(self, thief: str, victim: str, amount: int, cause: str, rule: str,
                 place: str | None = None, card: Card | None = None) -> int:
        """`thief` takes `amount` from `victim`; EMB-1: at most what the victim has."""
        taken = min(amount, self.coins[victim])
        short = "" if taken == amount else f" (n'avait que {coins_word(taken)})"
        self.coins[victim] -= taken
        self.coins[thief] += taken
        self.movements.append(Movement(victim, -taken, f"{cause} : volé par {thief}{short}",
                                       rule, place, card))
        self.movements.append(Movement(thief, taken, f"{cause} : pris à {victim}{short}",
                                       rule, place, card))
        return taken
