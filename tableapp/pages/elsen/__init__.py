"""ELSEN at the table: the game master's narrator. One big « Suivant » walks through the script
of each phase (spoken by the browser), the facts of the night are entered as they happen, the
secrets hide behind a tap, and a public view (QR code) shows only what everyone may know.
Rules, resolution and script live in companion/games/elsen; this page only wires them. The
narrator and its place are narrator.py, the host's setup and settings choices.py,
the entry forms forms.py, the bar of the turn's action (and of a refused tap's reason)
bar.py, the public screen's parts table.py."""

from __future__ import annotations

import time
from functools import partial
from typing import Any

import streamlit as st

from companion.core.registry import game_info
from companion.core.text import number
from companion.events.store import StoredGame
from companion.games.elsen.engine import ElsenState
from companion.games.elsen.texts import describe
from tableapp.device import session
from tableapp.device.writing import is_host, is_public_view
from tableapp.live import tableclock
from tableapp.look.phone import PHONE_MAX
from tableapp.look.usertext import plain
from tableapp.pages.elsen.choices import settings_form, setup_form
from tableapp.pages.elsen.forms import FORMS
from tableapp.pages.elsen.narrator import narrator, narrator_step, public_phase
from tableapp.pages.elsen.table import (
    public_clock,
    public_view,
    seat_from_link,
    seat_links,
    seat_role,
)
from tableapp.table.aftergame import after_game
from tableapp.table.gamepage import current_game, live_view, toolbar
from tableapp.table.history import correction

GAME = "elsen"
SECTION = game_info(GAME).title

# ELSEN's turn on a phone (tableapp/look/phone.py gathers every game's): the wrapper of its bar
# stays at the bottom of the screen, « Retour » and the timer's buttons side by side
PHONE_STICKY = ['[data-testid="stLayoutWrapper"]:has(> .st-key-elsen_bar)']
PHONE_ROWS = [".st-key-elsen_back", ".st-key-elsen_timer_go"]
PHONE_CSS = f"""
.st-key-elsen_next button:disabled {{ min-height: 48px; }}
.st-key-elsen_next button:disabled p {{ font-size: 1rem; font-weight: 400; }}
@media (max-width: {PHONE_MAX}px) {{
  [data-testid="stHorizontalBlock"] > [data-testid="stColumn"]:has(.st-key-elsen_back,
      .st-key-elsen_timer_reset) {{ flex: 0 0 auto !important; width: auto !important; }}
}}
"""
SECRET_SECONDS = 15

# --- secrets and public facts -----------------------------------------------------------------


def secret_view(state: ElsenState) -> None:
    """Roles, lives, protection and past missions, behind a tap; hidden again by itself. Only
    the open view ticks (each second, its fragment alone): a closed one costs no rerun."""
    if not is_host():
        return
    if time.time() < float(st.session_state.get("elsen_secret_until", 0)):
        _secrets_open(state)
    else:
        _secrets_closed()


@st.fragment
def _secrets_closed() -> None:
    if st.button(f"Voir les secrets ({SECRET_SECONDS} s)", key="elsen_secret_show",
                 icon=":material/lock:", width="stretch"):
        st.session_state["elsen_secret_until"] = time.time() + SECRET_SECONDS
        st.rerun(scope="app")  # the open view is its own ticking fragment


@st.fragment(run_every=1)
def _secrets_open(state: ElsenState) -> None:
    """Rights are asked again at each tick: a revoked host link stops showing them at once."""
    left = float(st.session_state.get("elsen_secret_until", 0)) - time.time()
    if not is_host() or left <= 0 or st.button(
            f"Masquer (se masque seul dans {int(left) + 1} s)", key="elsen_secret_hide",
            icon=":material/visibility_off:", width="stretch"):
        st.session_state["elsen_secret_until"] = 0
        st.rerun(scope="app")
    data = state.data
    # st.table renders its cells as Markdown: names go through plain() (no link, no image)
    st.table({"joueur": [plain(p) for p in state.players],
              "rôle": [data.role(state.roles[p]).name if p in state.roles else "?"
                       for p in state.players],
              "état": ["exclusion (vote)" if p in state.excluded else
                       "en vie" if state.alive[p] else "carte Mort" for p in state.players]})
    if state.nights:
        night = state.nights[-1]
        st.text(f"Protection (tour {night['turn']}) : {night.get('protected') or 'personne'}")
    for m in reversed(state.missions):
        cards = ", ".join(data.action_card(c.removeprefix("action-")).name for c in m["cards"])
        st.text(f"Tour {m['turn']} · {', '.join(m['team'])} · {cards} · +{number(m['added'])}")


PUBLIC_TITLE, HOST_TITLE = "ELSEN — à bord", "ELSEN — meneur de jeu"


def render() -> None:
    heading = st.empty()  # a title above a new game's form too
    heading.title(PUBLIC_TITLE if session.is_public_view() else HOST_TITLE)
    stored = current_game(GAME, setup_form)
    if is_public_view():
        heading.title(PUBLIC_TITLE)
    live_view(stored, _game)


def _game(stored: StoredGame) -> None:
    """The game's view, one fragment (gamepage.live_view): a tap in it reruns it alone, with
    the game read again."""
    state = stored.state
    assert isinstance(state, ElsenState)
    if is_public_view():
        seat = seat_from_link(stored.code, state.players)
        tableclock.banner(GAME, state.summary(), state.players, secret_seat=seat)
        public_clock(partial(public_phase, stored.code, narrator_step(stored), state))
        if seat is not None:
            seat_role(state, seat)
        public_view(state)
        after_game(stored)
        toolbar(stored, describe)
        return
    # a past entry tapped in the history: its form, prefilled, instead of the narrator's entry
    if not correction(stored, describe, FORMS):
        narrator(stored)
    # below the narrator: its line, the step's entry and « Valider » fit in the first screen
    st.caption(f"Tour {state.turn}/{state.data.turns} · mission {state.missions_won + 1} : "
               f"{number(state.progress / 2)}/{state.needed} · missions réussies "
               f"{state.missions_won}/{state.data.missions_to_win}")
    if state.roles:
        secret_view(state)
    if st.toggle("Rôles sur les téléphones des joueurs", key="elsen_seats"):
        with st.container(border=True):
            seat_links(stored.code, state.players)
    # drawn only when asked for: a collapsed expander would still build and send it each run
    if st.toggle("Réglages du meneur", key="elsen_settings"):
        with st.container(border=True):
            settings_form(stored)
    after_game(stored)
    toolbar(stored, describe)


def pages() -> list[st.Page]:
    """This module's pages, built for the current script run (see tableapp/look/navigation.py)."""
    return [st.Page(render, title="Meneur ELSEN", icon=":material/record_voice_over:",
                     url_path=GAME)]


def print_controls() -> dict[str, Any]:
    """The print page's choices for ELSEN (tableapp.pages.printing): the table's size."""
    return {"players": int(st.number_input("ELSEN : nombre de joueurs", 5, 15, 15,
                                           key="print_players"))}


def awaited(summary: dict[str, Any]) -> tuple[str | None, str]:
    """Whose turn and what the table waits for (tableapp.live.tableclock's banner)."""
    step = summary.get("next")
    if step == "mission":
        return summary["first_player"], "choisir l'équipe de la mission"
    words = {"deal": "la distribution des rôles", "recognition": "la première nuit",
             "vote": "le débat et le vote", "dawn": "le réveil"}
    return None, words.get(step or "", "la nuit : yeux fermés")
