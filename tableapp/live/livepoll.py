"""A screen's own check of its game's log (issue 23), beside the live view
(gamepage.live_view): where writes wake the screens (tableapp/live/live.py) a safety net every
SAFETY_REFRESH, in case a wake was lost; where they cannot (COMPANION_PUSH=0, a Streamlit
without what the push needs) the way the screens follow the game, as before."""

from __future__ import annotations

import time
from datetime import timedelta

import streamlit as st

from companion.events.store import EventStore
from tableapp.device import session
from tableapp.live import live

# Where push is unavailable the screens poll the log's seq instead: a public screen shows a
from tableapp.process import shared

# write within about half a second (issue 13: within 1 s of the tap), the host's devices
# (which write themselves) follow another device's write within a second; ~5 ms of server CPU
# per screen per second. With push, the same poll runs every SAFETY_REFRESH only, a safety
# net for a wake lost (a session busy at every try): ~0.03 ms per screen per second.
PUBLIC_REFRESH = timedelta(seconds=0.5)
HOST_REFRESH = timedelta(seconds=1)
SAFETY_REFRESH = timedelta(seconds=30)

_SEQS: dict[tuple[str, str], tuple[float, int]] = {}  # (database, code) -> (read at, seq)
SEQ_AGE = 0.2  # seconds a seq read by a screen's poll serves the other screens of the game


def cached_seq(store: EventStore, code: str) -> int:
    """The seq of `code` for a screen's poll: read at most every SEQ_AGE seconds per process
    and game, whatever the number of screens polling it."""
    key = (str(store.path), code)
    cached = _SEQS.get(key)
    moment = time.monotonic()
    if cached is not None and moment - cached[0] < SEQ_AGE:
        return cached[1]
    value = store.seq(code)
    if len(_SEQS) > 10_000:  # bounded: a long festival's old games go
        _SEQS.clear()
    _SEQS[key] = (moment, value)
    return value


def poll(code: str, *, host: bool) -> None:
    """Beside the live view (gamepage.live_view): the screen's own check of the log's seq
    against the one it last showed; a safety net where writes wake it, else its way of
    following the game."""
    if live.hub(shared.store()) is not None:
        _follow_safety(code)
    elif host:
        _follow_host(code)
    else:
        _follow(code)


def _behind(code: str) -> bool:
    shown = session.shown_seq(code)
    return shown is not None and cached_seq(shared.store(), code) > shown  # a log only grows


@st.fragment(run_every=PUBLIC_REFRESH)
def _follow(code: str) -> None:
    """A public screen follows the game: rerun the page when another device wrote to it. A
    tick asks for one number (the log's seq) and reruns only its fragment: an idle screen
    costs no page rerun."""
    if _behind(code):
        st.rerun(scope="app")


@st.fragment(run_every=HOST_REFRESH)
def _follow_host(code: str) -> None:
    """The same on the host's devices, once a second."""
    if _behind(code):
        st.rerun(scope="app")


@st.fragment(run_every=SAFETY_REFRESH)
def _follow_safety(code: str) -> None:
    """The same where writes wake the screens: a rare check, in case a wake was lost."""
    if _behind(code):
        st.rerun(scope="app")
