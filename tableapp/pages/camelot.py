"""Camelot at the table, two modes chosen at setup:
- « Suivi des jetons »: each tournament's winner and final colour, dame penalties, who has won;
- « Suivi complet »: every play entered as it happens; every display with its total, who must
  still beat whom, what an action card will do before it is confirmed, an illegal play refused
  with its reason. Rules and wording live in companion/games/camelot (engine, actions, texts)."""

from __future__ import annotations

from typing import Any

import streamlit as st

from companion.errors import RuleError
from companion.games.camelot.actions import earliest_per_value, shielded_from
from companion.games.camelot.cards import ACTION, DAME, PURPLE, WEAPONS, catalogue
from companion.games.camelot.engine import CamelotState
from companion.games.camelot.texts import (
    card_label,
    colour_label,
    describe_event,
    tokens_label,
    tournament_result,
)
from companion.text import rule_words
from tableapp.aftergame import after_game
from tableapp.gamepage import StoredGame, current_game, is_public_view, submit, toolbar
from tableapp.session import plain

GAME = "camelot"
SECTION = "Camelot"
MODES = {"table": "Suivi complet des tournois (chaque carte jouée)",
         "jetons": "Suivi des jetons seulement"}
TARGETED = ("lance-brisee", "riposte", "esquive", "chute", "finesse", "assomme")


def setup_form(players: list[str]) -> dict[str, Any] | None:
    mode = st.radio("Mode", list(MODES), format_func=MODES.get, key="cam_setup_mode")
    first = st.selectbox("Qui débute le premier tournoi (à gauche du donneur) ?",
                         range(len(players)), format_func=lambda i: players[i],
                         key="cam_setup_first")
    return {"mode": mode or "table", "first_player": int(first or 0)}


def play() -> None:
    st.title("Camelot")
    stored = current_game(GAME, setup_form)
    state = stored.state
    assert isinstance(state, CamelotState)
    _tokens(state)
    if state.phase == "over":
        st.success(plain(f"{state.names[state.winner or 0]} a gagné la partie !"),
                   icon=":material/trophy:")
    elif is_public_view():
        pass
    elif state.mode == "jetons":
        _token_forms(stored, state)
    if state.mode != "jetons":
        _tournament(stored, state)
    after_game(stored)
    toolbar(stored, lambda event: describe_event(event, state.names))


# --- tokens (both modes) ----------------------------------------------------------------------


def _tokens(state: CamelotState) -> None:
    st.caption(f"Objectif : {state.goal} jetons de couleurs différentes.")
    columns = st.columns(state.n)
    for p, name in enumerate(state.names):
        columns[p].metric(plain(name), len(state.tokens[p]))
        columns[p].text(tokens_label(state.tokens[p]))
    won = [h for h in state.history if "winner" in h]
    if won:
        with st.expander(f"Tournois joués ({len(won)})"):
            st.text("\n".join(f"{i}. {tournament_result(h, state.names)}"
                               for i, h in enumerate(won, 1)))


def _token_forms(stored: StoredGame, state: CamelotState) -> None:
    cat = catalogue()
    _last_result(state)
    st.subheader("Tournoi gagné")
    if state.previous_colour == PURPLE:
        st.caption("Le tournoi précédent était violet : celui-ci ne peut pas l'être.")
    winner = st.selectbox("Vainqueur", range(state.n), format_func=lambda i: state.names[i],
                          key="cam_t_winner", index=state.current)
    colour = st.selectbox("Couleur finale du tournoi", cat.colours, format_func=colour_label,
                          key="cam_t_colour")
    event: dict[str, Any] = {"type": "tournament", "winner": winner, "colour": colour}
    if colour == PURPLE:
        event["token"] = st.selectbox("Jeton choisi (tournoi violet : au choix)", cat.colours,
                                      format_func=colour_label, key="cam_t_token")
    if st.button("Enregistrer le tournoi", type="primary", key="cam_t_go"):
        submit(stored, event)
    with st.expander("Abandon avec une dame : rendre un jeton"):
        who = st.selectbox("Joueur", range(state.n), format_func=lambda i: state.names[i],
                           key="cam_d_player")
        owned = sorted(state.tokens[who])
        if not owned:
            st.caption("Ce joueur n'a aucun jeton : il ne perd rien.")
        else:
            token = st.selectbox("Jeton rendu (au choix du joueur)", owned,
                                 format_func=colour_label, key="cam_d_token")
            if st.button("Rendre ce jeton", key="cam_d_go"):
                submit(stored, {"type": "dame_penalty", "player": who, "token": token})


# --- full tournament tracker ------------------------------------------------------------------


def _tournament(stored: StoredGame, state: CamelotState) -> None:
    if state.phase == "over":
        return
    st.subheader(f"Tournoi {colour_label(state.colour)}" if state.colour else "Nouveau tournoi")
    if state.phase == "start":
        _last_result(state)
    _displays(state)
    if is_public_view():
        return
    if state.phase == "start":
        _start_form(stored, state)
    elif state.phase == "prize":
        _prize_form(stored, state)
    elif state.phase == "turn":
        _turn_forms(stored, state)


def _displays(state: CamelotState) -> None:
    st.caption(f"Talon : {state.pile_size()} carte(s) · défausse : {len(state.discard)}")
    for p, name in enumerate(state.names):
        with st.container(border=True):
            marks = []
            if p == state.current and state.phase in ("start", "turn"):
                marks.append("▶ à son tour")
            if state.bouclier == p:
                marks.append("Bouclier")
            if state.assomme == p:
                marks.append("Assommé")
            if not state.active[p]:
                marks.append("abandon")
            left, right = st.columns([1, 3])
            left.metric(f"⚔ {plain(name)}", state.total(p) if state.active[p] else "—")
            right.text(" · ".join(marks + [f"{state.hand_count(p)} carte(s) en main"]))
            cards = state.displays[p]
            right.text(" → ".join(card_label(c) for c in cards) or "personnage vide")
            if state.phase == "turn" and state.active[p] and state.colour:
                need = state.needs(p)
                if need:
                    right.text(f"pour rester : au moins {need} point(s) de plus à son tour, "
                               "sinon abandon")


def _last_result(state: CamelotState) -> None:
    """Between two tournaments, say who won the last one and which token it brought."""
    if state.history and "winner" in state.history[-1]:
        st.success(plain(f"Tournoi terminé : {tournament_result(state.history[-1], state.names)}."))


def _start_form(stored: StoredGame, state: CamelotState) -> None:
    who = state.names[state.current]
    # « Avant de tirer sa carte, le joueur qui débute un tournoi choisit la couleur » (CAM-1)
    st.info(plain(f"{who} choisit la couleur du tournoi avant de piocher (main de "
                  f"{state.hand_count(state.current)} carte(s)), puis pioche."))
    allowed = [c for c in catalogue().colours if state.colour_allowed(c)]
    if len(allowed) < len(catalogue().colours):
        st.caption("Le tournoi précédent était violet : pas de second tournoi violet.")
    colour = st.selectbox("Couleur annoncée", allowed, format_func=colour_label,
                          key="cam_start_colour")
    if st.button("Annoncer", type="primary", key="cam_start_go", width="stretch"):
        submit(stored, {"type": "start", "player": state.current, "colour": colour})
    with st.expander("Ne peut pas débuter : montre sa main"):
        shown = _shown_hand(state)
        if st.button("Main montrée : le joueur suivant débute", key="cam_start_pass",
                     width="stretch"):
            submit(stored, {"type": "cannot_start", "player": state.current, "hand": shown})


def _shown_hand(state: CamelotState) -> list[str]:
    """The hand shown by a starter who cannot start, card by card, so that « il doit débuter
    s'il le peut » is checked (registre CAM-1). Each copy of a card is its own option."""
    cat = catalogue()
    options = [f"{card}#{k}" for card in cat.cards for k in range(cat.copies[card])]

    def fmt(option: str) -> str:
        card, k = option.split("#")
        return card_label(card) + (f" ({int(k) + 1}e exemplaire)" if k != "0" else "")

    picked = st.multiselect(f"Les {state.hand_count(state.current)} cartes montrées", options,
                            format_func=fmt, key="cam_start_hand")
    return [option.split("#")[0] for option in picked]


def _prize_form(stored: StoredGame, state: CamelotState) -> None:
    who = state.current
    st.success(plain(f"{state.names[who]} gagne le tournoi violet et choisit son jeton."))
    missing = [c for c in catalogue().colours if c not in state.tokens[who]]
    colour = st.selectbox("Jeton choisi", missing, format_func=colour_label, key="cam_prize")
    if st.button("Prendre ce jeton", type="primary", key="cam_prize_go"):
        submit(stored, {"type": "prize", "player": who, "colour": colour})


def _playable_cards(state: CamelotState) -> list[str]:
    """Cards offered in the menu: the tournament's colour, supporters, actions (not Lancelot,
    which has its own button). The engine still judges each play."""
    cat = catalogue()
    ids = [c for c, info in cat.cards.items() if info.colour == state.colour]
    ids += [c for c, info in cat.cards.items() if info.kind == "soutien"]
    ids += [c for c, info in cat.cards.items() if info.kind == ACTION and c != "lancelot"]
    return ids


def _turn_forms(stored: StoredGame, state: CamelotState) -> None:
    p = state.current
    name = state.names[p]
    st.markdown(f"**Au tour de {plain(name)}** (a pioché) · cartes jouées ce tour : "
                f"{state.played}")
    if state.first_card_due:
        st.info(plain(f"Couleur annoncée : {name} pioche maintenant sa carte, puis pose une "
                      f"carte {colour_label(state.colour)} ou une carte de soutien."))
    card = st.selectbox("Carte jouée", _playable_cards(state), format_func=card_label,
                        key="cam_card")
    event = {"type": "play", "player": p, "card": card, **_choices(state, p, str(card))}
    try:
        st.info(plain(f"Effet : {state.preview(event)}"))
    except RuleError as exc:
        st.warning(plain(f"Ce coup serait refusé : {exc.reason} ({rule_words(exc.rule)})"))
    if st.button("Jouer cette carte", type="primary", key="cam_play"):
        submit(stored, event)
    left, right = st.columns(2)
    if left.button(f"Rester : annoncer {state.total(p)}", key="cam_end", width="stretch"):
        submit(stored, {"type": "end", "player": p})
    withdraw: dict[str, Any] = {"type": "withdraw", "player": p}
    if DAME in state.displays[p] and state.tokens[p]:
        withdraw["token"] = right.selectbox("Dame : jeton rendu", sorted(state.tokens[p]),
                                            format_func=colour_label, key="cam_dame_token")
    if right.button("Abandonner", key="cam_withdraw", width="stretch"):
        submit(stored, withdraw)
    if state.undo is not None:
        _lancelot_form(stored, state)


def _lancelot_form(stored: StoredGame, state: CamelotState) -> None:
    st.caption("Une carte d'action vient d'être jouée : un joueur encore en lice peut la "
               "contrer avec Lancelot, avant la carte suivante.")
    still = [q for q in range(state.n) if state.active[q]]
    who = st.selectbox("Joueur qui pose Lancelot", still, format_func=lambda i: state.names[i],
                       key="cam_lancelot_player")
    if st.button("Lancelot : annuler cette action", key="cam_lancelot"):
        submit(stored, {"type": "lancelot", "player": who})


def _choices(state: CamelotState, p: int, card: str) -> dict[str, Any]:
    """The targets and choices an action card asks for."""
    out: dict[str, Any] = {}
    names = state.names
    if card in TARGETED:
        # a shielded opponent is never offered (registre CAM-7; Finesse may still take the
        # Bouclier itself, registre CAM-10)
        others = [q for q in range(state.n) if q != p and (state.active[q] or card == "chute")
                  and (card == "finesse" or not shielded_from(state, p, q))]
        if not others:
            return out
        out["target"] = target = st.selectbox("Adversaire visé", others,
                                              format_func=lambda i: names[i], key="cam_target")
        if card == "esquive":
            out["position"] = _position(state.displays[target], "Carte défaussée", "cam_pos")
        if card == "finesse":
            out["give"] = _face_up(state, p, "Votre carte donnée", "cam_give")
            out["take"] = _face_up(state, target, "Carte prise en échange", "cam_take")
    if card == "retraite":
        out["position"] = _position(state.displays[p], "Carte reprise en main", "cam_pos")
    if card == "desarconne":
        out["colour"] = st.selectbox("Nouvelle couleur", WEAPONS, format_func=colour_label,
                                     key="cam_colour")
    if card == "changement-arme":
        out["colour"] = st.selectbox("Nouvelle couleur", [c for c in WEAPONS
                                                          if c != state.colour],
                                     format_func=colour_label, key="cam_colour")
    if card == "adaptation":
        out["keep"] = _adaptation_keep(state, p)
    return out


def _position(display: list[str], label: str, key: str) -> int | None:
    if not display:
        return None
    return st.selectbox(label, range(len(display)),
                        format_func=lambda i: f"{i + 1}. {card_label(display[i])}", key=key)


def _face_up(state: CamelotState, q: int, label: str, key: str) -> int | str | None:
    options: list[int | str] = list(range(len(state.displays[q])))
    options += [w for w in ("bouclier", "assomme") if getattr(state, w) == q]
    if not options:
        return None

    def fmt(o: int | str) -> str:
        if isinstance(o, str):
            return "Bouclier" if o == "bouclier" else "Assommé"
        return f"{o + 1}. {card_label(state.displays[q][o])}"

    return st.selectbox(label, options, format_func=fmt, key=key)


def _adaptation_keep(state: CamelotState, p: int) -> dict[str, list[int]]:
    """Each player with two cards of one value picks the ones kept (default: the earliest)."""
    keep: dict[str, list[int]] = {}
    for q in range(state.n):
        d = state.displays[q]
        default = earliest_per_value(d)
        if not state.active[q] or len(default) == len(d) or shielded_from(state, p, q):
            continue  # a shielded opponent loses nothing (registre CAM-7): not asked
        label = plain(f"{state.names[q]} garde (une carte par valeur)")
        chosen = st.multiselect(label, range(len(d)),
                                default=default,
                                format_func=lambda i, d=d: f"{i + 1}. {card_label(d[i])}",
                                key=f"cam_keep_{q}")
        keep[str(q)] = sorted(chosen)
    return keep


def pages() -> list[st.Page]:
    """This module's pages, built for the current script run (see tableapp/navigation.py)."""
    return [st.Page(play, title="Camelot : tournois", icon=":material/swords:", url_path=GAME)]
