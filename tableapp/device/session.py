"""What a browser session knows: the game code in the URL, whether it shows the public view, this
device's memory (its cookie) and its rights. Game state never lives here: only a code,
the rest is on the server (SQLite), so a refresh, a sleeping tablet or a second device show the
same game.

Rights (registre TAB-1): a device is the host of a game only while it holds a live host token
(`?host=` in its URL, or remembered by this device); every check asks the server's grants table
again. What the device remembers (registre TAB-2) is kept in a cookie of that device, written by a
line of script and read back by `st.context.cookies` when a new session starts: session state
dies on a refresh, a cookie does not."""

from __future__ import annotations

import streamlit as st

from companion.events.store import (  # noqa: F401  (the pages tests use them)
    EventStore,
    default_path,
    normalize_code,
)
from companion.hosting.access import DeviceMemory, Grant
from tableapp.process import shared

PUBLIC_VIEW = "public"
HOST_PARAM = "host"
DEVICE_COOKIE = "compagnon_appareil"
DEVICE_COOKIE_DAYS = 365
_DEVICE_KEY = "_compagnon_device"  # this session's DeviceMemory
_REMEMBER_KEY = "_compagnon_codes"  # game id -> last code opened in this session
_SEEN_KEY = "_compagnon_seen_seq"  # code -> seq of the view last shown

# --- query params -----------------------------------------------------------------------------


def code_param() -> str | None:
    """The game code in the URL (`?code=`), normalised, or None."""
    value = st.query_params.get("code")
    code = normalize_code(value) if value else ""
    return code or None


def set_code(game: str, code: str) -> None:
    """Put the code in the URL (with this device's host token for it, if any) and remember it
    for this game's other pages and on this device."""
    previous = code_param()
    if st.query_params.get("code") != code:  # each change is a message to the browser
        st.query_params["code"] = code
    token = device().token(code)
    if token and not is_public_view():
        if st.query_params.get(HOST_PARAM) != token:
            st.query_params[HOST_PARAM] = token
    elif HOST_PARAM in st.query_params and (previous != code or is_public_view()):
        del st.query_params[HOST_PARAM]  # another game's token, or a public screen
    st.session_state.setdefault(_REMEMBER_KEY, {})[game] = code
    device().join(code)


def forget_code(game: str) -> None:
    st.session_state.setdefault(_REMEMBER_KEY, {}).pop(game, None)
    for param in ("code", HOST_PARAM):
        if param in st.query_params:
            del st.query_params[param]


def remembered_code(game: str) -> str | None:
    """The code last opened for this game in this session: moving between a game's pages in the
    menu drops the query string, this puts it back."""
    codes = st.session_state.get(_REMEMBER_KEY, {})
    return codes.get(game)


def is_public_view() -> bool:
    """The URL asks for the read-only view (`?view=public`), whatever rights the device has:
    a host's tablet can show the public screen too."""
    return st.query_params.get("view") == PUBLIC_VIEW


# --- rights and what this device remembers ----------------------------------------------------


def _sent_cookie() -> str | None:
    """The memory cookie this browser sent when the session started (None outside one)."""
    try:
        return st.context.cookies.get(DEVICE_COOKIE)
    except Exception:  # outside a browser session (tests, bare mode)
        return None


def device() -> DeviceMemory:
    """The games this device hosts or has joined: read from its cookie once per session."""
    memory = st.session_state.get(_DEVICE_KEY)
    if not isinstance(memory, DeviceMemory):
        memory = st.session_state[_DEVICE_KEY] = DeviceMemory.parse(_sent_cookie())
    return memory


def host_token(code: str) -> str | None:
    """The host token this session holds for `code`: the URL's (when it names this game), else
    the one this device remembers."""
    token = st.query_params.get(HOST_PARAM)
    if token and code_param() == code:
        return token
    return device().token(code)


def host_grant(code: str | None) -> Grant | None:
    """This device's live grant on `code`, asked of the server now (never a cached flag), or
    None: then the device reads the public view only. A token found dead is forgotten."""
    if not code:
        return None
    token = host_token(code)
    if not token:
        return None
    grant = shared.access().verify(code, token)
    memory = device()
    if grant is None:
        if memory.token(code) == token:
            memory.drop_token(code)
    elif memory.token(code) != token:
        memory.host(code, token)  # a host link opened here: this device now hosts the game
    return grant


def become_host(code: str, token: str) -> None:
    """This device now hosts `code` (it created, imported or was handed the game)."""
    device().host(code, token)
    st.query_params[HOST_PARAM] = token


def device_cookie_html() -> str | None:
    """The script that stores this device's memory in its cookie, or None while the cookie the
    browser sent already says the same. Sent again at every run until a new session reads it
    back: a run cut short by a rerun may never have delivered it. It holds only this
    session's own tokens."""
    value = device().dump()
    if value == (DeviceMemory.parse(_sent_cookie()).dump()):
        return None
    # the value only holds [A-Za-z0-9_.|-] (DeviceMemory.dump): nothing to escape
    return ("<script>document.cookie = " + repr(f"{DEVICE_COOKIE}={value}; path=/; "
            f"max-age={DEVICE_COOKIE_DAYS * 86400}; SameSite=Strict") + ";</script>")


def remember_device() -> None:
    """Write this device's memory to its cookie (the router calls it at the end of every run,
    even one the page stopped)."""
    script = device_cookie_html()
    if script is not None:
        with st.sidebar:
            st.html(script, unsafe_allow_javascript=True)


def seen_seq(code: str, fresh: int) -> int:
    """The seq of the view this session showed last (what a click acts on), then remember
    `fresh` as shown. A new session has seen nothing older than the current log."""
    seen: dict[str, int] = st.session_state.setdefault(_SEEN_KEY, {})
    previous = seen.get(code, fresh)
    seen[code] = fresh
    return previous


def shown_seq(code: str) -> int | None:
    """The seq of the view of `code` this session showed last (None: not shown yet)."""
    seen: dict[str, int] = st.session_state.get(_SEEN_KEY, {})
    return seen.get(code)


def mark_seen(code: str, seq: int) -> None:
    st.session_state.setdefault(_SEEN_KEY, {})[code] = seq


