"""ELSEN's narrator in a real browser: the speech script is in the page and spoken (first from
a tap inside the page, then by itself), and the public view holds no secret."""

from __future__ import annotations

import json
import re
from typing import Any

import browsing
import pytest
from browsing import open_page

pytestmark = pytest.mark.browser

TIMEOUT = 30_000
NAMES = ["Jean", "Paul", "Pierre", "Marie", "Julie"]
ROLE_WORDS = ["Saboteur", "Passager", "Voyante", "Travailleur", "Fainéant", "Docteur",
              "Ingénieur", "Policier"]
# speechSynthesis has no audio device here: record what would be spoken instead
RECORD_SPEECH = """
window.__spoken = [];
if (window.speechSynthesis) {
  window.speechSynthesis.speak = (u) => { window.__spoken.push([u.text, u.lang]); };
}
"""


def narrator(page: Any) -> Any:
    return page.locator(".elsen-narrator").first


def start_game(page: Any, base: str) -> str:
    code = browsing.start_game(page, base, "elsen", NAMES)
    narrator(page).wait_for(timeout=TIMEOUT)
    return code


def test_narrator_speaks_its_script_and_public_view_keeps_secrets(app_server: str,
                                                                  page: Any) -> None:
    page.add_init_script(RECORD_SPEECH)
    code = start_game(page, app_server)
    page.get_by_role("button", name="Tirer les rôles au sort (secret)").click()
    page.get_by_text("Première nuit · 1/5").wait_for(timeout=TIMEOUT)
    script = json.loads(narrator(page).get_attribute("data-script"))
    assert "Saboteurs, ouvrez les yeux et reconnaissez-vous." in script
    assert page.evaluate("typeof window.__elsenVoice") == "object"
    assert page.evaluate("window.__elsenVoice.wakeHooked") is True
    # iOS: the first word comes from a tap inside the page's own HTML
    assert page.evaluate("window.__spoken.length") == 0
    narrator(page).locator("button.speak").click()
    assert page.evaluate("window.__spoken") == [[script[0], "fr-FR"]]
    # after that, « Suivant » (a Streamlit button) speaks the next line by itself
    page.get_by_role("button", name=re.compile("Suivant")).click()
    page.get_by_text("Première nuit · 2/5").wait_for(timeout=TIMEOUT)
    page.wait_for_function("window.__spoken.length === 2", timeout=10_000)
    assert page.evaluate("window.__spoken[1][0]") == script[1]

    open_page(page, f"{app_server}/elsen?code={code}&view=public", "Missions réussies")
    main = page.locator('[data-testid="stMain"]')
    shown, markup = main.inner_text(), main.inner_html()
    assert "Tour" in shown and "Mission en cours" in shown
    for word in ROLE_WORDS:
        assert word.lower() not in markup.lower(), word
    for life in ("en vie", "vivant", "mort"):
        assert life not in shown.lower(), life
    assert page.locator(".elsen-narrator").count() == 0
