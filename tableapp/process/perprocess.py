"""What one app server process keeps for its whole life, whatever a browser sends (issue 38,
registre TAB-10): the event store, the rights, the hosts' positions (here), the statistics
(tableapp/table/seating.py) and Labystère's sheets (tableapp/pages/labystere/sheet.py), one of each
per database, and the effects made once per process (the organiser's announcement, here).

They used to live in `st.cache_resource`, which any browser empties for the whole process:
its « Clear cache » menu (or a script) sends a clear-cache message, and Streamlit then clears
every cache of every user. The store was opened again (the push hub lost every screen it
followed, which fell back to their 30 s safety poll) and the organiser's once-per-process
announcement was made again. The app now ignores that message
(tableapp/serving/keepcaches.py) and keeps its process state here, where no message reaches.

No Streamlit here: `companion app` opens the store and announces the organiser before
Streamlit's server starts, and the pages find the same objects afterwards (one process).
"""

from __future__ import annotations

import gc
import sys
import threading
from collections.abc import Callable
from functools import update_wrapper
from typing import Generic, TypeVar

from companion.cli.access import organiser_link
from companion.core.errors import CompanionError
from companion.events.store import EventStore
from companion.hosting.access import Access
from companion.hosting.positions import Positions

T = TypeVar("T")


class PerProcess(Generic[T]):
    """`make(key)` made once per key and kept for the process's life (a decorator, in place of
    `st.cache_resource`). Two sessions asking at once wait for one making; a making that raises
    keeps nothing (the next call tries again: a database busy at start is no lasting fault)."""

    def __init__(self, make: Callable[[str], T]) -> None:
        self._make = make
        self._kept: dict[str, T] = {}
        self._making: dict[str, threading.Lock] = {}  # one per key: a slow open blocks no other
        self._lock = threading.Lock()
        update_wrapper(self, make)

    def __call__(self, key: str) -> T:
        try:
            return self._kept[key]  # the usual path: one dict lookup, no lock
        except KeyError:
            pass
        with self._lock:
            making = self._making.setdefault(key, threading.Lock())
        with making:
            if key not in self._kept:
                self._kept[key] = self._make(key)
            return self._kept[key]

    def clear(self) -> None:
        """Forget everything kept, as a restart would (the tests' restarts; no browser message
        leads here)."""
        with self._lock:
            self._kept.clear()


@PerProcess
def store_at(path: str) -> EventStore:
    """The event store at `path` (raises StorageError; `tableapp.process.shared.store` says it)."""
    return EventStore(path)


@PerProcess
def access_at(path: str) -> Access:
    """The grants kept in the store's database at `path`."""
    store_at(path)  # the grants live in the store's database: make sure it exists first
    return Access(path)


@PerProcess
def positions_at(path: str) -> Positions:
    """Where the hosts' devices stand, kept in the store's database at `path`."""
    store_at(path)
    return Positions(path)


# --- once per process -------------------------------------------------------------------------

_announced: set[str] = set()  # the databases whose organiser this process has announced
_announcing = threading.Lock()


def announce_organiser(path: str, base_url: Callable[[], str]) -> None:
    """Once per process and database (registre TAB-8, TAB-10): make the organiser's token if
    the server has none, and say on the terminal (stderr) how to become the organiser, at
    `base_url()`: the address the server serves, never one a request named. `companion app`
    calls it at start; the router at every run (for a server started by `streamlit run`),
    where it is one set lookup once done. A storage fault is said and the next run tries
    again."""
    if path in _announced:
        return
    with _announcing:
        if path in _announced:
            return
        where = base_url()
        try:
            token = access_at(path).ensure_organiser()
        except CompanionError as exc:  # the database is busy or down: said on the terminal
            print(f"Compagnon de table : lien de l'organisateur pas encore créé ({exc}) ; "
                  f"« companion organisateur --url {where} » en donnera un.",
                  file=sys.stderr, flush=True)
            return
        _announced.add(path)
    if token is not None:
        message = ("Compagnon de table : lien de l'organisateur (affiché une seule fois ; à "
                   "ouvrir sur son appareil, il y reste mémorisé) :\n  "
                   + organiser_link(where, token))
    else:
        message = ("Compagnon de table : l'organisateur a déjà son lien ; « companion "
                   f"organisateur --url {where} » en donne un nouveau (l'ancien ne marche "
                   "plus).")
    print(message, file=sys.stderr, flush=True)


_FROZEN: list[bool] = []  # once per server process


def freeze_imports() -> None:
    """After the first script run of this process (every page module imported): move what is
    alive to the garbage collector's permanent generation. The modules, the games' data and
    Streamlit itself are never garbage; without this every full collection walks them again
    (~0.2 s on a loaded machine), at random moments of a tap."""
    if not _FROZEN:
        _FROZEN.append(True)
        gc.freeze()
