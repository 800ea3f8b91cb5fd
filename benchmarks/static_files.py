"""Streamlit's frontend as `companion app` sends it to a room of phones (issues 25 and 39,
tableapp/serving/staticcache.py): the bytes on the wire and the server's CPU for each phone's
first load of the frontend's files, and the memory the server keeps for them.

The files are those a real first load asks for: one cold load of the home page in a browser
(Debian chromium through Playwright) lists them; then PHONES phones each fetch every one of
them over a kept-alive connection of their own, as a browser asks (`Accept-Encoding: gzip,
deflate, br, zstd`), one phone after the other: the first phone meets an empty cache (each
file read and compressed), the others what it left. Printed: per phone, the bytes of the
bodies received and the server's CPU (user + system, from /proc), for the first phone and the
mean of the others (/proc counts in 10 ms steps: a mean over many phones is finer); the
server's resident memory after them; a phone coming back with the files' tags
(`If-None-Match`): how many « 304 not modified »; and a script that refuses gzip (`gzip;q=0`):
its bytes, none of them compressed.

Run: `.venv/bin/python benchmarks/static_files.py [--phones 20] [--quick]`
"""

from __future__ import annotations

import argparse
import http.client
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from _serving import answers, cpu_seconds, free_port, rss_mib  # noqa: E402
from _timing import QUICK_HELP, quick  # noqa: E402
from browser_taps import ARGS, CHROMIUM, TIMEOUT  # noqa: E402

from companion.events.store import EventStore  # noqa: E402

BROWSER_OFFER = "gzip, deflate, br, zstd"


def first_load_files(base: str) -> list[str]:
    """The paths of the frontend's files a cold load of the home page asks for."""
    from playwright.sync_api import sync_playwright

    asked: list[str] = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        page = browser.new_context().new_page()
        page.on("request", lambda request: asked.append(request.url))
        page.goto(base, wait_until="networkidle", timeout=TIMEOUT)
        browser.close()
    paths = [url.removeprefix(base) for url in asked if url.startswith(base + "/static/")]
    return list(dict.fromkeys(paths))


def fetch_all(base: str, paths: list[str], offer: str | None,
              tags: dict[str, str] | None = None) -> tuple[int, int, int, dict[str, str]]:
    """One phone: every file over one connection. (body bytes, gzipped answers, 304 answers,
    each file's tag)."""
    host, port = base.removeprefix("http://").split(":")
    connection = http.client.HTTPConnection(host, int(port), timeout=30)
    size = zipped = not_modified = 0
    seen: dict[str, str] = {}
    for path in paths:
        headers = {} if offer is None else {"Accept-Encoding": offer}
        if tags and path in tags:
            headers["If-None-Match"] = tags[path]
        connection.request("GET", path, headers=headers)
        answer = connection.getresponse()
        size += len(answer.read())
        zipped += answer.getheader("Content-Encoding") == "gzip"
        not_modified += answer.status == 304
        seen[path] = answer.getheader("ETag") or ""
    connection.close()
    return size, zipped, not_modified, seen


def main(phones: int) -> None:
    folder = Path(tempfile.mkdtemp(prefix="static-"))
    db = folder / "games.sqlite3"
    EventStore(db)
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    env = dict(os.environ, COMPANION_PUBLIC_URL=base)
    proc = subprocess.Popen([sys.executable, "-m", "companion", "app", "--local", "--port",
                             str(port), "--db", str(db)], cwd=ROOT, env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        if not answers(base, proc, "companion app"):
            raise SystemExit("companion app n'a pas répondu en 90 s")
        paths = first_load_files(base)
        proc.terminate()  # a fresh server: the browser's load filled its cache
        proc.wait(timeout=15)
        proc = subprocess.Popen([sys.executable, "-m", "companion", "app", "--local", "--port",
                                 str(port), "--db", str(db)], cwd=ROOT, env=env,
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        if not answers(base, proc, "companion app"):
            raise SystemExit("companion app n'a pas répondu en 90 s")
        rss_before = rss_mib(proc.pid)
        runs: list[tuple[int, int, float]] = []
        tags: dict[str, str] = {}
        for _ in range(phones):
            before = cpu_seconds(proc.pid)
            size, zipped, _nm, tags = fetch_all(base, paths, BROWSER_OFFER)
            runs.append((size, zipped, cpu_seconds(proc.pid) - before))
        rss_after = rss_mib(proc.pid)
        _size, _zipped, not_modified, _tags = fetch_all(base, paths, BROWSER_OFFER, tags)
        refused, refused_zipped, _nm, _tags = fetch_all(base, paths, "gzip;q=0")
    finally:
        proc.terminate()
        proc.wait(timeout=15)
    first, others = runs[0], runs[1:] or runs
    print(f"Fichiers d'un premier chargement : {len(paths)} ; {phones} téléphones l'un après "
          "l'autre (octets : corps reçus ; CPU : celui du serveur) :")
    print(f"  1er téléphone (cache vide)  {first[0] / 1e6:5.2f} Mo, {first[1]} compressés, "
          f"serveur {1000 * first[2]:6.0f} ms de CPU")
    print(f"  les suivants (moyenne)      {statistics.mean(r[0] for r in others) / 1e6:5.2f} "
          f"Mo, serveur {1000 * statistics.mean(r[2] for r in others):6.1f} ms de CPU")
    print(f"  mémoire du serveur : {rss_before:.0f} Mio au départ, {rss_after:.0f} Mio après")
    print(f"  retour avec les étiquettes : {not_modified} « 304 » sur {len(paths)}")
    print(f"  gzip refusé (gzip;q=0) : {refused / 1e6:5.2f} Mo, {refused_zipped} compressés")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--phones", type=int, default=20, choices=range(1, 201), metavar="N")
    parser.add_argument("--quick", action="store_true", help=QUICK_HELP)
    arguments = parser.parse_args()
    main(2 if quick() else arguments.phones)
