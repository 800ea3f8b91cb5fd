"""No user text is ever markup (issue 22, item 5), in a real browser: players, profiles and a
soirée named with hostile strings (a Markdown image and link, raw HTML, `javascript:`, a bare
URL, `www.` and an e-mail address, which GFM turns into links by itself), then every page state
of the app visited: home, each game's new-game form filled from the profiles' chips, each
game's host view (history, an entry reopened for correction, score chart, secrets) and public
view, finished and halfway, the Labystère sheet, Joueurs, Soirées with its podium and
statistics, Impression, Labo. On every one: no element whose address comes from those names,
and no request made to the addresses they hold.

One server, one browser; the games are the documented example logs (docs/log-examples) with
their players renamed."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from browsing import move_to, open_page
from conftest import running_app
from hostile import HOSTILE, TRAP, renamed
from stats_night import LOGS, example_log
from tapping import after_tap, settled

from companion.core.loader import load_game
from companion.events.store import EventStore
from companion.hosting.access import HOST, ON_SERVER, Access
from companion.stats.storage import StatsStore

pytestmark = pytest.mark.browser

TIMEOUT = 30_000
NIGHT_TITLE = f"![n](http://{TRAP}n.png) <a href=x>soirée</a> www.soiree.invalid"
# what may never appear in an address the page holds (href, src, srcset, CSS url(...))
MARKERS = [TRAP, "javascript:", "mailto:", ".invalid"]

FOUND = """(markers) => {
  const bad = [];
  const where = (el, attr) => {  // the element, and the Streamlit element holding it
    const box = el.closest("[data-testid^='st']:not([data-testid*='Markdown'])");
    return `<${el.tagName} ${attr}> in ${box ? box.getAttribute("data-testid") + " « " +
      box.innerText.slice(0, 60) + " »" : "?"}`;
  };
  const attrs = ["href", "src", "srcset", "xlink:href", "action", "formaction", "poster",
                 "data", "background"];
  for (const el of document.querySelectorAll("*")) {
    for (const a of attrs) {
      const v = el.getAttribute(a);
      if (v && markers.some(m => v.includes(m))) bad.push(where(el, `${a}="${v}"`));
    }
    const style = el.getAttribute("style") || "";
    if (style.includes("url(") && markers.some(m => style.includes(m)))
      bad.push(where(el, `style="${style}"`));
  }
  return bad;
}"""


def seed(db: Path) -> tuple[dict[str, str], dict[str, str], int, str]:
    """Hostile profiles, the example games played by them in a hostile soirée. Returns log
    name -> code, code -> host token, the soirée's id and key."""
    events = EventStore(db)
    stats = StatsStore(events)
    profiles = {name: stats.create_profile(name).id for name in HOSTILE}
    night, key = stats.open_night(NIGHT_TITLE)
    codes, tokens = {}, {}
    access = Access(db)
    # the finished examples again, cut halfway: the forms of a game under way show names too
    halves = [f"{name}/moitié" for name in ("emblemes-partie-a-trois", "labystere-partie",
                                              "camelot-jetons", "elsen-saboteur-exclu")]
    for offset, name in enumerate(LOGS + halves):
        log = renamed(example_log(name.split("/")[0]), offset)
        if name in halves:
            log["events"] = log["events"][:len(log["events"]) // 2]
        code = events.import_log(log)
        codes[name] = code
        tokens[code] = access.issue(code, HOST)[0]
        stats.seat(code, {seat: profiles[player]
                          for seat, player in enumerate(log["setup"]["players"])}, by=ON_SERVER)
        stats.attach(night.id, code, by=ON_SERVER)
    return codes, tokens, night.id, key


def settle(page: Any) -> None:
    """Let Streamlit finish drawing (no run going, nothing stale: tests/tapping.py), then a
    moment for what is fetched after it (charts, images): a name's address would be asked
    for then."""
    settled(page, 200)


def check(page: Any, where: str, requests: list[str]) -> None:
    bad = page.evaluate(FOUND, MARKERS)
    assert not bad, f"{where} : adresses venues des noms : {bad[:5]}"
    assert not requests, f"{where} : requêtes vers les adresses des noms : {requests[:5]}"


def fill_from_chips(page: Any, base: str, game: str, requests: list[str]) -> None:
    """The new-game form: the minimum number of seats filled by touching the hostile
    profiles' chips, so the game's own setup form shows the names too."""
    move_to(page, f"{base}/{game}", "Nouvelle partie")
    chips = page.locator('[data-testid="stButtonGroup"]').filter(
        has=page.get_by_text("Joueurs enregistrés", exact=False))
    chips.wait_for(timeout=TIMEOUT)
    low = load_game(game).players.min  # the form's default count
    for i in range(low):
        chips.locator("button").nth(i).click()
        page.wait_for_function(
            f"() => (document.querySelector('input[aria-label=\"Place {i + 1}\"]') || {{}})"
            ".value", timeout=TIMEOUT)
    page.wait_for_function("() => [...document.querySelectorAll('button')].some("
                           "b => b.innerText.includes('Commencer la partie') && !b.disabled)",
                           timeout=TIMEOUT)
    settle(page)
    check(page, f"nouvelle partie de {game}", requests)


def test_hostile_names_are_never_markup(browser: Any, tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    codes, tokens, night, key = seed(db)
    game_of = {code: name.split("-")[0] for name, code in codes.items()}
    with running_app(db) as base:
        requests: list[str] = []
        context = browser.new_context(viewport={"width": 1024, "height": 1366},
                                      locale="fr-FR")
        context.on("request", lambda r: requests.append(r.url)
                   if TRAP in r.url or ".invalid" in r.url else None)
        try:
            page = context.new_page()
            open_page(page, f"{base}/", "Reprendre une partie")
            settle(page)
            check(page, "accueil", requests)
            for game in ("noe", "emblemes", "labystere", "camelot", "elsen"):
                fill_from_chips(page, base, game, requests)
            for code, game in game_of.items():
                move_to(page, f"{base}/{game}?code={code}&host={tokens[code]}",
                          f"Partie {code}")
                curve = page.get_by_text("Courbe et historique par", exact=False)
                if curve.count() and page.locator('[data-testid="stCheckbox"]').filter(
                        has=curve).count():
                    page.locator('[data-testid="stCheckbox"]').filter(has=curve).first.click()
                    page.locator('[data-testid="stVegaLiteChart"]').first.wait_for(
                        timeout=TIMEOUT)
                page.get_by_text("Historique et corrections", exact=True).click()
                rows = page.locator("[class*='st-key-tb_fix_'] button")
                if rows.count():  # a game under way: an entry reopened in its own form
                    rows.last.click()
                    page.locator(".st-key-tb_correction").wait_for(timeout=TIMEOUT)
                else:
                    page.get_by_text("le plus récent en premier", exact=False).wait_for(
                        timeout=TIMEOUT)
                secrets = page.get_by_role("button", name=re.compile("Voir les secrets"))
                if secrets.count():
                    secrets.click()
                    page.locator('[data-testid="stTable"]').first.wait_for(timeout=TIMEOUT)
                settle(page)
                check(page, f"{game} {code}, hôte", requests)
                move_to(page, f"{base}/{game}?code={code}&view=public", "vue publique")
                settle(page)
                check(page, f"{game} {code}, vue publique", requests)
            lab = codes["labystere-partie"]
            move_to(page, f"{base}/labystere-enquete?code={lab}", "fiche")
            settle(page)
            check(page, "fiche d'enquête", requests)
            move_to(page, f"{base}/joueurs", "Nouveau joueur")
            for i in range(len(HOSTILE)):  # each profile: portrait, statistics, history
                picker = page.get_by_label("Joueur", exact=True)
                picker.click()
                page.get_by_role("option").nth(i).click()
                after_tap(page)  # the chosen profile's run, not the one before
                settle(page)
                check(page, f"joueurs, profil {i + 1}", requests)
            # a new visit (the soirée's link on another device): in the session of the games
            # above, « Noé » below would reopen its last game instead of a new one
            open_page(page, f"{base}/soirees?soiree={night}&cle={key}", "Podium")
            page.get_by_text("Statistiques par jeu de la soirée").click()
            page.locator('[data-testid="stMetric"]').first.wait_for(timeout=TIMEOUT)
            settle(page)
            assert page.locator('[data-testid="stMetric"]').count() == 3
            check(page, "soirée, podium", requests)
            page.get_by_role("button", name="Les prochaines parties de cet appareil "
                             "rejoignent cette soirée").click()
            page.get_by_role("link", name="Noé").first.click()  # same session: remembered
            page.get_by_text("Cette partie rejoindra la soirée", exact=False).wait_for(
                timeout=TIMEOUT)
            settle(page)
            check(page, "nouvelle partie dans la soirée", requests)
            page.get_by_role("link", name="Soirées").click()
            page.get_by_text("Soirées ouvertes sur cet appareil").wait_for(timeout=TIMEOUT)
            settle(page)
            check(page, "soirées de cet appareil", requests)
            for path, text in (("impression", "Impression"), ("labo", "Labo")):
                move_to(page, f"{base}/{path}", text)
                settle(page)
                check(page, path, requests)
        finally:
            context.close()
