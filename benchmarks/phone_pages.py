"""The phone at the table (issue 25), in a real browser (Debian chromium through Playwright):

- cold load: a fresh browser context (no cache, no session) opening the home page and a game
  page mid-game, on a tablet (1024×768) and a phone (390×844), until the page's script has run
  and its text is drawn; beside a trivial one-button page served the same way (its own
  Streamlit server) in the same run. Target: under 1 s.
- host page height at 390×844, each game mid-game: the page's scroll height in screens, and
  where the turn's primary action lies (its bottom edge, in px from the top of the first
  screen: inside 844 means visible without scrolling). Target: the action within one screen.

Run: `.venv/bin/python benchmarks/phone_pages.py [--loads 3] [--shots DIR]` (--loads 0: heights
only; --shots saves a screenshot of each host page, first screen only, to look at).
"""

from __future__ import annotations

import argparse
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from browser_taps import ARGS, CHROMIUM, TIMEOUT, TRIVIAL, example, serve  # noqa: E402

from companion.events.store import EventStore  # noqa: E402
from companion.hosting.access import HOST, Access  # noqa: E402
from companion.hosting.positions import NarratorPlace, Positions  # noqa: E402

PHONE = {"width": 390, "height": 844}
TABLET = {"width": 1024, "height": 768}

# (label, game, log example and events kept, the primary action's accessible name)
STATES: list[tuple[str, str, tuple[str, int], str]] = [
    ("Noé : annonce", "noe", ("noe-partie-a-100-points.json", 1), "Valider l'annonce"),
    ("Emblèmes : révélation", "emblemes", ("emblemes-partie-a-trois.json", 1),
     "Valider la révélation"),
    ("Labystère : dé", "labystere", ("labystere-partie.json", 0), "Lancer le dé"),
    ("Camelot : jouer", "camelot", ("camelot-exemples-de-la-regle.json", 2),
     "Jouer cette carte"),
    ("ELSEN : narrateur", "elsen", ("elsen-exemple-de-la-regle.json", 1), "Suivant"),
    ("ELSEN : mission", "elsen", ("elsen-exemple-de-la-regle.json", 2), "Valider la mission"),
    ("ELSEN : vote", "elsen", ("elsen-exemple-de-la-regle.json", 7), "Valider le vote"),
]

SETTLED_JS = """() => {
  const app = document.querySelector('[data-testid="stApp"]');
  return app && app.getAttribute('data-test-script-state') === 'notRunning';
}"""

# the element that scrolls the page (Streamlit's main section), its height and the action's box
MEASURE_JS = """() => {
  const main = document.querySelector('[data-testid="stMain"]') || document.scrollingElement;
  return {height: Math.max(main.scrollHeight, document.scrollingElement.scrollHeight),
          top: main.scrollTop + document.scrollingElement.scrollTop};
}"""


def cold_load(browser: Any, url: str, ready: str, viewport: dict[str, int]) -> float:
    """Seconds from navigation to the page settled with `ready` drawn, in a fresh context."""
    ctx = browser.new_context(viewport=viewport, locale="fr-FR")
    try:
        page = ctx.new_page()
        start = time.perf_counter()
        page.goto(url, wait_until="commit", timeout=TIMEOUT)
        page.get_by_text(ready, exact=False).first.wait_for(timeout=TIMEOUT)
        page.wait_for_function(SETTLED_JS, timeout=TIMEOUT, polling=20)
        return time.perf_counter() - start
    finally:
        ctx.close()


def host_game(db: Path, game: str, name: str, count: int) -> tuple[str, str]:
    """A game mid-game as its host opens it: (code, host token)."""
    store, access = EventStore(db), Access(db)
    setup, events = example(name, count)
    if game == "noe":
        setup = {**setup, "target": 100_000}
    code = store.create(game, setup)
    for seq, event in enumerate(events):
        store.append(code, event, seq)
    if game == "elsen" and count > 1:  # the narrator at its step's last line: the entry
        Positions(db).set_narrator(code, NarratorPlace(len(store.load(code).entries), 99))
    token, _grant = access.issue(code, HOST)
    return code, token


def measure_host(browser: Any, base: str, game: str, code: str, token: str, action: str,
                 dark: bool, shot: Path | None) -> dict[str, Any]:
    ctx = browser.new_context(viewport=PHONE, locale="fr-FR",
                              color_scheme="dark" if dark else "light")
    try:
        page = ctx.new_page()
        page.goto(f"{base}/{game}?code={code}&host={token}", timeout=TIMEOUT)
        button = page.get_by_role("button", name=re.compile(re.escape(action))).first
        button.wait_for(timeout=TIMEOUT)
        page.wait_for_function(SETTLED_JS, timeout=TIMEOUT, polling=20)
        page.wait_for_timeout(400)
        figures: dict[str, Any] = page.evaluate(MEASURE_JS)
        box = button.bounding_box()
        figures["bottom"] = None if box is None else box["y"] + box["height"]
        if shot is not None:
            page.screenshot(path=str(shot))
        return figures
    finally:
        ctx.close()


def main(loads: int, shots: Path | None) -> None:
    from playwright.sync_api import sync_playwright

    folder = Path(tempfile.mkdtemp(prefix="phone-"))
    db = folder / "games.sqlite3"
    EventStore(db)
    trivial_script = folder / "trivial.py"
    trivial_script.write_text(TRIVIAL, encoding="utf-8")
    app, base = serve(ROOT / "streamlit_app.py", db)
    trivial, trivial_base = serve(trivial_script, folder / "unused.sqlite3")
    if shots is not None:
        shots.mkdir(parents=True, exist_ok=True)
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            noe_code, noe_token = host_game(db, "noe", "noe-partie-a-100-points.json", 1)
            pages = [("page triviale (référence)", trivial_base, "fois"),
                     ("accueil", base, "Nouvelle partie"),
                     ("Noé en cours (hôte)", f"{base}/noe?code={noe_code}&host={noe_token}",
                      "Valider l'annonce")]
            if not loads:
                pages = []
            print(f"Chargement à froid (contexte neuf, meilleur et médiane de {loads}, "
                  "après un chargement d'échauffement) :")
            for label, url, ready in pages:
                for size, viewport in (("tablette", TABLET), ("téléphone", PHONE)):
                    cold_load(browser, url, ready, viewport)  # warms the server, not timed
                    times = [cold_load(browser, url, ready, viewport) for _ in range(loads)]
                    print(f"  {label + ', ' + size:<42} meilleur {min(times):5.2f} s   "
                          f"médiane {statistics.median(times):5.2f} s")
            print("Page de l'hôte en cours de partie, téléphone 390×844 (hauteur en écrans ; "
                  "bas de l'action principale, en px, visible sans défiler si ≤ 844) :")
            for label, game, (name, count), action in STATES:
                code, token = host_game(db, game, name, count)
                for dark in (False, True):
                    shot = None
                    if shots is not None:
                        shot = shots / f"{game}-{count}-{'sombre' if dark else 'clair'}.png"
                    try:
                        got = measure_host(browser, base, game, code, token, action, dark, shot)
                    except Exception as exc:  # a page that changed its buttons: say so, go on
                        print(f"  {label:<24} (pas de mesure : {str(exc).splitlines()[0]})")
                        continue
                    bottom = "absente" if got["bottom"] is None else f"{got['bottom']:5.0f} px"
                    print(f"  {label:<24} {'sombre' if dark else 'clair ':<7} "
                          f"{got['height'] / PHONE['height']:4.1f} écrans   "
                          f"action : {bottom}   ouverte défilée de {got['top']:.0f} px")
            browser.close()
    finally:
        for proc in (app, trivial):
            proc.terminate()
            proc.wait(timeout=10)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--loads", type=int, default=3, choices=range(0, 11), metavar="N")
    parser.add_argument("--shots", type=Path, default=None, metavar="DOSSIER")
    arguments = parser.parse_args()
    main(arguments.loads, arguments.shots)
