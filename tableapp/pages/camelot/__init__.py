"""Camelot at the table, two modes chosen at setup:
- « Suivi des jetons »: each tournament's winner and final colour, dame penalties, who has won;
- « Suivi complet »: every play entered as it happens; every display with its total, who must
  still beat whom, what an action card will do before it is confirmed, an illegal play refused
  with its reason. Rules and wording live in companion/games/camelot (engine, actions, texts);
  the entry forms (the same for a new entry and a correction) in entry.py (a
  tournament's opening and prize), turn.py and choices.py (a turn) and
  tokens.py (the token tracker); each new entry ends with its action bar
  (tapbar.py)."""

from __future__ import annotations

from typing import Any

import streamlit as st

from companion.core.text import counted
from companion.events.store import StoredGame
from companion.games.camelot.cards import catalogue
from companion.games.camelot.engine import CamelotState
from companion.games.camelot.texts import describe_event, tournament_result
from tableapp.device.writing import is_public_view
from tableapp.live import tableclock
from tableapp.look import a11y
from tableapp.look.phone import sticky
from tableapp.look.usertext import plain
from tableapp.pages import tapbar
from tableapp.pages.camelot.entry import (
    CHIP_INK,
    CHIP_STYLE,
    card_chip,
    colour_chip,
    prize_form,
    start_form,
    tokens_chips,
)
from tableapp.pages.camelot.tokens import penalty_form, tournament_form
from tableapp.pages.camelot.turn import lancelot_form, play_form, turn_end_form, turn_entry
from tableapp.table.aftergame import after_game
from tableapp.table.gamepage import current_game, live_view, toolbar
from tableapp.table.history import EntryForm, correction

# The entry forms by event type: the same code enters an event and corrects it. The deal and
# reshuffle of a simulation have no form (they can only be withdrawn).
FORMS: dict[str, EntryForm] = {"start": start_form, "cannot_start": start_form,
                               "prize": prize_form, "play": play_form,
                               "end": turn_end_form, "withdraw": turn_end_form,
                               "lancelot": lancelot_form, "tournament": tournament_form,
                               "dame_penalty": penalty_form}


GAME = "camelot"

# Camelot's action bars on a phone (tableapp/look/phone.py gathers every game's; the bars are
# tableapp/pages/tapbar.py's, keyed `<form key>_bar`)
_BARS = '[class*="st-key-cam_new_"][class*="_bar"]'
PHONE_STICKY = sticky(_BARS)
PHONE_CSS = tapbar.phone_css(_BARS)
SECTION = "Camelot"
MODES = {"table": "Suivi complet (chaque carte jouée)", "jetons": "Jetons seulement"}


def setup_form(players: list[str]) -> dict[str, Any] | None:
    mode = st.segmented_control("Mode", list(MODES), format_func=MODES.get, default="table",
                                required=True, key="cam_setup_mode")
    # a button's label is markdown: names are escaped, the seat kept as the value
    first = st.segmented_control("Qui débute le premier tournoi (à gauche du donneur) ?",
                                 range(len(players)), default=0, required=True,
                                 format_func=lambda i: plain(players[i]),
                                 key="cam_setup_first")
    return {"mode": mode or "table", "first_player": int(first or 0)}


def play() -> None:
    st.title("Camelot")
    st.html(CHIP_STYLE)  # the yellow dot drawn yellow (entry.CHIP_STYLE)
    live_view(current_game(GAME, setup_form), _game)


def colour_dots(markdown: str) -> str:
    """A history line once escaped, each « ● <colour> » of texts.colour_label with its dot in
    the colour (the chips of the entry forms). The only markup added is the colour of a dot
    before one of the catalogue's five colour names; the name still says the colour."""
    for colour, ink in CHIP_INK.items():
        name = plain(catalogue().colour_names[colour])
        markdown = markdown.replace(f"● {name}", f":{ink}[●] {name}")
    return markdown


def _game(stored: StoredGame) -> None:
    """The game view, one fragment (gamepage.live_view): a tap in the form reruns it alone,
    and so does the write that follows."""
    state = stored.state
    assert isinstance(state, CamelotState)

    def describe(event: dict[str, Any]) -> str:
        return describe_event(event, state.names)

    if state.phase == "over":
        st.success(plain(f"{state.names[state.winner or 0]} a gagné la partie !"),
                   icon=":material/trophy:")
    if is_public_view():  # the table's scoreboard: whose turn first (issue 25)
        tableclock.banner(GAME, state.summary(), list(state.names))
    # the current turn's entry first (a correction, when the host tapped a past entry)
    if not is_public_view() and not correction(stored, describe, FORMS, colour_dots) \
            and state.phase != "over":
        with st.container(border=True):
            _new_entry(stored)
    _tokens(state)
    if state.mode != "jetons" and state.phase != "over":
        _displays(state)
    after_game(stored)
    toolbar(stored, describe, colour_dots)


def _new_entry(stored: StoredGame) -> None:
    """The host's entry for the moment of the game; each is written at its button's tap, and
    a tap that writes nothing says why in the entry's action bar (tapbar.py)."""
    state = stored.state
    assert isinstance(state, CamelotState)
    key = f"cam_new_{stored.code}_{stored.seq}"
    _last_result(state)
    if state.mode == "jetons":
        a11y.heading("Tournoi gagné")
        tournament_form(stored, None, f"{key}_t")
        with st.expander("Abandon avec une dame : rendre un jeton"):
            penalty_form(stored, None, f"{key}_d")
    elif state.phase == "start":
        start_form(stored, None, key)
    elif state.phase == "prize":
        prize_form(stored, None, key)
    elif state.phase == "turn":
        turn_entry(stored, key)


# --- what everyone sees ------------------------------------------------------------------------


def _tokens(state: CamelotState) -> None:
    """Goal and every player's tokens, in seat order, in one element."""
    lines = [f"Objectif : {state.goal} jetons de couleurs différentes."]
    lines += [f"- **{plain(name)}** : {counted(len(state.tokens[p]), 'jeton')} · "
              f"{tokens_chips(state.tokens[p])}" for p, name in enumerate(state.names)]
    st.markdown("\n".join(lines))
    won = [h for h in state.history if "winner" in h]
    if won:
        with st.expander(f"Tournois joués ({len(won)})"):
            # markdown, each colour with its dot in the colour (a plain text's dot was not)
            st.markdown("\n".join(colour_dots(f"{i}. {plain(tournament_result(h, state.names))}")
                                   for i, h in enumerate(won, 1)))


def _displays(state: CamelotState) -> None:
    """The tournament: each player's display and total, in seat order, in one element."""
    title = (f"Tournoi {colour_chip(state.colour)}" if state.colour else "Nouveau tournoi")
    lines = [f"**{title}** · talon : {counted(state.pile_size(), 'carte')} · défausse : "
             f"{len(state.discard)}"]
    for p, name in enumerate(state.names):
        marks = []
        if p == state.current and state.phase in ("start", "turn"):
            marks.append("▶ à son tour")
        if state.bouclier == p:
            marks.append("Bouclier")
        if state.assomme == p:
            marks.append("Assommé")
        if not state.active[p]:
            marks.append("abandon")
        total = str(state.total(p)) if state.active[p] else "—"
        cards = " → ".join(card_chip(c) for c in state.displays[p]) or "personnage vide"
        line = (f"- **{plain(name)} : {total}** · "
                + plain(" · ".join(marks + [f"{counted(state.hand_count(p), 'carte')} en main"]))
                + f" · {cards}")
        if state.phase == "turn" and state.active[p] and state.colour:
            need = state.needs(p)
            if need:
                line += (f"  \n  pour rester : au moins {counted(need, 'point')} de plus à "
                         "son tour, sinon abandon")
        lines.append(line)
    with st.container(border=True):
        st.markdown("\n".join(lines))


def _last_result(state: CamelotState) -> None:
    """Between two tournaments, say who won the last one and which token it brought."""
    if state.history and "winner" in state.history[-1] \
            and (state.phase == "start" or state.mode == "jetons"):
        st.success(colour_dots(plain(
            f"Tournoi terminé : {tournament_result(state.history[-1], state.names)}.")))


def pages() -> list[st.Page]:
    """This module's pages, built for the current script run (see tableapp/look/navigation.py)."""
    return [st.Page(play, title="Camelot : tournois", icon=":material/swords:", url_path=GAME)]


def awaited(summary: dict[str, Any]) -> tuple[str | None, str]:
    """Whose turn and what the table waits for (tableapp.live.tableclock's banner)."""
    phase = summary["phase"]
    if summary.get("mode") == "jetons":
        text = "le prochain tournoi (la tablette note les jetons)"
    elif phase == "start":
        text = "ouvrir un tournoi (annoncer sa couleur)"
    elif phase == "prize":
        text = "prendre son jeton de tournoi"
    else:
        text = "jouer une carte, rester ou abandonner"
    return summary.get("current_name"), text
