"""ELSEN's host page keeps a tap's contract (issue 36), in a real browser at a phone's size
(390×844) and a tablet's (1024×768).

- The turn's primary action (« Suivant », the deal, an entry's « Valider ») lies inside the
  first screen in every state, in a bar kept at the bottom of the screen that covers none of
  the choices it confirms: each name and count button is whole and on top (tapping.in_view).
  On d698208 the sticky « Valider le vote » lay over the names on the tablet.
- « Commencer la partie » of the new game form lies in the first screen too.
- A vote records what its button says. Nothing is chosen beforehand: a tap before the choice,
  or before the count of hands, records nothing and says why beside the button. On d698208
  one tap on « Valider le vote » recorded « personne, 0 voix ».
- Random sequences of taps (seeded): names chosen and changed, counts, cards, « Suivant »,
  « Retour », « Annuler ». Each ends with the store's log equal to the entries the test meant
  to make (the engine's own replay says which entries it accepts), every refusal met inside
  the viewport. axe-core finds nothing in the states these tests reach."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest
import tapping
from browsing import a11y_problems, code_in, visit
from tapping import PHONE, SIZES, TABLET, in_view, log_of, refusals, refusals_out_of_view
from test_browser_shell import server_store

from companion.core.engine import replay
from companion.core.errors import CompanionError
from companion.events.store import EventStore
from companion.games.elsen.setup import elsen_data
from companion.hosting.positions import NarratorPlace, Positions

pytestmark = pytest.mark.browser
TIMEOUT = tapping.TIMEOUT
EXAMPLE = tapping.example("elsen-exemple-de-la-regle.json")
SETUP, EVENTS = EXAMPLE["setup"], EXAMPLE["events"]
PRIMARY = re.compile(r"^(Suivant|Valider|Tirer les rôles|Continuer)")
CHOICES = ('[class*="st-key-elsen_"][class*="_choice"] button, .st-key-elsen_vote_target button,'
           " .st-key-elsen_vote_count button, .st-key-elsen_team button")
NOBODY = "Personne (pas d'exclusion)"
CARDS = [card.id for card in elsen_data().action_cards]
ROLES = EVENTS[0]["roles"]  # the deal by cards of the rules' example


@pytest.fixture(scope="module")
def store(app_server: str, tmp_path_factory: pytest.TempPathFactory) -> EventStore:
    return server_store(tmp_path_factory)


def game(store: EventStore, base: str, count: int, line: int = 99,
         night: bool = False) -> tuple[str, str]:
    """The rules' example after `count` events, its narrator at line `line` of the step (99:
    its last, the entry); `night`: the night roles' countdowns on."""
    code, url = tapping.host_page(store, base, "elsen", SETUP, EVENTS[:count])
    Positions(store.path).set_narrator(code, NarratorPlace(count, line, night=night))
    return code, url


def primary(pg: Any) -> Any:
    return pg.get_by_role("button", name=PRIMARY).first


def opened(pg: Any, url: str) -> None:
    """The game at `url` (another state of a tab already open: reached as the app's links
    reach a page, tests/browsing.py › visit), its turn's action drawn."""
    visit(pg, url, f"Partie {code_in(url)}", TIMEOUT)
    primary(pg).wait_for(timeout=TIMEOUT)
    tapping.settled(pg)


def page(context: Any) -> Any:
    """A page that counts what the server sends it (`tap` waits for the answer to its tap)."""
    pg = context.new_page()
    pg.frames_in = 0

    def heard(ws: Any) -> None:
        def one(_payload: Any) -> None:
            pg.frames_in += 1
        ws.on("framereceived", one)

    pg.on("websocket", heard)
    return pg


def tap(pg: Any, locator: Any) -> None:
    """Tap, then wait for the server's answer to be drawn: on a loaded machine the rerun may
    not have started yet when the click returns, and « no script running » would lie."""
    before = pg.frames_in
    locator.click(timeout=TIMEOUT)
    for _ in range(100):  # at most 5 s for the first word of the answer
        if pg.frames_in > before:
            break
        pg.wait_for_timeout(50)
    tapping.settled(pg)


def hidden_choices(pg: Any) -> list[str]:
    """The entry's buttons (names, counts) not whole and on top in the screen as it is."""
    return [b.inner_text() for b in pg.locator(CHOICES).all() if not in_view(pg, b)]


# --- the first screen ---------------------------------------------------------------------

# (events, line, night countdowns, what the state is); axe runs once per kind of screen
# (the saboteurs' and the Voyante's entries are the Policier's form: the random taps meet them)
STATES = [(0, 0, False, "distribution"), (1, 0, False, "première nuit, ligne 1"),
          (2, 99, False, "mission"), (3, 99, False, "Policier"), (3, 99, True,
          "Policier, compte à rebours"), (6, 99, False, "réveil, dernière ligne"),
          (7, 99, False, "vote")]
# axe on each kind of screen at the tablet's size, on the entries at the phone's too
AXE_ON = {"telephone": {"mission", "Policier", "vote"},
          "tablette": {"distribution", "première nuit, ligne 1", "mission", "Policier", "vote"}}


@pytest.mark.parametrize("size", list(SIZES.values()), ids=list(SIZES))
def test_the_turns_action_is_in_the_first_screen_and_covers_no_choice(
        browser: Any, app_server: str, store: EventStore, size: dict[str, int]) -> None:
    context = browser.new_context(viewport=size, locale="fr-FR")
    pg = page(context)
    misses: list[str] = []
    try:
        for count, line, night, name in STATES:
            _code, url = game(store, app_server, count, line, night)
            opened(pg, url)
            if not in_view(pg, primary(pg)):
                misses.append(f"{name} : « {primary(pg).inner_text()} » hors du premier écran "
                              f"{primary(pg).bounding_box()}")
            hidden = hidden_choices(pg)
            if hidden:
                misses.append(f"{name} : choix couverts ou hors écran {hidden}")
            if name == "vote":  # somebody designated: the counts appear, all in view
                tap(pg, pg.locator(".st-key-elsen_vote_target button", has_text="Paul"))
                if hidden_choices(pg):
                    misses.append(f"vote pour Paul : choix couverts {hidden_choices(pg)}")
                if not in_view(pg, primary(pg)):
                    misses.append("vote pour Paul : « Valider » hors du premier écran")
            if name in AXE_ON["telephone" if size is PHONE else "tablette"]:
                misses += [f"{name} : {p}" for p in a11y_problems(pg)]
    finally:
        context.close()
    assert not misses, "\n".join(misses)


TO_TOP = """() => { for (const el of [document.querySelector('[data-testid="stMain"]'),
                   document.scrollingElement]) if (el) el.scrollTop = 0; }"""


@pytest.mark.parametrize("size", list(SIZES.values()), ids=list(SIZES))
def test_a_new_games_start_is_in_the_first_screen(browser: Any, app_server: str,
                                                  size: dict[str, int]) -> None:
    """Five names typed, ELSEN's setup below them (roles, first player, threshold, ghost
    mission): « Commencer la partie » lies in the first screen (on d698208: far below it)."""
    context = browser.new_context(viewport=size, locale="fr-FR")
    pg = page(context)
    try:
        pg.goto(f"{app_server}/elsen", timeout=TIMEOUT)
        pg.get_by_text("Nouvelle partie").first.wait_for(timeout=TIMEOUT)
        tapping.settled(pg)
        tap(pg, pg.locator('[data-testid="stButtonGroup"]').first.get_by_text("5", exact=True))
        for seat, name in enumerate(["Jean", "Paul", "Pierre", "Marie", "Julie"], start=1):
            field = pg.get_by_label(f"Place {seat}", exact=True)
            field.fill(name)
            field.press("Enter")
        start = pg.get_by_role("button", name="Commencer la partie")
        pg.wait_for_function("() => [...document.querySelectorAll('button')].some("
                             "b => b.innerText.includes('Commencer la partie') && !b.disabled)",
                             timeout=TIMEOUT)
        pg.get_by_text("Seuil d'exclusion").first.wait_for(timeout=TIMEOUT)
        tapping.settled(pg)
        pg.evaluate(TO_TOP)  # the first screen: typing scrolled the fields into view
        pg.wait_for_timeout(200)
        assert in_view(pg, start), f"« Commencer la partie » : {start.bounding_box()}"
        assert not a11y_problems(pg), a11y_problems(pg)
        tap(pg, start)
        pg.wait_for_url(re.compile(r"code="), timeout=TIMEOUT)
    finally:
        context.close()


# --- the vote ------------------------------------------------------------------------------


@pytest.mark.parametrize("size", list(SIZES.values()), ids=list(SIZES))
def test_a_vote_records_what_its_button_says_never_zero_in_one_tap(
        browser: Any, app_server: str, store: EventStore, size: dict[str, int]) -> None:
    code, url = game(store, app_server, 7)
    context = browser.new_context(viewport=size, locale="fr-FR")
    pg = page(context)
    try:
        opened(pg, url)
        names = pg.locator(".st-key-elsen_vote_target button")
        assert names.count() == 6 and not hidden_choices(pg), hidden_choices(pg)
        valider = pg.get_by_role("button", name=re.compile("^Valider"))
        # one tap, nothing chosen: nothing recorded, the reason beside the button
        tap(pg, valider)
        assert log_of(store, code) == EVENTS[:7], "un vote enregistré sans choix"
        said = refusals(pg)
        assert said and "Personne" in said[0]["text"] and not refusals_out_of_view(pg), said
        # Paul designated, no count yet: refused again, the counts in view with the reason
        tap(pg, names.filter(has_text="Paul"))
        assert valider.inner_text().strip() == "Valider le vote"
        tap(pg, valider)
        assert log_of(store, code) == EVENTS[:7], "un vote enregistré sans le compte des mains"
        said = refusals(pg)
        assert said and "mains levées" in said[0]["text"] and not refusals_out_of_view(pg)
        assert not hidden_choices(pg), hidden_choices(pg)
        # three hands: the button says it, and writes it
        tap(pg, pg.locator(".st-key-elsen_vote_count button", has_text="3"))
        assert valider.inner_text().strip() == "Valider : Paul, 3 voix — exclusion"
        assert in_view(pg, valider)
        tap(pg, valider)
        assert log_of(store, code) == [*EVENTS[:7],
                                       {"type": "vote", "target": "Paul", "votes": 3}]
        assert not refusals(pg)
        assert not a11y_problems(pg)
    finally:
        context.close()


# --- random taps -----------------------------------------------------------------------------


class Table:
    """What the test means the log to be, and the choices it made on the entry shown."""

    def __init__(self, events: list[dict[str, Any]]) -> None:
        self.meant = list(events)
        self.forget()

    def forget(self) -> None:
        """A new screen: nothing chosen (the page keeps no choice of an entry it left)."""
        self.choice: str | None = None  # a night role's name, or the vote's target
        self.votes: int | None = None
        self.team: list[str] = []
        self.cards: dict[str, int] = {}

    def step(self) -> str:
        return str(replay("elsen", SETUP, self.meant).next_step())

    def accepts(self, event: dict[str, Any]) -> bool:
        """The engine's own verdict on `event` after the meant log."""
        try:
            replay("elsen", SETUP, [*self.meant, event])
        except CompanionError:
            return False
        return True

    def mission(self) -> dict[str, Any]:
        return {"type": "mission", "team": list(self.team),
                "cards": [f"action-{c}" for c in CARDS for _ in range(self.cards.get(c, 0))]}


def screen(pg: Any) -> str:
    """Which entry the page shows: vote, mission, night, deal, none (a role that left the
    ship: « Continuer »), or line (« Suivant »)."""
    for kind, selector in (("vote", ".st-key-elsen_vote_target"), ("mission", ".st-key-elsen_team"),
                           ("night", '[class*="st-key-elsen_"][class*="_choice"]'),
                           ("deal", ".st-key-elsen_deal_random")):
        if pg.locator(selector).count():
            return kind
    if pg.get_by_role("button", name=re.compile("^Continuer")).count():
        return "none"
    return "line"


def where(pg: Any) -> tuple[str, str]:
    return screen(pg), pg.locator(".elsen-narrator .count").first.inner_text()


def undo(pg: Any, table: Table) -> str:
    tap(pg, pg.locator(".st-key-tb_undo button"))
    tap(pg, pg.locator(".st-key-tb_undo_yes button"))
    table.meant.pop()
    return "Annuler"


def fill(pg: Any, card: str, value: int, table: Table) -> None:
    """Type a card's count (a value unchanged sends nothing to the server)."""
    field = pg.locator(f".st-key-elsen_card_{card} input")
    field.fill(str(value))
    before = pg.frames_in
    field.press("Enter")
    if value != table.cards.get(card, 0):
        for _ in range(100):
            if pg.frames_in > before:
                break
            pg.wait_for_timeout(50)
    tapping.settled(pg)
    table.cards[card] = value


def one_tap(pg: Any, rng: random.Random, table: Table) -> tuple[str, bool]:
    """One random tap on what the page shows; (what it was, whether a refusal is due)."""
    kind = screen(pg)
    can_undo = len(table.meant) > 2  # never back to the deal (drawn by chance)
    back = pg.locator(".st-key-elsen_back button")
    # « Retour » and « Annuler » now and then: rarer on an entry, which they leave
    rare = 1.0 if kind == "line" else 0.4
    moves: dict[str, float] = {"back": rare if back.count() and back.is_enabled() else 0,
             "undo": rare if can_undo else 0}
    if kind == "line":
        moves["next"] = 6
    elif kind == "none":
        moves["go"] = 4
    elif kind == "night":  # mostly what a host does next; sometimes a tap too early
        moves.update(name=3 if table.choice is None else 1, ok=3)
    elif kind == "vote":
        moves.update(target=3 if table.choice is None else 1,
                     count=(3 if table.votes is None else 1) if table.choice else 0,
                     ok=3 if table.choice == "" or table.votes is not None else 1)
    elif kind == "mission":
        complete = len(table.team) >= 3 and sum(table.cards.values()) == len(table.team)
        moves.update(member=3 if len(table.team) < 3 else 1, card=1 if complete else 2,
                     fit=2 if len(table.team) >= 3 and not complete else 0,
                     ok=4 if complete else 1)
    move = rng.choices(list(moves), weights=list(moves.values()))[0]
    valider = primary(pg)
    if move == "undo":
        return undo(pg, table), False
    if move == "back":
        tap(pg, back)
        return "Retour", False
    if move == "next":
        done, total = pg.locator(".elsen-narrator .count").first.inner_text().rsplit(
            " ", 1)[-1].split("/")
        step = table.step()
        tap(pg, valider)
        if done == total and step in ("recognition", "dawn"):  # the step itself is written
            table.meant.append({"type": step})
        return f"Suivant ({step} {done}/{total})", False
    if move == "go":
        event = {"type": table.step(), "target": None}
        tap(pg, valider)
        table.meant.append(event)
        return "Continuer", False
    if move == "name":
        group = pg.locator('[class*="st-key-elsen_"][class*="_choice"] button')
        name = rng.choice(group.all_inner_texts())
        tap(pg, group.filter(has_text=re.compile(f"^{re.escape(name)}$")))
        table.choice = None if table.choice == name else name  # a second tap: unchosen
        return f"nom {name}", False
    if move == "target":
        group = pg.locator(".st-key-elsen_vote_target button")
        name = rng.choice(group.all_inner_texts())
        tap(pg, group.filter(has_text=re.compile(f"^{re.escape(name)}$")))
        picked = "" if name == NOBODY else name
        table.choice = None if table.choice == picked else picked
        table.votes = None  # the hands counted for someone else never carry over
        return f"désigné {name}", False
    if move == "count":
        if table.choice == "":  # « Personne »: no count asked
            return "rien", False
        count = rng.randrange(0, 6)
        tap(pg, pg.locator(".st-key-elsen_vote_count button", has_text=re.compile(f"^{count}$")))
        table.votes = None if table.votes == count else count
        return f"{count} mains", False
    if move == "member":  # mostly a new member while the team is small, else anyone
        aboard = ["Jean", "Paul", "Pierre", "Marie", "Julie"]
        out = [n for n in aboard if n not in table.team]
        name = rng.choice(out if out and len(table.team) < 3 and rng.random() < 0.8
                          else aboard)
        tap(pg, pg.locator(".st-key-elsen_team button", has_text=re.compile(f"^{name}$")))
        table.team = ([n for n in table.team if n != name] if name in table.team
                      else [*table.team, name])
        return f"équipe {name}", False
    if move == "fit":  # the cards each member could play, entered one counter at a time
        fits = {"faineant": "faineant", "travailleur": "travailleur"}
        wanted: dict[str, int] = {}
        for name in table.team:
            card = fits.get(ROLES[name], "mission-reussie")
            wanted[card] = wanted.get(card, 0) + 1
        for card in CARDS:
            if wanted.get(card, 0) != table.cards.get(card, 0):
                fill(pg, card, wanted.get(card, 0), table)
        return "cartes de l'équipe", False
    if move == "card":
        # mostly the cards that make the team's count, sometimes any card at all
        card = "mission-reussie" if rng.random() < 0.7 else rng.choice(CARDS)
        others = sum(n for c, n in table.cards.items() if c != card)
        value = max(0, len(table.team) - others) if card == "mission-reussie" \
            else rng.randrange(0, 3)
        fill(pg, card, value, table)
        return f"carte {card} = {value}", False
    # « Valider »: what the choices make, if the page has all it needs and the engine agrees
    event: dict[str, Any] | None = None
    if kind == "night" and table.choice is not None:
        step = table.step()
        event = {"type": step, ("victim" if step == "kill" else "target"): table.choice}
    elif kind == "vote" and table.choice == "":
        event = {"type": "vote", "target": None, "votes": 0}
    elif kind == "vote" and table.choice and table.votes is not None:
        event = {"type": "vote", "target": table.choice, "votes": table.votes}
    elif kind == "mission":
        event = table.mission()
    label = valider.inner_text().strip()
    if not valider.is_enabled():  # a tap on it does nothing at all, says nothing
        return f"« {label} » (inactif)", True
    tap(pg, valider)
    if event is not None and table.accepts(event):
        table.meant.append(event)
        return f"« {label} »", False
    return f"« {label} » (refusé)", True


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_taps_write_exactly_the_entries_meant(
        browser: Any, app_server: str, store: EventStore, seed: int) -> None:
    rng = random.Random(seed)
    start = {1: 3, 2: 7, 3: 2}[seed]  # at the Policier, the vote, the mission
    size = PHONE if seed % 2 == 0 else TABLET
    code, url = game(store, app_server, start)
    table = Table(EVENTS[:start])
    context = browser.new_context(viewport=size, locale="fr-FR")
    pg = page(context)
    seen: set[tuple[str, bool]] = set()
    taps: list[str] = []
    try:
        opened(pg, url)
        for _ in range(18):
            if not primary(pg).count():  # the game is over (« Partie terminée »)
                break
            before = where(pg)
            done, refused = one_tap(pg, rng, table)
            taps.append(done)
            trail = f"graine {seed}, {size['width']} px : " + " → ".join(taps)
            assert log_of(store, code) == table.meant, trail
            said = refusals(pg)
            assert not refusals_out_of_view(pg), f"{trail} : refus hors écran {said}"
            if refused:
                assert said, f"{trail} : rien d'écrit, et rien ne dit pourquoi"
            if where(pg) != before or done == "Annuler":
                table.forget()
            state = (screen(pg), bool(said))
            if state not in seen:  # each kind of screen met, once
                seen.add(state)
                assert not a11y_problems(pg), f"{trail} : {a11y_problems(pg)}"
    finally:
        print(f"graine {seed} : " + " → ".join(taps))  # what was tried, with -s
        context.close()
