"""Labystère games stored under rules version 1 (before the maze, registre LAB-19): the store
replays them with the frozen version-1 engine, so they open read only with what was played
(whose turn, the die, the declarations, the winner), stay exportable, and refuse any write."""

from __future__ import annotations

import json
import sqlite3
from typing import Any

import pytest
from hosting import as_host
from streamlit.testing.v1 import AppTest

from companion.events.store import EventStore, ReadOnlyGame, default_path
from companion.games.labystere import engine_v1

SETUP = {"players": ["Léa", "Tom", "Inès"], "colours": ["vert", "rouge", "bleu"], "seed": 42}
V1_LOG: list[dict[str, Any]] = [
    {"type": "roll", "value": 3, "source": "table"},
    {"type": "card", "card": "lancer-double"},
    {"type": "end_turn"},
    {"type": "roll", "value": 5, "source": "app"},
    {"type": "card", "card": "retour-depart-arrivee"},
    {"type": "declare", "suspect": "renard", "place": "moulin", "correct": False},
    {"type": "roll", "value": 2, "source": "app"},
    {"type": "undo"},
    {"type": "roll", "value": 4, "source": "table"},
]


def stored_under_version_1(events: list[dict[str, Any]] = V1_LOG) -> str:
    """A game written as the app of rules version 1 wrote it: its lines as they were, its
    rules version recorded as 1 (written straight into the file: today's engine refuses
    them)."""
    store = EventStore()
    code = store.create("labystere", SETUP, "Léa, Tom, Inès")
    with sqlite3.connect(default_path()) as db:
        db.executemany("INSERT INTO events (code, seq, event, created) VALUES (?, ?, ?, ?)",
                       [(code, seq, json.dumps(event), "2026-10-01T20:00:00+00:00")
                        for seq, event in enumerate(events)])
        db.execute("UPDATE games SET lines = ?, rules_version = 1 WHERE code = ?",
                   (len(events), code))
    return code


def test_a_version_1_game_opens_with_its_own_rules() -> None:
    code = stored_under_version_1()
    stored = EventStore().load(code)
    assert isinstance(stored.state, engine_v1.LabystereState)
    summary = stored.state.summary()
    assert summary["players"][1]["out"] and summary["current"] == "Inès"
    assert summary["last_roll"]["value"] == 4  # the undo is resolved as it was
    assert len(stored.entries) == 7
    [row] = EventStore().list_games("labystere")
    assert (row.rules_version, row.broken) == (1, None) and row.replays is not False


def test_a_game_once_flagged_broken_opens_again() -> None:
    """A version-1 game opened since issue 12 was recorded as « no longer replays » under
    version 2: it opens now, and the record says version 1 again."""
    code = stored_under_version_1()
    with sqlite3.connect(default_path()) as db:
        db.execute("UPDATE games SET rules_version = 2, broken = 'x' WHERE code = ?", (code,))
    assert isinstance(EventStore().load(code).state, engine_v1.LabystereState)
    [row] = EventStore().list_games("labystere")
    assert (row.rules_version, row.broken) == (1, None)


def test_a_version_1_game_is_read_only_and_exportable() -> None:
    code = stored_under_version_1()
    store = EventStore()
    exported = store.export(code)
    for write in (lambda: store.append(code, {"type": "end_turn"}, len(V1_LOG)),
                  lambda: store.undo(code, len(V1_LOG)),
                  lambda: store.retract(code, 0, len(V1_LOG))):
        with pytest.raises(ReadOnlyGame, match="règles d'avant"):
            write()
    assert store.seq(code) == len(V1_LOG) and store.export(code) == exported


def test_a_log_no_rules_replay_still_says_so() -> None:
    from companion.events.store import NoLongerReplays

    code = stored_under_version_1([{"type": "roll", "value": 3}, {"type": "fly"}])
    with pytest.raises(NoLongerReplays):
        EventStore().load(code)


def test_the_page_shows_a_version_1_game_read_only() -> None:
    code = stored_under_version_1()
    at = AppTest.from_string("from tableapp.pages.labystere import play\nplay()",
                             default_timeout=30)
    at.query_params.update(as_host({"code": code}))
    at.run()
    assert not at.exception and not at.error, [e.value for e in at.exception]
    assert any("règles d'avant" in i.value for i in at.info)
    page = "\n".join(m.value for m in at.markdown)
    assert "au tour d’Inès" in page and "Annonce de Tom" in page and "faux" in page
    assert "hors jeu" in page
    keys = {b.key for b in at.button}
    assert not keys & {"lab_roll", "lab_end", "lab_reveal_pile", "lab_decl_go"}
    assert "42" not in page  # the plan stays secret (registre TAB-3)


def test_a_version_1_game_offers_no_undo_and_no_correction() -> None:
    """Read only means the toolbar too: no « Annuler le dernier événement » that would only be
    refused, and the history as lines, not rows that open a correction."""
    code = stored_under_version_1()
    assert EventStore().load(code).read_only
    at = AppTest.from_string("from tableapp.pages.labystere import play\nplay()",
                             default_timeout=30)
    at.query_params.update(as_host({"code": code}))
    at.run()
    assert "tb_undo" not in {b.key for b in at.button}
    assert any("règles d'avant" in c.value for c in at.caption)
    at.segmented_control(key="tb_panel").set_value("Historique et corrections").run()
    assert not at.exception, [e.value for e in at.exception]
    assert not [b for b in at.button if (b.key or "").startswith("tb_fix_")]
    assert any("n° 1" in m.value for m in at.markdown)


def test_a_current_game_is_not_read_only() -> None:
    store = EventStore()
    code = store.create("labystere", SETUP, "Léa, Tom, Inès")
    assert not store.load(code).read_only
