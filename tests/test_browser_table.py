"""At the table, in a real browser (issue 13): every page at a phone's size (390×844) and a
tablet's (1024×768) never slides sideways, offers controls of at least 44×44 CSS px, says
nothing in English (Streamlit's own words included), draws no emoji (a device without an emoji
font shows empty boxes) and declares itself French (`html[lang=fr]`).

One server for the whole session (tests/conftest.py), one browser page per module, each page of
the app opened once and measured at both sizes by resizing the window."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browsing import a11y_problems, code_in, open_page, visit
from tapping import settled
from test_browser_shell import server_store

from companion.hosting.access import HOST, Access

pytestmark = pytest.mark.browser
ROOT = Path(__file__).resolve().parent.parent
TIMEOUT = 30_000
SIZES = [(390, 844), (1024, 768)]
MIN_TARGET = 44
ENGLISH = ["Upload", "Drag", "Select all", "Connection", "Browse files", "Running",
           "Choose an option", "Press Enter", "No results", "per file", "Please wait",
           "Page not found", "Deploy", "Stop", "Skip to", "sidebar", "View",
           "does not seem"]
# pictographs drawn only by an emoji font (U+1F000…, and the older ones shown as emoji)
EMOJI = re.compile("[\U0001F000-\U0001FAFF\u2705\u274C\u23F9\u23EF\u26A1\u26AA\u2734\u2753"
                   "\u26A0\u2B50\u231B\u23F3]")

# (game, log example, events replayed): games in progress, opened by their host
EXAMPLES = {"noe": ("noe-partie-a-100-points.json", 4),
            "emblemes": ("emblemes-partie-a-trois.json", 14),
            "camelot": ("camelot-exemples-de-la-regle.json", 10),
            "camelot-jetons": ("camelot-jetons.json", 3),
            "elsen": ("elsen-exemple-de-la-regle.json", 3),
            "labystere": ("labystere-partie.json", 5)}
PLAIN_PAGES = ["", "impression", "a-propos", "noe-main", "noe-controle", "noe-regles",
               "emblemes-lieux", "labystere-enquete"]
NEW_GAME_PAGES = ["noe", "emblemes", "camelot", "elsen", "labystere"]

# Every control a player taps, measured where it is visible; Streamlit's own chrome (header,
# hover toolbars of elements) is not played with.
MEASURE_JS = """
(min) => {
  const chrome = 'header, [data-testid="stSidebarHeader"], [data-testid="stElementToolbar"], '
               + '[data-testid="stToolbar"], [data-testid="stSidebarNav"]';
  const selectors = ['button', '[data-testid="stSelectbox"] [role="group"]',
                     '[data-testid="stMultiSelect"] [role="group"]', '[role="tab"]',
                     'label:has(input[type="checkbox"])', 'label:has(input[type="radio"])'];
  const bad = [];
  for (const el of document.querySelectorAll(selectors.join(','))) {
    if (el.closest(chrome) || el.closest('[style*="clip"]')) continue;  // chrome, hidden
    // a select box's own arrow: the whole box is the target
    if (el.matches('button[aria-haspopup="listbox"]')) continue;
    const r = el.getBoundingClientRect();
    const css = getComputedStyle(el);
    if (r.width === 0 || r.height === 0 || r.right <= 0 || r.left >= innerWidth ||
        css.visibility === 'hidden' || parseFloat(css.opacity) === 0) continue;
    if (Math.round(r.width) < min || Math.round(r.height) < min)
      bad.push(`${el.tagName.toLowerCase()} « ${(el.innerText || el.getAttribute('aria-label')
                || el.className).toString().trim().slice(0, 40)} » ${Math.round(r.width)}×`
               + `${Math.round(r.height)}`);
  }
  const main = document.querySelector('[data-testid="stMain"]');
  return {bad, lang: document.documentElement.lang,
          wide: Math.max(document.documentElement.scrollWidth - innerWidth,
                         main ? main.scrollWidth - main.clientWidth : 0),
          text: document.body.innerText};
}"""


@pytest.fixture(scope="module")
def games(app_server: str, tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """One game in progress per example, in the app server's database: name -> query string
    of its host (code and host token)."""
    store = server_store(tmp_path_factory)
    access = Access(store.path)
    out = {}
    for name, (example, count) in EXAMPLES.items():
        log = json.loads((ROOT / "docs" / "log-examples" / example).read_text(encoding="utf-8"))
        code = store.create(name.split("-")[0], log["setup"])
        for seq, event in enumerate(log["events"][:count]):
            store.append(code, event, seq)
        token, _grant = access.issue(code, HOST)
        out[name] = f"code={code}&host={token}"
    return out


@pytest.fixture(scope="module")
def tab(browser: Any) -> Iterator[Any]:
    context = browser.new_context(viewport={"width": 1024, "height": 768}, locale="fr-FR")
    yield context.new_page()
    context.close()


def check_page(tab: Any, url: str, ready: str) -> None:
    """`url` opened, or reached from the page the module's tab shows as the app's own links
    reach it (tests/browsing.py › move_to), then `check_state`."""
    visit(tab, url, ready)
    check_state(tab)


def check_state(tab: Any) -> None:
    """The page as it is now (a state reached by tapping, not only a page freshly opened), at
    both sizes: no sideways scroll, 44 px targets, no English, no emoji, lang=fr, no
    accessibility violation found by axe-core (tests/browsing.py › a11y_problems)."""
    tab.wait_for_function("() => document.documentElement.lang === 'fr'", timeout=TIMEOUT)
    settled(tab)
    problems = []
    for width, height in SIZES:
        tab.set_viewport_size({"width": width, "height": height})
        tab.wait_for_timeout(250)  # the layout of the new width
        found = tab.evaluate(MEASURE_JS, MIN_TARGET)
        where = f"{width}×{height}"
        if found["wide"] > 1:
            problems.append(f"{where} : la page défile de côté de {found['wide']} px")
        problems += [f"{where} : cible trop petite : {b}" for b in found["bad"]]
        english = [w for w in ENGLISH if re.search(rf"\b{re.escape(w)}\b", found["text"])]
        if english:
            problems.append(f"{where} : anglais à l'écran : {english}")
        emoji = sorted(set(EMOJI.findall(found["text"])))
        if emoji:
            problems.append(f"{where} : emoji sans police garantie : {emoji}")
        if found["lang"] != "fr":
            problems.append(f"{where} : html[lang] = {found['lang']!r}")
        # WCAG 2.1 A/AA through axe-core, English words and numbers (issue 25)
        problems += [f"{where} : {p}" for p in a11y_problems(tab)]
        assert "Traceback" not in found["text"]
    tab.set_viewport_size({"width": 1024, "height": 768})
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("path", PLAIN_PAGES)
def test_plain_pages(app_server: str, tab: Any, path: str) -> None:
    check_page(tab, f"{app_server}/{path}", "")


@pytest.mark.parametrize("game", NEW_GAME_PAGES)
def test_new_game_pages(app_server: str, tab: Any, game: str) -> None:
    check_page(tab, f"{app_server}/{game}", "Nouvelle partie")


@pytest.mark.parametrize("name", list(EXAMPLES))
def test_game_pages_of_the_host(app_server: str, tab: Any, games: dict[str, str],
                                name: str) -> None:
    query = games[name]
    check_page(tab, f"{app_server}/{name.split('-')[0]}?{query}",
               f"Partie {code_in(query)}")


def test_public_view(app_server: str, tab: Any, games: dict[str, str]) -> None:
    code = games["noe"].split("&")[0]
    check_page(tab, f"{app_server}/noe?{code}&view=public", "vue publique")


def test_card_picker_speaks_french(app_server: str, tab: Any) -> None:
    """A multiselect's list offers « Tout choisir », not « Select all »."""
    visit(tab, f"{app_server}/noe-main", "vérifier une main")
    tab.locator('[data-testid="stMultiSelect"] [role="group"]').first.click()
    tab.get_by_role("option").first.wait_for(timeout=TIMEOUT)
    listing = tab.locator('[role="listbox"]').first.inner_text()
    assert "Select all" not in listing
    assert "Tout choisir" in listing
    tab.keyboard.press("Escape")


def test_connection_lost_is_said_in_french(browser: Any, tmp_path: Path) -> None:
    """When the server stops, the message a table sees is French."""
    from conftest import _free_port

    port = _free_port()
    proc = subprocess.Popen(
        [sys.executable, "-m", "streamlit", "run", str(ROOT / "streamlit_app.py"),
         "--server.headless", "true", "--server.port", str(port),
         "--browser.gatherUsageStats", "false", "--server.fileWatcherType", "none"],
        cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    context = browser.new_context(viewport={"width": 390, "height": 844}, locale="fr-FR")
    try:
        pg = context.new_page()
        deadline = time.monotonic() + 60
        while True:
            try:
                open_page(pg, f"http://127.0.0.1:{port}/", "Reprendre une partie")
                break
            except Exception:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.5)
        proc.terminate()
        proc.wait(timeout=10)
        pg.get_by_text("Connexion perdue").first.wait_for(timeout=TIMEOUT)
        text = pg.inner_text("body")
        assert "Connection" not in text and "Streamlit" not in text
    finally:
        context.close()
        if proc.poll() is None:
            proc.kill()


# --- states reached in play, and a correction by tapping -----------------------------------


def noe_game(tmp_path_factory: pytest.TempPathFactory, events: list[dict[str, Any]],
             target: int = 400) -> tuple[str, str]:
    """A Noé game in the app server's database: (code, host query string)."""
    store = server_store(tmp_path_factory)
    code = store.create("noe", {"players": ["Anaïs", "Bruno", "Chloé"], "level": 2,
                                "target": target})
    for event in events:
        store.append(code, event, store.seq(code))
    token, _grant = Access(store.path).issue(code, HOST)
    return code, f"code={code}&host={token}"


def announce(player: str, ann: str, manche: int = 1) -> dict[str, Any]:
    return {"type": "announcement", "manche": manche, "player": player, "announcement": ann}


def open_history_row(tab: Any, number: int) -> None:
    """Tap the history's row numbered `number` (from 1, as the table reads it)."""
    tab.get_by_text("Historique et corrections").first.click()
    row = tab.get_by_role("button", name=re.compile(f"^n° {number} ·"))
    row.first.wait_for(timeout=TIMEOUT)
    row.first.click()
    tab.get_by_text(f"Correction du n° {number}").first.wait_for(timeout=TIMEOUT)
    settled(tab)  # the form drawn whole: read before, a stale copy of a choice counted twice


def test_states_reached_in_play(app_server: str, tab: Any,
                                tmp_path_factory: pytest.TempPathFactory) -> None:
    """A correction open, the undo's question, « Rétablir » after it, a finished game: each
    as measured as a page freshly opened."""
    code, query = noe_game(tmp_path_factory, [announce("Bruno", "six-duron"),
                                              announce("Chloé", "complot")])
    visit(tab, f"{app_server}/noe?{query}", f"Partie {code}")
    open_history_row(tab, 1)
    check_state(tab)
    tab.get_by_role("button", name="Annuler la correction").click()
    tab.get_by_role("button", name="Annuler : n° 2").click()
    tab.get_by_text("Oui, annuler").first.wait_for(timeout=TIMEOUT)
    check_state(tab)
    tab.get_by_role("button", name="Oui, annuler").click()
    tab.get_by_role("button", name="Rétablir").first.wait_for(timeout=TIMEOUT)
    check_state(tab)
    finished, query = noe_game(tmp_path_factory, [announce("Bruno", "complot-elysee")],
                               target=50)
    check_page(tab, f"{app_server}/noe?{query}", "Revanche")


def test_a_past_noe_entry_is_corrected_by_tapping_it(
        app_server: str, tab: Any, tmp_path_factory: pytest.TempPathFactory) -> None:
    """Tap n° 0 in the history: the form that entered it comes back with its choices pressed;
    pick another announcement, validate: the log holds a correction, the scores replay, and
    the page says what changed."""
    code, query = noe_game(tmp_path_factory, [announce("Bruno", "six-duron"),
                                              announce("Chloé", "complot")])
    # a new load: in the tab's session, the history's expander would stay as the test
    # before left it (open), and the tap below would close it
    open_page(tab, f"{app_server}/noe?{query}", f"Partie {code}")
    open_history_row(tab, 1)
    box = tab.locator(".st-key-tb_correction")
    pressed = box.locator('button[aria-checked="true"], button[aria-pressed="true"], '
                          'button[data-selected="true"]')
    assert [b.inner_text().strip() for b in pressed.all()] == ["Bruno", "6 Duron (25)"]
    box.locator('[data-testid="stButtonGroup"] button').filter(
        has_text="6 Sénéchales").first.click()
    box.get_by_role("button", name="Valider l'annonce").click()
    tab.get_by_text("n° 1 corrigé").first.wait_for(timeout=TIMEOUT)
    settled(tab)
    said = tab.get_by_text("n° 1 corrigé").first.inner_text()
    assert "Bruno 25 → 35" in said
    stored = server_store(tmp_path_factory).load(code)
    assert stored.events[0] == announce("Bruno", "six-senechales")
    assert stored.raw[-1]["type"] == "correct"
    assert stored.state.summary()["scores"]["Bruno"] == 35
    assert tab.locator(".st-key-tb_correction").count() == 0
