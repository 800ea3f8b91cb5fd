"""What runs is named (issue 37): the version comes from pyproject.toml alone, CHANGELOG.md's
newest section is that version, and `companion --version` and the app's « À propos » page say
it; a wheel carries the changelog the page reads."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest
from pages import page_app, texts

from companion.core import legal
from tableapp.console import main
from tableapp.pages.about import changes

ROOT = Path(__file__).resolve().parent.parent
HEADING = re.compile(r"^## (\d+\.\d+\.\d+) — (\d{4}-\d{2}-\d{2})$", re.M)


def declared() -> str:
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"][
        "version"]


def test_the_changelog_s_newest_version_is_the_declared_one() -> None:
    found = HEADING.findall((ROOT / "CHANGELOG.md").read_text(encoding="utf-8"))
    assert found, "CHANGELOG.md : aucune section « ## X.Y.Z — AAAA-MM-JJ »"
    assert found[0][0] == declared()
    versions = [tuple(int(n) for n in v.split(".")) for v, _day in found]
    assert versions == sorted(versions, reverse=True) and len(set(versions)) == len(versions)
    days = [day for _v, day in found]
    assert days == sorted(days, reverse=True)  # newest first


def test_companion_version_says_it(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["--version"])
    assert stop.value.code == 0
    first = capsys.readouterr().out.splitlines()[0]
    assert first == f"Compagnon de table (compagnon-de-table) {declared()}"
    assert legal.version() == declared()


def test_the_about_page_says_it_and_what_it_brought() -> None:
    at = page_app("about", "render").run()
    assert not at.exception
    shown = texts(at, "title")
    assert "À propos" in shown
    assert f"version **{declared()}**" in shown
    assert f"## {declared()} — " in shown  # the newest changelog section, under the title


def test_changes_keeps_the_newest_sections() -> None:
    text = "# Journal\n\nintro\n\n## 3.0.0 — c\n- trois\n\n## 2.0.0 — b\n- deux\n\n## 1.0.0 — a\n"
    assert changes(text, 2) == "## 3.0.0 — c\n- trois\n\n## 2.0.0 — b\n- deux"


def test_the_wheel_carries_the_changelog() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    hatch = config["tool"]["hatch"]["build"]["targets"]
    assert hatch["wheel"]["force-include"]["CHANGELOG.md"] == "companion/_legal/CHANGELOG.md"
    assert "/CHANGELOG.md" in hatch["sdist"]["include"]  # anchored: only the top one
    assert "!CHANGELOG.md" in (ROOT / ".dockerignore").read_text(encoding="utf-8").splitlines()
