"""Camelot at the table, in a real browser (issue 36, « a tap's contract »), at 390×844 and
1024×768: a colour card picked after an action card's preview is played (it was dropped, and
the stale preview stayed); a tap that writes nothing says why inside the screen; the turn's
bar lies in the first screen and never covers the choices it confirms; every colour dot is
drawn in its colour (Jaune was brown, two dots took the text's colour), axe-core clean in
light and dark; and random taps (changing one's mind, undo between) write exactly the entries
meant, every refusal met inside the screen.

One server for the session (tests/conftest.py), one browser context per test."""

from __future__ import annotations

import colorsys
import copy
import random
import re
from typing import Any

import pytest
from browsing import a11y_problems
from tapping import (
    SIZES,
    after_tap,
    comes_into_view,
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
from companion.games.camelot.cards import catalogue
from companion.games.camelot.texts import card_label

pytestmark = pytest.mark.browser
TIMEOUT = 30_000
NAMES = ["Sire Marcel", "Sire Raymond", "Lady Danielle"]
PLAY = "Jouer cette carte"

# Each colour's hue range (degrees) on the colour wheel: a dot must lie in it, saturated
HUES = {"Violet": (250, 320), "Rouge": (335, 375), "Bleu": (200, 250), "Jaune": (40, 62),
        "Vert": (90, 175)}
# Every « ● » of the page: the element that draws it, its colour, and the word after it
_DOTS = """() => {
  const out = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  let n;
  while ((n = walker.nextNode())) {
    if (!n.nodeValue.includes('●')) continue;
    const el = n.parentElement;
    const r = el.getBoundingClientRect();
    if (r.width === 0 && r.height === 0) continue;
    const after = (el.nextSibling ? el.nextSibling.textContent : n.nodeValue.split('●')[1])
      || '';
    out.push({own: n.nodeValue.trim() === '●', color: getComputedStyle(el).color,
              word: after.trim().split(/\\s+/)[0] || '',
              text: el.parentElement.innerText.slice(0, 60)});
  }
  return out;
}"""


def open_game(browser: Any, url: str, size: dict[str, int], scheme: str = "light") -> Any:
    context = browser.new_context(viewport=size, locale="fr-FR", color_scheme=scheme)
    pg = context.new_page()
    pg.goto(url, timeout=TIMEOUT)
    pg.get_by_role("heading", name="Camelot").first.wait_for(timeout=TIMEOUT)
    pg.locator('[class*="st-key-cam_new_"] button').first.wait_for(timeout=TIMEOUT)
    settled(pg, 500)
    return pg


def button(pg: Any, name: str) -> Any:
    return pg.get_by_role("button", name=name).first


def pick(pg: Any, where: str, name: str, reruns: bool = True) -> None:
    """Tap the choice `name` among the buttons whose key ends with `where` (« play_card »…);
    a choice that `reruns` the form is waited for (the others send nothing)."""
    choice = pg.locator(f'[class*="st-key-cam_new_"][class*="_{where}"]').get_by_role(
        "radio", name=name, exact=True).first
    if choice.get_attribute("aria-checked") == "true":
        return  # chosen already (kept after a refusal): a second tap would unselect it
    choice.click()
    if reruns:
        after_tap(pg)
    else:
        pg.wait_for_timeout(100)


def tap(pg: Any, name: str) -> None:
    """Tap a button of the bar where the thumb is: it must be on screen, uncovered."""
    target = button(pg, name)
    assert comes_into_view(pg, target), f"« {name} » hors de l'écran"
    target.click()
    after_tap(pg)


def dots(pg: Any) -> list[str]:
    """Every colour dot not drawn in the colour it names, one line each."""
    wrong = []
    for dot in pg.evaluate(_DOTS):
        channels = [int(c) / 255 for c in re.findall(r"\d+", dot["color"])[:3]]
        hue, light, sat = colorsys.rgb_to_hls(*channels)
        word = re.sub(r"\W", "", dot["word"])
        low, high = HUES.get(word, (0, -1))
        degrees = hue * 360 + (360 if hue * 360 < 30 and high > 360 else 0)
        if not dot["own"] or sat < 0.35 or not low <= degrees <= high:
            wrong.append(f"{word} {dot['color']} ({dot['text']})")
    return wrong


@pytest.fixture(scope="module")
def store(app_server: str, tmp_path_factory: pytest.TempPathFactory) -> EventStore:
    return server_store(tmp_path_factory)


@pytest.mark.parametrize("size", ["telephone", "tablette"])
def test_a_colour_card_picked_after_an_action_preview_is_played(
        browser: Any, app_server: str, store: EventStore, size: str) -> None:
    """The issue's case: Maladresse's effect shown, then Rouge 4 picked: the tap plays Rouge 4
    (it wrote nothing, said nothing, and the stale preview stayed)."""
    start = [{"type": "start", "player": 0, "colour": "rouge"},
             {"type": "play", "player": 0, "card": "rouge-3"}]
    code, url = host_page(store, app_server, "camelot",
                          {"players": NAMES, "mode": "table"}, start)
    pg = open_game(browser, url, SIZES[size])
    try:
        pick(pg, "play_card", card_label("maladresse"))
        if not pg.get_by_text("Effet :").count():  # d698208: the effect after a first tap
            tap(pg, PLAY)
        assert pg.get_by_text("le tournoi devient vert").count()
        pick(pg, "play_card", card_label("rouge-4"))
        tap(pg, PLAY)
        assert log_of(store, code) == [*start, {"type": "play", "player": 0,
                                                "card": "rouge-4"}]
        assert pg.get_by_text("cartes jouées ce tour : 2").count()
        assert not pg.get_by_text("le tournoi devient vert").count()  # no stale effect
        # an action card whose target is not chosen: refused where the thumb is
        pick(pg, "play_card", card_label("riposte"))
        tap(pg, PLAY)
        assert len(log_of(store, code)) == 3
        said = refusals(pg)
        assert said and not refusals_out_of_view(pg), said
        assert not a11y_problems(pg)
    finally:
        pg.context.close()


@pytest.mark.parametrize("size,scheme", [("telephone", "light"), ("tablette", "dark")])
def test_every_colour_dot_is_drawn_in_its_colour(browser: Any, app_server: str,
                                                 store: EventStore, size: str,
                                                 scheme: str) -> None:
    """After a tournament: the result, the five colours to announce, the tokens; then a yellow
    tournament announced: each « ● » in its own colour, Jaune yellow (it was brown), and none in
    the text's colour (the result and « Couleur annoncée » were)."""
    events = [{"type": "start", "player": 0, "colour": "jaune"},
              {"type": "play", "player": 0, "card": "jaune-3"},
              {"type": "end", "player": 0},
              {"type": "withdraw", "player": 1},
              {"type": "withdraw", "player": 2}]
    code, url = host_page(store, app_server, "camelot", {"players": NAMES, "mode": "table"},
                          events)
    pg = open_game(browser, url, SIZES[size], scheme)
    try:
        assert pg.get_by_text("Tournoi terminé").count()
        wrong = dots(pg)
        assert not wrong, wrong
        assert not a11y_problems(pg)
        pick(pg, "colour", "● Jaune", reruns=False)
        tap(pg, "Annoncer")
        assert log_of(store, code)[-1] == {"type": "start", "player": 0, "colour": "jaune"}
        assert pg.get_by_text("Couleur annoncée").count()
        wrong = dots(pg)
        assert not wrong, wrong
        assert not a11y_problems(pg)
    finally:
        pg.context.close()


@pytest.mark.parametrize("size", ["telephone", "tablette"])
def test_the_bar_is_in_the_first_screen_and_covers_no_choice(
        browser: Any, app_server: str, store: EventStore, size: str) -> None:
    """Sire Raymond, a dame on his display and a red token, thinks of an Esquive: « Jouer
    cette carte » lies in the first screen; each choice of the entry, scrolled to, is not under
    the bar; « Abandonner » without the token he gives back is refused beside the button (it
    was said at the top of the page, off screen), then written with it."""
    events = [{"type": "start", "player": 0, "colour": "rouge"},
              {"type": "play", "player": 0, "card": "rouge-3"}, {"type": "end", "player": 0},
              {"type": "play", "player": 1, "card": "rouge-4"}, {"type": "end", "player": 1},
              {"type": "withdraw", "player": 2}, {"type": "withdraw", "player": 0},
              {"type": "start", "player": 1, "colour": "bleu"},
              {"type": "play", "player": 1, "card": "bleu-3"}, {"type": "end", "player": 1},
              {"type": "play", "player": 2, "card": "bleu-4"}, {"type": "end", "player": 2},
              {"type": "play", "player": 0, "card": "bleu-5"}, {"type": "end", "player": 0},
              {"type": "play", "player": 1, "card": "dame-6"}]
    code, url = host_page(store, app_server, "camelot", {"players": NAMES, "mode": "table"},
                          events)
    pg = open_game(browser, url, SIZES[size])
    try:
        assert in_view(pg, button(pg, PLAY))
        pick(pg, "play_card", card_label("esquive"))
        if not pg.get_by_text("Adversaire visé").count():  # d698208: asked after a tap
            tap(pg, PLAY)
        pick(pg, "esquive_target", NAMES[0])
        pg.evaluate("() => { const m = document.querySelector('[data-testid=stMain]');"
                    " if (m) m.scrollTop = 0; }")
        pg.wait_for_timeout(200)
        assert in_view(pg, button(pg, PLAY))
        choices = pg.locator('[class*="st-key-cam_new_"] [data-testid="stButtonGroup"] button')
        covered = []
        for i in range(choices.count()):
            choice = choices.nth(i)
            choice.evaluate("el => el.scrollIntoView({block: 'nearest'})")
            pg.wait_for_timeout(60)
            if not in_view(pg, choice):
                covered.append(choice.inner_text())
        assert not covered, f"sous la barre : {covered}"
        # the bar's own buttons, brought into view (the keyboard's focus, a robot's tap), leave
        # the page where it is: a sticky bar given the choices' room jumped half a screen down
        top = "() => document.querySelector('[data-testid=stMain]').scrollTop"
        pg.evaluate("() => { document.querySelector('[data-testid=stMain]').scrollTop = 0; }")
        pg.wait_for_timeout(100)
        for name in (PLAY, "Abandonner", "Rester"):
            button(pg, name).focus()
            pg.wait_for_timeout(60)
            assert pg.evaluate(top) == 0 and in_view(pg, button(pg, name)), name
        tap(pg, "Abandonner")  # the dame's token not chosen: refused where the thumb is
        said = refusals(pg)
        assert said and not refusals_out_of_view(pg), said
        assert log_of(store, code) == events
        pick(pg, "end_token", "● Rouge", reruns=False)
        tap(pg, "Abandonner")
        assert log_of(store, code) == [*events, {"type": "withdraw", "player": 1,
                                                 "token": "rouge"}]
    finally:
        pg.context.close()


# --- random taps ------------------------------------------------------------------------------

# Action cards a random turn plays, with the choices the page asks for them
SIMPLE = ["maladresse", "feinte", "charge", "contre-charge", "disgrace", "bouclier", "riposte",
          "esquive", "lance-brisee", "assomme", "retraite", "changement-arme", "desarconne"]


def _refused(state: Any, event: dict[str, Any] | None) -> str | None:
    """Why the engine refuses `event` after `state` (None: it accepts it), « rien » for a tap
    that should write nothing."""
    if event is None:
        return "rien"
    try:
        copy.deepcopy(state).apply(event)
    except RuleError as exc:
        return exc.reason
    return None


def _group(pg: Any, suffix: str) -> Any:
    return pg.locator(f'[class*="st-key-cam_new_"][class*="{suffix}"] [role="radio"]')


def _choose(pg: Any, choice: Any) -> None:
    """Tap a choice that reruns the form, unless chosen already (a tap would unselect it)."""
    if choice.get_attribute("aria-checked") != "true":
        choice.click()
        after_tap(pg)


def _action(pg: Any, rng: random.Random, card: str, event: dict[str, Any],
            names: list[str]) -> bool:
    """Answer what `card` asks (random options); False when a choice is left unanswered."""
    targets = _group(pg, f"_play_{card}_target")
    if targets.count():
        chosen = targets.nth(rng.randrange(targets.count()))
        event["target"] = names.index(chosen.inner_text().strip())
        _choose(pg, chosen)
    for name in ("position", "colour"):
        options = _group(pg, f"_play_{card}_{name}")
        if options.count():
            index = rng.randrange(options.count())
            label = options.nth(index).inner_text().strip()
            event[name] = index if name == "position" else next(
                c for c, n in catalogue().colour_names.items() if label.endswith(n))
            _choose(pg, options.nth(index))
    return True


def _turn_step(pg: Any, rng: random.Random, store: EventStore, code: str,
               names: list[str]) -> dict[str, Any] | None:
    """One random step of a turn, done on the page; the entry it should write (the engine
    judges), or None when it should write nothing."""
    state = store.load(code).state
    p = state.current
    cat = catalogue()
    colours = [c for c, i in cat.cards.items() if i.colour == state.colour or i.kind == "soutien"]
    roll = rng.random()
    if roll < 0.3 or roll < 0.45:  # a colour card; from 0.3, after an action's preview
        if roll >= 0.3:
            pick(pg, "play_card", card_label(rng.choice(SIMPLE)))
        card = rng.choice(colours)
        pick(pg, "play_card", card_label(card))
        tap(pg, PLAY)
        return {"type": "play", "player": p, "card": card}
    if roll < 0.65:  # an action card, its choices answered (or the first one left open)
        card = rng.choice(SIMPLE)
        pick(pg, "play_card", card_label(card))
        event: dict[str, Any] = {"type": "play", "player": p, "card": card}
        if _group(pg, f"_play_{card}_target").count() and rng.random() < 0.2:
            tap(pg, PLAY)  # the target left unanswered: refused beside the button
            return None
        _action(pg, rng, card, event, names)
        tap(pg, PLAY)
        return event
    if roll < 0.8:
        tap(pg, "Rester")
        return {"type": "end", "player": p}
    if roll < 0.9:
        token = _group(pg, "_end_token")
        if token.count() and rng.random() < 0.7:
            chosen = token.nth(rng.randrange(token.count()))
            colour = next(c for c, n in cat.colour_names.items()
                          if chosen.inner_text().strip().endswith(n))
            chosen.click()  # sends nothing
            pg.wait_for_timeout(100)
            tap(pg, "Abandonner")
            return {"type": "withdraw", "player": p, "token": colour}
        tap(pg, "Abandonner")
        return None if token.count() else {"type": "withdraw", "player": p}
    who = _group(pg, "_lancelot_player")
    if who.count():
        chosen = who.nth(rng.randrange(who.count()))
        seat = names.index(chosen.inner_text().strip())
        chosen.click()  # sends nothing
        pg.wait_for_timeout(100)
        button(pg, "Lancelot").click()
        after_tap(pg)
        return {"type": "lancelot", "player": seat}
    tap(pg, "Rester")  # no Lancelot to play: the turn ends
    return {"type": "end", "player": p}


def _step(pg: Any, rng: random.Random, store: EventStore, code: str,
          names: list[str]) -> dict[str, Any] | None:
    state = store.load(code).state
    if state.phase == "start":
        if rng.random() < 0.2:
            tap(pg, "Annoncer")  # no colour: refused
            return None
        colour = rng.choice([c for c in catalogue().colours if state.colour_allowed(c)])
        pick(pg, "colour", f"● {catalogue().colour_names[colour]}", reruns=False)
        if rng.random() < 0.3:  # a toggle left on does not change « Annoncer »
            pg.get_by_text("Ne peut pas débuter").first.click()
            after_tap(pg)
        tap(pg, "Annoncer")
        return {"type": "start", "player": state.current, "colour": colour}
    if state.phase == "prize":
        missing = [c for c in catalogue().colours if c not in state.tokens[state.current]]
        colour = rng.choice(missing)
        pick(pg, "colour", f"● {catalogue().colour_names[colour]}", reruns=False)
        tap(pg, "Prendre ce jeton")
        return {"type": "prize", "player": state.current, "colour": colour}
    return _turn_step(pg, rng, store, code, names)


@pytest.mark.parametrize("size,seed", [("telephone", 36), ("tablette", 3636)])
def test_random_taps_write_exactly_the_entries_meant(browser: Any, app_server: str,
                                                     store: EventStore, size: str,
                                                     seed: int) -> None:
    rng = random.Random(seed)
    code, url = host_page(store, app_server, "camelot", {"players": NAMES, "mode": "table"})
    pg = open_game(browser, url, SIZES[size])
    meant: list[dict[str, Any]] = []
    checked: set[tuple[str, ...]] = set()
    try:
        for step in range(14):
            if meant and rng.random() < 0.12:  # undo between, by the page's own button
                button(pg, "Annuler :").click()
                after_tap(pg)
                button(pg, "Oui, annuler").click()
                after_tap(pg)
                meant.pop()
            else:
                before = store.load(code)
                event = _step(pg, rng, store, code, NAMES)
                reason = _refused(before.state, event)
                if reason is None:
                    meant.append(event)  # type: ignore[arg-type]
                else:  # nothing written, and the page says why
                    assert refusals(pg), f"pas {step} : {event} ({reason}) sans refus affiché"
            assert log_of(store, code) == meant, f"pas {step} ({size}, graine {seed})"
            assert not refusals_out_of_view(pg), f"refus hors de l'écran au pas {step}"
            shown = store.load(code).state
            state = (shown.phase, str(bool(refusals(pg))), str(shown.undo is not None))
            if state not in checked:  # axe on each new kind of screen met
                checked.add(state)
                problems = a11y_problems(pg)
                assert not problems, problems
    finally:
        pg.context.close()
