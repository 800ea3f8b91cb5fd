"""Camelot: the colour chips, and the entry forms (`EntryForm`, tableapp/table/history.py) before a
turn: opening a tournament and a purple tournament's prize, the same code for a new entry and
for the correction of a past one, prefilled from it. A turn's forms are in turn.py.

Choices are buttons; a new entry is written by its button's tap, and a tap that writes nothing
says why in the entry's action bar, where the thumb is (tableapp/pages/tapbar.py)."""

from __future__ import annotations

from functools import partial
from typing import Any

import streamlit as st

from companion.core.text import counted
from companion.events.store import StoredGame
from companion.games.camelot.cards import ACTION, PURPLE, catalogue
from companion.games.camelot.engine import CamelotState
from companion.games.camelot.texts import card_label
from tableapp.look.usertext import plain
from tableapp.pages import tapbar

# A colour is shown as a chip in the colour itself beside its name (the name says it to a
# screen reader and to a colour-blind player): Streamlit's markdown colours, one per colour.
CHIP_INK = {"violet": "violet", "rouge": "red", "bleu": "blue", "jaune": "yellow",
            "vert": "green"}
# Streamlit's light theme draws :yellow[] in a dark ochre (#956B0F, rgb 149 107 15) so that
# yellow *text* keeps its contrast: a dot in it looked brown (issue 36). A dot is no text (its
# name beside it says the colour): drawn in yellow, with a dark rim that keeps it visible on
# white. The dark theme's yellow (#FBD54F) is yellow already.
CHIP_STYLE = """<style>
.stMarkdownColoredText[style*="149, 107, 15"] { color: #f5c400 !important;
  -webkit-text-stroke: 1px #5c4700; }
</style>"""


def colour_chip(colour: str | None) -> str:
    """Markdown: « ● Rouge » with the dot in red (Camelot's colours are named in its data)."""
    if colour is None:
        return "—"
    return f":{CHIP_INK.get(colour, 'gray')}[●] {plain(catalogue().colour_names[colour])}"


def card_chip(card: str) -> str:
    """Markdown: a colour card with its colour's chip; a supporter or action card as its
    label (its own mark)."""
    info = catalogue().cards[card]
    if info.colour in CHIP_INK:
        return f":{CHIP_INK[info.colour]}[●] {plain(info.name)}"
    return plain(card_label(card))


def tokens_chips(tokens: list[str] | set[str]) -> str:
    return ", ".join(colour_chip(c) for c in sorted(tokens)) or "aucun jeton"


def state_of(view: StoredGame) -> CamelotState:
    state = view.state
    assert isinstance(state, CamelotState)
    return state


def start_values(key: str, prefill: dict[str, Any] | None, values: dict[str, Any]) -> None:
    """A correction's widgets start from the event corrected, once (set through
    st.session_state, the one way the browser's widgets are told to change too)."""
    if prefill is None:
        return
    marker = repr(sorted(prefill.items()))
    if st.session_state.get(f"{key}_marker") == marker:
        return
    st.session_state[f"{key}_marker"] = marker
    st.session_state.update({k: v for k, v in values.items() if v is not None})


def _names(state: CamelotState, seats: list[int]) -> dict[int, str]:
    return {q: plain(state.names[q]) for q in seats}


def seat_pills(label: str, state: CamelotState, seats: list[int], key: str,
                **options: Any) -> int | None:
    names = _names(state, seats)
    return st.pills(label, seats, format_func=names.__getitem__, key=key, **options)


# --- starting a tournament --------------------------------------------------------------------


def _hand_options(state: CamelotState) -> dict[str, str]:
    """What a starter who cannot start may show: action cards, and purple cards after a purple
    tournament (any other card could start it: registre CAM-1), one option per copy."""
    cat = catalogue()
    options = {}
    for card, info in cat.cards.items():
        if info.kind == ACTION or (info.colour == PURPLE and not state.colour_allowed(PURPLE)):
            for k in range(cat.copies[card]):
                options[f"{card}#{k}"] = card_chip(card) + (f" ({k + 1}e)" if k else "")
    return options


def start_form(view: StoredGame, prefill: dict[str, Any] | None,
               key: str) -> dict[str, Any] | None:
    """The starter announces the colour before drawing (registre CAM-1), or cannot start and
    shows the hand (EntryForm for « start » and « cannot_start »). A new entry is written at
    the tap on « Annoncer » or « Main montrée » (tapbar.tap)."""
    state = state_of(view)
    p = state.current
    who = state.names[p]
    allowed = [c for c in catalogue().colours if state.colour_allowed(c)]
    hand_options = _hand_options(state)
    shown = list((prefill or {}).get("hand") or [])
    picked = [f"{card}#{shown[:i].count(card)}" for i, card in enumerate(shown)]
    start_values(key, prefill, {
        f"{key}_colour": (prefill or {}).get("colour"),
        f"{key}_hand": [o for o in picked if o in hand_options] or None,
        f"{key}_cannot": (prefill or {}).get("type") == "cannot_start" or None})
    st.info(plain(f"{who} choisit la couleur du tournoi avant de piocher (main de "
                  f"{counted(state.hand_count(p), 'carte')}), puis pioche."))
    if len(allowed) < len(catalogue().colours):
        st.caption("Le tournoi précédent était violet : pas de second tournoi violet.")
    st.pills("Couleur annoncée", allowed, format_func=colour_chip, key=f"{key}_colour",
             on_change="ignore")
    announce = partial(_start_at_tap, p, key)
    event = None
    if prefill is None:
        with tapbar.bar(key):
            tapbar.refusal(key)
            st.button("Annoncer", type="primary", key=f"{key}_go", width="stretch",
                      icon=":material/campaign:", on_click=tapbar.tap,
                      args=(view.code, view.seq, key, announce))
    elif st.button("Annoncer", type="primary", key=f"{key}_go", width="stretch",
                   icon=":material/campaign:"):
        event = announce()
        tapbar.refusal(key)
    if st.toggle("Ne peut pas débuter : montre sa main", key=f"{key}_cannot"):
        hand = st.pills(f"Les {state.hand_count(p)} cartes montrées", list(hand_options),
                        selection_mode="multi", format_func=hand_options.__getitem__,
                        key=f"{key}_hand", on_change="ignore")
        made = partial(_cannot_at_tap, p, f"{key}_hand")
        if prefill is None:  # its refusal (the engine's) right above its own button
            tapbar.refusal(f"{key}_pass")
            st.button("Main montrée : le joueur suivant débute", key=f"{key}_pass",
                      width="stretch", on_click=tapbar.tap,
                      args=(view.code, view.seq, f"{key}_pass", made))
        elif st.button("Main montrée : le joueur suivant débute", key=f"{key}_pass",
                       width="stretch"):
            event = {"type": "cannot_start", "player": p,
                     "hand": [option.split("#")[0] for option in hand or []]}
    return event


def _cannot_at_tap(p: int, widget: str) -> dict[str, Any]:
    """The hand shown (the engine checks it is the whole hand and that none could start)."""
    hand = st.session_state.get(widget) or []
    return {"type": "cannot_start", "player": p,
            "hand": [option.split("#")[0] for option in hand]}


def _start_at_tap(p: int, key: str) -> dict[str, Any] | None:
    colour = tapbar.picked(key, "colour", "Choisissez la couleur du tournoi.")
    return None if colour is None else {"type": "start", "player": p, "colour": colour}


def prize_form(view: StoredGame, prefill: dict[str, Any] | None,
               key: str) -> dict[str, Any] | None:
    """The winner of a purple tournament takes the token of his choice (EntryForm); a new one
    is written at the tap on « Prendre ce jeton »."""
    state = state_of(view)
    who = state.current
    st.success(plain(f"{state.names[who]} gagne le tournoi violet et choisit son jeton."))
    missing = [c for c in catalogue().colours if c not in state.tokens[who]]
    start_values(key, prefill, {f"{key}_colour": (prefill or {}).get("colour")})
    st.pills("Jeton choisi", missing, format_func=colour_chip, key=f"{key}_colour",
             on_change="ignore")
    return tapbar.confirm(view, key, "Prendre ce jeton", partial(_prize_at_tap, who, key),
                          new=prefill is None, type="primary")


def _prize_at_tap(who: int, key: str) -> dict[str, Any] | None:
    colour = tapbar.picked(key, "colour", "Choisissez le jeton.")
    return None if colour is None else {"type": "prize", "player": who, "colour": colour}
