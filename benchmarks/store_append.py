"""Appending to a long game (issue 11: the 10,000th event within 2x the 10th).

One Noé game (6 players, a target out of reach so it never ends), its events generated
legally by benchmarks/noe.py; for each position N, a game holding N-1 lines (imported), then
the append of line N timed (median of the next appends, each a real SQLite transaction). The
10th is the baseline, measured in the same run. Also printed: the first append after a restart
(the replay kept in memory is rebuilt once), a full replay of the log, which is what every
append cost before the replay was kept beside the log, and the line-by-line validation of an
imported log with undo lines (every line checked at its place) beside a full replay of it.

Run: .venv/bin/python benchmarks/store_append.py [--quick]"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from _timing import best_of, quick  # noqa: E402
from noe import long_log  # noqa: E402

from companion.core.engine import replay  # noqa: E402
from companion.core.log import effective_events  # noqa: E402
from companion.events.store import EventStore, check_log, envelope  # noqa: E402

# --quick: two positions and a few appends, the same code path (CI)
POSITIONS = (10, 500) if quick() else (10, 1_000, 10_000)
TIMED = 3 if quick() else 15  # appends timed at each position


def game_events(count: int) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    setup, raw = long_log(count * 11 // 10 + 50)
    events = effective_events(raw)[:count]  # undo lines resolved: every line a game event
    return setup, events


def main() -> None:
    setup, events = game_events(max(POSITIONS) + TIMED + 1)
    with tempfile.TemporaryDirectory() as folder:
        store = EventStore(Path(folder) / "games.sqlite3")
        codes = {n: store.import_log(envelope("noe", setup, events[:n - 1])) for n in POSITIONS}
        wall: dict[int, list[float]] = {n: [] for n in POSITIONS}
        cpu: dict[int, list[float]] = {n: [] for n in POSITIONS}
        for step in range(TIMED):  # interleaved: the shared disk's hiccups hit every position
            for n in POSITIONS:
                seq = n - 1 + step
                begin, begin_cpu = time.perf_counter(), time.process_time()
                store.append(codes[n], events[seq], seq)
                wall[n].append(time.perf_counter() - begin)
                cpu[n].append(time.process_time() - begin_cpu)
        cold = {}
        restarted = EventStore(store.path)  # the server restarted: nothing kept in memory
        for n in POSITIONS:
            seq = n - 1 + TIMED
            begin = time.perf_counter()
            restarted.append(codes[n], events[seq], seq)
            cold[n] = time.perf_counter() - begin
        full = best_of(3, lambda: replay("noe", setup, events[:max(POSITIONS)]))
    first = POSITIONS[0]
    base, base_cpu = statistics.median(wall[first]), statistics.median(cpu[first])
    print(f"ajout d'un événement à une partie de Noé (médianes de {TIMED} ajouts, chacun une "
          "transaction SQLite complète) :")
    for n in POSITIONS:
        w, c = statistics.median(wall[n]), statistics.median(cpu[n])
        ratio = "référence" if n == first else f"{w / base:.2f}x"
        print(f"  {n:>6}e événement : {w * 1000:7.2f} ms ({ratio}), dont calcul "
              f"{c * 1000:5.2f} ms ({'référence' if n == first else f'{c / base_cpu:.2f}x'})"
              f" ; premier ajout après redémarrage : {cold[n] * 1000:7.1f} ms")
    last = statistics.median(wall[POSITIONS[-1]])
    print(f"  objectif : le {POSITIONS[-1]}e en moins de 2x le {first}e → "
          f"{'atteint' if last <= 2 * base else 'MANQUÉ'} ({last / base:.2f}x)")
    print(f"  rejeu complet de {max(POSITIONS)} événements (ce que coûtait chaque ajout) : "
          f"{full * 1000:.0f} ms")
    for lines in (500,) if quick() else (2_000, 5_000):
        setup, raw = long_log(lines)
        undos = sum(1 for line in raw if line["type"] == "undo")
        check = best_of(1, lambda s=setup, r=raw: check_log("noe", s, r))
        whole = best_of(3, lambda s=setup, r=raw: replay("noe", s, r))
        print(f"validation ligne à ligne d'un journal importé de {lines} lignes dont {undos} "
              f"annulations : {check * 1000:.0f} ms (rejeu complet, référence : "
              f"{whole * 1000:.0f} ms, {check / whole:.1f}x)")


if __name__ == "__main__":
    main()
