"""The package works from a non-editable install: data files travel as package data."""

from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_wheel_carries_the_data_and_works_outside_the_checkout(tmp_path: Path) -> None:
    wheels = tmp_path / "wheels"
    build = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", str(ROOT), "--no-deps", "--no-build-isolation",
         "--quiet", "-w", str(wheels)], capture_output=True, text=True)
    assert build.returncode == 0, build.stderr
    wheel = next(wheels.glob("*.whl"))
    names = zipfile.ZipFile(wheel).namelist()
    for game in ("noe", "emblemes", "labystere", "camelot", "elsen"):
        assert f"companion/_data/{game}.yaml" in names
    target = tmp_path / "site"
    install = subprocess.run(
        [sys.executable, "-m", "pip", "install", "--no-deps", "--quiet", "--target",
         str(target), str(wheel)], capture_output=True, text=True)
    assert install.returncode == 0, install.stderr
    probe = ("import companion, json; from companion.core.datafiles import data_dir;"
             "from tableapp.console import main; print(companion.__file__); print(data_dir());"
             "main(['games', '--format', 'json'])")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    run = subprocess.run([sys.executable, "-I", "-c", f"import sys; sys.path.insert(0, "
                          f"{str(target)!r}); sys.path.append({_site_packages()!r}); {probe}"],
                         capture_output=True, text=True, cwd=elsewhere)
    assert run.returncode == 0, run.stderr
    lines = run.stdout.splitlines()
    assert lines[0].startswith(str(target))
    assert lines[1] == str(target / "companion" / "_data")
    assert '"cards": 93' in run.stdout


def _site_packages() -> str:
    import pydantic

    return str(Path(pydantic.__file__).resolve().parent.parent)
