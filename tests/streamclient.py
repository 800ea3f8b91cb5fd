"""A phone at the protocol level: a websocket client that speaks Streamlit's own messages, as
the browser's frontend does, minus the browser (issue 23; tests/test_live_push.py and
benchmarks/phones.py).

It opens `ws://127.0.0.1:PORT/_stcore/stream` (subprotocols ["streamlit", placeholder]: the
frontend's, without an XSRF cookie), sends the first `rerun_script` (query string, page name,
browser context), then answers the server like the frontend:
  * `auto_rerun` (a fragment with run_every) -> a timer per fragment that sends
    `rerun_script{fragment_id, is_auto_rerun}` with the widget states, page script hash, query
    string and cached message hashes (`timers=False`: no timer at all, to prove a screen
    moves without one); timers are cleared by a full run's `new_session` and by
    `stop_auto_rerun`;
  * `new_session` / `navigation` -> the page script hash; `page_info_changed` -> the query
    string; `ref_hash` -> the message from its cache (cacheable messages are kept and their
    hashes sent back);
  * a toggle or checkbox drawn -> its state (default), sent with every rerun.
A phone may connect from another loopback address (`source`, 127.0.0.2: another device to the
server), knows its session's id and keeps the upload addresses the server gives it.
Ready = the first full run finished. Texts drawn (markdown, captions, alerts, metrics) are kept
with the moment they arrived, so a test or a benchmark can wait for a text.
"""

from __future__ import annotations

import asyncio
import time
from collections import Counter
from typing import Any
from urllib.parse import urlencode

from streamlit.proto.BackMsg_pb2 import BackMsg
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg
from streamlit.proto.WidgetStates_pb2 import WidgetState
from websockets.asyncio.client import connect

FINISHED = {v.number: v.name for v in
            ForwardMsg.DESCRIPTOR.enum_types_by_name["ScriptFinishedStatus"].values}


def now() -> float:
    return time.perf_counter()


class Phone:
    """One screen on a page of the app (see the module's docstring)."""

    def __init__(self, port: int, page: str, query: dict[str, str], ident: int = 0,
                 timers: bool = True, source: str | None = None) -> None:
        self.ident = ident
        self.port = port
        self.source = source  # the local address it connects from (127.0.0.2: another device)
        self.session_id = ""  # the server's id of its session (from the first new_session)
        self.file_urls: list[Any] = []  # file_urls_response messages (upload addresses given)
        self.page_name = page
        self.query_string = urlencode(query)
        self.url = f"http://127.0.0.1:{port}/{page}?{self.query_string}"
        self.timers_on = timers
        self.page_script_hash = ""
        self.widgets: dict[str, WidgetState] = {}
        self.cache: dict[str, ForwardMsg] = {}
        self.timers: dict[str, tuple[float, asyncio.Task[None]]] = {}
        self.ws: Any = None
        self.reader: asyncio.Task[None] | None = None
        self.t_open: float | None = None
        self.t_ready: float | None = None
        self.ready = asyncio.Event()
        self.closed = False
        self.error: str | None = None
        self.finished: Counter[str] = Counter()
        self.sent_ticks = 0  # timer reruns sent
        self.runs_started = 0  # new_session messages: runs the server started for us
        self.texts: list[tuple[float, str, str]] = []  # (arrival, text, fragment id)
        self._run_done: asyncio.Future[float] | None = None
        self._waits: list[tuple[str, asyncio.Future[float]]] = []
        self.received = 0

    # --- sending ------------------------------------------------------------------------

    def _rerun(self, fragment_id: str | None = None, auto: bool = False) -> BackMsg:
        msg = BackMsg()
        cs = msg.rerun_script
        cs.query_string = self.query_string
        for state in self.widgets.values():
            cs.widget_states.widgets.add().CopyFrom(state)
        if self.page_script_hash:
            cs.page_script_hash = self.page_script_hash
        else:
            cs.page_name = self.page_name
        if fragment_id:
            cs.fragment_id = fragment_id
        cs.is_auto_rerun = auto
        cs.cached_message_hashes.extend(self.cache)
        ci = cs.context_info
        ci.timezone, ci.timezone_offset, ci.locale = "Europe/Paris", -60, "fr-FR"
        ci.url, ci.is_embedded, ci.color_scheme = self.url, False, "light"
        return msg

    async def _send(self, msg: BackMsg) -> None:
        try:
            await self.ws.send(msg.SerializeToString())
        except Exception as exc:  # closed meanwhile
            self.error = self.error or f"send: {type(exc).__name__}"

    async def _ticker(self, fragment_id: str, interval: float) -> None:
        """The browser's setInterval: a rerun of the fragment every `interval` seconds."""
        while not self.closed:
            await asyncio.sleep(interval)
            if self.closed:
                return
            self.sent_ticks += 1
            await self._send(self._rerun(fragment_id, auto=True))

    def _clear_timers(self, ids: list[str] | None = None) -> None:
        for fid in list(self.timers if ids is None else ids):
            entry = self.timers.pop(fid, None)
            if entry is not None:
                entry[1].cancel()

    # --- receiving ----------------------------------------------------------------------

    def _text(self, text: str, fragment_id: str) -> None:
        t = now()
        self.texts.append((t, text, fragment_id))
        if len(self.texts) > 2000:  # a long benchmark: keep the recent ones
            del self.texts[:1000]
        for marker, future in list(self._waits):
            if marker in text and not future.done():
                future.set_result(t)
                self._waits.remove((marker, future))

    def _element(self, element: Any, fragment_id: str) -> None:
        kind = element.WhichOneof("type")
        if kind is None:
            return
        sub = getattr(element, kind)
        if kind == "checkbox" and sub.id not in self.widgets:  # registered on mount
            self.widgets[sub.id] = WidgetState(id=sub.id, bool_value=sub.default)
        for name in ("body", "label", "text"):
            value = getattr(sub, name, None)
            if isinstance(value, str) and value:
                self._text(value, fragment_id)

    def _handle(self, msg: ForwardMsg) -> None:
        kind = msg.WhichOneof("type")
        if kind == "ref_hash":
            cached = self.cache.get(msg.ref_hash)
            if cached is None:
                return
            msg, kind = cached, cached.WhichOneof("type")
        elif msg.metadata.cacheable and msg.hash:
            self.cache[msg.hash] = msg
        if kind == "delta":
            if msg.delta.WhichOneof("type") == "new_element":
                self._element(msg.delta.new_element, msg.delta.fragment_id)
        elif kind == "new_session":
            self.runs_started += 1
            self.session_id = msg.new_session.initialize.session_id or self.session_id
            if not msg.metadata.run.fragment_ids:  # a full run: the frontend clears timers
                self._clear_timers()
            if msg.new_session.page_script_hash:
                self.page_script_hash = msg.new_session.page_script_hash
        elif kind == "navigation":
            if msg.navigation.page_script_hash:
                self.page_script_hash = msg.navigation.page_script_hash
        elif kind == "page_info_changed":
            self.query_string = msg.page_info_changed.query_string
        elif kind == "auto_rerun":
            fid, interval = msg.auto_rerun.fragment_id, msg.auto_rerun.interval
            if self.timers_on and fid and interval > 0:
                entry = self.timers.get(fid)
                if entry is None or entry[0] != interval:
                    self._clear_timers([fid])
                    self.timers[fid] = (interval, asyncio.create_task(
                        self._ticker(fid, interval)))
        elif kind == "file_urls_response":
            self.file_urls.append(msg.file_urls_response)
        elif kind == "stop_auto_rerun":
            self._clear_timers(list(msg.stop_auto_rerun.fragment_ids))
        elif kind == "script_finished":
            status = FINISHED.get(msg.script_finished, str(msg.script_finished))
            self.finished[status] += 1
            if self._run_done is not None and not self._run_done.done():
                self._run_done.set_result(now())
            if status == "FINISHED_SUCCESSFULLY" and self.t_ready is None:
                self.t_ready = now()
                self.ready.set()

    async def _read(self) -> None:
        try:
            async for data in self.ws:
                self.received += 1
                msg = ForwardMsg()
                msg.ParseFromString(data)
                self._handle(msg)
        except Exception as exc:
            if not self.closed:
                self.error = self.error or f"read: {type(exc).__name__}"
        finally:
            self._clear_timers()
            self.ready.set()  # a waiter wakes up and sees t_ready None

    # --- life ---------------------------------------------------------------------------

    async def open(self, timeout: float = 60.0) -> None:
        """Connect, ask for the page, wait until its first run finished (or `error`)."""
        try:
            self.ws = await connect(
                f"ws://127.0.0.1:{self.port}/_stcore/stream",
                subprotocols=["streamlit", "PLACEHOLDER_AUTH_TOKEN"],  # type: ignore[list-item]
                origin=f"http://127.0.0.1:{self.port}",  # type: ignore[arg-type]
                compression=None, max_size=None, ping_interval=None, open_timeout=timeout,
                close_timeout=2, **({"local_addr": (self.source, 0)} if self.source else {}))
            self.t_open = now()
            self.reader = asyncio.create_task(self._read())
            await self._send(self._rerun())
            await asyncio.wait_for(self.ready.wait(), timeout)
        except Exception as exc:
            self.error = self.error or f"open: {type(exc).__name__}"
        if self.t_ready is None and self.error is None:
            self.error = "closed before ready"

    def expect(self, marker: str) -> asyncio.Future[float]:
        """A future set to the moment a text holding `marker` arrives (from now on)."""
        future: asyncio.Future[float] = asyncio.get_running_loop().create_future()
        self._waits.append((marker, future))
        return future

    def saw(self, marker: str) -> bool:
        return any(marker in text for _, text, _ in self.texts)

    def fragment_of(self, marker: str) -> str | None:
        """The fragment that drew the last text holding `marker` (None: the page itself)."""
        for _, text, fragment_id in reversed(self.texts):
            if marker in text:
                return fragment_id or None
        return None

    async def rerun_fragment(self, fragment_id: str, timeout: float = 30.0) -> float:
        """What a tap inside a fragment sends (its rerun, the widgets' states): seconds until
        the run finished."""
        self._run_done = asyncio.get_running_loop().create_future()
        start = now()
        await self._send(self._rerun(fragment_id))
        done = await asyncio.wait_for(self._run_done, timeout)
        return done - start

    async def send(self, msg: BackMsg) -> None:
        """Any message, as a script may send it (a file's upload address asked…)."""
        await self._send(msg)

    async def close(self) -> None:
        self.closed = True
        self._clear_timers()
        if self.ws is not None:
            try:
                await asyncio.wait_for(self.ws.close(), 3)
            except Exception:
                self.ws.transport.abort()
        if self.reader is not None:
            self.reader.cancel()

    @property
    def open_to_ready(self) -> float | None:
        if self.t_open is None or self.t_ready is None:
            return None
        return self.t_ready - self.t_open
