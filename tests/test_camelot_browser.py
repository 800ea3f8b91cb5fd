"""Camelot in a real browser (Chromium via Playwright, the app served by Streamlit): create a
full-tracking game, open a tournament and play a card, see an illegal stay refused with its
reason, reload and find the same displays."""

from __future__ import annotations

from typing import Any

import pytest
from browsing import start_game
from tapping import settled

pytestmark = pytest.mark.browser

TIMEOUT = 30_000


def wait_text(page: Any, text: str) -> None:
    page.get_by_text(text, exact=False).first.wait_for(timeout=TIMEOUT)


def totals(page: Any) -> dict[str, str]:
    """Each player's total, read from the tournament's list (« Ana : 3 · … ») once the page's
    run has ended (read as soon as the refusal showed, it was once not drawn yet: {})."""
    settled(page)
    shown = page.get_by_text("Tournoi ", exact=False).locator("xpath=ancestor::div["
                                                             "@data-testid='stMarkdown']")
    out = {}
    for line in shown.first.locator("li").all_inner_texts():
        name, rest = line.split(" : ", 1)
        out[name.strip()] = rest.split(" ·")[0].strip()
    return out


def test_camelot_tournament_in_the_browser(app_server: str, page: Any) -> None:
    start_game(page, app_server, "camelot", ["Ana", "Bert"])
    # the colour is chosen before the draw (camelot.txt › Débuter un tournoi, registre CAM-1)
    wait_text(page, "Ana choisit la couleur du tournoi avant de piocher")
    page.get_by_role("radio", name="Violet").click()  # a button: nothing sent yet
    page.get_by_role("button", name="Annoncer").click()
    wait_text(page, "Ana pioche maintenant sa carte")
    wait_text(page, "Au tour d’Ana")
    page.get_by_role("radio", name="Violet 3").click()
    page.get_by_role("button", name="Jouer cette carte").click()
    page.get_by_role("button", name="Rester : annoncer 3").click()
    wait_text(page, "Au tour de Bert")
    page.get_by_role("button", name="Rester : annoncer 0").click()
    wait_text(page, "jouez au moins une carte")
    assert totals(page) == {"Ana": "3", "Bert": "0"}
    page.reload()
    wait_text(page, "Au tour de Bert")
    assert totals(page) == {"Ana": "3", "Bert": "0"}
