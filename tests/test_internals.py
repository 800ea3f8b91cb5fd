"""Streamlit's (and uvicorn's) private parts the app hooks, on one list (tableapp/serving/
internals.py): all there with the locked Streamlit (the lowest allowed one is checked by
.ci/smoke.py), each entry's module really imported by the code that uses it, and a missing one
said as a WARNING at `companion app`'s start, naming what switches off."""

from __future__ import annotations

import logging
import re
from pathlib import Path

import pytest

from tableapp.serving import internals

ROOT = Path(__file__).resolve().parent.parent
PRIVATE_IMPORT = re.compile(
    r"from (streamlit\.(?:runtime|web|proto)[\w.]*|uvicorn[\w.]*) import (\w+)")


def test_every_internal_is_there_with_this_streamlit() -> None:
    assert internals.missing() == []


def test_every_private_streamlit_or_uvicorn_import_of_the_app_is_on_the_list() -> None:
    listed = {(i.module, i.attribute.split(".")[0]) for i in internals.INTERNALS}
    listed |= {(i.module.rsplit(".", 1)[0], i.module.rsplit(".", 1)[1])
               for i in internals.INTERNALS}
    found = set()
    for path in (ROOT / "tableapp").rglob("*.py"):
        for module, name in PRIVATE_IMPORT.findall(path.read_text(encoding="utf-8")):
            found.add((module, name))
            assert (module, name) in listed, f"{path.name} : {module}.{name} hors de la liste"
    assert found  # the scan saw the app's imports


def test_a_missing_internal_is_a_warning(monkeypatch: pytest.MonkeyPatch,
                                         caplog: pytest.LogCaptureFixture) -> None:
    gone = internals.Internal("streamlit.runtime", "Runtime.no_such_thing", "un essai")
    monkeypatch.setattr(internals, "INTERNALS", (*internals.INTERNALS, gone))
    with caplog.at_level(logging.WARNING, logger="companion.app"):
        assert internals.warn_missing() == [gone]
    [record] = caplog.records
    assert record.levelno == logging.WARNING
    assert "Runtime.no_such_thing" in record.getMessage()
    assert "un essai" in record.getMessage()
