"""Labystère's private investigation sheet, on each player's phone: the suspects and places
crossed out, kept on the server under the phone's own secret token (companion/games/labystere/
sheets.py); never shown on a screen others see."""

from __future__ import annotations

import streamlit as st

from companion.core.errors import CompanionError
from companion.core.loader import load_game
from companion.events.store import is_valid_code, normalize_code
from companion.games.labystere.data import LabystereData
from companion.games.labystere.sheets import (
    Sheet,
    SheetStore,
    is_valid_token,
    new_token,
    random_crossed,
    sheets_location,
)
from tableapp.device import session
from tableapp.live import live, livepoll, tableclock
from tableapp.look.usertext import plain
from tableapp.process import shared
from tableapp.process.perprocess import PerProcess

GAME = "labystere"
SHEET_PATH = f"{GAME}-enquete"
_SHEET_KEY = "_labystere_sheet_tokens"  # code -> token, so menu navigation keeps the sheet


def _data() -> LabystereData:
    data = load_game(GAME)
    assert isinstance(data, LabystereData)
    return data


@PerProcess  # the process's, not a cache a browser may clear (tableapp/process/perprocess.py)
def _sheet_store_at(path: str) -> SheetStore:
    return SheetStore(path)


def sheet_store() -> SheetStore:
    return _sheet_store_at(str(sheets_location()))


def _sheet_code() -> str | None:
    """The game of the sheet: ?code=, else the one opened in this session, else typed in."""
    code = session.code_param() or session.remembered_code(GAME)
    if code is None:
        typed = st.text_input("Code de la partie (affiché sur la tablette)", key="lab_sheet_code",
                              max_chars=12)
        if st.button("Ouvrir", key="lab_sheet_open") and typed.strip():
            session.set_code(GAME, normalize_code(typed))
            st.rerun()
        return None
    if not is_valid_code(code) or shared.store().game_of(code) != GAME:
        st.error(plain(f"Aucune partie de Labystère avec le code «\u00a0{code}\u00a0»."))
        session.forget_code(GAME)
        return None
    st.query_params["code"] = code
    return code


def _sheet_token(code: str) -> str | None:
    """This phone's secret for the sheet: in the URL (survives a reload) and in the session
    (survives moving between pages, which drops the query string)."""
    remembered: dict[str, str] = st.session_state.setdefault(_SHEET_KEY, {})
    token = st.query_params.get("sheet") or remembered.get(code)
    if token and is_valid_token(token):
        st.query_params["sheet"] = token
        remembered[code] = token
        return token
    if token:
        st.error("Cette adresse de fiche est abîmée : ouvre une nouvelle fiche.")
    st.write("Ta fiche d'enquête garde en secret, sur ce téléphone, les suspects et les lieux que "
             "tu as éliminés.")
    if st.button("Ouvrir ma fiche sur ce téléphone", type="primary", key="lab_sheet_new"):
        token = new_token()
        st.query_params["sheet"] = token
        remembered[code] = token
        st.rerun()
    return None


def _sheet_rows(code: str, sheet: Sheet, title: str, items: list[tuple[str, str]]) -> None:
    """One big button per suspect or place: a tap crosses it out, another tap restores it."""
    st.header(title)  # h2 under the page's h1 (an h3 there skipped a level)
    for item, name in items:
        crossed = item in sheet.crossed
        label = f"✗ ~~{name}~~ — écarté" if crossed else name
        if st.button(label, key=f"lab_sheet_{item}", use_container_width=True,
                     type="secondary" if crossed else "primary",
                     help="Toucher pour le remettre" if crossed else "Toucher pour l'écarter"):
            _save(code, sheet.token, item, not crossed)


def _save(code: str, token: str, item: str, crossed: bool) -> None:
    try:
        sheet_store().set_crossed(code, token, item, crossed)
    except CompanionError as exc:
        st.error(plain(str(exc)))
        return
    st.rerun()


def _show_random(sheet: Sheet, kind: str, label: str) -> None:
    if st.button(f"Montrer un {label} écarté au hasard", key=f"lab_sheet_random_{kind}",
                 use_container_width=True):
        pick = random_crossed(sheet, kind)
        names = {f"suspect-{s.id}": s.name for s in _data().suspects}
        names.update({f"lieu-{p.id}": p.name for p in _data().places})
        if pick is None:
            st.info(f"Aucun {label} écarté : tant pis, c'est au joueur suivant.")
        else:
            st.success(f"Montre seulement ceci : {names[pick]}")


@st.fragment
def _whose_turn(code: str) -> list[str]:
    """Whose turn it is and what the table waits for, « À toi » on the phone of that seat:
    the sheet is what a player holds while the others play. Followed like a game's view (a
    write wakes this fragment alone, tableapp/live/live.py). Returns the players' names."""
    store = shared.store()
    woken = live.woken_seq(store)
    try:
        stored = (woken is not None and store.cached(code, GAME, woken)) or store.load(code)
    except CompanionError:
        return []
    live.follow(store, code, stored.seq)
    session.mark_seen(code, stored.seq)  # where writes cannot wake it, the poll compares
    try:
        summary = stored.state.summary()
        names = [p["name"] for p in summary["players"]]
        if "turn" in summary:  # a game of the rules before the maze has no turn to say
            tableclock.banner(GAME, summary, names, picker=False)
    finally:
        live.drawn(store)
    return names


def sheet() -> None:
    st.title("Fiche d'enquête")
    if session.is_public_view():  # a player's seat: its own token, not the host's
        st.info("La fiche d'enquête est secrète : ouvre-la sur ton propre téléphone.")
        return
    code = _sheet_code()
    if code is None:
        return
    token = _sheet_token(code)
    if token is None:
        return
    try:
        current = sheet_store().load(code, token)
    except CompanionError as exc:
        st.error(plain(str(exc)))
        return
    names = _whose_turn(code)
    if names:  # outside the fragment: a write that wakes it never builds the picker again
        tableclock.seat_picker(names)
    livepoll.poll(code, host=False)
    st.caption(f"Partie {code} · fiche secrète de ce téléphone : ne la montre pas, garde "
               "cette page (favori). Recharger la page ne l'efface pas.")
    data = _data()
    suspects = [(f"suspect-{s.id}", s.name) for s in data.suspects]
    places = [(f"lieu-{p.id}", p.name) for p in data.places]
    _sheet_rows(code, current, "Suspects", suspects)
    _sheet_rows(code, current, "Lieux", places)
    left_s = [name for item, name in suspects if item not in current.crossed]
    left_p = [name for item, name in places if item not in current.crossed]
    if len(left_s) == 1 and len(left_p) == 1:
        st.success(f"Tu crois savoir : {left_s[0]}, {left_p[0]}. Va sur l'Arrivée pour "
                   "l'annoncer !")
    st.divider()
    st.caption("Un autre joueur a tiré «\u00a0regarde au hasard parmi tes écartés\u00a0» :")
    columns = st.columns(2)
    with columns[0]:
        _show_random(current, "suspect", "suspect")
    with columns[1]:
        _show_random(current, "lieu", "lieu")


