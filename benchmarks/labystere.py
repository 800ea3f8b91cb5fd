"""Labystère benchmarks, each printed beside a baseline measured in the same run:

1. setup generation (registre LAB-2: constructive, fixed work) vs naive rejection sampling
   (shuffle the 25 face-down cards until the spreading rule holds), with its number of tries;
2. replay of a 2,000-event log vs resolving the same log without the engine.

Run: .venv/bin/python benchmarks/labystere.py"""

from __future__ import annotations

import random
import statistics
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from _timing import best_of  # noqa: E402

from companion.engine import replay  # noqa: E402
from companion.games.labystere.setup import card_kinds, generate  # noqa: E402
from companion.loader import load_game  # noqa: E402
from companion.log import resolve  # noqa: E402

SPECIAL = {"depart", "arrivee", "drapeau", "suspect"}


def rejection(seed: int, cards: list[str], kinds: dict[str, str]) -> int:
    """The naive way: shuffle until no two special cards touch and Départ-Arrivée ≥ 4; tries."""
    rng = random.Random(seed)
    tries = 0
    while True:
        tries += 1
        rng.shuffle(cards)
        grid = {(i // 5, i % 5): kinds[c] for i, c in enumerate(cards)}
        special = {p for p, k in grid.items() if k in SPECIAL}
        if any((r + 1, c) in special or (r, c + 1) in special for r, c in special):
            continue
        start = next(p for p, k in grid.items() if k == "depart")
        finish = next(p for p, k in grid.items() if k == "arrivee")
        if abs(start[0] - finish[0]) + abs(start[1] - finish[1]) >= 4:
            return tries


def bench_setup() -> None:
    data = load_game("labystere")
    kinds = card_kinds()
    cards = [c.id for c in data.components() if c.group in ("actions", "suspects")
             for _ in range(c.copies)][:-1]  # one suspect set aside: 25 cards
    count = 300
    ours = best_of(3, lambda: [generate(s) for s in range(count)]) / count
    tries: list[int] = []
    naive = best_of(1, lambda: tries.extend(rejection(s, list(cards), kinds)
                                            for s in range(count))) / count
    print(f"setup: generate {ours * 1e3:.2f} ms/layout (fixed work) | baseline rejection "
          f"{naive * 1e3:.2f} ms/layout, {statistics.mean(tries):.0f} tries on average, "
          f"up to {max(tries)}")


def bench_replay() -> None:
    setup = {"players": ["Léa", "Tom", "Inès", "Noé"],
             "colours": ["rouge", "bleu", "vert", "jaune"], "seed": 7}
    rng = random.Random(3)
    events: list[dict[str, Any]] = []
    while len(events) < 2000:
        events.append({"type": "roll", "value": rng.randint(1, 6), "source": "app"})
        card = rng.choice(["pas-d-action", "lancer-double", "rejoue", None])
        if card:
            events.append({"type": "card", "card": card})
        if card == "rejoue":
            events.append({"type": "roll", "value": rng.randint(1, 6), "source": "app"})
        events.append({"type": "end_turn"})
    ours = best_of(5, lambda: replay("labystere", setup, events))
    base = best_of(5, lambda: resolve(events))
    print(f"replay of {len(events)} events: {ours * 1e3:.1f} ms | baseline resolve only "
          f"{base * 1e3:.1f} ms")


if __name__ == "__main__":
    bench_setup()
    bench_replay()
