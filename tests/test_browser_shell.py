"""The app shell in a real browser (Debian's chromium through Playwright): the home page loads,
and a game is resumed from its short code typed on the home page."""

from __future__ import annotations

import re
from typing import Any

import pytest
from browsing import open_page

from companion.core.registry import GAMES
from companion.events.store import EventStore

pytestmark = pytest.mark.browser
TIMEOUT = 30_000


def wait_ready(page: Any) -> None:
    """Streamlit draws the page after the websocket connects: wait for the first title."""
    page.wait_for_selector("h1", timeout=TIMEOUT)


def server_store(tmp_path_factory: pytest.TempPathFactory) -> EventStore:
    """The app server's own database (tests/conftest.py puts it in an "app-db" temp folder)."""
    folders = sorted(tmp_path_factory.getbasetemp().glob("app-db[0-9]*"))
    assert len(folders) == 1, "base de l'app de test introuvable"
    return EventStore(folders[0] / "games.sqlite3")


def test_home_page_loads(app_server: str, page: Any) -> None:
    page.goto(app_server, wait_until="domcontentloaded")
    wait_ready(page)
    assert page.get_by_role("heading", name="Compagnon de table").first.is_visible()
    last = list(GAMES.values())[-1].title  # the page draws from the top: wait for its end
    page.get_by_role("heading", name=last).first.wait_for(timeout=TIMEOUT)
    body = page.inner_text("body")
    for info in GAMES.values():
        assert info.title in body
    assert "Reprendre une partie" in body
    assert "Traceback" not in body


def test_resume_a_game_by_its_code(app_server: str, page: Any,
                                   tmp_path_factory: pytest.TempPathFactory) -> None:
    game = "noe"
    code = server_store(tmp_path_factory).create(game, {"players": ["Alice", "Bruno"]})
    page.goto(app_server, wait_until="domcontentloaded")
    wait_ready(page)
    field = page.get_by_label("Code d'une partie")
    field.fill(code.lower())
    field.press("Enter")
    page.get_by_role("button", name="Ouvrir", exact=True).click()
    page.wait_for_url(re.compile(rf"/{game}\?code={code}"), timeout=TIMEOUT)
    page.get_by_text(f"Partie {code}").first.wait_for(timeout=TIMEOUT)
    page.reload(wait_until="domcontentloaded")  # a refresh: the same game comes back
    page.get_by_text(f"Partie {code}").first.wait_for(timeout=TIMEOUT)
    assert f"code={code}" in page.url
    assert "Traceback" not in page.inner_text("body")


def test_a_public_screen_follows_the_game(app_server: str, page: Any,
                                          tmp_path_factory: pytest.TempPathFactory) -> None:
    store = server_store(tmp_path_factory)
    code = store.create("noe", {"players": ["Alice", "Bruno", "Chloé"]})
    open_page(page, f"{app_server}/noe?code={code}&view=public", "0 événement ·")
    store.append(code, {"type": "announcement", "manche": 1, "player": "Bruno",
                        "announcement": "complot"}, 0)  # recorded on the table's tablet
    page.get_by_text("1 événement ·").first.wait_for(timeout=TIMEOUT)  # no reload needed
    body = page.inner_text("body")
    assert "Annuler :" not in body and "Nouvelle partie" not in body
