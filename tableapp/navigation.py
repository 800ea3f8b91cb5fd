"""Builds the app's navigation: the shared pages, then each game's pages where they exist."""

from __future__ import annotations

import importlib
from types import ModuleType

import streamlit as st

from companion.catalog import GAMES

SHARED = ["tableapp.pages.home"]
TRAILING = ["tableapp.pages.printing"]


def _modules() -> list[str]:
    return SHARED + [f"tableapp.pages.{game}" for game in GAMES] + TRAILING


def _import(name: str) -> ModuleType | None:
    """The page module, or None while nobody has written it yet."""
    try:
        module = importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name != name:
            raise
        return None
    if any(not hasattr(page, "_page") for page in getattr(module, "PAGES", [])):
        # st.Page built outside a script run (the module was first imported by a plain test
        # or tool) is an empty shell that st.navigation rejects: build the pages again.
        module = importlib.reload(module)
    return module


def sections() -> dict[str, list[st.Page]]:
    """Pages grouped by section title, in a stable order, for st.navigation."""
    out: dict[str, list[st.Page]] = {}
    for name in _modules():
        module = _import(name)
        if module is not None:
            out.setdefault(module.SECTION, []).extend(module.PAGES)
    return out


def game_pages() -> dict[str, st.Page]:
    """Each game's main page (the one whose url_path is the game id), where it exists."""
    out: dict[str, st.Page] = {}
    for game in GAMES:
        module = _import(f"tableapp.pages.{game}")
        for page in getattr(module, "PAGES", []):
            if page.url_path == game:
                out[game] = page
    return out


def home_page() -> st.Page:
    """The home page (the first shared page, the app's default)."""
    return importlib.import_module(SHARED[0]).PAGES[0]  # type: ignore[no-any-return]
