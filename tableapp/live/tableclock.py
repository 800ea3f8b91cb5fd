"""The public screen as the table's scoreboard (issue 25): every game's public view says, first,
whose turn it is and what the table waits for; a phone that says which seat it is (« Ce
téléphone est à… », or a private seat link, companion/hosting/seats.py) shows « À toi » on its turn.

The seat a phone picks is no secret and grants nothing: it is kept in its URL (`?place=`, the
seat's number) so a reload keeps it. Each game's words come from its summary (`awaited`)."""

from __future__ import annotations

import html
from contextvars import ContextVar
from typing import Any

import streamlit as st

from companion.core.text import de
from tableapp.device.writing import in_fragment_rerun
from tableapp.look import popovers
from tableapp.look.navigation import page_hook
from tableapp.look.usertext import plain

PLACE_PARAM = "place"
SEAT_PICK_KEY = "tc_seat_pick"
_MENU_KEY = "tc_seat_menu"  # the picker (tableapp/look/popovers.py)
# A public view's seat picker is drawn by the page above the game's live view, outside its
# fragment (gamepage.live_view): a write wakes every phone of the game to rerun that fragment
# alone (tableapp/live/live.py), and a widget in it would be built again by each of them at each
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
    `awaited(summary)` (tableapp.look.navigation.page_hook); (None, text) when the turn is nobody's
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


def _seat_picked(count: int) -> None:
    """A seat tapped (or let go): kept in the URL, and the menu closes (its open state,
    through its key): left open, it covered the game with the seats' list."""
    picked = st.session_state.get(SEAT_PICK_KEY)
    if picked is None or not 0 <= int(picked) < count:
        if PLACE_PARAM in st.query_params:
            del st.query_params[PLACE_PARAM]
    else:
        st.query_params[PLACE_PARAM] = str(picked)
    popovers.close(_MENU_KEY)


def seat_picker(players: list[str], label: list[str] | None = None) -> None:
    """« Ce téléphone est à… »: one tap on a seat (its number kept in the URL), one to undo."""
    current = st.query_params.get(PLACE_PARAM)
    index = int(current) if current is not None and current.isdigit() \
        and int(current) < len(players) else None
    names = label or players
    with st.popover("Ce téléphone est à…" if index is None else
                    f"Ce téléphone : {plain(names[index])}", icon=":material/person:",
                    width="stretch", key=popovers.key(_MENU_KEY), on_change="rerun"):
        st.pills("Ma place", range(len(players)), default=index,
                 format_func=lambda i: plain(names[i]), key=SEAT_PICK_KEY,
                 on_change=_seat_picked, args=(len(players),))


# « À toi » and « Au tour de » in one live region (role="status", polite): the same element
# at every run, only its words and its class change, so a screen reader says the new turn
# when it comes (a region drawn with its text is not announced). Its look (a green, bordered
# box with an arrow on the phone whose turn it is) is in tableapp/look/phone.py › PHONE_CSS.
_REGION = ('<div class="tc-turn tc-{kind}" role="status" aria-live="polite" '
           'aria-atomic="true"><h2>{icon}{head}</h2>{line}</div>')
_MINE_ICON = '<span class="tc-icon" aria-hidden="true">▶</span> '  # in every font


def turn_words(whose: str | None, over: bool, text: str, mine: bool, said: str
               ) -> tuple[str, str, str]:
    """(kind, headline, line) of the banner: « mine » on the phone whose turn it is, else
    « theirs », « table » (a step of the whole table) or « over »."""
    line = text[:1].upper() + text[1:]
    if whose is None and over:
        return "over", text, ""
    if whose is None:
        return "table", "À toute la table", line
    if mine:
        return "mine", f"À toi, {said} !", line
    return "theirs", f"Au tour {de(said)}", line


def banner(game: str, summary: dict[str, Any], players: list[str],
           secret_seat: str | None = None, names: dict[str, str] | None = None,
           picker: bool = True) -> None:
    """Whose turn and what is awaited, in large type at the top of a public view; « À toi »
    on the phone of that seat (its seat compared with whose turn it is). `names`: how a seat
    is said when it is not its name (Emblèmes' colours are its players). `picker`: offer
    « Ce téléphone est à… » (a page that draws it itself says False)."""
    whose, text = awaited(game, summary)
    seat = my_seat(players, secret_seat)
    said = (names or {}).get(whose or "", whose) or ""
    kind, head, line = turn_words(whose, summary_over(summary), text,
                                  seat is not None and seat == whose, said)
    with st.container(key="tc_banner"):
        st.markdown(_REGION.format(kind=kind, icon=_MINE_ICON if kind == "mine" else "",
                                   head=html.escape(head),
                                   line=f"<p>{html.escape(line)}</p>" if line else ""),
                    unsafe_allow_html=True)
    if picker and secret_seat is None and players:
        _picker(players, [(names or {}).get(p, p) for p in players])


def _picker(players: list[str], names: list[str]) -> None:
    """The seat picker: asked of the page on a full run (drawn above the live view, where it
    stays while the view alone reruns), else drawn in place (a page without a live view)."""
    wanted = PICKER_WANTED.get()
    if wanted is not None:
        wanted.append((players, names))
    elif not in_fragment_rerun():
        seat_picker(players, names)
