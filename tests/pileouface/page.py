"""The page of « Pile ou face » (step 5): the table's scores from the game's log."""

from __future__ import annotations

import streamlit as st

from companion.core.engine import replay
from companion.core.registry import game_info
from tableapp.look.usertext import plain


def play(players: list[str] | None = None, events: list[dict[str, str]] | None = None) -> None:
    info = game_info("pileouface")
    st.title(info.title)
    low, high = info.players
    st.caption(f"De {low} à {high} joueurs.")
    state = replay("pileouface", {"players": players or ["Anouk", "Basile"]}, events or [])
    for name, score in state.summary()["scores"].items():
        st.markdown(f"**{plain(name)}** : {score}")  # a name is never markup


def pages() -> list[st.Page]:
    return [st.Page(play, title="Pile ou face", url_path="pileouface")]
