"""Labystère's turn on the host's tablet, in the rules' order: roll, move or swap, turn the pile
up, carry out its Action card, end the turn; the declaration on Arrivée.

Each event the table chooses has one entry form (`FORMS`, the correction contract of
tableapp/table/gamepage.py): `form(view, prefill, key)`, the same code for a new entry and for a
correction, prefilled with the entry corrected, its choices from the game as it stood before
that entry (`view`). Speed (issue 13): a tap runs its button's callback before the page
redraws. For a new entry (`key == NEW`) the callback writes the event at once, so a tap costs
one run of the page's fragment, never a run that writes and then a second one that shows; for
a correction it keeps the event and the form returns it on the run that follows.

The card under a pile is read from the state only in `_secret_card`, shown behind a tap to the
player it concerns (registre LAB-3). Who may open which view is decided in gamepage/session."""

from __future__ import annotations

import secrets
from collections.abc import Callable, Mapping
from functools import partial
from typing import Any

import streamlit as st

from companion.core.loader import load_game
from companion.events.store import StoredGame
from companion.games.labystere.data import LabystereData
from companion.games.labystere.mapview import card_names
from tableapp.device.writing import write_at_tap
from tableapp.look.usertext import plain
from tableapp.pages.labystere.board import DIE_FACES, board_grid
from tableapp.table.gamepage import EntryForm

NEW = "lab"  # key prefix of the new-entry forms (widgets lab_roll, lab_move_B3, lab_board…)
Event = dict[str, Any]


def _data() -> LabystereData:
    data = load_game("labystere")
    assert isinstance(data, LabystereData)
    return data


# --- a tap: written now (new entry) or kept for the correction -------------------------------


def _chosen_key(key: str) -> str:
    return f"_{key}_chosen"


def chosen(key: str) -> Event | None:
    """The event a correction form's tap chose (once), else None."""
    event: Event | None = st.session_state.pop(_chosen_key(key), None)
    return event


def tapped(key: str, code: str, seq: int, event: Event | Callable[[], Event | None]) -> None:
    """A form's button callback. `event` may be made at the tap (the app's die). `seq` is the
    log's length on the screen the host tapped: a log that moved since refuses the write."""
    made = event() if callable(event) else event
    if made is None:
        return
    if key == NEW:  # the token checked now, a stale screen refused, the refusal said once
        write_at_tap(code, seq, made)
    else:
        st.session_state[_chosen_key(key)] = made


def _app_roll() -> Event:
    """The app's die, drawn at the tap (never before: nothing to peek at)."""
    return {"type": "roll", "value": secrets.randbelow(_data().die_faces) + 1, "source": "app"}


# --- the entry forms (FORMS) ------------------------------------------------------------------


def roll_form(view: StoredGame, prefill: Event | None, key: str) -> Event | None:
    """The app's die, or the face of a real die typed in. A roll drawn by the app records
    chance: it is not changed afterwards, only withdrawn."""
    faces = _data().die_faces
    args = (key, view.code, view.seq)
    if prefill is None:
        st.button("Lancer le dé", type="primary", width="stretch", key=f"{key}_roll",
                  icon=":material/casino:", on_click=tapped, args=(*args, _app_roll))
        st.caption("Ou tape le résultat d'un vrai dé :")
    elif prefill.get("source", "table") == "app":
        st.caption("Ce lancer a été tiré par l'application : il ne se change pas, il peut "
                   "seulement être retiré.")
        return chosen(key)
    else:
        st.caption(f"Le dé tapé était {prefill.get('value')} : touche le bon résultat.")
    with st.container(horizontal=True, key=f"{key}_faces"):
        for value in range(1, faces + 1):
            label = f"{DIE_FACES[value - 1] if value <= 6 else ''} {value}"
            was = prefill is not None and prefill.get("value") == value
            st.button(label, key=f"{key}_face_{value}", width="stretch",
                      type="primary" if was else "secondary", on_click=tapped,
                      args=(*args, {"type": "roll", "value": value, "source": "table"}))
    return chosen(key)


def _tap_move(key: str, code: str, seq: int, moves: dict[str, list[str]], cell: str) -> None:
    tapped(key, code, seq, {"type": "move", "path": moves[cell]})


def move_form(view: StoredGame, prefill: Event | None, key: str) -> Event | None:
    """Tap a lit destination: the pawn goes there in exactly the die's steps, by the paths;
    the app writes the walk (registre LAB-14)."""
    summary = view.state.summary()
    moves: dict[str, list[str]] = summary["moves"]
    steps = summary["steps"]
    end = prefill["path"][-1] if prefill and prefill.get("path") else None
    if not moves and not end:
        st.info(f"Aucun chemin ne permet d'avancer d'exactement {steps} cases : échange deux "
                "chemins.")
    board_grid(summary, set(moves), key, _tap_move, (key, view.code, view.seq, moves),
               marked={end} if end else frozenset())
    # what to do, under the board: above it, the lit cells left the first screen (issue 36)
    if end:
        st.caption(f"Le pion était allé en {end} : touche la bonne case d'arrivée.")
    elif moves:
        st.caption(f"Touche une case allumée : ton pion y va en {steps} pas, par les chemins.")
    return chosen(key)


def _first_key(key: str) -> str:
    return f"_{key}_swap_first"  # (game code, seq, cell) of the first path tapped


def _tap_first(key: str, code: str, seq: int, cell: str) -> None:
    st.session_state[_first_key(key)] = (code, seq, cell)


def _forget_first(key: str) -> None:
    st.session_state.pop(_first_key(key), None)


def _tap_second(key: str, code: str, seq: int, first: str, cell: str) -> None:
    """The second path, or the first one again: then the choice is let go, the thumb where
    it was (the « Annuler le choix » button is under the board)."""
    _forget_first(key)
    if cell != first:
        tapped(key, code, seq, {"type": "swap", "cells": [first, cell]})


def swap_form(view: StoredGame, prefill: Event | None, key: str) -> Event | None:
    """Tap two empty paths (no Lieu, no Témoin, no pawn): their piles change places."""
    summary = view.state.summary()
    swappable = set(summary["swappable"])
    first = st.session_state.get(_first_key(key))
    if not (isinstance(first, tuple) and first[:2] == (view.code, view.seq)):
        first = None
    # the board first, what to do under it: above it, the lower rows left the first screen
    # of a tablet held sideways (issue 36)
    if first is None:
        board_grid(summary, swappable, key, _tap_first, (key, view.code, view.seq))
    else:
        board_grid(summary, swappable, key, _tap_second,
                   (key, view.code, view.seq, first[2]), marked={first[2]})
    if prefill and isinstance(prefill.get("cells"), list) and len(prefill["cells"]) == 2:
        st.caption(f"L'échange était {prefill['cells'][0]} ↔ {prefill['cells'][1]} : touche "
                   "les deux bons chemins.")
    if first is None:
        st.caption("Touche un premier chemin vide à échanger (ni Lieu, ni Témoin, ni pion).")
    else:
        st.caption(f"Touche le chemin à échanger avec {first[2]} (ou encore {first[2]} pour "
                   "changer d'avis).")
        st.button(f"Annuler le choix de {first[2]}", key=f"{key}_swap_cancel", width="stretch",
                  on_click=_forget_first, args=(key,))
    return chosen(key)


def _tap_look(key: str, code: str, seq: int, card: str, cell: str) -> None:
    tapped(key, code, seq, {"type": "action", "card": card, "cell": cell})


def action_form(view: StoredGame, prefill: Event | None, key: str) -> Event | None:
    """The Action card turned up, compulsory: its choice (a Témoin or Lieu to look under, a
    player), then one tap."""
    summary = view.state.summary()
    card_id = summary["pending_action"]
    if card_id is None:
        st.caption("Aucune carte Action à faire à ce moment de la partie.")
        return chosen(key)
    card = next(a for a in _data().actions if a.id == card_id)
    args = (key, view.code, view.seq)
    was = prefill or {}
    if card_id in ("regarde-temoin", "regarde-lieu"):
        # one line above the board, the card's whole text under it: the lit cells stay in
        # the first screen (issue 36)
        cover = "temoin" if card_id == "regarde-temoin" else "lieu"
        cells = {c["cell"] for row in summary["board"] for c in row if c["cover"] == cover}
        st.markdown(f"Carte Action : **{card.name}** — touche la carte sous laquelle tu "
                    "regardes.")
        board_grid(summary, cells, key, _tap_look, (*args, card_id),
                   marked={was["cell"]} if was.get("cell") in cells else frozenset())
        st.info(f"{card.effect} C'est obligatoire.")
        return chosen(key)
    st.info(f"Carte Action : **{card.name}** — {card.effect} C'est obligatoire.")
    others = [p["name"] for seat, p in enumerate(summary["players"])
              if seat != summary["turn"] and not p["out"]]
    if card_id in ("regarde-suspects-ecartes", "regarde-lieux-ecartes", "echange-pion") and others:
        st.caption("Choisis le joueur :")
        for i, name in enumerate(others):
            st.button(plain(name), key=f"{key}_target_{i}", width="stretch",
                      type="primary" if was.get("player") == name else "secondary",
                      on_click=tapped,
                      args=(*args, {"type": "action", "card": card_id, "player": name}))
    else:
        st.button(f"C'est fait : {card.name}", type="primary", width="stretch",
                  key=f"{key}_do_action", on_click=tapped,
                  args=(*args, {"type": "action", "card": card_id}))
    if key == NEW:
        board_grid(summary, set(), key)
    return chosen(key)


def _declaration(key: str) -> Event | None:
    suspect = st.session_state.get(f"{key}_decl_suspect")
    place = st.session_state.get(f"{key}_decl_place")
    if not suspect or not place:
        return None
    return {"type": "declare", "suspect": suspect, "place": place}


def declare_form(view: StoredGame, prefill: Event | None, key: str) -> Event | None:
    """On Arrivée: name the culprit and the place; the engine judges (registre LAB-8)."""
    data = _data()
    suspects = {s.id: s.name for s in data.suspects}
    places = {p.id: p.name for p in data.places}
    was = prefill or {}
    with st.container(border=True):
        st.markdown("**Tu es sur l'Arrivée : annonce le coupable et le lieu**")
        suspect = st.pills("Le coupable", list(suspects), format_func=suspects.get,
                           key=f"{key}_decl_suspect", default=was.get("suspect") or None)
        place = st.pills("Le lieu du drapeau", list(places), format_func=places.get,
                         key=f"{key}_decl_place", default=was.get("place") or None)
        st.caption("L'application vérifie et répond seulement «\u00a0juste\u00a0» ou "
                   "«\u00a0faux\u00a0».")
        st.button("Annoncer", key=f"{key}_decl_go", type="primary", width="stretch",
                  disabled=not (suspect and place), on_click=tapped,
                  args=(key, view.code, view.seq, partial(_declaration, key)))
    return chosen(key)


# Reveal, « regarde sous son pion » and « Fin du tour » carry no choice: they have no form and a
# correction can only withdraw them (one line says so).
FORMS: Mapping[str, EntryForm] = {"roll": roll_form, "move": move_form, "swap": swap_form,
                                  "action": action_form, "declare": declare_form}


# --- the turn, step by step (new entries) ---------------------------------------------------


def _play_choice(stored: StoredGame, summary: dict[str, Any]) -> None:
    """After the roll: move (tap a lit destination) or swap two empty paths (tap two)."""
    moves: dict[str, list[str]] = summary["moves"]
    swappable = set(summary["swappable"])
    if not moves and len(swappable) < 2:
        st.warning("Aucun déplacement du nombre exact et aucun échange possible : ton tour passe.")
        _end_button(stored)
        board_grid(summary, set(), NEW)
        return
    options = ["Avancer", "Échanger deux chemins"]
    mode = st.segmented_control("Ce que tu fais", options, default=options[0] if moves
                                else options[1], key=f"lab_mode_{stored.seq}",
                                label_visibility="collapsed")  # its name stays, said
    if mode == "Échanger deux chemins":
        swap_form(stored, None, NEW)
    else:
        move_form(stored, None, NEW)


def _end_button(stored: StoredGame) -> None:
    st.button("Fin du tour → joueur suivant", type="primary", width="stretch", key="lab_end",
              on_click=tapped, args=(NEW, stored.code, stored.seq, {"type": "end_turn"}))


def _secret_card(stored: StoredGame, cell: str, who: str) -> None:
    """The face-down card of `cell`, for `who` only: behind a tap, hidden again by another
    (registres LAB-3, LAB-11). Host's screen only."""
    card = stored.state.hidden_card(cell)  # type: ignore[attr-defined]
    if card is None:
        return
    names = card_names()
    if st.toggle(f"Montrer à {who} seulement ce qu'il y a sous {cell}",
                 key=f"lab_secret_{stored.seq}_{cell}"):
        if card.startswith("suspect-"):
            st.success(f"Le témoin a vu {names[card]} à la fête : innocent, barre-le.")
        elif card.startswith("drapeau-"):
            st.success(f"{names[card]}.")
        else:
            st.success(f"Carte Action : {names[card]}.")
        st.caption("Touche encore pour cacher avant de rendre la tablette.")


def _after_action(stored: StoredGame, summary: dict[str, Any]) -> None:
    """What the last action showed: the card looked under (for that player), or « tant pis »."""
    last = summary["last_action"]
    if not last:
        return
    name = summary["players"][last["player"]]["name"]
    if "cell" in last:
        _secret_card(stored, last["cell"], plain(name))
    if last.get("nothing"):
        st.info("Ce joueur n'a rien écarté : tant pis, c'est au joueur suivant.")
    elif last["card"] in ("regarde-suspects-ecartes", "regarde-lieux-ecartes"):
        seen = summary["players"][last["player_seen"]]["name"]
        st.info(f"{plain(seen)} montre à {plain(name)} une carte écartée au hasard (sur sa fiche "
                "d'enquête : «\u00a0Montrer … au hasard\u00a0»).")


def _roll_notes(summary: dict[str, Any]) -> None:
    """Why this roll: « Rejoue », or the last turn's look that found nothing."""
    last_action = summary["last_action"]  # since the last roll: this turn's, or the last one's
    if last_action and last_action["card"] == "rejoue":
        st.info("«\u00a0Rejoue\u00a0» : relance le dé !")
    elif last_action and last_action.get("nothing"):
        who = plain(summary["players"][last_action["player"]]["name"])
        seen = last_action.get("player_seen")
        whom = ("personne d'autre" if seen is None
                else plain(summary["players"][seen]["name"]))
        st.info(f"Rien à regarder chez {whom} pour {who} : tant pis, c'est au joueur "
                "suivant.")


def turn_panel(stored: StoredGame, summary: dict[str, Any],
               notes: Callable[[], None] = lambda: None) -> None:
    """The current player's turn on the host's tablet, in the rules' order: the phase's
    action first (inside the first screen, issue 36), then `notes` (what the table should
    know) and the board."""
    phase = summary["phase"]
    current = plain(summary["current"])
    last = summary["last_reveal"]
    args = (NEW, stored.code, stored.seq)
    if phase == "roll":
        roll_form(stored, None, NEW)
        _roll_notes(summary)
        notes()
        board_grid(summary, set(), NEW)
    elif phase == "play":  # the roll is said in the turn's heading (turn_heading)
        _play_choice(stored, summary)
        notes()
    elif phase == "reveal":
        cell = summary["players"][summary["turn"]]["cell"]
        st.button(f"Retourner le paquet sous le pion ({cell})", type="primary",
                  width="stretch", key="lab_reveal_pile", on_click=tapped,
                  args=(*args, {"type": "reveal"}))
        notes()
        board_grid(summary, set(), NEW)
    elif phase == "action":  # an Action card: carried out openly, nothing secret to show
        action_form(stored, None, NEW)
        notes()
    else:
        if last and last["player"] == summary["turn"] and last["cover"] in ("lieu", "temoin"):
            _secret_card(stored, last["cell"], current)
        elif last and last["player"] != summary["turn"]:
            who = summary["players"][last["player"]]["name"]
            _secret_card(stored, last["cell"], plain(who))
        _after_action(stored, summary)
        for i, name in enumerate(summary["may_look"]):
            st.button(f"{plain(name)} regarde sous son pion", key=f"lab_look_{i}",
                      width="stretch", on_click=tapped,
                      args=(*args, {"type": "reveal", "player": name}))
        _end_button(stored)
        notes()
        board_grid(summary, set(), NEW)


def declare_entry(stored: StoredGame, summary: dict[str, Any]) -> None:
    """The declaration, when the current player stands on Arrivée."""
    if summary["can_declare"]:
        declare_form(stored, None, NEW)
