"""Smoke test of an installed Compagnon de table (run by .ci/lowest with the Python of a venv
holding the lowest versions pyproject.toml allows): every Streamlit call of the pages accepts
the keywords the code gives it, every private part of Streamlit the app hooks is there, the
home page runs headlessly, `companion app` serves
/_stcore/health and its page, and the print kit prints one game. Exit 1 with the reasons.

Usage: python .ci/smoke.py   (from any folder; nothing is written outside a temporary one)"""

from __future__ import annotations

import ast
import inspect
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

failures: list[str] = []


def fail(text: str) -> None:
    print(f"ÉCHEC : {text}", flush=True)
    failures.append(text)


def streamlit_calls(files: list[Path]) -> list[tuple[str, str, set[str]]]:
    """(file:line, function, keywords) of every `st.name(..., keyword=...)` call."""
    calls = []
    for path in files:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                    and isinstance(node.func.value, ast.Name) and node.func.value.id == "st"):
                keywords = {k.arg for k in node.keywords if k.arg is not None}
                calls.append((f"{path.name}:{node.lineno}", node.func.attr, keywords))
    return calls


def check_api(package: Path, script: Path) -> None:
    import streamlit as st

    files = sorted(package.rglob("*.py")) + [script]
    calls = streamlit_calls(files)
    for where, name, keywords in calls:
        function = getattr(st, name, None)
        if function is None:
            fail(f"{where} : st.{name} n'existe pas dans Streamlit {st.__version__}")
            continue
        try:
            parameters = inspect.signature(function).parameters
        except (TypeError, ValueError):
            continue
        if any(p.kind is p.VAR_KEYWORD for p in parameters.values()):
            continue
        missing = keywords - set(parameters)
        if missing:
            fail(f"{where} : st.{name}() n'accepte pas {sorted(missing)} dans Streamlit "
                 f"{st.__version__}")
    print(f"API : {len(calls)} appels à Streamlit {st.__version__} vérifiés", flush=True)


def check_home_page(script: Path) -> None:
    from streamlit.testing.v1 import AppTest

    at = AppTest.from_file(str(script), default_timeout=60).run()
    if at.exception:
        fail(f"page d'accueil : {[e.message for e in at.exception]}")
    elif not at.title and not at.markdown:
        fail("page d'accueil vide")
    else:
        print("page d'accueil (AppTest) : ok", flush=True)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def check_server(companion: str, folder: Path) -> None:
    port = free_port()
    db = folder / "parties du club é.sqlite3"
    server = subprocess.Popen([companion, "app", "--local", "--port", str(port), "--db",
                               str(db)], stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                              text=True, cwd=folder)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 90
        while time.monotonic() < deadline:
            try:
                with urllib.request.urlopen(f"{url}/_stcore/health", timeout=2) as answer:
                    if answer.read() == b"ok":
                        break
            except OSError:
                if server.poll() is not None:
                    break
                time.sleep(0.5)
        else:
            fail("companion app : /_stcore/health sans réponse en 90 s")
            return
        if server.poll() is not None:
            fail(f"companion app s'est arrêté : {server.stdout.read()[-2000:]}")  # type: ignore[union-attr]
            return
        with urllib.request.urlopen(url, timeout=10) as answer:
            html = answer.read().decode("utf-8", "replace")
        if "<div id=\"root\">" not in html and "id=\"root\"" not in html:
            fail("companion app : la page d'accueil n'est pas celle de Streamlit")
        else:
            print(f"companion app : {url} répond (santé et page)", flush=True)
    finally:
        server.terminate()
        try:
            output, _ = server.communicate(timeout=15)
        except subprocess.TimeoutExpired:
            server.kill()
            output, _ = server.communicate()
    if "Ouvrez http://localhost:" not in output:
        fail(f"companion app n'a pas affiché son adresse : {output[-2000:]}")


def check_print_kit(companion: str, folder: Path) -> None:
    out = folder / "kit"
    done = subprocess.run([companion, "print", "noe", "--out", str(out)], capture_output=True,
                          text=True, timeout=300)
    pdfs = sorted(out.glob("*.pdf"))
    if done.returncode != 0 or not pdfs:
        fail(f"companion print noe : code {done.returncode} {done.stderr[-2000:]}")
        return
    if not all(p.read_bytes()[:5] == b"%PDF-" for p in pdfs):
        fail("companion print noe : un fichier n'est pas un PDF")
    print(f"kit d'impression : {len(pdfs)} PDF de Noé", flush=True)


def check_internals() -> None:
    """Every private part of Streamlit the app hooks is there (tableapp/serving/internals)."""
    from tableapp.serving import internals

    for gone in internals.missing():
        fail(f"Streamlit sans {gone.module}.{gone.attribute} : {gone.used_for}")
    print(f"internes : {len(internals.INTERNALS)} vérifiés", flush=True)


def main() -> int:
    import tableapp
    from tableapp.process import launch

    bin_dir = Path(sys.executable).parent
    companion = shutil.which("companion", path=str(bin_dir)) or str(bin_dir / "companion")
    version = subprocess.run([companion, "--version"], capture_output=True, text=True)
    if "OpenMoji" not in version.stdout:
        fail(f"companion --version sans les crédits : {version.stdout} {version.stderr}")
    script = launch.script_path()
    check_api(Path(tableapp.__file__).parent, script)
    check_internals()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        os.environ["COMPANION_DB"] = str(folder / "apptest.sqlite3")
        os.environ["COMPANION_CACHE_DIR"] = str(folder / "cache")
        check_home_page(script)
        check_server(companion, folder)
        check_print_kit(companion, folder)
    if failures:
        print(f"{len(failures)} échec(s)", flush=True)
        return 1
    print("smoke : tout va bien", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
