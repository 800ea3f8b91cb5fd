"""A repeated trouble of the server said once in a while, not as a flood (issue 38, item 3).

* **Accept errors.** When the process runs out of file descriptors, asyncio (Python 3.11) tries
  `accept()` again for every slot of the listening backlog (2,048 with uvicorn) and logs each
  failure with its traceback: tens of MB of log in seconds, and the CPU to write them.
  `accept_errors_once_a_while` replaces that message by one French line at most every
  EVERY seconds with the count since the last (serving/connections.py keeps the connections
  below the limit, so it is a last resort: another part of the process ate the descriptors).
* **The HTTP server's repeated lines** (`uvicorn.error`: an « Invalid HTTP request » per
  garbage request, a line per websocket opened and closed, a traceback per failing request):
  `QuietRepeats` lets each message template through at most once every EVERY seconds, with
  how many were left out.

Plain asyncio and logging.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from typing import Any

log = logging.getLogger("companion.app")

EVERY = 60.0  # seconds between two lines about the same trouble
MAX_TEMPLATES = 256  # distinct messages followed at once (past it, the oldest is forgotten)
ACCEPT_ERROR = "socket.accept() out of system resource"


class Throttle:
    """Counts an event; `due()` is the count since the last time it said yes, once every
    `every` seconds (the first event is always due), else 0."""

    def __init__(self, every: float = EVERY, clock: Callable[[], float] = time.monotonic
                 ) -> None:
        self.every = every
        self.clock = clock
        self.last: float | None = None
        self.count = 0

    def due(self) -> int:
        self.count += 1
        now = self.clock()
        if self.last is not None and now - self.last < self.every:
            return 0
        self.last, count, self.count = now, self.count, 0
        return count


def accept_errors_once_a_while(loop: asyncio.AbstractEventLoop, every: float = EVERY) -> None:
    """The loop's out-of-descriptors accept errors as one line every `every` seconds; every
    other exception goes to the handler the loop had (or its default)."""
    previous = loop.get_exception_handler()
    if getattr(previous, "quiet_accept", False):
        return
    throttle = Throttle(every)

    def handle(loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
        if str(context.get("message", "")).startswith(ACCEPT_ERROR):
            count = throttle.due()
            if count:
                log.error("le serveur ne peut plus accepter de connexion : %s (%d fois depuis "
                          "le dernier message ; il réessaie chaque seconde)",
                          context.get("exception"), count)
            return
        if previous is not None:
            previous(loop, context)
        else:
            loop.default_exception_handler(context)

    handle.quiet_accept = True  # type: ignore[attr-defined]
    loop.set_exception_handler(handle)


class QuietRepeats(logging.Filter):
    """A logger's records, each message template at most once every `every` seconds; the one
    let through after a quiet spell says how many were left out."""

    def __init__(self, every: float = EVERY, clock: Callable[[], float] = time.monotonic
                 ) -> None:
        super().__init__()
        self.every = every
        self.clock = clock
        self.throttles: dict[tuple[str, int, str], Throttle] = {}

    def filter(self, record: logging.LogRecord) -> bool:
        key = (record.name, record.levelno, str(record.msg))
        throttle = self.throttles.get(key)
        if throttle is None:
            if len(self.throttles) >= MAX_TEMPLATES:
                del self.throttles[next(iter(self.throttles))]
            throttle = self.throttles[key] = Throttle(self.every, self.clock)
        count = throttle.due()
        if count > 1:  # (no « % » added: the message's own arguments still format it)
            record.msg = f"{record.msg} [et {count - 1} fois de plus en {self.every:g} s]"
        return count > 0


def quiet_repeats(name: str, every: float = EVERY) -> QuietRepeats:
    """The logger `name` with a QuietRepeats filter (one only, however often it is asked)."""
    logger = logging.getLogger(name)
    for existing in logger.filters:
        if isinstance(existing, QuietRepeats):
            return existing
    quiet = QuietRepeats(every)
    logger.addFilter(quiet)
    return quiet
