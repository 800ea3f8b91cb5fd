"""Issue 38's attacks by a stranger with a script on addresses and process state, for
benchmarks/hostile_server.py: against one server started as `companion app --local` starts it
(no COMPANION_PUBLIC_URL, no declared proxy), each attack's time, the server's CPU and the
growth of its memory, what it obtained, and a host's tap answered meanwhile.

  * forged `Host` / `X-Forwarded-*`: raw HTTP requests written by hand, then websocket
    sessions running pages; the organiser's link must stay the one printed at start, naming
    the server's address;
  * « Clear cache » (and the git question) sent over a websocket, thousands of times: the
    announcement is not made again, and a screen that sends no timer is still woken by the
    push after it.

Imported as a script's module (benchmarks/ is not a package)."""

from __future__ import annotations

import asyncio
import os
import socket
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import streamclient
from _serving import answers, cpu_seconds, free_port, rss_mib
from streamclient import Phone, now
from streamlit.proto.BackMsg_pb2 import BackMsg

from companion.events.store import EventStore
from companion.hosting.access import HOST, Access

ROOT = Path(__file__).resolve().parent.parent
TRAP = "piege.example"
FORGED = {"X-Forwarded-Host": TRAP, "X-Forwarded-Proto": "https", "X-Forwarded-For": "6.6.6.6"}
PLAYERS = ["Alice", "Bruno", "Chloé"]
SECONDS_TARGET = 5.0  # a few seconds
MEMORY_TARGET = 50  # MB of the server's growth: a few tens
TAP_TARGET = 2.0  # s: the host's tap still answered during the attack


class App:
    """`companion app --local` on a free port with its own database; its stderr kept."""

    def __init__(self, folder: Path) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.db = folder / "games.sqlite3"
        self.stderr = folder / "stderr.txt"
        env = {k: v for k, v in os.environ.items()
               if k not in ("COMPANION_PUBLIC_URL", "COMPANION_TRUSTED_PROXIES")}
        env |= {"COMPANION_DB": str(self.db), "PYTHONPATH": str(ROOT),
                "PYTHONIOENCODING": "utf-8"}
        with self.stderr.open("wb") as err:
            self.proc = subprocess.Popen(
                [sys.executable, "-m", "companion", "app", "--local", "--port", str(self.port)],
                cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=err)
        if not answers(self.url, self.proc, "companion app"):
            self.stop()
            raise SystemExit("companion app n'a pas répondu en 90 s")

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(timeout=10)

    def organiser_lines(self) -> list[str]:
        return [line for line in self.stderr.read_text(encoding="utf-8").splitlines()
                if "organisateur" in line]


def raw_get(port: int, path: str) -> None:
    lines = [f"GET {path} HTTP/1.1", f"Host: {TRAP}:{port}",
             *(f"{k}: {v}" for k, v in FORGED.items()), "Connection: close", "", ""]
    with socket.create_connection(("127.0.0.1", port), timeout=10) as conn:
        conn.sendall("\r\n".join(lines).encode())
        while conn.recv(65536):
            pass


@contextmanager
def forging(port: int) -> Iterator[None]:
    """Phones opened meanwhile name the stranger's machine in Host and forwarded headers."""
    real = streamclient.connect

    def forged(uri: str, **options: Any) -> Any:
        return real(uri.replace("127.0.0.1", TRAP, 1), host="127.0.0.1", port=port,
                    additional_headers=FORGED, **options)

    streamclient.connect = forged  # type: ignore[assignment]
    try:
        yield
    finally:
        streamclient.connect = real


async def pushed(store: EventStore, code: str, screen: Phone) -> bool:
    """A line written by another process wakes `screen`, which sends no timer (the push)."""
    seen = screen.expect("1 événement ·")
    summary = store.load(code).state.summary()
    store.append(code, {"type": "announcement", "manche": summary["manche"],
                        "player": summary["turn"] or PLAYERS[0],
                        "announcement": "complot"}, store.seq(code))
    try:
        await asyncio.wait_for(seen, 30)
    except TimeoutError:
        return False  # the hub lost it: the screen would wait for its safety poll
    return True


async def tap_during(host: Phone, fragment: str, attack: Any) -> tuple[float, float]:
    """The attack's seconds, and the slowest host tap made while it ran."""
    start = now()
    task = asyncio.ensure_future(attack)
    slowest = 0.0
    while not task.done():
        slowest = max(slowest, await host.rerun_fragment(fragment))
        await asyncio.sleep(0.2)
    await task
    return now() - start, slowest


async def attacks(app: App, quick: bool) -> list[dict[str, Any]]:
    store = EventStore(app.db)
    code = store.create("noe", {"players": PLAYERS})
    token, _grant = Access(app.db).issue(code, HOST)
    host = Phone(app.port, "noe", {"code": code, "host": token}, 0, timers=False)
    screen = Phone(app.port, "noe", {"code": code, "view": "public"}, 1, timers=False)
    await asyncio.gather(host.open(), screen.open())
    fragment = host.fragment_of(f"Partie {code}") or ""
    said = app.organiser_lines()
    rows: list[dict[str, Any]] = []

    requests, sessions = (20, 3) if quick else (300, 20)

    async def forge() -> None:
        loop = asyncio.get_running_loop()
        for i in range(requests):
            await loop.run_in_executor(None, raw_get, app.port, ("/", "/joueurs", "/noe")[i % 3])
        with forging(app.port):
            strangers = [Phone(app.port, ("", "joueurs", "soirees")[i % 3], {}, 10 + i,
                               timers=False) for i in range(sessions)]
            await asyncio.gather(*(s.open() for s in strangers))
        await asyncio.gather(*(s.close() for s in strangers))

    rows.append(await measured(
        app, f"{requests} requêtes et {sessions} sessions aux en-têtes forgés", host, fragment,
        forge(), lambda: app.organiser_lines() == said and TRAP not in "".join(said)
        and f"http://localhost:{app.port}/?organisateur=" in "".join(said)))

    messages = 200 if quick else 5000
    stranger = Phone(app.port, "", {}, 99, timers=False)
    await stranger.open()

    async def clear() -> None:
        for i in range(messages):
            message = BackMsg()
            setattr(message, ("clear_cache", "load_git_info")[i % 2], True)
            await stranger._send(message)
        stranger._run_done = asyncio.get_running_loop().create_future()
        await stranger._send(stranger._rerun())  # handled after every message before it
        await asyncio.wait_for(stranger._run_done, 60)

    row = await measured(app, f"{messages} « Clear cache » et questions git d'un inconnu", host,
                         fragment, clear(), lambda: app.organiser_lines() == said)
    row["kept"] = row["kept"] and await pushed(store, code, screen)
    rows.append(row)
    await asyncio.gather(host.close(), screen.close(), stranger.close())
    return rows


async def measured(app: App, label: str, host: Phone, fragment: str, attack: Any,
                   kept: Any) -> dict[str, Any]:
    rss, cpu = rss_mib(app.proc.pid), cpu_seconds(app.proc.pid)
    seconds, tap = await tap_during(host, fragment, attack)
    return {"label": label, "seconds": seconds, "tap": tap,
            "cpu": cpu_seconds(app.proc.pid) - cpu, "rss": rss_mib(app.proc.pid),
            "grown": rss_mib(app.proc.pid) - rss, "kept": kept()}


def report(quick: bool) -> int:
    """Run every attack, print one line each; the number outside the targets."""
    print("\nUn inconnu contre le serveur (issue 38 : adresses et état du processus ; cibles : "
          f"moins de {SECONDS_TARGET:g} s, moins de {MEMORY_TARGET} Mo de plus, le toucher de "
          f"l'hôte en moins de {TAP_TARGET:g} s pendant l'attaque)")
    with tempfile.TemporaryDirectory() as folder:
        app = App(Path(folder))
        try:
            rows = asyncio.run(attacks(app, quick))
        finally:
            app.stop()
    failures = 0
    for row in rows:
        ok = (row["kept"] and row["seconds"] < SECONDS_TARGET and row["grown"] < MEMORY_TARGET
              and row["tap"] < TAP_TARGET)
        failures += not ok
        print(f"  {row['label']:<58} {row['seconds']:6.2f} s  CPU {row['cpu']:5.2f} s  RSS "
              f"{row['rss']:6.1f} Mo ({row['grown']:+5.1f})  toucher de l'hôte "
              f"{row['tap'] * 1000:5.0f} ms  "
              f"{'rien obtenu' if row['kept'] else 'OBTENU'}  {'ok' if ok else 'HORS CIBLE'}")
    return failures
