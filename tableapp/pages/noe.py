"""Noé, Complot à l'Élysée at the table: the scoreboard and the entry of announcements (one game
in the URL), and this game's pages for the navigation; the hand checker, the control checker
and the rules at a glance are noe_checkers.py. Logic lives in companion/games/noe; players'
names only reach Streamlit as plain text or escaped Markdown."""

from __future__ import annotations

from functools import partial
from typing import Any

import streamlit as st

from companion.core.errors import RuleError
from companion.core.text import number
from companion.games.catalog import game_info
from companion.games.noe.board import chart_spec, describe, grid_column, grid_rows
from companion.games.noe.cards import deck
from companion.games.noe.hand import analyse
from companion.games.noe.inplay import Gone, from_json
from tableapp import a11y, scorecards, tableclock
from tableapp.aftergame import after_game
from tableapp.gamepage import (
    EntryForm,
    StoredGame,
    correction,
    current_game,
    is_public_view,
    live_view,
    refuse_at_tap,
    show_tap_error,
    submit,
    toolbar,
    write_at_tap,
)
from tableapp.pages.noe_checkers import (
    CONTROL_MODES,
    HAND_SIZE,
    NOTHING,
    control_checker,
    control_choice,
    hand_checker,
    hand_picker,
    level_name,
    rules,
    show_analysis,
    show_rule_error,
    show_verdict,
)
from tableapp.usertext import plain

GAME = "noe"
SECTION = game_info(GAME).title


def _setup_form(players: list[str]) -> dict[str, Any] | None:
    data = deck().data
    level = st.segmented_control("Niveau de jeu", data.levels(), default=max(data.levels()),
                                 format_func=level_name, key="noe_setup_level")
    target = st.number_input("Objectif (points)", min_value=50, max_value=5000,
                             value=data.target_score, step=50, key="noe_setup_target",
                             help=f"{data.target_score} dans la règle")
    dealer = st.selectbox("Premier donneur", players, key="noe_setup_dealer")
    if level is None:
        st.info("Choisissez un niveau de jeu.")
        return None
    return {"level": int(level), "target": int(target), "dealer": dealer}


def _status(summary: dict[str, Any]) -> None:
    if summary["finished"]:
        winners = " et ".join(summary["winners"])
        st.success(f"Partie terminée : victoire de {plain(winners)} "
                   f"({summary['scores'][summary['winners'][0]]} points).")
        return
    turn = f" · à {plain(summary['turn'])} de jouer" if summary["turn"] else ""
    st.markdown(f"**Manche {summary['manche']}** · donneur : {plain(summary['dealer'])}{turn} · "
                f"niveau {summary['level']} · objectif {number(summary['target'])} points")


def _scoreboard(summary: dict[str, Any]) -> None:
    """Totals, progress toward the target, the grid by manche. Cheap elements only (progress
    bars, one Markdown table): this runs on every rerun of the page (benchmarks/noe.py)."""
    players, target = summary["players"], summary["target"]
    if is_public_view():  # what every phone of the game redraws at each write: one element
        scorecards.cards([scorecards.Card(
            player, number(summary["scores"][player]), summary["scores"][player], target,
            f"{number(min(summary['scores'][player], target))}/{number(target)}")
            for player in players],
            "Scores")
    else:
        _score_metrics(summary)
    if st.toggle("Courbe des scores manche après manche", key="noe_board_chart"):
        st.vega_lite_chart(chart_spec(summary), width="stretch")
    st.markdown(_grid_markdown(summary))
    st.caption("— : pas encore de points dans la manche en cours")
    for violation in summary["violations"][-3:]:
        st.caption(f"Manche {violation['manche']} : {plain(violation['reason'])}")


def _score_metrics(summary: dict[str, Any]) -> None:
    """The host's totals: a metric and a progress bar per player, in rows of three."""
    players, target = summary["players"], summary["target"]
    per_row = min(len(players), 3)
    for row in range(0, len(players), per_row):  # rows of seats: a phone stacks them in order
        for column, player in zip(st.columns(per_row), players[row:row + per_row], strict=False):
            score = summary["scores"][player]
            with column:
                st.metric(plain(player), number(score), border=True)
                st.progress(min(score / target, 1.0),
                            text=f"{number(min(score, target))}/{number(target)}")


def _grid_markdown(summary: dict[str, Any]) -> str:
    """The grid by manche as one Markdown table (every cell escaped: names are user text)."""
    rows = grid_rows(summary)
    header = list(rows[0])
    lines = ["| " + " | ".join(plain(str(h)) for h in header) + " |",
             "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(plain(str(row[h])) for h in header) + " |" for row in rows]
    totals = {grid_column(p): number(summary["scores"][p]) for p in summary["players"]}
    lines.append("| " + " | ".join(f"**{totals[h]}**" if h in totals else
                                   ("**Total**" if h == "Manche" else "") for h in header) + " |")
    return "\n".join(lines)


def _start_values(key: str, marker: Any, values: dict[str, Any]) -> None:
    """Give the form's widgets their starting values once per `marker`: for a new entry, the
    log's (code, seq) (once it moves, the entry starts again from whose turn it is: a selection
    left over from the previous player must never be recorded for the next one); for a
    correction, the event corrected. Set through st.session_state, the one way the browser's
    widgets are told to change too."""
    if st.session_state.get(f"{key}_seq") == marker and all(k in st.session_state
                                                            for k in values):
        return
    st.session_state[f"{key}_seq"] = marker
    st.session_state.update(values)


def _active(summary: dict[str, Any]) -> list[str]:
    current = summary["manches"][-1]
    return [p for p in summary["players"] if p not in current["announcements"]]


def _out_of_play(summary: dict[str, Any]) -> dict[str, Gone]:
    """The current manche's cards out of play (registre NOE-14), for the checkers."""
    return from_json(summary["manches"][-1].get("out_of_play"))


def announcement_form(view: StoredGame, prefill: dict[str, Any] | None,
                      key: str) -> dict[str, Any] | None:
    """An announcement, true or false (EntryForm): the player, the announcement, and the hand
    checked if the table wants to; « Valider l'annonce » or « Annonce fausse »."""
    summary = view.state.summary()
    manche = summary["manche"]
    active = _active(summary)
    player_key, cards_key = f"{key}_player_{manche}", f"{key}_cards_{manche}"
    first_announcement = deck().data.announcements[0].id
    if prefill is None:
        # keyed by game too: a rematch in the same session starts at the same seq and manche
        turn = summary["turn"]
        _start_values(key, (view.code, view.seq), {
            player_key: turn if turn in active else active[0],
            f"{key}_announcement": first_announcement, cards_key: []})
    else:
        _start_values(key, repr(sorted(prefill.items())), {
            player_key: prefill.get("player"), cards_key: list(prefill.get("cards") or []),
            f"{key}_announcement": prefill.get("announcement") or first_announcement,
            f"{key}_check": bool(prefill.get("cards"))})
    # a few choices: buttons, not a typed list; picking one sends nothing to the server (the
    # value travels with « Valider »): one round trip per announcement
    st.segmented_control("Joueur", active, key=player_key, required=True,
                         format_func=plain, on_change="ignore")
    announcements = deck().data.announcements
    points = {a.id: f"{a.name} ({a.points})" for a in announcements}
    ann_id = st.pills("Annonce (points)", list(points), format_func=points.get, required=True,
                      key=f"{key}_announcement", on_change="ignore")
    cards: list[str] | None = None
    if st.toggle("Vérifier avec la main étalée", key=f"{key}_check"):
        cards = hand_picker(summary["level"], key=cards_key)
        if len(cards) == HAND_SIZE:
            try:
                # a card laid down, used for an action or killed this manche is refused
                result = analyse(cards, summary["level"], _out_of_play(summary))
            except RuleError as exc:
                show_rule_error(exc)
            else:
                if result.allows(ann_id):
                    st.success("La main permet cette annonce.")
                else:
                    st.error("La main ne permet pas cette annonce : c'est une fausse annonce.")
                show_analysis(result)
        else:
            st.info(f"{len(cards)}/{HAND_SIZE} cartes choisies.")
    left, right = st.columns(2)
    valid = partial(_announcement_event, "announcement", key, manche)
    false = partial(_announcement_event, "false_announcement", key, manche)
    if prefill is None:  # a new entry is written by the tap itself: one run per tap
        left.button("Valider l'annonce", type="primary", key=f"{key}_valid", width="stretch",
                    icon=":material/check:", on_click=write_at_tap,
                    args=(view.code, view.seq, valid))
        right.button("Annonce fausse", key=f"{key}_false", width="stretch",
                     icon=":material/close:", help=FALSE_HELP, on_click=write_at_tap,
                     args=(view.code, view.seq, false))
        return None
    if left.button("Valider l'annonce", type="primary", key=f"{key}_valid",
                   icon=":material/check:", width="stretch"):
        return _shown_refusal(valid())
    if right.button("Annonce fausse", key=f"{key}_false", width="stretch",
                    icon=":material/close:", help=FALSE_HELP):
        return _shown_refusal(false())
    return None


FALSE_HELP = "Le joueur reprend ses cartes, ne marque rien et passe son tour"


def _announcement_event(kind: str, key: str, manche: int) -> dict[str, Any] | None:
    """The event the announcement form's widgets say (st.session_state: at a tap, or after the
    form is drawn); None, with the reason kept for the next run, when the hand is incomplete."""
    state = st.session_state
    event = {"type": kind, "manche": manche, "player": state.get(f"{key}_player_{manche}"),
             "announcement": state.get(f"{key}_announcement")}
    if kind != "announcement" or not state.get(f"{key}_check"):
        return event
    cards = list(state.get(f"{key}_cards_{manche}") or [])
    if len(cards) != HAND_SIZE:
        refuse_at_tap(f"Choisissez les {HAND_SIZE} cartes de la main, ou désactivez la "
                      "vérification.")
        return None
    return {**event, "cards": cards}


def _shown_refusal(event: dict[str, Any] | None) -> dict[str, Any] | None:
    """In a correction the form returns the event in the same run: say a refusal at once."""
    show_tap_error()
    return event


def control_form(view: StoredGame, prefill: dict[str, Any] | None,
                 key: str) -> dict[str, Any] | None:
    """A contrôle or descente of the current manche, written to the log (registre NOE-14)
    (EntryForm)."""
    summary = view.state.summary()
    manche = summary["manche"]
    active = _active(summary)
    if prefill is not None:
        by = list(prefill.get("by") or [])
        mode = next((m for m, size in CONTROL_MODES.items() if size == len(by)), None)
        _start_values(key, repr(sorted(prefill.items())), {
            f"{key}_player_{manche}": prefill.get("player"),
            f"{key}_target_{manche}": prefill.get("target"),
            f"{key}_{manche}_mode": mode, f"{key}_{manche}_by_{len(by)}": by,
            f"{key}_{manche}_against": prefill.get("defence") or NOTHING})
    player = st.segmented_control("Joueur qui contrôle", active, format_func=plain,
                                  key=f"{key}_player_{manche}")
    target = st.segmented_control("Joueur visé", [p for p in active if p != player],
                                  format_func=plain, key=f"{key}_target_{manche}")
    chosen = control_choice(f"{key}_{manche}")
    if chosen is None or player is None or target is None:
        if chosen is not None:
            st.info("Choisissez le joueur qui contrôle et le joueur visé.")
        return None
    by, defence = chosen
    if show_verdict(by, defence, _out_of_play(summary)) and st.button(
            "Enregistrer l'action", key=f"{key}_ok", icon=":material/check:"):
        return {"type": "control", "manche": manche, "player": player, "target": target,
                "by": by, "defence": defence}
    return None


# The entry forms by event type: the same code enters an event and corrects it (the end of a
# manche has nothing to correct: it can only be withdrawn).
FORMS: dict[str, EntryForm] = {"announcement": announcement_form,
                               "false_announcement": announcement_form,
                               "control": control_form}


def _entry(stored: StoredGame, summary: dict[str, Any]) -> None:
    manche = summary["manche"]
    a11y.heading(f"Manche {manche} : saisir une annonce")
    announcement_form(stored, None, "noe_entry")  # written at the tap (write_at_tap)
    st.button("Arrêter la manche", key="noe_entry_end", width="stretch", icon=":material/stop:",
              help="Quand la table décide d'arrêter la manche (choix de la maison : la règle "
                   "ne le prévoit pas)", on_click=write_at_tap,
              args=(stored.code, stored.seq, {"type": "end_manche", "manche": manche}))
    # drawn only when asked for: a closed expander would still send its whole form at every tap
    if summary["level"] >= 2 and st.toggle("Contrôle ou descente (niveaux 2 et 3)",
                                           key="noe_ctl_open"):
        event = control_form(stored, None, "noe_ctl")
        if event is not None:
            submit(stored, event)


def play() -> None:
    st.title("Noé : tableau des scores")  # also above a new game's form
    live_view(current_game(GAME, _setup_form), _game)


def _game(stored: StoredGame) -> None:
    """The game view (one fragment: a tap reruns it alone)."""
    summary = stored.state.summary()
    if is_public_view():  # the table's scoreboard: whose turn first (issue 25)
        tableclock.banner(GAME, summary, summary["players"])
    _status(summary)
    if not is_public_view() and not correction(stored, describe, FORMS) \
            and not summary["finished"]:  # the current turn first
        with st.container(border=True):
            _entry(stored, summary)
    _scoreboard(summary)
    after_game(stored, history=False)  # the grid and chart above are Noé's history
    toolbar(stored, describe)


def pages() -> list[st.Page]:
    """This module's pages, built for the current script run (see tableapp/navigation.py)."""
    return [
        st.Page(play, title="Noé : partie",
                icon=":material/scoreboard:", url_path=GAME),
        st.Page(hand_checker, title="Noé : vérifier une main",
                icon=":material/playing_cards:", url_path=f"{GAME}-main"),
        st.Page(control_checker, title="Noé : contrôle",
                icon=":material/fact_check:", url_path=f"{GAME}-controle"),
        st.Page(rules, title="Noé : règles en bref",
                icon=":material/menu_book:", url_path=f"{GAME}-regles"),
    ]


def print_controls() -> dict[str, Any]:
    """The print page's choices for Noé (tableapp.pages.printing): the level."""
    level = st.selectbox("Noé : niveau", [3, 1, 2], key="print_level",
                         format_func=lambda n: f"niveau {n} ("
                         + ("93 cartes)" if n == 3 else "79 cartes)"))
    return {"level": level}


def awaited(summary: dict[str, Any]) -> tuple[str | None, str]:
    """Whose turn and what the table waits for (tableapp.tableclock's banner)."""
    return summary["turn"], f"piocher, puis défausser (manche {summary['manche']})"
