"""Labystère in a real browser (Debian chromium): a game started at the table, then a private
investigation sheet on a "phone" that survives a reload, and is not seen by another phone."""

from __future__ import annotations

import re
from typing import Any

import pytest
from browsing import start_game

pytestmark = pytest.mark.browser


def test_sheet_survives_reload_and_stays_private(app_server: str, page: Any,
                                                 browser: Any) -> None:
    pg = page
    code = start_game(pg, app_server, "labystere", ["Léa", "Tom"])
    pg.get_by_text("Au tour de Léa").wait_for(timeout=20000)
    pg.get_by_role("button", name=re.compile("Lancer le dé")).click()
    pg.get_by_text("Léa a fait").wait_for(timeout=20000)

    crossed_name = re.compile("Bruno l'ours.*écarté")
    phone_context = browser.new_context(viewport={"width": 400, "height": 900})
    other_context = browser.new_context()
    try:
        phone = phone_context.new_page()
        phone.goto(f"{app_server}/labystere-enquete?code={code}")
        phone.get_by_role("button", name="Ouvrir ma fiche sur ce téléphone").click(timeout=30000)
        phone.wait_for_url(re.compile("sheet="), timeout=20000)
        phone.get_by_role("button", name="Bruno l'ours").click()
        phone.get_by_role("button", name=crossed_name).wait_for(timeout=20000)
        phone.reload()  # a new Streamlit session: only the URL is left
        phone.get_by_role("button", name=crossed_name).wait_for(timeout=30000)

        other = other_context.new_page()
        other.goto(f"{app_server}/labystere-enquete?code={code}")
        other.get_by_role("button", name="Ouvrir ma fiche sur ce téléphone").click(timeout=30000)
        other.wait_for_url(re.compile("sheet="), timeout=20000)
        other.get_by_role("button", name="Montrer un lieu écarté au hasard").wait_for(
            timeout=20000)  # the last element: the sheet is fully drawn
        assert other.get_by_role("button", name="Bruno l'ours", exact=True).count() == 1
        assert other.get_by_role("button", name=crossed_name).count() == 0
    finally:
        phone_context.close()
        other_context.close()


CUT_WORDS = """() => {
  const cut = [];
  for (const span of document.querySelectorAll('table.laby td span')) {
    const text = span.firstChild;
    if (!text) continue;
    let at = 0;
    for (const word of text.textContent.split(' ')) {
      const range = document.createRange();
      range.setStart(text, at);
      range.setEnd(text, at + word.length);
      if (word && range.getClientRects().length > 1) cut.push(word);
      at += word.length + 1;
    }
  }
  return cut;
}"""


def test_setup_map_on_a_phone_never_cuts_a_word(app_server: str, browser: Any) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 844})
    try:
        phone = context.new_page()
        start_game(phone, app_server, "labystere", ["Ana", "Bob"])
        phone.get_by_text("Au tour d’Ana").wait_for(timeout=20000)
        phone.locator(".st-key-lab_view").get_by_text("Plan", exact=True).click()
        phone.locator("table.laby").wait_for(timeout=20000)
        assert phone.locator("table.laby td").count() == 25
        assert phone.evaluate(CUT_WORDS) == []  # « Drapea|u », « Suspec|t » were cut before
    finally:
        context.close()


BOARD_FACTS = """() => {
  const cells = [...document.querySelectorAll('.st-key-lab_board button')]
    .filter(b => b.offsetParent !== null);
  const tops = cells.map(b => b.getBoundingClientRect().top).sort((a, b) => a - b);
  const rows = tops.filter((top, i) => i === 0 || top - tops[i - 1] > 8).length;
  return {cells: cells.length, rows: rows, tops: tops,
          smallest: Math.min(...cells.map(b => Math.min(b.getBoundingClientRect().width,
                                                        b.getBoundingClientRect().height))),
          lit: cells.filter(b => !b.disabled).length,
          scroll: document.documentElement.scrollWidth - document.documentElement.clientWidth};
}"""


def test_a_move_is_one_tap_on_the_board_of_a_phone(app_server: str, browser: Any) -> None:
    """The board keeps five cells per row at 360 px, each ≥ 44 px; after a roll the lit cells
    are the destinations, and a tap on one moves the pawn there (the app writes the path)."""
    context = browser.new_context(viewport={"width": 360, "height": 800})
    try:
        phone = context.new_page()
        start_game(phone, app_server, "labystere", ["Ana", "Bob"])
        phone.get_by_text("Au tour d’Ana").wait_for(timeout=20000)
        phone.locator(".st-key-lab_board button:visible").nth(24).wait_for(timeout=20000)
        facts = phone.evaluate(BOARD_FACTS)
        assert facts["cells"] == 25 and facts["rows"] == 5 and facts["scroll"] == 0
        assert facts["smallest"] >= 44 and facts["lit"] == 0
        phone.get_by_role("button", name=re.compile("Lancer le dé")).click()
        phone.get_by_text("Ana a fait").wait_for(timeout=20000)
        phone.wait_for_function("() => document.querySelector('[data-testid=stApp]')"
                                "?.getAttribute('data-test-script-state') === 'notRunning'",
                                timeout=20000)  # the board of the roll fully drawn
        # the plan and the die are random: with no walk of that length the page starts on the
        # swap (its cells are lit too, for the swap: tapping one is not a move) or, with no
        # swap either, says the turn passes
        if phone.get_by_text("Touche une case allumée").count() == 0:
            assert phone.get_by_text(re.compile(
                "Touche un premier chemin vide|Aucun déplacement du nombre exact")).count() == 1
            return
        lit = phone.locator(".st-key-lab_board button:not([disabled]):visible")
        assert lit.count() >= 1
        lit.first.click()
        phone.get_by_text(re.compile("Retourner le paquet|Fin du tour")).first.wait_for(
            timeout=20000)
    finally:
        context.close()


# --- corrections by tapping, and the board in the states reached in play ---------------------

# WCAG contrast of every word on the board against what lies under it (the first opaque
# background up the tree, translucent ones blended over it); pawns' coloured dots excluded.
CONTRAST_JS = """() => {
  const rgba = (c) => { const m = c.match(/[\\d.]+/g).map(Number);
                        return [m[0], m[1], m[2], m.length > 3 ? m[3] : 1]; };
  const lum = ([r, g, b]) => { const f = (v) => { v /= 255;
    return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); };
    return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b); };
  const under = (el) => { const layers = [];
    for (let e = el; e; e = e.parentElement) {
      const c = rgba(getComputedStyle(e).backgroundColor);
      if (c[3] > 0) { layers.push(c); if (c[3] >= 1) break; } }
    let [r, g, b] = layers.length && layers[layers.length - 1][3] >= 1
      ? layers.pop() : rgba(getComputedStyle(document.querySelector('.stApp')).backgroundColor);
    for (const [lr, lg, lb, a] of layers.reverse()) {
      r = lr * a + r * (1 - a); g = lg * a + g * (1 - a); b = lb * a + b * (1 - a); }
    return [r, g, b]; };
  const words = [...document.querySelectorAll(
      '[class*="_board"] button p span:not(.stMarkdownColoredText), table.labb td .m, '
      + 'table.laby td span')]
    .filter(e => e.offsetParent !== null && e.innerText.trim());
  return words.map(e => { const a = lum(rgba(getComputedStyle(e).color)), b = lum(under(e));
    return [e.innerText.trim(), (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05)]; });
}"""


def laby_game(tmp_path_factory: pytest.TempPathFactory, count: int) -> tuple[str, str]:
    """The documented example's first `count` effective events, in the app server's
    database: (code, host query string)."""
    import json
    from pathlib import Path

    from test_browser_shell import server_store

    from companion.core.log import resolve
    from companion.hosting.access import HOST, Access

    log = json.loads((Path(__file__).resolve().parent.parent / "docs" / "log-examples"
                      / "labystere-partie.json").read_text(encoding="utf-8"))
    store = server_store(tmp_path_factory)
    code = store.create("labystere", log["setup"])
    for entry in resolve(log["events"])[:count]:
        store.append(code, entry.event, store.seq(code))
    token, _grant = Access(store.path).issue(code, HOST)
    return code, f"code={code}&host={token}"


def test_a_past_move_is_corrected_by_tapping_it(app_server: str, browser: Any,
                                               tmp_path_factory: pytest.TempPathFactory) -> None:
    """Tom moved to D1 (n° 7 of the example's log): tap it in the history, the board of that
    roll comes back with D1 outlined; tap B1 instead: a correction line, the game replayed."""
    from browsing import open_page
    from playwright.sync_api import expect
    from test_browser_shell import server_store
    from test_browser_table import check_state, open_history_row

    code, query = laby_game(tmp_path_factory, 5)  # … Tom rolled 5, moved B1 A1 B1 C1 D1
    stored = server_store(tmp_path_factory).load(code)
    index = stored.entries[-1].index
    tomorrow = stored.before(index).state.summary()["moves"]
    assert "D1" in tomorrow and "B1" in tomorrow
    context = browser.new_context(viewport={"width": 390, "height": 844}, locale="fr-FR")
    try:
        tab = context.new_page()
        open_page(tab, f"{app_server}/labystere?{query}", f"Partie {code}")
        open_history_row(tab, len(stored.entries))  # the last entry, numbered from 1
        box = tab.locator(".st-key-tb_correction")
        lit = box.locator('[class*="_board"] button:not([disabled]):visible')
        # Streamlit draws the board cell by cell: wait for the number, not the first cell
        expect(lit).to_have_count(len(tomorrow), timeout=30_000)
        check_state(tab)  # the correction open: 44 px, no sideways scroll, French only
        box.locator('[class*="_cell_B1"] button:visible').click()
        tab.get_by_text(f"n° {len(stored.entries)} corrigé").first.wait_for(timeout=30_000)
        stored = server_store(tmp_path_factory).load(code)
        assert stored.raw[-1]["type"] == "correct"
        assert stored.state.summary()["players"][1]["cell"] == "B1"
        assert tab.locator(".st-key-tb_correction").count() == 0
    finally:
        context.close()


@pytest.mark.parametrize("count, ready", [(4, "Touche une case allumée"),  # after a roll
                                          (23, "Touche la carte sous laquelle"),  # look under
                                          (33, "annonce le coupable")])  # on Arrivée
def test_the_board_in_play_in_dark_mode(app_server: str, browser: Any, count: int, ready: str,
                                        tmp_path_factory: pytest.TempPathFactory) -> None:
    """Each state reached in play, in dark mode: every word on the board readable (contrast
    ≥ 4.5), and at 360, 390 and 1024 px no sideways scroll and every target ≥ 44 px; the
    public view's board too."""
    from browsing import visit
    from test_browser_table import check_state

    code, query = laby_game(tmp_path_factory, count)
    context = browser.new_context(viewport={"width": 360, "height": 800}, locale="fr-FR",
                                  color_scheme="dark")
    try:
        tab = context.new_page()
        for url, text in ((f"{app_server}/labystere?{query}", ready),
                          (f"{app_server}/labystere?code={code}&view=public", "vue publique")):
            visit(tab, url, text)  # the public view reached from the host's page
            tab.get_by_text("Départ", exact=True).locator("visible=true").first.wait_for(
                timeout=30_000)
            if "host" in url:  # the board's 25 cells drawn, not the first of them only
                tab.locator(".st-key-lab_board button:visible").nth(24).wait_for(timeout=30_000)
            facts = tab.evaluate(BOARD_FACTS)
            assert facts["scroll"] == 0
            if "host" in url:
                assert facts["cells"] == 25 and facts["smallest"] >= 44
                assert (facts["lit"] >= 1) == ready.startswith("Touche")  # cells to tap
            words = tab.evaluate(CONTRAST_JS)
            assert len(words) >= 9  # Départ, Arrivée, the 3 Témoins and the 4 Lieux
            assert all(ratio >= 4.5 for _, ratio in words), words
            check_state(tab)
        tab.locator(".st-key-lab_view").get_by_text("Plan", exact=True).click()  # the map
        tab.locator("table.laby").wait_for(timeout=30_000)
        words = tab.evaluate(CONTRAST_JS)
        assert len(words) >= 25 * 2 and all(ratio >= 4.5 for _, ratio in words), words
        check_state(tab)
    finally:
        context.close()
