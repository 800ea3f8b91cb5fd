"""ELSEN at the table: the game master's narrator. One big « Suivant » walks through the script
of each phase (spoken by the browser), the facts of the night are entered as they happen, the
secrets hide behind a tap, and a public view (QR code) shows only what everyone may know.
Rules, resolution and script live in companion/games/elsen; this page only wires them."""

from __future__ import annotations

import secrets
import time
from dataclasses import replace
from typing import Any

import streamlit as st

from companion.catalog import game_info
from companion.errors import RuleError
from companion.games.elsen.engine import ElsenState
from companion.games.elsen.mission import GHOST_REWARDS
from companion.games.elsen.narration import DISCUSSION_SECONDS, VOTE_SECONDS, script
from companion.games.elsen.setup import (
    VOTE_THRESHOLDS,
    check_special_roles,
    elsen_data,
    parse_setup,
    random_deal,
)
from companion.games.elsen.texts import STEP_LABELS, describe
from companion.positions import Countdown, NarratorPlace
from companion.text import number, rule_words
from tableapp import session
from tableapp.aftergame import after_game
from tableapp.gamepage import (
    READ_ONLY,
    StoredGame,
    current_game,
    is_host,
    is_public_view,
    submit,
    toolbar,
)
from tableapp.pages.elsen_voice import narrator_html
from tableapp.session import plain
from tableapp.shell import HOUSE_MARK, house_note

GAME = "elsen"
SECTION = game_info(GAME).title
SECRET_SECONDS = 15
THRESHOLD_LABELS = {"strict_majority": "plus de la moitié des joueurs à bord",
                    "at_least_half": "au moins la moitié des joueurs à bord"}
GHOST_LABELS = {"one_token": "+1 jeton sur la mission en cours",
                "complete_mission": "la mission en cours est réussie",
                "none": "rien (l'échelle fantôme repart à 0)"}

# --- setup ------------------------------------------------------------------------------------


def setup_form(players: list[str]) -> dict[str, Any] | None:
    """The game master's choices before the deal: special roles, first player, settings."""
    data = elsen_data()
    n = len(players)
    st.subheader("Mise en place ELSEN")
    st.caption(f"{n} joueurs : {data.saboteurs[n]} saboteur(s), {data.success_tokens[n]} jetons "
               "réussite par mission (et par mission fantôme).")
    specials = [r.id for r in data.roles if r.special]
    chosen = st.multiselect(
        f"Rôles spéciaux en jeu {HOUSE_MARK}", specials, default=data.default_special_roles[n],
        format_func=lambda r: data.role(r).name, key="elsen_setup_specials",
        help="Suggestion pour ce nombre de joueurs : "
             + ", ".join(data.role(r).name for r in data.default_special_roles[n])
             + f" ({HOUSE_MARK} choix de la maison)")
    first = st.selectbox("Premier joueur (le dernier à avoir commandé quelque chose)", players,
                         key="elsen_setup_first")
    threshold = st.radio(f"Seuil d'exclusion au vote {HOUSE_MARK}",
                         VOTE_THRESHOLDS, format_func=THRESHOLD_LABELS.get,
                         key="elsen_setup_threshold")
    ghost = st.radio(f"Une mission fantôme réussie donne… {HOUSE_MARK}",
                     GHOST_REWARDS, format_func=GHOST_LABELS.get, key="elsen_setup_ghost")
    house_note()
    try:
        check_special_roles(data, n, chosen)
    except RuleError as exc:
        st.error(plain(exc.reason))
        return None
    return {"special_roles": chosen, "first_player": first,
            "settings": {"vote_threshold": threshold, "ghost_mission_reward": ghost}}


# --- narration --------------------------------------------------------------------------------


def _place(stored: StoredGame) -> NarratorPlace:
    """Where the narrator stands: kept with the game on the server, so a refresh, a sleeping
    tablet or a restart find the same line and the same remaining time."""
    return session.positions().narrator(stored.code).at(stored.seq)


def _save_place(stored: StoredGame, place: NarratorPlace) -> None:
    """Only the host's device moves the narrator (rights asked again now)."""
    if not is_host():
        st.error(READ_ONLY)
        return
    session.positions().set_narrator(stored.code, place)
    st.rerun()


def _durations(place: NarratorPlace) -> tuple[int, int]:
    durations = place.durations or {}
    return (int(durations.get("discussion", DISCUSSION_SECONDS)),
            int(durations.get("vote", VOTE_SECONDS)))


def narrator(stored: StoredGame, state: ElsenState) -> None:
    place = _place(stored)
    sc = script(state, *_durations(place))
    index = min(place.line, len(sc.lines) - 1)
    timer = sc.lines[index].timer
    countdown = place.countdown if (timer and place.countdown and place.line == index
                                    and place.countdown.total == timer) else None
    if timer and countdown is None:
        countdown = Countdown.fresh(timer)
    st.html(narrator_html(sc, index, f"{stored.code}-{stored.seq}", countdown, time.time()),
            unsafe_allow_javascript=True)
    if countdown is not None:
        go, reset = st.columns([3, 1])
        if go.button("❚❚ Pause" if countdown.running else "▶ Démarrer le compte à rebours",
                     key="elsen_timer_go", width="stretch"):
            _save_place(stored, replace(place, line=index,
                                        countdown=countdown.toggled(time.time())))
        if reset.button("↺", key="elsen_timer_reset", width="stretch",
                        help="Remettre le compte à rebours au début"):
            _save_place(stored, replace(place, line=index, countdown=countdown.reset()))
    last = index == len(sc.lines) - 1
    confirm_only = sc.step in ("recognition", "dawn")
    back, forward = st.columns([1, 3])
    if back.button("◀ Retour", key="elsen_back", disabled=index == 0,
                   width="stretch"):
        _save_place(stored, place.moved(index - 1))
    label = "Suivant ▶" if not last or confirm_only else "Saisissez ci-dessous ▼"
    if forward.button(label, key="elsen_next", type="primary", width="stretch",
                      disabled=last and not confirm_only):
        if last:
            submit(stored, {"type": sc.step})
        else:
            _save_place(stored, place.moved(index + 1))
    if last and sc.step and not confirm_only:
        entry(stored, state, sc.step)


def settings_form(stored: StoredGame, state: ElsenState) -> None:
    """The host's durations, kept with the game's narrator place (not in this session)."""
    place = _place(stored)
    discussion, vote = _durations(place)
    st.session_state.setdefault("elsen_discussion", discussion)
    st.session_state.setdefault("elsen_vote", vote)

    def save() -> None:
        if is_host():
            session.positions().set_narrator(stored.code, replace(
                _place(stored), durations={"discussion": int(st.session_state.elsen_discussion),
                                           "vote": int(st.session_state.elsen_vote)}))

    st.number_input(f"Discussion (secondes) {HOUSE_MARK}", 30, 900, step=30,
                    key="elsen_discussion", on_change=save)
    st.number_input(f"Vote (secondes) {HOUSE_MARK}", 15, 300, step=15, key="elsen_vote",
                    on_change=save)
    house_note()
    st.caption(f"Vote : {THRESHOLD_LABELS[state.setup.settings['vote_threshold']]} · "
               f"mission fantôme : "
               f"{GHOST_LABELS[state.setup.settings['ghost_mission_reward']]}")


# --- entries at the end of a step -------------------------------------------------------------


def entry(stored: StoredGame, state: ElsenState, step: str) -> None:
    with st.container(border=True):
        {"deal": deal_entry, "mission": mission_entry, "vote": vote_entry}.get(
            step, night_entry)(stored, state, step)


def deal_entry(stored: StoredGame, state: ElsenState, step: str) -> None:
    data = state.data
    st.markdown("**Distribution des rôles**")
    if st.button("Tirer les rôles au sort (secret)", key="elsen_deal_random", type="primary",
                 icon=":material/casino:",
                 width="stretch"):
        setup = parse_setup(data, stored.setup)
        submit(stored, random_deal(data, setup, secrets.randbelow(2**31)))
    with st.expander("Ou saisir les cartes distribuées à la main"):
        roles = {}
        choices = [r.id for r in data.roles if r.special and r.id in state.setup.special_roles]
        choices = ["passager", "saboteur", *choices]
        for i, player in enumerate(state.players):
            roles[player] = st.selectbox(plain(player), choices, key=f"elsen_deal_{i}",
                                         format_func=lambda r: data.role(r).name)
        if st.button("Enregistrer cette distribution", key="elsen_deal_cards"):
            submit(stored, {"type": "deal", "method": "cards", "roles": roles})


def mission_entry(stored: StoredGame, state: ElsenState, step: str) -> None:
    data = state.data
    team = st.multiselect(f"Équipe choisie par {plain(state.first_player)} (au moins "
                          f"{state.min_team()})", state.aboard, key="elsen_team",
                          placeholder="Touchez pour choisir les membres")
    st.markdown("**Cartes révélées** (autant que de membres)")
    cards: list[str] = []
    # one row of columns per 4 cards: on a phone the columns stack and keep the data's order
    for row in range(0, len(data.action_cards), 4):
        columns = st.columns(4)
        for column, card in zip(columns, data.action_cards[row:row + 4], strict=False):
            count = column.number_input(card.name, 0, 15, 0, key=f"elsen_card_{card.id}")
            cards += [f"action-{card.id}"] * int(count)
    event = {"type": "mission", "team": team, "cards": cards}
    ready = len(team) >= state.min_team() and len(cards) == len(team)
    if team and cards:
        try:
            result = state.preview_mission(event)
        except RuleError as exc:
            st.info(plain(exc.reason))
        else:
            st.write(f"Résultat : +{number(result.added / 2)} jeton(s), mission à "
                     f"{number(result.progress / 2)}/{result.needed}"
                     + (" — réussie !" if result.completed else "")
                     + (" — sabotée" if result.sabotaged else "")
                     + (" — élimination cette nuit" if result.kill_due else ""))
            for violation in result.violations:
                st.warning(plain(f"Carte impossible : {violation.reason} "
                                 f"({rule_words(violation.rule)})"))
            if result.violations:
                ready = ready and _force(event)
    if st.button("Valider la mission", key="elsen_mission_ok", type="primary",
                 disabled=not ready, width="stretch"):
        submit(stored, event)


def _force(event: dict[str, Any]) -> bool:
    """Impossible cards are refused unless the host forces them with a reason, kept in the log
    (registre ELS-9). Adds « forcer » to the event; True when the mission may be sent."""
    if not st.checkbox("Forcer quand même (les cartes sont sur la table)", key="elsen_force"):
        return False
    reason = st.text_input("Raison (gardée au journal)", key="elsen_force_reason", max_chars=500)
    if reason.strip():
        event["forcer"] = reason.strip()
    return bool(reason.strip())


def night_entry(stored: StoredGame, state: ElsenState, step: str) -> None:
    role = {"protect": "policier", "seer": "voyante"}.get(step)
    if role and state.holder(role) in state.excluded:
        if st.button("Continuer (personne ne se réveille)", key=f"elsen_{step}_none",
                     type="primary", width="stretch"):
            submit(stored, {"type": step, "target": None})
        return
    options = ([p for p in state.aboard if state.alive[p]] if step == "kill"
               else state.aboard)
    choice = st.selectbox(STEP_LABELS[step], options, index=None, key=f"elsen_{step}_choice",
                          placeholder="Touchez pour choisir")
    if st.button("Valider", key=f"elsen_{step}_ok", type="primary", disabled=choice is None,
                 width="stretch"):
        submit(stored, {"type": step, ("victim" if step == "kill" else "target"): choice})


def vote_entry(stored: StoredGame, state: ElsenState, step: str) -> None:
    target = st.selectbox("Personne désignée", [None, *state.aboard], key="elsen_vote_target",
                          format_func=lambda p: "Personne (pas d'exclusion)" if p is None else p)
    votes = 0
    if target is not None:
        votes = int(st.number_input("Mains levées pour l'exclure", 0, len(state.aboard), 0,
                                    key="elsen_vote_count"))
        needed = state.votes_needed()
        st.write(f"{votes} voix sur {needed} nécessaires : "
                 + ("exclusion." if votes >= needed else "pas d'exclusion."))
    if st.button("Valider le vote", key="elsen_vote_ok", type="primary", width="stretch"):
        submit(stored, {"type": "vote", "target": target, "votes": votes})


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


def public_view(state: ElsenState) -> None:
    """Only what everyone may know: turn, ladders, missions won, excluded players."""
    st.title("ELSEN — à bord")
    if state.winner:
        st.success(f"Partie terminée : victoire des {state.winner} ({state.win_reason}).")
    left, right = st.columns(2)
    left.metric("Tour", f"{state.turn} / {state.data.turns}")
    right.metric("Missions réussies", f"{state.missions_won} / {state.data.missions_to_win}")
    st.progress(min(1.0, state.progress / (2 * state.needed)),
                text=f"Mission en cours : {number(state.progress / 2)} / {state.needed} jetons")
    st.progress(min(1.0, state.ghost_progress / state.needed),
                text=f"Mission fantôme : {state.ghost_progress} / {state.needed} jetons")
    st.text("Exclus : " + (", ".join(state.excluded) or "personne"))


def render() -> None:
    stored = current_game(GAME, setup_form)
    state = stored.state
    assert isinstance(state, ElsenState)
    if is_public_view():
        public_view(state)
        after_game(stored)
        toolbar(stored, describe)
        return
    st.title("ELSEN — meneur de jeu")
    st.caption(f"Tour {state.turn}/{state.data.turns} · mission {state.missions_won + 1} : "
               f"{number(state.progress / 2)}/{state.needed} · missions réussies "
               f"{state.missions_won}/{state.data.missions_to_win}")
    narrator(stored, state)
    if state.roles:
        secret_view(state)
    with st.expander("Réglages du meneur"):
        settings_form(stored, state)
    after_game(stored)
    toolbar(stored, describe)


def pages() -> list[st.Page]:
    """This module's pages, built for the current script run (see tableapp/navigation.py)."""
    return [st.Page(render, title="Meneur ELSEN", icon=":material/record_voice_over:",
                     url_path=GAME)]
