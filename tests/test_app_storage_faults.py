"""A database the app cannot open stops the page with its French sentence: no traceback, no
server path, and the file is left as it was (the sentences themselves: test_store_faults.py)."""

from __future__ import annotations

import hashlib
import random
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest


def camelot_page(**query: str) -> AppTest:
    def script() -> None:
        import tableapp.pages.camelot as camelot

        camelot.play()

    at = AppTest.from_function(script, default_timeout=30)
    at.query_params.update(query)
    return at


@pytest.mark.parametrize(("content", "words"), [
    (b"", "vide (0 octet)"),
    (random.Random(5).randbytes(5000), "pas une base du Compagnon"),
])
def test_a_refused_database_shows_one_sentence_on_a_game_page(
        _isolated_db: Path, content: bytes, words: str) -> None:
    _isolated_db.write_bytes(content)
    at = camelot_page(code="ABCDEF").run()
    assert not at.exception
    shown = " ".join(e.value for e in at.error)
    assert words in shown and str(_isolated_db.parent) not in shown
    assert hashlib.sha256(_isolated_db.read_bytes()).digest() == hashlib.sha256(
        content).digest()


def test_a_game_the_rules_no_longer_replay_says_so_and_the_host_can_export_it(
        monkeypatch: pytest.MonkeyPatch) -> None:
    import json

    from hosting import as_host

    import companion.games.camelot.engine as camelot_engine
    from companion.core.errors import RuleError
    from companion.events.store import EventStore, default_path

    example = Path(__file__).resolve().parent.parent / "docs" / "log-examples"
    code = EventStore(default_path()).import_log(
        (example / "camelot-exemples-de-la-regle.json").read_bytes())
    query = as_host({"code": code})  # the importing device is the host

    def refuse(self: object, event: dict) -> None:
        raise RuleError("règle changée", "camelot.txt › essai")

    monkeypatch.setattr(camelot_engine, "RULES_VERSION", 2, raising=False)
    monkeypatch.setattr(camelot_engine.CamelotState, "apply", refuse)
    at = camelot_page(**query).run()
    assert not at.exception
    shown = " ".join(e.value for e in at.error).replace("\\", "")
    assert "ne se rejoue plus avec les règles actuelles (version 2)" in shown
    [button] = at.get("download_button")
    assert button.proto.label == "Exporter la partie (JSON)"
    public = camelot_page(code=code, view="public").run()
    assert not public.exception and not public.get("download_button")
    assert json.loads(EventStore(default_path()).export_json(code))["game"] == "camelot"
