"""What a screen costs the server (issues 23 and 25): three settings of this server process,
made before the server starts by `companion app` (`send_at_once` only) and, for a server started
otherwise (`streamlit run`), when the app's script is first run.

* **Every answer held 40 ms.** Streamlit's server binds its listening socket itself as
  `socket.socket(family)`, whose `proto` is 0; asyncio sets TCP_NODELAY on an accepted
  connection only when its `proto` says TCP, so Nagle's algorithm stays on. uvicorn writes an
  answer's head and body in two writes: the body waits for the browser's delayed ACK, 40 ms on
  every request after a connection's first. A cold page load is some 60 files: over six
  connections they took 0.42 s, against 0.07 s once sent at once (and 2.59 s against 0.09 s
  over one: benchmarks/phone_pages.py, « fichiers statiques »). The websocket's messages
  meet the same wait. `send_at_once` gives asyncio's check the sockets it
  missed: any stream socket of the internet families is TCP.

A write wakes every screen of its game, and each reruns its live view (tableapp/live/live.py): a
hundred phones on one game are a hundred short script runs in the same half-second, on one
interpreter. Measured with benchmarks/phones.py (100 phones on one game):

* **The theme, rebuilt at every run.** Streamlit starts each run, a fragment's included, with a
  `new_session` message holding the app's theme, read anew each time from the ~250 config
  options, four sections over (about a tenth of a woken run's CPU). The theme changes only when
  the config files do: it is built once and copied, and built again when Streamlit parses its
  config again (`config.on_config_parsed`).
* **Who holds the interpreter.** Eight woken runs and the event loop that sends what they draw
  take turns on the GIL; at Python's default 5 ms turns the loop waits behind each run, and the
  last phones' updates wait behind the loop (p95 1.16–1.25 s against 0.92–0.95 s with 1 ms turns,
  same code, same runs). Shorter turns cost a little switching, spread over everyone.

They lean on Streamlit's and asyncio's internals; when these are missing (another version)
nothing changes and the app runs as before. `tune()` says what it did, for the tests.
"""

from __future__ import annotations

import socket
import sys
import threading
from collections.abc import Callable
from typing import Any

SWITCH_INTERVAL = 0.001  # seconds a thread holds the GIL before another may take it

_DONE: set[str] = set()
_LOCK = threading.Lock()


def tune() -> frozenset[str]:
    """Make both settings once per process; the names of those in effect."""
    with _LOCK:
        if not _DONE:
            sys.setswitchinterval(SWITCH_INTERVAL)
            _DONE.add("switch")
            if send_at_once():
                _DONE.add("nodelay")
            if _memoize_theme():
                _DONE.add("theme")
        return frozenset(_DONE)


def send_at_once() -> bool:
    """TCP_NODELAY on every TCP connection asyncio accepts from now on, whatever the `proto`
    its listening socket was made with; True when in effect."""
    from asyncio import base_events

    original = getattr(base_events, "_set_nodelay", None)
    if original is None or not hasattr(socket, "TCP_NODELAY"):
        return False
    if getattr(original, "any_tcp", False):
        return True

    def set_nodelay(sock: socket.socket) -> None:
        original(sock)
        if (sock.family in (socket.AF_INET, socket.AF_INET6)
                and sock.type == socket.SOCK_STREAM and sock.proto == 0):
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)

    set_nodelay.any_tcp = True  # type: ignore[attr-defined]
    set_nodelay.original = original  # type: ignore[attr-defined]
    base_events._set_nodelay = set_nodelay  # noqa: SLF001
    return True


def _memoize_theme() -> bool:
    try:
        from streamlit import config
        from streamlit.runtime import app_session
    except ImportError:
        return False
    original = getattr(app_session, "_populate_theme_msg", None)
    if original is None or not hasattr(config, "on_config_parsed"):
        return False
    if getattr(original, "memoized", False):
        return True
    built: dict[str, bytes] = {}

    def populate(msg: Any, section: str = "theme") -> None:
        found = built.get(section)
        if found is None:
            fresh = type(msg)()
            original(fresh, section)
            found = built[section] = fresh.SerializeToString()
        if found:  # merging even nothing marks the theme as set: the device's own is lost
            msg.MergeFromString(found)

    populate.memoized = True  # type: ignore[attr-defined]
    forget: Callable[[], None] = built.clear
    config.on_config_parsed(forget, force_connect=True)
    app_session._populate_theme_msg = populate  # noqa: SLF001
    return True
