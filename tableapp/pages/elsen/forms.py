"""ELSEN's entry forms, one per event type the game master types in (the correction contract of
tableapp/table/gamepage.py): `form(view, prefill, key)` draws the widgets (every key starts with
`key`), prefilled from the event being corrected, and returns the event to write when the host
validates, else None. The same function enters a new event (prefill None, under the narrator)
and corrects a past one (the game as it stood just before it, prefilled).

A new entry is written by the tap on its button itself (bar.write, the event made at
the tap from the widgets' values): one run per entry, its refusal said beside the button. A
correction returns its event to gamepage.correction. Choices among a few options are buttons
(st.pills / st.segmented_control), never a typed list. Names reach Markdown-rendering labels
through plain(); the events keep them as typed."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import partial
from typing import Any

import streamlit as st

from companion.core.errors import RuleError
from companion.core.text import counted, number, rule_words
from companion.games.elsen.checker import Violation
from companion.games.elsen.engine import ElsenState
from companion.games.elsen.texts import STEP_LABELS
from tableapp.look.usertext import plain
from tableapp.pages.elsen import bar
from tableapp.table.gamepage import EntryForm, StoredGame, refuse_at_tap, show_tap_error

NOBODY = ""  # the « personne » choice of a vote (an option must be a value)


def _state(view: StoredGame) -> ElsenState:
    state = view.state
    assert isinstance(state, ElsenState)
    return state


def _validate(label: str, view: StoredGame, prefill: dict[str, Any] | None, button_key: str,
              make: Callable[[], dict[str, Any] | None]) -> dict[str, Any] | None:
    """The form's button. A new entry is written at the tap (`make()` builds the event from the
    widgets' values then; None writes nothing and says why): returns None. Under the narrator
    it stands in the action bar, beside « Retour » (bar.py). A correction: the event when
    tapped, or None and the reason shown."""
    if prefill is None:
        def button(where: Any) -> None:
            where.button(label, key=button_key, type="primary", width="stretch",
                         on_click=bar.write, args=(view.code, view.seq, make, button_key))

        if bar.in_bar():
            bar.bar(button_key, button)
        else:  # the deal by hand, in its expander: the refusal right below its button
            button(st)
            bar.say(button_key)
        return None
    if not st.button(label, key=button_key, type="primary", width="stretch"):
        return None
    event = make()
    if event is None:
        show_tap_error()
    return event


def deal_form(view: StoredGame, prefill: dict[str, Any] | None, key: str) -> dict[str, Any] | None:
    """The roles dealt with physical cards, player by player (elsen.txt › Installation)."""
    state = _state(view)
    data = state.data
    before = prefill.get("roles", {}) if prefill else {}
    choices = ["passager", "saboteur",
               *[r.id for r in data.roles if r.special and r.id in state.setup.special_roles]]
    for i, player in enumerate(state.players):
        # the value travels with « Enregistrer »: a tap on a role sends nothing
        st.pills(plain(player), choices, key=f"{key}_deal_{i}",
                 format_func=lambda r: data.role(r).name,
                 default=before.get(player) if before.get(player) in choices else None,
                 on_change="ignore")
    return _validate("Enregistrer cette distribution", view, prefill, f"{key}_deal_cards",
                     partial(_deal_event, state.players, prefill, key))


def _deal_event(players: list[str], prefill: dict[str, Any] | None,
                key: str) -> dict[str, Any] | None:
    roles = {p: st.session_state.get(f"{key}_deal_{i}") for i, p in enumerate(players)}
    missing = [p for p, r in roles.items() if r is None]
    if missing:
        refuse_at_tap(f"Choisissez le rôle de {', '.join(missing)}.")
        return None
    if prefill and prefill.get("method") == "random" and roles == prefill.get("roles"):
        return dict(prefill)  # unchanged: the draw stays as it was recorded
    return {"type": "deal", "method": "cards", "roles": roles}


def mission_form(view: StoredGame, prefill: dict[str, Any] | None,
                 key: str) -> dict[str, Any] | None:
    """The team chosen by the first player and the cards it revealed, checked as they are
    entered (elsen.txt › Phase de jeu jour; refused cards need « forcer », registre ELS-9)."""
    state = _state(view)
    data = state.data
    leader = state.first_player
    team = st.pills(f"Équipe choisie par {plain(leader)} (au moins {state.min_team()})",
                    state.aboard, selection_mode="multi", format_func=plain,
                    default=[p for p in (prefill or {}).get("team", []) if p in state.aboard],
                    key=f"{key}_team")
    st.markdown("**Cartes révélées** (autant que de membres)")
    before: dict[str, int] = {}
    for card in (prefill or {}).get("cards", []):
        before[card] = before.get(card, 0) + 1
    # one row of columns per 4 cards: on a phone the columns stack and keep the data's order
    for row in range(0, len(data.action_cards), 4):
        columns = st.columns(4)
        for column, card in zip(columns, data.action_cards[row:row + 4], strict=False):
            column.number_input(card.name, 0, 15, before.get(f"action-{card.id}", 0),
                                key=f"{key}_card_{card.id}")
    event = _mission_event(state, key)
    cards = event["cards"]
    if team and cards:
        try:
            result = state.preview_mission(event)
        except RuleError as exc:
            st.info(plain(exc.reason))
        else:
            st.write(f"Résultat : +{counted(result.added / 2, 'jeton')}, mission à "
                     f"{number(result.progress / 2)}/{result.needed}"
                     + (" — réussie !" if result.completed else "")
                     + (" — sabotée" if result.sabotaged else "")
                     + (" — élimination cette nuit" if result.kill_due else ""))
            # a preview, not yet a refusal: said as text here, and by the bar if tapped so
            for violation in result.violations:
                st.markdown(":material/warning: " + plain(_impossible(violation)))
            if result.violations:
                _force(prefill, key)
    # what the tap records, said on the button; an incomplete mission is refused beside it
    label = "Valider la mission" + (f" ({counted(len(team), 'membre')}, "
                                    f"{counted(len(cards), 'carte')})" if team else "")
    return _validate(label, view, prefill, f"{key}_mission_ok",
                     partial(_mission_ready, state, key))


def _mission_event(state: ElsenState, key: str) -> dict[str, Any]:
    """The mission the widgets say (their values in st.session_state: the same at the tap)."""
    team = list(st.session_state.get(f"{key}_team") or [])
    cards = [f"action-{card.id}" for card in state.data.action_cards
             for _ in range(int(st.session_state.get(f"{key}_card_{card.id}") or 0))]
    event: dict[str, Any] = {"type": "mission", "team": team, "cards": cards}
    reason = str(st.session_state.get(f"{key}_force_reason") or "").strip()
    if st.session_state.get(f"{key}_force") and reason:
        event["forcer"] = reason
    return event


def _mission_ready(state: ElsenState, key: str) -> dict[str, Any] | None:
    """At the tap: the mission the widgets say, or None and the reason (too small a team, a
    card count that is not the team's, impossible cards not forced with a reason)."""
    event = _mission_event(state, key)
    team, cards = event["team"], event["cards"]
    if len(team) < state.min_team():
        refuse_at_tap(f"L'équipe compte au moins {state.min_team()} membres : touchez leurs "
                      "noms, puis « Valider la mission ».")
        return None
    if len(cards) != len(team):
        refuse_at_tap(f"{counted(len(team), 'membre')}, "
                      f"{counted(len(cards), 'carte révélée', 'cartes révélées')} : une carte "
                      "par membre de l'équipe.")
        return None
    try:
        violations = state.preview_mission({k: v for k, v in event.items() if k != "forcer"}
                                           ).violations
    except RuleError:
        return event  # the engine says why when it refuses the write, beside the button
    if not violations:
        event.pop("forcer", None)  # nothing to force any more (the cards were changed)
    elif "forcer" not in event:
        refuse_at_tap(" ".join(_impossible(v) for v in violations)
                      + " Corrigez les cartes, ou « Forcer quand même » avec une raison "
                        "(gardée au journal).")
        return None
    return event


def _impossible(violation: Violation) -> str:
    return f"Carte impossible : {violation.reason} ({rule_words(violation.rule)})."


def _force(prefill: dict[str, Any] | None, key: str) -> None:
    """Impossible cards are refused unless the host forces them with a reason, kept in the log
    (registre ELS-9): the toggle, and the reason once it is on."""
    reason_before = str((prefill or {}).get("forcer", ""))
    if st.toggle("Forcer quand même (les cartes sont sur la table)", key=f"{key}_force",
                 value=bool(reason_before)):
        st.text_input("Raison (gardée au journal)", value=reason_before,
                      key=f"{key}_force_reason", max_chars=500)


def night_form(view: StoredGame, prefill: dict[str, Any] | None,
               key: str) -> dict[str, Any] | None:
    """The Policier's, the saboteurs' or the Voyante's choice (elsen.txt › Phase de jeu Nuit).
    A role whose holder was excluded is called anyway and nobody wakes (registre ELS-11)."""
    state = _state(view)
    step = state.next_step()
    role = {"protect": "policier", "seer": "voyante"}.get(step)
    if role and state.holder(role) in state.excluded:
        st.caption("La personne qui a ce rôle a quitté le vaisseau : personne ne se réveille.")
        return _validate("Continuer (personne ne se réveille)", view, prefill,
                         f"{key}_{step}_none", lambda: {"type": step, "target": None})
    options = ([p for p in state.aboard if state.alive[p]] if step == "kill"
               else state.aboard)
    before = (prefill or {}).get("victim" if step == "kill" else "target")
    # a tap on a name reruns the view: the button then says whom it records
    choice = st.pills(STEP_LABELS[step], options, format_func=plain,
                      key=f"{key}_{step}_choice", default=before if before in options else None)
    return _validate(f"Valider : {plain(choice)}" if choice else "Valider", view, prefill,
                     f"{key}_{step}_ok", partial(_night_event, step, key))


def _night_event(step: str, key: str) -> dict[str, Any] | None:
    choice = st.session_state.get(f"{key}_{step}_choice")
    if choice is None:
        refuse_at_tap("Touchez d'abord un nom, puis « Valider ».")
        return None
    return {"type": step, ("victim" if step == "kill" else "target"): choice}


def vote_form(view: StoredGame, prefill: dict[str, Any] | None,
              key: str) -> dict[str, Any] | None:
    """Who the table designated and how many hands went up (elsen.txt › Phase de vote; the
    threshold is the game's setting, registre ELS-1). Nothing is chosen beforehand: the host
    taps « Personne » or the name, then the count of hands (never a silent 0), and the button
    says the vote it records."""
    state = _state(view)
    before = prefill or {}
    earlier = (NOBODY if prefill and before.get("target") is None
               else before.get("target") if before.get("target") in state.aboard else None)
    target = st.pills("Personne désignée", [NOBODY, *state.aboard], key=f"{key}_vote_target",
                      format_func=lambda p: "Personne (pas d'exclusion)" if p == NOBODY
                      else plain(p), default=earlier, on_change=_forget_count, args=(key,))
    label = "Valider le vote"
    if target == NOBODY:
        label = "Valider : personne n'est exclu"
    elif target:
        needed = state.votes_needed()
        count_before = before.get("votes") if target == earlier else None
        votes = st.pills(f"Mains levées pour l'exclure ({needed} nécessaires)",
                         list(range(len(state.aboard) + 1)), key=f"{key}_vote_count",
                         default=(min(int(count_before), len(state.aboard))
                                  if count_before is not None else None))
        if votes is not None:
            label = (f"Valider : {plain(target)}, {counted(votes, 'voix', 'voix')} — "
                     + ("exclusion" if votes >= needed else "pas d'exclusion"))
    return _validate(label, view, prefill, f"{key}_vote_ok", partial(_vote_event, key))


def _forget_count(key: str) -> None:
    """Another person designated: the hands counted for the one before do not carry over."""
    st.session_state.pop(f"{key}_vote_count", None)


def _vote_event(key: str) -> dict[str, Any] | None:
    """At the tap: the vote the widgets say, or None and what is missing."""
    target = st.session_state.get(f"{key}_vote_target")
    if target is None:
        refuse_at_tap("Touchez « Personne (pas d'exclusion) » ou le nom désigné, puis "
                      "« Valider ».")
        return None
    if target == NOBODY:
        return {"type": "vote", "target": None, "votes": 0}
    votes = st.session_state.get(f"{key}_vote_count")
    if votes is None:
        refuse_at_tap(f"Touchez le nombre de mains levées pour exclure {target}, puis "
                      "« Valider ».")
        return None
    return {"type": "vote", "target": target, "votes": int(votes)}


FORMS: Mapping[str, EntryForm] = {"deal": deal_form, "mission": mission_form, "protect": night_form,
                                  "kill": night_form, "seer": night_form, "vote": vote_form}
