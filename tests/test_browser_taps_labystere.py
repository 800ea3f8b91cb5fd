"""Labystère's screens at the table (issue 36), in a real browser at 390×844 and 1024×768.

The host's tablet: the turn's action (the die, the lit cells, the pile, the Action card,
« Fin du tour ») inside the first screen in every phase, the board's column numbers whole,
the pawns' dots in their players' colours, axe-core clean; random taps (a seeded
random.Random: changing one's mind between moves, « Annuler » in between) write exactly the
entries they meant, every refusal met inside the screen. A player's phone: the investigation
sheet says whose turn it is (« À toi » on that seat's phone, in its live region). The setup
form: « Pion d'Alice », each colour's dot in that colour."""

from __future__ import annotations

import colorsys
import random
import re
from pathlib import Path
from typing import Any

import pytest
from browsing import a11y_problems, code_in, open_page, visit
from tapping import (
    PHONE,
    TABLET,
    after_tap,
    example,
    host_page,
    in_view,
    log_of,
    refusals_out_of_view,
    settled,
)
from test_browser_shell import server_store
from test_browser_taps_seats import LABYSTERE, LOAD, REGION, pick_seat

from companion.events.store import EventStore

pytestmark = pytest.mark.browser

HUES = {"rouge": 0, "jaune": 50, "vert": 120, "bleu": 220}  # degrees
_DOTS = """sel => [...document.querySelectorAll(sel)].filter(s => s.innerText.trim() === '●'
  && s.getBoundingClientRect().width > 0).map(s => getComputedStyle(s).color)"""


def colour_of(css: str) -> str | None:
    """The pawn colour a CSS colour reads as (nearest hue), or None for black, white, grey."""
    r, g, b = (int(v) / 255 for v in re.findall(r"\d+", css)[:3])
    hue, saturation, value = colorsys.rgb_to_hsv(r, g, b)
    if saturation < 0.35 or value < 0.3:
        return None
    degrees = hue * 360
    return min(HUES, key=lambda name: min(abs(degrees - HUES[name]),
                                          360 - abs(degrees - HUES[name])))


# The turn's action of each phase on the host's page: the controls a player taps next
PRIMARY = {"roll": ".st-key-lab_roll button",
           "play": '[class*="st-key-lab_cell_"] button:not(:disabled):visible',
           "reveal": ".st-key-lab_reveal_pile button",
           "action": '[class*="st-key-lab_cell_"] button:not(:disabled):visible, '
                     '[class*="st-key-lab_target_"] button, .st-key-lab_do_action button',
           "done": ".st-key-lab_end button"}


def _states(store: EventStore, base: str) -> list[tuple[str, str]]:
    """(phase, host URL) along the rules' example game (roll, play, reveal, Action card,
    end of turn, a roll after a declaration proved wrong), and a roll of 4 from Départ that
    lights the bottom row."""
    log = example("labystere-partie.json")
    out = []
    for count in (0, 7, 8, 9, 10, 15):
        code, url = host_page(store, base, "labystere", log["setup"], log["events"][:count])
        out.append((store.load(code).state.summary()["phase"], url))
    code, url = host_page(store, base, "labystere", LABYSTERE,
                          [{"type": "roll", "value": 4, "source": "table"}])
    out.append(("play", url))
    return out


@pytest.mark.parametrize("size,scheme", [(PHONE, "light"), (TABLET, "dark")],
                         ids=["telephone", "tablette-sombre"])
def test_the_turns_action_board_and_dots_in_every_phase(
        browser: Any, app_server: str, tmp_path_factory: pytest.TempPathFactory,
        size: dict[str, int], scheme: str) -> None:
    states = _states(server_store(tmp_path_factory), app_server)
    assert {phase for phase, _url in states} == set(PRIMARY)
    context = browser.new_context(viewport=size, locale="fr-FR", color_scheme=scheme)
    pg = context.new_page()
    misses: list[str] = []
    try:
        for phase, url in states:
            # each state after the first reached as the app's links reach a page
            visit(pg, url, f"Partie {code_in(url)}", LOAD)
            pg.locator(PRIMARY[phase]).first.wait_for(timeout=LOAD)
            settled(pg, 500)
            controls = pg.locator(PRIMARY[phase])
            for i in range(controls.count()):
                if controls.nth(i).is_visible() and not in_view(pg, controls.nth(i)):
                    misses.append(f"{phase} : « {controls.nth(i).inner_text()[:30]} » "
                                  f"{controls.nth(i).bounding_box()}")
            # the column numbers whole: each inside its own box, none in a scrolling row
            cut = pg.evaluate("""() => [...document.querySelectorAll('.labc')].filter(n => {
                const r = n.getBoundingClientRect();
                const box = n.closest('[data-testid=stElementContainer]').getBoundingClientRect();
                const row = n.closest('[data-testid=stHorizontalBlock]');
                return r.height > box.height + 1 || row.scrollHeight > row.clientHeight + 1;
              }).map(n => n.innerText)""")
            if cut:
                misses.append(f"{phase} : colonnes coupées {cut}")
            # every pawn's dot on the board in its player's colour (3 pawns, 3 colours)
            dots = {colour_of(c) for c in pg.evaluate(_DOTS, '[class*="st-key-lab_cell_"] span')}
            if not dots <= set(HUES) or len(dots) < 2:
                misses.append(f"{phase} : pions {dots}")
            problems = problems_settled(pg)
            if problems:
                misses.append(f"{phase} : {problems}")
    finally:
        context.close()
    assert not misses, f"{size['width']}×{size['height']} : " + " ; ".join(misses)


@pytest.mark.parametrize("size", [PHONE, TABLET], ids=["telephone", "tablette"])
def test_the_investigation_sheet_says_whose_turn(
        browser: Any, app_server: str, tmp_path_factory: pytest.TempPathFactory,
        size: dict[str, int]) -> None:
    store = server_store(tmp_path_factory)
    code, _url = host_page(store, app_server, "labystere", LABYSTERE)
    context = browser.new_context(viewport=size, locale="fr-FR")
    pg = context.new_page()
    try:
        open_page(pg, f"{app_server}/labystere-enquete?code={code}", "Ouvrir ma fiche", LOAD)
        pg.get_by_role("button", name="Ouvrir ma fiche sur ce téléphone").click()
        pg.get_by_role("heading", name="Suspects").wait_for(timeout=LOAD)
        settled(pg)
        region = pg.locator(REGION)
        assert region.count() == 1, "la fiche ne dit pas à qui c'est le tour"
        assert region.inner_text().startswith("Au tour d’Alice")
        pick_seat(pg, "Bruno")
        assert "place=1" in pg.url and "sheet=" in pg.url, pg.url
        assert region.inner_text().startswith("Au tour d’Alice")
        assert not a11y_problems(pg), a11y_problems(pg)
        region.evaluate("el => { el.__before = true; }")
        # Alice plays her turn on the host's tablet: the sheet follows, « À toi » for Bruno
        store.append(code, {"type": "roll", "value": 2, "source": "table"}, 0)
        path = store.load(code).state.summary()["moves"]["A1"]
        store.append(code, {"type": "move", "path": path}, 1)
        store.append(code, {"type": "end_turn"}, 2)
        pg.wait_for_function(
            f"() => document.querySelector('{REGION}')?.innerText.includes('À toi, Bruno')",
            timeout=LOAD)
        settled(pg)
        assert region.evaluate("el => el.__before === true"), "région recréée : rien d'annoncé"
        assert not a11y_problems(pg), a11y_problems(pg)
    finally:
        context.close()


@pytest.mark.parametrize("size", [PHONE, TABLET], ids=["telephone", "tablette"])
def test_the_setup_form_says_pion_d_alice_with_coloured_dots(
        browser: Any, app_server: str, size: dict[str, int]) -> None:
    context = browser.new_context(viewport=size, locale="fr-FR")
    pg = context.new_page()
    try:
        open_page(pg, f"{app_server}/labystere", "Nouvelle partie", LOAD)
        pg.locator('[data-testid="stButtonGroup"]').first.get_by_text("3", exact=True).click()
        pg.get_by_label("Place 3", exact=True).wait_for(timeout=LOAD)
        for seat, name in enumerate(["Alice", "Bruno", "Ève"], start=1):
            field = pg.get_by_label(f"Place {seat}", exact=True)
            field.fill(name)
            field.press("Enter")
            after_tap(pg)
        pg.get_by_text("Pion d’Ève").wait_for(timeout=LOAD)
        text = pg.inner_text("body")
        assert "Pion d’Alice" in text and "Pion de Bruno" in text
        assert "Pion de Alice" not in text and "Pion de Ève" not in text
        options = pg.evaluate("""() => [...document.querySelectorAll(
            '[data-testid=stButtonGroup] button')].filter(b => b.innerText.includes('●'))
            .map(b => [b.innerText.replace('●', '').trim(),
                       getComputedStyle(b.querySelector('span.stMarkdownColoredText')
                                        || b).color])""")
        assert len(options) == 12, options  # three players, four colours each
        wrong = [(name, css) for name, css in options if colour_of(css) != name]
        assert not wrong, f"points sans la couleur du pion : {wrong}"
        assert not a11y_problems(pg), a11y_problems(pg)
    finally:
        context.close()


# --- random taps on the host's page ------------------------------------------------------------


class Model:
    """What the test means to have written: the entries, and the game they make (replayed in
    a store of its own, to know the lit cells, the Action card, the phase)."""

    def __init__(self, folder: Path) -> None:
        self.store = EventStore(folder / "model.sqlite3")
        self.entries: list[dict[str, Any]] = []

    def summary(self) -> dict[str, Any]:
        code = self.store.create("labystere", LABYSTERE)
        for seq, event in enumerate(self.entries):
            self.store.append(code, event, seq)
        return self.store.load(code).state.summary()  # type: ignore[no-any-return]


def problems_settled(pg: Any) -> list[str]:
    """axe-core's findings on the state the page shows once drawn: asked again after a
    moment when it finds any (Streamlit fades what a run replaces, a tooltip fades in)."""
    found = a11y_problems(pg)
    if found:
        pg.wait_for_timeout(1500)
        found = a11y_problems(pg)
    return found


def _tap(pg: Any, locator: Any, where: str, misses: list[str], primary: bool = True) -> None:
    """Tap `locator` as a thumb would: it must lie in the first screen (the page is never
    scrolled by the test), and the page is checked once it has drawn the result."""
    locator.wait_for(timeout=LOAD)
    if primary and not in_view(pg, locator):
        misses.append(f"{where} : hors du premier écran {locator.bounding_box()}")
    locator.click()
    pg.mouse.move(1, 1)  # a finger leaves no pointer over the button (nor its tooltip)
    settled(pg, 400)
    out = refusals_out_of_view(pg)
    if out:
        misses.append(f"{where} : refus hors de l'écran {out}")


def _cell(pg: Any, cell: str) -> Any:
    return pg.locator(f".st-key-lab_cell_{cell} button:visible")


def _one_move(pg: Any, rng: random.Random, model: Model, misses: list[str]) -> None:
    """One entry for the phase the game is in, sometimes after changing one's mind."""
    summary = model.summary()
    phase = summary["phase"]
    if phase == "roll":
        value = rng.randint(1, 6)
        _tap(pg, pg.locator(f".st-key-lab_face_{value} button"), "dé", misses)
        model.entries.append({"type": "roll", "value": value, "source": "table"})
    elif phase == "play":
        moves, swappable = summary["moves"], sorted(summary["swappable"])
        if not moves and len(swappable) < 2:  # nothing possible: the turn passes
            _tap(pg, pg.locator(".st-key-lab_end button"), "fin du tour", misses)
            model.entries.append({"type": "end_turn"})
            return
        mode = pg.locator('[class*="st-key-lab_mode_"]')
        if not moves or rng.random() < 0.4:  # a swap, or one started and thought over
            if moves:  # « Avancer » is chosen first when a move is possible
                _tap(pg, mode.get_by_text("Échanger deux chemins"), "échanger", misses, False)
            first = rng.choice(swappable)
            _tap(pg, _cell(pg, first), f"premier chemin {first}", misses)
            if not moves or rng.random() < 0.5:  # a swap after all, with another first path
                _tap(pg, _cell(pg, first), f"{first} encore : le choix lâché", misses)
                first, second = rng.sample(swappable, 2)
                _tap(pg, _cell(pg, first), f"premier chemin {first}", misses)
                _tap(pg, _cell(pg, second), f"second chemin {second}", misses)
                model.entries.append({"type": "swap", "cells": [first, second]})
                return
            _tap(pg, mode.get_by_text("Avancer"), "avancer", misses, False)
        cell = rng.choice(sorted(moves))
        _tap(pg, _cell(pg, cell), f"case {cell}", misses)
        model.entries.append({"type": "move", "path": moves[cell]})
    elif phase == "reveal":
        _tap(pg, pg.locator(".st-key-lab_reveal_pile button"), "retourner", misses)
        model.entries.append({"type": "reveal"})
    elif phase == "action":
        card = summary["pending_action"]
        lit = pg.locator('[class*="st-key-lab_cell_"] button:not(:disabled):visible')
        targets = pg.locator('[class*="st-key-lab_target_"] button')
        if card in ("regarde-temoin", "regarde-lieu"):
            pick = lit.nth(rng.randrange(lit.count()))
            cell = re.match(r"\w\d", pick.inner_text()).group(0)  # type: ignore[union-attr]
            _tap(pg, pick, f"regarder sous {cell}", misses)
            model.entries.append({"type": "action", "card": card, "cell": cell})
        elif targets.count():
            pick = targets.nth(rng.randrange(targets.count()))
            name = pick.inner_text().strip()
            _tap(pg, pick, f"joueur {name}", misses)
            model.entries.append({"type": "action", "card": card, "player": name})
        else:
            _tap(pg, pg.locator(".st-key-lab_do_action button"), "action faite", misses)
            model.entries.append({"type": "action", "card": card})
    else:
        _tap(pg, pg.locator(".st-key-lab_end button"), "fin du tour", misses)
        model.entries.append({"type": "end_turn"})


def _undo(pg: Any, model: Model, misses: list[str]) -> None:
    """« Annuler » the last entry (and « Oui, annuler » where the page asks)."""
    _tap(pg, pg.locator(".st-key-tb_undo button:visible"), "annuler", misses, False)
    confirm = pg.locator(".st-key-tb_undo_yes button:visible")
    if confirm.count():
        _tap(pg, confirm, "oui, annuler", misses, False)
    model.entries.pop()


@pytest.mark.parametrize("size,seed", [(PHONE, 36), (TABLET, 3607)],
                         ids=["telephone", "tablette"])
def test_random_taps_write_what_they_meant(
        browser: Any, app_server: str, tmp_path_factory: pytest.TempPathFactory,
        tmp_path: Path, size: dict[str, int], seed: int) -> None:
    rng = random.Random(seed)
    store = server_store(tmp_path_factory)
    code, url = host_page(store, app_server, "labystere", LABYSTERE)
    model = Model(tmp_path)
    context = browser.new_context(viewport=size, locale="fr-FR")
    pg = context.new_page()
    misses: list[str] = []
    try:
        pg.goto(url, timeout=LOAD)
        pg.locator(".st-key-lab_face_1 button").wait_for(timeout=LOAD)
        settled(pg)
        for step in range(14):
            if model.entries and rng.random() < 0.2:
                _undo(pg, model, misses)
            else:
                _one_move(pg, rng, model, misses)
            assert log_of(store, code) == model.entries, f"pas {step} : {misses}"
            problems = problems_settled(pg)  # axe on every state reached
            if problems:
                misses.append(f"pas {step} : {problems}")
    finally:
        context.close()
    assert not misses, " ; ".join(misses)
