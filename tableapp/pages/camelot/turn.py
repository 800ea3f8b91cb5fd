"""Camelot: a turn's entry forms (`EntryForm`, tableapp/table/history.py), the same code for a new
entry and for the correction of a past one, prefilled from it: a card played, the end of a
turn (stay or withdraw), Lancelot. The targets of an action card are in choices.py.

A new turn's entry (`turn_entry`) ends with its action bar (tableapp/pages/tapbar.py): what
« Jouer cette carte » will write (the card, or an action card's effect on the targets chosen),
the button, « Rester » and « Abandonner », and why the last tap wrote nothing. A pick reruns the
form, so the effect and the bar always say what the next tap writes; the tap itself writes from
the buttons' values, and an action card only as it was shown (issue 36: an action previewed,
then a colour card picked, and the tap wrote nothing)."""

from __future__ import annotations

from functools import partial
from typing import Any

import streamlit as st

from companion.core.errors import RuleError
from companion.core.text import de, rule_words
from companion.events.store import StoredGame
from companion.games.camelot.cards import ACTION, DAME, catalogue
from companion.games.camelot.engine import CamelotState
from tableapp.look.usertext import plain
from tableapp.pages import tapbar
from tableapp.pages.camelot.choices import choices
from tableapp.pages.camelot.entry import (
    card_chip,
    colour_chip,
    seat_pills,
    start_values,
    state_of,
)

NO_CARD = "Choisissez la carte jouée."


def playable_cards(state: CamelotState) -> list[str]:
    """Cards offered: the tournament's colour, supporters, actions (not Lancelot, which has its
    own form). The engine still judges each play."""
    cat = catalogue()
    ids = [c for c, info in cat.cards.items() if info.colour == state.colour]
    ids += [c for c, info in cat.cards.items() if info.kind == "soutien"]
    ids += [c for c, info in cat.cards.items() if info.kind == ACTION and c != "lancelot"]
    return ids


def _is_action(card: str) -> bool:
    return catalogue().cards[card].kind == ACTION


def _picks(key: str, card: str) -> dict[str, Any]:
    """The values of an action card's target buttons now (their keys start with the card's)."""
    prefix = f"{key}_{card}_"
    return {k: st.session_state[k] for k in st.session_state
            if isinstance(k, str) and k.startswith(prefix)}


def _pick(view: StoredGame, prefill: dict[str, Any] | None, key: str) -> dict[str, Any] | None:
    """The card buttons, and an action card's targets: the play they say, or None while a
    choice is missing. A pick reruns the form (the next choices depend on it)."""
    state = state_of(view)
    p = state.current
    start_values(key, prefill, {f"{key}_card": (prefill or {}).get("card")})
    card = st.pills("Carte jouée", playable_cards(state), format_func=card_chip,
                    key=f"{key}_card")
    if card is None:
        return None
    event: dict[str, Any] = {"type": "play", "player": p, "card": card}
    if not _is_action(card):
        return event
    asked = choices(state, p, card, f"{key}_{card}", prefill)
    if asked is None:
        return None
    return {**event, **asked}


def _effect(state: CamelotState, event: dict[str, Any] | None) -> None:
    """An action card's effect before it is confirmed, or why the engine would refuse it."""
    if event is None or not _is_action(event["card"]):
        return
    try:
        st.info(plain(f"Effet : {state.preview(event)}"))
    except RuleError as exc:
        st.warning(plain(f"Ce coup serait refusé : {exc.reason} ({rule_words(exc.rule)})"))


def play_form(view: StoredGame, prefill: dict[str, Any] | None,
              key: str) -> dict[str, Any] | None:
    """A card played, corrected (EntryForm for « play »; a new one is `turn_entry`'s): picked
    among buttons; an action card shows its effect and asks its targets."""
    event = _pick(view, prefill, key)
    _effect(state_of(view), event)
    if not st.button("Jouer cette carte", type="primary", key=f"{key}_go", width="stretch",
                     icon=":material/playing_cards:"):
        return None
    if event is None:
        st.warning("Choisissez la carte jouée et ce que demande la carte, puis confirmez.")
    return event


def _play_at_tap(view: StoredGame, key: str) -> dict[str, Any] | None:
    """At the tap on « Jouer cette carte » (tapbar.tap): the card the buttons hold; an action
    card exactly as its effect was shown, on the same targets, else nothing and why."""
    card = st.session_state.get(f"{key}_card")
    if card is None:
        tapbar.refuse(key, NO_CARD)
        return None
    if not _is_action(card):
        return {"type": "play", "player": state_of(view).current, "card": card}
    shown = st.session_state.get(f"{key}_shown")
    if shown is None or shown[0] != card or shown[1] != _picks(key, card):
        tapbar.refuse(key, f"{card_chip(card)} : voyez son effet ci-dessus, choisissez ce "
                           "qu'elle demande, puis confirmez.")
        return None
    return dict(shown[2])


def turn_entry(view: StoredGame, key: str) -> None:
    """A new turn's entry: the current player's cards, Lancelot's window, the dame's token,
    then the action bar; every write is made at its tap."""
    state = state_of(view)
    p = state.current
    st.markdown(f"**Au tour {plain(de(state.names[p]))}** (a pioché) · cartes jouées ce "
                f"tour : {state.played}")
    if state.first_card_due:
        st.info(f"Couleur annoncée : {plain(state.names[p])} pioche maintenant sa carte, puis "
                f"pose une carte {colour_chip(state.colour)} ou une carte de soutien.")
    play_key = f"{key}_play"
    event = _pick(view, None, play_key)
    card = st.session_state.get(f"{play_key}_card")
    if event is not None and _is_action(event["card"]):  # what a tap will write: this
        st.session_state[f"{play_key}_shown"] = (card, _picks(play_key, card), event)
    else:
        st.session_state.pop(f"{play_key}_shown", None)
    if state.undo is not None:
        _lancelot_entry(view, f"{key}_lancelot")
    end_key = f"{key}_end"
    dame = _dame_pills(state, end_key, None)
    with tapbar.bar(key):
        tapbar.refusal(play_key)
        tapbar.refusal(end_key)
        if event is not None and _is_action(event["card"]):
            _effect(state, event)  # beside the button that confirms it
        elif event is not None:
            st.caption(f"« Jouer cette carte » pose {card_chip(event['card'])}.")
        elif card is not None:
            st.caption(f"{card_chip(card)} : choisissez ci-dessus ce qu'elle demande.")
        st.button("Jouer cette carte", type="primary", key=f"{play_key}_go", width="stretch",
                  icon=":material/playing_cards:", on_click=tapbar.tap,
                  args=(view.code, view.seq, play_key, partial(_play_at_tap, view, play_key)))
        with st.container(horizontal=True, wrap=False):  # side by side on a phone too
            st.button(f"Rester : annoncer {state.total(p)}", key=f"{end_key}_end",
                      width="stretch", icon=":material/shield:", on_click=tapbar.tap,
                      args=(view.code, view.seq, end_key, {"type": "end", "player": p}))
            st.button("Abandonner", key=f"{end_key}_withdraw", width="stretch",
                      icon=":material/flag:", on_click=tapbar.tap,
                      args=(view.code, view.seq, end_key,
                            partial(_withdraw_at_tap, p, dame, end_key)))


def _dame_pills(state: CamelotState, key: str, prefill: dict[str, Any] | None) -> bool:
    """With a dame on the display and tokens, the token given back if the player withdraws
    (asked before « Abandonner », which it changes); True when asked."""
    p = state.current
    owned = sorted(state.tokens[p])
    if not (DAME in state.displays[p] and owned):
        return False
    start_values(key, prefill, {f"{key}_token": (prefill or {}).get("token")})
    st.pills("Dame : jeton rendu s'il abandonne (au choix du joueur)", owned,
             format_func=colour_chip, key=f"{key}_token", on_change="ignore")
    return True


def turn_end_form(view: StoredGame, prefill: dict[str, Any] | None,
                  key: str) -> dict[str, Any] | None:
    """The end of a turn, corrected: stay and announce the total, or withdraw (with a dame on
    the display, give back a token of the player's choice) (EntryForm for « end »,
    « withdraw »)."""
    state = state_of(view)
    p = state.current
    dame = _dame_pills(state, key, prefill)
    left, right = st.columns(2)
    if left.button(f"Rester : annoncer {state.total(p)}", key=f"{key}_end", width="stretch",
                   icon=":material/shield:"):
        return {"type": "end", "player": p}
    if right.button("Abandonner", key=f"{key}_withdraw", width="stretch",
                    icon=":material/flag:"):
        event = _withdraw_at_tap(p, dame, key)
        tapbar.refusal(key)
        return event
    return None


def _withdraw_at_tap(p: int, dame: bool, key: str) -> dict[str, Any] | None:
    """A withdrawal; with a dame and tokens, the token the player gives back must be chosen."""
    token = st.session_state.get(f"{key}_token")
    if dame and token is None:
        tapbar.refuse(key, "Avec une dame, le joueur rend un jeton : choisissez lequel.")
        return None
    return {"type": "withdraw", "player": p, **({"token": token} if dame else {})}


_LANCELOT_WHY = ("Une carte d'action vient d'être jouée : un joueur encore en lice peut la "
                 "contrer avec Lancelot, avant la carte suivante.")


def _lancelot_player(state: CamelotState, key: str, prefill: dict[str, Any] | None
                     ) -> int | None:
    st.caption(_LANCELOT_WHY)
    still = [q for q in range(state.n) if state.active[q]]
    start_values(key, prefill, {f"{key}_player": (prefill or {}).get("player")})
    return seat_pills("Joueur qui pose Lancelot", state, still, f"{key}_player",
                      on_change="ignore")


def _lancelot_at_tap(key: str) -> dict[str, Any] | None:
    who = st.session_state.get(f"{key}_player")
    if who is None:
        tapbar.refuse(key, "Choisissez le joueur qui pose Lancelot.")
        return None
    return {"type": "lancelot", "player": who}


def _lancelot_entry(view: StoredGame, key: str) -> None:
    """Lancelot's window, in a new turn's entry: its refusal right above its own button."""
    _lancelot_player(state_of(view), key, None)
    tapbar.refusal(key)
    st.button("Lancelot : annuler cette action", key=f"{key}_go", width="stretch",
              on_click=tapbar.tap,
              args=(view.code, view.seq, key, partial(_lancelot_at_tap, key)))


def lancelot_form(view: StoredGame, prefill: dict[str, Any] | None,
                  key: str) -> dict[str, Any] | None:
    """Lancelot cancels the action card just played, corrected (EntryForm for « lancelot »)."""
    _lancelot_player(state_of(view), key, prefill)
    if st.button("Lancelot : annuler cette action", key=f"{key}_go", width="stretch"):
        event = _lancelot_at_tap(key)
        tapbar.refusal(key)
        return event
    return None
