"""Emblèmes and Camelot in a real browser (issue 13): a past entry corrected by tapping it in
the history (the same buttons come back, prefilled; a tap changes the answer; the game
replays); and, in the states a table reaches in play (an effect's question, an action card's
targets, a correction open), no sideways scroll at a phone's width and every control at least
44×44 CSS px."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from browsing import open_page
from tapping import after_tap
from test_browser_shell import server_store
from test_browser_table import MEASURE_JS, MIN_TARGET

from companion.hosting.access import HOST, Access
from tableapp.table.gamepage import HISTORY

pytestmark = pytest.mark.browser
ROOT = Path(__file__).resolve().parent.parent
TIMEOUT = 30_000


def hosted(tmp_path_factory: Any, game: str, setup: dict[str, Any],
           events: list[dict[str, Any]]) -> tuple[str, str]:
    """A game in the app server's database, and the query string of its host."""
    store = server_store(tmp_path_factory)
    code = store.create(game, setup)
    for seq, event in enumerate(events):
        store.append(code, event, seq)
    token, _grant = Access(store.path).issue(code, HOST)
    return code, f"code={code}&host={token}"


def example(name: str, count: int) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    log = json.loads((ROOT / "docs" / "log-examples" / name).read_text(encoding="utf-8"))
    return log["setup"], log["events"][:count]


def fits_a_phone(page: Any) -> None:
    """At 390 px: nothing slides sideways, every control is at least 44×44 px."""
    page.set_viewport_size({"width": 390, "height": 844})
    page.wait_for_timeout(300)
    found = page.evaluate(MEASURE_JS, MIN_TARGET)
    page.set_viewport_size({"width": 1024, "height": 1366})
    assert found["wide"] <= 1, f"la page défile de côté de {found['wide']} px"
    assert not found["bad"], found["bad"]


def pressed(group: Any, name: str) -> bool:
    return group.get_by_role("radio", name=name, exact=True).get_attribute(
        "aria-checked") == "true"


def test_an_emblemes_reveal_is_corrected_by_tapping_it(app_server: str, page: Any,
                                                       tmp_path_factory: Any) -> None:
    """rouge's Marchand went to the Village, not the Château: tap the line, tap « Village »,
    « Valider la correction »; the round is counted again (rouge 6 -> 10 coins)."""
    code, query = hosted(tmp_path_factory, "emblemes", *example(
        "emblemes-partie-a-trois.json", 12))
    open_page(page, f"{app_server}/emblemes?{query}", f"Partie {code}")
    page.get_by_text(HISTORY, exact=True).first.click()
    page.get_by_role("button", name=re.compile(
        "n° 1 · rouge pose Le Marchand \\(6\\) au Château")).click()
    form = page.locator(".st-key-tb_correction")
    form.get_by_text("Correction du n° 1").wait_for(timeout=TIMEOUT)
    place = form.locator(f".st-key-fix_{code}_0_place")
    card = form.locator(f".st-key-fix_{code}_0_card")
    assert pressed(place, "Château") and pressed(card, "6 Le Marchand □")
    fits_a_phone(page)
    place.get_by_role("radio", name="Village", exact=True).click()
    form.get_by_role("button", name="Valider la correction").click()
    page.get_by_text("n° 1 corrigé").first.wait_for(timeout=TIMEOUT)
    state = server_store(tmp_path_factory).load(code).state
    assert state.coins["rouge"] == 10
    page.get_by_text("rouge 6 → 10", exact=False).first.wait_for(timeout=TIMEOUT)


def test_an_emblemes_question_is_asked_in_the_same_form(app_server: str, page: Any,
                                                        tmp_path_factory: Any) -> None:
    """A Princesse on a Princesse: « Valider » asks the side under the place; the page still
    fits a phone; the side tapped and « Valider » write the reveal."""
    code, query = hosted(tmp_path_factory, "emblemes",
                         {"players": ["rouge", "bleu", "vert"], "place_set": "A"},
                         [{"type": "reveal", "player": "rouge", "value": 14,
                           "place": "chateau"}])
    open_page(page, f"{app_server}/emblemes?{query}", f"Partie {code}")
    page.get_by_role("radio", name="14 La Princesse □").click()
    page.get_by_role("radio", name="Château", exact=True).click()
    page.get_by_role("button", name="Valider la révélation").click()
    page.get_by_text("une carte vaut déjà 14 : de quel côté ?").first.wait_for(timeout=TIMEOUT)
    assert server_store(tmp_path_factory).load(code).seq == 1  # asked, nothing written
    fits_a_phone(page)
    page.get_by_role("radio", name="à droite de la carte de valeur 14").click()
    page.get_by_role("button", name="Valider la révélation").click()
    page.get_by_text("Au tour de vert").first.wait_for(timeout=TIMEOUT)
    assert server_store(tmp_path_factory).load(code).events[-1]["side"] == "right"


def test_a_camelot_play_is_corrected_by_tapping_it(app_server: str, page: Any,
                                                   tmp_path_factory: Any) -> None:
    """Sire Marcel played a red 4, not a red 3: tap the line, tap « Rouge 4 », « Valider »;
    his total is 4. Then an action card: its target and effect shown before it is confirmed,
    and the page still fits a phone."""
    code, query = hosted(tmp_path_factory, "camelot", *example(
        "camelot-exemples-de-la-regle.json", 4))
    open_page(page, f"{app_server}/camelot?{query}", f"Partie {code}")
    page.get_by_text(HISTORY, exact=True).first.click()
    after_tap(page)
    page.get_by_role("button", name=re.compile("n° 2 · Sire Marcel joue Rouge 3")).click()
    after_tap(page)
    form = page.locator(".st-key-tb_correction")
    form.get_by_text("Correction du n° 2").wait_for(timeout=TIMEOUT)
    card = form.locator(f".st-key-fix_{code}_1_card")
    assert pressed(card, "● Rouge 3")
    fits_a_phone(page)
    card.get_by_role("radio", name="● Rouge 4", exact=True).click()
    after_tap(page)
    form.get_by_role("button", name="Jouer cette carte").click()
    after_tap(page)
    page.get_by_text("n° 2 corrigé").first.wait_for(timeout=TIMEOUT)
    assert server_store(tmp_path_factory).load(code).state.total(0) == 4
    # Raymond (red 5) thinks of a Riposte: target and effect first, before any confirmation
    # (Marcel's lone card cannot be taken: the page says so before anything is written)
    page.get_by_role("radio", name="✦ Riposte", exact=True).click()
    after_tap(page)
    page.get_by_role("button", name="Jouer cette carte").click()
    after_tap(page)
    page.get_by_text("Adversaire visé").first.wait_for(timeout=TIMEOUT)
    page.get_by_role("radio", name="Sire Marcel", exact=True).click()
    after_tap(page)
    page.get_by_text("Ce coup serait refusé", exact=False).first.wait_for(timeout=TIMEOUT)
    fits_a_phone(page)
    assert server_store(tmp_path_factory).load(code).state.displays[0] == ["rouge-4"]


def test_camelot_start_and_token_tracker_fit_a_phone(app_server: str, page: Any,
                                                     tmp_path_factory: Any) -> None:
    """The start of a tournament with the shown hand open, and the token tracker with a purple
    tournament's token asked: no sideways scroll, 44 px controls."""
    names = ["Sire Marcel", "Sire Raymond", "Sire Maurice", "Lady Danielle"]
    code, query = hosted(tmp_path_factory, "camelot", {"players": names, "mode": "table"}, [])
    open_page(page, f"{app_server}/camelot?{query}", f"Partie {code}")
    page.get_by_text("Ne peut pas débuter : montre sa main").first.click()
    page.get_by_text("✦ Riposte (2e)", exact=True).wait_for(timeout=TIMEOUT)
    fits_a_phone(page)
    code, query = hosted(tmp_path_factory, "camelot", {"players": names, "mode": "jetons"}, [])
    open_page(page, f"{app_server}/camelot?{query}", f"Partie {code}")
    page.get_by_role("radio", name="Lady Danielle", exact=True).click()
    page.get_by_role("radio", name="● Violet", exact=True).click()
    page.get_by_text("Jeton choisi (tournoi violet : au choix)").first.wait_for(timeout=TIMEOUT)
    page.get_by_text("Abandon avec une dame : rendre un jeton").first.click()
    fits_a_phone(page)
    page.get_by_role("radio", name="● Vert", exact=True).last.click()
    page.get_by_role("button", name="Enregistrer le tournoi").click()
    page.get_by_text("Lady Danielle gagne le tournoi").first.wait_for(timeout=TIMEOUT)
    assert server_store(tmp_path_factory).load(code).state.tokens[3] == {"vert"}


@pytest.mark.parametrize("game", ["emblemes", "camelot"])
def test_the_setup_with_every_seat_named_fits_a_phone(app_server: str, page: Any,
                                                      game: str) -> None:
    """The setup's choices (place set, first player, a family per seat; mode, who starts) are
    buttons: with the most players and long names, nothing slides sideways."""
    open_page(page, f"{app_server}/{game}", "Nouvelle partie")
    count = page.locator('[data-testid="stButtonGroup"]').first
    count.get_by_text("5", exact=True).click()
    page.get_by_label("Place 5", exact=True).wait_for(timeout=TIMEOUT)
    for seat in range(1, 6):
        field = page.get_by_label(f"Place {seat}", exact=True)
        field.fill(f"Maximilienne-Aurore {seat}")
        field.press("Enter")
    page.get_by_text("Premier joueur" if game == "emblemes" else "Qui débute",
                     exact=False).first.wait_for(timeout=TIMEOUT)
    fits_a_phone(page)
