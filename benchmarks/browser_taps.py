"""Tap to settled at the table (issue 13), in real browsers (Debian chromium through
Playwright): the host's tablet (1024×768) and four viewers' phones (390×844, public view) on one
game per game; for each common action, the median and 95th percentile from the tap to the end
of the last script run it caused, and how long until all four viewers show the change; beside a
trivial one-button page served the same way (its own Streamlit server) in the same run.

Timing is taken inside the page: a capturing listener notes the tap (`performance.now()`),
observers note every change of Streamlit's script state and of what is drawn; « settled » is the
last change after the tap, once nothing changed for 250 ms and no script runs. A viewer is
« updated » when the text of its page changed (clock of the benchmark, from the tap). Each
tap is undone from outside (the store, not timed) and the pages reloaded, so every tap meets
the same state.

Run: `.venv/bin/python benchmarks/browser_taps.py [--taps 12] [--only elsen noe] [--quick]`.
Targets:
medians under 300 ms, viewers within 1 s.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from _timing import QUICK_HELP, quick  # noqa: E402

from companion.events.store import EventStore  # noqa: E402
from companion.hosting.access import HOST, Access  # noqa: E402
from companion.hosting.positions import NarratorPlace, Positions  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-quic",
        "--no-first-run", "--disable-component-update", "--disable-sync"]
# --quick: one public screen follows the first game's tap only (the same wait, fewer loads)
VIEWERS = 1 if quick() else 4
# The first tap of a page warms the server's caches and is not counted; --quick (a check that
# the path still runs, not a figure to quote) counts it and saves a page load a game.
WARMUP = 0 if quick() else 1
QUIET_MS = 250
TIMEOUT = 60_000
TRIVIAL = """
import streamlit as st
st.session_state.setdefault("n", 0)
if st.button("Un bouton"):
    st.session_state.n += 1
st.write(f"{st.session_state.n} fois")
"""

_KEPT: dict[tuple[int, int, int, bool], Any] = {}


def device(browser: Any, width: int, height: int, slot: int = 0, dark: bool = False) -> Any:
    """A browser context (one device) of that size and theme. With --quick the same one
    serves every game (its cache keeps Streamlit's scripts, about half a page load's cost):
    `put_away` then closes its pages and forgets its cookies; otherwise each call makes a new
    device, as a table has."""
    options = {"viewport": {"width": width, "height": height}, "locale": "fr-FR",
               "color_scheme": "dark" if dark else "light"}
    if not quick():
        return browser.new_context(**options)
    if (width, height, slot, dark) not in _KEPT:
        _KEPT[width, height, slot, dark] = browser.new_context(**options)
    return _KEPT[width, height, slot, dark]


def put_away(context: Any) -> None:
    if context in _KEPT.values():
        for page in context.pages:
            page.close()
        context.clear_cookies()
    else:
        context.close()


# Installed in every page: notes the tap and every script-state change (page clock).
PROBE_JS = """() => {
  if (window.__probe) return;
  window.__probe = true; window.__runs = []; window.__tap = null;
  document.addEventListener("click", () => { window.__tap = performance.now(); }, true);
  const watch = () => {
    const app = document.querySelector('[data-testid="stApp"]');
    const main = document.querySelector('[data-testid="stMain"]');
    if (!app || !main) { setTimeout(watch, 50); return; }
    const note = () => window.__runs.push(
      {s: app.getAttribute("data-test-script-state"), t: performance.now()});
    new MutationObserver(note).observe(app, {attributes: true,
                                             attributeFilter: ["data-test-script-state"]});
    // React may batch a fast run's two states into none: what it drew is noted too
    new MutationObserver(note).observe(main, {subtree: true, childList: true,
                                              characterData: true});
  };
  watch();
}"""
SETTLED_JS = """(quiet) => {
  if (window.__tap === null) return null;
  const app = document.querySelector('[data-testid="stApp"]');
  const after = window.__runs.filter(r => r.t >= window.__tap);
  if (!after.length || app.getAttribute("data-test-script-state") !== "notRunning") return null;
  const last = after[after.length - 1];
  if (performance.now() - last.t < quiet) return null;
  return last.t - window.__tap;
}"""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def serve(*scripts: tuple[Path, Path]) -> list[tuple[subprocess.Popen[bytes], str]]:
    """A Streamlit server for each (script, database), started side by side; each (process,
    base URL) once it answers."""
    started = []
    for script, db in scripts:
        port = free_port()
        env = dict(os.environ, COMPANION_DB=str(db),
                   COMPANION_PUBLIC_URL=f"http://localhost:{port}")
        started.append((subprocess.Popen(
            [sys.executable, "-m", "streamlit", "run", str(script), "--server.headless", "true",
             "--server.port", str(port), "--browser.gatherUsageStats", "false",
             "--server.fileWatcherType", "none"],
            cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL), port))
    return [answering(proc, f"http://127.0.0.1:{port}", "le serveur Streamlit")
            for proc, port in started]


def answering(proc: subprocess.Popen[bytes], url: str,
              what: str) -> tuple[subprocess.Popen[bytes], str]:
    """(proc, url) once the server at `url` answers its health check (60 s at most)."""
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(f"{url}/_stcore/health", timeout=2):
                return proc, url
        except OSError:
            time.sleep(0.3)
    proc.kill()
    raise SystemExit(f"{what} n'a pas démarré")


def example(name: str, count: int) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    log = json.loads((ROOT / "docs" / "log-examples" / name).read_text(encoding="utf-8"))
    return log["setup"], log["events"][:count]


def open_ready(page: Any, url: str, ready: str) -> None:
    open_all([(page, url, ready)])


def open_all(openings: list[tuple[Any, str, str]]) -> None:
    """Open each (page, url, text it shows when ready) at once (the server draws them side by
    side, as a table's screens load), then wait until each has settled with its probe."""
    for page, url, _ready in openings:
        page.goto(url, wait_until="commit", timeout=TIMEOUT)
    for page, _url, ready in openings:
        _ready_page(page, ready)


def _ready_page(page: Any, ready: str) -> None:
    page.get_by_text(ready, exact=False).first.wait_for(timeout=TIMEOUT)
    page.evaluate(PROBE_JS)
    page.wait_for_function("() => document.querySelector('[data-testid=stApp]')"
                           "?.getAttribute('data-test-script-state') === 'notRunning'",
                           timeout=TIMEOUT)
    page.wait_for_timeout(300)


def tap(page: Any, button: Callable[[Any], Any]) -> float:
    """Tap and return the milliseconds until the page settled (page clock)."""
    page.evaluate("() => { window.__tap = null; window.__runs = []; }")
    button(page).click()
    handle = page.wait_for_function(SETTLED_JS, arg=QUIET_MS, timeout=TIMEOUT, polling=20)
    return float(handle.json_value())


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


def line(name: str, values: list[float], base: float | None = None) -> str:
    if not values:
        return f"{name:<46} (pas de mesure)"
    med = statistics.median(values)
    extra = f"  ({med / base:4.1f}× la référence)" if base else ""
    return f"{name:<46} médiane {med:7.0f} ms   p95 {p95(values):7.0f} ms{extra}"


CHANGED_JS = """(before) => {
  const main = document.querySelector('[data-testid="stMain"]');
  return main && main.innerText !== before;
}"""


def main_text(page: Any) -> str:
    """What a viewer's page says (its main column), to see it change."""
    return str(page.evaluate("document.querySelector('[data-testid=\"stMain\"]').innerText"))


def button_named(name: str) -> Callable[[Any], Any]:
    return lambda page: page.get_by_role("button", name=re.compile(name)).first


def emblemes_reveal(page: Any) -> Any:
    """Pick the card and the place (buttons that send nothing), then « Valider » is the tap."""
    page.get_by_role("radio", name=re.compile("3 L'Espionne")).first.click()
    page.get_by_role("radio", name="Port", exact=True).first.click()
    return button_named("Valider la révélation")(page)


def camelot_play(page: Any) -> Any:
    """Pick the card (a button that sends nothing), then « Jouer cette carte » is the tap."""
    page.get_by_role("radio", name=re.compile("Rouge 3")).first.click()
    return button_named("Jouer cette carte")(page)


def elsen_vote(page: Any) -> Any:
    """Designate nobody (nothing is chosen in advance: the host taps it), then the button,
    which now says what it records, is the tap."""
    page.get_by_role("radio", name=re.compile("Personne \\(pas d'exclusion\\)")).first.click()
    button = button_named("Valider : personne n'est exclu")(page)
    button.wait_for(timeout=TIMEOUT)
    return button


def labystere_move(page: Any) -> Any:
    """After a roll, a lit cell of the board is the tap (the pawn goes there)."""
    return page.locator('[class*="st-key-lab_cell_"] button:not([disabled])').first


# (label, game, log example and events kept, button to tap (its name, or a function that
# prepares the form and returns it), undo from outside?)
ACTIONS: list[tuple[str, str, tuple[str, int], str | Callable[[Any], Any], bool]] = [
    ("Noé : annonce", "noe", ("noe-partie-a-100-points.json", 1), "Valider l'annonce", True),
    ("Emblèmes : carte + lieu + valider", "emblemes", ("emblemes-partie-a-trois.json", 1),
     emblemes_reveal, True),
    ("Labystère : lancer le dé", "labystere", ("labystere-partie.json", 0), "Lancer le dé", True),
    ("Labystère : avancer (case touchée)", "labystere", ("labystere-partie.json", 1),
     labystere_move, True),
    ("Camelot : jouer une carte", "camelot", ("camelot-exemples-de-la-regle.json", 2),
     camelot_play, True),
    ("ELSEN : « Suivant »", "elsen", ("elsen-exemple-de-la-regle.json", 1), "Suivant", False),
    ("ELSEN : valider le vote", "elsen", ("elsen-exemple-de-la-regle.json", 7),
     elsen_vote, True),
]


def bench_game(browser: Any, base: str, db: Path,
               action: tuple[str, str, tuple[str, int], str | Callable[[Any], Any], bool],
               taps: int, viewer_count: int = VIEWERS) -> tuple[list[float], list[float]]:
    label, game, (name, count), button, undo = action
    press = button_named(button) if isinstance(button, str) else button
    store, access = EventStore(db), Access(db)
    setup, events = example(name, count)
    if game == "noe":
        setup = {**setup, "target": 100_000}
    code = store.create(game, setup)
    for seq, event in enumerate(events):
        store.append(code, event, seq)
    token, _grant = access.issue(code, HOST)
    host_ctx = device(browser, 1024, 768)
    host = host_ctx.new_page()
    viewer_ctxs = [device(browser, 390, 844, slot) for slot in range(viewer_count)]
    viewers = [ctx.new_page() for ctx in viewer_ctxs]
    settle, lag = [], []
    try:
        public = [(viewer, f"{base}/{game}?code={code}&view=public", "vue publique")
                  for viewer in viewers]
        for i in range(taps + WARMUP):
            if game == "elsen" and undo:  # the narrator at its step's last line (the step: the
                # effective entries, undo lines resolved): the entry
                Positions(db).set_narrator(code, NarratorPlace(len(store.load(code).entries), 99))
            open_all([*(public if i == 0 else []),
                      (host, f"{base}/{game}?code={code}&host={token}", f"Partie {code}")])
            before = len(store.load(code).entries)
            shown = [main_text(viewer) for viewer in viewers]
            start = time.perf_counter()
            ms = tap(host, press)
            after = len(store.load(code).entries)
            if undo and after == before:
                raise SystemExit(f"{label} : le tap n'a rien enregistré")
            if undo:
                for viewer, text in zip(viewers, shown, strict=True):
                    viewer.wait_for_function(CHANGED_JS, arg=text, timeout=TIMEOUT, polling=20)
                seen = (time.perf_counter() - start) * 1000
                store.undo(code, store.seq(code))
                for viewer in viewers if i < taps + WARMUP - 1 else ():  # back to the
                    open_ready(viewer, viewer.url, "vue publique")  # state before (not timed)
            elif i < taps + WARMUP - 1:  # a narrator's line: back to where it was, by its
                tap(host, button_named("Retour"))  # own « Retour », for the next tap
            if i < WARMUP:
                continue
            settle.append(ms)
            if undo and viewers:
                lag.append(seen)
    finally:
        put_away(host_ctx)
        for ctx in viewer_ctxs:
            put_away(ctx)
    return settle, lag


def cpu_seconds(pid: int) -> float:
    """CPU time (user + system) a process has used so far (Linux /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def bench_idle(browser: Any, base: str, db: Path, pid: int, screens: int,
               seconds: float = 1.0 if quick() else 10.0) -> float:
    """Server CPU (ms per second) while a Noé game is open, untouched, on the host's tablet and
    `screens` public screens: what following the game costs when nothing happens."""
    store, access = EventStore(db), Access(db)
    setup, events = example("noe-partie-a-100-points.json", 4)
    code = store.create("noe", setup)
    for seq, event in enumerate(events):
        store.append(code, event, seq)
    token, _grant = access.issue(code, HOST)
    contexts = [device(browser, 390, 844, slot) for slot in range(screens + 1)]
    try:
        pages = [ctx.new_page() for ctx in contexts]
        open_all([(pages[0], f"{base}/noe?code={code}&host={token}", f"Partie {code}"),
                  *((page, f"{base}/noe?code={code}&view=public", "vue publique")
                    for page in pages[1:])])
        time.sleep(0.5 if quick() else 2)  # the pages' last runs end
        start, wall = cpu_seconds(pid), time.perf_counter()
        time.sleep(seconds)
        return (cpu_seconds(pid) - start) * 1000 / (time.perf_counter() - wall)
    finally:
        for ctx in contexts:
            put_away(ctx)


def bench_trivial(browser: Any, base: str, taps: int) -> list[float]:
    ctx = browser.new_context(viewport={"width": 1024, "height": 768}, locale="fr-FR")
    page = ctx.new_page()
    try:
        open_ready(page, base, "fois")
        values = [tap(page, button_named("Un bouton")) for _ in range(taps + WARMUP)]
    finally:
        ctx.close()
    return values[WARMUP:]


def main(taps: int, only: list[str] | None = None, idle: list[int] | None = None) -> None:
    from playwright.sync_api import sync_playwright

    unmeasured: list[str] = []
    folder = Path(tempfile.mkdtemp(prefix="taps-"))
    db = folder / "games.sqlite3"
    EventStore(db)
    trivial_script = folder / "trivial.py"
    trivial_script.write_text(TRIVIAL, encoding="utf-8")
    (app, base), (trivial, trivial_base) = serve((ROOT / "streamlit_app.py", db),
                                                 (trivial_script, folder / "unused.sqlite3"))
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            reference = bench_trivial(browser, trivial_base, taps)
            base_ms = statistics.median(reference)
            warm = "après un tap d'échauffement" if WARMUP else "le premier, sans échauffement"
            followed = "le premier jeu seulement" if quick() else "chaque jeu"
            print(f"{taps} taps par action ({warm}), hôte 1024×768, "
                  f"{VIEWERS} spectateurs 390×844 ({followed}) ; horloge de la page")
            print(line("page triviale (un bouton) : référence", reference))
            followed_once = False
            for action in ACTIONS:
                if only and action[1] not in only:
                    continue
                try:
                    settle, lag = bench_game(browser, base, db, action, taps,
                                             0 if quick() and followed_once else VIEWERS)
                    followed_once = True
                except Exception as exc:  # a page that changed its buttons: say so, go on
                    print(f"{action[0]:<46} (pas de mesure : {str(exc).splitlines()[0]})")
                    unmeasured.append(action[0])
                    continue
                print(line(action[0], settle, base_ms))
                if lag:
                    print(line(f"  {VIEWERS} spectateurs à jour (depuis le tap)", lag))
            for screens in idle or []:
                ms = bench_idle(browser, base, db, app.pid, screens)
                print(f"{f'serveur, hôte + {screens} écrans publics inactifs':<46} "
                      f"{ms:7.1f} ms de CPU par seconde ({ms / (screens + 1):.1f} par écran)")
            browser.close()
    finally:
        for proc in (app, trivial):
            proc.terminate()
            proc.wait(timeout=10)
    if unmeasured:  # the benchmark no longer reaches these pages' actions: it must be updated
        sys.exit(f"non mesuré : {', '.join(unmeasured)}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--taps", type=int, default=12)
    parser.add_argument("--only", nargs="*", choices=sorted({a[1] for a in ACTIONS}),
                        metavar="JEU", help="seulement ces jeux (la page triviale est mesurée "
                        "quand même)")
    parser.add_argument("--idle", nargs="*", type=int, default=[4, 12], metavar="ÉCRANS",
                        help="mesurer le coût serveur d'une partie suivie sans que rien ne se "
                        "passe, avec ce nombre d'écrans publics (défaut : 4 et 12)")
    parser.add_argument("--quick", action="store_true", help=QUICK_HELP)
    arguments = parser.parse_args()
    if arguments.quick:  # every game, one tap, the idle host alone (CI)
        arguments.taps, arguments.idle = 1, [0]
    main(arguments.taps, arguments.only, arguments.idle)
