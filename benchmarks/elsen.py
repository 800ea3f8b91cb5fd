"""ELSEN's rule checker: the matching (augmenting paths) against the baseline of trying every
assignment of the shuffled cards to the members, on the same random teams, measured now.

    .venv/bin/python benchmarks/elsen.py [--quick]
"""

from __future__ import annotations

import itertools
import random
import time

from _timing import quick

from companion.games.elsen.checker import Member, can_play, check_cards
from companion.games.elsen.setup import elsen_data

DATA = elsen_data()
ROLES = [r.id for r in DATA.roles]
CARDS = [c.id for c in DATA.action_cards]


def brute_force(team: list[Member], cards: list[str]) -> int:
    specs = [DATA.action_card(c) for c in cards]
    return max(sum(can_play(specs[j], m) for m, j in zip(team, order, strict=True))
               for order in itertools.permutations(range(len(cards))))


def cases(size: int, count: int, seed: int = 7) -> list[tuple[list[Member], list[str]]]:
    rnd = random.Random(seed)
    return [([Member(f"P{i}", rnd.choice(ROLES), rnd.random() < 0.7) for i in range(size)],
             [rnd.choice(CARDS) for _ in range(size)]) for _ in range(count)]


def timed(label: str, run: object, work: list[tuple[list[Member], list[str]]]) -> float:
    start = time.perf_counter()
    for team, cards in work:
        run(team, cards)  # type: ignore[operator]
    per_case = (time.perf_counter() - start) / len(work) * 1000
    print(f"{label:<44} {per_case:10.3f} ms / mission")
    return per_case


def main() -> None:
    small = quick()  # --quick: a few missions of each size, the same code path
    for size, count in ((5, 10 if small else 200), (7, 2 if small else 20)):
        work = cases(size, count)
        base = timed(f"baseline: every assignment, {size} members", brute_force, work)
        fast = timed(f"matching (check_cards), {size} members",
                     lambda t, c: check_cards(DATA, t, c), work)
        print(f"{'':<44} ×{base / fast:,.0f} faster")
    timed("matching (check_cards), 15 members (no baseline: 15! orders)",
          lambda t, c: check_cards(DATA, t, c), cases(15, 10 if small else 200))


if __name__ == "__main__":
    main()
