"""Home page: the five games, their components and counts, read from the data."""

from __future__ import annotations

import streamlit as st

from companion.catalog import GAMES
from companion.loader import load_game
from companion.model import KINDS

SECTION = "Compagnon de table"

KIND_LABELS = {"card": "cartes", "token": "jetons", "die": "dé", "pawn": "pions",
               "board": "plateaux", "sheet": "fiches"}


def render() -> None:
    st.title("Compagnon de table")
    st.caption("Kit d'impression et assistant de table pour cinq jeux de cartes.")
    for game, info in GAMES.items():
        data = load_game(game)
        components = data.components()
        with st.container(border=True):
            st.subheader(info.title)
            counts = []
            for kind in KINDS:
                n = sum(c.copies for c in components if c.kind == kind)
                if n:
                    counts.append(f"{n} {KIND_LABELS[kind]}")
            st.write(f"{data.players.min} à {data.players.max} joueurs · " + " · ".join(counts))
            groups: dict[str, int] = {}
            for c in components:
                groups[c.group] = groups.get(c.group, 0) + c.copies
            st.table({"groupe": list(groups), "exemplaires": list(groups.values())})


PAGES = [st.Page(render, title="Accueil", icon="🏠", url_path="accueil", default=True)]
