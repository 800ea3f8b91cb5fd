"""What every browser test does to reach a page of the real app."""

from __future__ import annotations

import re
from typing import Any


def open_page(pg: Any, url: str, text: str, timeout: int = 30_000) -> None:
    """Go to `url`, wait for `text`, and fail if Streamlit says the page does not exist: deep
    links (QR codes, game codes) must land on their page even on a freshly started server."""
    pg.goto(url, timeout=timeout)
    pg.get_by_text(text, exact=False).first.wait_for(timeout=timeout)
    assert pg.get_by_text("Page not found").count() == 0, f"« Page not found » sur {url}"


def start_game(pg: Any, base: str, game: str, names: list[str], timeout: int = 30_000) -> str:
    """Open the game's page, seat `names` in order, press « Commencer la partie »; returns the
    new game's code once it is in the URL."""
    open_page(pg, f"{base}/{game}", "Nouvelle partie", timeout)
    count = pg.locator('[data-testid="stButtonGroup"]').first
    count.get_by_text(str(len(names)), exact=True).click()
    pg.get_by_label(f"Place {len(names)}", exact=True).wait_for(timeout=timeout)
    for seat, name in enumerate(names, start=1):
        field = pg.get_by_label(f"Place {seat}", exact=True)
        field.fill(name)
        field.press("Enter")
    pg.wait_for_function("() => [...document.querySelectorAll('button')].some("
                         "b => b.innerText.includes('Commencer la partie') && !b.disabled)",
                         timeout=timeout)
    pg.get_by_role("button", name="Commencer la partie").click()
    pg.wait_for_url(re.compile(r"code="), timeout=timeout)
    return re.search(r"code=([A-Z0-9]+)", pg.url).group(1)  # type: ignore[union-attr]
