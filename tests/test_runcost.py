"""What a screen costs the server (tableapp/serving/runcost.py): the theme built once says what
Streamlit's own would, and no theme at all when the app sets none (the device's light or dark is
kept); every connection the server accepts sends its answers at once (TCP_NODELAY)."""

from __future__ import annotations

import asyncio
import socket
import sys
from asyncio import base_events

from browsing import in_own_loop
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg
from streamlit.runtime import app_session

from tableapp.serving import runcost


def _theme(section: str = "theme") -> ForwardMsg:
    msg = ForwardMsg()
    app_session._populate_theme_msg(msg.new_session.custom_theme, section)  # noqa: SLF001
    return msg


def test_tuned_once_and_the_interval_set() -> None:
    first = runcost.tune()
    assert runcost.tune() == first and "switch" in first
    assert sys.getswitchinterval() == runcost.SWITCH_INTERVAL


def test_no_theme_set_leaves_the_device_its_own() -> None:
    assert "theme" in runcost.tune()
    for section in ("theme", "theme.light", "theme.dark", "theme.sidebar"):
        assert not _theme(section).new_session.HasField("custom_theme")


def test_a_theme_set_is_sent_every_run(monkeypatch) -> None:
    from streamlit import config

    assert "theme" in runcost.tune()
    monkeypatch.setattr(config, "get_options_for_section",
                        lambda section: {"primaryColor": "#123456", "base": None})
    # built once per section: a theme read anew (the config parsed again) is built again
    config._on_config_parsed.send()  # noqa: SLF001
    sent = _theme("theme.sidebar")
    assert sent.new_session.custom_theme.primary_color == "#123456"
    assert _theme("theme.sidebar").new_session.custom_theme.primary_color == "#123456"
    config._on_config_parsed.send()  # noqa: SLF001  (the next test reads the real config)


def _accepted_pair() -> tuple[socket.socket, socket.socket, socket.socket]:
    """(listener, client, accepted): a listening socket made as Streamlit's server makes it
    (`socket.socket(family)`, whose proto is 0) and a connection it accepted."""
    listener = socket.socket(socket.AF_INET)
    listener.bind(("127.0.0.1", 0))
    listener.listen(1)
    client = socket.create_connection(listener.getsockname())
    accepted, _ = listener.accept()
    return listener, client, accepted


def _nodelay(sock: socket.socket) -> bool:
    return bool(sock.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY))


def test_asyncio_alone_leaves_nagle_on_for_the_servers_connections() -> None:
    """Why `send_at_once` exists: asyncio's own check skips a socket whose proto is 0."""
    assert runcost.send_at_once()
    original = base_events._set_nodelay.original  # noqa: SLF001
    sockets = _accepted_pair()
    try:
        assert sockets[2].proto == 0
        original(sockets[2])
        assert not _nodelay(sockets[2])
        base_events._set_nodelay(sockets[2])  # noqa: SLF001
        assert _nodelay(sockets[2])
    finally:
        for sock in sockets:
            sock.close()


def test_every_connection_an_asyncio_server_accepts_sends_at_once() -> None:
    assert runcost.send_at_once() and "nodelay" in runcost.tune()
    seen: list[bool] = []

    async def serve() -> None:
        listener = socket.socket(socket.AF_INET)
        listener.bind(("127.0.0.1", 0))
        listener.listen(4)
        listener.setblocking(False)

        async def answer(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
            seen.append(_nodelay(writer.get_extra_info("socket")))
            writer.close()

        server = await asyncio.start_server(answer, sock=listener)
        async with server:
            for _ in range(2):
                _reader, writer = await asyncio.open_connection(*listener.getsockname())
                writer.close()
            while len(seen) < 2:
                await asyncio.sleep(0.01)

    in_own_loop(serve())
    assert seen == [True, True]
