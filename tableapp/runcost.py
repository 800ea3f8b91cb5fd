"""What a woken screen costs the server (issue 23): two settings of this server process, made
once when the app's script is first run.

A write wakes every screen of its game, and each reruns its live view (tableapp/live.py): a
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

Both lean on Streamlit's internals; when they are missing (another Streamlit) nothing changes
and the app runs as before. `tune()` says what it did, for the tests.
"""

from __future__ import annotations

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
            if _memoize_theme():
                _DONE.add("theme")
        return frozenset(_DONE)


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
