"""Server-side rerun time of app pages, beside the baseline every page benchmark compares
against: a trivial one-widget page measured in the same run.

Run: `.venv/bin/python benchmarks/app_rerun.py [--quick]`. Other benchmarks import the helpers:

    sys.path.insert(0, str(Path(__file__).parent))   # benchmarks/ is not a package
    from app_rerun import app_for, compare

    medians = compare({"tableau des scores": app_for(scoreboard, {"code": code})})
    # prints each median beside the trivial page's; returns {name: ms, BASELINE: ms}

A rerun is `AppTest.run()` of an already-run session (what a click costs on the server, minus
the network); the page and the baseline pay the same AppTest overhead, and their reruns are
interleaved so that both see the same machine load (the machine is shared).
"""

from __future__ import annotations

import os
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# the checkout first, ahead of benchmarks/ itself: benchmarks/print_pdfs.py must not shadow
# the print_kit package the app's pages import
sys.path.insert(0, str(ROOT))

from _timing import quick  # noqa: E402
from streamlit.testing.v1 import AppTest  # noqa: E402

RUNS = 3 if quick() else 60  # --quick: every page run, few times (CI)
WARMUP = 1 if quick() else 3
BASELINE = "page triviale (un bouton) : référence"


def trivial_page() -> None:
    """The baseline: one widget and nothing else."""
    import streamlit as st

    st.button("Un bouton")


def app_for(page: Callable[[], None] | str, query_params: dict[str, str] | None = None,
            ) -> AppTest:
    """A session of a page: a function (its source is run as the script, so it does its own
    imports) or the path of a script, opened with these query parameters."""
    app = (AppTest.from_file(page, default_timeout=60) if isinstance(page, str)
           else AppTest.from_function(page, default_timeout=60))
    app.query_params.update(query_params or {})
    return app


def interleaved_medians(apps: dict[str, AppTest], runs: int = RUNS) -> dict[str, float]:
    """Median rerun (ms) of each app, measured in turns (first run and warm-up not counted)."""
    for name, app in apps.items():
        app.run()
        if app.exception:
            raise RuntimeError(f"{name} : exception : {app.exception[0].value}")
        for _ in range(WARMUP):
            app.run()
    times: dict[str, list[float]] = {name: [] for name in apps}
    for _ in range(runs):
        for name, app in apps.items():
            start = time.perf_counter()
            app.run()
            times[name].append((time.perf_counter() - start) * 1000)
    return {name: statistics.median(values) for name, values in times.items()}


def compare(pages: dict[str, AppTest], runs: int = RUNS) -> dict[str, float]:
    """Measure the pages and the trivial page together; print each beside the baseline."""
    medians = interleaved_medians({BASELINE: app_for(trivial_page), **pages}, runs)
    base = medians[BASELINE]
    print(f"{BASELINE:<44} {base:8.1f} ms")
    for name in pages:
        print(f"{name:<44} {medians[name]:8.1f} ms  ({medians[name] / base:4.1f}× la référence)")
    return medians


def baseline_ms(runs: int = RUNS) -> float:
    """Median rerun of the trivial one-widget page alone."""
    return interleaved_medians({BASELINE: app_for(trivial_page)}, runs)[BASELINE]


# --- this module's own figures: the shell and the game-page contract --------------------------


def contract_page() -> None:
    """A game page reduced to the shared contract: load the game from ?code=, show the
    toolbar."""
    import streamlit as st

    from tableapp.table.gamepage import current_game, toolbar

    stored = current_game("noe")
    st.write(stored.state.summary()["scores"])
    toolbar(stored)


def noe_page() -> None:
    """Noé's game page as a device sees it (host or public view, by the query string)."""
    import tableapp.pages.noe as noe

    noe.play()


def noe_match(players: int = 6, manches: int = 20) -> dict:
    """A Noé match of `manches` full manches: everyone but one announces a Complot."""
    names = [f"Joueur {i + 1}" for i in range(players)]
    events = []
    for manche in range(1, manches + 1):
        for name in names[:-1]:
            events.append({"type": "announcement", "manche": manche, "player": name,
                           "announcement": "complot"})
    return {"players": names, "events": events, "target": 100_000}


def main() -> None:
    os.environ.setdefault("COMPANION_DB", str(Path(tempfile.mkdtemp()) / "bench.sqlite3"))
    from companion.events.store import EventStore
    from companion.hosting.access import HOST, Access

    match = noe_match()
    store = EventStore()
    code = store.create("noe", {"players": match["players"], "target": match["target"]})
    for seq, event in enumerate(match["events"]):
        store.append(code, event, seq)
    token, _grant = Access(store.path).issue(code, HOST)
    events = len(match["events"])
    compare({
        "accueil (liste des jeux, reprendre)": app_for(str(ROOT / "streamlit_app.py")),
        f"contrat de page, Noé {events} événements": app_for(contract_page, {"code": code}),
        f"Noé, page de l'hôte ({events} événements)":
            app_for(noe_page, {"code": code, "host": token}),
        "Noé, vue publique": app_for(noe_page, {"code": code, "view": "public"}),
    })
    cold, warm = [], []
    for _ in range(3 if quick() else 20):
        store.clear_cache()  # force the read + replay a new log length costs
        start = time.perf_counter()
        store.load(code)
        cold.append((time.perf_counter() - start) * 1000)
        start = time.perf_counter()
        store.load(code)  # the same length again: the replay is reused
        warm.append((time.perf_counter() - start) * 1000)
    print(f"{'EventStore.load, lecture + rejeu':<44} {statistics.median(cold):8.2f} ms")
    print(f"{'EventStore.load, instantané en mémoire':<44} {statistics.median(warm):8.2f} ms")


if __name__ == "__main__":
    main()
