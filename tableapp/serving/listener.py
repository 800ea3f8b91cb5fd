"""The listening socket of `companion app` never accepts a connection the process has no
descriptors for (issue 38, item 3; registre TAB-11).

asyncio accepts a burst of connections in one go (up to the listen backlog, 2,048 with uvicorn)
before the first of them reaches the HTTP protocol: 1,100 opened in 0.1 s were all accepted
before serving/connections.py's door could refuse one, and the process ran out of descriptors.
And a connection is not the only descriptor a visitor costs: every Streamlit session owns an
event loop (three descriptors) while its websocket lives and for 30 s after, for a
reconnection. So the listening socket checks two things before it accepts (`Budget.room`):

* the connections it accepted and that are not closed yet stay under `most`;
* where the system lists a process's descriptors (Linux, macOS), `keep` of them stay free
  under the limit: counted once per turn of the event loop, plus those accepted since; one
  taken in the place of a waiting connection the door closes (whose descriptor is freed at
  the next turn) may use half of them, never the other half.

Without room, it asks the door to close the oldest connection still waiting for its request's
head (`Budget.make_room`) and takes the new one in its place; when none waits, the new one gets
a short 503 and is closed at once (one descriptor for an instant). It accepts ACCEPTED_AT_ONCE
per turn of the event loop, so the door sorts a burst (the share per address) batch after
batch and a neighbour's connection still finds room during a stranger's flood.

Plain sockets: Streamlit binds the listening socket (`starlette_server._bind_server_socket`),
serving/guard.py gives uvicorn this one in its place, on the same descriptor.
"""

from __future__ import annotations

import asyncio
import os
import socket
from collections.abc import Callable
from typing import Any

ACCEPTED_AT_ONCE = 64  # per turn of the event loop: the door sorts them before the next ones
TURNED_AWAY_AT_ONCE = 64  # refusals per accept() call; then the event loop's other work
_LISTINGS = ("/proc/self/fd", "/dev/fd")


def open_descriptors() -> int | None:
    """The descriptors this process holds now (None where the system does not list them)."""
    for listing in _LISTINGS:
        try:
            return len(os.listdir(listing))
        except OSError:
            continue
    return None


class Budget:
    """Room for one more connection: fewer than `most` accepted and not closed yet (`count`),
    and `keep` descriptors free under `limit` (when known). `turned_away`: connections
    refused for want of room; `make_room`: set by the door (True when it closed one)."""

    def __init__(self, most: int, limit: int | None = None, keep: int = 0) -> None:
        self.most = most
        self.limit = limit
        self.keep = keep
        self.count = 0
        self.turned_away = 0
        self.make_room: Callable[[], bool] | None = None
        self._open: int | None = None  # measured at this turn's first accept, plus since

    def new_turn(self) -> None:
        self._open = None

    def room(self) -> bool:
        if self.count >= self.most:
            return False
        if self.limit is None:
            return True
        if self._open is None:
            self._open = open_descriptors()
        return self._open is None or self._open < self.limit - self.keep

    def room_to_shed(self) -> bool:
        """Room to take one in the place of a waiting connection the door closes: that close
        frees its descriptor only at the event loop's next turn, so until then each one taken
        this way holds one more; half of `keep` is for them, the other half stays free (a crowd
        at the limit once took the last descriptors, the database's included)."""
        if self.limit is None or self._open is None:
            return True
        return self._open < self.limit - self.keep // 2

    def taken(self) -> None:
        self.count += 1
        if self._open is not None:
            self._open += 1


class CountedSocket(socket.socket):
    """An accepted connection: its close gives its place back, once."""

    __slots__ = ("budget",)

    def close(self) -> None:
        budget: Budget | None = getattr(self, "budget", None)
        if budget is not None and self.fileno() != -1:
            budget.count -= 1
            self.budget = None
        super().close()


class GuardedListener(socket.socket):
    """A listening socket whose accept() stays within its budget."""

    __slots__ = ("budget", "busy", "in_turn", "this_turn")

    @classmethod
    def adopt(cls, sock: socket.socket, budget: Budget, busy: bytes) -> GuardedListener:
        """The listening socket `sock` (bound, listening, non-blocking) as a GuardedListener
        on the same descriptor (`sock` is left detached)."""
        listener = cls(sock.family, sock.type, sock.proto, fileno=sock.detach())
        listener.setblocking(False)
        listener.budget = budget
        listener.busy = busy
        listener.in_turn = False
        listener.this_turn = 0
        return listener

    def _end_turn(self) -> None:
        self.in_turn = False

    def accept(self) -> tuple[socket.socket, Any]:
        budget: Budget = self.budget
        if not self.in_turn:  # the first accept() of this turn of the event loop
            self.this_turn = 0
            budget.new_turn()
            try:
                asyncio.get_running_loop().call_soon(self._end_turn)
                self.in_turn = True
            except RuntimeError:  # outside an event loop: no turns, measured each time
                pass
        if self.this_turn >= ACCEPTED_AT_ONCE:  # asyncio comes back at its next turn
            raise BlockingIOError("assez de connexions pour ce tour")
        for _ in range(TURNED_AWAY_AT_ONCE):
            fd, address = self._accept()  # BlockingIOError when none waits: asyncio stops
            if budget.room() or (budget.make_room is not None and budget.room_to_shed()
                                 and budget.make_room()):
                self.this_turn += 1
                conn = CountedSocket(self.family, self.type, self.proto, fileno=fd)
                conn.budget = budget
                budget.taken()
                return conn, address
            budget.turned_away += 1
            with socket.socket(self.family, self.type, self.proto, fileno=fd) as refused:
                refused.setblocking(False)
                try:
                    refused.send(self.busy)
                except OSError:
                    pass
        raise BlockingIOError("connexions refusées : plus de place")
