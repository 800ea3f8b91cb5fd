"""Statistics of a night (issue 15): 30 games of the five games, 8 players with profiles.

Prints, measured in the same run:
- baseline: a bare read of the same events (one connection, the games' rows and every event,
  JSON parsed: companion.stats.storage.read_logs), best of 5;
- the night's statistics from cold (no record kept: every log read, replayed and extracted,
  then podium, per-player and per-game statistics: `night_report`), best of 5 — target < 200 ms;
- the same again on a warm store (records kept by (code, lines)), best of 5.

Run: .venv/bin/python benchmarks/stats.py [--quick]"""

from __future__ import annotations

import json
import random
import sys
import tempfile
from contextlib import closing
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from _timing import best_of, quick  # noqa: E402

from companion.events.store import EventStore, envelope  # noqa: E402
from companion.games.camelot import simulate as camelot  # noqa: E402
from companion.games.emblemes import simulate as emblemes  # noqa: E402
from companion.hosting.access import ON_SERVER  # noqa: E402
from companion.stats.report import night_report  # noqa: E402
from companion.stats.storage import StatsStore, read_logs  # noqa: E402

EXAMPLES = Path(__file__).resolve().parent.parent / "docs" / "log-examples"
PROFILES = ["Alice", "Bruno", "Chloé", "Driss", "Élise", "Farid", "Gaël", "Hana"]
TARGET_MS = 200


def noe_game(rng: random.Random, names: list[str]) -> tuple[dict[str, Any], list[Any]]:
    """A Noé match played to 400: each manche, players announce in turn until one is left."""
    worth = {"six-duron": 25, "six-senechales": 35, "plan-etare": 50, "cinq-alphas": 75,
             "complot-elysee": 100}
    totals = dict.fromkeys(names, 0)
    events: list[Any] = []
    manche = 1
    while max(totals.values()) < 400:
        left = list(names)
        rng.shuffle(left)
        while len(left) > 1:
            player = left.pop()
            announcement = rng.choice(list(worth))
            if rng.random() < 0.1:
                events.append({"type": "false_announcement", "manche": manche,
                               "player": player, "announcement": announcement})
                left.insert(0, player)
                continue
            events.append({"type": "announcement", "manche": manche, "player": player,
                           "announcement": announcement})
            totals[player] += worth[announcement]
            if announcement == "complot-elysee":
                break
        manche += 1
    return {"players": names, "level": 3, "target": 400}, events


def example(name: str) -> tuple[dict[str, Any], list[Any]]:
    log = json.loads((EXAMPLES / f"{name}.json").read_text(encoding="utf-8"))
    return log["setup"], log["events"]


def build(path: Path) -> tuple[StatsStore, int, list[str], int]:
    """The night's store, its id, its codes and its number of raw events."""
    rng = random.Random(15)
    stats = StatsStore(EventStore(path))
    profiles = [stats.create_profile(name).id for name in PROFILES]
    night = stats.create_night("Soirée de 30 parties")
    games: list[tuple[str, dict[str, Any], list[Any]]] = []
    for i in range(8):
        setup, events, _ = emblemes.playout(3 + i % 3, seed=i)
        games.append(("emblemes", setup, events))
    for i in range(8):
        played = camelot.playout(2 + i % 4, seed=i)
        setup = {**played.setup, "players": PROFILES[:len(played.setup["players"])]}
        games.append(("camelot", setup, played.events))
    for i in range(8):
        names = rng.sample(PROFILES, 3 + i % 4)
        games.append(("noe", *noe_game(rng, names)))
    for name in ("elsen-saboteur-exclu", "elsen-exemple-de-la-regle", "elsen-saboteur-exclu"):
        games.append(("elsen", *example(name)))
    for _ in range(3):
        games.append(("labystere", *example("labystere-partie")))
    codes, lines = [], 0
    for number, (game, setup, events) in enumerate(games):
        code = stats.events.import_log(envelope(game, setup, events, f"partie {number}"))
        seats = rng.sample(profiles, len(setup["players"]))
        stats.seat(code, dict(enumerate(seats)), by=ON_SERVER)
        stats.attach(night.id, code, by=ON_SERVER)
        codes.append(code)
        lines += len(events)
    return stats, night.id, codes, lines


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "night.sqlite3"
        stats, night, codes, lines = build(path)
        events = EventStore(path)

        def bare() -> None:
            with closing(stats._db.connect()) as db:
                read_logs(db, codes)

        warm_store = StatsStore(events)

        def cold() -> dict[str, Any]:
            warm_store._records.clear()  # every log read, replayed and extracted again
            return night_report(warm_store, night)

        report = night_report(warm_store, night)
        assert len(report["games"]) == 30 and not report["unreadable"]
        assert len(report["podium"]) >= 8
        runs = 1 if quick() else 5  # --quick: each figure once (CI)
        base = best_of(runs, bare)
        first = best_of(runs, cold)
        again = best_of(runs, lambda: night_report(warm_store, night))
        finished = sum(g["finished"] for g in report["games"])
        print(f"night: 30 games ({finished} finished), {len(PROFILES)} profiles, "
              f"{lines} raw events")
        print(f"baseline  bare read of the same events   {base * 1000:7.1f} ms")
        print(f"stats     night report, cold records      {first * 1000:7.1f} ms  "
              f"(target < {TARGET_MS} ms: {'ok' if first * 1000 < TARGET_MS else 'MISSED'}; "
              f"{first / base:.1f}x the bare read)")
        print(f"stats     night report, warm records      {again * 1000:7.1f} ms")


if __name__ == "__main__":
    main()
