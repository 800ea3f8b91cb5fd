"""Camelot: random legal playouts in simulation mode (issue 6 asks for >= 200 complete games per
second with every invariant checked after every event).

Prints, measured in the same run:
- baseline 1: a bare shuffle-and-deal loop (the floor any playout pays);
- baseline 2: the same playouts without invariant checks;
- the playouts with invariants.check after every event.

Usage: .venv/bin/python benchmarks/camelot.py [--games N] [--quick]
"""

from __future__ import annotations

import argparse
import random
import time

from _timing import QUICK_HELP

from companion.games.camelot.cards import catalogue
from companion.games.camelot.engine import CamelotState
from companion.games.camelot.invariants import check
from companion.games.camelot.simulate import KNIGHTS, playout

TARGET = 200.0


def bare_deal(players: int, seed: int) -> None:
    rng = random.Random(seed)
    deck = list(catalogue().deck)
    rng.shuffle(deck)
    s = CamelotState({"players": KNIGHTS[:players], "mode": "simulation"})
    s.apply({"type": "deal", "order": deck})


def measure(label: str, games: int, run: object) -> float:
    events = 0
    start = time.perf_counter()
    for i in range(games):
        result = run(2 + i % 4, i)  # type: ignore[operator]
        if result is not None:
            events += len(result.events)
            assert result.state.phase == "over", f"partie {i} inachevée"
    elapsed = time.perf_counter() - start
    rate = games / elapsed
    extra = f", {events / elapsed:,.0f} événements/s".replace(",", " ") if events else ""
    print(f"{label:<44} {rate:8.0f} parties/s ({elapsed:.2f} s{extra})")
    return rate


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--quick", action="store_true", help=QUICK_HELP)
    args = parser.parse_args()
    if args.quick:
        args.games = 20
    catalogue()  # load the data once, outside the timings
    print(f"Camelot — {args.games} parties aléatoires, 2 à 5 joueurs en alternance")
    measure("référence : mélange + donne seuls", args.games, bare_deal)
    measure("référence : parties sans invariants", args.games, lambda n, s: playout(n, s))
    rate = measure("parties, invariants après chaque événement", args.games,
                   lambda n, s: playout(n, s, check=check))
    verdict = "atteint" if rate >= TARGET else "NON atteint"
    print(f"objectif {TARGET:.0f} parties/s avec invariants : {verdict}")


if __name__ == "__main__":
    main()
