"""« Autre jeu » at the table: a score sheet by rounds for a game the table names. One round
is entered in one screen (a number field per player, « Manche suivante »); totals in seat
order, the chart and the history come from the game's record (tableapp/table/aftergame.py); a past
round is corrected by tapping it (tableapp/table/history.py). Names typed by the table (the game's,
the players', the teams') only reach Streamlit through `plain`."""

from __future__ import annotations

from typing import Any

import streamlit as st

from companion.core.errors import CompanionError
from companion.core.registry import game_info
from companion.events.store import StoredGame
from companion.games.libre.board import WINNER_LABELS, describe, remembered_rules, rules_line
from companion.games.libre.engine import MAX_NAME, MAX_ROUNDS, MAX_SCORE
from tableapp.device.writing import TAP_ERROR_KEY, is_public_view, show_tap_error, write_at_tap
from tableapp.live import tableclock
from tableapp.look import a11y
from tableapp.look.usertext import plain
from tableapp.process import shared
from tableapp.table.aftergame import after_game
from tableapp.table.gamepage import current_game, live_view, toolbar
from tableapp.table.history import EntryForm, correction
from tableapp.table.opening import device_games

GAME = "libre"
SECTION = game_info(GAME).title
ENDINGS = {"table": "Quand la table l'arrête", "target": "À un score cible",
           "rounds": "En un nombre de manches"}


# --- a new game: its name and its rules ---------------------------------------------------


REMEMBERED = 30  # the latest games of this device read for their rules
_KNOWN_KEY = "_compagnon_libre_known"  # (codes read, their rules): the form redraws often


def _remembered() -> dict[str, dict[str, Any]]:
    """The rules of the named games this device played, the latest of each name (read once
    per set of games: each setup read is a replay)."""
    try:
        games = sorted(device_games(GAME), key=lambda g: g.updated)[-REMEMBERED:]
        codes = tuple(g.code for g in games)
        cached = st.session_state.get(_KNOWN_KEY)
        if cached is not None and cached[0] == codes:
            return dict(cached[1])
        known = remembered_rules([shared.store().load(code).setup for code in codes])
    except CompanionError:
        return {}
    st.session_state[_KNOWN_KEY] = (codes, known)
    return known


def _use_rules(rules: dict[str, Any]) -> None:  # a callback: the widgets take these values
    st.session_state["lb_name"] = rules["name"]
    st.session_state["lb_winner"] = rules.get("winner", "high")
    ending = "target" if "target" in rules else "rounds" if "rounds" in rules else "table"
    st.session_state["lb_ending"] = ending
    if ending != "table":
        st.session_state[f"lb_{ending}"] = rules[ending]


def _setup_form(players: list[str]) -> dict[str, Any] | None:
    known = _remembered()
    if known:
        st.caption("Jeux déjà joués ici : touchez-en un pour reprendre ses règles.")
        columns = st.columns(min(len(known), 3))
        for i, (_name, rules) in enumerate(sorted(known.items())[:9]):
            columns[i % len(columns)].button(plain(rules["name"]), key=f"lb_known_{i}",
                                             width="stretch", on_click=_use_rules,
                                             args=(rules,))
    name = st.text_input("Nom du jeu", key="lb_name", max_chars=MAX_NAME,
                         placeholder="Skull King, Uno, un prototype…").strip()
    winner = st.segmented_control("Qui gagne ?", list(WINNER_LABELS), default="high",
                                  format_func=lambda w: WINNER_LABELS[w].capitalize(),
                                  key="lb_winner", required=True)
    ending = st.segmented_control("Fin de la partie", list(ENDINGS), default="table",
                                  format_func=ENDINGS.get, key="lb_ending", required=True)
    setup: dict[str, Any] = {"name": name, "winner": winner or "high"}
    if ending == "target":
        setup["target"] = int(st.number_input("Score cible", min_value=1, max_value=MAX_SCORE,
                                              value=100, step=10, key="lb_target"))
    elif ending == "rounds":
        setup["rounds"] = int(st.number_input("Nombre de manches", min_value=1,
                                              max_value=MAX_ROUNDS, value=10, step=1,
                                              key="lb_rounds"))
    teams = _teams(players)
    if teams is None:
        return None
    if teams:
        setup["teams"] = teams
    if not name:
        st.info("Donnez un nom au jeu.")
        return None
    return setup


def _teams(players: list[str]) -> dict[str, list[str]] | None:
    """{} without teams; the teams when every player is in one; None (reason shown) else."""
    if len(players) < 2 or not st.toggle("Par équipes", key="lb_teams"):
        return {}
    count = st.number_input("Nombre d'équipes", min_value=1, max_value=len(players), value=2,
                            step=1, key="lb_team_count")
    names = [st.text_input(f"Équipe {i + 1}", value=f"Équipe {i + 1}", key=f"lb_team_{i}",
                           max_chars=MAX_NAME).strip() for i in range(int(count))]
    if not all(names) or len({n.casefold() for n in names}) < len(names):
        st.warning("Chaque équipe a un nom, distinct des autres.")
        return None
    teams: dict[str, list[str]] = {n: [] for n in names}
    for i, player in enumerate(players):
        # a select box's options are drawn as plain text (no Markdown): the names as typed
        team = st.selectbox(f"Équipe de {plain(player)}", list(range(len(names))),
                            index=i % len(names), format_func=lambda t: names[t],
                            key=f"lb_player_team_{i}")
        teams[names[team]].append(player)
    empty = [n for n, members in teams.items() if not members]
    if empty:
        st.warning(plain(f"L'équipe « {empty[0]} » n'a aucun joueur."))
        return None
    return teams


# --- a round ------------------------------------------------------------------------------


def _field(key: str, competitor: int) -> str:
    return f"{key}_pts_{competitor}"


def _round_event(competitors: list[str], key: str) -> dict[str, Any]:
    """The round the form's fields say (st.session_state: at the tap, or after drawing)."""
    state = st.session_state
    return {"type": "round", "scores": {c: int(state.get(_field(key, i)) or 0)
                                        for i, c in enumerate(competitors)}}


def _clear_then_write(code: str, seq: int, competitors: list[str], key: str) -> None:
    """« Manche suivante »: write the round, then empty the fields for the next one."""
    st.session_state.pop(TAP_ERROR_KEY, None)
    write_at_tap(code, seq, _round_event(competitors, key))
    if TAP_ERROR_KEY not in st.session_state:  # written: the next round starts from zero
        for i in range(len(competitors)):
            st.session_state[_field(key, i)] = 0


def round_form(view: StoredGame, prefill: dict[str, Any] | None,
               key: str) -> dict[str, Any] | None:
    """One round (EntryForm): a whole-number field per player (or team) with its − and +
    steps, in seat order; a new round is written at the tap of « Manche suivante »."""
    summary = view.summary()
    competitors = summary["competitors"]
    if prefill is not None and st.session_state.get(f"{key}_filled") != repr(prefill):
        st.session_state[f"{key}_filled"] = repr(prefill)
        scores = prefill.get("scores") or {}
        for i, c in enumerate(competitors):
            st.session_state[_field(key, i)] = int(scores.get(c, 0))
    per_row = 2
    for row in range(0, len(competitors), per_row):  # a phone stacks them in seat order
        columns = st.columns(per_row)
        for column, (i, who) in zip(columns, list(enumerate(competitors))[row:row + per_row],
                                    strict=False):
            st.session_state.setdefault(_field(key, i), 0)  # no value=: the state holds it
            column.number_input(plain(who), min_value=-MAX_SCORE, max_value=MAX_SCORE,
                                step=1, key=_field(key, i))
    if prefill is None:
        st.button("Manche suivante", type="primary", key=f"{key}_next", width="stretch",
                  icon=":material/skip_next:", on_click=_clear_then_write,
                  args=(view.code, view.seq, competitors, key))
        return None
    if st.button("Corriger la manche", type="primary", key=f"{key}_ok", width="stretch",
                 icon=":material/check:"):
        show_tap_error()
        return _round_event(competitors, key)
    return None


FORMS: dict[str, EntryForm] = {"round": round_form}


# --- the game -----------------------------------------------------------------------------


def _status(summary: dict[str, Any]) -> None:
    name = plain(summary["name"])
    if summary["finished"]:
        winners = " et ".join(summary["winners"])
        st.success(f"{name} : partie terminée, victoire de {plain(winners)}.")
    else:
        st.markdown(f"**{name}** · manche {len(summary['rounds']) + 1} · "
                    f"{plain(rules_line(summary))}")


def _totals(summary: dict[str, Any]) -> None:
    """Running totals in seat order, with each one's place (ties share it)."""
    places = {row["name"]: row["place"] for row in summary["ranking"]}
    teams = summary["teams"] or {}
    per_row = min(len(summary["competitors"]), 3)
    competitors = summary["competitors"]
    for row in range(0, len(competitors), per_row):
        for column, who in zip(st.columns(per_row), competitors[row:row + per_row],
                               strict=False):
            with column:
                place = f"{places[who]}ᵉ" if places[who] > 1 else "1ᵉʳ"
                st.metric(plain(who), summary["scores"][who], border=True,
                          delta=place if summary["rounds"] else None, delta_color="off",
                          delta_arrow="off")
                if who in teams:
                    st.caption(plain(", ".join(teams[who])))


def _entry(stored: StoredGame, summary: dict[str, Any]) -> None:
    a11y.heading(f"Manche {len(summary['rounds']) + 1}")
    round_form(stored, None, "lb_entry")
    if summary["rounds"]:
        st.button("Terminer la partie", key="lb_end", width="stretch", icon=":material/flag:",
                  help="La table arrête la partie : le classement actuel est final",
                  on_click=write_at_tap, args=(stored.code, stored.seq, {"type": "end"}))


MAX_TIMER = 3600  # seconds: an hour per turn is beyond any table's patience

# The countdown runs in the player's browser only: no rerun, no server work per second. The
# page gives it a whole number of seconds (no user text reaches this HTML).
TIMER_HTML = """<div style="display:flex;gap:12px;align-items:center">
<button type="button" id="lb-timer-go" style="min-height:44px;padding:0 16px;border-radius:8px;
border:1px solid #999;background:transparent;color:inherit;font:inherit">
Lancer le minuteur ({seconds} s)</button>
<span id="lb-timer-left" aria-live="polite" style="font-size:1.4em;font-variant:tabular-nums">
</span></div>
<script>(() => {{
  const go = document.getElementById('lb-timer-go');
  const out = document.getElementById('lb-timer-left');
  if (!go || go.dataset.ready) return;
  go.dataset.ready = '1';
  let timer = null;
  go.addEventListener('click', () => {{
    clearInterval(timer);
    let left = {seconds};
    out.textContent = left + ' s';
    timer = setInterval(() => {{
      left -= 1;
      out.textContent = left > 0 ? left + ' s' : 'Temps écoulé !';
      if (left <= 0) {{ clearInterval(timer); if (navigator.vibrate) navigator.vibrate(300); }}
    }}, 1000);
  }});
}})();</script>"""


def _countdown() -> None:
    """An optional countdown per turn (registre LIB-8), started by a tap on this screen."""
    if not st.toggle("Minuteur par tour", key="lb_timer"):
        return
    seconds = int(st.number_input("Secondes par tour", min_value=5, max_value=MAX_TIMER,
                                  value=60, step=5, key="lb_timer_seconds"))
    st.html(TIMER_HTML.format(seconds=seconds), unsafe_allow_javascript=True)


def play() -> None:
    # the page's title above a new game's form too (it had no h1 there), then the game's name
    # once it is open: above the view, so the host's quick bar (undo) follows it
    heading = st.empty()
    heading.title(f"{SECTION} : feuille de scores")
    stored = current_game(GAME, _setup_form)
    heading.title(f"{plain(stored.summary()['name'])} : feuille de scores")
    live_view(stored, _game)


def _game(stored: StoredGame) -> None:
    summary = stored.summary()
    _status(summary)
    if is_public_view():
        tableclock.banner(GAME, summary, summary["competitors"])
    if not is_public_view() and not correction(stored, describe, FORMS) \
            and not summary["finished"]:
        with st.container(border=True):
            _entry(stored, summary)
    _totals(summary)
    if not summary["finished"]:
        _countdown()
    after_game(stored)  # the chart of totals round by round, the history, « Revanche »
    toolbar(stored, describe)


def pages() -> list[st.Page]:
    """This module's pages, built for the current script run (see tableapp/look/navigation.py)."""
    return [st.Page(play, title="Autre jeu : feuille de scores",
                    icon=":material/edit_note:", url_path=GAME)]


def awaited(summary: dict[str, Any]) -> tuple[str | None, str]:
    """What the table waits for (tableapp.live.tableclock's banner): a round, said by everyone."""
    return None, f"la manche {len(summary['rounds']) + 1} : chacun dit ses points"
