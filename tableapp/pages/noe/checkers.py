"""Noé's reference pages: the hand checker, the control checker and the rules at a glance.
They work without a game in progress, so they sit apart from the game page (noe.py); that page
borrows their pieces (the hand picker, the analysis shown, the control's cards and verdict) to
check a hand or a control inside a game, with the cards out of play in its manche."""

from __future__ import annotations

import streamlit as st

from companion.core.errors import RuleError
from companion.core.text import counted, rule_line
from companion.games.noe.cards import JOKER, deck
from companion.games.noe.control import check_control
from companion.games.noe.hand import Analysis, analyse
from companion.games.noe.inplay import Gone
from companion.games.noe.texts import grades_table, points_table, sections
from tableapp.look import a11y
from tableapp.look.usertext import plain

HAND_SIZE = deck().data.hand_size
NOTHING = "rien"  # the defender shows no État-Major card
CONTROL_MODES = {"Contrôle (1 Enquêteur)": 1, "Descente (3 Enquêteurs)": 3}


def card_name(card_id: str) -> str:
    return deck().cards[card_id].name


def level_name(level: int) -> str:
    return f"{level} · {deck().data.level(level).name}"


def _cards_at(level: int) -> list[str]:
    return [c.id for c in deck().data.components(level=level)]


def show_rule_error(exc: RuleError) -> None:
    st.error(plain(exc.reason) + (f"\n\n{plain(rule_line(exc.rule))}" if exc.rule else ""))


def hand_picker(level: int, key: str) -> list[str]:
    return st.multiselect(f"Les {HAND_SIZE} cartes de la main", _cards_at(level),
                          format_func=card_name, max_selections=HAND_SIZE, key=key,
                          placeholder="Tapez un prénom ou une catégorie…")


def show_analysis(result: Analysis, in_game: bool = False) -> None:
    """The announcements a hand allows, each with its groups. `in_game`: below a game's
    buttons, where the bar above already said the verdict (a warning there, out of view,
    would look like a refused tap)."""
    if not result.announcements:
        if not in_game:
            st.warning("Aucune annonce possible avec cette main.")
        return
    for found in result.announcements:
        best = " — meilleure annonce" if found is result.best else ""
        wait = " (à annoncer au tour suivant, sans piocher)" if found.wait_next_turn else ""
        with st.container(border=True):
            st.markdown(f"**{found.name}** : {found.points} points{best}{wait}")
            for group in found.groups:
                st.text(group.describe())


def hand_checker() -> None:
    st.title("Noé : vérifier une main")
    level = st.segmented_control("Niveau de jeu", deck().data.levels(),
                                 default=max(deck().data.levels()), format_func=level_name,
                                 key="noe_hand_level") or max(deck().data.levels())
    cards = hand_picker(int(level), key="noe_hand_cards")
    if len(cards) < HAND_SIZE:
        st.info(f"{len(cards)}/{HAND_SIZE} cartes choisies.")
        return
    try:
        result = analyse(cards, int(level))
    except RuleError as exc:
        show_rule_error(exc)
        return
    show_analysis(result)


def _defence_name(option: str) -> str:
    return "Rien : il ne montre aucune carte État-Major" if option == NOTHING else \
        card_name(option)


def control_choice(key: str) -> tuple[list[str], str | None] | None:
    """The cards laid down and the card shown, nothing preselected (issue 12): None until the
    action, every attacking card and the defence (a card, or « rien ») are chosen."""
    mode = st.segmented_control("Action", list(CONTROL_MODES), key=f"{key}_mode")
    if mode is None:
        st.info("Choisissez : contrôle ou descente.")
        return None
    size = CONTROL_MODES[mode]
    cards = deck().cards.values()
    attackers = [c.id for c in cards if c.category == "enqueteurs" or c.kind == JOKER]
    staff = [c.id for c in cards if c.category == "etat-major"]
    by = st.multiselect("Cartes posées par l'attaquant", attackers, format_func=card_name,
                        max_selections=size, key=f"{key}_by_{size}",
                        placeholder="Choisissez une carte Enquêteur…")
    against = st.selectbox("Carte État-Major montrée par le joueur visé", [NOTHING, *staff],
                           format_func=_defence_name, index=None, key=f"{key}_against",
                           placeholder="Ce que montre le joueur visé…")
    if len(by) != size or against is None:
        st.info(f"Choisissez {counted(size, 'carte')} ({len(by)}/{size}) et ce que montre le "
                "joueur visé.")
        return None
    return list(by), None if against == NOTHING else str(against)


def show_verdict(by: list[str], defence: str | None,
                 gone: dict[str, Gone] | None = None) -> bool:
    """Show the verdict; False when the request itself is refused (a card out of play in the
    game's manche included)."""
    try:
        verdict = check_control(by, defence, gone)
    except RuleError as exc:
        show_rule_error(exc)
        return False
    show = st.success if verdict.allowed else st.error
    show(("Permis : " if verdict.allowed else "Impossible : ") + verdict.reason)
    st.caption(rule_line(verdict.rule))
    return True


def control_checker() -> None:
    st.title("Noé : contrôle ou descente ?")
    st.caption("Niveaux 2 et 3. Choisissez les cartes posées et la carte État-Major montrée.")
    chosen = control_choice("noe_ctrl")
    if chosen is not None:
        show_verdict(*chosen)


def rules() -> None:
    st.title("Noé : les règles en bref")
    st.caption("Résumé du projet ; la règle complète fait foi. Les choix du projet là où la "
               "règle se tait ou se contredit sont dits « choix de la maison ».")
    for title, body in sections():
        a11y.heading(title)
        st.markdown(body)
    a11y.heading("Annonces et points")
    st.table(points_table(), hide_index=True)
    a11y.heading("Grades (du plus haut au plus bas)")
    st.table(grades_table(), hide_index=True)
