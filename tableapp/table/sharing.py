"""Sharing a game with the other devices of the table: where they reach this app (never the
address a browser used: registre TAB-10), the public view's link and its QR code."""

from __future__ import annotations

import io
from urllib.parse import urlencode

import streamlit as st

from companion.hosting.network import served_url
from tableapp.device.session import PUBLIC_VIEW

DEFAULT_PORT = 8501  # Streamlit's, when its options cannot be read


def public_base_url() -> str:
    """Where other devices reach this app, as the server knows it (registre TAB-10):
    COMPANION_PUBLIC_URL when set, else the address and port Streamlit serves (its
    server.address and server.port: the LAN address when it listens on every interface,
    « localhost » when only this machine may connect, `companion app --local`). Never the
    address a browser used: the links made from it carry host tokens, seat secrets and
    soirée keys, and a request's `Host` or `X-Forwarded-*` says whatever its sender wrote."""
    try:
        bound, port = st.get_option("server.address"), st.get_option("server.port")
    except Exception:  # an option Streamlit no longer knows: it listens as it always did
        bound, port = None, None
    return served_url(int(port or DEFAULT_PORT), str(bound or ""))


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
