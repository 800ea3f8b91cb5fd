"""Noé benchmarks, each printed beside a baseline measured in the same run:

1. hand analysis (target ≥ 10,000 hands/s) vs a bare loop over the same hands doing only a
   Counter of categories;
2. replay of a 2,000-event log (target < 100 ms) vs resolving the same log without the engine;
3. server-side rerun of the scoreboard page with a 6-player, 20-manche game (target < 50 ms
   median and within 3x) vs a trivial one-widget page, both run headless by AppTest.

Run: .venv/bin/python benchmarks/noe.py [--quick]"""

from __future__ import annotations

import os
import random
import statistics
import sys
import tempfile
import time
import types
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from _timing import best_of, quick  # noqa: E402

from companion.core.engine import engine_for, replay  # noqa: E402
from companion.core.errors import RuleError  # noqa: E402
from companion.core.log import resolve  # noqa: E402
from companion.games.noe.cards import CHARACTER, JOKER, deck  # noqa: E402
from companion.games.noe.hand import analyse, analyse_cards  # noqa: E402

PLAYERS = ["Alice", "Bruno", "Chloé", "Driss", "Élise", "Farid"]
ANNOUNCEMENTS = ["complot", "six-duron", "plan-etare", "prix-pulitzer", "cinq-alphas"]
PLAN_ETARE = ["pompiers-camille", "pompiers-clara", "pompiers-etienne",
              "alphas-naomie", "senechales-rose", "espions-franck"]


# --- 1. hand analysis ---------------------------------------------------------------------------


def random_hands(count: int, seed: int = 4) -> list[list[str]]:
    """Random level-3 hands (no Attentat), plus hands built to hold an announcement, so both
    the failing and the succeeding paths are measured."""
    rng = random.Random(seed)
    cards = [c.id for c in deck().cards.values() if not c.is_attentat]
    hands = [rng.sample(cards, 6) for _ in range(count * 3 // 4)]
    by_category: dict[str, list[str]] = {}
    for c in deck().cards.values():
        if c.kind == CHARACTER:
            by_category.setdefault(c.category, []).append(c.id)
    jokers = [c.id for c in deck().cards.values() if c.kind == JOKER]
    while len(hands) < count:
        cat = rng.choice(list(by_category))
        trio = rng.sample(by_category[cat], 3)
        rest = rng.sample([c for c in cards if c not in trio], 2) + [rng.choice(jokers)]
        hand = list(dict.fromkeys(trio + rest))
        while len(hand) < 6:
            extra = rng.choice(cards)
            if extra not in hand:
                hand.append(extra)
        rng.shuffle(hand)
        hands.append(hand)
    return hands


def bench_hands(count: int = 20_000) -> None:
    count = 1_000 if quick() else count
    hands = random_hands(count)
    cards = deck().cards
    resolved = [[cards[c] for c in hand] for hand in hands]

    def baseline() -> None:
        for hand in resolved:
            Counter(c.category for c in hand)

    def analysed() -> None:
        for hand in resolved:
            analyse_cards(hand)

    def checked() -> None:
        for hand in hands:
            analyse(hand, 3)

    base = best_of(3, baseline)
    fast = best_of(3, analysed)
    full = best_of(3, checked)
    print(f"analyse de mains ({count} mains, niveau 3) :")
    print(f"  référence (Counter seul)          : {count / base:>10,.0f} mains/s")
    print(f"  analyse (cartes déjà résolues)    : {count / fast:>10,.0f} mains/s "
          f"({fast / base:.1f}x la référence)")
    print(f"  analyse + contrôle des ids        : {count / full:>10,.0f} mains/s "
          f"(objectif ≥ 10 000)")


# --- 2. replay ----------------------------------------------------------------------------------


def long_log(events: int = 2_000, seed: int = 7) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """A valid log of `events` events under the current rules: 6 players, manches of
    announcements (a third with their hand checked), false announcements, undo lines; the target
    is out of reach so it never ends. Each line is checked by the engine as the log grows (a
    state kept beside it): a checked hand the rules refuse at its place (a card already shown in
    the manche: « chaque carte est unique ») is announced unchecked instead."""
    rng = random.Random(seed)
    setup = {"players": PLAYERS, "level": 3, "target": 10**9}
    log: list[dict[str, Any]] = []
    state = engine_for("noe").new_state(setup)  # the effective lines applied as they come
    manche = 1
    while len(log) < events:
        waiting = list(PLAYERS)
        rng.shuffle(waiting)
        for player in waiting[:-1]:  # the last one is left alone: the manche ends
            if rng.random() < 0.1:
                false = {"type": "false_announcement", "manche": manche, "player": player}
                state.apply(false)
                log.append(false)
            event: dict[str, Any] = {"type": "announcement", "manche": manche, "player": player,
                                     "announcement": rng.choice(ANNOUNCEMENTS)}
            if rng.random() < 0.33:
                checked = {**event, "announcement": "plan-etare", "cards": PLAN_ETARE}
                try:  # `apply` refuses before it changes anything: the state stays as it was
                    state.apply(checked)
                    event = checked
                except RuleError:
                    state.apply(event)
            else:
                state.apply(event)
            if rng.random() < 0.05:
                log += [event, {"type": "undo"}]  # written, undone, written again
            log.append(event)
        manche += 1
    log = log[:events]  # any prefix of a valid log is valid
    replay("noe", setup, log)  # the log is valid
    return setup, log


def bench_replay() -> None:
    setup, log = long_log()
    base = best_of(10, lambda: resolve(log))
    full = best_of(10, lambda: replay("noe", setup, log))
    print(f"rejeu d'un journal de {len(log)} événements :")
    print(f"  référence (résolution seule)      : {base * 1000:8.2f} ms")
    print(f"  rejeu par le moteur Noé           : {full * 1000:8.2f} ms (objectif < 100 ms)")


# --- 3. scoreboard rerun ------------------------------------------------------------------------


def game_of_20_manches() -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """6 players, 20 finished manches under the target (the scoreboard's heaviest case)."""
    rng = random.Random(11)
    setup = {"players": PLAYERS, "level": 3, "target": 400}
    log: list[dict[str, Any]] = []
    for manche in range(1, 21):
        order = list(PLAYERS)
        rng.shuffle(order)
        for player in order[:2]:
            log.append({"type": "announcement", "manche": manche, "player": player,
                        "announcement": "complot"})
        log.append({"type": "end_manche", "manche": manche})
    log.append({"type": "announcement", "manche": 21, "player": "Alice",
                "announcement": "complot"})
    assert replay("noe", setup, log).summary()["manche"] == 21
    return setup, log


def _scoreboard_script() -> None:
    import time

    import noe_bench_timer  # type: ignore[import-not-found]

    import tableapp.pages.noe as noe

    start = time.perf_counter()
    noe.play()
    noe_bench_timer.times.append(time.perf_counter() - start)


def _trivial_script() -> None:
    import time

    import noe_bench_timer  # type: ignore[import-not-found]
    import streamlit as st

    start = time.perf_counter()
    st.button("Un bouton")
    noe_bench_timer.times.append(time.perf_counter() - start)


def bench_rerun(runs: int = 30) -> None:
    runs = 3 if quick() else runs
    from streamlit.testing.v1 import AppTest

    from companion.events.store import EventStore

    with tempfile.TemporaryDirectory() as tmp:
        os.environ["COMPANION_DB"] = str(Path(tmp) / "bench.sqlite3")
        setup, log = game_of_20_manches()
        store = EventStore(os.environ["COMPANION_DB"])
        code = store.create("noe", setup)
        for seq, event in enumerate(log):
            store.append(code, event, seq)

        timer = types.ModuleType("noe_bench_timer")
        sys.modules["noe_bench_timer"] = timer
        timer.times = []
        apps = {"trivial": AppTest.from_function(_trivial_script, default_timeout=60),
                "board": AppTest.from_function(_scoreboard_script, default_timeout=60)}
        apps["board"].query_params["code"] = code
        inside: dict[str, list[float]] = {name: [] for name in apps}
        whole: dict[str, list[float]] = {name: [] for name in apps}
        for at in apps.values():  # warm-up: imports, caches
            at.run()
            assert not at.exception, at.exception
        for _ in range(runs):  # alternate, so both see the same load of the shared machine
            for name, at in apps.items():
                timer.times = []
                start = time.perf_counter()
                at.run()
                whole[name].append(time.perf_counter() - start)
                inside[name] += timer.times
        trivial, board = (statistics.median(inside[n]) for n in ("trivial", "board"))
        trivial_whole, board_whole = (statistics.median(whole[n]) for n in ("trivial", "board"))
    print(f"relance serveur de la page (médiane de {runs}, script seul / run AppTest entier) :")
    print(f"  page triviale (1 bouton)          : {trivial * 1000:8.2f} ms / "
          f"{trivial_whole * 1000:6.2f} ms")
    print(f"  tableau des scores 6 j. × 20 m.   : {board * 1000:8.2f} ms / "
          f"{board_whole * 1000:6.2f} ms (objectif < 50 ms)")
    print(f"  rapport (runs AppTest entiers)    : {board_whole / trivial_whole:8.1f}x "
          "(objectif ≤ 3x)")


if __name__ == "__main__":
    bench_hands()
    bench_replay()
    bench_rerun()
