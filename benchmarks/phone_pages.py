"""The phone at the table (issue 25), in a real browser (Debian chromium through Playwright):

- cold load: a fresh browser context (no cache, no session) opening the home page and a game
  page mid-game (a deep link, as a QR code opens it), on a tablet (1024×768) and a phone
  (390×844), from navigation start to the page's script run and its text drawn (the page's
  own clock), and the bytes its files took; the app served as `companion app` serves it,
  beside a trivial one-button page served by Streamlit as it ships, and the same page with
  the app's server setting (tableapp/serving/firstload.py), in the same run, loads taken in
  turns. The phone loads once more through a Wi-Fi link (_wifi.py: WIFI bits per second, a
  phone's share of a busy room's Wi-Fi, an assumption), where the bytes count: the app sends
  Streamlit's frontend gzipped (tableapp/serving/staticcache.py). Target: under 1 s. Beside
  each, the server's CPU time for that load (the laptop's share of every phone arriving: the
  app answers its frontend's files from memory, tableapp/serving/staticcache.py), and
  Chromium's (what the page costs a device's processor; a phone's is several times slower
  than this machine's; it is also most of what the suite's browser tests cost). Then the
  trivial page and the Noé game once more, cold, in chromium and in chromium-headless-shell
  (the same engine without the desktop browser around it, which the test suite drives:
  tests/conftest.py), taken in turns: the processor time of each (--quick: the game only).
- static files: Streamlit's ~60 files of a first load fetched over one kept-alive connection,
  from Streamlit as it ships and from the app's server.
- host page height at 390×844, each game mid-game: the page's scroll height in screens, and
  where the turn's primary action lies (its bottom edge, in px from the top of the first
  screen: inside 844 means visible without scrolling). Target: the action within one screen.

Run: `.venv/bin/python benchmarks/phone_pages.py [--loads 3] [--shots DIR] [--quick]`
(--loads 0: heights
only; --shots saves a screenshot of each host page, first screen only, to look at).
"""

from __future__ import annotations

import argparse
import http.client
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from _timing import QUICK_HELP  # noqa: E402
from _wifi import WifiLink  # noqa: E402
from browser_taps import (  # noqa: E402
    ARGS,
    CHROMIUM,
    TIMEOUT,
    TRIVIAL,
    answering,
    device,
    example,
    free_port,
    put_away,
    serve,
)

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

# the page's clock (ms since navigation start) once no script runs and `ready` is drawn
READY_JS = """(ready) => {
  const app = document.querySelector('[data-testid="stApp"]');
  if (!app || app.getAttribute('data-test-script-state') !== 'notRunning') return null;
  return document.body.innerText.includes(ready) ? performance.now() : null;
}"""

# the element that scrolls the page (Streamlit's main section), its height and the action's box
MEASURE_JS = """() => {
  const main = document.querySelector('[data-testid="stMain"]') || document.scrollingElement;
  return {height: Math.max(main.scrollHeight, document.scrollingElement.scrollHeight),
          top: main.scrollTop + document.scrollingElement.scrollTop};
}"""


# a phone's share of a game night's Wi-Fi, bits per second: an assumption of this benchmark,
# not a measure of any room
WIFI = 20_000_000
HEADLESS_SHELL = "/usr/bin/chromium-headless-shell"
SENT_JS = """() => performance.getEntriesByType('navigation').concat(
  performance.getEntriesByType('resource')).reduce((sum, e) => sum + (e.transferSize || 0), 0)"""


def cold_load(browser: Any, url: str, ready: str,
              viewport: dict[str, int]) -> tuple[float, int, float]:
    """(seconds, bytes, browser CPU seconds): from navigation start to the page settled with
    `ready` drawn, in a fresh context, on the page's own clock; the bytes its files took over
    the network (the websocket's aside); the processor time Chromium's processes spent on it
    meanwhile (the page's renderer, the browser, its helpers), read before the context closes
    and its renderer with it. The page is checked every 20 ms: a locator's wait polls ever
    more slowly (up to every 500 ms), which made the same load read 1.1 s or 1.5 s."""
    before = chromium_cpu()
    ctx = browser.new_context(viewport=viewport, locale="fr-FR")
    try:
        page = ctx.new_page()
        page.goto(url, wait_until="commit", timeout=TIMEOUT)
        handle = page.wait_for_function(READY_JS, arg=ready, timeout=TIMEOUT, polling=20)
        seconds, sent = float(handle.json_value()) / 1000, int(page.evaluate(SENT_JS))
        after = chromium_cpu()
        return seconds, sent, sum(cpu - before.get(pid, 0.0) for pid, cpu in after.items())
    finally:
        ctx.close()


def suite_browser(p: Any, pages: list[tuple[str, str, str]], loads: int) -> None:
    """Chromium's processor time for the same cold loads in the desktop browser and in its
    headless shell (tests/conftest.py's choice), by turns, each launched for its own loads and
    closed after them (chromium_cpu counts every Chromium of the machine: the benchmark's
    other browser stays open meanwhile, idle, for both)."""
    if not Path(HEADLESS_SHELL).exists():
        print(f"(pas de {HEADLESS_SHELL} : apt-get install chromium-headless-shell)")
        return
    print("Navigateur de la suite de tests : les mêmes chargements à froid (téléphone), CPU de "
          f"Chromium (médiane de {loads}, navigateurs lancés tour à tour) :")
    cpu: dict[tuple[str, str], list[float]] = {}
    for _ in range(loads):
        for name, executable in (("chromium", CHROMIUM), ("chromium-headless-shell",
                                                          HEADLESS_SHELL)):
            browser = p.chromium.launch(executable_path=executable,  # as tests/conftest.py
                                        args=[*ARGS, "--font-render-hinting=none"])
            try:
                for label, url, ready in pages:
                    cpu.setdefault((label, name), []).append(
                        cold_load(browser, url, ready, PHONE)[2])
            finally:
                browser.close()
    for (label, name), got in cpu.items():
        print(f"  {label + ', ' + name:<70} navigateur {statistics.median(got):4.2f} s de CPU")


def chromium_cpu() -> dict[int, float]:
    """Each live Chromium process of this machine -> the CPU time it has used (a benchmark
    runs one browser); empty where there is no /proc."""
    found = {}
    for entry in Path("/proc").glob("[0-9]*"):
        try:
            if "chrom" not in (entry / "comm").read_text():
                continue
        except OSError:
            continue
        found[int(entry.name)] = cpu_seconds(int(entry.name))
    return {pid: cpu for pid, cpu in found.items() if cpu == cpu}  # NaN: gone meanwhile


def cpu_seconds(pid: int) -> float:
    """The CPU time (user and system) a process has used so far, from Linux's /proc; NaN where
    there is no /proc."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return float("nan")
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


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
    ctx = device(browser, PHONE["width"], PHONE["height"], dark=dark)
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
        put_away(ctx)


def start_app(db: Path) -> tuple[subprocess.Popen[bytes], str]:
    """The app as its users start it: `companion app` (its settings, its server's); its
    process and base URL, without waiting for it to answer (`answering`)."""
    port = free_port()
    env = dict(os.environ, COMPANION_PUBLIC_URL=f"http://localhost:{port}")
    proc = subprocess.Popen([sys.executable, "-m", "companion", "app", "--local", "--port",
                             str(port), "--db", str(db)], cwd=ROOT, env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return proc, f"http://127.0.0.1:{port}"


def static_files(base: str) -> tuple[int, float]:
    """(files, seconds): the JavaScript, CSS and fonts the HTML names, one after the other over
    one kept-alive connection."""
    with urllib.request.urlopen(base, timeout=10) as answer:
        html = answer.read().decode("utf-8")
    paths = ["/" + found.lstrip("./") for found in
             re.findall(r'(?:href|src)="([^"]+\.(?:js|css|woff2))"', html)]
    host, port = base.removeprefix("http://").split(":")
    connection = http.client.HTTPConnection(host, int(port), timeout=10)
    start = time.perf_counter()
    for path in paths:
        connection.request("GET", path)
        connection.getresponse().read()
    connection.close()
    return len(paths), time.perf_counter() - start


def main(loads: int, shots: Path | None, quick: bool = False) -> None:
    """`quick` (CI's check that every path still runs): one load of each page on a phone, over
    the loopback and the Wi-Fi link, no warm-up load; each host page once, in light or dark
    mode by turns."""
    from playwright.sync_api import sync_playwright

    folder = Path(tempfile.mkdtemp(prefix="phone-"))
    db = folder / "games.sqlite3"
    EventStore(db)
    trivial_script = folder / "trivial.py"
    trivial_script.write_text(TRIVIAL, encoding="utf-8")
    tuned_script = folder / "trivial_tuned.py"  # the app's server setting, from its first run
    tuned_script.write_text(f"import sys\nsys.path.insert(0, {str(ROOT)!r})\n"
                            "from tableapp.serving import runcost\n"
                            "runcost.send_at_once()\n" + TRIVIAL, encoding="utf-8")
    starting = start_app(db)  # the three servers start side by side
    (trivial, trivial_base), (tuned, tuned_base) = serve(
        (trivial_script, folder / "unused.sqlite3"), (tuned_script, folder / "unused.sqlite3"))
    app, base = answering(*starting, "companion app")
    if shots is not None:
        shots.mkdir(parents=True, exist_ok=True)
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            noe_code, noe_token = host_game(db, "noe", "noe-partie-a-100-points.json", 1)
            pages = [("page triviale, Streamlit tel quel", trivial_base, "fois"),
                     ("page triviale, réglage du serveur de l'app", tuned_base, "fois"),
                     ("accueil", base, "Nouvelle partie"),
                     ("Noé en cours (hôte, lien direct)",
                      f"{base}/noe?code={noe_code}&host={noe_token}", "Valider l'annonce")]
            if loads:
                warm = "" if quick else " après un chargement d'échauffement"
                print(f"Chargement à froid (contexte neuf, horloge de la page ; meilleur et "
                      f"médiane de {loads}, chargements pris à tour de rôle{warm} ; octets : "
                      "fichiers reçus par le réseau ; CPU du serveur et de Chromium pendant "
                      "ce chargement) :")
                links = {server: WifiLink(int(server.rsplit(":", 1)[1]), WIFI)
                         for server in (trivial_base, tuned_base, base)}
                sizes = (("tablette", TABLET, False), ("téléphone", PHONE, False),
                         (f"téléphone, Wi-Fi {WIFI / 1e6:.0f} Mbit/s", PHONE, True))[quick:]
                for _label, url, ready in pages if not quick else ():  # warms each server
                    cold_load(browser, url, ready, PHONE)  # (and its first run)
                times: dict[tuple[str, str], list[tuple[float, int, float]]] = {}
                pids = {trivial_base: trivial.pid, tuned_base: tuned.pid, base: app.pid}
                for _ in range(loads):
                    for label, url, ready in pages:
                        for size, viewport, wifi in sizes:
                            address = url
                            server = next(s for s in links if url == s or url.startswith(s + "/"))
                            if wifi:  # the same page, through its server's link
                                address = links[server].url(url.removeprefix(server) or "/")
                            before = cpu_seconds(pids[server])
                            seconds, sent, browser_cpu = cold_load(browser, address, ready,
                                                                   viewport)
                            times.setdefault((label, size), []).append(
                                (seconds, sent, cpu_seconds(pids[server]) - before,
                                 browser_cpu))
                for (label, size), got in times.items():
                    seconds = [g[0] for g in got]
                    print(f"  {label + ', ' + size:<70} meilleur {min(seconds):5.2f} s   "
                          f"médiane {statistics.median(seconds):5.2f} s   "
                          f"{statistics.median(g[1] for g in got) / 1e6:4.2f} Mo   "
                          f"serveur {statistics.median(g[2] for g in got):4.2f} s de CPU   "
                          f"navigateur {statistics.median(g[3] for g in got):4.2f} s de CPU")
                print("Fichiers statiques d'un premier chargement, l'un après l'autre sur une "
                      "connexion :")
                for label, server in (("Streamlit tel quel", trivial_base), ("l'app", base)):
                    count, seconds = static_files(server)
                    print(f"  {label:<20} {count} fichiers en {seconds:5.2f} s "
                          f"({1000 * seconds / count:4.1f} ms par fichier)")
                # --quick: the game page only (the one load each that --quick allows)
                suite_browser(p, [pages[3]] if quick else [pages[0], pages[3]], loads)
            print("Page de l'hôte en cours de partie, téléphone 390×844 (hauteur en écrans ; "
                  "bas de l'action principale, en px, visible sans défiler si ≤ 844) :")
            # --quick: a state of each game (the same measure), light and dark by turns
            first_of_each = list({s[1]: s for s in reversed(STATES)}.values())[::-1]
            states = first_of_each if quick else STATES
            for index, (label, game, (name, count), action) in enumerate(states):
                code, token = host_game(db, game, name, count)
                for dark in (False, True) if not quick else (index % 2 == 1,):
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
        for proc in (app, trivial, tuned):
            proc.terminate()
            proc.wait(timeout=10)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--loads", type=int, default=3, choices=range(0, 11), metavar="N")
    parser.add_argument("--shots", type=Path, default=None, metavar="DOSSIER")
    parser.add_argument("--quick", action="store_true", help=QUICK_HELP)
    arguments = parser.parse_args()
    main(1 if arguments.quick else arguments.loads, arguments.shots, arguments.quick)
