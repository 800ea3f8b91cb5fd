"""No network at run time, seen from a player's phone: opening the home page and a game's pages
(host and public view, where icons, fonts and pictures are drawn) asks nothing of any server but
the app's own. A third-party request would tell someone who plays, and fail without Internet.
Nor does a deep link ask its own server a useless question first."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit

import pytest
from browsing import open_page
from test_browser_shell import server_store

from companion.hosting.access import HOST, Access


def test_every_request_stays_on_the_app_server(
        app_server: str, browser: Any, tmp_path_factory: pytest.TempPathFactory) -> None:
    store = server_store(tmp_path_factory)
    code = store.create("noe", {"players": ["Ana", "Ben", "Cléo"]})
    token, _grant = Access(store.path).issue(code, HOST)
    context = browser.new_context(viewport={"width": 390, "height": 844}, locale="fr-FR")
    asked: list[str] = []
    context.on("request", lambda request: asked.append(request.url))
    try:
        tab = context.new_page()
        for url, text in ((app_server, "Nouvelle partie"),
                          (f"{app_server}/noe?code={code}&host={token}", "Valider l'annonce"),
                          (f"{app_server}/noe?code={code}&view=public", f"Partie {code}")):
            open_page(tab, url, text)
            tab.wait_for_timeout(500)  # the tab's icon and late fonts are asked after the text
    finally:
        context.close()
    ours = urlsplit(app_server).netloc
    elsewhere = sorted({url for url in asked
                        if urlsplit(url).scheme in ("http", "https", "ws", "wss")
                        and urlsplit(url).netloc != ours})
    assert asked and not elsewhere, elsewhere
    # a deep link knows where the server's root is (tableapp/serving/firstload.py): no probe of
    # /noe/_stcore/health (a 404, then 100 ms of waiting) before the root's
    probed = [url for url in asked if "/noe/_stcore/" in url]
    assert not probed and any(url.endswith("/_stcore/health") for url in asked), probed
