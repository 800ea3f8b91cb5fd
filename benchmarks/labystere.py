"""Labystère benchmarks, each printed beside a baseline measured in the same run:

1. setup generation (registre LAB-2: constructive, fixed work) vs naive rejection sampling
   (shuffle the 25 face-down cards until the spreading rule holds), with its number of tries;
2. replay of a 2,000-event legal game (rules version 2: pawns, paths, cards) vs resolving the
   same log without the engine, and vs the version-1 turn keeper replaying a log of the same
   length (what tracking the maze costs);
3. one summary (what every tap of the page asks: the board and the legal destinations) after a
   doubled roll of 6 (12 steps, the longest walk) vs the version-1 summary;
4. a new game's set-up, `new_state` (what the balance lab pays per game, issue 16), and the
   `generate` inside it, vs the floor: the seed's generator and the same random draws alone.
   CPU time (process_time): the machine's cores are shared.

Run: .venv/bin/python benchmarks/labystere.py [--quick]"""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from _timing import best_of, quick  # noqa: E402

from companion.core.engine import replay  # noqa: E402
from companion.core.loader import load_game  # noqa: E402
from companion.core.log import resolve  # noqa: E402
from companion.games.labystere.engine import ENGINE, engine_for_version  # noqa: E402
from companion.games.labystere.setup import card_kinds, deal_of, generate  # noqa: E402

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
    count = 30 if quick() else 300
    ours = best_of(3, lambda: [generate(s) for s in range(count)]) / count
    tries: list[int] = []
    naive = best_of(1, lambda: tries.extend(rejection(s, list(cards), kinds)
                                            for s in range(count))) / count
    print(f"setup: generate {ours * 1e3:.2f} ms/layout (fixed work) | baseline rejection "
          f"{naive * 1e3:.2f} ms/layout, {statistics.mean(tries):.0f} tries on average, "
          f"up to {max(tries)}")


SETUP = {"players": ["Léa", "Tom", "Inès", "Noé"], "colours": ["rouge", "bleu", "vert", "jaune"],
         "seed": 7}


def legal_game(length: int) -> list[dict[str, Any]]:
    """A random legal game of rules version 2 (never declaring, so it lasts)."""
    state = ENGINE.new_state(SETUP)
    rng = random.Random(3)
    events: list[dict[str, Any]] = []
    while len(events) < length:
        event = rng.choice([e for e in state.legal_events() if e["type"] != "declare"])
        state.apply(event)
        events.append(event)
    return events


def v1_log(length: int) -> list[dict[str, Any]]:
    rng = random.Random(3)
    events: list[dict[str, Any]] = []
    while len(events) < length:
        events.append({"type": "roll", "value": rng.randint(1, 6), "source": "app"})
        card = rng.choice(["pas-d-action", "lancer-double", "rejoue", None])
        if card:
            events.append({"type": "card", "card": card})
        if card == "rejoue":
            events.append({"type": "roll", "value": rng.randint(1, 6), "source": "app"})
        events.append({"type": "end_turn"})
    return events


def replay_v1(events: list[dict[str, Any]]) -> None:
    state = engine_for_version(1).new_state(SETUP)
    for event in events:
        state.apply(event)


def bench_replay() -> None:
    events = legal_game(2000)
    old = v1_log(2000)
    ours = best_of(5, lambda: replay("labystere", SETUP, events))
    base = best_of(5, lambda: resolve(events))
    v1 = best_of(5, lambda: replay_v1(old))
    print(f"replay of {len(events)} events: {ours * 1e3:.1f} ms | baselines: resolve only "
          f"{base * 1e3:.1f} ms, version-1 engine on {len(old)} events {v1 * 1e3:.1f} ms")


def bench_summary() -> None:
    state = ENGINE.new_state(SETUP)
    state.double_pending[0] = True
    state.apply({"type": "roll", "value": 6})
    old = engine_for_version(1).new_state(SETUP)
    old.apply({"type": "roll", "value": 6})
    ours = best_of(50, state.summary)
    v1 = best_of(50, old.summary)
    print(f"summary after a doubled 6 ({len(state.summary()['moves'])} destinations in 12 "
          f"steps): {ours * 1e3:.2f} ms | baseline version-1 summary {v1 * 1e3:.3f} ms")


def cpu_per_call(fn: Any, count: int = 2000, runs: int = 5) -> float:
    """Best CPU time of one call of `fn(seed)`, seeds 0..count-1, over `runs` runs (µs)."""
    best = float("inf")
    if quick():  # --quick: the same calls, a few of them (CI)
        count, runs = 100, 1
    for run in range(runs):
        start = time.process_time()
        for seed in range(count):
            fn(seed * 7919 + run)
        best = min(best, time.process_time() - start)
    return best / count * 1e6


def bench_new_state() -> None:
    data = load_game("labystere")
    deal = deal_of(data)
    decks = [deal.suspects, [*deal.flags, *deal.suspects[1:]], deal.plain_actions, deal.places,
             deal.plain_paths]
    covered = len(deal.places) + len(deal.witnesses) + len(deal.plain_paths)
    setup = {"players": ["Léa", "Tom", "Inès"], "colours": ["rouge", "bleu", "vert"]}

    def draws_alone(seed: int) -> None:
        rng = random.Random(seed)
        for deck in decks:
            rng.shuffle(list(deck))
        rng.randrange(deal.weights[-1])
        for _ in range(covered):
            rng.randrange(4)

    ours = cpu_per_call(lambda seed: ENGINE.new_state({**setup, "seed": seed}))
    inner = cpu_per_call(lambda seed: generate(seed, data))
    floor = cpu_per_call(draws_alone)
    print(f"new game (3 players): new_state {ours:.1f} µs CPU, generate {inner:.1f} µs of it | "
          f"baseline: the seed's generator and its draws through random's methods alone "
          f"{floor:.1f} µs")


if __name__ == "__main__":
    bench_setup()
    bench_replay()
    bench_summary()
    bench_new_state()
