"""ELSEN at the table: the game master's narrator. One big « Suivant » walks through the script
of each phase (spoken by the browser), the facts of the night are entered as they happen, the
secrets hide behind a tap, and a public view (QR code) shows only what everyone may know.
Rules, resolution and script live in companion/games/elsen; this page only wires them."""

from __future__ import annotations

import secrets
import time
from collections.abc import Callable
from dataclasses import replace
from functools import partial
from typing import Any

import streamlit as st

from companion.core.errors import RuleError
from companion.core.text import counted, number
from companion.games.catalog import game_info
from companion.games.elsen.engine import ElsenState
from companion.games.elsen.mission import GHOST_REWARDS
from companion.games.elsen.narration import (
    DISCUSSION_SECONDS,
    NIGHT_ROLE_NAMES,
    NIGHT_ROLES,
    NIGHT_SECONDS,
    VOTE_SECONDS,
    script,
)
from companion.games.elsen.setup import (
    VOTE_THRESHOLDS,
    check_special_roles,
    elsen_data,
    parse_setup,
    random_deal,
)
from companion.games.elsen.texts import describe
from companion.hosting.positions import Countdown, NarratorPlace
from tableapp import session, tableclock
from tableapp.aftergame import after_game
from tableapp.gamepage import (
    READ_ONLY,
    StoredGame,
    correction,
    current_game,
    is_host,
    is_public_view,
    live_view,
    toolbar,
    write_at_tap,
)
from tableapp.pages import elsen_table
from tableapp.pages.elsen_forms import FORMS, deal_form
from tableapp.pages.elsen_voice import narrator_html
from tableapp.shell import HOUSE_MARK, house_note
from tableapp.usertext import plain

GAME = "elsen"
SECTION = game_info(GAME).title
SECRET_SECONDS = 15
THRESHOLD_LABELS = {"strict_majority": "plus de la moitié des joueurs à bord",
                    "at_least_half": "au moins la moitié des joueurs à bord"}
DISCUSSION_CHOICES = (60, 120, 180, 300, 480)  # seconds, as buttons (défaut maison: ELS-15)
VOTE_CHOICES = (30, 60, 90, 120)
NIGHT_CHOICES = (10, 15, 20, 30, 45, 60)  # a night role's countdown (ELS-19)
GHOST_LABELS = {"one_token": "+1 jeton sur la mission en cours",
                "complete_mission": "la mission en cours est réussie",
                "none": "rien (l'échelle fantôme repart à 0)"}

# --- setup ------------------------------------------------------------------------------------


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
    try:
        check_special_roles(data, n, list(chosen))
    except RuleError as exc:
        st.error(plain(exc.reason))
        return None
    return {"special_roles": list(chosen), "first_player": first,
            "settings": {"vote_threshold": threshold, "ghost_mission_reward": ghost}}


# --- narration --------------------------------------------------------------------------------


def _place(code: str, step: int) -> NarratorPlace:
    """Where the narrator stands at the step after `step` effective entries (_step): kept with
    the game on the server, so a refresh, a sleeping tablet or a restart find the same line
    and the same remaining time, and an undo, a redo or a correction keep it."""
    return session.positions().narrator(code).at(step)


def _step(stored: StoredGame) -> int:
    """Which step the game is at, for the narrator: its number of effective entries (a
    correction keeps it, an undo or a redo moves it by one)."""
    return len(stored.entries)


def _durations(place: NarratorPlace) -> tuple[int, int]:
    durations = place.durations or {}
    return (int(durations.get("discussion", DISCUSSION_SECONDS)),
            int(durations.get("vote", VOTE_SECONDS)))


def _night(place: NarratorPlace) -> dict[str, int] | None:
    """Seconds of countdown per night role, or None when the game master left them off."""
    if not place.night:
        return None
    durations = place.durations or {}
    return {role: int(durations.get(role, NIGHT_SECONDS[role])) for role in NIGHT_ROLES}


def _moved(code: str, step: int, line: int, start: float | None = None) -> None:
    """« Suivant » / « Retour » (a callback: the narrator's fragment then runs once, with the
    new line). A night role's countdown starts by itself when its line comes (`start`)."""
    if not is_host():  # rights asked again now: a revoked link moves nothing
        st.session_state["elsen_refused"] = True
        return
    place = _place(code, step).moved(line)
    if start:
        place = replace(place, countdown=Countdown.fresh(start).toggled(time.time()))
    session.positions().set_narrator(code, place)


def _timer(code: str, step: int, line: int, countdown: Countdown,
           reset: bool = False) -> None:
    """Start, pause (at the moment of the tap, not of the drawing) or reset the countdown of
    this line (a callback, like _moved)."""
    if not is_host():
        st.session_state["elsen_refused"] = True
        return
    changed = countdown.reset() if reset else countdown.toggled(time.time())
    session.positions().set_narrator(code, replace(_place(code, step), line=line,
                                                   countdown=changed))


def narrator(stored: StoredGame) -> None:
    """The current line, its buttons and the step's entry. Inside the game's view (one
    fragment, gamepage.live_view): « Suivant », « Retour », the countdown's buttons and the
    entry's widgets rerun the view only, never the app around it, and an entry is written by
    its tap (one run)."""
    if st.session_state.pop("elsen_refused", False):
        st.error(READ_ONLY)
    state = stored.state
    assert isinstance(state, ElsenState)
    code, seq, step = stored.code, stored.seq, _step(stored)
    place = _place(code, step)
    sc = script(state, *_durations(place), night=_night(place))
    index = min(place.line, len(sc.lines) - 1)
    timer = sc.lines[index].timer
    night = sc.step != "vote"  # the countdowns are the vote's (day) or a night role's
    countdown = place.countdown if (timer and place.countdown and place.line == index
                                    and place.countdown.total == timer) else None
    if timer and countdown is None:
        countdown = Countdown.fresh(timer)
    now = time.time()
    st.html(narrator_html(sc, index, f"{code}-{step}", countdown, now, night),
            unsafe_allow_javascript=True)
    if countdown is not None:
        go, reset = st.columns([3, 1])
        go.button("Pause" if countdown.running else "Démarrer le compte à rebours",
                  key="elsen_timer_go", width="stretch",
                  icon=":material/pause:" if countdown.running else ":material/play_arrow:",
                  on_click=_timer, args=(code, step, index, countdown))
        reset.button("Remettre", key="elsen_timer_reset", width="stretch",
                     icon=":material/replay:", help="Remettre le compte à rebours au début",
                     on_click=_timer, args=(code, step, index, countdown, True))
    last = index == len(sc.lines) - 1
    confirm_only = sc.step in ("recognition", "dawn")
    back, forward = st.columns([1, 3])
    back.button("Retour", key="elsen_back", disabled=index == 0, width="stretch",
                icon=":material/arrow_back:", on_click=_moved, args=(code, step, index - 1))
    # What a tap means is bound when the button is drawn (its callback's arguments): in the
    # run after a tap the line has already moved, and the button's own value would lie.
    if last:  # nothing to enter (first night, dawn): the step itself is written at the tap
        action, args = write_at_tap, (code, seq, {"type": sc.step})
    else:
        ahead = sc.lines[index + 1].timer
        action, args = _moved, (code, step, index + 1, ahead if night and sc.step else None)
    forward.button("Suivant" if not last or confirm_only else "Saisissez ci-dessous",
                   key="elsen_next", type="primary", width="stretch",
                   icon=":material/arrow_forward:" if not last or confirm_only
                   else ":material/arrow_downward:",
                   disabled=last and not confirm_only, on_click=action, args=args)
    if last and sc.step and not confirm_only:
        entry(stored, sc.step)


def _public_phase(code: str, step: int, state: ElsenState) -> tuple[str, Countdown | None]:
    """The public screen's phase (the table hears it) and the vote's countdown, started or
    paused by the host; never a night one (ELS-19: the night's step is the narrator's)."""
    place = _place(code, step)
    sc = script(state, *_durations(place), night=_night(place))
    if sc.step != "vote":
        return sc.title, None
    index = min(place.line, len(sc.lines) - 1)
    timer = sc.lines[index].timer
    running = place.countdown if (timer and place.countdown and place.line == index
                                  and place.countdown.total == timer) else None
    return sc.title, running


def settings_form(stored: StoredGame) -> None:
    """The host's durations and night countdowns, kept with the game's narrator place (not in
    this session: another tablet of the host finds them)."""
    state = stored.state
    assert isinstance(state, ElsenState)
    place = _place(stored.code, _step(stored))
    discussion, vote = _durations(place)
    night = _night(place) or {r: int((place.durations or {}).get(r, NIGHT_SECONDS[r]))
                              for r in NIGHT_ROLES}
    keys = {"discussion": "elsen_discussion", "vote": "elsen_vote",
            **{role: f"elsen_night_{role}" for role in NIGHT_ROLES}}
    for name, value in {"discussion": discussion, "vote": vote, **night}.items():
        st.session_state.setdefault(keys[name], value)
    st.session_state.setdefault("elsen_night", place.night)

    def save() -> None:
        if is_host():
            session.positions().set_narrator(stored.code, replace(
                _place(stored.code, _step(stored)), night=bool(st.session_state.elsen_night),
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


# --- entries at the end of a step -------------------------------------------------------------


def entry(stored: StoredGame, step: str) -> None:
    """The step's new entry, built by the same form that corrects it (elsen_forms.FORMS),
    written by the tap on its button (gamepage.write_at_tap)."""
    with st.container(border=True):
        if step == "deal":
            st.markdown("**Distribution des rôles**")
            st.button("Tirer les rôles au sort (secret)", key="elsen_deal_random",
                      type="primary", icon=":material/casino:", width="stretch",
                      on_click=write_at_tap,
                      args=(stored.code, stored.seq, partial(_random_deal, stored.setup)))
            with st.expander("Ou saisir les cartes distribuées à la main"):
                deal_form(stored, None, "elsen")
        else:
            FORMS[step](stored, None, "elsen")  # written at the tap on its button


def _random_deal(setup: dict[str, Any]) -> dict[str, Any]:
    """The deal drawn at the tap: its seed and the roles it gave, both kept (ELS-17)."""
    data = elsen_data()
    return random_deal(data, parse_setup(data, setup), secrets.randbelow(2**31))


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


PUBLIC_TITLE, HOST_TITLE = "ELSEN — à bord", "ELSEN — meneur de jeu"


def render() -> None:
    heading = st.empty()  # a title above a new game's form too
    heading.title(PUBLIC_TITLE if session.is_public_view() else HOST_TITLE)
    stored = current_game(GAME, setup_form)
    if is_public_view():
        heading.title(PUBLIC_TITLE)
    live_view(stored, _game)


def _game(stored: StoredGame) -> None:
    """The game's view, one fragment (gamepage.live_view): a tap in it reruns it alone, with
    the game read again."""
    state = stored.state
    assert isinstance(state, ElsenState)
    if is_public_view():
        seat = elsen_table.seat_from_link(stored.code, state.players)
        tableclock.banner(GAME, state.summary(), state.players, secret_seat=seat)
        elsen_table.public_clock(partial(_public_phase, stored.code, _step(stored), state))
        if seat is not None:
            elsen_table.seat_role(state, seat)
        elsen_table.public_view(state)
        after_game(stored)
        toolbar(stored, describe)
        return
    st.caption(f"Tour {state.turn}/{state.data.turns} · mission {state.missions_won + 1} : "
               f"{number(state.progress / 2)}/{state.needed} · missions réussies "
               f"{state.missions_won}/{state.data.missions_to_win}")
    # a past entry tapped in the history: its form, prefilled, instead of the narrator's entry
    if not correction(stored, describe, FORMS):
        narrator(stored)
    if state.roles:
        secret_view(state)
    if st.toggle("Rôles sur les téléphones des joueurs", key="elsen_seats"):
        with st.container(border=True):
            elsen_table.seat_links(stored.code, state.players)
    # drawn only when asked for: a collapsed expander would still build and send it each run
    if st.toggle("Réglages du meneur", key="elsen_settings"):
        with st.container(border=True):
            settings_form(stored)
    after_game(stored)
    toolbar(stored, describe)


def pages() -> list[st.Page]:
    """This module's pages, built for the current script run (see tableapp/navigation.py)."""
    return [st.Page(render, title="Meneur ELSEN", icon=":material/record_voice_over:",
                     url_path=GAME)]


def print_controls() -> dict[str, Any]:
    """The print page's choices for ELSEN (tableapp.pages.printing): the table's size."""
    return {"players": int(st.number_input("ELSEN : nombre de joueurs", 5, 15, 15,
                                           key="print_players"))}


def awaited(summary: dict[str, Any]) -> tuple[str | None, str]:
    """Whose turn and what the table waits for (tableapp.tableclock's banner)."""
    step = summary.get("next")
    if step == "mission":
        return summary["first_player"], "choisir l'équipe de la mission"
    words = {"deal": "la distribution des rôles", "recognition": "la première nuit",
             "vote": "le débat et le vote", "dawn": "le réveil"}
    return None, words.get(step or "", "la nuit : yeux fermés")
