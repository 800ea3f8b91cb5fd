"""A room of phones on one server (issue 23): protocol-level phones (tests/streamclient.py, a
websocket client speaking Streamlit's messages as the browser's frontend does) on games' public
views, against one app server started here (make app's settings, its own database, a loopback
port). For each scenario it prints: server CPU per idle phone (ms of CPU per wall second),
update lag after a write (median and p95, from the commit of a line by another process to the
new count of events on each follower's screen), time for a new phone to be ready (opened to
its first full run finished, while the others are connected), memory per phone (RSS growth
over the connected phones) and the host's tap (a rerun of the host's live view, as a tap in it
sends, timed to its end) while the writes go on.

Beside, in the same run:
  * a do-nothing page (one line, no fragment, no timer) served the same way: the floor of an
    idle connected session, its opening time and memory;
  * the same app with push off (COMPANION_PUSH=0): the screens poll as before (0.5 s).

Scenarios: 50, 200 and 500 phones, 5 per game; 100 phones on one game; the ceiling at twice
its size (COMPANION_MAX_SESSIONS=N, 2N phones arriving): admitted phones lose no update, the
others are told the table is full, the host's taps and /_stcore/health still answer, and once
the crowd left a new phone is in within 10 s; memory after everyone left.

Run: `.venv/bin/python benchmarks/phones.py [--levels 50 200 500] [--one-game 100]
[--ceiling 100] [--quick]` (--quick: 20 phones, every scenario at once with sessions kept
2 s, for a check: its figures share the machine). Loopback only;
every loop is bounded in count and time. Targets: idle phone ≤ 0.5 ms/s of CPU; 500 phones
over 100 games with lag p95 ≤ 1 s and host tap ≤ 300 ms; 100 phones on one game lag p95
≤ 1 s. The app server it starts and the /proc readings of it are benchmarks/_serving.py's.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))
# serving.py, its sibling, whichever folder it is run from; last, so that benchmarks/print_pdfs.py
# does not hide the print_kit package
sys.path.append(str(ROOT / "benchmarks"))

from _serving import Server, cpu_seconds, health, load, rss_mib  # noqa: E402
from streamclient import Phone, now  # noqa: E402

from companion.core.text import counted  # noqa: E402
from companion.events.store import EventStore  # noqa: E402
from companion.hosting.access import HOST, Access  # noqa: E402

PLAYERS = ["Alice", "Bruno", "Chloé"]
NOTHING = 'import streamlit as st\nst.write("Rien à suivre.")\n'


# --- the games written, the figures formatted ---------------------------------------------


def new_game(store: EventStore) -> str:
    return store.create("noe", {"players": PLAYERS, "target": 100_000})


def announce(store: EventStore, code: str) -> str:
    """The next announcement of whoever's turn it is, written by this process (not the
    server's); returns the followers' new caption text."""
    state = store.load(code).state.summary()
    seq = store.seq(code)
    store.append(code, {"type": "announcement", "manche": state["manche"],
                        "player": state["turn"] or PLAYERS[0], "announcement": "complot"}, seq)
    return f"{counted(seq + 1, 'événement')} ·"


def pct(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def ms(value: float) -> str:
    return "—" if value != value else f"{value * 1000:.0f}"


# --- the crowd -----------------------------------------------------------------------------


async def open_phones(port: int, queries: list[dict[str, str]], start: int = 0,
                      batch: int = 10, page: str = "noe") -> list[Phone]:
    """Phones opened `batch` at a time (a room filling up), each waited until ready."""
    phones: list[Phone] = []
    deadline = now() + 300
    for i in range(0, len(queries), batch):
        chunk = [Phone(port, page, q, start + i + k) for k, q in enumerate(queries[i:i + batch])]
        await asyncio.gather(*(p.open(timeout=120) for p in chunk))
        phones.extend(chunk)
        if now() > deadline:
            break
    return phones


async def close_all(phones: list[Phone]) -> None:
    for i in range(0, len(phones), 50):
        await asyncio.gather(*(p.close() for p in phones[i:i + 50]))


async def idle_cpu(pid: int, seconds: float) -> float:
    c0, t0 = cpu_seconds(pid), now()
    await asyncio.sleep(seconds)
    return (cpu_seconds(pid) - c0) / (now() - t0)


async def lags(pid: int, store: EventStore, followers: dict[str, list[Phone]], writes: int,
               gap: float,
               host: Phone | None = None, host_fragment: str | None = None,
               timeout: float = 20.0) -> dict[str, Any]:
    """`writes` writes, round robin over the followed games, `gap` seconds apart; each
    follower's lag; the host's taps in between."""
    seen: list[float] = []
    missed = 0
    taps: list[float] = []
    codes = [c for c, phones in followers.items() if phones]
    busy = 0.0  # server CPU seconds from each write until its followers all had it
    for i in range(writes):
        code = codes[i % len(codes)]
        phones = [p for p in followers[code] if p.error is None]
        await asyncio.sleep(gap)
        c0 = cpu_seconds(pid)
        marker = announce(store, code)
        t0 = now()
        waits = [p.expect(marker) for p in phones]
        tap = (asyncio.create_task(host.rerun_fragment(host_fragment))
               if host is not None and host_fragment else None)
        done, pending = await asyncio.wait(waits, timeout=timeout) if waits else (set(), set())
        busy += cpu_seconds(pid) - c0
        for future in pending:
            future.cancel()
        seen.extend(f.result() - t0 for f in done)
        missed += len(pending)
        if tap is not None:
            try:
                taps.append(await tap)
            except Exception:  # noqa: BLE001  (a tap that never finished: counted as lost)
                taps.append(float("inf"))
    return {"lag_median": pct(seen, 0.5), "lag_p95": pct(seen, 0.95), "updates": len(seen),
            "cpu_per_update_ms": 1000 * busy / max(len(seen), 1),
            "missed": missed, "tap_median": pct(taps, 0.5), "tap_max": max(taps or [
                float("nan")])}


# --- scenarios -----------------------------------------------------------------------------


async def scenario(label: str, n: int, per_game: int, args: argparse.Namespace,
                   env: dict[str, str] | None = None, script: Path | None = None
                   ) -> dict[str, Any]:
    """`n` phones on a server (`per_game` to a game, 0: all on one game)."""
    tmp = Path(tempfile.mkdtemp(prefix="phones-"))
    db = tmp / "games.sqlite3"
    store = EventStore(db)
    games = max(1, n // per_game) if per_game else 1
    codes = [new_game(store) for _ in range(games)]
    token, _grant = Access(db).issue(codes[0], HOST)
    server = await asyncio.to_thread(  # started in a thread: --quick runs scenarios at once
        Server, script or ROOT / "streamlit_app.py", db,
        {"COMPANION_MAX_SESSIONS": "100000", **(env or {})}, args.session_ttl)
    row: dict[str, Any] = {"scenario": label, "phones": n, "games": games}
    nothing = script is not None
    try:
        warm = await open_phones(server.port, [{"code": codes[0], "view": "public"}])
        await asyncio.sleep(1)
        await close_all(warm)
        await asyncio.sleep(2)
        rss0 = rss_mib(server.pid)
        queries = [{"code": codes[(i // per_game) % games if per_game else 0], "view": "public"}
                   for i in range(n)]
        phones = await open_phones(server.port, queries, batch=args.batch)
        ready = [p.open_to_ready for p in phones if p.open_to_ready is not None]
        row["errors"] = sum(p.error is not None for p in phones)
        await asyncio.sleep(args.settle)
        row["idle_cpu_ms_per_phone_s"] = 1000 * await idle_cpu(server.pid, args.window) / n
        row["rss_per_phone_mib"] = (rss_mib(server.pid) - rss0) / n
        row["open_ready_median"] = pct(ready, 0.5)
        host = fragment = None
        if not nothing:
            host = Phone(server.port, "noe", {"code": codes[0], "host": token}, -1)
            await host.open()
            fragment = host.fragment_of(f"Partie {codes[0]}")
            followers: dict[str, list[Phone]] = {}
            for phone, query in zip(phones, queries, strict=True):
                followers.setdefault(query["code"], []).append(phone)
            row.update(await lags(server.pid, store, followers, args.writes, args.gap, host,
                                  fragment))
        probes = await open_phones(server.port, [{"code": codes[0], "view": "public"}] * 5,
                                   start=10_000, batch=5)
        row["new_phone_ready_median"] = pct(
            [p.open_to_ready for p in probes if p.open_to_ready is not None], 0.5)
        await close_all([*phones, *probes, *([host] if host else [])])
        row["load"] = load()
    finally:
        server.stop()
    return row


async def ceiling_test(size: int, args: argparse.Namespace) -> dict[str, Any]:
    """COMPANION_MAX_SESSIONS=size, 2×size phones over size/5 games; writes to every game."""
    tmp = Path(tempfile.mkdtemp(prefix="phones-ceiling-"))
    db = tmp / "games.sqlite3"
    store = EventStore(db)
    games = max(1, size // 5)
    codes = [new_game(store) for _ in range(games)]
    token, _grant = Access(db).issue(codes[0], HOST)
    server = await asyncio.to_thread(Server, ROOT / "streamlit_app.py", db,
                                     {"COMPANION_MAX_SESSIONS": str(size)}, args.session_ttl)
    row: dict[str, Any] = {"scenario": f"ceiling {size}, {2 * size} phones arriving"}
    try:
        warm = await open_phones(server.port, [{"code": codes[0], "view": "public"}])
        await asyncio.sleep(1)
        await close_all(warm)
        await asyncio.sleep(server.session_ttl + 2)  # past the TTL: the warm-up phone is gone
        rss0 = rss_mib(server.pid)
        host = Phone(server.port, "noe", {"code": codes[0], "host": token}, -1)
        await host.open()
        fragment = host.fragment_of(f"Partie {codes[0]}")
        queries = [{"code": codes[i % games], "view": "public"} for i in range(2 * size)]
        phones = await open_phones(server.port, queries, batch=args.batch)
        admitted = [p for p in phones if p.error is None and p.saw("événement")]
        refused = [p for p in phones if p.error is None and p.saw("La table est pleine")]
        row.update(admitted=len(admitted), refused_told=len(refused),
                   neither=len(phones) - len(admitted) - len(refused))
        checks = [health(server.url) for _ in range(5)]
        row["health_max"] = max((c for c in checks if c is not None), default=float("nan"))
        row["health_failed"] = sum(c is None for c in checks)
        followers: dict[str, list[Phone]] = {}
        for phone in admitted:
            code = phone.query_string.split("code=")[1].split("&")[0]
            followers.setdefault(code, []).append(phone)
        row.update(await lags(server.pid, store, followers, args.writes, args.gap, host, fragment))
        row["rss_full_mib"] = rss_mib(server.pid)
        await close_all([*phones, host])
        left = now()
        back = None
        while now() - left < 30:
            probe = Phone(server.port, "noe", {"code": codes[0], "view": "public"}, 99_999)
            await probe.open(timeout=10)
            in_ = probe.saw("événement")
            await probe.close()
            if in_:
                back = now() - left
                break
            await asyncio.sleep(1)
        row["new_phone_in_after_crowd_left_s"] = back
        await asyncio.sleep(server.session_ttl + 5)  # past the TTL: the sessions are dropped
        row["rss_start_mib"], row["rss_after_left_mib"] = rss0, rss_mib(server.pid)
        row["load"] = load()
    finally:
        server.stop()
    return row


def _seconds(value: float | None) -> str:
    return "never" if value is None else f"{value:.2f} s"


def line(row: dict[str, Any]) -> str:
    parts = [f"{row['scenario']:<34}"]
    if "idle_cpu_ms_per_phone_s" in row:
        parts.append(f"idle {row['idle_cpu_ms_per_phone_s']:.2f} ms/s/phone")
        parts.append(f"ready {ms(row['open_ready_median'])} ms")
        parts.append(f"new phone {ms(row['new_phone_ready_median'])} ms")
        parts.append(f"mem {row['rss_per_phone_mib']:.2f} MiB/phone")
    if "lag_median" in row:
        parts.append(f"lag {ms(row['lag_median'])}/{ms(row['lag_p95'])} ms (med/p95, "
                     f"{row['updates']} seen, {row['missed']} missed)")
        parts.append(f"{row['cpu_per_update_ms']:.1f} ms CPU/update")
        parts.append(f"host tap {ms(row['tap_median'])} ms (max {ms(row['tap_max'])})")
    if "admitted" in row:
        parts.append(f"in {row['admitted']} told full {row['refused_told']} other "
                     f"{row['neither']}; health max {ms(row['health_max'])} ms "
                     f"({row['health_failed']} failed); back in "
                     f"{_seconds(row['new_phone_in_after_crowd_left_s'])}; "
                     f"RSS {row['rss_start_mib']:.0f} -> {row['rss_full_mib']:.0f} -> "
                     f"{row['rss_after_left_mib']:.0f} MiB")
    if row.get("errors"):
        parts.append(f"errors {row['errors']}")
    parts.append(f"load [{row['load']}]")
    return " | ".join(parts)


async def main(args: argparse.Namespace) -> list[dict[str, Any]]:
    rows: list[dict[str, Any]] = []
    tmp = Path(tempfile.mkdtemp(prefix="phones-nothing-"))
    nothing = tmp / "nothing.py"
    nothing.write_text(NOTHING)
    base = args.levels[0]
    plan: list[tuple[str, Any]] = [
        (f"baseline: do-nothing page, {base}", lambda: scenario(
            f"baseline: do-nothing page, {base}", base, 5, args, script=nothing)),
        (f"before: polling (push off), {base}", lambda: scenario(
            f"before: polling (push off), {base}", base, 5, args, {"COMPANION_PUSH": "0"})),
    ]
    plan += [(f"push, {n} phones, 5 per game", lambda n=n: scenario(
        f"push, {n} phones, 5 per game", n, 5, args)) for n in args.levels]
    if args.one_game:
        plan.append((f"push, {args.one_game} on one game", lambda: scenario(
            f"push, {args.one_game} on one game", args.one_game, 0, args)))
    if args.ceiling:
        plan.append(("ceiling", lambda: ceiling_test(args.ceiling, args)))
    if args.quick:  # a check that every scenario still runs: all at once, printed in order
        rows = list(await asyncio.gather(*(run() for _label, run in plan)))
        for row in rows:
            print(line(row), flush=True)
        return rows
    for _label, run in plan:
        row = await run()
        rows.append(row)
        print(line(row), flush=True)
    return rows


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--levels", type=int, nargs="+", default=[50, 200, 500])
    parser.add_argument("--one-game", type=int, default=100)
    parser.add_argument("--ceiling", type=int, default=100, help="0: no ceiling scenario")
    parser.add_argument("--batch", type=int, default=10, help="phones opened at once")
    parser.add_argument("--settle", type=float, default=3.0)
    parser.add_argument("--window", type=float, default=10.0, help="idle CPU window (s)")
    parser.add_argument("--writes", type=int, default=10)
    parser.add_argument("--gap", type=float, default=1.0, help="seconds between writes")
    parser.add_argument("--session-ttl", type=int, default=10,
                        help="seconds Streamlit keeps a closed session (the product: 30)")
    parser.add_argument("--quick", action="store_true",
                        help="20 phones, one of each scenario, all at once")
    parser.add_argument("--json", default=None, help="write the rows here")
    options = parser.parse_args()
    if options.quick:
        options.levels, options.one_game, options.ceiling = [20], 20, 10
        options.writes, options.window, options.settle, options.gap = 4, 2.0, 1.0, 0.5
        options.session_ttl = 2
    result = asyncio.run(main(options))
    if options.json:
        Path(options.json).write_text(json.dumps(result, ensure_ascii=False, indent=1,
                                                 default=str))
    print(f"machine: {os.cpu_count()} cores; median of the idle rows' loads above "
          f"{statistics.median(float(r['load'].split()[0]) for r in result):.2f}")
