"""What every browser test does to reach a page of the real app."""

from __future__ import annotations

from typing import Any


def open_page(pg: Any, url: str, text: str, timeout: int = 30_000) -> None:
    """Go to `url`, wait for `text`, and fail if Streamlit says the page does not exist: deep
    links (QR codes, game codes) must land on their page even on a freshly started server."""
    pg.goto(url, timeout=timeout)
    pg.get_by_text(text, exact=False).first.wait_for(timeout=timeout)
    assert pg.get_by_text("Page not found").count() == 0, f"« Page not found » sur {url}"
