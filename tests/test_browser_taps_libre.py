"""« Autre jeu » in a real browser (issue 36), at a phone's size (390×844) and a tablet's
(1024×768): a tap's contract.

- Choosing N saved players seats N: the player count follows the chips touched (it stayed at 1
  on d698208, so 4 players chosen seated one and dropped three without a word); fewer places
  than players chosen is refused beside « Commencer la partie », in the first screen.
- Random taps on a game's host page (seeded: rounds typed and retyped, fields left filled,
  « Annuler » asked then kept or confirmed, « Rétablir ») end with the store's log equal to the
  rounds the taps meant, every refusal met inside the viewport, axe clean at every state."""

from __future__ import annotations

import random
import re
import time
from typing import Any

import pytest
from browsing import a11y_problems
from tapping import (
    SIZES,
    TIMEOUT,
    after_tap,
    host_page,
    in_view,
    log_of,
    refusals_out_of_view,
    settled,
)
from test_browser_shell import server_store

from companion.events.store import EventStore
from companion.stats.storage import StatsStore

pytestmark = pytest.mark.browser

SAVED = ["Ysaline", "Zébulon", "Yvon", "Zoé"]  # saved players, touched in this order
PLAYERS = ["Alice", "Bruno", "Chloé"]
STEPS = 14
# one seed per screen width, each chosen so that its taps meet every kind of step: a round, a
# value retyped, an undo kept (« Non, garder ») and one confirmed, « Rétablir »
SEEDS = {390: "issue-36-libre-390", 1024: "issue-36-libre-1024-1"}
KINDS = {"round", "retype", "undo", "keep", "redo"}


@pytest.fixture(scope="module")
def store(app_server: str, tmp_path_factory: pytest.TempPathFactory) -> EventStore:
    """The app server's database, with the SAVED players."""
    events = server_store(tmp_path_factory)
    stats = StatsStore(events)
    for name in SAVED:
        if stats.find(name) is None:
            stats.create_profile(name)
    return events


def new_game_form(pg: Any, base: str) -> None:
    pg.goto(f"{base}/libre", timeout=TIMEOUT)
    pg.get_by_role("button", name="Commencer la partie").wait_for(timeout=TIMEOUT)
    settled(pg)


def chip(pg: Any, name: str) -> Any:
    return pg.locator('[data-testid="stButtonGroup"]').get_by_role("button", name=name,
                                                                   exact=True)


def seats(pg: Any) -> list[str]:
    out = []
    for place in range(1, 21):
        field = pg.get_by_label(f"Place {place}", exact=True)
        if field.count() == 0:
            break
        out.append(field.input_value())
    return out


@pytest.mark.parametrize("tab", list(SIZES), indirect=True)
def test_choosing_saved_players_seats_each_of_them(tab: Any, app_server: str,
                                                   store: EventStore) -> None:
    new_game_form(tab, app_server)
    for name in SAVED:
        chip(tab, name).click()
        after_tap(tab)
    assert seats(tab) == SAVED  # the count followed: one seat per player chosen
    name = tab.get_by_label("Nom du jeu", exact=True)
    name.fill("Jeu des profils")
    name.press("Enter")
    after_tap(tab)
    start = tab.get_by_role("button", name="Commencer la partie")
    assert start.is_enabled() and in_view(tab, start)
    assert not a11y_problems(tab)
    start.click()
    tab.wait_for_url(re.compile(r"code="), timeout=TIMEOUT)
    code = re.search(r"code=([A-Z0-9]+)", tab.url).group(1)  # type: ignore[union-attr]
    assert store.load(code).setup["players"] == SAVED

    # fewer places than players chosen: refused beside the button, in the first screen
    other = tab.context.new_page()  # a new session: the new game's form again
    new_game_form(other, app_server)
    for name in SAVED[:3]:
        chip(other, name).click()
        after_tap(other)
    other.locator('[data-testid="stButtonGroup"]').first.get_by_text("2", exact=True).click()
    after_tap(other)
    why = other.get_by_text(re.compile("Pas de place à table pour"))
    why.wait_for(timeout=TIMEOUT)
    assert "Yvon" in why.inner_text() and in_view(other, why)
    start = other.get_by_role("button", name="Commencer la partie")
    assert start.is_disabled() and in_view(other, start)
    assert not a11y_problems(other)


# --- random taps on a game's host page -----------------------------------------------------


def wait_seq(store: EventStore, code: str, seq: int, what: str) -> None:
    """The log reaches `seq` lines (the tap wrote), or the test says which tap wrote nothing."""
    deadline = time.monotonic() + 15
    while store.seq(code) != seq:
        assert time.monotonic() < deadline, f"{what} : {store.seq(code)} lignes au lieu de {seq}"
        time.sleep(0.1)


def fill(pg: Any, player: str, value: int) -> None:
    field = pg.get_by_role("spinbutton", name=player, exact=True)
    field.fill(str(value))
    field.press("Tab")
    settled(pg, 150)


@pytest.mark.parametrize("tab", list(SIZES), indirect=True)
def test_random_taps_write_what_they_meant(tab: Any, app_server: str, store: EventStore
                                          ) -> None:
    rnd = random.Random(SEEDS[tab.viewport_size["width"]])
    code, url = host_page(store, app_server, "libre",
                          {"players": PLAYERS, "name": "Au hasard", "winner": "high"})
    tab.goto(url, timeout=TIMEOUT)
    tab.get_by_role("button", name="Manche suivante").wait_for(timeout=TIMEOUT)
    settled(tab)
    fields = dict.fromkeys(PLAYERS, 0)  # what the round's fields show
    meant: list[dict[str, Any]] = []  # the rounds in force the taps meant
    undone: dict[str, Any] | None = None  # what « Rétablir » writes again
    seq, problems, done = 0, [], []
    for _step in range(STEPS):
        ops = ["round", "round", "retype"] + (["undo", "undo"] if meant else []) + (
            ["redo", "redo"] if undone else [])
        op = rnd.choice(ops)
        done.append(op)
        if op == "retype":  # a value typed, then changed: only the last one counts
            player = rnd.choice(PLAYERS)
            fill(tab, player, rnd.randint(-5, 30))
            fields[player] = rnd.randint(0, 40)
            fill(tab, player, fields[player])
            continue  # nothing written: fields left filled for a later round
        if op == "round":
            for player in rnd.sample(PLAYERS, rnd.randint(1, 3)):
                fields[player] = rnd.randint(-10, 50)
                fill(tab, player, fields[player])
            tab.get_by_role("button", name="Manche suivante").click()
            meant.append({"type": "round", "scores": dict(fields)})
            fields, undone, seq = dict.fromkeys(PLAYERS, 0), None, seq + 1
        elif op == "undo":
            tab.locator(".st-key-tb_undo button").click()
            question = tab.get_by_text(re.compile(rf"Annuler le n° {len(meant)} · "))
            question.wait_for(timeout=TIMEOUT)
            settled(tab)
            problems += [f"question hors écran : {t}" for t in refusals_out_of_view(tab)]
            problems += a11y_problems(tab)
            if rnd.random() < 0.3:  # changing one's mind: nothing undone
                tab.get_by_role("button", name="Non, garder").click()
                done[-1] = op = "keep"
            else:
                tab.get_by_role("button", name="Oui, annuler").click()
                undone, seq = meant.pop(), seq + 1
        else:  # « Rétablir »: the undone round again
            tab.locator(".st-key-tb_redo button").click()
            meant.append(undone)  # type: ignore[arg-type]
            undone, seq = None, seq + 1
        wait_seq(store, code, seq, f"{' → '.join(done)}")
        settled(tab)
        problems += [f"refus hors écran après {op} : {t}" for t in refusals_out_of_view(tab)]
        problems += a11y_problems(tab)
        assert log_of(store, code) == meant, " → ".join(done)
        if meant:  # the quick bar says what « Annuler » would undo
            assert f"n° {len(meant)} · " in tab.locator(".st-key-tb_undo button").inner_text()
    assert set(done) == KINDS, done  # the seed met every kind of step
    assert not problems, problems
