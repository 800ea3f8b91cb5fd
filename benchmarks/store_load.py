"""Load of a club or a festival (issue 17): simulated tables against SQLite with one app server
(the baseline, measured in the same run) and PostgreSQL with two and four app servers.

Each table: one host appending a legal Noé event at table pace (accelerated: one every
PACE seconds) and four viewers polling the game's sequence number every POLL seconds, as the
pages do (tableapp/table/gamepage.py › PUBLIC_REFRESH), loading the game when it moved. An
app server is a process with its own EventStore (threads for its hosts and viewers); a
table's viewers are on another server than its host, so their lag includes seeing another
server's write.
Printed per backend, servers and tables: events per second sustained (and the pace asked),
append median and 95th percentile, viewer lag (commit to seen) median and 95th percentile,
errors (target 0). On a shared 2-core machine these figures are a trend, not an absolute.

PostgreSQL is started from the distribution's binaries in a temporary folder, on loopback
(tests/pgserver.py); where it is absent its rows say why.

Run: .venv/bin/python benchmarks/store_load.py [--seconds 4] [--tables 10 50 100] [--quick]"""

from __future__ import annotations

import argparse
import multiprocessing
import random
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))
sys.path.insert(0, str(ROOT / "tests"))

from _timing import QUICK_HELP  # noqa: E402
from noe import long_log  # noqa: E402
from pgserver import PgServer, missing_reason  # noqa: E402

from companion.core.log import effective_events  # noqa: E402
from companion.events.store import EventStore  # noqa: E402

PACE = 0.5  # seconds between two events of a table (a real table: 10 to 30 s)
POLL = 1.0  # seconds between two polls of a viewer
VIEWERS = 4
SETUP, _RAW = long_log(400)
EVENTS = effective_events(_RAW)


def server(location: str, hosts: list[str], watched: list[str], seconds: float,
           results: Any) -> None:
    """One app server: its hosts append, its viewers poll; results: (appends, seen, errors)."""
    store = EventStore(location)
    appends: list[tuple[str, int, float, float]] = []  # code, line, committed at, duration
    seen: list[tuple[str, int, float]] = []  # code, line, seen at (once per viewer)
    errors: list[str] = []
    lock = threading.Lock()
    start = time.time() + 0.5
    end = start + seconds

    def host(code: str) -> None:
        seq = 0
        next_at = start + random.random() * PACE
        while True:
            time.sleep(max(0.0, next_at - time.time()))
            if time.time() >= end:
                return
            begin = time.perf_counter()
            try:
                store.append(code, EVENTS[seq % len(EVENTS)], seq)
                seq += 1
                with lock:
                    appends.append((code, seq, time.time(), time.perf_counter() - begin))
            except Exception as exc:  # noqa: BLE001  (counted, the run goes on)
                with lock:
                    errors.append(repr(exc))
            next_at += PACE

    def viewers(code: str) -> None:
        last = [0] * VIEWERS
        next_at = [start + i * POLL / VIEWERS for i in range(VIEWERS)]
        while True:
            i = min(range(VIEWERS), key=next_at.__getitem__)
            time.sleep(max(0.0, next_at[i] - time.time()))
            if time.time() >= end + 2 * POLL:  # the last writes get seen too
                return
            try:
                now_seq = store.seq(code)
                if now_seq != last[i]:
                    store.load(code)  # what the page does when the log moved
                    at = time.time()
                    with lock:
                        seen.extend((code, line, at) for line in range(last[i] + 1, now_seq + 1))
                    last[i] = now_seq
            except Exception as exc:  # noqa: BLE001
                with lock:
                    errors.append(repr(exc))
            next_at[i] += POLL

    threads = [threading.Thread(target=host, args=(c,)) for c in hosts] + [
        threading.Thread(target=viewers, args=(c,)) for c in watched]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    results.put((appends, seen, errors))


def run(location: str, servers: int, tables: int, seconds: float) -> dict[str, float]:
    store = EventStore(location)
    codes = [store.create("noe", SETUP, f"table {n + 1}") for n in range(tables)]
    context = multiprocessing.get_context("fork")
    results = context.Queue()
    processes = []
    for index in range(servers):
        hosts = [c for n, c in enumerate(codes) if n % servers == index]
        watched = [c for n, c in enumerate(codes) if (n + (servers > 1)) % servers == index]
        processes.append(context.Process(target=server, args=(location, hosts, watched,
                                                              seconds, results)))
    for process in processes:
        process.start()
    appends, seen, errors = [], [], []
    for _ in processes:
        a, s, e = results.get(timeout=seconds + 120)
        appends += a
        seen += s
        errors += e
    for process in processes:
        process.join(timeout=30)
    committed = {(code, line): at for code, line, at, _d in appends}
    lags = [at - committed[(code, line)] for code, line, at in seen if (code, line) in committed]
    durations = [d for *_rest, d in appends]
    return {
        "rate": len(appends) / seconds, "asked": tables / PACE,
        "append50": _q(durations, 50), "append95": _q(durations, 95),
        "lag50": _q(lags, 50), "lag95": _q(lags, 95),
        "errors": len(errors),
        "unseen": len(committed) * VIEWERS - len(lags),
        "first_error": errors[0] if errors else "",
    }


def _q(values: list[float], percent: int) -> float:
    if not values:
        return float("nan")
    if len(values) == 1:
        return values[0]
    return statistics.quantiles(values, n=100)[percent - 1] if percent != 50 else \
        statistics.median(values)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=float, default=4.0)
    parser.add_argument("--tables", type=int, nargs="+", default=[10, 50, 100])
    parser.add_argument("--quick", action="store_true", help=QUICK_HELP)
    args = parser.parse_args()
    if args.quick:  # one small club, a short measure of each base (CI)
        args.seconds, args.tables = 1.0, [5]
    print(f"charge d'un club : chaque table = 1 hôte (1 événement de Noé toutes les {PACE} s) "
          f"+ {VIEWERS} spectateurs (interrogation toutes les {POLL} s), {args.seconds:g} s "
          "par mesure ; serveurs = processus, spectateurs sur un autre serveur que l'hôte")
    print(f"{'base':<11}{'serv.':>5}{'tables':>7}{'év./s':>8}{'(demandé)':>10}"
          f"{'ajout méd.':>11}{'p95':>10}{'retard méd.':>12}{'p95':>8}{'erreurs':>8}")
    reason = missing_reason()
    pg = None if reason else PgServer()
    try:
        with tempfile.TemporaryDirectory() as folder:
            for tables in args.tables:
                configs: list[tuple[str, int]] = [("SQLite", 1), ("PostgreSQL", 2),
                                                  ("PostgreSQL", 4)]
                for backend, servers in configs:
                    if backend == "PostgreSQL" and pg is None:
                        print(f"{backend:<11}{servers:>5}{tables:>7}  non mesuré : {reason}")
                        continue
                    location = (str(Path(folder) / f"load-{tables}.sqlite3")
                                if backend == "SQLite"
                                else pg.database(f"load_{tables}_{servers}"))  # type: ignore[union-attr]
                    r = run(location, servers, tables, args.seconds)
                    print(f"{backend:<11}{servers:>5}{tables:>7}{r['rate']:>8.1f}"
                          f"{r['asked']:>10.0f}{r['append50'] * 1000:>9.1f}ms"
                          f"{r['append95'] * 1000:>8.1f}ms{r['lag50'] * 1000:>10.0f}ms"
                          f"{r['lag95'] * 1000:>6.0f}ms{r['errors']:>8.0f}"
                          + (f"  (1re erreur : {r['first_error'][:80]})" if r["errors"] else "")
                          + (f"  ({r['unseen']:.0f} lignes non vues)" if r["unseen"] else ""))
    finally:
        if pg is not None:
            pg.stop()
    print("référence : SQLite, un serveur, à chaque nombre de tables ; le retard comprend "
          f"l'intervalle d'interrogation ({POLL} s : médiane attendue ≈ {POLL / 2:.1f} s)")


if __name__ == "__main__":
    main()
