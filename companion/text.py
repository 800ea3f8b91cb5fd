"""Small text helpers shared by the domain (ids, French numbers)."""

from __future__ import annotations

import unicodedata


def slug(text: str) -> str:
    """A stable ASCII id: « Archange Noé » -> archange-noe."""
    ascii_text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    return "-".join("".join(ch if ch.isalnum() else " " for ch in ascii_text.lower()).split())
