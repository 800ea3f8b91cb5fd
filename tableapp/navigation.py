"""Builds the app's navigation: the shared pages, then each game's pages where they exist."""

from __future__ import annotations

import importlib

import streamlit as st

from companion.catalog import GAMES

SHARED = ["tableapp.pages.home"]
TRAILING = ["tableapp.pages.printing"]


def _modules() -> list[str]:
    return SHARED + [f"tableapp.pages.{game}" for game in GAMES] + TRAILING


def sections() -> dict[str, list[st.Page]]:
    """Pages grouped by section title, in a stable order, for st.navigation."""
    out: dict[str, list[st.Page]] = {}
    for name in _modules():
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as exc:
            if exc.name != name:
                raise
            continue
        out.setdefault(module.SECTION, []).extend(module.PAGES)
    return out
