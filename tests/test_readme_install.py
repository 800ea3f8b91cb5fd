"""The README's installation, as a stranger types it (issue 37): the block between
« <!-- install: » and « <!-- /install --> » is read from README.md and each line run by bash,
in a copy of the checkout whose folder and home folder hold a space and an accent. pip resolves
the dependencies as it does for a user (from the package registry, through pip's cache). A
`companion app` line is started on a free port, answered on /_stcore/health, then stopped."""

from __future__ import annotations

import os
import re
import subprocess
from pathlib import Path

import pytest
from conftest import _free_port, answering, stop

ROOT = Path(__file__).resolve().parent.parent
BLOCK = re.compile(r"<!-- install:.*?-->\n```sh\n(.*?)```\n<!-- /install -->", re.S)


def readme_commands() -> list[str]:
    found = BLOCK.search((ROOT / "README.md").read_text(encoding="utf-8"))
    assert found, "README.md : bloc d'installation introuvable"
    return [line.split("  #")[0].strip() for line in found.group(1).splitlines()
            if line.strip() and not line.lstrip().startswith("#")]


def test_the_readme_names_no_package_index_install() -> None:
    """The package is on no index: no line asks an index for it by name."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    blocks = "".join(re.findall(r"```(?:sh|powershell)\n(.*?)```", text, re.S))
    assert not re.search(r"pipx? install ['\"]?compagnon-de-table", blocks)
    assert "on no package index" in text


@pytest.fixture(scope="module")
def checkout(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, str]]:
    """A copy of the tracked files in « dépôt du club/compagnon », and a user whose home is
    « maison é »."""
    base = tmp_path_factory.mktemp("readme")
    folder = base / "dépôt du club" / "compagnon"
    folder.mkdir(parents=True)
    files = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True,
                           check=True).stdout
    subprocess.run(["tar", "--null", "-T", "-", "-cf", "-"], cwd=ROOT, input=files,
                   stdout=open(base / "src.tar", "wb"), check=True)  # noqa: SIM115
    subprocess.run(["tar", "-xf", str(base / "src.tar"), "-C", str(folder)], check=True)
    home = base / "maison é"
    home.mkdir()
    env = {k: v for k, v in os.environ.items()
           if k not in ("PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV")}
    cache = Path(os.environ.get("PIP_CACHE_DIR", Path.home() / ".cache" / "pip"))
    # PIP_NO_COMPILE: pip byte-compiles Streamlit, pandas and pyarrow after each of the three
    # installs; that is pip's own work, not the README's (Python compiles what it imports at
    # first use anyway).
    env.update(HOME=str(home), PIP_CACHE_DIR=str(cache), PIP_DISABLE_PIP_VERSION_CHECK="1",
               PIP_NO_COMPILE="1",
               COMPANION_DB=str(base / "parties.sqlite3"), PATH="/usr/bin:/bin")
    return folder, env


def serve(command: str, folder: Path, env: dict[str, str]) -> None:
    port = _free_port()
    server = subprocess.Popen(["bash", "-c", f"{command} --port {port}"], cwd=folder, env=env,
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    try:
        if not answering(f"http://127.0.0.1:{port}", server):
            pytest.fail(f"« {command} » n'a pas répondu : "
                        f"{server.stderr and server.stderr.read()}")
    finally:
        stop(server)


@pytest.mark.long
def test_every_install_command_of_the_readme_runs(
        checkout: tuple[Path, dict[str, str]]) -> None:
    folder, env = checkout
    commands = readme_commands()
    assert any("pip install '.[app]'" in c for c in commands)
    assert any("pip wheel" in c for c in commands)
    outputs = []
    for command in commands:
        if " app" in command.split("companion", 1)[-1][:5]:
            serve(command, folder, env)
            continue
        done = subprocess.run(["bash", "-c", command], cwd=folder, env=env,
                              capture_output=True, text=True, timeout=600)
        assert done.returncode == 0, f"« {command} » : {done.stderr[-2000:]}"
        outputs.append(done.stdout)
    home = Path(env["HOME"])
    assert "Compagnon de table (compagnon-de-table)" in "".join(outputs)
    assert "93 cartes" in "".join(outputs)  # `companion games` of the CLI-only install
    cli = subprocess.run([str(home / "compagnon-cli" / "bin" / "python"), "-c",
                          "import importlib.util as u; print(u.find_spec('streamlit'))"],
                         capture_output=True, text=True, env=env)
    assert cli.stdout.strip() == "None"  # no Streamlit without [app]
    wheel = subprocess.run([str(home / "ailleurs" / "bin" / "companion"), "--version"],
                           capture_output=True, text=True, env=env, cwd=home)
    assert wheel.returncode == 0 and "compagnon-de-table" in wheel.stdout


def test_the_steps_without_make_are_make_s() -> None:
    """README › Without make installs and tests as `make` does (make's steps run in CI)."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    for step in ("pip install --require-hashes -r requirements/dev.txt",
                 "pip install --no-deps -e .", "companion app --port 8501",
                 "ruff check .", "python -m pytest -n auto --dist loadfile"):
        assert step.replace("--quiet ", "") in readme, step
        assert step in makefile.replace("--quiet ", ""), step
