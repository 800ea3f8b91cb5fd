"""What a browser session knows: the shared event store, the game code in the URL, and the
style of a tablet at a table. Game state never lives here: only a code, the rest is on the
server (SQLite), so a refresh, a sleeping tablet or a second device show the same game."""

from __future__ import annotations

import io
import os
import re
import socket
from collections.abc import Callable
from functools import lru_cache
from urllib.parse import urlencode

import streamlit as st

from companion.store import EventStore, default_path, normalize_code

PUBLIC_VIEW = "public"
DEFAULT_PUBLIC_URL = "http://localhost:8501"
_REMEMBER_KEY = "_compagnon_codes"  # game id -> last code opened in this session
_SEEN_KEY = "_compagnon_seen_seq"  # code -> seq of the view last shown

# Bigger touch targets and text readable across a table. Static CSS only: no user text here.
TABLET_CSS = """
<style>
.stButton button, .stDownloadButton button, .stFormSubmitButton button {
    min-height: 3rem; font-size: 1.1rem; padding: 0.5rem 1.2rem;
}
.stTextInput input, .stNumberInput input { min-height: 2.8rem; font-size: 1.1rem; }
div[data-baseweb="select"] > div { min-height: 2.8rem; font-size: 1.1rem; }
[data-testid="stButtonGroup"] button { min-height: 3rem; min-width: 3rem; font-size: 1.1rem; }
.stMarkdown p, .stText { font-size: 1.1rem; }
[data-testid="stMetricValue"] { font-size: 2.4rem; }
</style>
"""


@st.cache_resource(show_spinner=False)
def _store_at(path: str) -> EventStore:
    return EventStore(path)


def store() -> EventStore:
    """The event store of this server (one per database path, shared by all sessions)."""
    return _store_at(str(default_path()))


_MARKDOWN_SPECIALS = re.compile(r"([\\`*_{}\[\]()#+\-.!|<>$~:])")


@lru_cache(maxsize=4096)  # pages escape the same names on every rerun
def plain(text: str) -> str:
    """Text (which may hold players' names or a file's content) shown literally by the
    markdown-rendering elements (st.error, st.markdown...): no link, no formatting, no LaTeX."""
    return _MARKDOWN_SPECIALS.sub(r"\\\1", text)


def apply_style() -> None:
    st.markdown(TABLET_CSS, unsafe_allow_html=True)


# --- query params -----------------------------------------------------------------------------


def code_param() -> str | None:
    """The game code in the URL (`?code=`), normalised, or None."""
    value = st.query_params.get("code")
    code = normalize_code(value) if value else ""
    return code or None


def set_code(game: str, code: str) -> None:
    """Put the code in the URL and remember it for this game's other pages."""
    st.query_params["code"] = code
    st.session_state.setdefault(_REMEMBER_KEY, {})[game] = code


def forget_code(game: str) -> None:
    st.session_state.setdefault(_REMEMBER_KEY, {}).pop(game, None)
    if "code" in st.query_params:
        del st.query_params["code"]


def remembered_code(game: str) -> str | None:
    """The code last opened for this game in this session: moving between a game's pages in the
    menu drops the query string, this puts it back."""
    codes = st.session_state.get(_REMEMBER_KEY, {})
    return codes.get(game)


def is_public_view() -> bool:
    return st.query_params.get("view") == PUBLIC_VIEW


def seen_seq(code: str, fresh: int) -> int:
    """The seq of the view this session showed last (what a click acts on), then remember
    `fresh` as shown. A new session has seen nothing older than the current log."""
    seen: dict[str, int] = st.session_state.setdefault(_SEEN_KEY, {})
    previous = seen.get(code, fresh)
    seen[code] = fresh
    return previous


def mark_seen(code: str, seq: int) -> None:
    st.session_state.setdefault(_SEEN_KEY, {})[code] = seq


# --- sharing ----------------------------------------------------------------------------------


def public_base_url() -> str:
    """Where other devices reach this app: COMPANION_PUBLIC_URL when set, else the address
    this browser used (a phone cannot open « localhost »: that becomes the LAN address)."""
    configured = os.environ.get("COMPANION_PUBLIC_URL")
    if configured:
        return configured.rstrip("/")
    try:
        headers = st.context.headers
        host, proto = headers.get("Host"), headers.get("X-Forwarded-Proto")
    except Exception:  # outside a browser session (tests, bare mode)
        host, proto = None, None
    return base_url_from(host, proto, lan_address)


def base_url_from(host: str | None, proto: str | None,
                  lan: Callable[[], str | None]) -> str:
    if not host:
        return DEFAULT_PUBLIC_URL
    name, _, port = host.rpartition(":") if host.count(":") == 1 else (host, "", "")
    if name in ("localhost", "127.0.0.1", "[::1]"):
        address = lan()
        if address:
            name = address
    return f"{proto or 'http'}://{name}{':' + port if port else ''}"


def lan_address() -> str | None:
    """This machine's address on the local network. A UDP « connect » only picks the route:
    no packet is sent, so it works offline; None when there is no network at all."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("192.0.2.1", 9))  # TEST-NET-1: never routed anywhere for real
            address: str = probe.getsockname()[0]
    except OSError:
        return None
    return None if address.startswith("127.") else address


def public_url(game: str, code: str) -> str:
    """The read-only view of a game on another device (what the QR code opens)."""
    return f"{public_base_url()}/{game}?{urlencode({'code': code, 'view': PUBLIC_VIEW})}"


@st.cache_data(show_spinner=False, max_entries=64)
def qr_png(text: str) -> bytes:
    """A QR code of `text` as PNG bytes (made locally: no network)."""
    import qrcode

    image = qrcode.make(text, box_size=8, border=2)
    out = io.BytesIO()
    image.save(out, format="PNG")
    return out.getvalue()
