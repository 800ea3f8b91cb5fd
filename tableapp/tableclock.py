"""The public screen as the table's scoreboard (issue 25): every game's public view says, first,
whose turn it is and what the table waits for; a phone that says which seat it is (« Ce
téléphone est à… », or a private seat link, companion/hosting/seats.py) shows « À toi » on its turn.

The seat a phone picks is no secret and grants nothing: it is kept in its URL (`?place=`, the
seat's number) so a reload keeps it. Each game's words come from its summary (`awaited`)."""

from __future__ import annotations

from contextvars import ContextVar
from typing import Any

import streamlit as st

from companion.core.text import de
from tableapp.navigation import page_hook
from tableapp.usertext import plain
from tableapp.writing import in_fragment_rerun

PLACE_PARAM = "place"
SEAT_PICK_KEY = "tc_seat_pick"
# A public view's seat picker is drawn by the page above the game's live view, outside its
# fragment (gamepage.live_view): a write wakes every phone of the game to rerun that fragment
# alone (tableapp/live.py), and a widget in it would be built again by each of them at each
# write, while the seats do not change (issue 23). Whatever a fragment draws is its own (even
# in a container outside it), so the banner only says here which seats to offer.
PICKER_WANTED: ContextVar[list[tuple[list[str], list[str]]] | None] = ContextVar(
    "tc_picker_wanted", default=None)


def summary_over(summary: dict[str, Any]) -> bool:
    """Whether the game is over: its `finished` where the summary has one (« Autre jeu »'s
    `winner` is its rule, "high" or "low", not a player), else a phase or a winner."""
    if "finished" in summary:
        return bool(summary["finished"])
    return bool(summary.get("phase") == "over" or summary.get("winner")
                or summary.get("winners"))


def awaited(game: str, summary: dict[str, Any]) -> tuple[str | None, str]:
    """(whose turn, what the table waits for), from a game's summary through its page's own
    `awaited(summary)` (tableapp.navigation.page_hook); (None, text) when the turn is nobody's
    (the game is over, a step of the whole table)."""
    if summary_over(summary):
        return None, "Partie terminée."
    own = page_hook(game, "awaited")
    return own(summary) if own is not None else (None, "")


def my_seat(players: list[str], secret_seat: str | None = None) -> str | None:
    """The seat this phone says it is: its private seat link's, else the one picked here."""
    if secret_seat is not None:
        return secret_seat
    value = st.query_params.get(PLACE_PARAM)
    if value is not None and value.isdigit() and int(value) < len(players):
        return players[int(value)]
    return None


def seat_picker(players: list[str], label: list[str] | None = None) -> None:
    """« Ce téléphone est à… »: one tap on a seat (its number kept in the URL), one to undo."""
    current = st.query_params.get(PLACE_PARAM)
    index = int(current) if current is not None and current.isdigit() \
        and int(current) < len(players) else None
    names = label or players
    with st.popover("Ce téléphone est à…" if index is None else
                    f"Ce téléphone : {names[index]}", icon=":material/person:",
                    width="stretch"):
        picked = st.pills("Ma place", range(len(players)), default=index,
                          format_func=lambda i: plain(names[i]), key=SEAT_PICK_KEY)
        if picked != index:
            if picked is None:
                del st.query_params[PLACE_PARAM]
            else:
                st.query_params[PLACE_PARAM] = str(picked)
            st.rerun()


def banner(game: str, summary: dict[str, Any], players: list[str],
           secret_seat: str | None = None, names: dict[str, str] | None = None) -> None:
    """Whose turn and what is awaited, in large type at the top of a public view; « À toi »
    on the phone of that seat. `names`: how a seat is said when it is not its name (Emblèmes'
    colours are its players)."""
    whose, text = awaited(game, summary)
    seat = my_seat(players, secret_seat)
    said = (names or {}).get(whose or "", whose)
    with st.container(key="tc_banner", border=True):
        if whose is None and summary_over(summary):
            st.markdown(f"## {plain(text)}")
        elif whose is None:  # a step of the whole table (ELSEN's night, its vote)
            st.markdown("## À toute la table")
            st.markdown(plain(text[:1].upper() + text[1:]))
        elif seat is not None and seat == whose:
            st.markdown(f"## À toi, {plain(said or '')} !")
            st.markdown(plain(text[:1].upper() + text[1:]))
        else:
            st.markdown(f"## Au tour {plain(de(said or ''))}")
            st.markdown(plain(text[:1].upper() + text[1:]))
    if secret_seat is None and players:
        _picker(players, [(names or {}).get(p, p) for p in players])


def _picker(players: list[str], names: list[str]) -> None:
    """The seat picker: asked of the page on a full run (drawn above the live view, where it
    stays while the view alone reruns), else drawn in place (a page without a live view)."""
    wanted = PICKER_WANTED.get()
    if wanted is not None:
        wanted.append((players, names))
    elif not in_fragment_rerun():
        seat_picker(players, names)
