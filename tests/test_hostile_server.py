"""A stranger with a script against the app server started as `companion app` starts it (issue
38, items 2 and 3; registre TAB-11), and the organiser's table going on meanwhile: raw sockets
that never finish their request, a crowd of them from many addresses, websockets that say
nothing, uploads under ids the server never gave and past every budget, one address taking
every seat. The stranger connects from 127.0.0.2 and up (another device to the server), the
organiser from 127.0.0.1 with the game's host token: their tap is answered during the attacks.

One server for the module: 10 sessions at most (4 per address), 512 files open at most."""

from __future__ import annotations

import asyncio
import time
import uuid
from collections.abc import Iterator
from typing import Any

import pytest
from browsing import in_own_loop
from stranger import (
    Server,
    app_server,
    close_all,
    closed_by_server,
    enough_descriptors,
    half_open,
    health_answers,
    multipart,
    open_websockets,
    put,
    silent_websockets,
    upload_paths,
)
from streamclient import Phone

from companion.core import settings
from companion.core.safejson import MAX_BYTES as LOG_BYTES
from companion.events.store import EventStore
from companion.hosting.access import HOST, Access
from tableapp.capacity import CROWDED_TEXT, FULL_TITLE
from tableapp.serving import connections, silence, uploads, visitors

pytestmark = pytest.mark.realclock  # a live server on the kernel's clock
NOFILE = 512
CEILING = 10
PER_ADDRESS = visitors.connection_share(CEILING, connections.connection_cap(NOFILE))
# The server's deadlines for a request's head and a websocket's first word, shortened from the
# product's 10 and 15 s (COMPANION_HEAD_SECONDS, COMPANION_FIRST_WORD_SECONDS) so that the
# waits below prove the server reads them; a wait is bounded at three times the longer one.
HEAD_SECONDS, FIRST_WORD_SECONDS = 3, 4
DEADLINE = 3 * max(HEAD_SECONDS, FIRST_WORD_SECONDS)


class Table:
    def __init__(self, server: Server, code: str, token: str) -> None:
        self.server, self.code, self.token = server, code, token

    def host(self, source: str = "127.0.0.1") -> Phone:
        """The organiser's device on the game (its host token)."""
        return Phone(self.server.port, "noe", {"code": self.code, "host": self.token},
                     timers=False, source=source)

    def public(self, source: str) -> Phone:
        return Phone(self.server.port, "noe", {"code": self.code, "view": "public"},
                     timers=False, source=source)

    def picker(self, source: str) -> Phone:
        """A device on the game's page without a code: it offers to import a game (a file)."""
        return Phone(self.server.port, "noe", {}, timers=False, source=source)


@pytest.fixture(scope="module")
def table(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Table]:
    db = tmp_path_factory.mktemp("hostile-server") / "games.sqlite3"
    code = EventStore(db).create("noe", {"players": ["Alice", "Bruno", "Chloé"]})
    token, _grant = Access(db).issue(code, HOST)
    with app_server(db, {"COMPANION_MAX_SESSIONS": str(CEILING),
                         "COMPANION_HEAD_SECONDS": str(HEAD_SECONDS),
                         "COMPANION_FIRST_WORD_SECONDS": str(FIRST_WORD_SECONDS)},
                    nofile=NOFILE) as server:
        yield Table(server, code, token)


async def opened(*phones: Phone) -> None:
    await asyncio.gather(*(phone.open() for phone in phones))
    for phone in phones:
        assert phone.error is None, phone.error


async def until(check: Any, seconds: float = DEADLINE) -> bool:
    deadline = time.monotonic() + seconds
    while not check() and time.monotonic() < deadline:
        await asyncio.sleep(0.2)
    return bool(check())


async def tap(host: Phone, code: str) -> None:
    """The organiser's tap in their live view, answered (a run that finished)."""
    fragment = host.fragment_of(f"Partie {code}")
    assert fragment is not None
    await host.rerun_fragment(fragment)


def test_half_open_requests_and_silent_websockets_cost_one_address_its_share(
        table: Table) -> None:
    if not enough_descriptors(1200):
        pytest.skip("ce système ne permet pas 1 200 fichiers ouverts au test")
    server = table.server

    async def scenario() -> None:
        host = table.host()
        await opened(host)
        started = time.monotonic()
        socks = half_open(server.port, 1100, ["127.0.0.2"])  # 0.1–0.3 s
        silent = await silent_websockets(server.port, PER_ADDRESS - 4, "127.0.0.3")
        try:
            assert await health_answers(server.url)
            await tap(host, table.code)  # the table goes on
            assert server.descriptors() < NOFILE
            # all but the address's share refused or shed at once (a 503, or closed)…
            assert await until(lambda: len(socks) - closed_by_server(socks) <= PER_ADDRESS, 10)
            # …and the rest cut when their head's deadline passed, like the silent websockets
            assert await until(lambda: closed_by_server(socks) == len(socks))
            assert await until(lambda: open_websockets(silent) == 0)
            assert {ws.close_code for ws in silent} == {silence.SILENT}
            # sooner than the product's 10 s: the server took its deadlines from the variables
            assert time.monotonic() - started < settings.HEAD_SECONDS
            await tap(host, table.code)
            assert host.error is None
        finally:
            close_all(socks)
            await asyncio.gather(*(ws.close() for ws in silent), host.close())
        log = server.log_text()
        assert "Traceback" not in log and "Too many open files" not in log
        assert len(log) < 20_000, log[-3000:]  # a few lines, no flood

    in_own_loop(scenario())


def test_a_crowd_of_addresses_never_takes_the_last_descriptors(table: Table) -> None:
    if not enough_descriptors(1200):
        pytest.skip("ce système ne permet pas 1 200 fichiers ouverts au test")
    server = table.server
    sources = [f"127.0.0.{i}" for i in range(10, 40)]  # 37 connections each: under the share

    async def scenario() -> None:
        host = table.host()
        await opened(host)
        socks = half_open(server.port, 1100, sources)
        try:
            assert server.descriptors() < NOFILE
            assert await health_answers(server.url)  # the oldest waiting heads give way
            await tap(host, table.code)
            late = table.host()  # a device opening the game during the attack
            await opened(late)
            await late.close()
            assert server.descriptors() < NOFILE
        finally:
            close_all(socks)
            await host.close()
        assert "Too many open files" not in server.log_text()

    in_own_loop(scenario())


def test_uploads_only_where_the_page_asked_within_budgets_freed_with_the_session(
        table: Table) -> None:
    port = table.server.port
    # the largest game log an import takes (Streamlit counts the form's framing in its 20 MiB)
    big = multipart(b"x" * (LOG_BYTES - 1024))

    def sent(path: str, body: bytes = b"", source: str = "127.0.0.4", **how: Any) -> int:
        return put(port, path, body, source=source, **how)[0]

    async def scenario() -> None:
        viewer, picker = table.public("127.0.0.4"), table.picker("127.0.0.4")
        await opened(viewer, picker)
        assert picker.saw("Importer une partie")
        # an id made up for a live session: refused at once, its 20 MB never read
        made_up = f"/_stcore/upload_file/{viewer.session_id}/{uuid.uuid4()}"
        status, text = put(port, made_up, source="127.0.0.4", length=20 * uploads.MIB,
                           send_body=False)
        assert (status, text) == (403, uploads.NOT_ASKED)
        assert await upload_paths(viewer, 5) == []  # a page without a picker gets no id
        assert len(await upload_paths(picker, 50)) == 1  # one per request, not 50
        [path] = await upload_paths(picker)
        assert sent(path, length=LOG_BYTES + 2 * uploads.MULTIPART, send_body=False) == 413
        [path] = await upload_paths(picker)
        assert sent(path, multipart(b"{}"), chunked=True) == 411
        for _ in range(2):  # a file and the one replacing it: kept
            [path] = await upload_paths(picker)
            assert sent(path, big) == 204
        [path] = await upload_paths(picker)
        assert sent(path, multipart(b" " * 100_000)) == 429  # the session: twice the picker's
        second = table.picker("127.0.0.4")  # another tab of the same device
        await opened(second)
        [path] = await upload_paths(second)
        assert sent(path, big) == 429  # the address holds its budget
        # the organiser, meanwhile: their import is taken
        own = table.picker("127.0.0.1")
        await opened(own)
        [path] = await upload_paths(own)
        assert sent(path, multipart(b"{}"), source="127.0.0.1") == 204
        await asyncio.gather(viewer.close(), picker.close(), own.close())
        # the sessions end (Streamlit keeps a closed one 30 s for a reconnection): freed
        freed = False
        deadline = time.monotonic() + 75
        while not freed and time.monotonic() < deadline:
            await asyncio.sleep(2)
            [path] = await upload_paths(second)
            freed = sent(path, big) == 204
        await second.close()
        assert freed

    in_own_loop(scenario())


def test_one_address_holds_its_share_of_seats_the_host_always_passes(table: Table) -> None:
    share = visitors.session_share(CEILING)

    async def scenario() -> None:
        crowd = [table.public("127.0.0.6") for _ in range(share + 3)]
        for phone in crowd:  # one after the other: which ones are in is certain
            await opened(phone)
        neighbour, host_here, host = (table.public("127.0.0.7"), table.host("127.0.0.6"),
                                      table.host())
        await opened(neighbour, host_here, host)
        try:
            admitted = [p for p in crowd if p.saw("événement")]
            told = [p for p in crowd if p.saw(CROWDED_TEXT)]
            assert admitted == crowd[:share] and told == crowd[share:]
            assert all(p.saw(FULL_TITLE) and not p.saw("événement") for p in told)
            assert neighbour.saw("événement") and not neighbour.saw(FULL_TITLE)
            for phone in (host_here, host):  # the game's host token passes every door
                assert phone.saw(f"Partie {table.code}") and not phone.saw(FULL_TITLE)
            await tap(host, table.code)
        finally:
            await asyncio.gather(*(p.close() for p in [*crowd, neighbour, host_here, host]))

    in_own_loop(scenario())
