"""Camelot's light token tracker (mode « jetons »): the entry forms (`EntryForm`) of a
tournament won and of a dame's penalty, the same for a new entry and a correction; a new entry
is written at its button's tap, and a tap that writes nothing says why beside the button
(tableapp/pages/tapbar.py)."""

from __future__ import annotations

from functools import partial
from typing import Any

import streamlit as st

from companion.events.store import StoredGame
from companion.games.camelot.cards import PURPLE, catalogue
from tableapp.pages import tapbar
from tableapp.pages.camelot.entry import colour_chip, seat_pills, start_values, state_of


def tournament_form(view: StoredGame, prefill: dict[str, Any] | None,
                    key: str) -> dict[str, Any] | None:
    """A tournament won: its winner and final colour, the token chosen after a purple one
    (EntryForm for « tournament »)."""
    state = state_of(view)
    cat = catalogue()
    if state.previous_colour == PURPLE:
        st.caption("Le tournoi précédent était violet : celui-ci ne peut pas l'être.")
    start_values(key, prefill, {f"{key}_winner": (prefill or {}).get("winner"),
                                 f"{key}_colour": (prefill or {}).get("colour"),
                                 f"{key}_token": (prefill or {}).get("token")})
    seat_pills("Vainqueur", state, list(range(state.n)), f"{key}_winner", on_change="ignore")
    # the colour reruns the form: a purple tournament asks which token the winner takes
    colour = st.pills("Couleur finale du tournoi", cat.colours, format_func=colour_chip,
                      key=f"{key}_colour")
    if colour == PURPLE:
        st.pills("Jeton choisi (tournoi violet : au choix)", cat.colours,
                 format_func=colour_chip, key=f"{key}_token", on_change="ignore")
    return tapbar.confirm(view, key, "Enregistrer le tournoi", partial(_tournament_at_tap, key),
                          new=prefill is None, type="primary")


def _tournament_at_tap(key: str) -> dict[str, Any] | None:
    winner = st.session_state.get(f"{key}_winner")
    colour = st.session_state.get(f"{key}_colour")
    token = st.session_state.get(f"{key}_token") if colour == PURPLE else None
    if winner is None or colour is None or (colour == PURPLE and token is None):
        tapbar.refuse(key, "Choisissez le vainqueur et la couleur"
                      + (" et le jeton choisi." if colour == PURPLE else "."))
        return None
    return {"type": "tournament", "winner": winner, "colour": colour,
            **({"token": token} if token else {})}


def penalty_form(view: StoredGame, prefill: dict[str, Any] | None,
                 key: str) -> dict[str, Any] | None:
    """A player withdrew with a dame and gives back a token of his choice (EntryForm for
    « dame_penalty »)."""
    state = state_of(view)
    start_values(key, prefill, {f"{key}_player": (prefill or {}).get("player"),
                                 f"{key}_token": (prefill or {}).get("token")})
    # the player reruns the form: the tokens offered are his
    who = seat_pills("Joueur", state, list(range(state.n)), f"{key}_player")
    if who is None:
        return None
    owned = sorted(state.tokens[who])
    if not owned:
        st.caption("Ce joueur n'a aucun jeton : il ne perd rien.")
        return None
    st.pills("Jeton rendu (au choix du joueur)", owned, format_func=colour_chip,
             key=f"{key}_token", on_change="ignore")
    if prefill is not None:
        tapbar.refusal(key)  # right above its button
    return tapbar.confirm(view, key, "Rendre ce jeton", partial(_penalty_at_tap, who, key),
                          new=prefill is None, in_bar=False)


def _penalty_at_tap(who: int, key: str) -> dict[str, Any] | None:
    token = tapbar.picked(key, "token", "Choisissez le jeton rendu.")
    return None if token is None else {"type": "dame_penalty", "player": who, "token": token}
