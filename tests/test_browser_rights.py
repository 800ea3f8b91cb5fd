"""Rights and secrets in a real browser (Debian chromium), issue 11: the host's context and a
player's context holding only the code or the public link. Whatever the player does to the URL,
its page offers no write and the secret text never even reaches its browser (every websocket
frame is captured and searched); the host hands the game over and withdraws the old link; eight
devices opening one game together all get their page."""

from __future__ import annotations

import re
import secrets
from dataclasses import replace
from typing import Any

import pytest
from browsing import open_page, start_game
from tapping import settled
from test_browser_shell import server_store

from companion.games.elsen.setup import elsen_data
from companion.games.labystere.setup import generate
from companion.hosting.positions import Positions

pytestmark = pytest.mark.browser
TIMEOUT = 30_000
NAMES = ["Jean", "Paul", "Pierre", "Marie", "Julie"]
HOST_CONTROLS = ["Annuler :", "Voir les secrets", "Suivant",
                 "Appareils et droits", "Exporter"]


class Frames:
    """Every websocket frame a page receives, as text (Streamlit's frames are protobuf: the
    strings in them are UTF-8)."""

    def __init__(self, page: Any) -> None:
        self.chunks: list[str] = []
        page.on("websocket", self._socket)

    def _socket(self, socket: Any) -> None:
        socket.on("framereceived", self._frame)

    def _frame(self, payload: str | bytes) -> None:
        self.chunks.append(payload.decode("utf-8", "ignore") if isinstance(payload, bytes)
                           else payload)

    def text(self) -> str:
        """The frames' text, the game's own title left out (« Entre le saboteur et nous »)."""
        return re.sub(r"(?i)entre le saboteur et nous", "", "\n".join(self.chunks))


def player_urls(base: str, game: str, code: str) -> list[str]:
    """What a player may try with the code: the public link, the code alone, `view` changed,
    parameters added, a host token guessed at the right length."""
    guess = secrets.token_urlsafe(24)
    return [f"{base}/{game}?code={code}&view=public", f"{base}/{game}?code={code}",
            f"{base}/{game}?code={code}&view=host", f"{base}/{game}?code={code}&view=",
            f"{base}/{game}?code={code}&admin=1&role=host&host=",
            f"{base}/{game}?code={code}&host={guess}",
            f"{base}/{game}?host={guess}&code={code.lower()}"]


def test_elsen_a_player_never_receives_a_role_nor_writes(app_server: str, browser: Any,
                                                         tmp_path_factory: Any) -> None:
    host_context = browser.new_context(viewport={"width": 1024, "height": 1366}, locale="fr-FR")
    player_context = browser.new_context(viewport={"width": 390, "height": 844}, locale="fr-FR")
    try:
        host = host_context.new_page()
        host_frames = Frames(host)
        code = start_game(host, app_server, "elsen", NAMES)
        host.get_by_role("button", name="Tirer les rôles au sort (secret)").click()
        host.get_by_text("Première nuit · 1/5").wait_for(timeout=TIMEOUT)
        host.get_by_role("button", name=re.compile("Voir les secrets")).click()
        host.get_by_text("rôle").first.wait_for(timeout=TIMEOUT)
        store = server_store(tmp_path_factory)
        stored = store.load(code)
        data = elsen_data()
        dealt = {data.role(role).name for role in stored.state.roles.values()}
        # the capture works: the host's own browser did receive the roles
        assert all(name in host_frames.text() for name in dealt)
        # the night roles' countdowns on (registre ELS-19): the host's tablet alone shows them
        positions = Positions(store.path)
        positions.set_narrator(code, replace(positions.narrator(code).at(stored.seq),
                                             line=2, night=True))
        host.reload()
        host.locator(".elsen-narrator .clock.night").wait_for(timeout=TIMEOUT)

        player = player_context.new_page()
        frames = Frames(player)
        for url in player_urls(app_server, "elsen", code):
            open_page(player, url, "Missions réussies")
            settled(player)
            body = player.inner_text("body")
            for control in HOST_CONTROLS:
                assert control not in body, (url, control)
            assert player.locator(".elsen-narrator").count() == 0, url
        sent = frames.text()
        for name in dealt:
            assert name not in sent, name
        for life in ("en vie", "mort"):
            assert life not in sent
        for narration in ("elsen-narrator", "clock", "rebours", "ouvrez les yeux", "Voix"):
            assert narration not in sent, narration
        assert store.seq(code) == stored.seq  # nothing written by the player
        cookie = {c["name"]: c["value"] for c in player_context.cookies()}
        assert code in cookie.get("compagnon_appareil", "")  # joined: on its home page
        assert "h." not in cookie["compagnon_appareil"]  # but not as host
    finally:
        host_context.close()
        player_context.close()


def test_labystere_the_plan_never_leaves_the_server(app_server: str, browser: Any,
                                                   tmp_path_factory: Any) -> None:
    host_context = browser.new_context(locale="fr-FR")
    player_context = browser.new_context(viewport={"width": 390, "height": 844}, locale="fr-FR")
    try:
        host = host_context.new_page()
        host_frames = Frames(host)
        code = start_game(host, app_server, "labystere", ["Léa", "Tom"])
        host.get_by_text("Au tour de Léa").wait_for(timeout=TIMEOUT)
        host.locator(".st-key-lab_view").get_by_text("Plan", exact=True).click()  # a view
        host.get_by_text("Le plan de cette partie").wait_for(timeout=TIMEOUT)
        seed = server_store(tmp_path_factory).load(code).setup["seed"]
        assert len(str(seed)) >= 10
        player = player_context.new_page()
        frames = Frames(player)
        for url in player_urls(app_server, "labystere", code):
            open_page(player, url, "Au tour de Léa")
            settled(player)
            assert player.get_by_role("button", name="Lancer le dé").count() == 0, url
        for sent in (frames.text(), host_frames.text()):
            assert str(seed) not in sent  # not even the host's screen shows the plan's number
            assert "Suspect à mettre de côté" not in sent
        assert generate(seed).guilty  # the seed is the real one (the answer follows from it)
    finally:
        host_context.close()
        player_context.close()


def test_the_host_hands_over_and_revokes_the_old_link(app_server: str, browser: Any,
                                                      tmp_path_factory: Any) -> None:
    old_context = browser.new_context(locale="fr-FR")
    new_context = browser.new_context(locale="fr-FR")
    try:
        old = old_context.new_page()
        code = start_game(old, app_server, "noe", ["Ana", "Ben", "Cléo"])
        old.get_by_text("Appareils et droits").click()
        old.get_by_role("button", name="Passer la main à un autre appareil").click()
        link = old.locator("code").filter(has_text="host=").first
        link.wait_for(timeout=TIMEOUT)
        url = link.inner_text().strip()
        token = re.search(r"host=([A-Za-z0-9_-]+)", url).group(1)  # type: ignore[union-attr]
        assert token not in old.url  # a fresh token, not the old device's
        new = new_context.new_page()
        open_page(new, url.replace(re.match(r"https?://[^/]+", url).group(0), app_server),
                  "Annuler :")
        new.get_by_text("Appareils et droits").click()
        row = new.get_by_text("créée sur cet appareil").first
        row.wait_for(timeout=TIMEOUT)
        new.get_by_role("button", name="Retirer").first.click()
        new.get_by_text("créée sur cet appareil").wait_for(state="detached", timeout=TIMEOUT)
        old.reload()
        old.get_by_text("vue publique, lecture seule").first.wait_for(timeout=TIMEOUT)
        assert "Annuler :" not in old.inner_text("body")
        access = __import__("companion.hosting.access", fromlist=["Access"]).Access
        grants = [g.label for g in access(server_store(tmp_path_factory).path).grants(code)]
        assert len(grants) == 1 and grants[0].startswith("hôte ajouté")
    finally:
        old_context.close()
        new_context.close()


def test_eight_devices_opening_one_game_together_all_get_their_page(
        app_server: str, browser: Any, tmp_path_factory: Any) -> None:
    store = server_store(tmp_path_factory)
    code = store.create("noe", {"players": ["Ana", "Ben", "Cléo"]}, title="Ana, Ben, Cléo")
    contexts = [browser.new_context(viewport={"width": 390, "height": 844}, locale="fr-FR")
                for _ in range(8)]
    try:
        pages = [context.new_page() for context in contexts]
        for page in pages:  # all eight sessions start before any has finished its first run
            page.goto(f"{app_server}/noe?code={code}&view=public", wait_until="commit")
        for page in pages:
            page.get_by_text(f"Partie {code}").first.wait_for(timeout=60_000)
            body = page.inner_text("body")
            assert "cannot be called directly" not in body and "Traceback" not in body
            assert "Page not found" not in body and "Page introuvable" not in body
    finally:
        for context in contexts:
            context.close()


def test_a_public_screen_says_what_the_host_changed(app_server: str, page: Any,
                                                    tmp_path_factory: Any) -> None:
    store = server_store(tmp_path_factory)
    code = store.create("noe", {"players": ["Ana", "Ben", "Cléo"]})
    open_page(page, f"{app_server}/noe?code={code}&view=public", f"Partie {code}")
    store.append(code, {"type": "announcement", "manche": 1, "player": "Ben",
                        "announcement": "complot"}, 0, author="host")  # the host's tablet
    page.get_by_text("Modifié par l'hôte").first.wait_for(timeout=TIMEOUT)  # no reload
