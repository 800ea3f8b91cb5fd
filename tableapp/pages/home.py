"""Home page: the five games, their components and counts, read from the data."""

from __future__ import annotations

import streamlit as st

from companion.core.loader import load_game
from companion.core.model import KINDS, count_label, group_label
from companion.core.registry import GAMES, game_info
from print_kit.draw.artdraw import group_pictures
from tableapp.device import session
from tableapp.look import a11y
from tableapp.look.navigation import game_pages
from tableapp.look.usertext import plain
from tableapp.table.opening import resume_form

SECTION = "Compagnon de table"


def start_section() -> None:
    """Choose a game, then its own page asks for the players and its setup."""
    st.header("Nouvelle partie")
    pages = game_pages()
    if not pages:
        st.info("L'assistant de table n'a encore de page pour aucun jeu.")
        return
    # One button per game, one tap: on a phone a list is quicker than a menu to open, and a
    # first visit then loads no select box at all (its code is fetched by the browser only
    # when one is drawn; benchmarks/phone_pages.py, cold load of this page).
    for game, page in pages.items():
        if st.button(game_info(game).title, key=f"home_start_{game}", width="stretch",
                     icon=":material/play_arrow:"):
            session.forget_code(game)  # a new game, not the one last opened in this session
            st.switch_page(page)
    missing = [info.title for g, info in GAMES.items() if g not in pages]
    if missing:
        st.caption("Pas encore d'assistant pour : " + ", ".join(missing) + ".")


def resume_section() -> None:
    resume_form(None, ("home_resume_choice", "home_resume", "home_code", "home_open"),
                "Aucune partie enregistrée sur cet appareil.")


def render() -> None:
    st.title("Compagnon de table")
    st.caption("Kit d'impression et assistant de table pour cinq jeux de cartes.")
    start, resume = st.columns(2)
    with start:
        start_section()
    with resume:
        resume_section()
    st.header("Les jeux")
    for game, info in GAMES.items():
        data = load_game(game)
        components = data.components()
        with st.container(border=True):
            st.subheader(info.title)
            pictures = group_pictures(game)  # the printed cards' pictures (print_kit.draw.artdraw)
            if pictures:
                a11y.pictures([(png, group_label(group)) for group, png in pictures[:6]],
                              width=40)
            counts = []
            for kind in KINDS:
                n = sum(c.copies for c in components if c.kind == kind)
                if n:
                    counts.append(count_label(kind, n))
            st.write(f"{data.players.min} à {data.players.max} joueurs · " + " · ".join(counts))
            groups: dict[str, int] = {}
            for c in components:
                groups[c.group] = groups.get(c.group, 0) + c.copies
            # a Markdown table, not st.table: a first visit then loads none of the Arrow
            # table's scripts (benchmarks/phone_pages.py, cold load of this page)
            rows = "".join(f"| {plain(group_label(g))} | {n} |\n" for g, n in groups.items())
            st.markdown("| groupe | exemplaires |\n|:--|--:|\n" + rows)


def pages() -> list[st.Page]:
    """This module's pages, built for the current script run (see tableapp/look/navigation.py)."""
    return [st.Page(render, title="Accueil", icon=":material/home:", url_path="accueil",
                    default=True)]
