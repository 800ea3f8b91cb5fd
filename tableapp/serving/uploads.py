"""Uploads bounded per visitor (issue 38, item 2; registre TAB-11).

Streamlit's upload endpoint (`PUT /_stcore/upload_file/<session>/<file id>`) took a file of up
to server.maxUploadSize (20 MB) under any id a live session made up, with no count, and kept
every one in memory until the session ended: ten at once took the server from 233 to 429 MB.
Here a file is taken only when the page asked for it, within budgets:

* **Asked for.** A page that draws a file picker says so (tableapp/process/uploading.py ›
  `file_uploader` calls `Ledger.ask` with the picker's limit). Only such a session gets upload
  ids from the server (Streamlit's `get_upload_urls`, asked by the browser when a file is
  picked): one per request, at most TICKETS waiting; each id is good for one PUT.
* **Checked before the body is read** (`gate`, in front of Streamlit's handler): an id the
  server did not hand to that session, a missing or false length, a body past the picker's
  limit, or a budget exceeded is answered at once (403, 411, 413, 429), and the connection is
  closed: its body is never read.
* **Budgets** of the bytes held (the files kept, plus those being received): per session twice
  its largest picker's limit (a file and the one replacing it), per client address
  ADDRESS_BYTES, per process TOTAL_BYTES.
* **Freed** with the file: when the browser removes it (DELETE) or when its session ends.
  Streamlit drops a session's files when it shuts the session down, but a session whose
  browser went away is kept for a reconnection, then forgotten without being shut down: its
  files stayed in memory for the life of the process. `Sweeper` frees the files of a session
  no longer connected after that grace (Streamlit's `server.disconnectedSessionTTL`, 30 s);
  the ledger follows `remove_file` and `remove_session_files`, where the session's ask and ids
  go too.

The ledger wraps the methods of Streamlit's upload manager on its instance (`bind`); the gate
is plain ASGI. Both are put in place by serving/guard.py for `companion app`.
"""

from __future__ import annotations

import asyncio
import re
import threading
import time
from collections import deque
from collections.abc import Callable
from typing import Any

from tableapp.serving import visitors
from tableapp.serving.wholeanswer import ASGIApp, Receive, Scope, Send

MIB = 2**20
TICKETS = 4  # upload ids waiting per session (a picker asks one per file picked)
MULTIPART = 64 * 1024  # the form's framing around the file (its name, its type): at most
ADDRESS_BYTES = 40 * MIB  # held per client address: two of the largest files the app takes
TOTAL_BYTES = 160 * MIB  # held by the whole process
SWEEP_SECONDS = 5.0  # how often the files of sessions gone are looked for
UPLOAD_PATH = re.compile(r"/_stcore/upload_file/([^/]+)/([^/]+)/?$")

NOT_ASKED = "Envoi refusé : cette page n'a pas demandé ce fichier."
NO_LENGTH = "Envoi refusé : la taille du fichier doit être annoncée."
TOO_LARGE = "Envoi refusé : fichier trop gros pour ce formulaire ({limit} Mo au plus)."
TOO_MUCH = ("Envoi refusé : trop de fichiers envoyés depuis cet appareil ou ce réseau ; "
            "réessayez dans un moment.")


class Ledger:
    """What each session asked for, the ids it was given and the bytes it holds; thread safe
    (the script's threads ask, the event loop's thread hands ids and receives files)."""

    def __init__(self, address_bytes: int = ADDRESS_BYTES, total_bytes: int = TOTAL_BYTES
                 ) -> None:
        self.address_bytes = address_bytes
        self.total_bytes = total_bytes
        self._lock = threading.Lock()
        self._asked: dict[str, int] = {}  # session -> largest file its pickers take
        self._tickets: dict[str, deque[str]] = {}  # session -> ids handed, unused
        self._held: dict[tuple[str, str], tuple[str, int]] = {}  # (session, id) -> (key, bytes)
        self._coming: dict[tuple[str, str], tuple[str, int]] = {}  # being received

    # --- the page -----------------------------------------------------------------------

    def ask(self, session_id: str, max_bytes: int) -> None:
        """The page of `session_id` draws a picker taking files up to `max_bytes`."""
        with self._lock:
            self._asked[session_id] = max(max_bytes, self._asked.get(session_id, 0))

    def asked(self, session_id: str) -> int:
        with self._lock:
            return self._asked.get(session_id, 0)

    # --- Streamlit's upload manager -------------------------------------------------------

    def hand_ids(self, session_id: str, wanted: int) -> int:
        """How many of `wanted` new ids the session gets (0 when it asked for no file)."""
        with self._lock:
            return min(wanted, 1) if session_id in self._asked else 0

    def handed(self, session_id: str, file_ids: list[str]) -> None:
        with self._lock:
            tickets = self._tickets.setdefault(session_id, deque(maxlen=TICKETS))
            tickets.extend(file_ids)

    def received(self, session_id: str, file_id: str, size: int) -> None:
        """Streamlit keeps a file: it counts for whoever sent it (their address)."""
        with self._lock:
            key, _ = self._coming.get((session_id, file_id), (visitors.THIS_MACHINE, 0))
            self._held[(session_id, file_id)] = (key, size)

    def removed(self, session_id: str, file_id: str) -> None:
        with self._lock:
            self._held.pop((session_id, file_id), None)

    def sessions(self) -> set[str]:
        """The sessions that asked for a file, were given ids or hold bytes."""
        with self._lock:
            return {*self._asked, *self._tickets, *(s for s, _ in self._held),
                    *(s for s, _ in self._coming)}

    def session_ended(self, session_id: str) -> None:
        with self._lock:
            for held in [h for h in self._held if h[0] == session_id]:
                del self._held[held]
            self._asked.pop(session_id, None)
            self._tickets.pop(session_id, None)

    # --- the gate -------------------------------------------------------------------------

    def admit(self, session_id: str, file_id: str, key: str, length: int | None
              ) -> tuple[int, str] | None:
        """Take the id and reserve `length` bytes for the upload about to be read; None, or
        the refusal (HTTP status, French line)."""
        with self._lock:
            tickets = self._tickets.get(session_id)
            if tickets is None or file_id not in tickets:
                return 403, NOT_ASKED
            tickets.remove(file_id)  # one PUT per id, whatever follows
            if length is None:
                return 411, NO_LENGTH
            limit = self._asked.get(session_id, 0)
            if length > limit + MULTIPART:
                return 413, TOO_LARGE.format(limit=max(1, round(limit / MIB)))
            if (self._bytes(lambda s, _k: s == session_id) + length > 2 * limit + MULTIPART
                    or self._bytes(lambda _s, k: k == key) + length > self.address_bytes
                    or self._bytes(lambda _s, _k: True) + length > self.total_bytes):
                return 429, TOO_MUCH
            self._coming[(session_id, file_id)] = (key, length)
            return None

    def done(self, session_id: str, file_id: str) -> None:
        """The upload's request ended (kept or not): its reservation goes."""
        with self._lock:
            self._coming.pop((session_id, file_id), None)

    def _bytes(self, whose: Callable[[str, str], bool]) -> int:
        return sum(size for (session, _), (key, size) in [*self._held.items(),
                                                          *self._coming.items()]
                   if whose(session, key))

    def held(self, *, session_id: str | None = None, key: str | None = None) -> int:
        """Bytes held (kept and being received), by a session, an address or in all."""
        with self._lock:
            return self._bytes(lambda s, k: (session_id is None or s == session_id)
                               and (key is None or k == key))


LEDGER = Ledger()


def bind(manager: Any, ledger: Ledger = LEDGER) -> bool:
    """Streamlit's upload manager (`runtime.uploaded_file_mgr`) keeping `ledger` informed and
    handing ids only as it allows; False when the manager lacks a method this needs."""
    names = ("get_upload_urls", "add_file", "remove_file", "remove_session_files")
    if not all(callable(getattr(manager, name, None)) for name in names):
        return False
    if getattr(manager, "companion_ledger", None) is ledger:
        return True
    get_upload_urls, add_file, remove_file, remove_session_files = (
        getattr(manager, name) for name in names)

    def get_upload_urls_asked(session_id: str, file_names: Any) -> list[Any]:
        names_asked = list(file_names)[:TICKETS]
        infos = list(get_upload_urls(session_id, names_asked[:ledger.hand_ids(
            session_id, len(names_asked))]))
        ledger.handed(session_id, [info.file_id for info in infos])
        return infos

    def add_file_counted(session_id: str, file: Any) -> None:
        add_file(session_id, file)
        ledger.received(session_id, file.file_id, len(file.data))

    def remove_file_counted(session_id: str, file_id: str) -> None:
        remove_file(session_id, file_id)
        ledger.removed(session_id, file_id)

    def remove_session_files_counted(session_id: str) -> None:
        remove_session_files(session_id)
        ledger.session_ended(session_id)

    manager.get_upload_urls = get_upload_urls_asked
    manager.add_file = add_file_counted
    manager.remove_file = remove_file_counted
    manager.remove_session_files = remove_session_files_counted
    manager.companion_ledger = ledger
    return True


class Sweeper:
    """Frees what a session holds once it has not been connected for `grace` seconds (seen
    at two sweeps that far apart)."""

    def __init__(self, manager: Any, ledger: Ledger, connected: Callable[[str], bool],
                 grace: float, clock: Callable[[], float] = time.monotonic) -> None:
        self.manager, self.ledger, self.connected = manager, ledger, connected
        self.grace, self.clock = grace, clock
        self.gone_since: dict[str, float] = {}

    def sweep(self) -> list[str]:
        """The sessions freed now."""
        now, freed = self.clock(), []
        sessions = self.ledger.sessions()
        for session_id in list(self.gone_since):
            if session_id not in sessions:
                del self.gone_since[session_id]
        for session_id in sessions:
            if self.connected(session_id):
                self.gone_since.pop(session_id, None)
            elif now - self.gone_since.setdefault(session_id, now) >= self.grace:
                self.manager.remove_session_files(session_id)  # the ledger's too (bind)
                self.ledger.session_ended(session_id)
                del self.gone_since[session_id]
                freed.append(session_id)
        return freed

    def every(self, loop: asyncio.AbstractEventLoop, seconds: float = SWEEP_SECONDS) -> None:
        """Sweep on `loop` every `seconds` (the runtime's own thread: sessions live there)."""
        def tick() -> None:
            self.sweep()
            loop.call_later(seconds, tick)

        loop.call_later(seconds, tick)


def _length(scope: Scope) -> int | None:
    """The request's announced body length (None: absent, repeated or not a number)."""
    values = [v for k, v in scope.get("headers", []) if bytes(k).lower() == b"content-length"]
    if len(values) != 1 or not bytes(values[0]).strip().isdigit():
        return None
    return int(bytes(values[0]))


async def _refuse(send: Send, status: int, text: str) -> None:
    body = text.encode("utf-8")
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"text/plain; charset=utf-8"),
                            (b"content-length", str(len(body)).encode("ascii")),
                            (b"connection", b"close")]})
    await send({"type": "http.response.body", "body": body})


def gate(inner: ASGIApp, ledger: Ledger = LEDGER) -> ASGIApp:
    """Streamlit's app with every upload (a PUT to the upload endpoint) checked by `ledger`
    before its body is read; every other request passed on as it is."""

    async def app(scope: Scope, receive: Receive, send: Send) -> None:
        found = (UPLOAD_PATH.search(str(scope.get("path", "")))
                 if scope.get("type") == "http" and scope.get("method") == "PUT" else None)
        if found is None:
            await inner(scope, receive, send)
            return
        session_id, file_id = found.groups()
        client = scope.get("client")
        key = visitors.client_key(str(client[0]) if client else None)
        refusal = ledger.admit(session_id, file_id, key, _length(scope))
        if refusal is not None:
            await _refuse(send, *refusal)
            return
        try:
            await inner(scope, receive, send)
        finally:
            ledger.done(session_id, file_id)

    return app
