"""French and the keyboard across the shell (issue 36), in a real browser at phone and tablet
size: a single-choice group of pills answers the arrow keys as a radio group must (the choice
moves, the page reruns with it); a number field's − and + are said in French; a player's name
in a widget's label is said as typed (« Chloé (la grande) », never its Markdown escapes); the
Impression page writes its bleed without « 3.00 ». axe-core and the French check run on every
state reached.

One server for the session (tests/conftest.py), one browser context per test."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from browsing import a11y_problems, open_page
from tapping import SIZES, TIMEOUT, after_tap, host_page, settled
from test_browser_shell import server_store

pytestmark = pytest.mark.browser
CHLOE = "Chloé (la grande)"
# every number field's shown value and the names of its − and + buttons
_NUMBER_FIELDS = """() => [...document.querySelectorAll('[data-testid="stNumberInput"]')].map(
  box => ({value: box.querySelector('input').value,
           name: box.querySelector('input').getAttribute('aria-label'),
           steps: [...box.querySelectorAll('button')].map(b => b.getAttribute('aria-label'))}))"""


@pytest.fixture(scope="module")
def libre_url(app_server: str, tmp_path_factory: pytest.TempPathFactory) -> str:
    """A free-scoring game of « Chloé (la grande) » and Bruno: a score field per player."""
    store = server_store(tmp_path_factory)
    _code, url = host_page(store, app_server, "libre",
                           {"name": "Essai", "players": [CHLOE, "Bruno"], "winner": "high",
                            "rounds": 4})
    return url


@pytest.fixture(params=list(SIZES), ids=list(SIZES))
def tab(browser: Any, request: pytest.FixtureRequest) -> Iterator[Any]:
    context = browser.new_context(viewport=SIZES[request.param], locale="fr-FR")
    yield context.new_page()
    context.close()


def _checked(group: Any) -> str:
    return str(group.get_by_role("radio", checked=True).inner_text()).strip()


def test_arrow_keys_move_the_choice_of_a_pill_group(app_server: str, tab: Any) -> None:
    """WAI-ARIA's radio group: Right (or Down) checks the next radio, Left the previous, around
    the ends; Streamlit's moved the focus only, and the number of seats stayed at 2."""
    open_page(tab, f"{app_server}/noe", "Nouvelle partie")
    settled(tab)
    group = tab.get_by_role("radiogroup", name="Nombre de joueurs")
    before = _checked(group)
    group.get_by_role("radio", checked=True).focus()
    tab.keyboard.press("ArrowRight")
    after_tap(tab)
    after = _checked(group)
    assert after == str(int(before) + 1), f"{before} puis {after} après la flèche droite"
    # the app reran with the choice: one more seat to name
    tab.get_by_label(f"Place {after}", exact=True).wait_for(timeout=TIMEOUT)
    assert tab.evaluate("() => document.activeElement.getAttribute('aria-checked')") == "true"
    assert a11y_problems(tab) == []
    tab.keyboard.press("ArrowLeft")
    after_tap(tab)
    assert _checked(group) == before
    assert tab.get_by_label(f"Place {after}", exact=True).count() == 0
    tab.keyboard.press("ArrowLeft")  # from the first, around to the last
    after_tap(tab)
    radios = group.get_by_role("radio")
    assert _checked(group) == str(radios.nth(radios.count() - 1).inner_text()).strip()


def test_number_steps_are_french_and_a_name_reads_as_typed(libre_url: str, tab: Any) -> None:
    """The score field of « Chloé (la grande) » is named so (its aria-label held the Markdown
    escapes « \\( \\) »), and its − and + are « Diminuer » and « Augmenter »."""
    tab.goto(libre_url, timeout=TIMEOUT)
    tab.get_by_role("button", name="Manche suivante").wait_for(timeout=TIMEOUT)
    settled(tab)
    fields = tab.evaluate(_NUMBER_FIELDS)
    assert [f["name"] for f in fields][:2] == [CHLOE, "Bruno"], fields
    assert all(f["steps"] == ["Diminuer", "Augmenter"] for f in fields), fields
    field = tab.get_by_label(CHLOE, exact=True)
    assert field.count() == 1
    tab.get_by_role("button", name="Augmenter").first.click()
    after_tap(tab)
    assert field.input_value() == "1"
    assert a11y_problems(tab) == []


def test_the_print_page_writes_no_english_number(app_server: str, tab: Any) -> None:
    open_page(tab, f"{app_server}/impression", "Votre propre paquet")
    bleed = tab.get_by_label("Fond perdu (mm)", exact=True)
    bleed.wait_for(timeout=TIMEOUT)
    settled(tab)
    assert bleed.input_value() == "3"
    fields = tab.evaluate(_NUMBER_FIELDS)
    assert not [f for f in fields if "." in f["value"]], fields
    assert all(f["steps"] == ["Diminuer", "Augmenter"] for f in fields), fields
    assert a11y_problems(tab) == []
