"""A stranger with a script against a server started as `companion app` starts it (issue 38,
registre TAB-10): forged `Host` and `X-Forwarded-*` headers put no address of theirs in a link
that carries a secret (the organiser's, printed once at start; a soirée's key), and a
clear-cache message sent over the websocket clears nothing the table needs (the store, the
rights, the push to the screens) nor prints the organiser's announcement again.

The server runs WITHOUT COMPANION_PUBLIC_URL (the other server tests set it): every address
it gives comes from its bind (`--local`: http://localhost:PORT)."""

from __future__ import annotations

import asyncio
import re
import socket
from typing import Any

import pytest
import streamclient
import test_local_addresses
from browsing import in_own_loop
from streamclient import Phone
from streamlit.proto.BackMsg_pb2 import BackMsg

from companion.events.store import EventStore
from companion.hosting.access import HOST, Access
from companion.stats.storage import StatsStore

# live servers woken by their own timers: the kernel's clock (.ci/run's faketime step skips them)
pytestmark = pytest.mark.realclock

TRAP = "piege.example"  # the stranger's machine, as its headers name it
FORGED = {"X-Forwarded-Host": TRAP, "X-Forwarded-Proto": "https",
          "X-Forwarded-For": "6.6.6.6", "Forwarded": f"for=6.6.6.6;host={TRAP};proto=https"}
LINK = re.compile(r"(\S+)/\?organisateur=(\S+)")
PLAYERS = ["Alice", "Bruno", "Chloé"]
# `companion app --local` with its own database and no COMPANION_PUBLIC_URL, what it prints in
# files: the fixture of the test of local addresses, under the name these tests give it
app = test_local_addresses.local_app


def announcements(app: dict[str, Any]) -> list[str]:
    """Every line of the server's terminal about the organiser's link."""
    said = app["stderr"].read_text(encoding="utf-8")
    return [line for line in said.splitlines() if "organisateur" in line]


def raw_get(port: int, path: str, host: str) -> bytes:
    """A GET written by hand, with the stranger's Host and forwarded headers."""
    lines = [f"GET {path} HTTP/1.1", f"Host: {host}", *(f"{k}: {v}" for k, v in FORGED.items()),
             "Connection: close", "", ""]
    with socket.create_connection(("127.0.0.1", port), timeout=10) as conn:
        conn.sendall("\r\n".join(lines).encode())
        answer = b""
        while chunk := conn.recv(65536):
            answer += chunk
    return answer


class Stranger(Phone):
    """A phone whose websocket names the stranger's machine in `Host` and every forwarded
    header, and that keeps the code blocks it is sent (where links are shown)."""

    codes: list[str]

    def _element(self, element: Any, fragment_id: str) -> None:
        if element.WhichOneof("type") == "code":
            self.codes.append(element.code.code_text)
        super()._element(element, fragment_id)


def forging(port: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every phone of this test connects to the server with the stranger's headers."""
    real = streamclient.connect

    def connect(uri: str, **options: Any) -> Any:
        return real(uri.replace("127.0.0.1", TRAP, 1), host="127.0.0.1", port=port,
                    additional_headers=FORGED, **options)

    monkeypatch.setattr(streamclient, "connect", connect)


def test_the_organiser_link_is_the_servers_printed_once_at_start(
        app: dict[str, Any], monkeypatch: pytest.MonkeyPatch) -> None:
    port = app["port"]
    said = announcements(app)  # printed at start, before any visitor
    [(base, token)] = LINK.findall("\n".join(said))
    assert base == f"http://localhost:{port}"
    # the stranger: raw requests, then pages run over a websocket, all with forged headers
    for path in ("/", "/joueurs", "/noe?code=ABCDEF", "/_stcore/health"):
        assert raw_get(port, path, f"{TRAP}:{port}").startswith(b"HTTP/1.1 ")
    forging(port, monkeypatch)

    async def visit() -> list[Stranger]:
        visitors = [Stranger(port, page, {}, i, timers=False)
                    for i, page in enumerate(("", "joueurs", "soirees"))]
        for visitor in visitors:
            visitor.codes = []
        await asyncio.gather(*(v.open() for v in visitors))
        await asyncio.gather(*(v.close() for v in visitors))
        return visitors

    for visitor in in_own_loop(visit()):
        assert visitor.error is None, visitor.error
    assert announcements(app) == said  # not again, and never with the stranger's address
    printed = app["stdout"].read_text(encoding="utf-8") + app["stderr"].read_text("utf-8")
    assert TRAP not in printed and "https://" not in printed
    # the organiser opens the link as told: the token is live, and this device keeps it
    assert Access(app["store"].path).is_organiser(token)

    async def organiser() -> Phone:
        device = Phone(port, "joueurs", {"organisateur": token}, 9, timers=False)
        await device.open()
        await device.close()
        return device

    device = in_own_loop(organiser())
    assert device.error is None and device.saw("Cet appareil est l'organisateur")


def test_a_link_with_a_secret_names_the_server_whatever_the_request_said(
        app: dict[str, Any], monkeypatch: pytest.MonkeyPatch) -> None:
    """A soirée's link carries its key: the device holding it (here with forged headers,
    as a stranger's proxy would send them) is shown the server's address."""
    port = app["port"]
    night, key = StatsStore(EventStore(app["store"].path)).open_night("Vendredi")
    forging(port, monkeypatch)

    async def holder() -> Stranger:
        device = Stranger(port, "soirees", {"soiree": str(night.id), "cle": key}, 1,
                          timers=False)
        device.codes = []
        await device.open()
        await device.close()
        return device

    device = in_own_loop(holder())
    assert device.error is None, device.error
    assert device.codes == [f"http://localhost:{port}/soirees?soiree={night.id}&cle={key}"]


def test_a_strangers_clear_cache_clears_nothing(app: dict[str, Any]) -> None:
    """The stranger sends « Clear cache » (and the git question) over its websocket, again and
    again: the host still writes, a screen that sends no timer is still woken by the push,
    and the organiser's announcement is not made again."""
    port, store = app["port"], app["store"]
    db = store.path
    code = store.create("noe", {"players": PLAYERS})
    token, _grant = Access(db).issue(code, HOST)
    before = announcements(app)

    async def scenario() -> None:
        screen = Phone(port, "noe", {"code": code, "view": "public"}, 1, timers=False)
        host = Phone(port, "noe", {"code": code, "host": token}, 2, timers=False)
        stranger = Phone(port, "", {}, 3, timers=False)
        await asyncio.gather(screen.open(), host.open(), stranger.open())
        try:
            for phone in (screen, host, stranger):
                assert phone.error is None, phone.error
            assert screen.saw("0 événement ·") and not screen.saw("Annuler")
            for kind in ("clear_cache", "load_git_info") * 20:
                message = BackMsg()
                setattr(message, kind, True)
                await stranger._send(message)
            # its messages are handled in order: once its next run is done, so are they
            stranger._run_done = asyncio.get_running_loop().create_future()
            await stranger._send(stranger._rerun())
            await asyncio.wait_for(stranger._run_done, 30)
            assert stranger.error is None
            # the host is still recognised by the server (rights), and the screen still woken
            again = Phone(port, "noe", {"code": code, "host": token}, 4, timers=False)
            await again.open()
            assert again.error is None and again.saw("Annuler")
            await again.close()
            seen = screen.expect("1 événement ·")
            summary = store.load(code).state.summary()
            store.append(code, {"type": "announcement", "manche": summary["manche"],
                                "player": summary["turn"] or PLAYERS[0],
                                "announcement": "complot"}, store.seq(code))
            await asyncio.wait_for(seen, 30)
            assert screen.sent_ticks == 0  # no timer: the push woke it
        finally:
            await asyncio.gather(screen.close(), host.close(), stranger.close())

    in_own_loop(scenario())
    assert announcements(app) == before  # the once-per-process effect stays once


def test_forwarded_headers_are_believed_from_a_declared_proxy_only(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """What `companion app` sets before Streamlit's server (uvicorn) is configured: a request
    from this machine (uvicorn's own default trusts it) with forged X-Forwarded-For/-Proto
    keeps its own address and scheme; from a declared proxy, the forwarded ones count."""
    import uvicorn

    from tableapp.process import launch

    seen: list[tuple[Any, str]] = []

    async def recorder(scope: Any, receive: Any, send: Any) -> None:
        seen.append((scope["client"], scope["scheme"]))

    def through_server(peer: str) -> tuple[Any, str]:
        launch.trust_declared_proxies()  # what cmd_app does, then Streamlit makes its server
        config = uvicorn.Config(recorder, log_level="warning")
        config.load()
        scope = {"type": "http", "scheme": "http", "client": (peer, 50000), "path": "/",
                 "headers": [(b"x-forwarded-for", b"6.6.6.6"),
                             (b"x-forwarded-proto", b"https")]}
        in_own_loop(config.loaded_app(scope, None, None))  # beside the session's browser
        return seen.pop()

    monkeypatch.setenv("FORWARDED_ALLOW_IPS", "127.0.0.1,::1")  # set back after the test
    monkeypatch.delenv("COMPANION_TRUSTED_PROXIES", raising=False)
    assert through_server("127.0.0.1") == (("127.0.0.1", 50000), "http")
    assert through_server("192.168.1.30") == (("192.168.1.30", 50000), "http")
    monkeypatch.setenv("COMPANION_TRUSTED_PROXIES", "192.168.1.30")  # the club's proxy
    assert through_server("192.168.1.30") == (("6.6.6.6", 0), "https")
    assert through_server("127.0.0.1") == (("127.0.0.1", 50000), "http")


def test_a_browsers_clear_cache_never_reaches_streamlit(monkeypatch: pytest.MonkeyPatch) -> None:
    """Through Streamlit's own dispatch of a browser's messages, once the app hooked it
    (tableapp/serving/keepcaches.py): « Clear cache » and the git question are dropped, the
    others go on."""
    from streamlit.runtime.app_session import AppSession

    from tableapp.serving import keepcaches

    # Streamlit's own dispatch (an app run in this process may have hooked it); set back after
    own = getattr(AppSession.handle_backmsg, "original", AppSession.handle_backmsg)
    monkeypatch.setattr(AppSession, "handle_backmsg", own)
    handled: list[str] = []

    class Session:
        def _handle_clear_cache_request(self) -> None:
            handled.append("clear_cache")

        def _handle_git_information_request(self) -> None:
            handled.append("load_git_info")

        def _handle_stop_script_request(self) -> None:
            handled.append("stop_script")

    def message(kind: str) -> BackMsg:
        msg = BackMsg()
        setattr(msg, kind, True)
        return msg

    AppSession.handle_backmsg(Session(), message("clear_cache"))  # type: ignore[arg-type]
    assert handled == ["clear_cache"]  # Streamlit alone obeys it
    handled.clear()
    assert keepcaches.install() and keepcaches.install()  # once, whoever asks again
    for kind in ("clear_cache", "load_git_info", "stop_script", "clear_cache"):
        AppSession.handle_backmsg(Session(), message(kind))  # type: ignore[arg-type]
    assert handled == ["stop_script"]
