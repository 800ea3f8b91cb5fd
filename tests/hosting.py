"""Page tests open a game as the device that hosts it (companion/hosting/access.py): the game code
alone gives the read-only public view."""

from __future__ import annotations

import html
import re
from typing import Any

from companion.core.errors import UsageError
from companion.events.store import EventStore, default_path
from companion.hosting.access import HOST, Access


def host_token(code: str, role: str = HOST) -> str:
    """A fresh host (or co-host) token of `code`, as the device that created it holds."""
    EventStore(default_path())  # the grants live in the store's database
    token, _grant = Access(default_path()).issue(code, role)
    return token


def as_host(query: dict[str, str]) -> dict[str, str]:
    """`query` plus a host token when it names a game and asks for no public view."""
    if "code" in query and "host" not in query and query.get("view") != "public":
        try:
            return {**query, "host": host_token(query["code"])}
        except UsageError:  # no such game: the page says so
            pass
    return query


def headings(at: Any) -> list[str]:
    """A page's section headings: Streamlit's headers and subheaders, and the app's level-2
    headings drawn by st.html (tableapp/look/a11y.py › heading)."""
    drawn = [html.unescape(re.sub(r"<[^>]+>", "", e.proto.body)) for e in at.get("html")
             if e.proto.body.startswith("<h2")]
    return [h.value for h in (*at.header, *at.subheader)] + drawn
