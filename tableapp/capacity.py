"""Full is a state, not a crash (issue 23): one server process admits at most
`COMPANION_MAX_SESSIONS` devices (default MAX_SESSIONS); a new device past it gets one short
French page saying the table is full, which tries again by itself. The host's devices (a live
host token for the game in their URL) are always admitted: the game must go on.

Past one core a Streamlit server does not slow down, it collapses (every screen's runs queue
behind the others, memory climbs in the message queues): refusing the extra devices keeps the
admitted ones, the host's taps and /_stcore/health answering. A refused device costs one run
of a few elements every RETRY seconds until it is let in.

One client address (tableapp/serving/visitors.py › `client_key`: a device on the Wi-Fi, a
stranger's laptop however many tabs or scripts it opens) holds at most its share of the ceiling
(`visitors.session_share`: a tenth, at least 4): a script opening websockets from one machine
cannot lock every player out (issue 38, registre TAB-11). The host's token passes this too.
"""

from __future__ import annotations

import random
import threading

import streamlit as st

from companion.core import settings
from tableapp.serving import visitors

MAX_SESSIONS = settings.MAX_SESSIONS
RETRY = (10, 20)  # seconds before a refused device tries again (spread: no stampede)
_ADMITTED_KEY = "_compagnon_admitted"
_REFUSED_KEY = "_compagnon_refused"  # why this session was refused: the whole table or its address
_admitted: dict[str, str] = {}  # session ids of this process let in -> their client key
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


def _client_key() -> str:
    """This session's client key (its address as the server saw it; this machine: "")."""
    try:
        address = st.context.ip_address
    except Exception:  # noqa: BLE001  (no client context: a bare run, AppTest)
        address = None
    return visitors.client_key(address)


def admitted_count() -> int:
    with _lock:
        return len(_admitted)


def _sweep() -> None:
    """Forget the sessions that left (called under the lock, only when a limit is reached)."""
    for gone in [s for s in _admitted if not _active(s)]:
        del _admitted[gone]


def admit() -> bool:
    """True when this session may use the app (once let in, it stays in until it leaves)."""
    session_id = _session_id()
    if session_id is None:  # no server session (AppTest, bare mode): nothing to count
        return True
    key = _client_key()
    if st.session_state.get(_ADMITTED_KEY):
        with _lock:
            _admitted[session_id] = key  # back after a dropped connection
        return True
    limit = ceiling()
    share = visitors.session_share(limit)
    with _lock:
        mine = sum(1 for k in _admitted.values() if k == key)
        if len(_admitted) >= limit or mine >= share:  # swept only when it matters
            _sweep()
            mine = sum(1 for k in _admitted.values() if k == key)
        full = len(_admitted) >= limit
        crowded = mine >= share
        if not (full or crowded):  # taken now, under the lock: a crowd stays within it
            _admitted[session_id] = key
    if full or crowded:
        if not _is_host():
            st.session_state[_REFUSED_KEY] = "table" if full else "address"
            return False
        with _lock:
            _admitted[session_id] = key
    st.session_state[_ADMITTED_KEY] = True
    st.session_state.pop(_REFUSED_KEY, None)
    return True


def _is_host() -> bool:
    """A live host token for the game in the URL (asked of the server: a made-up `host=`
    does not pass the door)."""
    from tableapp.device import session

    if session.is_public_view() or not st.query_params.get(session.HOST_PARAM):
        return False
    try:
        return session.host_grant(session.code_param()) is not None
    except Exception:  # noqa: BLE001  (a storage fault: the page says it once admitted)
        return False


FULL_TITLE = "La table est pleine"
FULL_TEXT = ("Trop d'appareils suivent déjà les parties sur ce serveur. Réessayez dans un "
             "moment : cette page réessaie toute seule.")
CROWDED_TEXT = ("Trop d'appareils de votre adresse réseau suivent déjà les parties sur ce "
                "serveur. Fermez des onglets ou réessayez dans un moment : cette page réessaie "
                "toute seule.")


def refuse() -> None:
    """The page of a device past the ceiling or its address's share (then the run stops): a
    title, one sentence, and a reload after RETRY seconds."""
    st.title(FULL_TITLE)
    st.write(CROWDED_TEXT if st.session_state.get(_REFUSED_KEY) == "address" else FULL_TEXT)
    delay = random.randint(*RETRY) * 1000
    st.html(f"<script>setTimeout(() => window.location.reload(), {delay:d});</script>",
            unsafe_allow_javascript=True)
    st.stop()
