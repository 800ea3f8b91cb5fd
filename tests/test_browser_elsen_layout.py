"""The ELSEN game master's page in the states a game goes through (issue 13), in a real browser
at a phone's width (390) and a tablet's (1024): the setup, the deal by cards, the mission, a
night role with its countdown and the voice settings open, the vote, the settings, a
correction. In each: no sideways scroll, every control used in play at least 44×44 CSS px, no
English, no emoji (tests/test_browser_table.py measures the same way)."""

from __future__ import annotations

import re
from typing import Any

import pytest
from browsing import open_page, visit
from test_browser_elsen import DAY, DEALT, NIGHT, hosted, narrator, walk_to_last_line
from test_browser_table import EMOJI, ENGLISH, MEASURE_JS, MIN_TARGET

from companion.hosting.positions import NarratorPlace
from tableapp.table.gamepage import HISTORY

pytestmark = pytest.mark.browser
TIMEOUT = 30_000
WIDTHS = [(390, 844), (1024, 768)]


def problems_at_both_sizes(page: Any, state: str) -> list[str]:
    found_all = []
    for width, height in WIDTHS:
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(250)
        found = page.evaluate(MEASURE_JS, MIN_TARGET)
        where = f"{state} à {width} px"
        if found["wide"] > 1:
            found_all.append(f"{where} : la page défile de côté de {found['wide']} px")
        found_all += [f"{where} : cible trop petite : {b}" for b in found["bad"]]
        english = [w for w in ENGLISH if re.search(rf"\b{re.escape(w)}\b", found["text"])]
        if english:
            found_all.append(f"{where} : anglais : {english}")
        if EMOJI.findall(found["text"]):
            found_all.append(f"{where} : emoji : {sorted(set(EMOJI.findall(found['text'])))}")
    page.set_viewport_size({"width": 1024, "height": 768})
    return found_all


def test_every_state_of_play_fits_a_phone_and_a_thumb(app_server: str, page: Any,
                                                      tmp_path_factory: Any) -> None:
    problems: list[str] = []
    # the setup: the table's names typed, the special roles and settings as buttons
    open_page(page, f"{app_server}/elsen", "Nouvelle partie")
    page.locator('[data-testid="stButtonGroup"]').first.get_by_text("5", exact=True).click()
    for seat, name in enumerate(["Jean", "Paul", "Pierre", "Marie", "Julie"], start=1):
        field = page.get_by_label(f"Place {seat}", exact=True)
        field.fill(name)
        field.press("Enter")
    page.get_by_text("Mise en place ELSEN").wait_for(timeout=TIMEOUT)
    page.get_by_text("Seuil d'exclusion").wait_for(timeout=TIMEOUT)
    problems += problems_at_both_sizes(page, "mise en place")

    # the deal by cards; each state after it reached as the app's links reach a page
    _code, query = hosted(tmp_path_factory)
    visit(page, f"{app_server}/elsen?{query}", "Mise en place · 1/1")
    page.get_by_text("Ou saisir les cartes distribuées à la main").click()
    page.get_by_text("Enregistrer cette distribution").wait_for(timeout=TIMEOUT)
    problems += problems_at_both_sizes(page, "distribution")

    # the mission: team and cards
    _code, query = hosted(tmp_path_factory, *DEALT)
    visit(page, f"{app_server}/elsen?{query}", "Tour 1 · Jour")
    walk_to_last_line(page)
    page.get_by_text("Cartes révélées", exact=True).wait_for(timeout=TIMEOUT)
    problems += problems_at_both_sizes(page, "mission")

    # a night role, its countdown running, the voice settings open; the settings open below
    night = NarratorPlace(night=True)
    _code, query = hosted(tmp_path_factory, *DEALT, DAY, place=night)
    visit(page, f"{app_server}/elsen?{query}", "Tour 1 · Nuit")
    walk_to_last_line(page)
    narrator(page).locator(".clock.night").wait_for(timeout=TIMEOUT)
    narrator(page).locator("summary").click()
    page.get_by_text("Réglages du meneur", exact=True).click()
    page.get_by_text("Compte à rebours pour chaque rôle de nuit").wait_for(timeout=TIMEOUT)
    problems += problems_at_both_sizes(page, "nuit (Policier)")

    # the vote: somebody designated, the hands counted as buttons
    code, query = hosted(tmp_path_factory, *DEALT, DAY, *NIGHT)
    visit(page, f"{app_server}/elsen?{query}", "Tour 1 · Vote")
    walk_to_last_line(page)
    page.locator(".st-key-elsen_vote_target").get_by_role("radio", name="Paul").click()
    page.get_by_text("Mains levées pour l'exclure").wait_for(timeout=TIMEOUT)
    problems += problems_at_both_sizes(page, "vote")

    # a correction of the mission, opened from the history
    page.get_by_text(HISTORY, exact=True).first.click()
    page.get_by_role("button", name=re.compile(r"n° 3 · Mission")).click()
    page.locator(".st-key-tb_correction").get_by_text("Cartes révélées", exact=True).wait_for(
        timeout=TIMEOUT)
    problems += problems_at_both_sizes(page, "correction")
    assert not problems, "\n".join(problems)
    assert code
