"""What every game page shows below its play area (one call, `after_game(stored)`): the score
chart and the per-round history (the same shape as Noé's), and « Revanche » once the game is
over. The figures come from the game's record (companion/stats), i.e. from its log.

Only public facts: the records of unfinished games carry no secret (ELSEN's roles appear only
once the game is over), so the public view shows the same history."""

from __future__ import annotations

from typing import Any

import streamlit as st

from companion.core.errors import CompanionError, UsageError
from companion.events.logfile import title_of
from companion.events.rematch import rematch_seats, rematch_setup
from companion.events.store import StoredGame
from companion.hosting.access import HOST
from companion.stats.bgstats import QR_MAX, bgstats_link, bgstats_play, start_player_of
from companion.stats.charts import rounds_spec
from companion.stats.figures import Played
from companion.stats.identity import fold
from companion.stats.record import GameRecord, Rounds, number_text, record_from_state
from companion.stats.storage import profile_key
from tableapp.device import ownership, session
from tableapp.look import a11y
from tableapp.look.usertext import plain
from tableapp.process import shared
from tableapp.table import seating, sharing
from tableapp.table.gamepage import is_host
from tableapp.table.history import window
from tableapp.table.opening import open_game

ROUND_ROWS = 50  # rounds in the history's table at once (the latest; older a page at a time)
CHART_ROUNDS = 200  # rounds the chart draws at most (evenly spread, the last one always)


def record_of_stored(stored: StoredGame) -> GameRecord:
    """The game's record, made once per snapshot and shared by every screen showing it."""
    return stored.kept("record", lambda: record_from_state(
        stored.game, stored.setup, stored.events, stored.summary(), stored.code,
        stored.created))


def history_rows(rounds: Rounds, shown: range | None = None) -> list[dict[str, Any]]:
    """One row per round (those in `shown`, default all): each series as « +3 (17) »
    (gained, then total), and the note."""
    rows = []
    for row in (rounds.rows if shown is None else rounds.rows[shown.start:shown.stop]):
        line: dict[str, Any] = {rounds.label: row.number}
        for series in rounds.series:
            gain = row.gains[series]
            sign = "+" if gain > 0 else ""
            line[series] = f"{sign}{number_text(gain)} ({number_text(row.totals[series])})"
        line["Détail"] = row.note
        rows.append(line)
    return rows


def profile_colours(code: str, players: list[str]) -> dict[str, str]:
    """A seat's name -> its profile's colour, for the seats tied to a profile."""
    stats = seating.stats_store()
    try:
        seats = stats.seats(code)
        colours = {p.id: p.colour for p in stats.profiles()}
    except CompanionError:
        return {}
    return {players[seat]: colours[profile] for seat, profile in seats.items()
            if seat < len(players) and profile in colours}


def round_history(record: GameRecord, key: str) -> None:
    rounds = record.rounds
    if rounds is None:
        return
    label = rounds.label.lower()
    if not rounds.rows:
        st.caption(f"Courbe et historique par {label} : après le premier {label} terminé."
                   if label != "manche" else
                   "Courbe et historique par manche : après la première manche comptée.")
        return
    if not st.toggle(f"Courbe et historique par {label} ({rounds.unit})", key=key):
        return
    # bounded however long the game (issue 38): the curve through at most CHART_ROUNDS
    # rounds, the table a page of ROUND_ROWS
    st.vega_lite_chart(rounds_spec(rounds, profile_colours(record.code, record.players),
                                   at_most=CHART_ROUNDS), width="stretch")
    shown = window(len(rounds.rows), f"{key}_{record.code}", ROUND_ROWS, rounds.label)
    st.dataframe(history_rows(rounds, shown), hide_index=True, width="stretch")


def after_game(stored: StoredGame, *, history: bool = True) -> None:
    """The per-round history (unless the page draws its own) and « Revanche »."""
    seating.seating_error()
    try:
        record = record_of_stored(stored)
    except CompanionError as exc:  # a page never breaks for its statistics
        st.caption(plain(f"Historique indisponible : {exc}"))
        return
    if history:
        round_history(record, key=f"rounds_{stored.game}")
    if record.finished:
        send_to_bgstats(stored, record)
    if record.finished and is_host():
        if st.button("Revanche : mêmes joueurs, places tournées", key="rematch",
                     width="stretch", help="Mêmes options ; chacun avance d'une place"):
            start_rematch(stored.code)


def send_to_bgstats(stored: StoredGame, record: GameRecord) -> None:
    """« Envoyer à BG Stats »: the play as BG Stats' push link and its QR code, opened by a
    player's own device (nothing is sent from the server). Drawn only when asked for."""
    if not st.toggle("Envoyer à BG Stats", key=f"bgstats_{stored.code}",
                     help="Enregistre la partie dans l'application BG Stats d'un joueur"):
        return
    who: dict[str, str] = {}
    names: dict[str, str] = {}
    try:
        stats = seating.stats_store()
        who = {record.players[seat]: profile_key(profile)
               for seat, profile in stats.seats(stored.code).items()
               if seat < len(record.players)}
        names = stats.names()
    except CompanionError:  # without profiles, the names as typed
        pass
    link = bgstats_link(bgstats_play(Played(record, who), names=names,
                                     start_player=start_player_of(stored.setup)))
    st.link_button("Ouvrir dans BG Stats", link, icon=":material/open_in_new:",
                   width="stretch")
    if len(link.encode()) <= QR_MAX:
        a11y.picture(sharing.qr_png(link), "QR code : ouvre « Envoyer à BG Stats » pour cette "
                     "partie", width=240, caption="À scanner avec le téléphone qui a BG Stats")
    else:
        st.caption("Le lien est trop long pour un QR code : ouvrez-le sur le téléphone qui a "
                   "BG Stats.")


def start_rematch(code: str) -> None:
    """A new game: same players and options, seats rotated, the profiles this device may
    change at their new seats (the others wait for their owners), in the same night; this
    device hosts it. Opens it (st.switch_page)."""
    events = shared.store()
    stats = seating.stats_store()
    try:
        old = events.load(code)
        setup = rematch_setup(old.game, old.setup)
        new = events.create(old.game, setup, title=title_of(setup["players"],
                                                            str(setup.get("name") or "")))
        token, _grant = shared.access().issue(new, HOST, label="revanche")
        session.become_host(new, token)
        # the profiles this device may change follow their players; the others are the
        # rematch's requests to their owners, as at any new game (companion/stats/seats.py)
        rights = ownership.rights()
        mine = stats.changeable_profiles(rights)
        moved = rematch_seats(stats.seats(code), len(setup["players"]))
        seats = {seat: profile for seat, profile in moved.items() if profile in mine}
        if seats:
            stats.seat(new, seats, by=rights)
        # a profile seated under its own name makes a request its owner may accept; one seated
        # under another name (« rouge ») plays this rematch as a guest
        names = {p.id: fold(p.name) for p in stats.profiles()}
        left = [seat for seat in moved if seat not in seats]
        seating.wait_for_owners(
            [setup["players"][s] for s in left if fold(setup["players"][s]) == names.get(
                moved[s])],
            guests=[setup["players"][s] for s in left if fold(setup["players"][s]) != names.get(
                moved[s])])
        night = stats.night_of(code)
        rights = ownership.rights(night_key=seating.night_key(night))
        if night is not None and stats.may_change_night(night, rights):
            stats.attach(night, new, by=rights)  # the night's devices and the organiser's
    except (CompanionError, UsageError) as exc:
        st.error(plain(f"Revanche impossible : {exc}"))
        return
    session.set_code(old.game, new)
    open_game(new)
