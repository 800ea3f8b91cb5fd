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
        phone.get_by_text("Au tour de Ana").wait_for(timeout=20000)
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
        phone.get_by_text("Au tour de Ana").wait_for(timeout=20000)
        phone.locator(".st-key-lab_board button:visible").nth(24).wait_for(timeout=20000)
        facts = phone.evaluate(BOARD_FACTS)
        assert facts["cells"] == 25 and facts["rows"] == 5 and facts["scroll"] == 0
        assert facts["smallest"] >= 44 and facts["lit"] == 0
        phone.get_by_role("button", name=re.compile("Lancer le dé")).click()
        phone.get_by_text("Ana a fait").wait_for(timeout=20000)
        lit = phone.locator(".st-key-lab_board button:not([disabled]):visible")
        if lit.count() == 0:  # no walk of that length: the table swaps instead
            assert phone.get_by_text("échange deux").count() >= 1
            return
        lit.first.click()
        phone.get_by_text(re.compile("Retourner le paquet|Fin du tour")).first.wait_for(
            timeout=20000)
    finally:
        context.close()
