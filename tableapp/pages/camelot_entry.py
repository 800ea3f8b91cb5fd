"""Camelot: the entry forms (`EntryForm`, tableapp/history.py), the same code for a new entry
and for the correction of a past one, prefilled from it.

Choices are buttons. A colour or supporter card is one tap on « Jouer cette carte » after it is
picked (the pick sends nothing). An action card shows what it will do, with the targets it asks
for, before a second tap confirms it (the table sees the effect before it happens)."""

from __future__ import annotations

from functools import partial
from typing import Any

import streamlit as st

from companion.core.errors import RuleError
from companion.core.text import counted, rule_words
from companion.events.store import StoredGame
from companion.games.camelot.actions import earliest_per_value
from companion.games.camelot.cards import ACTION, DAME, PURPLE, WEAPONS, catalogue
from companion.games.camelot.effects import shielded_from
from companion.games.camelot.engine import CamelotState
from companion.games.camelot.texts import card_label
from tableapp.usertext import plain
from tableapp.writing import refuse_at_tap, show_tap_error, write_at_tap

TARGETED = ("lance-brisee", "riposte", "esquive", "chute", "finesse", "assomme")

# A colour is shown as a chip in the colour itself beside its name (the name says it to a
# screen reader and to a colour-blind player): Streamlit's markdown colours, which keep their
# contrast in the light and the dark theme.
CHIP_INK = {"violet": "violet", "rouge": "red", "bleu": "blue", "jaune": "orange",
            "vert": "green"}


def colour_chip(colour: str | None) -> str:
    """Markdown: « ● Rouge » with the dot in red (Camelot's colours are named in its data)."""
    if colour is None:
        return "—"
    return f":{CHIP_INK.get(colour, 'gray')}[●] {plain(catalogue().colour_names[colour])}"


def card_chip(card: str) -> str:
    """Markdown: a colour card with its colour's chip; a supporter or action card as its
    label (its own mark)."""
    info = catalogue().cards[card]
    if info.colour in CHIP_INK:
        return f":{CHIP_INK[info.colour]}[●] {plain(info.name)}"
    return plain(card_label(card))


def tokens_chips(tokens: list[str] | set[str]) -> str:
    return ", ".join(colour_chip(c) for c in sorted(tokens)) or "aucun jeton"


def state_of(view: StoredGame) -> CamelotState:
    state = view.state
    assert isinstance(state, CamelotState)
    return state


def start_values(key: str, prefill: dict[str, Any] | None, values: dict[str, Any]) -> None:
    """A correction's widgets start from the event corrected, once (set through
    st.session_state, the one way the browser's widgets are told to change too)."""
    if prefill is None:
        return
    marker = repr(sorted(prefill.items()))
    if st.session_state.get(f"{key}_marker") == marker:
        return
    st.session_state[f"{key}_marker"] = marker
    st.session_state.update({k: v for k, v in values.items() if v is not None})


def _names(state: CamelotState, seats: list[int]) -> dict[int, str]:
    return {q: plain(state.names[q]) for q in seats}


def seat_pills(label: str, state: CamelotState, seats: list[int], key: str,
                **options: Any) -> int | None:
    names = _names(state, seats)
    return st.pills(label, seats, format_func=names.__getitem__, key=key, **options)


# --- starting a tournament --------------------------------------------------------------------


def _hand_options(state: CamelotState) -> dict[str, str]:
    """What a starter who cannot start may show: action cards, and purple cards after a purple
    tournament (any other card could start it: registre CAM-1), one option per copy."""
    cat = catalogue()
    options = {}
    for card, info in cat.cards.items():
        if info.kind == ACTION or (info.colour == PURPLE and not state.colour_allowed(PURPLE)):
            for k in range(cat.copies[card]):
                options[f"{card}#{k}"] = card_chip(card) + (f" ({k + 1}e)" if k else "")
    return options


def start_form(view: StoredGame, prefill: dict[str, Any] | None,
               key: str) -> dict[str, Any] | None:
    """The starter announces the colour before drawing (registre CAM-1), or cannot start and
    shows the hand (EntryForm for « start » and « cannot_start »)."""
    state = state_of(view)
    p = state.current
    who = state.names[p]
    allowed = [c for c in catalogue().colours if state.colour_allowed(c)]
    hand_options = _hand_options(state)
    shown = list((prefill or {}).get("hand") or [])
    picked = [f"{card}#{shown[:i].count(card)}" for i, card in enumerate(shown)]
    start_values(key, prefill, {
        f"{key}_colour": (prefill or {}).get("colour"),
        f"{key}_hand": [o for o in picked if o in hand_options] or None,
        f"{key}_cannot": (prefill or {}).get("type") == "cannot_start" or None})
    st.info(plain(f"{who} choisit la couleur du tournoi avant de piocher (main de "
                  f"{counted(state.hand_count(p), 'carte')}), puis pioche."))
    if len(allowed) < len(catalogue().colours):
        st.caption("Le tournoi précédent était violet : pas de second tournoi violet.")
    st.pills("Couleur annoncée", allowed, format_func=colour_chip, key=f"{key}_colour",
             on_change="ignore")
    announce = partial(_start_at_tap, p, key)
    if prefill is None:  # written at the tap: one run per tap
        st.button("Annoncer", type="primary", key=f"{key}_go", width="stretch",
                  icon=":material/campaign:", on_click=write_at_tap,
                  args=(view.code, view.seq, announce))
    elif st.button("Annoncer", type="primary", key=f"{key}_go", width="stretch",
                   icon=":material/campaign:"):
        event = announce()
        show_tap_error()
        return event
    if st.toggle("Ne peut pas débuter : montre sa main", key=f"{key}_cannot"):
        hand = st.pills(f"Les {state.hand_count(p)} cartes montrées", list(hand_options),
                        selection_mode="multi", format_func=hand_options.__getitem__,
                        key=f"{key}_hand", on_change="ignore")
        if st.button("Main montrée : le joueur suivant débute", key=f"{key}_pass",
                     width="stretch"):
            return {"type": "cannot_start", "player": p,
                    "hand": [option.split("#")[0] for option in hand]}
    return None


def _start_at_tap(p: int, key: str) -> dict[str, Any] | None:
    colour = st.session_state.get(f"{key}_colour")
    if colour is None:
        refuse_at_tap("Choisissez la couleur du tournoi.")
        return None
    return {"type": "start", "player": p, "colour": colour}


def prize_form(view: StoredGame, prefill: dict[str, Any] | None,
               key: str) -> dict[str, Any] | None:
    """The winner of a purple tournament takes the token of his choice (EntryForm)."""
    state = state_of(view)
    who = state.current
    st.success(plain(f"{state.names[who]} gagne le tournoi violet et choisit son jeton."))
    missing = [c for c in catalogue().colours if c not in state.tokens[who]]
    start_values(key, prefill, {f"{key}_colour": (prefill or {}).get("colour")})
    colour = st.pills("Jeton choisi", missing, format_func=colour_chip, key=f"{key}_colour",
                      on_change="ignore")
    if st.button("Prendre ce jeton", type="primary", key=f"{key}_go", width="stretch"):
        if colour is None:
            st.warning("Choisissez le jeton.")
            return None
        return {"type": "prize", "player": who, "colour": colour}
    return None


# --- a turn -------------------------------------------------------------------------------------


def playable_cards(state: CamelotState) -> list[str]:
    """Cards offered: the tournament's colour, supporters, actions (not Lancelot, which has its
    own form). The engine still judges each play."""
    cat = catalogue()
    ids = [c for c, info in cat.cards.items() if info.colour == state.colour]
    ids += [c for c, info in cat.cards.items() if info.kind == "soutien"]
    ids += [c for c, info in cat.cards.items() if info.kind == ACTION and c != "lancelot"]
    return ids


def play_form(view: StoredGame, prefill: dict[str, Any] | None,
              key: str) -> dict[str, Any] | None:
    """A card played (EntryForm for « play »): picked among buttons; an action card shows its
    effect and asks its targets before « Jouer » confirms it."""
    state = state_of(view)
    p = state.current
    cards = playable_cards(state)
    start_values(key, prefill, {f"{key}_card": (prefill or {}).get("card")})
    card = st.pills("Carte jouée", cards, format_func=card_chip, key=f"{key}_card",
                    on_change="ignore")
    event: dict[str, Any] | None = None
    shown_before = False
    if card is not None:
        event = {"type": "play", "player": p, "card": card}
        if catalogue().cards[card].kind == ACTION:
            shown_before = st.session_state.get(f"{key}_shown") == card
            st.session_state[f"{key}_shown"] = card
            choices = _choices(state, p, card, f"{key}_{card}", prefill)
            if choices is None:
                event = None
            else:
                event.update(choices)
                try:
                    st.info(plain(f"Effet : {state.preview(event)}"))
                except RuleError as exc:
                    st.warning(plain(f"Ce coup serait refusé : {exc.reason} "
                                     f"({rule_words(exc.rule)})"))
    action = card is not None and catalogue().cards[card].kind == ACTION
    tapped = prefill is None and st.session_state.pop(f"{key}_tapped", False)
    if prefill is None and not action:  # a colour or supporter card: written at the tap
        st.button("Jouer cette carte", type="primary", key=f"{key}_go", width="stretch",
                  icon=":material/playing_cards:", on_click=write_at_tap,
                  args=(view.code, view.seq, partial(_play_at_tap, view, key)))
        return None
    pressed = st.button("Jouer cette carte", type="primary", key=f"{key}_go",
                        width="stretch", icon=":material/playing_cards:")
    if not (pressed or tapped):
        return None
    if card is None:
        st.warning("Choisissez la carte jouée.")
        return None
    if action and (tapped or not shown_before or event is None):
        st.info("Voyez l'effet ci-dessus, choisissez ce qu'il demande, puis confirmez.")
        return None
    return event


def _play_at_tap(view: StoredGame, key: str) -> dict[str, Any] | None:
    """At the tap on « Jouer cette carte » (writing.write_at_tap): a colour or supporter card
    is written; an action card is not (its effect and targets are shown first)."""
    state = state_of(view)
    card = st.session_state.get(f"{key}_card")
    if card is None:
        refuse_at_tap("Choisissez la carte jouée.")
        return None
    if catalogue().cards[card].kind == ACTION:
        st.session_state[f"{key}_tapped"] = True
        return None
    return {"type": "play", "player": state.current, "card": card}


def turn_end_form(view: StoredGame, prefill: dict[str, Any] | None,
                  key: str) -> dict[str, Any] | None:
    """The end of a turn: stay and announce the total, or withdraw (with a dame on the
    display, give back a token of the player's choice) (EntryForm for « end », « withdraw »)."""
    state = state_of(view)
    p = state.current
    owned = sorted(state.tokens[p])
    dame = DAME in state.displays[p] and bool(owned)
    start_values(key, prefill, {f"{key}_token": (prefill or {}).get("token")})
    if dame:
        st.pills("Dame : jeton rendu s'il abandonne (au choix du joueur)", owned,
                 format_func=colour_chip, key=f"{key}_token", on_change="ignore")
    left, right = st.columns(2)
    stay = f"Rester : annoncer {state.total(p)}"
    if prefill is None:  # written at the tap: one run per tap
        left.button(stay, key=f"{key}_end", width="stretch", icon=":material/shield:",
                    on_click=write_at_tap,
                    args=(view.code, view.seq, {"type": "end", "player": p}))
        right.button("Abandonner", key=f"{key}_withdraw", width="stretch",
                     icon=":material/flag:", on_click=write_at_tap,
                     args=(view.code, view.seq, partial(_withdraw_at_tap, p, dame, key)))
        return None
    if left.button(stay, key=f"{key}_end", width="stretch", icon=":material/shield:"):
        return {"type": "end", "player": p}
    if right.button("Abandonner", key=f"{key}_withdraw", width="stretch",
                    icon=":material/flag:"):
        event = _withdraw_at_tap(p, dame, key)
        show_tap_error()
        return event
    return None


def _withdraw_at_tap(p: int, dame: bool, key: str) -> dict[str, Any] | None:
    """A withdrawal; with a dame and tokens, the token the player gives back must be chosen."""
    token = st.session_state.get(f"{key}_token")
    if dame and token is None:
        refuse_at_tap("Avec une dame, le joueur rend un jeton : choisissez lequel.")
        return None
    return {"type": "withdraw", "player": p, **({"token": token} if dame else {})}


def lancelot_form(view: StoredGame, prefill: dict[str, Any] | None,
                  key: str) -> dict[str, Any] | None:
    """Lancelot cancels the action card just played (EntryForm for « lancelot »)."""
    state = state_of(view)
    st.caption("Une carte d'action vient d'être jouée : un joueur encore en lice peut la "
               "contrer avec Lancelot, avant la carte suivante.")
    still = [q for q in range(state.n) if state.active[q]]
    start_values(key, prefill, {f"{key}_player": (prefill or {}).get("player")})
    who = seat_pills("Joueur qui pose Lancelot", state, still, f"{key}_player",
                      on_change="ignore")
    if st.button("Lancelot : annuler cette action", key=f"{key}_go", width="stretch"):
        if who is None:
            st.warning("Choisissez le joueur qui pose Lancelot.")
            return None
        return {"type": "lancelot", "player": who}
    return None


# --- an action card's targets -------------------------------------------------------------------


def _choices(state: CamelotState, p: int, card: str, key: str,
             prefill: dict[str, Any] | None) -> dict[str, Any] | None:
    """The targets and choices the action card asks for; None while one is missing. These
    buttons rerun the form (the next choice depends on them: a target's display)."""
    given = prefill if prefill is not None and prefill.get("card") == card else {}
    start_values(key, given or None, {f"{key}_{name}": given.get(name)
                                       for name in ("target", "position", "give", "take",
                                                    "colour")})
    out: dict[str, Any] = {}
    complete = True
    names = state.names
    if card in TARGETED:
        # a shielded opponent is never offered to a card the Bouclier stops (registre CAM-7;
        # the Assommé goes through, CAM-9; Finesse may still take the Bouclier itself, CAM-10)
        others = [q for q in range(state.n) if q != p and (state.active[q] or card == "chute")
                  and (card == "finesse" or not shielded_from(state, p, q, card))]
        if others:
            target = seat_pills("Adversaire visé", state, others, f"{key}_target")
            if target is None:
                return None
            out["target"] = target
            if card == "esquive":
                complete &= _position(state.displays[target], "Carte défaussée",
                                      f"{key}_position", out, "position")
            if card == "finesse":
                complete &= _face_up(state, p, "Votre carte donnée", f"{key}_give", out, "give")
                complete &= _face_up(state, target, plain(f"Carte prise à {names[target]}"),
                                     f"{key}_take", out, "take")
    if card == "retraite":
        complete &= _position(state.displays[p], "Carte reprise en main", f"{key}_position",
                              out, "position")
    if card in ("desarconne", "changement-arme"):
        colours = [c for c in WEAPONS if card == "desarconne" or c != state.colour]
        colour = st.pills("Nouvelle couleur", colours, format_func=colour_chip,
                          key=f"{key}_colour")
        complete &= colour is not None
        if colour is not None:
            out["colour"] = colour
    if card == "adaptation":
        out["keep"] = _adaptation_keep(state, p, key, given.get("keep"))
    return out if complete else None


def _position(display: list[str], label: str, key: str, out: dict[str, Any],
              name: str) -> bool:
    if not display:
        return True
    position = st.pills(label, range(len(display)), key=key,
                        format_func=lambda i: f"{i + 1}. {card_chip(display[i])}")
    if position is not None:
        out[name] = position
    return position is not None


def _face_up(state: CamelotState, q: int, label: str, key: str, out: dict[str, Any],
             name: str) -> bool:
    options: list[int | str] = list(range(len(state.displays[q])))
    options += [w for w in ("bouclier", "assomme") if getattr(state, w) == q]
    if not options:
        return True

    def fmt(o: int | str) -> str:
        if isinstance(o, str):
            return "Bouclier" if o == "bouclier" else "Assommé"
        return f"{o + 1}. {card_chip(state.displays[q][o])}"

    chosen = st.pills(label, options, format_func=fmt, key=key)
    if chosen is not None:
        out[name] = chosen
    return chosen is not None


def _adaptation_keep(state: CamelotState, p: int, key: str,
                     given: dict[str, list[int]] | None) -> dict[str, list[int]]:
    """Each player with two cards of one value picks the ones kept (default: the earliest)."""
    keep: dict[str, list[int]] = {}
    for q in range(state.n):
        d = state.displays[q]
        default = earliest_per_value(d)
        if not state.active[q] or len(default) == len(d) or shielded_from(state, p, q):
            continue  # a shielded opponent loses nothing (registre CAM-7): not asked
        widget = f"{key}_keep_{q}"
        if widget not in st.session_state:
            st.session_state[widget] = list((given or {}).get(str(q)) or default)
        chosen = st.pills(plain(f"{state.names[q]} garde (une carte par valeur)"),
                          range(len(d)), selection_mode="multi", key=widget,
                          format_func=lambda i, d=d: f"{i + 1}. {card_chip(d[i])}")
        keep[str(q)] = sorted(chosen)
    return keep
