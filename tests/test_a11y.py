"""Readable by everyone (issue 25), without the app: what the pages are given to say, and the
shell's relabelling script alone in a bare browser page. The checks of the app's pages in a
real browser (axe-core, French-only text) are in tests/test_browser_a11y.py."""

from __future__ import annotations

import html
import re
from typing import Any

import pytest
from browsing import axe_problems

from companion.stats.charts import french, podium_spec, tally_spec
from companion.stats.podium import PodiumRow
from tableapp import shell
from tableapp.look import a11y
from tableapp.pages.camelot.entry import card_chip, colour_chip, tokens_chips
from tableapp.pages.lab import chart_spec
from tableapp.pages.labystere.board import cell_description, shape_name
from tableapp.shell import RELABEL


def relabel(text: str) -> str | None:
    """What the shell's script makes of `text` (its first matching rule, as in JavaScript)."""
    for pattern, replacement in RELABEL:
        if re.search(pattern, text):
            return re.sub(pattern, re.sub(r"\$(\d)", r"\\\1", replacement), text)
    return None


@pytest.mark.parametrize(("english", "french_text"), [
    ("336.0B", "336 o"), ("12.5B", "12,5 o"), ("2.0KB", "2 Ko"), ("1.2MB", "1,2 Mo"),
    ("paquet.csv, 297.0B", "paquet.csv, 297 o"), ("deck.xlsx, 3.4KB", "deck.xlsx, 3,4 Ko"),
    ("Link to heading", "Lien vers ce titre"), ("Show/hide columns", "Colonnes affichées"),
    ("Download as PNG", "Télécharger (PNG)"), ("App pages", "Pages"), ("Sidebar", "Menu"),
    ("Stopping...", "Arrêt…"), ("Stop", "Arrêter"),
])
def test_streamlit_english_and_file_sizes_are_relabelled(english: str, french_text: str) -> None:
    assert relabel(english) == french_text


def test_charts_write_numbers_the_french_way() -> None:
    rows = [PodiumRow(rank=1, key="ana", name="Ana", wins=2, points=0.5, played=3)]
    specs = [podium_spec(rows, "points"),
             tally_spec([{"Jeu": "Noé", "Parties": 3, "Victoires": 1}]),
             chart_spec([{"type": "taux", "donnees": "original", "valeur": 0.467, "bas": 0.4,
                          "haut": 0.5, "joueurs": 4}]),
             french({"mark": "bar", "config": {"axis": {"grid": False}}})]
    for spec in specs:
        number = spec["config"]["locale"]["number"]
        assert number["decimal"] == "," and number["thousands"] == "\u202f"
        assert number["percent"] == "\u202f%"
    assert specs[-1]["config"]["axis"] == {"grid": False}  # the spec's own config is kept


@pytest.mark.parametrize(("sides", "said"), [
    ("NESW", "carrefour"), ("NES", "chemin en T (nord, est, sud)"),
    ("NS", "chemin droit (nord, sud)"), ("ES", "virage (est, sud)"), ("W", "impasse (ouest)"),
])
def test_a_road_is_named_by_its_shape(sides: str, said: str) -> None:
    assert shape_name(sides) == said


def test_a_labystere_cell_is_said_by_its_coordinates() -> None:
    cell = {"cell": "C4", "sides": "NES", "cover": "temoin", "card": "temoin-1", "pawns": [1]}
    assert cell_description(cell, ["rouge", "bleu"]) == \
        "C4, chemin en T (nord, est, sud), Témoin, pion bleu"


def test_camelot_colours_are_chips_with_their_name() -> None:
    assert colour_chip("rouge") == ":red[●] Rouge"
    assert colour_chip(None) == "—"
    assert card_chip("bleu-2") == ":blue[●] Bleu 2"
    assert card_chip("desarconne").startswith("✦ ")  # an action card keeps its own mark
    assert tokens_chips({"vert", "jaune"}) == ":yellow[●] Jaune, :green[●] Vert"
    assert tokens_chips(set()) == "aucun jeton"


def test_a_picture_says_what_it_shows_escaped() -> None:
    img = a11y._img(b"\x89PNG", 'Image de <b>"Zoé"</b>', 40, "image/png")
    assert 'alt="Image de &lt;b&gt;&quot;Zoé&quot;&lt;/b&gt;"' in img
    assert img.startswith('<img src="data:image/png;base64,iVBORw==') and 'width="40"' in img


def test_the_repair_script_survives_the_sanitizer() -> None:
    """Streamlit's DOMPurify drops a script whose text looks like markup (a « < » followed by
    a letter or « / »): the whole script would silently vanish."""
    body = a11y.A11Y_SCRIPT.removeprefix("<script>").removesuffix("</script>")
    assert not re.search(r"<[/\w!]", body)
    assert a11y.A11Y_SCRIPT.count("<script>") == 1


ENGLISH_ON_THE_PAGE = ["Link to heading", "Show/hide columns", "Download as PNG", "App pages",
                       "Sidebar", "Stopping...", "Stop", "336.0B", "deck.xlsx, 3.4KB",
                       "Drag and drop file here", "Limit 200MB per file", "View 5 more",
                       "Help for Annonce", "Is Streamlit still running? Check the server.",
                       "Press Enter to apply"]
FRENCH_ON_THE_PAGE = ["Valider l'annonce", "Alice", "6 Sénéchales (35)", "0/100 000",
                      "Stop ou encore", "Manche 1 · donneur : Chloé", "Arrêter la manche",
                      "B", "12"]


@pytest.mark.browser
def test_the_pages_script_relabels_as_its_rules_say(page: Any) -> None:
    """The shell's script in a real browser (one test for all rules, then the first that
    matches): every English text relabelled as `relabel` says, the app's French untouched,
    in the page as it opens and in what is added to it later, attributes included."""
    texts = ENGLISH_ON_THE_PAGE + FRENCH_ON_THE_PAGE
    page.set_content("<body>" + "".join(f"<p>{html.escape(t)}</p>" for t in texts) + "</body>")
    script = shell.relabel_script().removeprefix("<script>").removesuffix("</script>")
    page.add_script_tag(content=script)
    shown = page.evaluate("() => [...document.querySelectorAll('p')].map(p => p.textContent)")
    assert shown == [relabel(t) or t for t in texts]
    assert relabel("Stop ou encore") is None and relabel("Link to heading") is not None
    page.evaluate("""(texts) => { for (const t of texts) {
        const b = document.createElement('button'); b.setAttribute('aria-label', t);
        b.textContent = t; document.body.append(b); } }""", texts)
    page.wait_for_function("() => document.querySelector('button').textContent !== "
                           "'Link to heading'")
    added = page.evaluate("() => [...document.querySelectorAll('button')].map("
                          "b => [b.textContent, b.getAttribute('aria-label')])")
    assert added == [[relabel(t) or t] * 2 for t in texts]


@pytest.mark.browser
def test_the_accessibility_check_finds_what_it_promises(page: Any) -> None:
    """tests/browsing.py › axe_problems, on a page made to fail: the WCAG A/AA violations
    (an image without text, grey on white) and the three best practices issue 25 asks for
    (a heading level skipped, an empty heading, an unnamed dialog), and none of the best
    practices it leaves out (no landmark around the text, no first-level heading)."""
    page.set_content('<html lang="fr"><head><title>Essai</title></head><body>'
                     '<h2>Titre</h2><h4>Trop bas</h4><h3></h3>'
                     '<div role="dialog"><p>Sans nom</p></div><img src="x.png">'
                     '<p style="color:#bbb;background:#fff">Gris</p></body></html>')
    found = {line.split(" ", 1)[0] for line in axe_problems(page)}
    assert found == {"image-alt", "color-contrast", "heading-order", "empty-heading",
                     "aria-dialog-name"}
