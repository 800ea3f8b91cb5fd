"""The product as a club organiser installs it (issue 26): the wheel, installed into a fresh venv
outside the checkout, serves the table assistant with `companion app` (seen in chromium) and
shows its licences; the CLI starts without Streamlit; paths with spaces and accents, CRLF files
and an ASCII console are handled.

The fresh venv gets the wheel alone (`--no-deps --no-index`: offline and fast) and sees the
dependencies of the running interpreter through a .pth line, not its editable checkout (a .pth
file's own .pth lines are not read), so the code that runs is the wheel's."""

from __future__ import annotations

import os
import subprocess
import sys
import sysconfig
import time
import tomllib
import urllib.request
import venv
import zipfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from conftest import _free_port, _require_browser, answering, stop

ROOT = Path(__file__).resolve().parent.parent
TIMEOUT = 30_000


def clean_env(**extra: str) -> dict[str, str]:
    """The environment of a user's shell: no PYTHONPATH pointing at a checkout."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME")}
    return env | extra


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The bin folder of a fresh venv holding the wheel built from this checkout."""
    base = tmp_path_factory.mktemp("install")
    wheels = base / "wheels"
    build = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", str(ROOT), "--no-deps", "--no-build-isolation",
         "--quiet", "-w", str(wheels)], capture_output=True, text=True, env=clean_env())
    assert build.returncode == 0, build.stderr
    wheel = next(wheels.glob("*.whl"))
    names = set(zipfile.ZipFile(wheel).namelist())
    for name in ("tableapp/process/launch.py", "tableapp/_entry/streamlit_app.py",
                 "tableapp/_entry/config.toml", "tableapp/pages/home.py",
                 "companion/_legal/LICENSE", "companion/_legal/NOTICE",
                 "companion/_legal/CHANGELOG.md",
                 "print_kit/fonts/LICENSE-DejaVu.txt"):
        assert name in names, name
    target = base / "venv folder é"
    venv.create(target, with_pip=False, symlinks=os.name != "nt")
    python = target / ("Scripts" if os.name == "nt" else "bin") / "python"
    install = subprocess.run(
        [sys.executable, "-m", "pip", "--python", str(python), "install", "--no-deps",
         "--no-index", "--quiet", str(wheel)], capture_output=True, text=True, env=clean_env())
    assert install.returncode == 0, install.stderr
    purelib = subprocess.run([str(python), "-c", "import sysconfig; "
                              "print(sysconfig.get_paths()['purelib'])"],
                             capture_output=True, text=True, check=True).stdout.strip()
    shared = {sysconfig.get_paths()["purelib"], sysconfig.get_paths()["platlib"]}
    Path(purelib, "shared-dependencies.pth").write_text("\n".join(sorted(shared)) + "\n")
    return python.parent


def run(bin_dir: Path, *args: str, cwd: Path, **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(bin_dir / "companion"), *args], capture_output=True, text=True,
                          cwd=cwd, env=clean_env(**env), timeout=120)


def test_the_installed_cli_shows_its_version_licence_and_credits(installed: Path,
                                                                 tmp_path: Path) -> None:
    done = run(installed, "--version", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    declared = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert f"compagnon-de-table) {declared['project']['version']}" in done.stdout
    assert "Licence du code : MIT" in done.stdout and str(installed.parent) in done.stdout
    assert "OpenMoji" in done.stdout and "CC BY-SA 4.0" in done.stdout
    assert "DejaVu Sans" in done.stdout
    games = run(installed, "games", cwd=tmp_path)
    assert games.returncode == 0 and "93 cartes" in games.stdout, games.stderr


@pytest.fixture
def served(installed: Path, tmp_path: Path) -> Iterator[tuple[str, Path]]:
    """`companion app --port N --db TMP --local` of the installed package, started from a
    folder of its own; yields the URL and the database."""
    _require_browser()
    port = _free_port()
    folder = tmp_path / "club d'été"
    folder.mkdir()
    db = folder / "parties du club.sqlite3"
    server = subprocess.Popen(
        [str(installed / "companion"), "app", "--port", str(port), "--db", str(db), "--local"],
        cwd=folder, env=clean_env(), stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
        text=True)
    url = f"http://127.0.0.1:{port}"
    try:
        if not answering(url, server):
            pytest.fail("companion app n'a pas répondu sur /_stcore/health en 60 s")
        yield url, db
    finally:
        stop(server)


@pytest.mark.browser
def test_companion_app_of_the_installed_wheel_serves_the_home_page(
        served: tuple[str, Path], page: Any) -> None:
    url, db = served
    page.goto(url, wait_until="domcontentloaded")
    page.get_by_role("heading", name="Compagnon de table").first.wait_for(timeout=TIMEOUT)
    page.get_by_text("Reprendre une partie").first.wait_for(timeout=TIMEOUT)
    body = page.inner_text("body")
    assert "Traceback" not in body and "Noé" in body
    # nothing written in the folder it was started from but the games, where --db said
    assert {p.name for p in db.parent.iterdir()} <= {db.name, db.name + "-wal",
                                                      db.name + "-shm"}


def test_companion_app_prints_its_address_and_a_qr_code(installed: Path,
                                                        tmp_path: Path) -> None:
    """The start-up lines, from the installed package, then stopped at once."""
    port = _free_port()
    server = subprocess.Popen(
        [str(installed / "companion"), "app", "--port", str(port), "--address", "127.0.0.1",
         "--db", str(tmp_path / "g.sqlite3")], cwd=tmp_path,
        env=clean_env(PYTHONIOENCODING="utf-8"), stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT, text=True, encoding="utf-8")
    deadline = time.monotonic() + 60
    try:
        while time.monotonic() < deadline and server.poll() is None:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/_stcore/health",
                                            timeout=2):
                    break
            except OSError:
                time.sleep(0.3)
    finally:
        server.terminate()
        output, _ = server.communicate(timeout=20)
    assert f"Ouvrez http://localhost:{port} dans un navigateur de cet ordinateur" in output
    assert "█" in output  # the QR code, drawn with blocks
    assert "Parties enregistrées dans : " + str(tmp_path / "g.sqlite3") in output
    assert " INFO companion.app : assistant de table sur 127.0.0.1:" in output  # time, level
    assert "You can now view" not in output  # Streamlit's English welcome is off
