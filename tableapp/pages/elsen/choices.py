"""ELSEN's game master's choices: the setup before the deal (special roles, first player, vote
threshold, ghost mission's reward) and the settings during the game (discussion and vote
durations, night countdowns), with their French labels. Apart from elsen.py because they are
forms the host fills once or rarely, not the game's flow; the settings are kept with the
narrator's place (narrator.py), so another tablet of the host finds them."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

import streamlit as st

from companion.core.errors import RuleError
from companion.core.text import counted
from companion.games.elsen.engine import ElsenState
from companion.games.elsen.mission import GHOST_REWARDS
from companion.games.elsen.narration import NIGHT_ROLE_NAMES, NIGHT_ROLES, NIGHT_SECONDS
from companion.games.elsen.setup import VOTE_THRESHOLDS, check_special_roles, elsen_data
from tableapp.look.usertext import plain
from tableapp.pages.elsen.narrator import (
    day_durations,
    narrator_place,
    narrator_step,
    night_countdowns,
)
from tableapp.process import shared
from tableapp.shell import HOUSE_MARK, house_note
from tableapp.table.gamepage import StoredGame, is_host

THRESHOLD_LABELS = {"strict_majority": "plus de la moitié des joueurs à bord",
                    "at_least_half": "au moins la moitié des joueurs à bord"}
DISCUSSION_CHOICES = (60, 120, 180, 300, 480)  # seconds, as buttons (défaut maison: ELS-15)
VOTE_CHOICES = (30, 60, 90, 120)
NIGHT_CHOICES = (10, 15, 20, 30, 45, 60)  # a night role's countdown (ELS-19)
GHOST_LABELS = {"one_token": "+1 jeton sur la mission en cours",
                "complete_mission": "la mission en cours est réussie",
                "none": "rien (l'échelle fantôme repart à 0)"}


def setup_form(players: list[str]) -> dict[str, Any] | None:
    """The game master's choices before the deal: special roles, first player, settings (all
    buttons: a tap sends nothing until « Commencer la partie »)."""
    data = elsen_data()
    n = len(players)
    st.subheader("Mise en place ELSEN")
    st.caption(f"{n} joueurs : {counted(data.saboteurs[n], 'saboteur')}, "
               f"{data.success_tokens[n]} jetons réussite par mission (et par mission fantôme).")
    specials = [r.id for r in data.roles if r.special]
    chosen = st.pills(
        f"Rôles spéciaux en jeu {HOUSE_MARK}", specials, selection_mode="multi",
        default=data.default_special_roles[n], format_func=lambda r: data.role(r).name,
        key="elsen_setup_specials",
        help="Suggestion pour ce nombre de joueurs : "
             + ", ".join(data.role(r).name for r in data.default_special_roles[n])
             + f" ({HOUSE_MARK} choix de la maison)")
    valid = True
    try:  # said right below the roles it is about, not at the form's end (issue 36)
        check_special_roles(data, n, list(chosen))
    except RuleError as exc:
        st.error(plain(exc.reason))
        valid = False
    first = st.pills("Premier joueur (le dernier à avoir commandé quelque chose)", players,
                     format_func=plain, default=players[0], required=True,
                     key="elsen_setup_first", on_change="ignore")
    threshold = st.segmented_control(
        f"Seuil d'exclusion au vote {HOUSE_MARK}", VOTE_THRESHOLDS,
        format_func=THRESHOLD_LABELS.get, default=VOTE_THRESHOLDS[0], required=True,
        key="elsen_setup_threshold", on_change="ignore")
    ghost = st.pills(f"Une mission fantôme réussie donne… {HOUSE_MARK}", GHOST_REWARDS,
                     format_func=GHOST_LABELS.get, default=GHOST_REWARDS[0], required=True,
                     key="elsen_setup_ghost", on_change="ignore")
    house_note()
    if not valid:
        return None
    return {"special_roles": list(chosen), "first_player": first,
            "settings": {"vote_threshold": threshold, "ghost_mission_reward": ghost}}


def settings_form(stored: StoredGame) -> None:
    """The host's durations and night countdowns, kept with the game's narrator place (not in
    this session: another tablet of the host finds them)."""
    state = stored.state
    assert isinstance(state, ElsenState)
    place = narrator_place(stored.code, narrator_step(stored))
    discussion, vote = day_durations(place)
    night = night_countdowns(place) or {
        r: int((place.durations or {}).get(r, NIGHT_SECONDS[r])) for r in NIGHT_ROLES}
    keys = {"discussion": "elsen_discussion", "vote": "elsen_vote",
            **{role: f"elsen_night_{role}" for role in NIGHT_ROLES}}
    for name, value in {"discussion": discussion, "vote": vote, **night}.items():
        st.session_state.setdefault(keys[name], value)
    st.session_state.setdefault("elsen_night", place.night)

    def save() -> None:
        if is_host():
            shared.positions().set_narrator(stored.code, replace(
                narrator_place(stored.code, narrator_step(stored)),
                night=bool(st.session_state.elsen_night),
                durations={name: int(st.session_state[key]) for name, key in keys.items()
                           if st.session_state.get(key)}))

    _seconds("Discussion", DISCUSSION_CHOICES, "elsen_discussion", save)
    _seconds("Vote", VOTE_CHOICES, "elsen_vote", save)
    st.toggle("Compte à rebours pour chaque rôle de nuit", key="elsen_night", on_change=save,
              help="Il démarre de lui-même quand le rôle est appelé et se termine par un bip, "
                   "sans un mot. Même durée que le rôle soit en jeu, exclu ou mort : la table "
                   "n'apprend rien du silence.")
    if st.session_state.elsen_night:
        for role in NIGHT_ROLES:
            _seconds(NIGHT_ROLE_NAMES[role], NIGHT_CHOICES, f"elsen_night_{role}", save)
    st.caption(f"Durées {HOUSE_MARK} : des choix de la maison, la règle n'en donne pas.")
    st.caption(f"Vote : {THRESHOLD_LABELS[state.setup.settings['vote_threshold']]} · "
               f"mission fantôme : "
               f"{GHOST_LABELS[state.setup.settings['ghost_mission_reward']]}")


def _seconds(label: str, choices: tuple[int, ...], key: str, save: Callable[[], None]) -> None:
    """A duration among a few, as buttons (the stored one kept even if not among them)."""
    current = int(st.session_state[key])
    options = sorted({*choices, current})
    st.segmented_control(f"{label} {HOUSE_MARK}", options, key=key, required=True,
                         format_func=duration_fr, on_change=save)


def duration_fr(seconds: int) -> str:
    """90 -> « 1 min 30 », 120 -> « 2 min », 45 -> « 45 s »."""
    minutes, rest = divmod(int(seconds), 60)
    if not minutes:
        return f"{rest} s"
    return f"{minutes} min" + (f" {rest:02d}" if rest else "")
