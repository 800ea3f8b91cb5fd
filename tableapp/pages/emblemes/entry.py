"""Emblèmes: the reveal form (an `EntryForm`, tableapp/table/history.py), the same code for a new
reveal and for the correction of a past one.

Card, place and « Valider » in one form: picking the card and the place sends nothing to the
server (`on_change="ignore"`), the values travel with « Valider ». When the reveal needs the
table's choices (a tie's side, an effect's target), « Valider » draws them under the place, as
buttons again, together with every later question that does not depend on an answer not given
yet; the next « Valider » writes the reveal (or asks what the answers opened)."""

from __future__ import annotations

import copy
import hashlib
from collections.abc import Callable
from functools import partial
from typing import Any

import streamlit as st

from companion.core.errors import RuleError
from companion.core.text import de, rule_line
from companion.events.store import StoredGame
from companion.games.emblemes.cards import PLACES, TIMING_MARKS, character, place_label
from companion.games.emblemes.effects import Choice
from companion.games.emblemes.engine import EmblemesState
from tableapp.look.usertext import plain
from tableapp.pages import tapbar

LOOKAHEAD = 64  # combinations of unanswered options explored to ask a later question now
# a later question whose wording names an earlier answer is asked in general words
GENERAL_QUESTIONS = {"to": "Vers quel lieu ?", "side": "De quel côté ?"}


def card_text(value: int) -> str:
    return f"{value} {character(value).name} {TIMING_MARKS[character(value).timing]}"


def _start_values(key: str, marker: Any, values: dict[str, Any]) -> None:
    """The widgets' starting values, once per `marker` (the event corrected): set through
    st.session_state, the one way the browser's widgets are told to change too."""
    if st.session_state.get(f"{key}_marker") == marker:
        return
    st.session_state[f"{key}_marker"] = marker
    st.session_state.update({k: v for k, v in values.items() if v is not None})


def _with_answer(event: dict[str, Any], key: str, value: Any) -> dict[str, Any]:
    out = copy.deepcopy(event)
    if key.startswith("choices."):
        out.setdefault("choices", {})[key.removeprefix("choices.")] = value
    else:
        out[key] = value
    return out


def _prefilled(prefill: dict[str, Any] | None, key: str) -> Any:
    if prefill is None:
        return None
    if key.startswith("choices."):
        return (prefill.get("choices") or {}).get(key.removeprefix("choices."))
    return prefill.get(key)


def _widget(key: str, choice: Choice) -> str:
    """A question's widget key: per question and per option list, so an answer never carries
    over to another question (a card changed, a different neighbour)."""
    digest = hashlib.sha1("|".join(choice.labels).encode()).hexdigest()[:10]
    return f"{key}_q_{choice.key}_{digest}"


def _ask(choices: list[Choice], key: str, prefill: dict[str, Any] | None) -> int | None:
    """One question as buttons (no answer chosen in advance: a tap on « Valider » must never
    decide for the table); the index of the option chosen, or None."""
    first = choices[0]
    same_words = all(c.question == first.question for c in choices)
    name = first.key.removeprefix("choices.")
    question = first.question if same_words else GENERAL_QUESTIONS.get(name, first.question)
    widget = _widget(key, first)
    given = _prefilled(prefill, first.key)
    if widget not in st.session_state and given in first.options:
        st.session_state[widget] = first.options.index(given)
    labels = first.labels
    return st.pills(plain(question), range(len(first.options)), key=widget,
                    format_func=lambda i: plain(labels[i]), on_change="ignore")


def _answered(choices: list[Choice], key: str, prefill: dict[str, Any] | None) -> int | None:
    """The answer the question's buttons hold (at a tap, before anything is drawn)."""
    answer = st.session_state.get(_widget(key, choices[0]))
    return answer if isinstance(answer, int) else None


Ask = Callable[[list[Choice], str, "dict[str, Any] | None"], "int | None"]


def _questions(state: EmblemesState, event: dict[str, Any], key: str,
               prefill: dict[str, Any] | None, ask: Ask = _ask) -> tuple[dict[str, Any], bool]:
    """Every question this reveal needs that can be asked now (drawn by `ask`, or only read);
    the event with the answers given, and whether it is complete. RuleError when the reveal
    cannot be played."""
    answered = event
    candidates = [event]  # the event under every combination of the unanswered options
    complete = True
    for _ in range(12):  # a reveal asks at most side + copy + card + to + side
        asked = [state.next_choice(c) for c in candidates]
        if all(c is None for c in asked):
            return answered, complete
        first = asked[0]
        if first is None or any(c is None or (c.key, c.options, c.labels)
                                != (first.key, first.options, first.labels) for c in asked):
            return answered, False  # the next question depends on an answer not given yet
        index = ask([c for c in asked if c is not None], key, prefill)
        if index is None:
            complete = False
            if len(candidates) * len(first.options) > LOOKAHEAD:
                return answered, False
            candidates = [_with_answer(c, first.key, o) for c in candidates
                          for o in first.options]
        else:
            value = first.options[index]
            candidates = [_with_answer(c, first.key, value) for c in candidates]
            answered = _with_answer(answered, first.key, value)
    return answered, False


def _chosen(state: EmblemesState, player: str, key: str) -> tuple[int | None, str | None]:
    """The card and the place the form's buttons hold (the Stratège's place if imposed)."""
    value = st.session_state.get(f"{key}_card")
    place = state.imposed[player][0] if player in state.imposed \
        else st.session_state.get(f"{key}_place")
    return value, place


def _reveal_at_tap(view: StoredGame, key: str) -> dict[str, Any] | None:
    """At the tap on « Valider » of a new reveal (tapbar.tap): the complete reveal the
    buttons say, or None, nothing written, and what is missing said in the bar (the run that
    follows asks the questions the card and the place open)."""
    state = view.state
    assert isinstance(state, EmblemesState)
    player = state.next_player()
    if player is None:
        return None
    value, place = _chosen(state, player, key)
    if value is None or place is None:
        tapbar.refuse(key, MISSING)
        return None
    event = {"type": "reveal", "player": player, "value": value, "place": place}
    try:
        event, complete = _questions(state, event, key, None, ask=_answered)
    except RuleError as exc:
        tapbar.refuse(key, plain(exc.reason) + (f"\n\n{plain(rule_line(exc.rule))}"
                                                if exc.rule else ""))
        return None
    if not complete:
        tapbar.refuse(key, _unanswered(value, place), kind="info")
        return None
    return event


MISSING = "Choisissez la carte révélée et le lieu, puis validez."


def _unanswered(value: int, place: str) -> str:
    return (f"{card_text(value)} au {place_label(place)} : répondez à la question ci-dessus, "
            f"puis validez.\n\n{card_text(value)} : {character(value).effect}")


def reveal_form(view: StoredGame, prefill: dict[str, Any] | None,
                key: str) -> dict[str, Any] | None:
    """A reveal (EntryForm): who reveals (the engine knows), the card, the place, then the
    choices the rules ask; the event when the host validates a complete correction. A new
    reveal is written at the tap on « Valider » (tapbar.tap), whose bar says why a tap wrote
    nothing."""
    state = view.state
    assert isinstance(state, EmblemesState)
    player = state.next_player()
    if player is None:
        st.caption("Aucune carte à révéler.")
        return None
    values = sorted(state.unplayed[player], reverse=True)
    if prefill is not None:
        _start_values(key, repr(sorted(prefill.items())), {
            f"{key}_card": prefill.get("value") if prefill.get("value") in values else None,
            f"{key}_place": prefill.get("place") if prefill.get("place") in PLACES else None})
    st.markdown(f"**Au tour {plain(de(player))}** de retourner sa carte.")
    if player in state.replaced:
        st.info(plain(f"La Courtisane {de(state.replaced[player])} : {player} tire au hasard "
                      "une autre carte de sa main ; entrez la carte tirée."))
    value = st.pills("Carte révélée", values, format_func=card_text, key=f"{key}_card",
                     on_change="ignore")
    place: str | None
    if player in state.imposed:
        place, by = state.imposed[player]
        st.info(plain(f"Le Stratège {de(by)} impose le {place_label(place)}."))
    else:
        place = st.segmented_control("Lieu", list(PLACES), format_func=place_label,
                                     key=f"{key}_place", on_change="ignore")
    event: dict[str, Any] | None = None
    complete = False
    refused = None
    if value is not None and place is not None:
        event = {"type": "reveal", "player": player, "value": value, "place": place}
        try:
            event, complete = _questions(state, event, key, prefill)
        except RuleError as exc:
            refused = plain(exc.reason) + (f"\n\n{plain(rule_line(exc.rule))}"
                                           if exc.rule else "")
            event = None
    if prefill is None:  # a new reveal is written by the tap itself: one run per tap
        with tapbar.bar(key):
            tapbar.refusal(key)  # why the last tap wrote nothing, above the button
            st.button("Valider la révélation", type="primary", key=f"{key}_go",
                      width="stretch", icon=":material/check:", on_click=tapbar.tap,
                      args=(view.code, view.seq, key, partial(_reveal_at_tap, view, key)))
        return None
    if refused is not None:
        st.error(refused)
    if not st.button("Valider la correction", type="primary", key=f"{key}_go",
                     width="stretch", icon=":material/check:"):
        return None
    if value is None or place is None:
        st.warning(MISSING)
    elif event is not None and not complete:
        st.info(_unanswered(value, place))
    return event if complete else None
