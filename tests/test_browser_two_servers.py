"""Two real app servers on one PostgreSQL (issue 17): a screen on either server follows a game
written elsewhere, without a reload, within about a second (the pages poll the sequence number
every PUBLIC_REFRESH)."""

from __future__ import annotations

import time
from typing import Any

import pytest
from browsing import open_page
from conftest import running_app

from companion.events.store import EventStore
from tableapp.table.gamepage import PUBLIC_REFRESH


def test_two_servers_on_one_postgresql_share_a_game(pg_server: Any, browser: Any) -> None:
    url = pg_server.database(f"two_servers_{time.monotonic_ns()}")
    server_c = EventStore(url)  # the host's tablet, on a third server
    code = server_c.create("noe", {"players": ["Alice", "Bruno", "Chloé"]})
    assert PUBLIC_REFRESH.total_seconds() <= 1
    with running_app(url) as server_a, running_app(url) as server_b:
        context = browser.new_context(viewport={"width": 390, "height": 844}, locale="fr-FR")
        try:
            phone_a, phone_b = context.new_page(), context.new_page()
            open_page(phone_a, f"{server_a}/noe?code={code}&view=public", "0 événement ·")
            open_page(phone_b, f"{server_b}/noe?code={code}&view=public", "0 événement ·")
            server_c.append(code, {"type": "announcement", "manche": 1, "player": "Bruno",
                                   "announcement": "complot"}, 0)
            written = time.monotonic()
            for phone in (phone_a, phone_b):
                phone.get_by_text("1 événement ·").first.wait_for(timeout=15_000)
            seen = time.monotonic() - written
            # a second of polling plus the page's rerun and two browsers on a shared machine
            assert seen < 6, f"vu après {seen:.1f} s"
            print(f"écriture vue sur les deux serveurs après {seen:.2f} s")
        finally:
            context.close()


pytestmark = [pytest.mark.usefixtures("pg_server"), pytest.mark.browser]
