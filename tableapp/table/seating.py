"""Seating a new game with the players' profiles (docs/stats.md), and the night a device is
playing: the pieces the shared « Nouvelle partie » form (tableapp/table/opening.py) calls.

A seat whose typed name is a profile's (case, spaces and Unicode form ignored) is tied to that
profile when the game starts if this device may change the profile (it created it, or it is
the organiser's: registre TAB-8); otherwise the name stays a guest's and the game waits for
the profile's owner to accept it on the « Joueurs » page (companion/stats/seats.py): a stranger
typing someone's name writes nothing into that person's statistics. The profile chips fill the
next empty seat, in the order they are touched, which is the table order."""

from __future__ import annotations

import streamlit as st

from companion.core.errors import CompanionError
from companion.events.store import default_location
from companion.stats.nights import Night
from companion.stats.storage import StatsStore
from tableapp.device import ownership
from tableapp.look.usertext import plain
from tableapp.process import shared
from tableapp.process.perprocess import PerProcess

_NIGHT_KEY = "_compagnon_night"  # (night id, key) of the night this session is playing
_NIGHTS_KEY = "_compagnon_nights"  # night id -> key, the nights this session opened
_WAITING_KEY = "_compagnon_seats_waiting"  # names whose profile's owner must accept the game


@PerProcess  # the process's, not a cache a browser may clear (tableapp/process/perprocess.py)
def _stats_at(path: str) -> StatsStore:
    return StatsStore(shared.store())


def stats_store() -> StatsStore:
    """Profiles, nights and seats (one per database path, shared by all sessions)."""
    return _stats_at(str(default_location()))


# --- the night being played ---------------------------------------------------------------------


def remember_night(night_id: int, key: str) -> None:
    st.session_state.setdefault(_NIGHTS_KEY, {})[night_id] = key


def known_nights() -> dict[int, str]:
    return dict(st.session_state.get(_NIGHTS_KEY, {}))


def night_key(night_id: int | None) -> str | None:
    """The key this session holds for a night (opened here, or the night being played)."""
    playing = st.session_state.get(_NIGHT_KEY)
    if playing and playing[0] == night_id:
        return str(playing[1]) or None
    return known_nights().get(night_id or 0)


def play_in_night(night_id: int | None, key: str = "") -> None:
    """Games this session starts from now on join this night (None: no night)."""
    if night_id is None:
        st.session_state.pop(_NIGHT_KEY, None)
    else:
        st.session_state[_NIGHT_KEY] = (night_id, key)


def active_night() -> Night | None:
    """The night new games join, if this session opened one with its key (or is the
    organiser's: registre TAB-8)."""
    value = st.session_state.get(_NIGHT_KEY)
    if not value:
        return None
    night_id, key = value
    stats = stats_store()
    try:
        if stats.may_change_night(night_id, ownership.rights(night_key=key)):
            return stats.night(night_id)
    except CompanionError:
        pass
    play_in_night(None)
    return None


# --- the seating form ---------------------------------------------------------------------------


def _seat_key(game: str, seat: int) -> str:
    return f"np_{game}_seat_{seat}"


def _chips_key(game: str) -> str:
    return f"np_{game}_profiles"


def _fill_seats(game: str, low: int, high: int) -> None:
    """A chip touched: its name goes to the first empty seat (none left: the chip stays off,
    choose more players first); a chip released empties the seat holding its name."""
    key = _chips_key(game)
    chosen = list(st.session_state.get(key) or [])
    before = list(st.session_state.get(key + "_before") or [])
    count = int(st.session_state.get(f"np_{game}_count") or low)
    for name in before:
        if name not in chosen:
            for seat in range(high):
                if st.session_state.get(_seat_key(game, seat), "").strip().casefold() == \
                        name.casefold():
                    st.session_state[_seat_key(game, seat)] = ""
    for name in chosen:
        if name in before:
            continue
        empty = [s for s in range(count) if not st.session_state.get(_seat_key(game, s), "")
                 .strip()]
        if empty:
            st.session_state[_seat_key(game, empty[0])] = name
        elif count < high:  # every seat taken: the count follows the players chosen
            st.session_state[_seat_key(game, count)] = name
            count += 1
            st.session_state[f"np_{game}_count"] = count
        else:  # the table is full: the chip stays off, and the form says so (opening.py)
            chosen.remove(name)
            st.session_state[f"np_{game}_left_out"] = [name]
    st.session_state[key] = chosen
    st.session_state[key + "_before"] = chosen


def profile_chips(game: str, low: int, high: int) -> None:
    """The profiles as chips above the seats, and the night the game will join."""
    night = active_night()
    if night is not None:
        st.caption(f"Cette partie rejoindra la soirée « {plain(night.title)} ».")
    try:
        profiles = stats_store().profiles()
    except CompanionError as exc:
        st.warning(plain(f"Profils des joueurs indisponibles : {exc}"))
        return
    if not profiles:
        st.caption("Astuce : enregistrez les joueurs (page «\u00a0Joueurs\u00a0») pour les "
                   "retrouver d'une partie à l'autre et suivre leurs statistiques.")
        return
    st.pills("Joueurs enregistrés : touchez-les dans l'ordre de la table",
             [p.name for p in profiles], selection_mode="multi", format_func=plain,
             key=_chips_key(game),
             on_change=_fill_seats, args=(game, low, high))


def save_new_profiles_choice(game: str, names: list[str]) -> None:
    """Offer to keep the names typed that are no profile yet."""
    try:
        known = {p.name.casefold() for p in stats_store().profiles()}
    except CompanionError:
        return
    new = [n for n in names if " ".join(n.split()).casefold() not in known]
    if new:
        st.checkbox(f"Enregistrer {'ce joueur' if len(new) == 1 else 'ces joueurs'} "
                    f"({plain(', '.join(new))}) pour les prochaines parties",
                    key=f"np_{game}_save_profiles")


def after_create(game: str, code: str, names: list[str]) -> None:
    """Create the profiles asked for, tie the seats whose names are profiles this device may
    change, and put the game in the night being played. A failure here never undoes the
    game: it is said, and so are the names left waiting for their profile's owner."""
    stats = stats_store()
    try:
        if st.session_state.get(f"np_{game}_save_profiles"):
            for name in names:
                if stats.find(name) is None:
                    stats.create_profile(name, creator=ownership.creator_key())
        wait_for_owners(stats.seat_by_name(code, names, by=ownership.rights()))
        night = active_night()
        if night is not None:
            stats.attach(night.id, code, by=ownership.rights(night_key=night_key(night.id)))
    except CompanionError as exc:
        st.session_state["_compagnon_seating_error"] = str(exc)
    for key in (_chips_key(game), _chips_key(game) + "_before", f"np_{game}_save_profiles"):
        st.session_state.pop(key, None)


def wait_for_owners(names: list[str], guests: list[str] | None = None) -> None:
    """Say on the game's page (`seating_error`) which names wait for their profile's owner,
    and which play as guests (a rematch's profile seated under another name: no request)."""
    if names or guests:
        st.session_state[_WAITING_KEY] = (list(names), list(guests or []))


def seating_error() -> None:
    """Say once what could not be linked after a game was created, and which names wait for
    their profile's owner."""
    message = st.session_state.pop("_compagnon_seating_error", None)
    if message:
        st.warning(plain(f"La partie est créée, mais les profils ou la soirée n'ont pas pu "
                         f"être liés : {message}"))
    waiting, guests = st.session_state.pop(_WAITING_KEY, None) or ([], [])
    if waiting:
        st.info(plain(waiting_sentence(waiting)))
    if guests:
        which = ", ".join(f"« {name} »" for name in guests)
        one = len(guests) == 1
        whose, them, as_ = (("son profil est", "le", "invité") if one else
                            ("leurs profils sont", "les", "invités"))
        st.info(plain(f"{which} : {whose} à un autre appareil ; cette partie {them} compte "
                      f"comme {as_}."))


def waiting_sentence(names: list[str]) -> str:
    """What a device hears when it typed names of profiles it may not change."""
    which = ", ".join(f"« {name} »" for name in names)
    return (f"{which} : {'ce profil est' if len(names) == 1 else 'ces profils sont'} à un "
            "autre appareil. La partie comptera dans ses statistiques quand son propriétaire "
            "(ou l'organisateur) l'acceptera, page « Joueurs » ; d'ici là, c'est un invité.")
