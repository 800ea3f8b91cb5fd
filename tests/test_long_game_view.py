"""The history a screen draws is bounded however long the game (issue 38, item 7): a stranger
imports « Autre jeu » with thousands of rounds (the issue's had 11,809, under the import's
bounds), then the public view and the host's page draw the latest rows only, older ones a
page at a time, and what is derived from the log (summary, record) is made once per snapshot
and shared by every screen instead of at each run of each viewer (benchmarks/hostile_inputs.py
measures the cost per run against the game's length)."""

from __future__ import annotations

from hosting import headings
from pages import page_app

from companion.events.store import envelope
from tableapp.process.shared import store
from tableapp.table.aftergame import CHART_ROUNDS, ROUND_ROWS
from tableapp.table.gamepage import HISTORY
from tableapp.table.history import HISTORY_ROWS

ROUNDS = 2_000
PLAYERS = ["Alice", "Bruno", "Chloé"]


def long_game() -> str:
    """What a stranger's script imports: one log of ROUNDS rounds (a new code, its own)."""
    raw = [{"type": "round", "scores": {p: (i * 7 + j) % 13 for j, p in enumerate(PLAYERS)}}
           for i in range(ROUNDS)]
    return store().import_log(envelope("libre", {"name": "Yams", "players": PLAYERS,
                                                 "winner": "high"}, raw))


def test_a_viewer_draws_the_latest_rounds_and_pages_back() -> None:
    code = long_game()
    viewer = page_app("libre", "play", code=code, view="public").run()
    viewer.toggle(key="rounds_libre").set_value(True).run()
    assert not viewer.exception
    table = viewer.dataframe[-1].value
    assert len(table) == ROUND_ROWS and list(table["Manche"])[-1] == ROUNDS
    (chart,) = viewer.get("vega_lite_chart")
    spec = chart.proto.spec
    assert spec.count('"round"') <= (CHART_ROUNDS + 1) * len(PLAYERS) + 5
    assert f'"round": {ROUNDS},' in spec or f'"round":{ROUNDS},' in spec  # the last kept
    viewer.button(key=f"rounds_libre_{code}_older").click().run()
    table = viewer.dataframe[-1].value
    assert list(table["Manche"]) == list(range(ROUNDS - 2 * ROUND_ROWS + 1,
                                               ROUNDS - ROUND_ROWS + 1))
    viewer.button(key=f"rounds_libre_{code}_newer").click().run()
    assert list(viewer.dataframe[-1].value["Manche"])[-1] == ROUNDS


def test_the_hosts_history_draws_a_page_of_entries() -> None:
    code = long_game()
    host = page_app("libre", "play", code=code).run()
    host.segmented_control(key="tb_panel").set_value(HISTORY).run()
    assert not host.exception
    rows = [b for b in host.button if b.key and b.key.startswith("tb_fix_")]
    assert len(rows) == HISTORY_ROWS and rows[0].key == f"tb_fix_{ROUNDS - 1}"
    host.button(key=f"tb_history_{code}_older").click().run()
    rows = [b.key for b in host.button if b.key and b.key.startswith("tb_fix_")]
    assert rows[0] == f"tb_fix_{ROUNDS - HISTORY_ROWS - 1}" and len(rows) == HISTORY_ROWS
    # an older entry is corrected as any other: its form opens at the top
    host.button(key=rows[0]).click().run()
    assert f"Correction du n° {ROUNDS - HISTORY_ROWS}" in headings(host)


def test_what_a_snapshot_derives_is_made_once_for_every_screen() -> None:
    code = long_game()
    first, second = store().load(code), store().load(code)
    assert first is not second and first.memo is second.memo  # two screens, one memo
    summary = first.summary()
    assert second.summary() is summary and summary["rounds"][-1] == first.state.summary()[
        "rounds"][-1]
    page_app("libre", "play", code=code, view="public").run()
    assert {"summary", "record"} <= set(store().load(code).memo)
