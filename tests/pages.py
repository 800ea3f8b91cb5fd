"""What the page tests (AppTest) share: the page run as the host, the store the page writes
to, and the words a page shows."""

from __future__ import annotations

import html
import re
from typing import Any

from hosting import as_host
from streamlit.testing.v1 import AppTest

from companion.events.store import EventStore
from tableapp.device import session

# the elements whose words a page test reads by default
SHOWN = ("markdown", "text", "caption", "success", "error", "info", "warning")


def page_app(module: str, function: str, **query: str) -> AppTest:
    """`tableapp.pages.<module>.<function>()` run headlessly, the query (game code, role…)
    as the host's."""
    def script(module: str, function: str) -> None:
        import importlib

        getattr(importlib.import_module(f"tableapp.pages.{module}"), function)()

    at = AppTest.from_function(script, args=(module, function), default_timeout=30)
    at.query_params.update(as_host(query))
    return at


def store() -> EventStore:
    """The store the page writes to (the session's default place)."""
    return session.EventStore(session.default_path())


def texts(at: AppTest, *more: str, unescaped: bool = False) -> str:
    """The words of the `SHOWN` elements and of `more` (« title », « header »…), one per line;
    `unescaped`: Markdown escapes (« ce tour\\-ci ») removed, the words as the user reads them."""
    parts: list[Any] = [p for kind in (*SHOWN, *more) for p in getattr(at, kind)]
    joined = "\n".join(str(p.value) for p in parts)
    return joined.replace("\\", "") if unescaped else joined


def score_cards(at: AppTest) -> dict[str, str]:
    """A public view's score cards (tableapp/live/scorecards.py, one st.html block): label -> value,
    read back from their markup as a browser would (entities decoded)."""
    found: dict[str, str] = {}
    for block in at.get("html"):
        labels = re.findall(r'class="cdt-card-label">(.*?)</span>', block.proto.body)
        values = re.findall(r'class="cdt-card-value">(.*?)</span>', block.proto.body)
        found.update(zip(map(html.unescape, labels), map(html.unescape, values), strict=True))
    return found
