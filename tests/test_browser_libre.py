"""« Autre jeu » in a real browser at a phone's size (390×844): a night started, a Skull King
game of three rounds entered one screen each, the first round corrected by tapping it, the
game ended by the table; then the night's podium counts it and `companion stats --json`
groups it under its name."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from browsing import open_page
from conftest import running_app

pytestmark = pytest.mark.browser

TIMEOUT = 30_000
PLAYERS = ["Anouk", "Basile", "Capucine"]


def wait_text(page: Any, text: str) -> None:
    page.get_by_text(text, exact=False).first.wait_for(timeout=TIMEOUT)


def metrics(page: Any) -> dict[str, str]:
    page.wait_for_selector('[data-testid="stMetric"]', timeout=TIMEOUT)
    out = {}
    for card in page.locator('[data-testid="stMetric"]').all():
        label = card.locator('[data-testid="stMetricLabel"]').inner_text().strip()
        out[label] = card.locator('[data-testid="stMetricValue"]').inner_text().strip()
    return out


def fill_round(page: Any, points: list[int]) -> None:
    for name, value in zip(PLAYERS, points, strict=True):
        field = page.get_by_role("spinbutton", name=name, exact=True)
        field.fill(str(value))
        field.press("Tab")
        page.wait_for_function(
            f"() => document.querySelector('input[aria-label=\"{name}\"]').value === "
            f"'{value}'", timeout=TIMEOUT)
    page.wait_for_timeout(400)  # the last value reaches the server before the tap


def test_three_rounds_a_correction_and_the_nights_podium(browser: Any, tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    with running_app(db) as base:
        context = browser.new_context(viewport={"width": 390, "height": 844}, locale="fr-FR")
        try:
            page = context.new_page()
            open_page(page, f"{base}/soirees", "Nouvelle soirée")
            page.get_by_label("Nom de la soirée").fill("Soirée libre")
            page.get_by_role("button", name="Commencer la soirée").click()
            wait_text(page, "Jouer une partie")
            night_url = page.url  # the night's link (its number and key)
            page.locator('[data-testid="stButtonGroup"]').first.get_by_text(
                "Autre jeu", exact=True).click()
            page.get_by_role("button", name="Nouvelle partie de la soirée").click()
            wait_text(page, "Cette partie rejoindra la soirée « Soirée libre »")

            page.locator('[data-testid="stButtonGroup"]').first.get_by_text(
                "3", exact=True).click()
            page.get_by_label("Place 3", exact=True).wait_for(timeout=TIMEOUT)
            for seat, name in enumerate(PLAYERS, start=1):
                field = page.get_by_label(f"Place {seat}", exact=True)
                field.fill(name)
                field.press("Enter")
            name_field = page.get_by_label("Nom du jeu", exact=True)
            name_field.wait_for(timeout=TIMEOUT)
            name_field.fill("Skull King")
            name_field.press("Enter")
            page.wait_for_function(
                "() => [...document.querySelectorAll('button')].some("
                "b => b.innerText.includes('Commencer la partie') && !b.disabled)",
                timeout=TIMEOUT)
            page.get_by_role("button", name="Commencer la partie").click()
            page.wait_for_url(re.compile(r"code="), timeout=TIMEOUT)
            wait_text(page, "Skull King : feuille de scores")

            for number, points in enumerate([[20, 10, 0], [5, 15, 10], [30, 0, 5]], start=1):
                fill_round(page, points)
                page.get_by_role("button", name="Manche suivante").click()
                wait_text(page, f"Manche {number + 1}")
            page.wait_for_function(  # the metrics are drawn after the round's heading
                "() => [...document.querySelectorAll('[data-testid=\"stMetricValue\"]')]"
                ".map(m => m.innerText.trim()).join(',') === '55,25,15'", timeout=TIMEOUT)
            assert metrics(page) == {"Anouk": "55", "Basile": "25", "Capucine": "15"}

            # the optional countdown ticks in the browser
            page.get_by_text("Minuteur par tour", exact=True).click()
            page.get_by_role("button", name="Lancer le minuteur (60 s)").click()
            page.wait_for_function("() => /^5[0-9] s$/.test(document.getElementById("
                                   "'lb-timer-left')?.textContent.trim())", timeout=TIMEOUT)

            # the first round was 10 for Basile, not 50: tap it in the history
            page.get_by_text("Historique et corrections", exact=True).click()
            page.locator(".st-key-tb_fix_0 button").click()
            page.locator(".st-key-tb_correction").wait_for(timeout=TIMEOUT)
            field = page.get_by_role("spinbutton", name="Basile", exact=True)
            field.fill("50")
            field.press("Tab")
            page.wait_for_timeout(400)
            page.get_by_role("button", name="Corriger la manche").click()
            wait_text(page, "n° 1 corrigé")
            page.wait_for_function(
                "() => [...document.querySelectorAll('[data-testid=\"stMetricValue\"]')]"
                ".some(m => m.innerText.trim() === '65')", timeout=TIMEOUT)
            page.get_by_role("button", name="Terminer la partie").click()
            wait_text(page, "victoire de Basile")

            open_page(page, night_url, "Podium")
            podium = metrics(page)
            assert podium["1er · Basile"] == "1", podium
            wait_text(page, "Skull King")
        finally:
            context.close()
    done = subprocess.run([sys.executable, "-m", "companion", "stats", "--json"],
                          capture_output=True, text=True, check=False,
                          env=dict(os.environ, COMPANION_DB=str(db)))
    assert done.returncode == 0, done.stderr
    named = json.loads(done.stdout)["games"]["libre"]["by_name"]["skull king"]
    assert named["played"] == 1 and named["wins"] == {"Basile": 1}
    assert named["best_score"] == 65
