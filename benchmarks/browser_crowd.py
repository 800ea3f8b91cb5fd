"""Twenty real browser sessions (Debian chromium) opening one game and tapping at once (issue 11):
error pages and lost clicks counted (target 0), open-to-settled and click-to-settled median and
95th percentile printed beside a single session measured in the same run, on the same server.

Each session is a player's phone: it opens the game's public page, then its own Labystère
investigation sheet (its own seat, `?sheet=<token>`), and every phone taps « Bruno l'ours » at
the same moment. A click is lost when its sheet on the server does not have the suspect crossed
out once the page settled (or after 60 s); an error page is any exception, « This page cannot
be called directly », a traceback or « Page not found » in a page.

Run: `.venv/bin/python benchmarks/browser_crowd.py [--sessions 20] [--quick]`
(needs /usr/bin/chromium).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from companion.events.store import EventStore  # noqa: E402
from companion.games.labystere.setup import SEED_MAX  # noqa: E402
from companion.games.labystere.sheets import SheetStore, new_token  # noqa: E402

sys.path.insert(0, str(ROOT / "benchmarks"))  # its sibling, whichever folder it is run from
from _timing import QUICK_HELP  # noqa: E402
from browser_taps import serve  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-quic",
        "--no-first-run", "--disable-component-update", "--disable-sync"]
SUSPECT, ITEM = "Bruno l'ours", "suspect-ours"
CROSSED = re.compile(r"Bruno l.ours — écarté")
ERRORS = ("cannot be called directly", "Traceback", "Page not found")
TIMEOUT = 180_000  # a loaded 2-core machine: slow is measured, only never-settled fails


async def error_page(page: object) -> bool:
    body = await page.inner_text("body")  # type: ignore[attr-defined]
    exceptions = await page.locator('[data-testid="stException"]').count()  # type: ignore[attr-defined]
    return exceptions > 0 or any(text in body for text in ERRORS)


async def one_phone(browser: object, base: str, code: str, start: asyncio.Event,
                    tap: asyncio.Event, ready: asyncio.Queue[None]) -> dict[str, object]:
    context = await browser.new_context(viewport={"width": 390, "height": 844},  # type: ignore[attr-defined]
                                        locale="fr-FR")
    page = await context.new_page()
    token = new_token()
    out: dict[str, object] = {"token": token, "error": False, "open": None, "tap": None,
                              "failure": None}
    try:
        await start.wait()
        began = time.perf_counter()
        await page.goto(f"{base}/labystere?code={code}&view=public", wait_until="commit")
        await page.get_by_text(f"Partie {code}").first.wait_for(timeout=TIMEOUT)
        out["open"] = time.perf_counter() - began
        out["error"] = await error_page(page)
        await page.goto(f"{base}/labystere-enquete?code={code}&sheet={token}")
        button = page.get_by_role("button", name=SUSPECT, exact=True)
        await button.wait_for(timeout=TIMEOUT)
        await ready.put(None)
        await tap.wait()
        began = time.perf_counter()
        await button.click()
        await page.get_by_role("button", name=CROSSED).wait_for(timeout=TIMEOUT)
        out["tap"] = time.perf_counter() - began
        out["error"] = bool(out["error"]) or await error_page(page)
    except Exception as exc:  # a page that never settles counts, it does not stop the run
        out["failure"] = type(exc).__name__
        try:
            out["error"] = bool(out["error"]) or await error_page(page)
        except Exception:
            pass
    finally:
        await context.close()
    return out


async def crowd(browser: object, base: str, code: str, sessions: int) -> list[dict[str, object]]:
    start, tap = asyncio.Event(), asyncio.Event()
    ready: asyncio.Queue[None] = asyncio.Queue()
    tasks = [asyncio.create_task(one_phone(browser, base, code, start, tap, ready))
             for _ in range(sessions)]
    await asyncio.sleep(0.5)  # every context created: they all open at the same moment
    start.set()
    for _ in range(sessions):
        try:
            await asyncio.wait_for(ready.get(), timeout=TIMEOUT / 1000 * 2)
        except TimeoutError:
            break  # a phone that never got its sheet is counted by its own task
    tap.set()  # every phone taps at once
    return list(await asyncio.gather(*tasks))


def figures(results: list[dict[str, object]], key: str) -> tuple[float, float]:
    times = sorted(float(r[key]) * 1000 for r in results if r[key] is not None)  # type: ignore[arg-type]
    if not times:
        return float("nan"), float("nan")
    p95 = times[min(len(times) - 1, round(0.95 * (len(times) - 1)))]
    return statistics.median(times), p95


def lost_clicks(db: Path, code: str, results: list[dict[str, object]]) -> int:
    sheets = SheetStore(db.with_name("labystere-fiches.sqlite3"))
    return sum(ITEM not in sheets.load(code, str(r["token"])).crossed for r in results)


async def main(sessions: int) -> None:
    from playwright.async_api import async_playwright

    folder = Path(tempfile.mkdtemp(prefix="browser-crowd-"))
    db = folder / "games.sqlite3"
    code = EventStore(db).create("labystere", {"players": ["Léa", "Tom"],
                                               "colours": ["rouge", "bleu"],
                                               "seed": SEED_MAX // 3})
    [(proc, base)] = serve((ROOT / "streamlit_app.py", db))
    try:
        async with async_playwright() as p:
            browser = await p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            await crowd(browser, base, code, 1)  # warm the server's caches once, not counted
            single = await crowd(browser, base, code, 1)
            many = await crowd(browser, base, code, sessions)
            await browser.close()
    finally:
        proc.terminate()
        proc.wait(timeout=10)
    rows = [("ouverture → page prête, médiane", "open", 0),
            ("ouverture → page prête, p95", "open", 1),
            ("toucher → écran à jour, médiane", "tap", 0),
            ("toucher → écran à jour, p95", "tap", 1)]
    print(f"browser_crowd : {sessions} sessions Chromium sur un serveur, même exécution "
          f"({os.cpu_count()} cœurs)")
    print(f"{'':36}{'1 session':>12}{f'{sessions} sessions':>16}")
    for label, key, which in rows:
        print(f"{label:36}{figures(single, key)[which]:>10.0f} ms"
              f"{figures(many, key)[which]:>13.0f} ms")
    for label, results in (("1 session", single), (f"{sessions} sessions", many)):
        errors = sum(bool(r["error"]) for r in results)
        stuck = sum(r["failure"] is not None for r in results)
        print(f"{label:>12} : pages en erreur {errors}, clics perdus "
              f"{lost_clicks(db, code, results)} (objectif 0), jamais prêtes en "
              f"{TIMEOUT // 1000} s : {stuck}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sessions", type=int, default=20)
    parser.add_argument("--quick", action="store_true", help=QUICK_HELP)
    arguments = parser.parse_args()
    asyncio.run(main(3 if arguments.quick else arguments.sessions))
