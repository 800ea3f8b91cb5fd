"""What a page opens of the things this server process shares (tableapp/process/perprocess.py
keeps them, one of each per database): the event store, the grants of its games and where the
hosts' devices stand. A file that cannot be opened stops the page with its French sentence."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

import streamlit as st

from companion.core.errors import StorageError
from companion.events.store import EventStore, default_location
from companion.hosting.access import Access
from companion.hosting.positions import Positions
from tableapp.process import perprocess

T = TypeVar("T")


def store() -> EventStore:
    """The event store of this server (one per database path, shared by all sessions, kept by
    the process: tableapp/process/perprocess.py). A file that cannot be opened stops the page
    with its French sentence (the detail is in the server log); the next run tries again."""
    return _opened(perprocess.store_at)


def _opened(open_at: Callable[[str], T]) -> T:
    """What `open_at` opens on this server's database, or the page stops on the French
    sentence of a StorageError (a fixed sentence of ours: no user text, no path)."""
    try:
        return open_at(str(default_location()))
    except StorageError as exc:
        st.error(str(exc))
        st.stop()
        raise  # st.stop() raises; for type checkers


def access() -> Access:
    """The grants of this server's games (companion/hosting/access.py)."""
    return _opened(perprocess.access_at)


def positions() -> Positions:
    """Where the hosts' devices stand in their games (companion/hosting/positions.py)."""
    return _opened(perprocess.positions_at)
