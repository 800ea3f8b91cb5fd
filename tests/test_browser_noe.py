"""Noé in a real browser (Chromium driven by Playwright, the app served by Streamlit): create a
game, record a manche, reload the page and find the same scores; open the same game from its
code on a second page and find them there too."""

from __future__ import annotations

import re
from typing import Any

import pytest
from browsing import open_page, start_game

pytestmark = pytest.mark.browser

TIMEOUT = 30_000


def scores(page: Any) -> dict[str, str]:
    """Player -> total, read from the scoreboard: the host's metrics, or a public view's score
    cards (tableapp/live/scorecards.py, one block: what every phone redraws at each write)."""
    page.wait_for_selector('[data-testid="stMetric"], .cdt-card', timeout=TIMEOUT)
    out = {}
    for card in page.locator('[data-testid="stMetric"]').all():
        label = card.locator('[data-testid="stMetricLabel"]').inner_text().strip()
        value = card.locator('[data-testid="stMetricValue"]').inner_text().strip()
        out[label] = value
    for card in page.locator(".cdt-card").all():
        out[card.locator(".cdt-card-label").inner_text().strip()] = \
            card.locator(".cdt-card-value").inner_text().strip()
    return out


def wait_text(page: Any, text: str) -> None:
    page.get_by_text(text, exact=False).first.wait_for(timeout=TIMEOUT)


def test_noe_game_survives_a_reload_and_opens_from_its_code(app_server: str, page: Any,
                                                              browser: Any) -> None:
    code = start_game(page, app_server, "noe", ["Alice", "Bruno", "Chloé"])
    wait_text(page, "Noé : tableau des scores")

    # Manche 1: the defaults are the player whose turn it is and « Complot ».
    wait_text(page, "à Bruno de jouer")
    page.get_by_role("button", name=re.compile("Valider l'annonce")).click()
    wait_text(page, "à Chloé de jouer")
    page.get_by_role("button", name=re.compile("Valider l'annonce")).click()
    wait_text(page, "Manche 2")  # Alice was left alone: the manche is over
    expected = {"Alice": "0", "Bruno": "15", "Chloé": "15"}
    assert scores(page) == expected

    page.reload()
    wait_text(page, "Manche 2")
    assert scores(page) == expected

    other = browser.new_context(viewport={"width": 800, "height": 1200}, locale="fr-FR")
    try:
        second = other.new_page()
        open_page(second, f"{app_server}/noe?code={code}", "Manche 2")
        assert scores(second) == expected
    finally:
        other.close()


def selected(page: Any, label: str) -> str:
    """The choice a row of buttons shows as picked in the browser (what the next tap records)."""
    group = page.locator('[data-testid="stButtonGroup"]').filter(
        has=page.get_by_text(label, exact=True))
    return str(group.locator('button[aria-checked="true"], button[aria-pressed="true"], '
                             'button[data-selected="true"]').first.inner_text()).strip()


def pick(page: Any, label: str, option: str) -> None:
    """Tap `option` in the row of buttons named `label`."""
    group = page.locator('[data-testid="stButtonGroup"]').filter(
        has=page.get_by_text(label, exact=True))
    group.locator("button").filter(has_text=re.compile(option)).first.click()


def test_the_entry_starts_afresh_after_each_announcement(app_server: str, page: Any) -> None:
    """The browser keeps a widget's value unless the page sets it: after an Élysée the next
    manche must offer « Complot » and the player whose turn it is, not the last choices."""
    start_game(page, app_server, "noe", ["Ana", "Ben", "Cléo"])
    wait_text(page, "à Ben de jouer")
    pick(page, "Annonce (points)", "Complot à l'Élysée")
    page.wait_for_timeout(300)  # the pick is only the browser's until « Valider »
    page.get_by_role("button", name=re.compile("Valider l'annonce")).click()
    wait_text(page, "Manche 2")
    wait_text(page, "à Cléo de jouer")  # dealer Ben, Cléo on his left
    assert scores(page) == {"Ana": "0", "Ben": "100", "Cléo": "0"}
    assert selected(page, "Joueur") == "Cléo"
    assert selected(page, "Annonce (points)") == "Complot (15)"
