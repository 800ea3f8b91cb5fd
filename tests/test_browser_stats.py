"""A night in a real browser (Chromium driven by Playwright): players' profiles created on the
Joueurs page, a night started, a Noé game seated by touching the profiles in table order and
won, its « Revanche » (seats rotated) won by another player, then the night page's podium, and
its PDF summary holding the same numbers."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
from browsing import open_page

pytestmark = pytest.mark.browser

TIMEOUT = 30_000
PLAYERS = ["Anouk", "Basile", "Capucine"]


def wait_text(page: Any, text: str) -> None:
    page.get_by_text(text, exact=False).first.wait_for(timeout=TIMEOUT)


def metrics(page: Any) -> list[tuple[str, str]]:
    page.wait_for_selector('[data-testid="stMetric"]', timeout=TIMEOUT)
    out = []
    for card in page.locator('[data-testid="stMetric"]').all():
        label = card.locator('[data-testid="stMetricLabel"]').inner_text().strip()
        value = card.locator('[data-testid="stMetricValue"]').inner_text().strip()
        out.append((label, value))
    return out


def win_with_elysee(page: Any) -> None:
    """The player whose turn it is announces « Complot à l'Élysée »: 100 points, the manche
    ends, and the match (target 50) with it."""
    group = page.locator('[data-testid="stButtonGroup"]').filter(
        has=page.get_by_text("Annonce (points)", exact=True))
    group.locator("button").filter(has_text="Complot à l'Élysée").first.click()
    page.wait_for_timeout(300)  # the pick is only the browser's until « Valider »
    page.get_by_role("button", name=re.compile("Valider l'annonce")).click()
    wait_text(page, "Partie terminée")


def test_profiles_two_games_and_the_night_podium(app_server: str, page: Any,
                                                 tmp_path: Path) -> None:
    open_page(page, f"{app_server}/joueurs", "Nouveau joueur")
    for name in PLAYERS:
        page.get_by_label("Nom", exact=True).first.fill(name)
        page.get_by_role("button", name="Enregistrer le joueur").click()
        wait_text(page, f"{name} est enregistré")

    open_page(page, f"{app_server}/soirees", "Nouvelle soirée")
    page.get_by_label("Nom de la soirée").fill("Soirée du test")
    page.get_by_role("button", name="Commencer la soirée").click()
    wait_text(page, "Jouer une partie")
    page.locator('[data-testid="stButtonGroup"]').first.get_by_text(
        "Noé, Complot à l'Élysée", exact=True).click()
    page.get_by_role("button", name="Nouvelle partie de la soirée").click()
    wait_text(page, "Cette partie rejoindra la soirée « Soirée du test »")

    # three seats, filled by touching the profiles in table order
    page.locator('[data-testid="stButtonGroup"]').first.get_by_text("3", exact=True).click()
    page.get_by_label("Place 3", exact=True).wait_for(timeout=TIMEOUT)
    for seat, name in enumerate(PLAYERS, start=1):
        page.get_by_role("button", name=name, exact=True).click()
        page.wait_for_function(
            f"() => document.querySelector('input[aria-label=\"Place {seat}\"]').value "
            f"=== '{name}'", timeout=TIMEOUT)
    target = page.get_by_role("spinbutton", name="Objectif (points)")
    target.fill("50")
    target.press("Enter")
    page.wait_for_function("() => [...document.querySelectorAll('button')].some("
                           "b => b.innerText.includes('Commencer la partie') && !b.disabled)",
                           timeout=TIMEOUT)
    page.get_by_role("button", name="Commencer la partie").click()
    page.wait_for_url(re.compile(r"code="), timeout=TIMEOUT)
    first = re.search(r"code=([A-Z0-9]+)", page.url).group(1)  # type: ignore[union-attr]
    wait_text(page, "à Basile de jouer")  # Anouk deals, Basile on her left
    win_with_elysee(page)

    # Revanche: Basile, Capucine, Anouk; the dealer's seat now holds Basile: Capucine plays
    page.get_by_role("button", name=re.compile("Revanche")).click()
    page.wait_for_url(lambda url: "code=" in url and first not in url, timeout=TIMEOUT)
    wait_text(page, "à Capucine de jouer")
    win_with_elysee(page)

    # back to the night through the menu (same session: the night is remembered)
    page.get_by_role("link", name="Soirées").click()
    page.get_by_role("button", name=re.compile("Soirée du test")).click()
    wait_text(page, "Podium")
    # each game: winner 1 point, the two others share 2nd place (0.5 each)
    # Basile 1 win, 1 + 0.5 = 1.5; Capucine 1 win, 0.5 + 1 = 1.5; Anouk 0 win, 0.5 + 0.5 = 1
    assert metrics(page) == [("1er · Basile", "1"), ("1er · Capucine", "1"), ("3e · Anouk", "0")]
    wait_text(page, "victoire : Basile, 100 points")
    wait_text(page, "victoire : Capucine, 100 points")

    with page.expect_download(timeout=TIMEOUT) as download:
        page.get_by_role("button", name="Résumé (PDF)").click()
    pdf = tmp_path / "soiree.pdf"
    download.value.save_as(pdf)
    if shutil.which("pdftotext") is None:
        pytest.skip("poppler-utils absent : le PDF n'est pas relu")
    text = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], check=True,
                          capture_output=True, text=True).stdout
    lines = [" ".join(line.split()) for line in text.splitlines()]
    # the same podium as the page: rank, player, wins, place points, finished games
    assert "1 Basile 1 1,5 2" in lines and "1 Capucine 1 1,5 2" in lines
    assert "3 Anouk 0 1 2" in lines
