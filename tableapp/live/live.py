"""Screens wake when their game moves, not on a timer (issue 23; docs/architecture.md › Vues
en direct).

Each run of a game's live view (gamepage.live_view) registers its session as a follower: the
game's code, the seq it drew, the view's fragment id, its page and query string. One thread
per server process and database (`Hub`) reads the seqs of every followed game in one query,
every POLL seconds (writes of other processes: the CLI, another server on the same
PostgreSQL) and at once when this process writes (EventStore.listen). A follower whose game
moved gets a rerun of its live view requested on the server, on Streamlit's event loop
(AppSession.request_rerun with the view's fragment id, no widget state: what the browser's
own fragment timer sends, minus the timer). The phone sends nothing: an idle screen costs
the server no run, no message, no thread.

This leans on three of Streamlit's internals (the runtime's event loop, the running
fragment's id, whether a session is running a script), checked by `available()`: when they
are missing (another Streamlit) or push is turned off (COMPANION_PUSH=0), the views poll as
before (tableapp/live/livepoll.py: 0.5 s public, 1 s host); with push, that poll stays as a slow
safety net. Woken views run INFLIGHT at a time.
"""

from __future__ import annotations

import asyncio
import logging
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlencode

import streamlit as st

from companion.core import settings
from companion.core.errors import StorageError
from companion.events.store import EventStore

log = logging.getLogger("companion.live")

POLL = 0.1  # seconds between two reads of the followed games' seqs (others' writes)
PRUNE = 10.0  # seconds between two sweeps of the followers whose session is gone
TRIM_AFTER = 20  # sessions gone in one sweep past which the memory is handed back
# Woken views run a few at a time, the next one when one has drawn: the same total work, but
# a hundred phones of one game do not each hold the interpreter in turn for the whole
# burst (the first see the write sooner, and a host's tap waits behind a few runs, not all)
INFLIGHT = 8
INFLIGHT_FOR = 2.0  # seconds a woken view may take before the next one goes anyway


@dataclass
class Follower:
    """One session showing a game's live view."""

    session_id: str
    fragment_id: str
    code: str
    seq: int  # the seq the view drew
    page_script_hash: str
    query_string: str
    asked: int = -1  # the seq a rerun was last requested for


def _runtime() -> Any:
    from streamlit.runtime import Runtime

    return Runtime.instance() if Runtime.exists() else None


def _event_loop() -> asyncio.AbstractEventLoop | None:
    """The running server's event loop; None without one. AppTest's runtime is a mock whose
    every attribute is another mock: taken for a loop, each test's database got a hub thread
    polling it ten times a second for the rest of the process."""
    runtime = _runtime()
    try:
        loop = runtime._get_async_objs().eventloop  # noqa: SLF001
    except (AttributeError, RuntimeError):
        return None
    return loop if isinstance(loop, asyncio.AbstractEventLoop) else None


def view_fragment_id() -> str | None:
    """The id of the fragment running now (the live view's, called from inside it)."""
    try:
        from streamlit.runtime.scriptrunner_utils.script_run_context import ThreadState

        return ThreadState.get().fragment_id
    except (ImportError, AttributeError, RuntimeError):
        return None


def request_view_rerun(follower: Follower) -> bool | None:
    """On Streamlit's event loop: ask `follower`'s session to rerun its live view. True when
    asked, False when the session is busy (a run in progress or queued: asked again at the
    next poll, and a run of the view registers its new seq anyway), None when the session or
    its view is gone."""
    from streamlit.proto.ClientState_pb2 import ClientState

    runtime = _runtime()
    session = None if runtime is None else runtime.get_app_session(follower.session_id)
    if session is None or not session.has_fragment(follower.fragment_id):
        return None
    if getattr(session, "_scriptrunner", None) is not None:
        # never folded into a pending request of the user: its page and query would be ours
        return False
    session.request_rerun(ClientState(
        query_string=follower.query_string, page_script_hash=follower.page_script_hash,
        fragment_id=follower.fragment_id, is_auto_rerun=True))
    return True


class Hub:
    """The followers of one database on this server process, and the thread that wakes them.
    `rerun` runs on `loop` (Streamlit's); tests give their own."""

    def __init__(self, store: EventStore, loop: asyncio.AbstractEventLoop,
                 rerun: Callable[[Follower], bool | None] = request_view_rerun,
                 poll: float = POLL) -> None:
        self.store = store
        self.loop = loop
        self.rerun = rerun
        self.poll = poll
        self._lock = threading.Lock()
        self._by_session: dict[str, Follower] = {}
        self._by_code: dict[str, set[str]] = {}
        self._queue: dict[str, tuple[Follower, int]] = {}  # session -> (follower, seq), FIFO
        self._inflight: dict[str, float] = {}  # session woken -> deadline
        self._woken: dict[str, int] = {}  # session woken -> the seq it was woken for
        self._poke = threading.Event()
        self._stopped = False
        self.wakes = 0  # reruns requested (benchmarks, tests)
        store.listen(self._written)
        self._thread = threading.Thread(target=self._run, name="companion-live", daemon=True)
        self._thread.start()

    # --- followers (script threads) -------------------------------------------------------

    def follow(self, follower: Follower) -> None:
        """Register (or update) what a session shows; one entry per session."""
        with self._lock:
            old = self._by_session.get(follower.session_id)
            if old is not None and old.code != follower.code:
                self._unlink(old)
            # what this run draws is what the session shows: a later seq asked before it began
            # (or a run that drew less than it was woken for) is asked again at the next read
            follower.asked = follower.seq
            self._by_session[follower.session_id] = follower
            self._by_code.setdefault(follower.code, set()).add(follower.session_id)

    def drawn(self, session_id: str) -> None:
        """A session's live view finished drawing: if it had been woken, the next one goes."""
        with self._lock:
            if self._inflight.pop(session_id, None) is None:
                return
            batch = self._take()
        if batch:
            self.loop.call_soon_threadsafe(self._wake, batch)

    def woken(self, session_id: str) -> int | None:
        """The seq this session was woken for, once (None: not woken, a tap or a full run)."""
        return self._woken.pop(session_id, None)

    def _take(self) -> list[tuple[Follower, int]]:
        """(Under the lock) the next followers to wake, marked in flight."""
        batch: list[tuple[Follower, int]] = []
        deadline = time.monotonic() + INFLIGHT_FOR
        while self._queue and len(self._inflight) < INFLIGHT:
            session_id = next(iter(self._queue))
            follower, seq = self._queue.pop(session_id)
            self._inflight[session_id] = deadline
            batch.append((follower, seq))
        return batch

    def forget(self, session_id: str) -> None:
        with self._lock:
            old = self._by_session.pop(session_id, None)
            self._queue.pop(session_id, None)
            self._inflight.pop(session_id, None)
            self._woken.pop(session_id, None)
            if old is not None:
                self._unlink(old)

    def _unlink(self, follower: Follower) -> None:
        sessions = self._by_code.get(follower.code)
        if sessions is not None:
            sessions.discard(follower.session_id)
            if not sessions:
                del self._by_code[follower.code]

    def count(self) -> int:
        with self._lock:
            return len(self._by_session)

    def _written(self, code: str, seq: int) -> None:
        """A line committed by this process (in the writer's thread): the writer's own
        session already redraws, the others are woken now."""
        session_id = _current_session_id()
        with self._lock:
            mine = self._by_session.get(session_id) if session_id else None
            if mine is not None and mine.code == code:
                mine.asked = max(mine.asked, seq)
        self._poke.set()

    # --- the thread -----------------------------------------------------------------------

    def stop(self) -> None:
        self._stopped = True
        self._poke.set()

    def _run(self) -> None:
        pruned = time.monotonic()
        while not self._stopped:
            self._poke.wait(self.poll)
            self._poke.clear()
            if self._stopped:
                return
            try:
                self.check()
                if time.monotonic() - pruned > PRUNE:
                    pruned = time.monotonic()
                    self._prune()
            except StorageError:
                pass  # said where the store is used; the next poll tries again
            except Exception:  # noqa: BLE001  (the thread must outlive any one failure)
                log.exception("suivi des parties en échec")

    def check(self) -> int:
        """Read the followed games' seqs; request a rerun of each view behind. Returns the
        number of reruns scheduled."""
        with self._lock:
            codes = list(self._by_code)
        if not codes:
            return 0
        seqs = self.store.seqs(codes)
        due = 0
        with self._lock:
            moment = time.monotonic()
            for session_id, deadline in list(self._inflight.items()):
                if deadline < moment:  # a woken view that never drew: the next ones go,
                    del self._inflight[session_id]  # and it is asked again (a lost request)
                    lost = self._by_session.get(session_id)
                    if lost is not None:
                        lost.asked = lost.seq
            for code, seq in seqs.items():
                for session_id in self._by_code.get(code, ()):
                    follower = self._by_session[session_id]
                    if (seq > follower.seq and seq > follower.asked  # a log only grows
                            and session_id not in self._inflight):
                        self._queue[session_id] = (follower, seq)
                        due += 1
            batch = self._take()
        if batch:
            self.loop.call_soon_threadsafe(self._wake, batch)
        return due

    def _wake(self, batch: list[tuple[Follower, int]]) -> None:
        """On the event loop: one rerun request per follower of the batch; a session busy
        or gone makes room for the next one at once."""
        while batch:
            freed: list[str] = []
            for follower, seq in batch:
                # noted before the request: the woken run may start, and ask, at once
                self._woken[follower.session_id] = seq
                try:
                    asked = self.rerun(follower)
                except Exception:  # noqa: BLE001  (one broken session never stops others)
                    log.exception("réveil d'une vue en échec")
                    asked = None
                if asked:
                    follower.asked = seq
                    self.wakes += 1
                    continue
                self._woken.pop(follower.session_id, None)
                freed.append(follower.session_id)  # busy: asked again at the next read
                if asked is None:
                    self._forget_if_same(follower)
            with self._lock:
                for session_id in freed:
                    self._inflight.pop(session_id, None)
                batch = self._take() if freed else []

    def _forget_if_same(self, follower: Follower) -> None:
        with self._lock:
            if self._by_session.get(follower.session_id) is follower:
                del self._by_session[follower.session_id]
                self._queue.pop(follower.session_id, None)
                self._unlink(follower)

    def _prune(self) -> None:
        runtime = _runtime()
        if runtime is None:
            return
        with self._lock:
            gone = [s for s in self._by_session if not runtime.is_active_session(s)]
        for session_id in gone:
            self.forget(session_id)
        if len(gone) >= TRIM_AFTER:
            give_back_memory()


def give_back_memory() -> None:
    """After a crowd left: collect, and hand the freed pages back to the system (glibc keeps
    them otherwise, and the server's memory never returns near its start)."""
    import ctypes
    import gc

    gc.collect()
    try:
        ctypes.CDLL("libc.so.6").malloc_trim(0)
    except (OSError, AttributeError):
        pass  # not glibc: the memory is reused by the next crowd anyway


def _current_session_id() -> str | None:
    from streamlit.runtime.scriptrunner import get_script_run_ctx

    ctx = get_script_run_ctx(suppress_warning=True)
    return None if ctx is None else ctx.session_id


_HUBS: dict[str, Hub] = {}
_HUBS_LOCK = threading.Lock()


def hub(store: EventStore) -> Hub | None:
    """This process's hub for `store` (started at the first follower), or None when push is
    unavailable here (no Streamlit runtime: AppTest, a Streamlit whose internals moved)."""
    key = str(store.path)
    with _HUBS_LOCK:
        found = _HUBS.get(key)
        if found is not None and found.store is store:
            return found
        if not available():
            return None
        loop = _event_loop()
        if loop is None:
            return None
        if found is not None:
            found.stop()  # the store was opened again (its cache cleared): follow the new one
        found = _HUBS[key] = Hub(store, loop)
        return found


def available() -> bool:
    """Whether this Streamlit offers what the push needs (else the views poll), and it was
    not turned off (`COMPANION_PUSH=0`: the old polling, for a comparison or a doubt)."""
    try:
        if not settings.push():
            return False
    except settings.SettingError:  # refused by `companion app` at start; a bare streamlit run
        pass
    runtime = _runtime()
    if runtime is None or _event_loop() is None:
        return False
    try:
        from streamlit.runtime.app_session import AppSession
        from streamlit.runtime.scriptrunner_utils.script_run_context import ThreadState
    except ImportError:
        return False
    return (hasattr(ThreadState, "get") and hasattr(AppSession, "request_rerun")
            and hasattr(AppSession, "has_fragment"))


def follow(store: EventStore, code: str, seq: int) -> bool:
    """From inside the live view's fragment: this session shows `code` at `seq`; wake it
    when the game moves. False when push is unavailable (the view then polls)."""
    from streamlit.runtime.scriptrunner import get_script_run_ctx

    found = hub(store)
    ctx = get_script_run_ctx(suppress_warning=True)
    fragment_id = view_fragment_id()
    if found is None or ctx is None or not fragment_id:
        return False
    query = urlencode(st.query_params.to_dict())  # what the browser's URL now says
    found.follow(Follower(ctx.session_id, fragment_id, code, seq, ctx.page_script_hash, query))
    return True


def woken_seq(store: EventStore) -> int | None:
    """From the live view: the seq a write woke this session for (its game then comes from
    the snapshot the first woken screen read: EventStore.cached), or None."""
    from streamlit.runtime.scriptrunner import get_script_run_ctx

    found = _HUBS.get(str(store.path))
    ctx = get_script_run_ctx(suppress_warning=True)
    return None if found is None or ctx is None else found.woken(ctx.session_id)


def drawn(store: EventStore) -> None:
    """From the live view, once drawn: the next woken view may go (Hub.drawn)."""
    from streamlit.runtime.scriptrunner import get_script_run_ctx

    found = _HUBS.get(str(store.path))
    ctx = get_script_run_ctx(suppress_warning=True)
    if found is not None and ctx is not None:
        found.drawn(ctx.session_id)
