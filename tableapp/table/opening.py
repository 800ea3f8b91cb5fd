"""Opening a game when the URL names none: the « Nouvelle partie » form (the players' names in
seat order, then the page's own setup form), « Reprendre une partie » (this device's games, a
code typed, a log imported), and going to the page of a game by its code. Apart from
tableapp/table/gamepage.py, which shows a game once it is open (its live view, toolbar and notices):
these are the screens before there is one, and the device that creates or imports a game
becomes its host here."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

import streamlit as st

from companion.core.errors import CompanionError, RuleError
from companion.core.loader import load_game
from companion.core.registry import game_info
from companion.core.safejson import MAX_BYTES as LOG_BYTES
from companion.core.text import counted, date_time
from companion.events.logfile import title_of
from companion.events.store import GameSummary, is_valid_code, normalize_code
from companion.hosting.access import HOST
from tableapp.device import session
from tableapp.device.writing import show_rule_error
from tableapp.look.navigation import game_pages
from tableapp.look.usertext import plain
from tableapp.process import shared, uploading
from tableapp.table import seating

SetupForm = Callable[[list[str]], dict[str, Any] | None]
MAX_NAME = 40


def open_game(code: str) -> None:
    """Go to the page of the game with this code (st.switch_page); shows st.error and returns
    when the code is unknown or its game has no page yet."""
    code = normalize_code(code)
    if not is_valid_code(code):
        st.error("Un code de partie a 6 lettres ou chiffres (par exemple « K7M3QP »).")
        return
    game = shared.store().game_of(code)
    if game is None:
        st.error(f"Aucune partie avec le code « {code} ».")
        return
    page = game_pages().get(game)
    if page is None:
        st.error(f"{game_info(game).title} n'a pas encore de page dans l'assistant.")
        return
    if session.is_public_view():  # a public screen stays public on the other game's page
        st.switch_page(page, query_params={"code": code, "view": session.PUBLIC_VIEW})
    session.set_code(game, code)
    params = {"code": code}
    token = session.device().token(code)
    if token:  # this device hosts it; any other device joins it read-only
        params[session.HOST_PARAM] = token
    st.switch_page(page, query_params=params)


def _player_names(game: str) -> tuple[list[str] | None, str | None]:
    """Seat-ordered names typed by the table, or (None, why not) while incomplete: the reason
    is said beside « Commencer la partie », not above the form."""
    span = game_info(game).players  # a score sheet has no data: its span is in the catalog
    if span is None:
        data = load_game(game)
        span = (data.players.min, data.players.max)
    low, high = span
    count_key = f"np_{game}_count"
    # no default= : the saved players' chips raise the count as they are touched
    # (seating._fill_seats), and a widget given both a default and a value in the session
    # state warns on screen
    st.session_state.setdefault(count_key, low)
    count = st.segmented_control("Nombre de joueurs", list(range(low, high + 1)),
                                 key=count_key) or low
    seating.profile_chips(game, low, high)
    st.caption("Noms dans l'ordre des places autour de la table.")
    names = []
    for row in range(0, count, 2):  # one row per pair: a phone stacks them in seat order
        columns = st.columns(2)
        for i in range(row, min(row + 2, count)):
            names.append(columns[i - row].text_input(
                f"Place {i + 1}", key=f"np_{game}_seat_{i}", max_chars=MAX_NAME).strip())
    unseated = _unseated(game, names)
    if unseated:  # worded so that no agreement needs a gender nobody typed
        one = len(unseated) == 1
        more, names_of = ("une place", "son nom") if one else ("des places", "leurs noms")
        return None, (f"Pas de place à table pour {', '.join(unseated)} "
                      f"({counted(count, 'place')}) : ajoutez {more}, ou touchez à nouveau "
                      f"{names_of} parmi les joueurs enregistrés.")
    if not all(names):
        return None, "Entrez le nom de chaque joueur."
    if len({name.casefold() for name in names}) < len(names):
        return None, "Deux joueurs portent le même nom : distinguez-les (initiale, surnom…)."
    seating.save_new_profiles_choice(game, names)
    return names, None


def _unseated(game: str, names: list[str]) -> list[str]:
    """The saved players whose chip is on but who hold no seat (fewer seats than chips, or a
    seat's name typed over): the game would start without them."""
    seated = {" ".join(name.split()).casefold() for name in names}
    chosen = st.session_state.get(f"np_{game}_profiles") or []
    return [str(name) for name in chosen
            if " ".join(str(name).split()).casefold() not in seated]


def new_game(game: str, setup_form: SetupForm | None) -> None:
    """« Nouvelle partie »: the seats, the page's own setup form, and « Commencer la partie »
    in a bar that stays at the bottom of the screen while the form is longer than it
    (tableapp/look/phone.py), with the reason it cannot start yet beside it."""
    with st.container(key=f"np_{game}_form"):
        st.header("Nouvelle partie")
        names, why = _player_names(game)
        extras = setup_form(names) if names is not None and setup_form is not None else {}
        if names is not None and extras is None:
            why = "Complétez la mise en place ci-dessus."
        with st.container(key=f"np_{game}_startbar"):
            left_out = st.session_state.pop(f"np_{game}_left_out", None)
            if left_out:  # a chip touched with every seat taken (seating._fill_seats)
                st.warning(plain(f"Pas de place pour {', '.join(left_out)} : la table est "
                                 "complète."))
            if why is not None:
                st.caption(plain(why))
            tapped = st.button("Commencer la partie", type="primary", disabled=why is not None,
                               key=f"np_{game}_start", width="stretch",
                               icon=":material/play_arrow:")
            if tapped and names is not None and extras is not None:
                _start(game, names, extras)


def _start(game: str, names: list[str], extras: dict[str, Any]) -> None:
    try:
        code = shared.store().create(game, {"players": names, **extras},
                                      title=title_of(names, str(extras.get("name") or "")))
    except RuleError as exc:
        show_rule_error(exc)
        return
    except CompanionError as exc:
        st.error(plain(str(exc)))
        return
    _host_new_game(game, code)
    seating.after_create(game, code, names)
    st.rerun()


def device_games(game: str | None = None) -> list[GameSummary]:
    """The games this device hosts or has joined, most recently played first (never the other
    devices' games: the list of a server's games is nobody's business)."""
    mine = set(session.device().codes())
    if not mine:
        return []
    games = [g for g in shared.store().list_games(game, limit=1000) if g.code in mine]
    # each said with the count its page says: the entries of its history, not the log's lines
    counts = shared.store().entry_counts([g.code for g in games])
    return [replace(g, events=counts.get(g.code, g.events)) for g in games]


def resume(game: str) -> None:
    """« Reprendre une partie » on a game's page: this device's games of it, or a code typed,
    or a log imported."""
    resume_form(game, (f"rs_{game}_choice", f"rs_{game}_open", f"rs_{game}_code",
                       f"rs_{game}_go"), "Aucune partie de ce jeu sur cet appareil.")
    import_form(game, key=f"rs_{game}_import")


def resume_form(game: str | None, keys: tuple[str, str, str, str], empty: str) -> None:
    """This device's games (of `game`, or of every game, then each says its game) to pick, or
    a code typed. `keys`: the widgets' (choice, its button, the code, its button)."""
    st.header("Reprendre une partie")
    games = device_games(game)  # only this device's: the code of anyone else's game is theirs
    if games:
        labels = {g.code: " · ".join([g.code, *([] if game else [game_info(g.game).title]),
                                      g.title, counted(g.events, "événement"),
                                      date_time(g.updated)])
                          + (" · ne se rejoue plus" if g.replays is False else "")
                  for g in games}
        choice = st.selectbox("Parties enregistrées", list(labels), format_func=labels.get,
                              key=keys[0])
        if st.button("Reprendre cette partie", key=keys[1]) and choice:
            if game is None:
                open_game(choice)
            else:
                session.set_code(game, choice)
                st.rerun()
    else:
        st.caption(empty)
    typed = st.text_input("Code d'une partie", key=keys[2], max_chars=12,
                          placeholder="ex. K7M3QP")
    if st.button("Ouvrir", key=keys[3]) and typed.strip():
        open_game(typed)


def import_form(game: str, key: str) -> None:
    upload = uploading.file_uploader("Importer une partie (fichier .json exporté)",
                                     max_bytes=LOG_BYTES, type=["json"], key=key)
    if upload is not None and st.button("Importer", key=f"{key}_go"):
        try:
            code = shared.store().import_log(upload.getvalue(), expected_game=game)
        except RuleError as exc:
            show_rule_error(exc)
            return
        except CompanionError as exc:
            st.error(plain(f"Import refusé : {exc}"))
            return
        _host_new_game(game, code)
        st.rerun()


def _host_new_game(game: str, code: str) -> None:
    """The device that created or imported a game is its host (a fresh token, in its URL)."""
    token, _grant = shared.access().issue(code, HOST, label="créée sur cet appareil")
    session.become_host(code, token)
    session.set_code(game, code)
