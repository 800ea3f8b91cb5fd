"""Noé, Complot à l'Élysée at the table: the scoreboard and the entry of announcements (one game
in the URL), and this game's pages for the navigation; the hand checker, the control checker
and the rules at a glance are checkers.py. Logic lives in companion/games/noe; players'
names only reach Streamlit as plain text or escaped Markdown."""

from __future__ import annotations

from typing import Any

import streamlit as st

from companion.core.registry import game_info
from companion.core.text import number
from companion.events.store import StoredGame
from companion.games.noe.board import chart_spec, describe, grid_column, grid_rows
from companion.games.noe.cards import deck
from tableapp.device.writing import is_public_view, submit
from tableapp.live import scorecards, tableclock
from tableapp.look import a11y
from tableapp.look.phone import PHONE_MAX, sticky
from tableapp.look.usertext import plain
from tableapp.pages.noe.checkers import (
    CONTROL_MODES,
    NOTHING,
    control_checker,
    control_choice,
    hand_checker,
    level_name,
    rules,
    show_verdict,
)
from tableapp.pages.noe.entry import (
    active,
    announcement_form,
    into_view,
    out_of_play,
    said_here,
    start_values,
    tap,
)
from tableapp.table.aftergame import after_game
from tableapp.table.gamepage import current_game, live_view, toolbar
from tableapp.table.history import EntryForm, correction, window

GAME = "noe"
SECTION = game_info(GAME).title

# Noé's turn on a phone (tableapp/look/phone.py gathers every game's): its bar stays at the
# bottom of the screen, its « Valider » row side by side
PHONE_STICKY = sticky(".st-key-noe_entry_bar")
PHONE_ROWS = [".st-key-noe_entry_valid"]
PHONE_CSS = f"""
/* Noé's nine announcements: two rows on a tablet, three on a phone (five before), so the
   turn's bar below them lies in the first screen; 44 px high: a thumb's target */
.st-key-noe_entry_announcement button {{ min-height: 44px; padding: 2px 9px; }}
.st-key-noe_entry_announcement button p {{ font-size: 0.875rem; }}
.st-key-noe_entry_bar {{ gap: 0.5rem; }}
[data-testid="stLayoutWrapper"] > .st-key-noe_entry_bar {{ padding: 0; }}  /* its wrapper's */
/* the script that brings a refusal into view (entry.into_view) takes no room */
[class*="st-key-noe_said_"] [data-testid="stElementContainer"]:has(> [data-testid="stHtml"]) {{
  display: none; }}
@media (max-width: {PHONE_MAX}px) {{
  [data-testid="stHorizontalBlock"]:has(.st-key-noe_entry_valid) button {{
    padding: 0.4rem 0.5rem; }}
  [data-testid="stHorizontalBlock"]:has(.st-key-noe_entry_valid) button * {{
    white-space: normal !important; text-overflow: clip !important; }}
}}
"""


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


def _scoreboard(code: str, summary: dict[str, Any]) -> None:
    """Totals, progress toward the target, the grid by manche. Cheap elements only (progress
    bars, one Markdown table of the latest manches, older ones a page at a time): this runs
    on every rerun of the page (benchmarks/noe.py)."""
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
    st.markdown(_grid_markdown(summary, window(len(summary["manches"]), f"noe_grid_{code}",
                                               GRID_ROWS, "manches")))
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


GRID_ROWS = 50  # manches in the grid at once


def _grid_markdown(summary: dict[str, Any], shown: range) -> str:
    """The grid of the manches in `shown` as one Markdown table (every cell escaped: names
    are user text), with the totals."""
    rows = grid_rows(summary)[shown.start:shown.stop]
    header = list(rows[0])
    lines = ["| " + " | ".join(plain(str(h)) for h in header) + " |",
             "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(plain(str(row[h])) for h in header) + " |" for row in rows]
    totals = {grid_column(p): number(summary["scores"][p]) for p in summary["players"]}
    lines.append("| " + " | ".join(f"**{totals[h]}**" if h in totals else
                                   ("**Total**" if h == "Manche" else "") for h in header) + " |")
    return "\n".join(lines)


def control_form(view: StoredGame, prefill: dict[str, Any] | None,
                 key: str) -> dict[str, Any] | None:
    """A contrôle or descente of the current manche, written to the log (registre NOE-14)
    (EntryForm)."""
    summary = view.state.summary()
    manche = summary["manche"]
    players = active(summary)
    if prefill is not None:
        by = list(prefill.get("by") or [])
        mode = next((m for m, size in CONTROL_MODES.items() if size == len(by)), None)
        start_values(key, repr(sorted(prefill.items())), {
            f"{key}_player_{manche}": prefill.get("player"),
            f"{key}_target_{manche}": prefill.get("target"),
            f"{key}_{manche}_mode": mode, f"{key}_{manche}_by_{len(by)}": by,
            f"{key}_{manche}_against": prefill.get("defence") or NOTHING})
    player = st.segmented_control("Joueur qui contrôle", players, format_func=plain,
                                  key=f"{key}_player_{manche}")
    target = st.segmented_control("Joueur visé", [p for p in players if p != player],
                                  format_func=plain, key=f"{key}_target_{manche}")
    chosen = control_choice(f"{key}_{manche}")
    if chosen is None or player is None or target is None:
        if chosen is not None:
            st.info("Choisissez le joueur qui contrôle et le joueur visé.")
        return None
    by, defence = chosen
    if show_verdict(by, defence, out_of_play(summary)) and st.button(
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
    """The host's turn: the status as the entry's heading (one line, not two saying « Manche »
    twice: the bar of the turn's action must fit in the first screen of a phone), the
    announcement, then the manche's other actions."""
    manche = summary["manche"]
    turn = f" · à {summary['turn']} de jouer" if summary["turn"] else ""
    a11y.heading(f"Manche {manche}{turn}")  # escaped by a11y.heading
    st.caption(f"Donneur : {plain(summary['dealer'])} · niveau {summary['level']} · "
               f"objectif {number(summary['target'])} points")
    announcement_form(stored, None, "noe_entry")  # written at the tap (entry.tap)
    said_here("noe_entry_end")  # a refusal of « Arrêter la manche », just above it
    st.button("Arrêter la manche", key="noe_entry_end", width="stretch", icon=":material/stop:",
              help="Quand la table décide d'arrêter la manche (choix de la maison : la règle "
                   "ne le prévoit pas)", on_click=tap,
              args=("noe_entry_end", stored.code, stored.seq,
                    {"type": "end_manche", "manche": manche}))
    # drawn only when asked for: a closed expander would still send its whole form at every tap
    if summary["level"] >= 2 and st.toggle("Contrôle ou descente (niveaux 2 et 3)",
                                           key="noe_ctl_open"):
        event = control_form(stored, None, "noe_ctl")
        if event is not None:
            with st.container(key="noe_said_noe_ctl"):  # submit's refusal, beside its button
                submit(stored, event)  # written: the view reruns; refused: said here
                into_view("noe_ctl")


def play() -> None:
    st.title("Noé : tableau des scores")  # also above a new game's form
    live_view(current_game(GAME, _setup_form), _game)


def _game(stored: StoredGame) -> None:
    """The game view (one fragment: a tap reruns it alone)."""
    summary = stored.summary()
    if is_public_view():  # the table's scoreboard: whose turn first (issue 25)
        tableclock.banner(GAME, summary, summary["players"])
    host = not is_public_view()
    if not host or summary["finished"]:  # the host's entry has the status as its heading
        _status(summary)
    if host and not correction(stored, describe, FORMS) \
            and not summary["finished"]:  # the current turn first
        with st.container(border=True):
            _entry(stored, summary)
    _scoreboard(stored.code, summary)
    after_game(stored, history=False)  # the grid and chart above are Noé's history
    toolbar(stored, describe)


def pages() -> list[st.Page]:
    """This module's pages, built for the current script run (see tableapp/look/navigation.py)."""
    return [st.Page(page, title=title, icon=icon, url_path=path)
            for page, title, icon, path in (
        (play, "Noé : partie", ":material/scoreboard:", GAME),
        (hand_checker, "Noé : vérifier une main", ":material/playing_cards:", f"{GAME}-main"),
        (control_checker, "Noé : contrôle", ":material/fact_check:", f"{GAME}-controle"),
        (rules, "Noé : règles en bref", ":material/menu_book:", f"{GAME}-regles"),
    )]


def print_controls() -> dict[str, Any]:
    """The print page's choices for Noé (tableapp.pages.printing): the level."""
    level = st.selectbox("Noé : niveau", [3, 1, 2], key="print_level",
                         format_func=lambda n: f"niveau {n} ("
                         + ("93 cartes)" if n == 3 else "79 cartes)"))
    return {"level": level}


def awaited(summary: dict[str, Any]) -> tuple[str | None, str]:
    """Whose turn and what the table waits for (tableapp.live.tableclock's banner)."""
    return summary["turn"], f"piocher, puis défausser (manche {summary['manche']})"
