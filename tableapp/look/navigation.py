"""Builds the app's navigation: the shared pages, then each game's pages where they exist.

Every page module exposes `SECTION` and `pages() -> list[st.Page]`. The st.Page objects are
built anew inside each script run, never at module level: a module-level page is one object
shared by every session, and two devices opening a page at the same moment then race on it
(« This page cannot be called directly »)."""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import Any

import streamlit as st

from companion.core import registry
from companion.core.registry import PLAYABLE as GAMES

SHARED = ["tableapp.pages.home", "tableapp.pages.nights"]
TRAILING = ["tableapp.pages.printing", "tableapp.pages.lab", "tableapp.pages.about"]


def _modules() -> list[str]:
    return SHARED + [str(info.page) for info in GAMES.values() if info.page] + TRAILING


def _import(name: str) -> ModuleType | None:
    """The page module, or None while nobody has written it yet."""
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name != name:
            raise
        return None


def _pages(module: ModuleType | None) -> list[st.Page]:
    return list(module.pages()) if module is not None else []


def page_hook(game: str, name: str) -> Any:
    """A function a game's page offers to shared pages (`print_controls`, `forget_game`), or
    None. By name through the registry: a shared page never imports a game's page."""
    if game not in GAMES or registry.module_name(game, "page") is None:
        return None
    return getattr(registry.module(game, "page"), name, None)


def sections() -> dict[str, list[st.Page]]:
    """Pages grouped by section title, in a stable order, for st.navigation (fresh objects:
    call it inside the script run that uses them)."""
    out: dict[str, list[st.Page]] = {}
    for name in _modules():
        module = _import(name)
        if module is not None:
            out.setdefault(module.SECTION, []).extend(_pages(module))
    return out


def game_pages() -> dict[str, st.Page]:
    """Each game's main page (the one whose url_path is the game id), where it exists."""
    out: dict[str, st.Page] = {}
    for game, info in GAMES.items():
        for page in _pages(_import(info.page) if info.page else None):
            if page.url_path == game:
                out[game] = page
    return out


def home_page() -> st.Page:
    """The home page (the first shared page, the app's default)."""
    return _pages(_import(SHARED[0]))[0]
