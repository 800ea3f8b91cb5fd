"""Camelot: the targets and choices an action card asks for before its effect is shown
(tableapp/pages/camelot/turn.py), the same for a new play and for the correction of one."""

from __future__ import annotations

from typing import Any

import streamlit as st

from companion.games.camelot.actions import earliest_per_value
from companion.games.camelot.cards import WEAPONS
from companion.games.camelot.effects import shielded_from
from companion.games.camelot.engine import CamelotState
from tableapp.look.usertext import plain
from tableapp.pages.camelot.entry import card_chip, colour_chip, seat_pills, start_values

TARGETED = ("lance-brisee", "riposte", "esquive", "chute", "finesse", "assomme")


# --- an action card's targets -------------------------------------------------------------------


def choices(state: CamelotState, p: int, card: str, key: str,
             prefill: dict[str, Any] | None) -> dict[str, Any] | None:
    """The targets and choices the action card asks for; None while one is missing. These
    buttons rerun the form (the next choice depends on them: a target's display)."""
    given = prefill if prefill is not None and prefill.get("card") == card else {}
    start_values(key, given or None, {f"{key}_{name}": given.get(name)
                                       for name in ("target", "position", "give", "take",
                                                    "colour")})
    out: dict[str, Any] = {}
    complete = True
    names = state.names
    if card in TARGETED:
        # a shielded opponent is never offered to a card the Bouclier stops (registre CAM-7;
        # the Assommé goes through, CAM-9; Finesse may still take the Bouclier itself, CAM-10)
        others = [q for q in range(state.n) if q != p and (state.active[q] or card == "chute")
                  and (card == "finesse" or not shielded_from(state, p, q, card))]
        if others:
            target = seat_pills("Adversaire visé", state, others, f"{key}_target")
            if target is None:
                return None
            out["target"] = target
            if card == "esquive":
                complete &= _position(state.displays[target], "Carte défaussée",
                                      f"{key}_position", out, "position")
            if card == "finesse":
                complete &= _face_up(state, p, "Votre carte donnée", f"{key}_give", out, "give")
                complete &= _face_up(state, target, plain(f"Carte prise à {names[target]}"),
                                     f"{key}_take", out, "take")
    if card == "retraite":
        complete &= _position(state.displays[p], "Carte reprise en main", f"{key}_position",
                              out, "position")
    if card in ("desarconne", "changement-arme"):
        colours = [c for c in WEAPONS if card == "desarconne" or c != state.colour]
        colour = st.pills("Nouvelle couleur", colours, format_func=colour_chip,
                          key=f"{key}_colour")
        complete &= colour is not None
        if colour is not None:
            out["colour"] = colour
    if card == "adaptation":
        out["keep"] = _adaptation_keep(state, p, key, given.get("keep"))
    return out if complete else None


def _position(display: list[str], label: str, key: str, out: dict[str, Any],
              name: str) -> bool:
    if not display:
        return True
    position = st.pills(label, range(len(display)), key=key,
                        format_func=lambda i: f"{i + 1}. {card_chip(display[i])}")
    if position is not None:
        out[name] = position
    return position is not None


def _face_up(state: CamelotState, q: int, label: str, key: str, out: dict[str, Any],
             name: str) -> bool:
    options: list[int | str] = list(range(len(state.displays[q])))
    options += [w for w in ("bouclier", "assomme") if getattr(state, w) == q]
    if not options:
        return True

    def fmt(o: int | str) -> str:
        if isinstance(o, str):
            return "Bouclier" if o == "bouclier" else "Assommé"
        return f"{o + 1}. {card_chip(state.displays[q][o])}"

    chosen = st.pills(label, options, format_func=fmt, key=key)
    if chosen is not None:
        out[name] = chosen
    return chosen is not None


def _adaptation_keep(state: CamelotState, p: int, key: str,
                     given: dict[str, list[int]] | None) -> dict[str, list[int]]:
    """Each player with two cards of one value picks the ones kept (default: the earliest)."""
    keep: dict[str, list[int]] = {}
    for q in range(state.n):
        d = state.displays[q]
        default = earliest_per_value(d)
        if not state.active[q] or len(default) == len(d) or shielded_from(state, p, q):
            continue  # a shielded opponent loses nothing (registre CAM-7): not asked
        widget = f"{key}_keep_{q}"
        if widget not in st.session_state:
            st.session_state[widget] = list((given or {}).get(str(q)) or default)
        chosen = st.pills(plain(f"{state.names[q]} garde (une carte par valeur)"),
                          range(len(d)), selection_mode="multi", key=widget,
                          format_func=lambda i, d=d: f"{i + 1}. {card_chip(d[i])}")
        keep[str(q)] = sorted(chosen)
    return keep
