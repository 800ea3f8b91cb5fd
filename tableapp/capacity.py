"""Full is a state, not a crash (issue 23): one server process admits at most
`COMPANION_MAX_SESSIONS` devices (default MAX_SESSIONS); a new device past it gets one short
French page saying the table is full, which tries again by itself. The host's devices (a live
host token for the game in their URL) are always admitted: the game must go on.

Past one core a Streamlit server does not slow down, it collapses (every screen's runs queue
behind the others, memory climbs in the message queues): refusing the extra devices keeps the
admitted ones, the host's taps and /_stcore/health answering. A refused device costs one run
of a few elements every RETRY seconds until it is let in.
"""

from __future__ import annotations

import random
import threading

import streamlit as st

from companion.core import settings

MAX_SESSIONS = settings.MAX_SESSIONS
RETRY = (10, 20)  # seconds before a refused device tries again (spread: no stampede)
_ADMITTED_KEY = "_compagnon_admitted"
_admitted: set[str] = set()  # session ids of this process let in
_lock = threading.Lock()


def ceiling() -> int:
    """The configured number of sessions per process (`COMPANION_MAX_SESSIONS`, ≥ 1)."""
    try:
        return settings.max_sessions()
    except settings.SettingError:  # `companion app` refused it at start; a bare streamlit run
        return MAX_SESSIONS


def _session_id() -> str | None:
    from streamlit.runtime.scriptrunner import get_script_run_ctx

    ctx = get_script_run_ctx(suppress_warning=True)
    return None if ctx is None else ctx.session_id


def _active(session_id: str) -> bool:
    from streamlit.runtime import Runtime

    return not Runtime.exists() or Runtime.instance().is_active_session(session_id)


def admitted_count() -> int:
    with _lock:
        return len(_admitted)


def admit() -> bool:
    """True when this session may use the app (once let in, it stays in until it leaves)."""
    session_id = _session_id()
    if session_id is None:  # no server session (AppTest, bare mode): nothing to count
        return True
    if st.session_state.get(_ADMITTED_KEY):
        with _lock:
            _admitted.add(session_id)  # back after a dropped connection
        return True
    limit = ceiling()
    with _lock:
        if len(_admitted) >= limit:  # sessions that left are swept only when it matters
            _admitted.difference_update([s for s in _admitted if not _active(s)])
        room = len(_admitted) < limit
        if room:  # taken now, under the lock: a crowd arriving at once stays within it
            _admitted.add(session_id)
    if not room:
        if not _is_host():
            return False
        with _lock:
            _admitted.add(session_id)
    st.session_state[_ADMITTED_KEY] = True
    return True


def _is_host() -> bool:
    """A live host token for the game in the URL (asked of the server: a made-up `host=`
    does not pass the door)."""
    from tableapp import session

    if session.is_public_view() or not st.query_params.get(session.HOST_PARAM):
        return False
    try:
        return session.host_grant(session.code_param()) is not None
    except Exception:  # noqa: BLE001  (a storage fault: the page says it once admitted)
        return False


FULL_TITLE = "La table est pleine"
FULL_TEXT = ("Trop d'appareils suivent déjà les parties sur ce serveur. Réessayez dans un "
             "moment : cette page réessaie toute seule.")


def refuse() -> None:
    """The page of a device past the ceiling (then the run stops): a title, one sentence, and
    a reload after RETRY seconds."""
    st.title(FULL_TITLE)
    st.write(FULL_TEXT)
    delay = random.randint(*RETRY) * 1000
    st.html(f"<script>setTimeout(() => window.location.reload(), {delay:d});</script>",
            unsafe_allow_javascript=True)
    st.stop()
