"""Shared fixtures: a throwaway event store, and a real app server + Chromium for browser tests.

Browser tests run in Debian's chromium-headless-shell (the same engine as its chromium, without
the desktop browser around it: about half the processor time a page load takes, the suite's
largest cost; benchmarks/phone_pages.py measures both); where it is missing, in chromium. They
skip where neither is installed, unless COMPANION_REQUIRE_BROWSER=1 (set by .ci/run), which turns
the skip into a failure."""

from __future__ import annotations

import functools
import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, settings

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = (shutil.which("chromium-headless-shell") or shutil.which("chromium")
            or "/usr/bin/chromium-headless-shell")

# Tests never assert timings (benchmarks/ measures them): Hypothesis' per-example deadline and
# its « too slow » health check fail a correct property on a loaded machine (the suite runs on
# two workers, beside browsers), so neither applies here; the number of examples is unchanged.
settings.register_profile("compagnon", deadline=None,
                          suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("compagnon")


# --- no test writes inside the checkout ------------------------------------------------------
# A test once committed a SQLite file at `postgresql:/companion@…/test_7` (a URL taken for a
# path, relative to the checkout): `git clone` then fails on Windows. The run fails when it
# leaves anything git would see (ignored caches such as .pytest_cache excepted).


_BEFORE = pytest.StashKey[set[str] | None]()


def _checkout_status() -> set[str] | None:
    """`git status` of the checkout, one entry per changed or untracked file; None outside
    a git checkout (an sdist, a wheel's tests)."""
    try:
        done = subprocess.run(["git", "status", "--porcelain", "--untracked-files=all"],
                              cwd=ROOT, capture_output=True, text=True, timeout=60)
    except (OSError, subprocess.TimeoutExpired):
        return None
    return set(done.stdout.splitlines()) if done.returncode == 0 else None


def pytest_sessionstart(session: pytest.Session) -> None:
    session.config.stash[_BEFORE] = _checkout_status()


# --- what the browser tests cost (--page-loads, tests/pageloads.py) ---------------------------

_LOADS = pytest.StashKey[Any]()


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--page-loads", metavar="FICHIER", default=None,
                     help="compter, par fichier de tests, les contextes du navigateur et les "
                          "pages chargées (tableau en fin de séance ; FICHIER : les comptes "
                          "des workers)")


def pytest_runtest_setup(item: pytest.Item) -> None:
    counter = item.config.stash.get(_LOADS, None)
    if counter is not None:
        counter.file = item.nodeid.split("::")[0]


def _page_loads_at_finish(config: pytest.Config) -> None:
    """A worker (or a run without workers) saves its counts; the controller prints them all."""
    option = config.getoption("--page-loads")
    if option is None:
        return
    counter = config.stash.get(_LOADS, None)
    if counter is not None:
        counter.save(Path(option))
    if not hasattr(config, "workerinput"):
        from pageloads import table

        reporter = config.pluginmanager.get_plugin("terminalreporter")
        if reporter is not None:
            reporter.write_sep("-", "navigateur : pages chargées par fichier de tests")
            for line in table(Path(option)):
                reporter.write_line(line)


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    _page_loads_at_finish(session.config)
    before = session.config.stash.get(_BEFORE, None)
    after = _checkout_status() if before is not None else None
    if before is None or after is None:
        return
    left = sorted(after - before)
    if left:
        reporter = session.config.pluginmanager.get_plugin("terminalreporter")
        text = ("des tests ont écrit dans le dépôt (utilisez tmp_path) :\n  "
                + "\n  ".join(left))
        if reporter is not None:
            reporter.write_line(text, red=True)
        else:
            print(text, file=sys.stderr)
        session.exitstatus = pytest.ExitCode.TESTS_FAILED


def _scan_components_once() -> None:
    """Each new AppTest has Streamlit scan the metadata of every installed distribution for
    components (about half a second, most of a short page test's own time). What is installed
    does not change during a run: the scan is made once a process, and its list handed out
    afresh each time. Where this Streamlit has no such scan, nothing is changed."""
    try:
        from streamlit.components.v2 import manifest_scanner
    except ImportError:
        return
    scan = getattr(manifest_scanner, "scan_component_manifests", None)
    if scan is None or hasattr(scan, "made_once"):
        return
    once = functools.cache(scan)

    def scan_once(max_workers: int | None = None) -> list[Any]:
        return list(once())

    scan_once.made_once = True  # type: ignore[attr-defined]
    manifest_scanner.scan_component_manifests = scan_once


def pytest_configure(config: pytest.Config) -> None:
    """xdist would hand files out by their number of tests, most first (the many quick ones);
    the order of pytest_collection_modifyitems below is kept instead. With --page-loads, this
    process counts (the controller starts afresh the file its workers write to)."""
    _scan_components_once()
    if hasattr(config.option, "loadscopereorder"):
        config.option.loadscopereorder = False
    option = config.getoption("--page-loads")
    if option is not None:
        from pageloads import PageLoads

        if not hasattr(config, "workerinput"):
            Path(option).unlink(missing_ok=True)
        config.stash[_LOADS] = PageLoads()


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """`-n auto`: one worker more than this process may use processors. A browser test's
    worker mostly waits for its browser and its app server (other processes): with a worker a
    processor, two cores stayed about a fifth idle (the suite in 10 min 59 s); with three
    workers, 95 % busy and 9 min 2 s."""
    cores = (len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity")
             else os.cpu_count() or 1)
    return cores + 1


def file_order(rank: dict[str, int]) -> list[str]:
    """Each test file once, from its rank (0 long, 1 browser, 2 the others; in collection
    order within a rank): the long ones, then each browser file followed by its share of the
    first half of the others, then the second half."""
    files = sorted(rank, key=lambda name: rank[name])  # stable: collection order within a rank
    # A browser test's worker waits for its page a good part of the time: with the browser files
    # alone, the two cores were 85 % busy; half of the other files go between them, the other
    # half last, so that no worker is left alone at the end
    browser = [name for name in files if rank[name] == 1]
    rest = [name for name in files if rank[name] == 2]
    between = rest[:len(rest) // 2] if browser else []
    order = [name for name in files if rank[name] == 0]
    for number, name in enumerate(browser):
        order.append(name)
        order += between[len(between) * number // len(browser):
                         len(between) * (number + 1) // len(browser)]
    return order + rest[len(between):]


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """A test that drives Chromium is a browser test, one that talks to the app server is
    realclock (marked so, whatever its file), and the
    files are ordered for `pytest -n auto --dist loadfile`, which hands whole files to the
    workers in this order: the minutes-long ones first, then the browser ones with half of the
    rest between them, then the other half, so no worker is left alone with a long file at the
    end while the other waits."""
    for item in items:
        if "browser" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.browser)
        if "app_server" in getattr(item, "fixturenames", ()):  # a live server's timers
            item.add_marker(pytest.mark.realclock)
    rank: dict[str, int] = {}
    for item in items:
        here = 0 if item.get_closest_marker("long") else (
            1 if item.get_closest_marker("browser") else 2)
        rank[item.nodeid.split("::")[0]] = min(here, rank.get(item.nodeid.split("::")[0], 2))
    order = file_order(rank)
    position = {name: place for place, name in enumerate(order)}
    items.sort(key=lambda item: position[item.nodeid.split("::")[0]])  # files stay whole


@pytest.fixture(autouse=True)
def _isolated_db(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Every test gets its own SQLite file: no test sees another's games or the user's."""
    db = tmp_path / "games.sqlite3"
    monkeypatch.setenv("COMPANION_DB", str(db))
    return db


BACKENDS = ("sqlite", "postgresql")


@pytest.fixture(scope="session")
def pg_server() -> Iterator[object]:
    """One PostgreSQL server for the whole session (tests/pgserver.py); skipped with the reason
    where the distribution's binaries or psycopg are absent, unless COMPANION_REQUIRE_POSTGRES=1
    (set by .ci/run), which makes that a failure."""
    from pgserver import PgServer, missing_reason

    reason = missing_reason()
    if reason is not None:
        if os.environ.get("COMPANION_REQUIRE_POSTGRES") == "1":
            pytest.fail(reason)
        pytest.skip(reason)
    server = PgServer()
    yield server
    server.stop()


_databases = iter(range(1, 10**9))


@pytest.fixture(params=BACKENDS)
def db_location(request: pytest.FixtureRequest, tmp_path: Path,
                monkeypatch: pytest.MonkeyPatch) -> Iterator[str | Path]:
    """Where a store test keeps its games, once per backend: a new SQLite file, or a new
    PostgreSQL database on the session's server; COMPANION_DB points at it."""
    if request.param == "sqlite":
        location: str | Path = tmp_path / "store.sqlite3"
    else:
        server = request.getfixturevalue("pg_server")
        location = server.database(f"test_{next(_databases)}")  # type: ignore[attr-defined]
    monkeypatch.setenv("COMPANION_DB", str(location))
    yield location
    if request.param != "sqlite":
        import gc

        gc.collect()  # closes the connections of the stores this test made


@pytest.fixture(autouse=True)
def _error_details_in_headless_tests() -> None:
    """Players see no traceback (.streamlit/config.toml); AppTest failures should show theirs."""
    from streamlit import config

    config.set_option("client.showErrorDetails", "full")


def _require_browser() -> None:
    if not Path(CHROMIUM).exists():
        if os.environ.get("COMPANION_REQUIRE_BROWSER") == "1":
            pytest.fail("chromium est requis (COMPANION_REQUIRE_BROWSER=1) mais introuvable")
        pytest.skip("chromium absent : apt-get install chromium-headless-shell")
    try:
        import playwright  # noqa: F401
    except ImportError:
        pytest.fail("le paquet playwright manque (extra test)")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def answering(url: str, process: subprocess.Popen, seconds: float = 60) -> bool:
    """Whether the app server at `url` answers « ok » on /_stcore/health within `seconds`,
    while its `process` lives."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline and process.poll() is None:
        try:
            with urllib.request.urlopen(f"{url}/_stcore/health", timeout=2) as answer:
                if answer.read() == b"ok":
                    return True
        except OSError:
            time.sleep(0.3)
    return False


def stop(process: subprocess.Popen) -> None:
    """Terminate a server started by a test, killed if it lingers."""
    process.terminate()
    try:
        process.communicate(timeout=15)
    except subprocess.TimeoutExpired:
        process.kill()
        process.communicate()


@contextmanager
def running_app(db: str | Path) -> Iterator[str]:
    """The real app on a free localhost port using the database `db`, started as its users
    start it (`companion app`: the project's settings and its server's); its base URL."""
    port = _free_port()
    env = dict(os.environ, COMPANION_DB=str(db), COMPANION_PUBLIC_URL=f"http://localhost:{port}")
    proc = subprocess.Popen(
        [sys.executable, "-m", "companion", "app", "--local", "--port", str(port)],
        cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
    )
    url = f"http://127.0.0.1:{port}"
    try:
        if not answering(url, proc):
            pytest.fail("le serveur Streamlit n'a pas démarré en 60 s")
        yield url
    finally:
        stop(proc)


@pytest.fixture(scope="session")
def app_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The real app on a free localhost port, with its own database; yields its base URL."""
    _require_browser()
    with running_app(tmp_path_factory.mktemp("app-db") / "games.sqlite3") as url:
        yield url


@pytest.fixture(scope="session")
def browser(pytestconfig: pytest.Config) -> Iterator[object]:
    _require_browser()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(
            executable_path=CHROMIUM,
            args=["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                  "--disable-quic", "--no-first-run", "--disable-component-update",
                  "--disable-sync",
                  # the headless shell hints glyphs by default, the desktop browser does not:
                  # its text came out a pixel or two wider a word, and a row of choices
                  # wrapped at 1024 px where a tablet's browser keeps it on one line
                  "--font-render-hinting=none"],
        )
        opened = b.new_context

        def new_context(**options: Any) -> Any:
            """Every context counts its pages' finished runs (tests/tapping.py › after_tap)."""
            from tapping import RUN_COUNTER

            context = opened(**options)
            context.add_init_script(RUN_COUNTER)
            counter = pytestconfig.stash.get(_LOADS, None)
            if counter is not None:
                counter.watch(context)
            return context

        b.new_context = new_context  # type: ignore[method-assign]
        yield b
        b.close()


@pytest.fixture
def tab(browser: Any, request: pytest.FixtureRequest) -> Iterator[Any]:
    """A page in a browser context of its own, at the size the test is parametrised with
    (indirectly: « telephone » 390×844 or « tablette » 1024×768, tests/tapping.py › SIZES).
    A module may define its own `tab`, which then wins."""
    from tapping import SIZES

    context = browser.new_context(viewport=SIZES[request.param], locale="fr-FR")
    try:
        yield context.new_page()
    finally:
        context.close()


@pytest.fixture
def page(browser: object) -> Iterator[object]:
    context = browser.new_context(viewport={"width": 1024, "height": 1366}, locale="fr-FR")  # type: ignore[attr-defined]
    pg = context.new_page()
    yield pg
    context.close()

