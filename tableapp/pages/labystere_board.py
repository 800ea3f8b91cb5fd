"""Labystère's board at the table (rules version 2, registre LAB-5): the maze and the pawns, the
turn's choices on the board itself — tap a lit destination and the app writes the path, tap two
empty paths to swap them, tap the Témoin or Lieu an action card lets you look under — the pile
turned up, the Action card to carry out and the declaration judged by the engine.

The host's tablet gets the tappable board (`board_grid`); the public view a read-only picture
of the same (`board_html`), built from the engine's summary, which holds no face-down card. The
card under a pile is read from the state only in `_secret_card`, shown behind a tap to the
player it concerns (registre LAB-3). Who may open which view is decided in gamepage/session."""

from __future__ import annotations

import base64
import html
import secrets
from functools import lru_cache
from typing import Any

import streamlit as st

from companion.games.labystere.board import GLYPHS
from companion.games.labystere.data import LabystereData
from companion.games.labystere.mapview import card_names
from companion.loader import load_game
from tableapp.gamepage import StoredGame, submit
from tableapp.session import plain

DOTS = {"rouge": "●", "bleu": "●", "vert": "●", "jaune": "●"}  # drawn by every font
DIE_FACES = "⚀⚁⚂⚃⚄⚅"
PAWN_RGB = {"rouge": "#d32f2f", "bleu": "#1565c0", "vert": "#2e7d32", "jaune": "#f9a825"}
PAWN_INK = {"rouge": "red", "bleu": "blue", "vert": "green", "jaune": "yellow"}  # markdown colours
_SWAP_KEY = "_labystere_swap_first"  # (game code, seq, cell) of the first path tapped for a swap

# Static styles; no user text is ever put in this HTML. Five buttons per row at 360 px: the
# rows are horizontal containers that never wrap, each button a fifth of the width, ≥ 44 px.
BOARD_CSS = """
<style>
.st-key-lab_board [data-testid="stHorizontalBlock"] {flex-wrap: nowrap; gap: 4px;}
.st-key-lab_board [data-testid="stElementContainer"] {flex: 1 1 0 !important;
  min-width: 0 !important; width: auto !important;}
.st-key-lab_board button {width: 100%; height: 4.3rem; padding: 2px 1px; min-width: 0;}
.st-key-lab_board button p {white-space: pre-line; line-height: 1.05; font-size: 1.5rem;
  overflow-wrap: normal; word-break: normal;}
.st-key-lab_board button p span {font-size: 0.72rem !important;}
.st-key-lab_board button p span.stMarkdownColoredText {font-size: 1.1rem !important;
  -webkit-text-fill-color: currentcolor;}
.st-key-lab_board button:disabled {color: #222; -webkit-text-fill-color: #222; opacity: 1;}
.st-key-lab_board button {position: relative; overflow: hidden;}
.st-key-lab_board button img {position: absolute; inset: 0; width: 100%; height: 100%;
  max-width: none; max-height: none; margin: 0; z-index: 0;}
.st-key-lab_board button:not(:disabled) img {opacity: 0.55;}
.st-key-lab_board button:not(:disabled) p span:not(.stMarkdownColoredText)
  {background: transparent;}
.st-key-lab_board button p span {position: relative; z-index: 1; border-radius: 3px;
  background: rgba(255, 255, 255, 0.85); padding: 0 2px;}
table.labb {border-collapse: collapse; width: 100%; table-layout: fixed;}
table.labb td {border: 2px solid #fff; text-align: center; padding: 2px 1px; height: 3.6rem;
  font-size: 0.8rem; line-height: 1.05; overflow-wrap: normal; word-break: normal;
  background-size: 100% 100%; background-repeat: no-repeat;}
table.labb td .d {font-size: 1.2rem; line-height: 1;}
table.labb td .m {background: rgba(255, 255, 255, 0.85); border-radius: 3px; padding: 0 2px;}
td.c-depart, td.c-arrivee {background-color: #fff3b0;}
td.c-lieu {background-color: #ffe0cc;}
td.c-temoin {background-color: #dde8ff;}
td.lit {outline: 3px solid #2e7d32; outline-offset: -3px;}
</style>
"""


def _data() -> LabystereData:
    data = load_game("labystere")
    assert isinstance(data, LabystereData)
    return data


def _short_place(path_card: str) -> str:
    """« Le moulin » -> « moulin »: a Lieu's name short enough for a fifth of a phone."""
    name = {f"chemin-lieu-{p.id}": p.name for p in _data().places}.get(path_card, path_card)
    return name.split(" ", 1)[-1] if " " in name else name


@lru_cache(maxsize=16)
def path_picture(sides: str) -> str:
    """A path card seen from above, as a data URI: a thick road from the centre to each open
    side, so that joining paths meet at the cell's edge."""
    ends = {"N": "M20 20V0", "E": "M20 20H40", "S": "M20 20V40", "W": "M20 20H0"}
    road = " ".join(ends[side] for side in sides)
    svg = ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40" '
           'preserveAspectRatio="none">'
           f'<path d="{road}" stroke="#8d6e4f" stroke-width="8" stroke-linecap="square" '
           'fill="none" vector-effect="non-scaling-stroke"/></svg>')
    return "data:image/svg+xml;base64," + base64.b64encode(svg.encode()).decode()


def cell_parts(cell: dict[str, Any], colours: list[str]) -> tuple[str, str, str]:
    """(line drawing of the open sides, what the card is, a dot per pawn on it), all from the
    summary: face-up facts only."""
    glyph = GLYPHS[cell["sides"]]
    marker = {"depart": "Départ", "arrivee": "Arrivée", "temoin": "Témoin"}.get(cell["cover"], "")
    if cell["cover"] == "lieu":
        marker = _short_place(cell["card"])
    pawns = "".join("●" for _ in cell["pawns"])
    return glyph, marker, pawns


def board_html(summary: dict[str, Any], lit: set[str] | frozenset[str] = frozenset()) -> str:
    """The board as a read-only picture (public view): labels are from the data file and the
    summary, escaped anyway."""
    colours = [p["colour"] for p in summary["players"]]
    out = ['<table class="labb">']
    for row in summary["board"]:
        out.append("<tr>")
        for cell in row:
            glyph, marker, _ = cell_parts(cell, colours)
            classes = f"c-{html.escape(cell['cover'])}" + (" lit" if cell["cell"] in lit else "")
            dots = "".join(f'<span style="color: {PAWN_RGB.get(colours[seat], "#777")}">●</span>'
                           for seat in cell["pawns"])
            road = f"background-image: url('{path_picture(cell['sides'])}')"
            out.append(f'<td class="{classes}" style="{road}" title="{html.escape(glyph)}">'
                       + (f'<span class="m">{html.escape(marker)}</span>' if marker else "")
                       + f'<br><span class="d">{dots}</span></td>')
        out.append("</tr>")
    out.append("</table>")
    return "".join(out)


COVER_COLOURS = {"depart": "#fff3b0", "arrivee": "#fff3b0", "lieu": "#ffe0cc",
                 "temoin": "#dde8ff"}


def _cell_colours(summary: dict[str, Any], on_tap: str) -> str:
    """The special cells' background on the tappable board (cell names and fixed colours
    only). A lit cell keeps the primary colour: that is what says « tap me »."""
    rules = [f".st-key-lab_{on_tap}_{cell['cell']} button:disabled "
             f"{{background: {COVER_COLOURS[cell['cover']]};}}"
             for row in summary["board"] for cell in row if cell["cover"] in COVER_COLOURS]
    return "<style>" + "\n".join(rules) + "</style>"


def board_grid(stored: StoredGame, summary: dict[str, Any], enabled: set[str],
               on_tap: str) -> str | None:
    """The tappable board (host): the cells in `enabled` are lit and can be tapped; returns the
    tapped cell. `on_tap` names the choice (key prefix), so each kind of choice has its own
    widgets."""
    colours = [p["colour"] for p in summary["players"]]
    tapped = None
    st.markdown(_cell_colours(summary, on_tap), unsafe_allow_html=True)
    st.caption("Lignes A à E de haut en bas, colonnes 1 à 5 de gauche à droite.")
    with st.container(key="lab_board"):
        for row in summary["board"]:
            with st.container(horizontal=True, gap=None, wrap=False):
                for cell in row:
                    glyph, marker, _ = cell_parts(cell, colours)
                    dots = "".join(f":{PAWN_INK.get(colours[seat], 'gray')}[●]"
                                   for seat in cell["pawns"])
                    picture = f"![{glyph}]({path_picture(cell['sides'])})"
                    small = f":small[{marker}]" if marker else ""
                    label = "\n".join(part for part in (picture, small, dots) if part)
                    on = cell["cell"] in enabled
                    if st.button(label, key=f"lab_{on_tap}_{cell['cell']}",
                                 type="primary" if on else "secondary", disabled=not on,
                                 help=cell["cell"], width="stretch"):
                        tapped = cell["cell"]
    return tapped


# --- the turn, step by step -------------------------------------------------------------------


def _roll_buttons(stored: StoredGame) -> None:
    faces = _data().die_faces
    if st.button("Lancer le dé", type="primary", width="stretch", key="lab_roll",
                 icon=":material/casino:"):
        submit(stored, {"type": "roll", "value": secrets.randbelow(faces) + 1, "source": "app"})
    st.caption("Ou tape le résultat d'un vrai dé :")
    with st.container(horizontal=True, key="lab_faces"):
        for value in range(1, faces + 1):
            label = f"{DIE_FACES[value - 1] if value <= 6 else ''} {value}"
            if st.button(label, key=f"lab_face_{value}", width="stretch"):
                submit(stored, {"type": "roll", "value": value, "source": "table"})


def last_roll_line(summary: dict[str, Any]) -> None:
    roll = summary["last_roll"]
    if roll is None:
        return
    name = plain(summary["players"][roll["player"]]["name"])
    face = DIE_FACES[roll["value"] - 1] if roll["value"] <= 6 else str(roll["value"])
    if roll["doubled"]:
        st.markdown(f"### {face} {name} a fait {roll['value']} : compte double, "
                    f"**{roll['steps']} cases** !")
    else:
        st.markdown(f"### {face} {name} a fait **{roll['value']}**")


def _play_choice(stored: StoredGame, summary: dict[str, Any]) -> None:
    """After the roll: move (tap a lit destination) or swap two empty paths (tap two)."""
    moves: dict[str, list[str]] = summary["moves"]
    swappable = set(summary["swappable"])
    if not moves and len(swappable) < 2:
        st.warning("Aucun déplacement du nombre exact et aucun échange possible : ton tour passe.")
        board_grid(stored, summary, set(), "view")
        if st.button("Fin du tour → joueur suivant", type="primary", width="stretch",
                     key="lab_end"):
            submit(stored, {"type": "end_turn"})
        return
    options = ["Avancer", "Échanger deux chemins"]
    mode = st.segmented_control("Ce que tu fais", options, default=options[0] if moves
                                else options[1], key=f"lab_mode_{stored.seq}")
    if mode == "Échanger deux chemins":
        _swap_choice(stored, summary, swappable)
        return
    steps = summary["steps"]
    if not moves:
        st.info(f"Aucun chemin ne permet d'avancer d'exactement {steps} cases : échange deux "
                "chemins.")
    else:
        st.caption(f"Touche une case allumée : ton pion y va en {steps} pas, par les chemins.")
    tapped = board_grid(stored, summary, set(moves), "move")
    if tapped:
        submit(stored, {"type": "move", "path": moves[tapped]})


def _swap_choice(stored: StoredGame, summary: dict[str, Any], swappable: set[str]) -> None:
    first = st.session_state.get(_SWAP_KEY)
    if not (isinstance(first, tuple) and first[:2] == (stored.code, stored.seq)):
        first = None
    if first is None:
        st.caption("Touche un premier chemin vide à échanger (ni Lieu, ni Témoin, ni pion).")
        tapped = board_grid(stored, summary, swappable, "swap1")
        if tapped:
            st.session_state[_SWAP_KEY] = (stored.code, stored.seq, tapped)
            st.rerun()
        return
    st.caption(f"Touche le chemin à échanger avec {first[2]}.")
    st.markdown(f"<style>.st-key-lab_swap2_{first[2]} button {{outline: 4px solid #1565c0; "
                "outline-offset: -4px;}</style>", unsafe_allow_html=True)
    if st.button(f"Annuler le choix de {first[2]}", key="lab_swap_cancel", width="stretch"):
        st.session_state.pop(_SWAP_KEY, None)
        st.rerun()
    tapped = board_grid(stored, summary, swappable - {first[2]}, "swap2")
    if tapped:
        st.session_state.pop(_SWAP_KEY, None)
        submit(stored, {"type": "swap", "cells": [first[2], tapped]})


def _secret_card(stored: StoredGame, cell: str, who: str) -> None:
    """The face-down card of `cell`, for `who` only: behind a tap, hidden again by another
    (registres LAB-3, LAB-11). Host's screen only."""
    state = stored.state
    card = state.hidden_card(cell)  # type: ignore[attr-defined]
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


def _action_choice(stored: StoredGame, summary: dict[str, Any]) -> None:
    """The Action card turned up, compulsory: its choices, then one tap."""
    card_id = summary["pending_action"]
    card = next(a for a in _data().actions if a.id == card_id)
    st.info(f"Carte Action : **{card.name}** — {card.effect} C'est obligatoire.")
    if card_id in ("regarde-temoin", "regarde-lieu"):
        cover = "temoin" if card_id == "regarde-temoin" else "lieu"
        cells = {c["cell"] for row in summary["board"] for c in row if c["cover"] == cover}
        st.caption("Touche la carte sous laquelle tu regardes.")
        tapped = board_grid(stored, summary, cells, "look")
        if tapped:
            submit(stored, {"type": "action", "card": card_id, "cell": tapped})
        return
    others = [p["name"] for seat, p in enumerate(summary["players"])
              if seat != summary["turn"] and not p["out"]]
    if card_id in ("regarde-suspects-ecartes", "regarde-lieux-ecartes", "echange-pion") and others:
        st.caption("Choisis le joueur :")
        for i, name in enumerate(others):
            if st.button(name, key=f"lab_target_{i}", width="stretch"):
                submit(stored, {"type": "action", "card": card_id, "player": name})
        board_grid(stored, summary, set(), "view")
        return
    if st.button(f"C'est fait : {card.name}", type="primary", width="stretch",
                 key="lab_do_action"):
        submit(stored, {"type": "action", "card": card_id})
    board_grid(stored, summary, set(), "view")


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
                "d'enquête : « Montrer … au hasard »).")


def turn_panel(stored: StoredGame, summary: dict[str, Any]) -> None:
    """The current player's turn on the host's tablet, in the rules' order."""
    phase = summary["phase"]
    current = plain(summary["current"])
    last = summary["last_reveal"]
    if phase == "roll":
        last_action = summary["last_action"]  # since the last roll: this turn's, or the last one's
        if last_action and last_action["card"] == "rejoue":
            st.info("« Rejoue » : relance le dé !")
        elif last_action and last_action.get("nothing"):
            who = plain(summary["players"][last_action["player"]]["name"])
            seen = last_action.get("player_seen")
            whom = ("personne d'autre" if seen is None
                    else plain(summary["players"][seen]["name"]))
            st.info(f"Rien à regarder chez {whom} pour {who} : tant pis, c'est au joueur "
                    "suivant.")
        _roll_buttons(stored)
        board_grid(stored, summary, set(), "view")
    elif phase == "play":
        last_roll_line(summary)
        _play_choice(stored, summary)
    elif phase == "reveal":
        cell = summary["players"][summary["turn"]]["cell"]
        if st.button(f"Retourner le paquet sous le pion ({cell})", type="primary",
                     width="stretch", key="lab_reveal_pile"):
            submit(stored, {"type": "reveal"})
        board_grid(stored, summary, set(), "view")
    elif phase == "action":  # an Action card: carried out openly, nothing secret to show
        _action_choice(stored, summary)
    else:
        if last and last["player"] == summary["turn"] and last["cover"] in ("lieu", "temoin"):
            _secret_card(stored, last["cell"], current)
        elif last and last["player"] != summary["turn"]:
            who = summary["players"][last["player"]]["name"]
            _secret_card(stored, last["cell"], plain(who))
        _after_action(stored, summary)
        for i, name in enumerate(summary["may_look"]):
            if st.button(f"{plain(name)} regarde sous son pion", key=f"lab_look_{i}",
                         width="stretch"):
                submit(stored, {"type": "reveal", "player": name})
        if st.button("Fin du tour → joueur suivant", type="primary", width="stretch",
                     key="lab_end"):
            submit(stored, {"type": "end_turn"})
        board_grid(stored, summary, set(), "view")


def declare_form(stored: StoredGame, summary: dict[str, Any]) -> None:
    """On Arrivée: name the culprit and the place; the engine judges (registre LAB-8)."""
    if not summary["can_declare"]:
        return
    data = _data()
    with st.expander("Tu es sur l'Arrivée : annoncer le coupable et le lieu", expanded=True):
        suspects = {s.id: s.name for s in data.suspects}
        places = {p.id: p.name for p in data.places}
        suspect = st.selectbox("Le coupable", list(suspects), format_func=suspects.get,
                               key="lab_decl_suspect")
        place = st.selectbox("Le lieu du drapeau", list(places), format_func=places.get,
                             key="lab_decl_place")
        st.caption("L'application vérifie et répond seulement « juste » ou « faux ».")
        if st.button("Annoncer", key="lab_decl_go", type="primary", width="stretch"):
            submit(stored, {"type": "declare", "suspect": suspect, "place": place})


def last_declaration(summary: dict[str, Any]) -> None:
    """« Juste » or « faux », never the answer while the game goes on."""
    if not summary["declarations"]:
        return
    last = summary["declarations"][-1]
    name = plain(summary["players"][last["player"]]["name"])
    if not last["correct"]:
        st.warning(f"{name} s'est trompé : faux ! Il ne joue plus, les autres continuent.")
