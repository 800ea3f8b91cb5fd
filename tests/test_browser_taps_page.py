"""The game page's common parts in a real browser (issue 36), at a phone's size (390×844) and a
tablet's (1024×768):

- undo and the last entries are in the first screen of every game's host page after a few
  turns (« Annuler : n° 5 · … » and « Derniers »), not two screens down;
- one count and one numbering: the history is numbered from 1 without gaps (undo, withdrawal
  and correction lines take no number), and the game page, its public view and the home page's
  list of games say the same number of events;
- « Commencer la partie » of every game's new-game form lies in the first screen;
- every page of the app's navigation has its h1;
- the share panel is axe clean (the address's block was a scrollable region no keyboard
  reached).

One server for the session (tests/conftest.py), one browser context per test."""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import urlsplit

import pytest
from browsing import a11y_problems, move_to, visit
from tapping import SIZES, TIMEOUT, example, host_page, in_view, open_then_tap, settled
from test_browser_shell import server_store

from companion.core.log import resolve

pytestmark = pytest.mark.browser

# (game, log example, lines replayed, setup changed): each game a few turns in
GAMES = [("noe", "noe-partie-a-100-points.json", 5, {"target": 100_000}),
         ("emblemes", "emblemes-partie-a-trois.json", 6, {}),
         ("labystere", "labystere-partie.json", 5, {}),
         ("camelot", "camelot-exemples-de-la-regle.json", 4, {}),
         ("elsen", "elsen-exemple-de-la-regle.json", 3, {}),
         ("libre", "libre-skull-king.json", 7, {})]
NUMBER = re.compile(r"n° (\d+)")


def sized(test: Any) -> Any:
    return pytest.mark.parametrize("tab", list(SIZES), indirect=True)(test)


@pytest.fixture(scope="module")
def games(app_server: str, tmp_path_factory: pytest.TempPathFactory
          ) -> list[tuple[str, str, int]]:
    """Each GAMES game in the app server's database: (game, host URL, entries in force)."""
    store = server_store(tmp_path_factory)
    out = []
    for game, name, lines, changed in GAMES:
        log = example(name)
        events = log["events"][:lines]
        _code, url = host_page(store, app_server, game, {**log["setup"], **changed}, events)
        out.append((game, url, len(resolve(events))))
    return out


def quick_undo(pg: Any) -> Any:
    button = pg.locator(".st-key-tb_undo button")
    button.wait_for(timeout=TIMEOUT)
    return button


@sized
def test_undo_and_the_last_entries_are_in_the_first_screen(
        tab: Any, games: list[tuple[str, str, int]]) -> None:
    """Measured on d698208: « Annuler » at y=1462 on a tablet, below the whole game."""
    misses = []
    for game, url, count in games:  # after the first, as the app's own links reach a page
        visit(tab, url, "Annuler")
        undo = quick_undo(tab)
        settled(tab)
        label = undo.inner_text()
        if f"n° {count}" not in label:
            misses.append(f"{game} : « {label} » ne dit pas le n° {count}")
        if not in_view(tab, undo):
            misses.append(f"{game} : « Annuler » hors du premier écran ({undo.bounding_box()})")
        recent = tab.get_by_role("button", name="Derniers")
        if recent.count() == 0 or not in_view(tab, recent.first):
            misses.append(f"{game} : « Derniers » hors du premier écran")
    assert not misses, " ; ".join(misses)
    # the last entries, one tap away: the most recent first, numbered as the history reads them
    game, url, count = games[-1]
    tab.get_by_role("button", name="Derniers").first.click()
    rows = tab.locator('[class*="st-key-tb_last_"] button')
    rows.first.wait_for(timeout=TIMEOUT)
    numbers = [int(NUMBER.search(row.inner_text()).group(1)) for row in rows.all()]
    assert numbers == [count, count - 1, count - 2]
    assert all(in_view(tab, row) for row in rows.all())


@pytest.mark.parametrize("tab", ["telephone"], indirect=True)
def test_a_row_of_derniers_tapped_at_once_closes_it(
        tab: Any, games: list[tuple[str, str, int]]) -> None:
    """« Derniers » stayed open over the correction it had just opened when its row followed
    the first tap within tens of ms (tableapp/look/popovers.py)."""
    _game, url, _count = games[0]
    for _attempt in range(3):
        tab.goto(url, timeout=TIMEOUT)
        quick_undo(tab)
        settled(tab)
        assert open_then_tap(tab, "Derniers", '[class*="st-key-tb_last_"] button'), \
            "« Derniers » sans ligne"
        tab.locator(".st-key-tb_correction").wait_for(timeout=TIMEOUT)
        settled(tab)
        tab.locator('[data-testid="stPopoverBody"]').first.wait_for(state="hidden",
                                                                    timeout=5_000)


@sized
def test_one_count_and_numbers_from_one_without_gaps(
        tab: Any, app_server: str, tmp_path_factory: pytest.TempPathFactory) -> None:
    """noe-corrections.json: 12 lines of which an undo, a correction and a withdrawal, so 7
    entries. Measured on d698208: the history numbered n° 0, 2, 4… with holes, the game page
    said 7 and the home page's list 12."""
    store = server_store(tmp_path_factory)
    log = example("noe-corrections.json")
    code, url = host_page(store, app_server, "noe", log["setup"], log["events"])
    resolved = resolve(log["events"])
    entries = len(resolved)
    assert (entries, len(log["events"])) == (7, 12)
    [fixed] = [place for place, entry in enumerate(resolved) if entry.corrected]
    tab.goto(url, timeout=TIMEOUT)
    quick_undo(tab)
    settled(tab)
    tab.get_by_text("Historique et corrections", exact=True).click()
    rows = tab.locator('[class*="st-key-tb_fix_"] button')
    rows.first.wait_for(timeout=TIMEOUT)
    settled(tab)
    numbers = [int(NUMBER.search(row.inner_text()).group(1)) for row in rows.all()]
    assert numbers == list(range(entries, 0, -1))  # most recent first, from 1, no gap
    # the corrected entry kept its place
    assert rows.nth(entries - 1 - fixed).inner_text().startswith(f"n° {fixed + 1} · ")
    assert "(corrigé)" in rows.nth(entries - 1 - fixed).inner_text()
    assert tab.get_by_text(f"{entries} événements, le plus récent en premier").count() == 1
    assert f"n° {entries}" in quick_undo(tab).inner_text()
    # the home page's list of this device's games says the same number
    move_to(tab, app_server, "Reprendre une partie")
    listed = tab.get_by_role("combobox", name="Parties enregistrées")
    listed.wait_for(timeout=TIMEOUT)
    settled(tab)
    assert listed.input_value().startswith(f"{code} · ")  # this device's only game
    assert f" · {entries} événements · " in listed.input_value()
    # and so does the public view's caption
    move_to(tab, f"{app_server}/noe?code={code}&view=public", "vue publique")
    caption = tab.get_by_text(re.compile(f"Partie {code} · vue publique")).first
    caption.wait_for(timeout=TIMEOUT)
    assert f" · {entries} événements · " in caption.inner_text()


@sized
def test_start_is_in_the_first_screen_of_every_new_game_form(tab: Any, app_server: str
                                                             ) -> None:
    """Measured on d698208: Noé's « Commencer la partie » at y=948 on a tablet, Emblèmes'
    at y=1561. The reason it cannot start yet is beside it."""
    misses = []
    for game, *_rest in GAMES:
        visit(tab, f"{app_server}/{game}", "Nouvelle partie")
        start = tab.get_by_role("button", name="Commencer la partie")
        start.wait_for(timeout=TIMEOUT)
        settled(tab)
        if not in_view(tab, start):
            misses.append(f"{game} : {start.bounding_box()}")
        why = tab.get_by_text("Entrez le nom de chaque joueur.").first
        if not (why.count() and in_view(tab, why)):
            misses.append(f"{game} : la raison n'est pas à côté du bouton")
    assert not misses, " ; ".join(misses)
    assert not a11y_problems(tab)  # the last form, its start bar over it


def nav_paths(pg: Any, base: str) -> list[str]:
    """Every page of the app's navigation (the sidebar's links at a tablet's size)."""
    pg.goto(base, timeout=TIMEOUT)
    links = pg.locator('[data-testid="stSidebarNav"] a')
    links.first.wait_for(timeout=TIMEOUT)
    return sorted({str(href) for href in (a.get_attribute("href") for a in links.all())
                   if href})


@pytest.mark.parametrize("tab", ["tablette"], indirect=True)
def test_every_page_has_its_h1(tab: Any, app_server: str) -> None:
    """Measured on d698208: « Autre jeu »'s new game had no title at all."""
    paths = nav_paths(tab, app_server)
    assert len(paths) >= 10 and any(p.endswith("/libre") for p in paths), paths
    missing = []
    for href in paths:  # from the home page (drawn already), as its links reach them
        if urlsplit(href).path.strip("/"):
            move_to(tab, href, "")
        tab.locator('[data-testid="stMain"]').wait_for(timeout=TIMEOUT)
        tab.wait_for_timeout(500)
        settled(tab)
        if tab.locator("h1").count() != 1:
            missing.append(f"{href} : {tab.locator('h1').count()} h1")
    assert not missing, " ; ".join(missing)


@sized
def test_the_share_panel_is_axe_clean(tab: Any, games: list[tuple[str, str, int]]) -> None:
    """axe on d698208: scrollable-region-focusable on the address's code block."""
    _game, url, _count = games[0]  # Noé, as measured
    tab.goto(url, timeout=TIMEOUT)
    quick_undo(tab)
    settled(tab)
    tab.get_by_text("Partager, exporter, importer", exact=True).click()
    tab.get_by_role("img", name=re.compile("QR code")).first.wait_for(timeout=TIMEOUT)
    address = tab.locator('[data-testid="stCode"] code').filter(has_text="view=public")
    address.wait_for(timeout=TIMEOUT)
    settled(tab)
    # the address wraps, whatever its length: a LAN address (longer than this server's
    # localhost one) scrolled sideways inside a block no keyboard could reach
    assert address.evaluate("el => getComputedStyle(el).whiteSpace") in ("pre-wrap",
                                                                          "break-spaces")
    assert not a11y_problems(tab)
