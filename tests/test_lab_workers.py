"""The lab's worker processes start wherever the lab runs: under Streamlit (and its AppTest),
`__main__` is the page script, which a spawned worker must not run again (it died there, and
the pool waited for ever)."""

from __future__ import annotations

import sys
from types import ModuleType

import pytest

from companion.lab.runner import Options, run


def test_workers_start_when_main_is_a_page_script(tmp_path, monkeypatch: pytest.MonkeyPatch
                                                  ) -> None:
    script = tmp_path / "page.py"
    script.write_text("raise SystemExit('le script de la page ne doit pas tourner ici')\n")
    page = ModuleType("__main__")
    page.__file__ = str(script)  # what AppTest and Streamlit's script runner leave there
    monkeypatch.setitem(sys.modules, "__main__", page)
    monkeypatch.setitem(sys.modules, "streamlit", sys.modules.get("streamlit", ModuleType("st")))
    options = Options(games=6, seed=3, players=(4,), policies=("hasard",))
    assert run("noe", options, jobs=2).rows() == run("noe", options, jobs=1).rows()
    assert sys.modules["__main__"] is page
