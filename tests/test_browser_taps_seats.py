"""Seats and « À toi » on the players' phones (issue 36), in a real browser: two browser
contexts, the host's tablet and a player's phone.

A phone joins by the QR link (`?view=public`) or by the game's code typed on the home page
(a URL without `view`): either way « Ce téléphone est à… » keeps the seat chosen (in the URL,
through a reload), and when the host's taps make it that seat's turn the phone says « À toi »
in the live region (role="status", polite) that held « Au tour de » before: the same element,
so a screen reader says the change. « À toi » is seen at a glance (a bordered, coloured box,
its text at AA contrast in light and dark), and only on the phone whose seat it is, in every
game (Labystère's list of players too)."""

from __future__ import annotations

import re
from typing import Any

import pytest
from browsing import a11y_problems, open_page, visit
from tapping import PHONE, TABLET, after_tap, example, host_page, settled
from test_browser_shell import server_store

from companion.events.store import EventStore

pytestmark = pytest.mark.browser

LABYSTERE = {"players": ["Alice", "Bruno", "Chloé"], "colours": ["rouge", "bleu", "jaune"],
             "seed": 42}
REGION = '.st-key-tc_banner [role="status"][aria-live="polite"]'  # the banner's live region
LOAD = 90_000  # ms for a page's first load: a machine shared by many runs is slow to start
# The contrast of a box's text on its own background (WCAG 2.1 relative luminance), and its
# look: what tells « À toi » from « Au tour de » across the table.
_LOOK = """el => {
  const rgb = s => (s.match(/[\\d.]+/g) || []).map(Number);
  const lum = c => { const [r, g, b] = c.slice(0, 3).map(v => { v /= 255;
      return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b; };
  const box = getComputedStyle(el);
  const bg = rgb(box.backgroundColor);
  const ratios = [...el.querySelectorAll('h2, p')].map(t => {
    const a = lum(rgb(getComputedStyle(t).color)), b = lum(bg);
    return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05); });
  return {background: box.backgroundColor, opaque: bg.length < 4 || bg[3] === 1,
          border: parseFloat(box.borderTopWidth), kind: el.className,
          contrast: Math.min(...ratios)};
}"""


def join(pg: Any, base: str, code: str, how: str) -> None:
    """The phone opens the game: the QR code's link, or the code typed on the home page."""
    if how == "qr":
        open_page(pg, f"{base}/labystere?code={code}&view=public", "Ce téléphone est à", LOAD)
        return
    open_page(pg, base, "Code d'une partie", LOAD)
    field = pg.get_by_label("Code d'une partie").first
    field.fill(code)
    field.press("Enter")
    after_tap(pg)
    pg.get_by_role("button", name="Ouvrir", exact=True).first.click()
    pg.wait_for_url(re.compile(rf"code={code}"), timeout=LOAD)
    pg.get_by_text("Ce téléphone est à").first.wait_for(timeout=LOAD)
    settled(pg)


def pick_seat(pg: Any, name: str) -> None:
    pg.get_by_text("Ce téléphone est à").first.click()
    pg.locator('[data-testid="stPopoverBody"]').get_by_text(name, exact=True).click()
    settled(pg, 600)


def host_plays_alices_turn(tablet: Any) -> None:
    """Alice's whole turn on the host's tablet, by taps: a 2 on the table's die, her pawn
    back to A1 (seed 42: A1 or C1 are lit), then « Fin du tour »."""
    tablet.locator(".st-key-lab_face_2 button").click()
    after_tap(tablet)
    tablet.locator(".st-key-lab_cell_A1 button:visible").click()
    after_tap(tablet)
    tablet.get_by_role("button", name=re.compile("Fin du tour")).click()
    after_tap(tablet)


@pytest.mark.parametrize("size,how,scheme", [
    (PHONE, "code", "light"), (PHONE, "qr", "dark"), (TABLET, "code", "dark"),
    (TABLET, "qr", "light")],
    ids=["telephone-code-tape", "telephone-qr-sombre", "tablette-code-tape-sombre",
         "tablette-qr"])
def test_a_phone_keeps_its_seat_and_hears_its_turn(
        browser: Any, app_server: str, tmp_path_factory: pytest.TempPathFactory,
        size: dict[str, int], how: str, scheme: str) -> None:
    store = server_store(tmp_path_factory)
    code, url = host_page(store, app_server, "labystere", LABYSTERE)
    host = browser.new_context(viewport=TABLET, locale="fr-FR")
    phone = browser.new_context(viewport=size, locale="fr-FR", color_scheme=scheme)
    try:
        tablet = host.new_page()
        tablet.goto(url, timeout=LOAD)
        tablet.locator(".st-key-lab_face_2 button").wait_for(timeout=LOAD)
        own = phone.new_page()
        join(own, app_server, code, how)
        pick_seat(own, "Bruno")
        assert "place=1" in own.url, f"siège perdu ({how}) : {own.url}"
        assert own.get_by_text("Ce téléphone : Bruno").first.is_visible()
        region = own.locator(REGION)
        assert region.count() == 1, "aucune région annoncée (role=status, aria-live=polite)"
        assert region.inner_text().startswith("Au tour d’Alice")
        theirs = region.evaluate(_LOOK)
        body = own.inner_text("body")
        assert "à toi" not in body.lower(), "« à toi » sur le téléphone de Bruno au tour d'Alice"
        assert not a11y_problems(own), a11y_problems(own)
        region.evaluate("el => { el.__before = true; }")  # the node that holds the turn now

        host_plays_alices_turn(tablet)
        own.wait_for_function(
            f"() => document.querySelector('{REGION}')?.innerText.includes('À toi, Bruno')",
            timeout=LOAD)
        settled(own)
        # the same element as before the turn changed: a screen reader says the new words
        assert region.evaluate("el => el.__before === true"), "région recréée : rien d'annoncé"
        mine = region.evaluate(_LOOK)
        assert "tc-mine" in mine["kind"] and mine["background"] != theirs["background"]
        assert mine["opaque"] and mine["border"] >= 3, mine
        assert mine["contrast"] >= 4.5, mine
        assert re.search(r"Bruno · pion bleu · en \w+ · ◀ à toi", own.inner_text("body"))
        assert not a11y_problems(own), a11y_problems(own)

        own.reload(timeout=LOAD)  # the seat is kept by the URL
        own.locator(REGION).filter(has_text="À toi, Bruno").wait_for(timeout=LOAD)
    finally:
        host.close()
        phone.close()


# (game, log example, events kept): a game of each kind mid-game, as tests/test_browser_phone.py
GAMES = [("noe", "noe-partie-a-100-points.json", 1),
         ("emblemes", "emblemes-partie-a-trois.json", 1),
         ("labystere", "labystere-partie.json", 0),
         ("camelot", "camelot-exemples-de-la-regle.json", 2)]


def _players(game: str, summary: dict[str, Any], state: Any) -> list[str]:
    """The seats each game's public view offers (its call to tableclock.banner)."""
    if game == "labystere":
        return [p["name"] for p in summary["players"]]
    if game == "camelot":
        return list(state.names)
    return list(summary["players"])


def _games(store: EventStore, base: str) -> list[tuple[str, str, list[str], int]]:
    """(game, public URL, seats, seat whose turn it is) for each of GAMES."""
    from tableapp.live.tableclock import awaited

    out = []
    for game, name, count in GAMES:
        log = example(name)
        setup = {**log["setup"], "target": 100_000} if game == "noe" else log["setup"]
        code, _url = host_page(store, base, game, setup, log["events"][:count])
        state = store.load(code).state
        summary = state.summary()
        players = _players(game, summary, state)
        whose, _text = awaited(game, summary)
        assert whose in players, (game, whose)
        out.append((game, f"{base}/{game}?code={code}&view=public", players,
                    players.index(whose)))
    return out


@pytest.mark.parametrize("size", [PHONE, TABLET], ids=["telephone", "tablette"])
def test_a_toi_only_on_the_phone_whose_turn_it_is_in_every_game(
        browser: Any, app_server: str, tmp_path_factory: pytest.TempPathFactory,
        size: dict[str, int]) -> None:
    games = _games(server_store(tmp_path_factory), app_server)
    context = browser.new_context(viewport=size, locale="fr-FR")
    pg = context.new_page()
    wrong = []
    try:
        for game, url, players, turn in games:
            for seat in (turn, (turn + 1) % len(players)):
                # each seat's phone, reached here as the app's links reach a page
                visit(pg, f"{url}&place={seat}", f"Ce téléphone : {players[seat]}", LOAD)
                region = pg.locator(REGION)
                try:
                    region.wait_for(timeout=LOAD)
                except Exception:  # noqa: BLE001  (said below, with the game)
                    wrong.append(f"{game} : aucune région annoncée")
                    continue
                settled(pg)
                said = region.inner_text()
                name = players[seat]
                if seat == turn and not said.startswith(f"▶ À toi, {name} !"):
                    wrong.append(f"{game}, place de {name} (son tour) : « {said[:40]} »")
                if seat != turn and "À toi" in said:
                    wrong.append(f"{game}, place de {name} (pas son tour) : « {said[:40]} »")
                if game == "labystere":  # its list of players: « à toi » on that phone only
                    marks = pg.inner_text("body").count("◀ à toi")
                    if marks != (seat == turn):
                        wrong.append(f"labystere, place de {name} : « à toi » ×{marks}")
    finally:
        context.close()
    assert not wrong, " ; ".join(wrong)


def test_the_strateges_question_needs_no_gender() -> None:
    """« Où Chloé devra-t-il… » agreed with a gender nobody typed: the question is asked so
    that it needs none (issue 36). No browser: the engine words it."""
    from companion.core.errors import RuleError
    from companion.games.emblemes.engine import ENGINE

    state = ENGINE.new_state({"players": ["rouge", "bleu", "vert"]})
    with pytest.raises(RuleError) as asked:
        state.apply({"type": "reveal", "player": "rouge", "value": 8, "place": "port",
                     "choices": {"target": "bleu"}})
    assert "Lieu imposé à bleu pour sa carte ?" in asked.value.reason
    assert not re.search(r"-t-(il|elle)\b", asked.value.reason)
