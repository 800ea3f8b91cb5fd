"""Noé's entry of an announcement (issue 36: a tap is recorded or refused where the thumb is).

The turn's primary action is a bar (key `noe_entry_bar`, kept on screen by tableapp/look/phone.py):
the hand check's switch and its state, the verdict on the hand, the refusal of the last tap,
then « Valider l'annonce » and « Annonce fausse ». Everything that changes what the next tap
writes is read there, beside the button; the hand picker and the detail of the hand come below
the bar, so turning the check on never moves the buttons.

The hand check is reset after every entry written (a new log position): each player lays down
another hand, whose cards are chosen afresh anyway, so a check left on could only turn the
next player's one-tap announcement into a refusal. A table that checks every hand turns it on
again beside the button: one tap, and what it means is written there.

A refusal is said beside the button tapped (`said_here`), never at the top of the page: the
callbacks keep it under REFUSAL_KEY with the button it answers."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

import streamlit as st

from companion.core.errors import RuleError
from companion.games.noe.cards import deck
from companion.games.noe.hand import Analysis, analyse
from companion.games.noe.inplay import Gone, from_json
from tableapp.device.writing import TAP_ERROR_KEY
from tableapp.look.usertext import plain
from tableapp.pages.noe.checkers import HAND_SIZE, hand_picker, show_analysis, show_rule_error
from tableapp.table.gamepage import StoredGame, write_at_tap

REFUSAL_KEY = "_noe_refusal"  # (where, French line): a refused tap, said beside its button
FALSE_HELP = "Le joueur reprend ses cartes, ne marque rien et passe son tour"
INCOMPLETE = (f"Choisissez les {HAND_SIZE} cartes de la main ({{count}}/{HAND_SIZE}) sous les "
              "boutons, ou désactivez la vérification.")

# Brings a refusal into view once it is drawn (a tap near the bottom of the screen would
# otherwise leave it just below the fold); the nonce makes each refusal's script run.
_INTO_VIEW = """<script>(() => {{ const show = () => document.querySelector('.st-key-{key}')
  ?.scrollIntoView({{block: 'nearest'}}); setTimeout(show, 50); setTimeout(show, 300); }})();
/* {nonce} */</script>"""


def start_values(key: str, marker: Any, values: dict[str, Any]) -> None:
    """Give the form's widgets their starting values once per `marker`: for a new entry, the
    log's (code, seq) (once it moves, the entry starts again from whose turn it is: a selection
    left over from the previous player must never be recorded for the next one); for a
    correction, the event corrected. Set through st.session_state, the one way the browser's
    widgets are told to change too."""
    if st.session_state.get(f"{key}_seq") == marker and all(k in st.session_state
                                                            for k in values):
        return
    st.session_state[f"{key}_seq"] = marker
    st.session_state.update(values)


def active(summary: dict[str, Any]) -> list[str]:
    current = summary["manches"][-1]
    return [p for p in summary["players"] if p not in current["announcements"]]


def out_of_play(summary: dict[str, Any]) -> dict[str, Gone]:
    """The current manche's cards out of play (registre NOE-14), for the checkers."""
    return from_json(summary["manches"][-1].get("out_of_play"))


# --- a refusal where the thumb is -------------------------------------------------------------


def tap(where: str, code: str, seq: int,
        event: dict[str, Any] | Callable[[], dict[str, Any] | None]) -> None:
    """A button's callback: write_at_tap, and its refusal (kept by writing.py for the top of the
    page) moved to REFUSAL_KEY for the place `where` beside the button tapped."""
    st.session_state.pop(REFUSAL_KEY, None)
    write_at_tap(code, seq, event)
    line = st.session_state.pop(TAP_ERROR_KEY, None)
    if line:
        st.session_state[REFUSAL_KEY] = (where, line)


def _pending(where: str) -> str | None:
    """The refusal waiting for `where`, taken (it is said once)."""
    pending = st.session_state.get(REFUSAL_KEY)
    if not pending or pending[0] != where:
        return None
    del st.session_state[REFUSAL_KEY]
    return str(pending[1])


def said_here(where: str) -> None:
    """The refusal waiting for `where`, once, in a container brought into view."""
    line = _pending(where)
    if line is not None:
        say_here(where, line)


def say_here(where: str, line: str) -> None:
    """`line` (already escaped) as an error at `where`, brought into view."""
    with st.container(key=f"noe_said_{where}"):
        st.error(line)
        into_view(where)


def into_view(where: str) -> None:
    """Scroll the container `noe_said_<where>` into view once drawn (the script's element
    takes no room: tableapp/look/phone.py)."""
    count = st.session_state.get("_noe_said_n", 0) + 1
    st.session_state["_noe_said_n"] = count
    st.html(_INTO_VIEW.format(key=f"noe_said_{where}", nonce=count),
            unsafe_allow_javascript=True)


# --- the announcement ------------------------------------------------------------------------


def announcement_form(view: StoredGame, prefill: dict[str, Any] | None,
                      key: str) -> dict[str, Any] | None:
    """An announcement, true or false (history.EntryForm): the player, the announcement, and
    the hand checked if the table wants to; « Valider l'annonce » or « Annonce fausse »."""
    summary = view.state.summary()
    manche = summary["manche"]
    players = active(summary)
    player_key, cards_key = f"{key}_player_{manche}", f"{key}_cards_{manche}"
    check_key = f"{key}_check"
    first_announcement = deck().data.announcements[0].id
    if prefill is None:
        # keyed by game too: a rematch in the same session starts at the same seq and manche
        turn = summary["turn"]
        marker = (view.code, view.seq)
        start_values(key, marker, {player_key: turn if turn in players else players[0],
                                   f"{key}_announcement": first_announcement})
        if st.session_state.get(f"{key}_hand_seq") != marker:  # a new entry: no check, no card
            st.session_state[f"{key}_hand_seq"] = marker
            st.session_state.update({check_key: False, cards_key: []})
    else:
        start_values(key, repr(sorted(prefill.items())), {
            player_key: prefill.get("player"), cards_key: list(prefill.get("cards") or []),
            f"{key}_announcement": prefill.get("announcement") or first_announcement,
            check_key: bool(prefill.get("cards"))})
    # a few choices: buttons, not a typed list; picking one sends nothing to the server (the
    # value travels with « Valider »): one round trip per announcement
    st.segmented_control("Joueur", players, key=player_key, required=True,
                         format_func=plain, on_change="ignore")
    announcements = deck().data.announcements
    points = {a.id: f"{a.name} ({a.points})" for a in announcements}
    st.pills("Annonce (points)", list(points), format_func=points.get, required=True,
             key=f"{key}_announcement", on_change="ignore")
    valid = partial(_announcement_event, "announcement", key, manche)
    false = partial(_announcement_event, "false_announcement", key, manche)
    with st.container(key=f"{key}_bar"):  # what the next tap writes, read beside the buttons
        checked = st.toggle("Vérifier avec la main étalée", key=check_key,
                            help="Les cartes de la main sont choisies sous les boutons ; la "
                                 "vérification s'arrête après chaque annonce enregistrée")
        # one message at most above the buttons: a refused tap says why (the verdict on the
        # hand, if any, is in its reason), otherwise the hand's verdict
        refused = _pending(key) if prefill is None else None
        if refused is not None:
            say_here(key, refused)
        result = _verdict(summary, key, manche, shown=refused is None) if checked else None
        tapped = _buttons(view, prefill, key, valid, false)
    if checked:
        hand_picker(summary["level"], key=cards_key)
        if result is not None:
            show_analysis(result, in_game=True)
    return tapped


def _buttons(view: StoredGame, prefill: dict[str, Any] | None, key: str, valid: Any,
             false: Any) -> dict[str, Any] | None:
    """The two buttons side by side."""
    left, right = st.columns(2)
    if prefill is None:  # a new entry is written by the tap itself: one run per tap
        left.button("Valider l'annonce", type="primary", key=f"{key}_valid", width="stretch",
                    icon=":material/check:", on_click=tap,
                    args=(key, view.code, view.seq, valid))
        right.button("Annonce fausse", key=f"{key}_false", width="stretch",
                     icon=":material/close:", help=FALSE_HELP, on_click=tap,
                     args=(key, view.code, view.seq, false))
        return None
    # a correction returns its event in the same run (history.correction writes it)
    if left.button("Valider l'annonce", type="primary", key=f"{key}_valid",
                   icon=":material/check:", width="stretch"):
        return _shown_refusal(key, valid())
    if right.button("Annonce fausse", key=f"{key}_false", width="stretch",
                    icon=":material/close:", help=FALSE_HELP):
        return _shown_refusal(key, false())
    return None


def _verdict(summary: dict[str, Any], key: str, manche: int,
             shown: bool = True) -> Analysis | None:
    """What the hand chosen allows, said in the bar (`shown`) naming the announcement judged:
    the pills send their choice with the next tap, so a verdict names what it is about. Returns
    the analysis when the hand is complete and valid (its detail goes below the buttons)."""
    cards = list(st.session_state.get(f"{key}_cards_{manche}") or [])
    if len(cards) != HAND_SIZE:
        if shown:
            st.caption(f"Main : {len(cards)}/{HAND_SIZE} cartes, à choisir sous les boutons.")
        return None
    try:
        # a card laid down, used for an action or killed this manche is refused
        result = analyse(cards, summary["level"], out_of_play(summary))
    except RuleError as exc:
        if shown:
            show_rule_error(exc)
        return None
    if not shown:
        return result
    chosen = st.session_state.get(f"{key}_announcement")
    names = {a.id: a.name for a in deck().data.announcements}
    allowed = ", ".join(f"{a.name} ({a.points})" for a in result.announcements)
    if chosen is not None and result.allows(chosen):
        st.success(f"La main permet « {names[chosen]} ».")
    elif result.announcements:
        st.error(f"La main ne permet pas « {names.get(chosen, '?')} » (fausse annonce) ; "
                 f"elle permet : {allowed}.")
    else:
        st.error("La main ne permet aucune annonce : c'est une fausse annonce.")
    return result


def _announcement_event(kind: str, key: str, manche: int) -> dict[str, Any] | None:
    """The event the announcement form's widgets say (st.session_state: at a tap, or after the
    form is drawn); None, with the reason kept for the next run, when the hand is incomplete."""
    state = st.session_state
    event = {"type": kind, "manche": manche, "player": state.get(f"{key}_player_{manche}"),
             "announcement": state.get(f"{key}_announcement")}
    if kind != "announcement" or not state.get(f"{key}_check"):
        return event
    cards = list(state.get(f"{key}_cards_{manche}") or [])
    if len(cards) != HAND_SIZE:
        st.session_state[TAP_ERROR_KEY] = plain(INCOMPLETE.format(count=len(cards)))
        return None
    return {**event, "cards": cards}


def _shown_refusal(key: str, event: dict[str, Any] | None) -> dict[str, Any] | None:
    """In a correction the form returns the event in the same run: say a refusal at once."""
    line = st.session_state.pop(TAP_ERROR_KEY, None)
    if line:
        say_here(key, line)
    return event
