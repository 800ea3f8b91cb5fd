"""ELSEN's narrator for the game master: the current line of the script and its buttons
(« Suivant », « Retour », the countdown), the step's entry at the end of each step, and where
the narrator stands, kept with the game on the server (the line, the countdown, the durations
chosen). Apart from elsen.py, which lays out the game's view around it (secrets, seat links,
settings, public screen): this is the one part that walks the script."""

from __future__ import annotations

import secrets
import time
from collections.abc import Callable
from dataclasses import replace
from functools import partial
from typing import Any

import streamlit as st

from companion.games.elsen.engine import ElsenState
from companion.games.elsen.narration import (
    DISCUSSION_SECONDS,
    NIGHT_ROLES,
    NIGHT_SECONDS,
    VOTE_SECONDS,
    script,
)
from companion.games.elsen.setup import elsen_data, parse_setup, random_deal
from companion.hosting.positions import Countdown, NarratorPlace
from tableapp.pages.elsen import bar
from tableapp.pages.elsen.forms import FORMS, deal_form
from tableapp.pages.elsen.voice import narrator_html
from tableapp.process import shared
from tableapp.table.gamepage import READ_ONLY, StoredGame, is_host


def narrator_place(code: str, step: int) -> NarratorPlace:
    """Where the narrator stands at the step after `step` effective entries (narrator_step):
    kept with the game on the server, so a refresh, a sleeping tablet or a restart find the
    same line and the same remaining time, and an undo, a redo or a correction keep it."""
    return shared.positions().narrator(code).at(step)


def narrator_step(stored: StoredGame) -> int:
    """Which step the game is at, for the narrator: its number of effective entries (a
    correction keeps it, an undo or a redo moves it by one)."""
    return len(stored.entries)


def day_durations(place: NarratorPlace) -> tuple[int, int]:
    durations = place.durations or {}
    return (int(durations.get("discussion", DISCUSSION_SECONDS)),
            int(durations.get("vote", VOTE_SECONDS)))


def night_countdowns(place: NarratorPlace) -> dict[str, int] | None:
    """Seconds of countdown per night role, or None when the game master left them off."""
    if not place.night:
        return None
    durations = place.durations or {}
    return {role: int(durations.get(role, NIGHT_SECONDS[role])) for role in NIGHT_ROLES}


def _moved(code: str, step: int, line: int, start: float | None = None) -> None:
    """« Suivant » / « Retour » (a callback: the narrator's fragment then runs once, with the
    new line). A night role's countdown starts by itself when its line comes (`start`)."""
    if not is_host():  # rights asked again now: a revoked link moves nothing
        bar.refuse("elsen_next", READ_ONLY)
        return
    place = narrator_place(code, step).moved(line)
    if start:
        place = replace(place, countdown=Countdown.fresh(start).toggled(time.time()))
    shared.positions().set_narrator(code, place)


def _timer(code: str, step: int, line: int, countdown: Countdown,
           reset: bool = False) -> None:
    """Start, pause (at the moment of the tap, not of the drawing) or reset the countdown of
    this line (a callback, like _moved)."""
    if not is_host():
        bar.refuse("elsen_timer_go", READ_ONLY)
        return
    changed = countdown.reset() if reset else countdown.toggled(time.time())
    shared.positions().set_narrator(code, replace(narrator_place(code, step), line=line,
                                                   countdown=changed))


def narrator(stored: StoredGame) -> None:
    """The current line, its buttons and the step's entry. Inside the game's view (one
    fragment, gamepage.live_view): « Suivant », « Retour », the countdown's buttons and the
    entry's widgets rerun the view only, never the app around it, and an entry is written by
    its tap (one run). A refused tap says why beside its button (bar.py)."""
    with bar.refusals():
        _narrator(stored)


def _narrator(stored: StoredGame) -> None:
    state = stored.state
    assert isinstance(state, ElsenState)
    code, seq, step = stored.code, stored.seq, narrator_step(stored)
    place = narrator_place(code, step)
    sc = script(state, *day_durations(place), night=night_countdowns(place))
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
        bar.say("elsen_timer_go")
    last = index == len(sc.lines) - 1
    back = partial(_back_button, code, step, index)
    if last and sc.step and sc.step not in ("recognition", "dawn"):
        entry(stored, sc.step, back)  # its « Valider » in the bar, below what it confirms
        return
    # What a tap means is bound when the button is drawn (its callback's arguments): in the
    # run after a tap the line has already moved, and the button's own value would lie.
    action: Callable[..., None] | None
    args: tuple[Any, ...]
    if last and not sc.step:  # the game is over: nothing more to enter
        action, args = None, ()
    elif last:  # nothing to enter (first night, dawn): the step itself is written at the tap
        action, args = bar.write, (code, seq, {"type": sc.step}, "elsen_next")
    else:
        ahead = sc.lines[index + 1].timer
        action, args = _moved, (code, step, index + 1, ahead if night and sc.step else None)

    def forward(where: Any) -> None:
        over = action is None
        where.button("Partie terminée" if over else "Suivant", key="elsen_next", type="primary",
                     width="stretch", disabled=over,
                     icon=":material/flag:" if over else ":material/arrow_forward:",
                     on_click=action, args=args)

    bar.bar("elsen_next", forward, back)


def _back_button(code: str, step: int, index: int, where: Any) -> None:
    where.button("Retour", key="elsen_back", disabled=index == 0, width="stretch",
                 icon=":material/arrow_back:", on_click=_moved, args=(code, step, index - 1))


def public_phase(code: str, step: int, state: ElsenState) -> tuple[str, Countdown | None]:
    """The public screen's phase (the table hears it) and the vote's countdown, started or
    paused by the host; never a night one (ELS-19: the night's step is the narrator's)."""
    place = narrator_place(code, step)
    sc = script(state, *day_durations(place), night=night_countdowns(place))
    if sc.step != "vote":
        return sc.title, None
    index = min(place.line, len(sc.lines) - 1)
    timer = sc.lines[index].timer
    running = place.countdown if (timer and place.countdown and place.line == index
                                  and place.countdown.total == timer) else None
    return sc.title, running


def entry(stored: StoredGame, step: str, back: bar.Draw) -> None:
    """The step's new entry, built by the same form that corrects it (forms.FORMS),
    written by the tap on its button (bar.write), in the bar with « Retour »."""
    with st.container(border=True, key=bar.ENTRY):
        if step == "deal":
            st.markdown("**Distribution des rôles**")
            # one line, nothing to go back to: the draw alone in its bar
            bar.bar("elsen_deal_random", partial(_random_button, stored))
            with st.expander("Ou saisir les cartes distribuées à la main"):
                deal_form(stored, None, "elsen")
        else:
            with bar.with_back(back):
                FORMS[step](stored, None, "elsen")  # written at the tap on its button


def _random_button(stored: StoredGame, where: Any) -> None:
    where.button("Tirer les rôles au sort (secret)", key="elsen_deal_random", type="primary",
                 icon=":material/casino:", width="stretch", on_click=bar.write,
                 args=(stored.code, stored.seq, partial(_random_deal, stored.setup),
                       "elsen_deal_random"))


def _random_deal(setup: dict[str, Any]) -> dict[str, Any]:
    """The deal drawn at the tap: its seed and the roles it gave, both kept (ELS-17)."""
    data = elsen_data()
    return random_deal(data, parse_setup(data, setup), secrets.randbelow(2**31))
