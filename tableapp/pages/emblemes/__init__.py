"""Emblèmes at the table: the table enters each reveal (who, which card, which place), the page
keeps the three places in order, asks each effect's choices, counts every round with every coin
explained, and names the winner. A second page lets a table enter its real place cards once.

All rules live in companion.games.emblemes; this page only asks and shows."""

from __future__ import annotations

from typing import Any

import streamlit as st

from companion.core.errors import CompanionError, RuleError
from companion.core.text import counted, de
from companion.events.store import StoredGame
from companion.games.emblemes.cards import PLACES, TIMING_MARKS, character, data, place_label
from companion.games.emblemes.engine import EmblemesState, parse_rewards
from companion.games.emblemes.placecards import (
    FACE_LABELS,
    FACES,
    REWARD_KINDS,
    face_for,
    kind_of,
    load_table_values,
    reward_from_kind,
    save_table_values,
    setup_places,
)
from companion.games.emblemes.scoring import rank_label
from companion.games.emblemes.texts import describe
from tableapp.device.writing import is_public_view
from tableapp.live import tableclock
from tableapp.look.phone import sticky
from tableapp.look.usertext import plain
from tableapp.pages import tapbar
from tableapp.pages.emblemes.entry import reveal_form
from tableapp.shell import HOUSE_MARK, house_note
from tableapp.table.aftergame import after_game
from tableapp.table.gamepage import current_game, live_view, toolbar
from tableapp.table.history import EntryForm, correction

SECTION = "Emblèmes"
GAME = "emblemes"

# Emblèmes's action bars on a phone (tableapp/look/phone.py gathers every game's; the bars are
# tableapp/pages/tapbar.py's, keyed `<form key>_bar`)
_BARS = '[class*="st-key-emb_new_"][class*="_bar"]'
PHONE_STICKY = sticky(_BARS)
PHONE_CSS = tapbar.phone_css(_BARS)
KIND_LABELS = {"fixed": "pièces (fixe, négatif = perte)", "per_card": "1 pièce par carte du lieu",
               "steal": "vol à chaque autre joueur", "half_value": "moitié de la valeur"}
def timing_mark(value: int) -> str:
    return TIMING_MARKS[character(value).timing]


def rewards_line(rewards: list[dict[str, Any]] | list[Any]) -> str:
    parsed = parse_rewards(list(rewards), "récompenses")
    return " · ".join(f"{rank_label(i)} : {r.label()}" for i, r in enumerate(parsed, 1))


# --- new game ---------------------------------------------------------------------------------


def setup_form(players: list[str]) -> dict[str, Any] | None:
    """Place set, first player, families, and the place cards' values for this game."""
    place_set = st.segmented_control("Set de cartes Lieu", ["A", "B", "C"], default="A",
                                     required=True, key="emb_setup_set",
                                     help="Pour une première partie : set A.") or "A"
    # a button's label is markdown: names are escaped, the value kept as typed
    first = st.segmented_control("Premier joueur (pion)", players, default=players[0],
                                 required=True, format_func=plain, key="emb_setup_first")
    families = {f.id: f.name for f in data().families}
    ids = list(families)
    chosen: dict[str, str] = {}
    for i, player in enumerate(players):
        chosen[player] = st.segmented_control(
            plain(f"Famille {de(player)}"), ids, default=ids[i % len(ids)], required=True,
            key=f"emb_setup_fam_{i}", format_func=families.get) or ids[i % len(ids)]
    try:
        saved = load_table_values()
    except CompanionError as exc:
        st.error(plain(f"Vos valeurs de cartes Lieu sont illisibles : {exc}"))
        saved = {}
    face = face_for(len(players))
    has_own = any(saved.get(c.id, {}).get(face) for c in data().place_cards
                  if c.set == place_set)
    use_own = st.checkbox("Utiliser les valeurs de nos cartes Lieu (saisies par la table)",
                          value=has_own, disabled=not has_own, key="emb_setup_own")
    places = setup_places(place_set, len(players), use_own)
    for place, given in places.items():
        mark = {"defaut-maison": f" {HOUSE_MARK}", "table": " (valeurs de la table)"}.get(
            given["provenance"], "")
        st.caption(f"{place_label(place)}{mark} ({FACE_LABELS[face]}) : "
                   f"{rewards_line(given['rewards'])}")
    if any(given["provenance"] == "defaut-maison" for given in places.values()):
        house_note()
    if len(set(chosen.values())) < len(chosen):
        st.warning("Chaque joueur prend une famille différente.")
        return None
    return {"place_set": place_set, "first_player": first, "families": chosen,
            "places": places}


# --- the game ---------------------------------------------------------------------------------


def _status(state: EmblemesState) -> None:
    """Where the game stands and every family's coins, in seat order, in one element (a tap
    redraws the page: each element drawn costs the host and every viewer)."""
    families = {f.id: f.name for f in data().families}
    head = (f"Partie terminée · set {state.place_set}" if state.finished else
            f"Manche {state.round}/{state.rounds} · tour {state.turn}/{state.turns} · "
            f"set {state.place_set}")
    lines = [head]
    for player in state.players:
        pawn = " ★ pion" if player == state.pawn else ""
        lines.append(f"- **{plain(player)}**{pawn} : **{counted(state.coins[player], 'pièce')}** · "
                     f"famille {families[state.families[player]]} · "
                     f"{state.hand[player]} en main, {state.deck(player)} en pioche")
    st.markdown("\n".join(lines))


def _places(state: EmblemesState) -> None:
    """The three places, cards in order from left to right (the engine keeps the order)."""
    if "defaut-maison" in state.provenance.values():
        house_note()
    for place in PLACES:
        mark = {"defaut-maison": f" {HOUSE_MARK}", "table": " (valeurs de la table)"}.get(
            state.provenance[place], "")
        cards = " · ".join(f"{c.value} {character(c.value).name} {timing_mark(c.value)} "
                           f"({c.owner})" for c in state.places[place]) or "(vide)"
        with st.container(border=True):
            st.markdown(f"**{place_label(place)}**{mark} — {rewards_line(state.rewards[place])}"
                        f"  \n{plain(cards)}")


def _new_reveal(stored: StoredGame) -> None:
    """The host's entry, first on the page: written at the tap on « Valider »
    (gamepage.write_at_tap), one run per tap."""
    reveal_form(stored, None, f"emb_new_{stored.code}_{stored.seq}")


def _journal(state: EmblemesState) -> None:
    current = [e["text"] for e in state.journal if e["round"] == state.round]
    if current:
        with st.expander(f"Journal de la manche {state.round}", expanded=not state.finished):
            st.text("\n".join(current[-12:]))


def _results(state: EmblemesState) -> None:
    """Each scored round: place by place, every fact and every coin with its cause."""
    for number, score in reversed(list(enumerate(state.results, 1))):
        latest = number == len(state.results)
        with st.expander(f"Décompte de la manche {number}", expanded=latest):
            parts = [f"**{place_label(place)}**  \n"
                     + "  \n".join(plain(line) for line in score.place_lines(place))
                     for place in PLACES]
            parts.append(plain("Pièces après la manche : " + ", ".join(
                f"{p} {n}" for p, n in score.coins.items())))
            st.markdown("\n\n".join(parts))


def _winner(state: EmblemesState) -> None:
    assert state.winner is not None
    best = state.coins[state.winner]
    tied = [p for p in state.players if state.coins[p] == best]
    st.success(f"{plain(state.winner)} l'emporte avec {counted(best, 'pièce')} d'or.",
               icon=":material/trophy:")
    if len(tied) > 1:
        st.caption(f"Égalité entre {plain(', '.join(tied))} : départagée par le pion Premier "
                   f"joueur ({plain(state.pawn)}), puis dans le sens horaire.")


# The entry forms by event type: the same code enters a reveal and corrects one.
FORMS: dict[str, EntryForm] = {"reveal": reveal_form}


def render() -> None:
    st.title("Emblèmes")
    live_view(current_game(GAME, setup_form), _game)


def _game(stored: StoredGame) -> None:
    """The game view, one fragment (gamepage.live_view): « Valider » reruns it alone, and so
    does the write that follows."""
    state = stored.state
    assert isinstance(state, EmblemesState)
    if state.finished:
        _winner(state)
    if is_public_view():  # the table's scoreboard: whose turn first (issue 25)
        summary = state.summary()
        tableclock.banner(GAME, summary, summary["players"])
    # the current turn's entry first (a correction, when the host tapped a past entry)
    if not is_public_view() and not correction(stored, describe, FORMS) \
            and not state.finished:
        with st.container(border=True):
            _new_reveal(stored)
    _status(state)
    _places(state)
    _journal(state)
    _results(state)
    after_game(stored)
    toolbar(stored, describe)


# --- place-card editor ------------------------------------------------------------------------


def _reward_editor(prefix: str, current: list[Any]) -> list[Any] | None:
    count = st.number_input("Nombre de rangs récompensés", min_value=1, max_value=6,
                            value=len(current), key=f"{prefix}_count")
    rewards = []
    for rank in range(1, int(count) + 1):
        printed, amount = kind_of(current[rank - 1]) if rank <= len(current) else ("fixed", 1)
        left, right = st.columns([2, 1])
        kind = left.pills(rank_label(rank), REWARD_KINDS, default=printed, required=True,
                          format_func=KIND_LABELS.get, key=f"{prefix}_kind_{rank}") or printed
        if kind in ("fixed", "steal"):
            # keyed by kind: switching kind starts from a sensible amount, not the old one
            amount = right.number_input("pièces", min_value=-10 if kind == "fixed" else 1,
                                        max_value=20, value=amount if kind == printed else 1,
                                        key=f"{prefix}_amount_{rank}_{kind}")
        try:
            rewards.append(reward_from_kind(kind, int(amount)))
        except RuleError as exc:
            st.error(plain(f"{rank_label(rank)} : {exc.reason}"))
            return None
    return rewards


def editor() -> None:
    st.title("Nos cartes Lieu")
    st.caption("Seul le Château du set A (face 3-4 joueurs) est donné par la règle ; les autres "
               "valeurs sont des défauts maison. Si vous avez les vraies cartes, entrez-les ici "
               "une fois : elles seront proposées à chaque nouvelle partie, marquées « valeurs "
               "de la table ».")
    message = st.session_state.pop("emb_ed_message", None)
    if message:
        st.success(message)
    try:
        saved = load_table_values()
    except CompanionError as exc:
        st.error(plain(f"Fichier de vos valeurs illisible : {exc}"))
        return
    place_set = st.segmented_control("Set", ["A", "B", "C"], default="A", required=True,
                                     key="emb_ed_set") or "A"
    place = st.segmented_control("Lieu", list(PLACES), format_func=place_label,
                                 default=PLACES[0], required=True,
                                 key="emb_ed_place") or PLACES[0]
    face = st.segmented_control("Face", list(FACES), format_func=FACE_LABELS.get,
                                default=list(FACES)[0], required=True,
                                key="emb_ed_face") or list(FACES)[0]
    card = next(c for c in data().place_cards if c.set == place_set and c.place == place)
    printed = getattr(card, face)
    own = saved.get(card.id, {}).get(face)
    st.text(f"Valeurs du projet ({printed.provenance.label}) : "
            f"{rewards_line(list(printed.rewards))}")
    if own:
        st.text(f"Vos valeurs enregistrées : {rewards_line(own)}")
    rewards = _reward_editor(f"emb_ed_{card.id}_{face}", list(own or printed.rewards))
    left, right = st.columns(2)
    if left.button("Enregistrer nos valeurs", type="primary", key="emb_ed_save",
                   disabled=rewards is None) and rewards:
        try:
            save_table_values(card.id, face, rewards)
        except (CompanionError, OSError) as exc:
            st.error(plain(f"Enregistrement impossible : {exc}"))
        else:
            st.session_state["emb_ed_message"] = ("Enregistré : ces valeurs seront proposées "
                                                  "aux prochaines parties.")
            st.rerun()
    if right.button("Revenir aux valeurs du projet", key="emb_ed_reset", disabled=not own):
        try:
            save_table_values(card.id, face, [])
        except (CompanionError, OSError) as exc:
            st.error(plain(f"Effacement impossible : {exc}"))
        else:
            st.session_state["emb_ed_message"] = "Vos valeurs pour cette face sont effacées."
            st.rerun()


def pages() -> list[st.Page]:
    """This module's pages, built for the current script run (see tableapp/look/navigation.py)."""
    return [st.Page(page, title=title, icon=icon, url_path=path)
            for page, title, icon, path in (
        (render, "Emblèmes", ":material/military_tech:", "emblemes"),
        (editor, "Emblèmes : nos cartes Lieu", ":material/map:", "emblemes-lieux"),
    )]


def awaited(summary: dict[str, Any]) -> tuple[str | None, str]:
    """Whose turn and what the table waits for (tableapp.live.tableclock's banner)."""
    player = summary.get("next_player")
    return (player, "retourner sa carte et la poser sur un lieu") if player \
        else (None, "fin de la manche.")
