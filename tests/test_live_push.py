"""Screens wake when their game moves, not on a timer (issue 23, tableapp/live/live.py): protocol-
level phones (tests/streamclient.py) that never send a timer tick still show every write, and
only the game's live view reruns."""

from __future__ import annotations

import asyncio
import threading
import time
from pathlib import Path

import pytest
from browsing import in_own_loop
from conftest import running_app
from streamclient import Phone

from companion.events.store import EventStore
from companion.hosting.access import HOST, Access
from tableapp.capacity import FULL_TEXT, FULL_TITLE
from tableapp.live.live import Follower, Hub

# live servers woken by their own timers: the kernel's clock (.ci/run's faketime step skips them)
pytestmark = pytest.mark.realclock

PLAYERS = ["Alice", "Bruno", "Chloé"]


def _announce(store: EventStore, code: str) -> None:
    """The next announcement of whoever's turn it is (written by another process than the
    server: the server learns it from the database, as from the CLI or another server)."""
    summary = store.load(code).state.summary()
    store.append(code, {"type": "announcement", "manche": summary["manche"],
                        "player": summary["turn"] or PLAYERS[0],
                        "announcement": "complot"}, store.seq(code))



def test_a_write_wakes_every_follower_without_a_timer(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    store = EventStore(db)
    code = store.create("noe", {"players": PLAYERS})
    other = store.create("noe", {"players": PLAYERS})
    with running_app(db) as url:
        port = int(url.rsplit(":", 1)[1])

        async def scenario() -> None:
            phones = [Phone(port, "noe", {"code": code, "view": "public"}, i, timers=False)
                      for i in range(3)]
            bystander = Phone(port, "noe", {"code": other, "view": "public"}, 9, timers=False)
            await asyncio.gather(*(p.open() for p in [*phones, bystander]))
            for phone in [*phones, bystander]:
                assert phone.error is None, phone.error
                assert phone.saw("0 événement ·")
            try:
                for count in (1, 2):
                    seen = [p.expect(f"{count} événement{'s' if count > 1 else ''} ·")
                            for p in phones]
                    runs = bystander.runs_started
                    _announce(store, code)
                    await asyncio.wait_for(asyncio.gather(*seen), 30)
                    await asyncio.sleep(0.5)
                    assert bystander.runs_started == runs  # another game's screen sleeps on
                for phone in phones:
                    assert phone.sent_ticks == 0  # no timer: the server woke them
                    # one full run (opening), then the live view alone, once per write
                    assert phone.finished["FINISHED_SUCCESSFULLY"] == 1
                    assert phone.finished["FINISHED_FRAGMENT_RUN_SUCCESSFULLY"] >= 2
            finally:
                await asyncio.gather(*(p.close() for p in [*phones, bystander]))

        in_own_loop(scenario())


def test_past_the_ceiling_a_new_phone_is_told_politely_and_let_in_later(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    db = tmp_path / "games.sqlite3"
    store = EventStore(db)
    code = store.create("noe", {"players": PLAYERS})
    token, _grant = Access(db).issue(code, HOST)
    monkeypatch.setenv("COMPANION_MAX_SESSIONS", "2")
    with running_app(db) as url:
        port = int(url.rsplit(":", 1)[1])
        public = {"code": code, "view": "public"}

        async def scenario() -> None:
            first = [Phone(port, "noe", public, i, timers=False) for i in range(2)]
            await asyncio.gather(*(p.open() for p in first))
            late = Phone(port, "noe", public, 2, timers=False)
            host = Phone(port, "noe", {"code": code, "host": token}, 3, timers=False)
            forged = Phone(port, "noe", {"code": code, "host": "inventé"}, 4, timers=False)
            await asyncio.gather(late.open(), host.open(), forged.open())
            try:
                for phone in first:
                    assert phone.saw("0 événement ·") and not phone.saw(FULL_TITLE)
                for phone in (late, forged):  # told, in French, and shown no game
                    assert phone.error is None, phone.error
                    assert phone.saw(FULL_TITLE) and phone.saw(FULL_TEXT)
                    assert not phone.saw("événement")
                assert host.saw(f"Partie {code}") and not host.saw(FULL_TITLE)
                # the admitted phones lose nothing while others are refused
                seen = [p.expect("1 événement ·") for p in first]
                _announce(store, code)
                await asyncio.wait_for(asyncio.gather(*seen), 30)
                # one leaves (the host's device counts too): the next device to try is let in
                await asyncio.gather(first[0].close(), host.close())
                await asyncio.sleep(1)
                again = Phone(port, "noe", public, 5, timers=False)
                await again.open()
                assert again.saw("1 événement ·") and not again.saw(FULL_TITLE)
                await again.close()
            finally:
                await asyncio.gather(*(p.close() for p in [*first, late, host, forged]))

        in_own_loop(scenario())


def test_the_followed_seqs_are_read_at_once_and_writes_are_heard(
        db_location: str | Path) -> None:
    """What the watcher of a server reads (one query for every followed game, a game gone
    reads 0) and hears (each line this process commits, with its new seq), on both
    backends."""
    store = EventStore(db_location)
    first, second = (store.create("noe", {"players": PLAYERS}) for _ in range(2))
    heard: list[tuple[str, int]] = []
    store.listen(lambda code, seq: heard.append((code, seq)))
    _announce(store, second)
    _announce(store, second)
    assert store.seqs([first, second, "ZZZZZZ"]) == {first: 0, second: 2, "ZZZZZZ": 0}
    assert heard == [(second, 1), (second, 2)]
    other = EventStore(db_location)  # another process's store: its writes are read, not heard
    _announce(other, first)
    assert store.seqs([first]) == {first: 1} and len(heard) == 2


def test_a_woken_screen_reads_the_game_from_the_snapshot_the_first_one_read(
        tmp_path: Path) -> None:
    store = EventStore(tmp_path / "games.sqlite3")
    code = store.create("noe", {"players": PLAYERS})
    _announce(EventStore(tmp_path / "games.sqlite3"), code)  # written by another process
    assert store.cached(code, "noe", 1) is None  # nobody read it here yet: the database then
    first = store.load(code)
    again = store.cached(code, "noe", 1)
    assert again is not None and again is not first  # a copy: seen_seq is set per screen
    assert again.raw == first.raw and again.state.summary() == first.state.summary()
    assert store.cached(code, "noe", 2) is None  # a line this process has not seen


def test_without_push_the_screens_poll_by_themselves(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """COMPANION_PUSH=0 (or a Streamlit without what the push needs): the same phones, with
    the browser's timers, follow the game by polling, as before issue 23."""
    db = tmp_path / "games.sqlite3"
    store = EventStore(db)
    code = store.create("noe", {"players": PLAYERS})
    monkeypatch.setenv("COMPANION_PUSH", "0")
    with running_app(db) as url:
        port = int(url.rsplit(":", 1)[1])

        async def scenario() -> None:
            phone = Phone(port, "noe", {"code": code, "view": "public"}, 0)
            await phone.open()
            try:
                seen = phone.expect("1 événement ·")
                _announce(store, code)
                await asyncio.wait_for(seen, 30)
                assert phone.sent_ticks > 0  # its timer found the write
            finally:
                await phone.close()

        in_own_loop(scenario())


def test_a_woken_run_that_starts_at_once_draws_the_seq_it_was_woken_for(
        tmp_path: Path) -> None:
    """The rerun a hub requests may start, and ask which seq it was woken for, before the
    request returns: it must get that seq, never the one of a wake before; and a view that
    drew less than its game holds is woken again."""
    store = EventStore(tmp_path / "games.sqlite3")
    code = store.create("noe", {"players": PLAYERS})
    loop = asyncio.new_event_loop()
    threading.Thread(target=loop.run_forever, daemon=True).start()
    drew: list[int | None] = []
    hub: Hub

    def run_at_once(follower: Follower) -> bool:  # the woken run, before the request returns
        seq = hub.woken(follower.session_id)
        drew.append(seq)
        hub.follow(Follower(follower.session_id, "f", code, seq if seq is not None else 0,
                            "page", ""))
        hub.drawn(follower.session_id)
        return True

    hub = Hub(store, loop, rerun=run_at_once, poll=0.05)
    try:
        hub.follow(Follower("phone", "f", code, 0, "page", ""))
        writer = EventStore(tmp_path / "games.sqlite3")  # another process writes
        for expected in (1, 2, 3):
            _announce(writer, code)
            deadline = time.monotonic() + 5
            while len(drew) < expected and time.monotonic() < deadline:
                time.sleep(0.01)
        assert drew == [1, 2, 3]
    finally:
        hub.stop()
        loop.call_soon_threadsafe(loop.stop)


def test_a_headless_page_run_starts_no_follower_thread() -> None:
    """AppTest's runtime is a mock with no event loop: a game's live view run there follows
    its game by polling, as with COMPANION_PUSH=0, and leaves no thread behind (taken for a
    loop, the mock once gave each test's database a thread reading it ten times a second for
    the rest of the process, and every later test of that worker waited for them)."""
    from pages import page_app, score_cards, store

    from tableapp.live import live

    code = store().create("noe", {"players": PLAYERS})
    store().append(code, {"type": "announcement", "manche": 1, "player": "Alice",
                          "announcement": "complot"}, 0)
    before = {t for t in threading.enumerate() if t.name == "companion-live"}
    at = page_app("noe", "play", code=code, view="public").run()
    assert not at.exception
    assert score_cards(at)["Alice"] == "15"  # the live view was drawn
    assert {t for t in threading.enumerate() if t.name == "companion-live"} == before
    assert str(store().path) not in live._HUBS  # noqa: SLF001
