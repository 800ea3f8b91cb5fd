"""Emblèmes at the table, in a real browser (issue 36, « a tap's contract »), at 390×844 and
1024×768: « Commencer la partie » of the new-game form lies in the first screen (it was at
y=1561 on a tablet); « Valider la révélation » lies in the first screen in every state met and
its bar covers neither the card nor the place it confirms; a tap that writes nothing says why
beside the button, inside the screen (below it, off screen, before); and random taps (changing
one's mind, questions left open, undo between) write exactly the reveals meant, every refusal
met inside the screen, axe-core clean on every state met.

One server for the session (tests/conftest.py), one browser context per test."""

from __future__ import annotations

import copy
import hashlib
import random
from typing import Any

import pytest
from browsing import a11y_problems, open_page
from tapping import (
    SIZES,
    after_tap,
    example,
    host_page,
    in_view,
    log_of,
    refusals,
    refusals_out_of_view,
    settled,
)
from test_browser_shell import server_store

from companion.core.errors import RuleError
from companion.events.store import EventStore
from companion.games.emblemes.cards import place_label
from tableapp.pages.emblemes.entry import card_text

pytestmark = pytest.mark.browser
TIMEOUT = 30_000
VALIDER = "Valider la révélation"
TOP = "() => { const m = document.querySelector('[data-testid=stMain]'); if (m) m.scrollTop = 0; }"


@pytest.fixture(scope="module")
def store(app_server: str, tmp_path_factory: pytest.TempPathFactory) -> EventStore:
    return server_store(tmp_path_factory)


def open_game(browser: Any, url: str, size: dict[str, int]) -> Any:
    context = browser.new_context(viewport=size, locale="fr-FR")
    pg = context.new_page()
    pg.goto(url, timeout=TIMEOUT)
    pg.get_by_role("button", name=VALIDER).wait_for(timeout=TIMEOUT)
    settled(pg, 500)
    return pg


def valider(pg: Any) -> None:
    """Tap « Valider » where the thumb is: on screen, uncovered."""
    target = pg.get_by_role("button", name=VALIDER)
    assert in_view(pg, target), "« Valider » hors de l'écran"
    target.click()
    after_tap(pg)


def choose(pg: Any, value: int | None, place: str | None) -> None:
    """The card and the place (they send nothing)."""
    entry = pg.locator('[class*="st-key-emb_new_"]')
    for name in ([card_text(value)] if value is not None else []) \
            + ([place_label(place)] if place is not None else []):
        button = entry.get_by_role("radio", name=name, exact=True).first
        if button.get_attribute("aria-checked") != "true":  # a second tap would unselect it
            button.click()
    pg.wait_for_timeout(100)


def uncovered(pg: Any) -> list[str]:
    """Each choice of the entry, scrolled to as a tap or the keyboard does: those left under
    the bar (or off screen)."""
    choices = pg.locator('[class*="st-key-emb_new_"] [role="radio"]')
    covered = []
    for i in range(choices.count()):
        choice = choices.nth(i)
        choice.evaluate("el => el.scrollIntoView({block: 'nearest'})")
        pg.wait_for_timeout(50)
        if not in_view(pg, choice):
            covered.append(choice.inner_text())
    return covered


@pytest.mark.parametrize("size", ["telephone", "tablette"])
def test_a_new_game_starts_from_the_first_screen(browser: Any, app_server: str,
                                                 size: str) -> None:
    """Five players, each with a family: « Commencer la partie » in the first screen, then
    « Valider la révélation » in the new game's."""
    context = browser.new_context(viewport=SIZES[size], locale="fr-FR")
    pg = context.new_page()
    try:
        open_page(pg, f"{app_server}/emblemes", "Nouvelle partie")
        pg.locator('[data-testid="stButtonGroup"]').first.get_by_text(
            "5", exact=True).click()
        pg.get_by_label("Place 5", exact=True).wait_for(timeout=TIMEOUT)
        for seat, name in enumerate(["Ana", "Basile", "Chloé", "Denis", "Élise"], start=1):
            field = pg.get_by_label(f"Place {seat}", exact=True)
            field.fill(name)
            field.press("Enter")
        start = pg.get_by_role("button", name="Commencer la partie")
        pg.wait_for_function("() => [...document.querySelectorAll('button')].some("
                             "b => b.innerText.includes('Commencer la partie') && !b.disabled)",
                             timeout=TIMEOUT)
        settled(pg)
        pg.evaluate(TOP)
        pg.wait_for_timeout(200)
        assert in_view(pg, start), f"« Commencer la partie » à {start.bounding_box()}"
        start.click()
        pg.get_by_role("button", name=VALIDER).wait_for(timeout=TIMEOUT)
        settled(pg, 500)
        assert in_view(pg, pg.get_by_role("button", name=VALIDER))
    finally:
        context.close()


@pytest.mark.parametrize("size", ["telephone", "tablette"])
def test_a_tap_that_writes_nothing_says_why_beside_valider(
        browser: Any, app_server: str, store: EventStore, size: str) -> None:
    """The first turn (every card still in hand): nothing chosen, then a Marchand on the
    Château's Marchand, which asks on which side: each tap is said inside the screen,
    nothing written, the bar in the first screen covering no choice; the side given, the
    reveal is written."""
    log = example("emblemes-partie-a-trois.json")
    events = log["events"][:1]
    code, url = host_page(store, app_server, "emblemes", log["setup"], events)
    pg = open_game(browser, url, SIZES[size])
    try:
        valider(pg)
        said = refusals(pg)
        assert said and not refusals_out_of_view(pg), said
        assert log_of(store, code) == events
        state = store.load(code).state
        player = state.next_player()
        event = {"type": "reveal", "player": player, "value": 6, "place": "chateau"}
        assert state.next_choice(event) is not None  # a tie: which side
        choose(pg, 6, "chateau")
        valider(pg)
        assert log_of(store, code) == events
        assert _prompt_in_view(pg)
        assert not refusals_out_of_view(pg)
        pg.evaluate(TOP)
        pg.wait_for_timeout(200)
        assert in_view(pg, pg.get_by_role("button", name=VALIDER))
        covered = uncovered(pg)
        assert not covered, f"sous la barre : {covered}"
        event = answer(pg, random.Random(8), state, event)
        valider(pg)
        assert log_of(store, code) == [*events, event]
        assert not a11y_problems(pg)
    finally:
        pg.context.close()


def answer(pg: Any, rng: random.Random, state: Any, event: dict[str, Any]) -> dict[str, Any]:
    """Answer (at random) each question the page shows that the engine asks next, in order;
    the reveal with those answers."""
    for _ in range(6):
        choice = state.next_choice(event)
        if choice is None:
            return event
        digest = hashlib.sha1("|".join(choice.labels).encode()).hexdigest()[:10]
        group = pg.locator(f'[class*="_q_"][class*="_{digest}"] [role="radio"]')
        if not group.count():
            return event  # asked after the next « Valider »
        index = rng.randrange(len(choice.options))
        group.nth(index).click()
        pg.wait_for_timeout(80)
        event = copy.deepcopy(event)
        if choice.key.startswith("choices."):
            event.setdefault("choices", {})[choice.key.removeprefix("choices.")] = \
                choice.options[index]
        else:
            event[choice.key] = choice.options[index]
    return event


def _meant(state: Any, event: dict[str, Any]) -> bool:
    try:
        if state.next_choice(event) is not None:
            return False
        copy.deepcopy(state).apply(event)
    except RuleError:
        return False
    return True


@pytest.mark.parametrize("size,seed", [("telephone", 36), ("tablette", 3636)])
def test_random_taps_write_exactly_the_reveals_meant(browser: Any, app_server: str,
                                                     store: EventStore, size: str,
                                                     seed: int) -> None:
    rng = random.Random(seed)
    log = example("emblemes-partie-a-trois.json")
    code, url = host_page(store, app_server, "emblemes", log["setup"])
    pg = open_game(browser, url, SIZES[size])
    meant: list[dict[str, Any]] = []
    checked: set[tuple[Any, ...]] = set()
    try:
        for step in range(14):
            state = store.load(code).state
            player = state.next_player()
            if meant and rng.random() < 0.12:  # undo between, by the page's own button
                pg.get_by_role("button", name="Annuler :").first.click()
                after_tap(pg)
                pg.get_by_role("button", name="Oui, annuler").first.click()
                after_tap(pg)
                meant.pop()
            elif player is not None:
                before = len(log_of(store, code))
                values = sorted(state.unplayed[player])
                roll = rng.random()
                value = rng.choice(values) if roll > 0.1 else None
                place = rng.choice(["chateau", "village", "port"]) \
                    if player not in state.imposed else state.imposed[player][0]
                if roll > 0.85:  # one's mind changed: another card first
                    choose(pg, rng.choice(values), None)
                choose(pg, value, place if player not in state.imposed else None)
                valider(pg)
                event = {"type": "reveal", "player": player, "value": value, "place": place}
                if value is not None:
                    for _ in range(3):  # the questions the tap opened, then « Valider »
                        if len(log_of(store, code)) > before or not _asked(state, event):
                            break
                        _prompt_in_view(pg)
                        if rng.random() < 0.15:  # a question left open: refused again
                            valider(pg)
                            continue
                        event = answer(pg, rng, state, event)
                        valider(pg)
                    if _meant(state, event):
                        meant.append(event)
                if len(log_of(store, code)) == before:  # nothing written: the page says why
                    assert refusals(pg) or _prompt_in_view(pg), f"pas {step} : rien dit"
            assert log_of(store, code) == meant, f"pas {step} ({size}, graine {seed})"
            assert not refusals_out_of_view(pg), f"refus hors de l'écran au pas {step}"
            shown = store.load(code).state
            kind = (shown.round, bool(refusals(pg)), shown.finished)
            if kind not in checked:
                checked.add(kind)
                problems = a11y_problems(pg)
                assert not problems, problems
    finally:
        pg.context.close()


def _prompt_in_view(pg: Any) -> bool:
    """« répondez à la question… » (the questions a tap opened) is said inside the screen."""
    prompt = pg.locator('[data-testid="stAlertContentInfo"]', has_text="répondez")
    if not prompt.count():
        return False
    box = prompt.first.bounding_box()
    assert box and 0 <= box["y"] and box["y"] + box["height"] <= pg.viewport_size["height"], \
        f"« répondez » hors de l'écran : {box}"
    return True


def _asked(state: Any, event: dict[str, Any]) -> bool:
    try:
        return state.next_choice(event) is not None
    except RuleError:
        return False
