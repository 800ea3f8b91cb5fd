"""Emblèmes: scoring one end of round (target < 1 ms) and the game page's rerun with a full
game (target < 50 ms median), each beside a baseline measured in the same run.

Run: `.venv/bin/python benchmarks/emblemes.py [--quick]`
"""

from __future__ import annotations

import os
import statistics
import sys
import tempfile
import time
import timeit
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))  # benchmarks/ is not a package
from _timing import quick  # noqa: E402
from app_rerun import ROOT, app_for, compare  # noqa: E402

# the checkout first, ahead of benchmarks/ itself: benchmarks/print_pdfs.py must not shadow
# the print_kit package the app's pages import
sys.path.insert(0, str(ROOT))

from companion.games.emblemes.cards import Card  # noqa: E402
from companion.games.emblemes.data import Reward  # noqa: E402
from companion.games.emblemes.scoring import PlaceInput, score_round  # noqa: E402
from companion.games.emblemes.simulate import playout  # noqa: E402

SCORE_TARGET_MS = 1.0
PAGE_TARGET_MS = 50.0
PLAYERS = ["rouge", "bleu", "vert", "jaune", "violet"]


def busy_table() -> dict[str, PlaceInput]:
    """A crowded 5-player end of round with every end-of-round effect and reward kind."""
    return {
        "chateau": PlaceInput([Reward(fixed=5), Reward(fixed=4), Reward(fixed=2), Reward(fixed=1)],
                              [Card("rouge", 14), Card("bleu", 14), Card("vert", 12),
                               Card("jaune", 7), Card("violet", 6), Card("rouge", 3),
                               Card("bleu", 2)]),
        "village": PlaceInput([Reward(per_card=True), Reward(fixed=2), Reward(steal=1),
                               Reward(fixed=-1)],
                              [Card("jaune", 13), Card("violet", 11), Card("vert", 7),
                               Card("bleu", 6), Card("rouge", 5), Card("vert", 3)]),
        "port": PlaceInput([Reward(half_value=True), Reward(steal=1), Reward(fixed=1),
                            Reward(fixed=-1)],
                           [Card("violet", 15), Card("rouge", 9), Card("jaune", 6),
                            Card("bleu", 3), Card("vert", 2), Card("violet", 2)]),
    }


def per_call_ms(func: object, number: int = 2000, repeat: int = 7) -> float:
    if quick():  # --quick: the same calls, a few times (CI)
        number, repeat = 20, 2
    times = timeit.repeat(func, number=number, repeat=repeat)  # type: ignore[arg-type]
    return statistics.median(times) / number * 1000


def bench_scoring() -> None:
    places = busy_table()
    coins = dict.fromkeys(PLAYERS, 6)
    cards = sum(len(p.cards) for p in places.values())
    base = per_call_ms(lambda: {p: c + 1 for p, c in coins.items()})
    score = per_call_ms(lambda: score_round(PLAYERS, coins, places))
    print(f"{'référence : copie des bourses':<44} {base:8.4f} ms")
    verdict = "atteint" if score < SCORE_TARGET_MS else "NON atteint"
    print(f"{f'décompte d’une fin de manche ({cards} cartes)':<44} {score:8.4f} ms  "
          f"(objectif < {SCORE_TARGET_MS:g} ms : {verdict})")


def game_page() -> None:
    from tableapp.pages.emblemes import render

    render()


def bench_page() -> None:
    from companion.events.store import EventStore

    setup, events, _state = playout(5, seed=7)
    store = EventStore()
    code = store.create("emblemes", setup)
    for seq, event in enumerate(events):
        store.append(code, event, seq)
    # a game in its last turn shows the reveal form and the counts of two rounds
    live_setup, live_events, _ = playout(5, seed=8)
    live = store.create("emblemes", live_setup)
    for seq, event in enumerate(live_events[:-2]):
        store.append(live, event, seq)
    medians = compare({
        f"page Emblèmes, partie finie ({len(events)} évén.)": app_for(game_page, {"code": code}),
        f"page Emblèmes, dernier tour ({len(live_events) - 2} évén.)":
            app_for(game_page, {"code": live}),
    })
    worst = max(v for k, v in medians.items() if k.startswith("page Emblèmes"))
    print(f"objectif < {PAGE_TARGET_MS:g} ms (médiane) : "
          f"{'atteint' if worst < PAGE_TARGET_MS else 'NON atteint'}")
    start = time.perf_counter()
    store.clear_cache()
    store.load(code)
    print(f"{'rejeu complet de la partie (EventStore.load)':<44} "
          f"{(time.perf_counter() - start) * 1000:8.2f} ms")


def main() -> None:
    os.environ.setdefault("COMPANION_DB", str(Path(tempfile.mkdtemp()) / "bench.sqlite3"))
    print("Emblèmes — décompte d'une fin de manche")
    bench_scoring()
    print("Emblèmes — relance de la page (serveur)")
    bench_page()


if __name__ == "__main__":
    main()
