"""Readable by everyone (issue 25), in a real browser: axe-core (WCAG 2.1 A/AA, tests/axe) finds
no critical or serious violation, headings keep their order, dialogs are named, and nothing is
said in English nor any number written the English way, on the app's main page states at a
phone's size (390×844) in the light and the dark theme and at a tablet's (1024×768).

Then states reached in play: a toast on a public view, a finished game's chart and table,
Labystère's board cells named by coordinates, Camelot's colours as coloured chips."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browsing import a11y_problems, axe_problems, code_in, french_problems, open_page, visit
from tapping import settled as settle
from test_browser_shell import server_store

from companion.hosting.access import HOST, Access

pytestmark = pytest.mark.browser
ROOT = Path(__file__).resolve().parent.parent
TIMEOUT = 30_000
MODES = {"phone-light": (390, 844, "light"), "phone-dark": (390, 844, "dark"),
         "tablet": (1024, 768, "light")}
# (game, log example, events replayed): games in progress, opened by their host
EXAMPLES = {"noe": ("noe-partie-a-100-points.json", 4),
            "emblemes": ("emblemes-partie-a-trois.json", 14),
            "camelot": ("camelot-exemples-de-la-regle.json", 10),
            "elsen": ("elsen-exemple-de-la-regle.json", 3),
            "labystere": ("labystere-partie.json", 5)}
PLAIN = ["", "impression", "joueurs", "soirees", "noe"]  # home ... a new game's page


def _game(tmp_path_factory: pytest.TempPathFactory, game: str, example: str,
          count: int) -> tuple[str, str]:
    """A game replayed from a log example in the app server's database: (code, host query)."""
    store = server_store(tmp_path_factory)
    log = json.loads((ROOT / "docs" / "log-examples" / example).read_text(encoding="utf-8"))
    code = store.create(game, log["setup"])
    for seq, event in enumerate(log["events"][:count]):
        store.append(code, event, seq)
    token, _grant = Access(store.path).issue(code, HOST)
    return code, f"code={code}&host={token}"


@pytest.fixture(scope="module")
def games(app_server: str, tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """game -> its code and host token (query string), one game in progress per example."""
    return {game: _game(tmp_path_factory, game, *example)[1]
            for game, example in EXAMPLES.items()}


@pytest.fixture(scope="module", params=list(MODES))
def tab(browser: Any, request: pytest.FixtureRequest) -> Iterator[Any]:
    width, height, scheme = MODES[request.param]
    context = browser.new_context(viewport={"width": width, "height": height},
                                  locale="fr-FR", color_scheme=scheme)
    yield context.new_page()
    context.close()


def settled(pg: Any) -> None:
    """The page (or a tap's rerun) drawn, in French (tableapp/look/a11y.py sets the language)."""
    settle(pg)
    pg.wait_for_function("() => document.documentElement.lang === 'fr'", timeout=TIMEOUT)


def _dark(pg: Any) -> bool:
    """Whether the app drew itself in the dark theme (its background is dark)."""
    return bool(pg.evaluate("""() => {
      const c = getComputedStyle(document.querySelector('[data-testid=stApp]')).backgroundColor;
      const [r, g, b] = c.match(/\\d+/g).map(Number);
      return r + g + b < 3 * 80; }"""))


def test_main_page_states(app_server: str, tab: Any, games: dict[str, str]) -> None:
    """Home, printing, players, nights, a new game; every game mid-game, its host's page and
    its public view: no violation, no English."""
    # (address, a text its page shows): the hosts' pages, then the public views, so that the
    # same page with another query comes with words of its own (tests/browsing.py › move_to)
    urls = [(f"{app_server}/{path}", "") for path in PLAIN]
    urls += [(f"{app_server}/{game}?{query}", f"Partie {code_in(query)}")
             for game, query in games.items()]
    urls += [(f"{app_server}/{game}?{query.split('&')[0]}&view=public", "vue publique")
             for game, query in games.items()]
    scheme = tab.evaluate("() => matchMedia('(prefers-color-scheme: dark)').matches")
    problems = []
    for url, text in urls:
        # the first opens the app; the others are reached as its own links reach them
        visit(tab, url, text)
        tab.wait_for_function("() => [...document.querySelectorAll("
                              "'[data-testid=stMain] :is(h1, h2, h3, p, button)')]"
                              ".some(e => e.offsetParent !== null)", timeout=TIMEOUT)
        settled(tab)
        assert _dark(tab) == scheme, f"thème inattendu sur {url}"
        problems += [f"{url.removeprefix(app_server)} : {p}" for p in a11y_problems(tab)]
    assert not problems, "\n".join(problems)


@pytest.fixture
def phone(browser: Any) -> Iterator[Any]:
    context = browser.new_context(viewport={"width": 390, "height": 844}, locale="fr-FR",
                                  color_scheme="dark")
    yield context.new_page()
    context.close()


def test_a_toast_on_a_public_view_is_a_named_dialog(
        app_server: str, phone: Any, tmp_path_factory: pytest.TempPathFactory) -> None:
    store = server_store(tmp_path_factory)
    code = store.create("noe", {"players": ["Ana", "Ben", "Cléo"]})
    open_page(phone, f"{app_server}/noe?code={code}&view=public", f"Partie {code}")
    store.append(code, {"type": "announcement", "manche": 1, "player": "Ben",
                        "announcement": "complot"}, 0, author="host")  # the host's tablet
    phone.get_by_text("Modifié par l'hôte").first.wait_for(timeout=TIMEOUT)
    phone.wait_for_timeout(300)
    named = phone.evaluate("""() => [...document.querySelectorAll('[data-testid=stToast]')]
      .map(t => t.closest('[role]') || t).map(d => {
        const id = d.getAttribute('aria-labelledby');
        return (d.getAttribute('aria-label') ||
                (id && document.getElementById(id)?.textContent) || '').trim(); })""")
    assert named and all("Modifié par l'hôte" in n for n in named), named
    problems = a11y_problems(phone)
    assert not problems, "\n".join(problems)


def test_a_finished_game_chart_and_table_speak_french(
        app_server: str, phone: Any, tmp_path_factory: pytest.TempPathFactory) -> None:
    """The per-round chart and history of a finished game: no English (the table's and the
    chart's menus included), French numbers."""
    code, query = _game(tmp_path_factory, "emblemes", "emblemes-partie-a-trois.json", 10**6)
    open_page(phone, f"{app_server}/emblemes?{query}", f"Partie {code}")
    phone.get_by_text("Courbe et historique").first.click()
    phone.locator('[data-testid="stDataFrame"]').first.wait_for(timeout=TIMEOUT)
    phone.locator('[data-testid="stVegaLiteChart"]').first.wait_for(timeout=TIMEOUT)
    settled(phone)
    frame = phone.locator('[data-testid="stDataFrame"]').first
    frame.hover()  # its toolbar (search, columns, download, full screen) shows on hover
    phone.wait_for_timeout(300)
    problems = a11y_problems(phone)
    assert not problems, "\n".join(problems)


def test_labystere_cells_are_named_by_their_coordinates(
        app_server: str, phone: Any, games: dict[str, str]) -> None:
    open_page(phone, f"{app_server}/labystere?{games['labystere']}", "Au tour")
    board = phone.locator('div[class*="st-key-lab_board"]')
    board.first.wait_for(timeout=TIMEOUT)
    settled(phone)
    phone.wait_for_function("""() => [...document.querySelectorAll(
        'div[class*="st-key-lab_board"] [class*="st-key-lab_cell_"]')]
        .every(c => c.querySelector('button'))""", timeout=TIMEOUT)
    names = phone.evaluate("""() => [...document.querySelectorAll(
        'div[class*="st-key-lab_board"] [class*="st-key-lab_cell_"]')]
        .map(c => c.querySelector('button').textContent.replace(/\\s+/g, ' ').trim())""")
    assert len(names) == 25
    pattern = re.compile(r"^[A-E][1-5], (carrefour|chemin en T|chemin droit|virage|impasse)")
    assert all(n and pattern.match(n) for n in names), names
    assert names[0].startswith("A1, ") and names[-1].startswith("E5, ")
    assert any("Départ" in n for n in names)
    # the board's edges carry its coordinates, seen by everyone
    edges = board.first.inner_text()
    for label in ["A", "B", "C", "D", "E", "1", "2", "3", "4", "5"]:
        assert re.search(rf"(?m)^{label}$", edges), f"repère {label} absent du plateau"
    public = f"{app_server}/labystere?{games['labystere'].split('&')[0]}&view=public"
    visit(phone, public, "vue publique")
    cells = phone.locator("table.labb td .laby-sr").all_inner_texts()
    assert len(cells) == 25 and all(pattern.match(c) for c in cells), cells
    headers = phone.locator("table.labb th").all_inner_texts()
    assert [h for h in headers if h] == ["1", "2", "3", "4", "5", "A", "B", "C", "D", "E"]


def test_camelot_colours_are_coloured_chips_with_their_name(
        app_server: str, phone: Any, games: dict[str, str]) -> None:
    # the page's own words: on a phone the hidden sidebar's « Camelot : tournois » comes first
    open_page(phone, f"{app_server}/camelot?{games['camelot']}", "Jouer cette carte")
    settled(phone)
    chips = phone.evaluate("""() => [...document.querySelectorAll('.stMarkdownColoredText')]
      .filter(s => s.textContent === '●').map(s => ({
        colour: getComputedStyle(s).color,
        text: getComputedStyle(s.closest('p, li') || document.body).color,
        next: (s.nextSibling && s.nextSibling.textContent || '').trim().split(/\\s/)[0]}))""")
    assert chips, "aucune pastille de couleur"
    for chip in chips:
        assert chip["colour"] != chip["text"], chip  # the colour itself, not the text's grey
        assert chip["next"] in {"Violet", "Rouge", "Bleu", "Jaune", "Vert"}, chip
    problems = axe_problems(phone) + french_problems(phone)
    assert not problems, "\n".join(problems)


def test_an_uploaded_deck_its_size_and_preview_in_french(app_server: str, phone: Any) -> None:
    """An author's deck uploaded on the printing page: the file's size as French writes it
    (« 336 o », not « 336.0B »), the preview with its text alternative."""
    from print_kit.decks.deckprint import template

    data = template("csv")
    open_page(phone, f"{app_server}/impression", "Votre propre paquet")
    phone.get_by_text("Votre propre paquet").first.click()
    phone.locator('[data-testid="stFileUploader"] input[type="file"]').set_input_files(
        {"name": "paquet.csv", "mimeType": "text/csv", "buffer": data})
    phone.get_by_text("cartes à imprimer").first.wait_for(timeout=TIMEOUT)
    settled(phone)
    assert len(data) < 1000  # Streamlit writes it « 297.0B »
    shown = phone.locator('[data-testid="stFileChip"]').first.inner_text()
    assert f"{len(data)} o" in shown and "B" not in shown, shown
    alts = phone.evaluate("() => [...document.querySelectorAll('img')].map(i => i.alt)")
    assert "Aperçu de la page 1 du paquet à imprimer" in alts
    problems = a11y_problems(phone)
    assert not problems, "\n".join(problems)
