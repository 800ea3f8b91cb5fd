"""A server that survives slow clients (issue 38, item 3; registre TAB-11): what `companion app`
sets on the HTTP server (uvicorn, under Streamlit) before it starts.

Before: 1,100 connections that never finish their request's head (0.1 s to open from one laptop)
took every file descriptor of the process. Nothing answered, not even /_stcore/health; SQLite
could not open its files; asyncio retried `accept()` in a loop, logging a traceback each time.

* **Descriptors.** The soft limit of open files is raised to the hard one at start
  (`raise_descriptor_limit`: 1,024 is a common soft limit, the hard one is often far higher).
* **A ceiling on connections** (`connection_cap`): the limit minus a reserve for the rest of
  the process (the database's files, each Streamlit session's event loop, logs: an eighth of
  the limit, at least RESERVE), at most MAX_CONNECTIONS. A connection past it takes the place
  of the oldest one still waiting for its request's head; when there is none, it gets a short
  503 and is closed. The listening socket (serving/listener.py) never accepts one the process
  has no descriptors for: the process never reaches its limit through its clients.
* **A share per address** (`visitors.connection_share`): one client address holds at most
  twice its share of sessions in connections, plus a page load's; past it, the same: the
  oldest of its own connections still waiting for a head gives way, or the new one is refused.
  A declared proxy (uvicorn's `forwarded_allow_ips`, when it reads forwarded headers) carries
  every client: it has no share, only the ceiling.
* **A deadline for a request's head** (HEAD_SECONDS): from the connection's opening, and
  again from the end of each answer on a kept-alive connection, its next request line and
  headers must arrive whole within it, or the connection is closed. A phone sends its head in
  one packet; a « slowloris » that drips it gets nothing.

`GuardedHTTP` and `GuardedWebSocket` are uvicorn's own protocols with these checks around their
`connection_made` / `data_received` / `on_response_complete` / `connection_lost`; the table of
open connections (`Door`) lives on the event loop's thread, like the protocols. Counts of what
was refused, shed and cut are logged once in a while (serving/quietlog.py).
"""

from __future__ import annotations

import asyncio
import ipaddress
import logging
from collections.abc import Callable
from typing import Any

from companion.core import settings
from tableapp.serving import visitors
from tableapp.serving.listener import Budget
from tableapp.serving.quietlog import Throttle

log = logging.getLogger("companion.app")

HEAD_SECONDS = settings.head_seconds()  # a request line and its headers arrive whole within this
MAX_CONNECTIONS = 4096  # whatever the descriptor limit: ~10 kB each at rest
RESERVE = 128  # descriptors kept for the rest of the process, at least (else an eighth): the
# database opens three per operation (file, WAL, shared memory), one operation per script run
MIN_CONNECTIONS = 16
BUSY_TEXT = "Serveur occupé : réessayez dans un moment.".encode()
BUSY = (b"HTTP/1.1 503 Service Unavailable\r\nContent-Type: text/plain; charset=utf-8\r\n"
        b"Connection: close\r\nRetry-After: 10\r\nContent-Length: "
        + str(len(BUSY_TEXT)).encode() + b"\r\n\r\n" + BUSY_TEXT)


def raise_descriptor_limit() -> int | None:
    """The soft limit of open files raised to the hard one; the soft limit now (None where the
    system has no such limit: Windows)."""
    try:
        import resource
    except ImportError:
        return None
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft != hard:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
        except (ValueError, OSError):  # macOS: an unlimited hard limit is not a soft one
            log.debug("limite de fichiers ouverts laissée à %d", soft)
    soft = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
    return None if soft == resource.RLIM_INFINITY else soft


def _reserve(limit: int) -> int:
    return max(RESERVE, limit // 8)


def connection_cap(limit: int | None) -> int:
    """The open connections the server keeps under a descriptor `limit`."""
    if limit is None:
        return MAX_CONNECTIONS
    return max(MIN_CONNECTIONS, min(MAX_CONNECTIONS, limit - _reserve(limit)))


def budget(limit: int | None) -> Budget:
    """The listening socket's budget under a descriptor `limit`: `accept_budget` connections,
    and half the reserve always left free."""
    return Budget(accept_budget(limit), limit, 0 if limit is None else _reserve(limit) // 2)


def accept_budget(limit: int | None) -> int:
    """The connections the listening socket may have accepted and not closed yet
    (serving/listener.py): the cap and a margin for a burst the door has not sorted yet (it
    closes those past the cap), within half the reserve."""
    cap = connection_cap(limit)
    if limit is None:
        return cap + cap // 4
    return max(cap, min(limit - _reserve(limit) // 2, cap + max(RESERVE, cap // 4)))


class _Seat:
    __slots__ = ("address", "awaiting_head")

    def __init__(self, address: str) -> None:
        self.address = address
        self.awaiting_head = True


class Door:
    """The server's open connections by transport (oldest first) and by client key, with the
    ceiling and the share per address; what it refused, shed and cut, for the log."""

    def __init__(self, cap: int, per_address: int, budget: Budget | None = None) -> None:
        self.cap = cap
        self.per_address = per_address
        self.budget = budget  # the listening socket's (its refusals are said with ours)
        if budget is not None:  # short of descriptors, it asks for a waiting head's place
            budget.make_room = self._make_room
        self.open: dict[Any, _Seat] = {}
        self.by_address: dict[str, dict[Any, _Seat]] = {}
        self.refused = self.shed = self.cut = 0
        self._said = Throttle()

    def enter(self, transport: Any, address: str, limited: bool) -> bool:
        """Let a new connection in (True), making room if it must; False: refuse it."""
        mine = self.by_address.get(address, {})
        if limited and len(mine) >= self.per_address and not self._shed_oldest(mine):
            self.note("refused")
            return False
        if len(self.open) >= self.cap and not self._shed_oldest(self.open):
            self.note("refused")
            return False
        seat = _Seat(address)
        self.open[transport] = seat
        self.by_address.setdefault(address, {})[transport] = seat
        return True

    def _make_room(self) -> bool:
        return self._shed_oldest(self.open)

    def _shed_oldest(self, seats: dict[Any, _Seat]) -> bool:
        victim = next((t for t, seat in seats.items() if seat.awaiting_head), None)
        if victim is None:
            return False
        self.leave(victim)
        victim.close()
        self.note("shed")
        return True

    def awaiting(self, transport: Any, head: bool) -> None:
        """Whether the connection waits for a request's head (then it may give way)."""
        seat = self.open.get(transport)
        if seat is not None:
            seat.awaiting_head = head

    def leave(self, transport: Any) -> None:
        seat = self.open.pop(transport, None)
        if seat is None:
            return
        mine = self.by_address.get(seat.address)
        if mine is not None:
            mine.pop(transport, None)
            if not mine:
                del self.by_address[seat.address]

    def note(self, what: str) -> None:
        """One more connection refused, shed or cut (`what`); the counts said once a while."""
        setattr(self, what, getattr(self, what) + 1)
        if self._said.due():
            log.warning("connexions : %d refusées, %d écartées (en-têtes en attente), %d "
                        "coupées (en-têtes incomplets après %g s) depuis le démarrage ; %d "
                        "ouvertes (plafond %d, %d par adresse)",
                        self.refused + (self.budget.turned_away if self.budget else 0),
                        self.shed, self.cut, HEAD_SECONDS, len(self.open), self.cap,
                        self.per_address)


def trusted_proxies(config: Any) -> Callable[[str], bool]:
    """Whether an address is one uvicorn reads forwarded headers from (`forwarded_allow_ips`
    when `proxy_headers` is on): it speaks for many clients."""
    if not getattr(config, "proxy_headers", False):
        return lambda _address: False
    raw = getattr(config, "forwarded_allow_ips", None) or ""
    items = [item.strip() for item in (raw.split(",") if isinstance(raw, str) else raw)]
    if "*" in items:
        return lambda _address: True
    networks: list[ipaddress.IPv4Network | ipaddress.IPv6Network] = []
    names: set[str] = set()
    for item in filter(None, items):
        try:
            networks.append(ipaddress.ip_network(item, strict=False))
        except ValueError:
            names.add(item)

    def trusted(address: str) -> bool:
        if address in names:
            return True
        try:
            ip = ipaddress.ip_address(address)
        except ValueError:
            return False
        return any(ip in network for network in networks)

    return trusted


def guarded(door: Door, http_base: type, ws_base: type | None) -> tuple[type, type | None]:
    """uvicorn's HTTP protocol (and websocket protocol) `http_base` (`ws_base`) with the door
    and the head's deadline."""
    trusted_by_config: dict[int, Callable[[str], bool]] = {}

    class GuardedHTTP(http_base):  # type: ignore[misc, valid-type]
        _deadline: asyncio.TimerHandle | None = None
        _armed_cycle: object = None
        _awaiting = False

        def connection_made(self, transport: Any) -> None:
            super().connection_made(transport)
            peer = transport.get_extra_info("peername")
            host = str(peer[0]) if isinstance(peer, tuple) and peer else ""
            config = getattr(self, "config", None)
            trusted = trusted_by_config.get(id(config))
            if trusted is None:
                trusted = trusted_by_config[id(config)] = trusted_proxies(config)
            if not door.enter(transport, visitors.client_key(host), not trusted(host)):
                transport.write(BUSY)
                transport.close()
                return
            self._arm(getattr(self, "cycle", None))

        def _arm(self, cycle: object) -> None:
            """Wait for a new request's head: the current request (`cycle`) is answered."""
            self._awaiting, self._armed_cycle = True, cycle
            door.awaiting(self.transport, True)
            if self._deadline is not None:
                self._deadline.cancel()
            self._deadline = asyncio.get_running_loop().call_later(HEAD_SECONDS, self._late)

        def _head_arrived(self) -> bool:
            return (getattr(self, "cycle", None) is not self._armed_cycle
                    or self.transport.get_protocol() is not self)  # a websocket now

        def _settle(self) -> None:
            self._awaiting = False
            if self._deadline is not None:
                self._deadline.cancel()
                self._deadline = None
            door.awaiting(self.transport, False)

        def _late(self) -> None:
            self._deadline = None
            if not self._awaiting:
                return
            if self._head_arrived() or self.transport.is_closing():
                self._settle()
                return
            door.note("cut")
            self.transport.close()

        def data_received(self, data: bytes) -> None:
            super().data_received(data)
            if self._awaiting and self._head_arrived():
                self._settle()

        def on_response_complete(self) -> None:
            answered = getattr(self, "cycle", None)
            super().on_response_complete()  # may start a pipelined request already received
            if (not self._awaiting and not self.transport.is_closing()
                    and self.transport.get_protocol() is self):
                self._arm(answered)
                if self._head_arrived():
                    self._settle()

        def connection_lost(self, exc: Exception | None) -> None:
            if self._deadline is not None:
                self._deadline.cancel()
                self._deadline = None
            door.leave(self.transport)
            super().connection_lost(exc)

    if ws_base is None:
        return GuardedHTTP, None

    class GuardedWebSocket(ws_base):  # type: ignore[misc, valid-type]
        def connection_lost(self, exc: Exception | None) -> None:
            door.leave(self.transport)
            super().connection_lost(exc)

    return GuardedHTTP, GuardedWebSocket


def protocols(door: Door, ws: object) -> tuple[type, type | None] | None:
    """The guarded protocols for uvicorn's `http` and `ws` options (`ws`: the name Streamlit
    asks for, or a class); None when this uvicorn lacks what they build on."""
    try:
        from uvicorn.config import WS_PROTOCOLS
        from uvicorn.importer import import_from_string
        from uvicorn.protocols.http.auto import AutoHTTPProtocol
    except ImportError:
        return None
    if not hasattr(AutoHTTPProtocol, "on_response_complete"):
        return None
    if isinstance(ws, str):
        name = WS_PROTOCOLS.get(ws, ws)
        ws_base = import_from_string(name) if name else None
    else:
        ws_base = ws if isinstance(ws, type) else None
    return guarded(door, AutoHTTPProtocol, ws_base)
