"""Correct by tapping (issue 13): the history as tappable rows, the correction of a past entry
with the same form that entered it, undo with a confirmation and « Rétablir », and one line
saying what a correction changed. No JSON is shown or typed anywhere.

A page hands its entry forms over, by event type (`EntryForm`, see `correction`); the same
functions draw its new-entry form with `prefill=None`. An event type without a form (e.g. a
die roll the app records by itself) can only be withdrawn."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import streamlit as st

from companion.core.log import UNDO, resolve
from companion.core.text import counted, number
from companion.events.store import StoredGame
from tableapp.device.writing import SAID_KEY as _SAID_KEY
from tableapp.device.writing import correct, host_grant, redo, retract, undo
from tableapp.look import a11y, popovers
from tableapp.look.usertext import plain

EntryForm = Callable[[StoredGame, dict[str, Any] | None, str], dict[str, Any] | None]
# form(view, prefill, key) -> the event to write when the host validates, else None.
#   view:    for a new entry, the current game; for a correction, the game as it stood just
#            BEFORE the entry being corrected (StoredGame.before: entries cut there, state
#            replayed up to it), so the form offers the choices that were valid then.
#   prefill: None for a new entry; the event being corrected otherwise (widgets start from it).
#   key:     a prefix for every widget key of the form.
Describe = Callable[[dict[str, Any]], str]
# What a page adds to a described line once escaped (Markdown; `plain` already applied to the
# line): Camelot colours the dot of « ● Rouge ». Nothing by default.
Ink = Callable[[str], str]


def as_is(markdown: str) -> str:
    """The default `Ink`: the escaped line as it is."""
    return markdown

HISTORY_ROWS = 30  # rows drawn at once (the most recent); « Plus anciens » pages back
_FIX_KEY = "_compagnon_fix"  # (code, raw index) of the entry the host is correcting
_VIEW_KEY = "_compagnon_fix_view"  # ((code, seq, index), the game just before that entry)
_CONFIRM_KEY = "_compagnon_undo_ask"  # (code, seq): the undo waits for its confirmation
_DRAWN_KEY = "_compagnon_fix_drawn"  # id of the StoredGame whose page drew the correction
WITHDRAW_ONLY = ("Cet événement est enregistré par l'assistant lui-même : il ne se corrige "
                 "pas, il peut seulement être retiré.")


def entry_line(number: int, text: str) -> str:
    """« n° 3 · text »: `number` as the table reads it (history.number_of), never a raw index."""
    return f"n° {number} · {text}"


def number_of(stored: StoredGame, index: int) -> int:
    """The number the table reads for the effective entry first written at raw `index`: its
    place in the history, counted from 1 (issue 36). Meta-events (undo, corrections,
    withdrawals) take no number and leave no gap; a corrected entry keeps its place; an entry
    withdrawn or undone gives its number to the one after it. 0 when it is not in force."""
    for position, entry in enumerate(stored.entries):
        if entry.index == index:
            return position + 1
    return 0


# --- the history: tappable rows -----------------------------------------------------------------


_RECENT_KEY = "tb_recent"  # the « Derniers » popover (tableapp/look/popovers.py)


def _open_fix(code: str, index: int) -> None:  # a callback: runs before the page redraws
    st.session_state[_FIX_KEY] = (code, index)
    st.session_state.pop(_CONFIRM_KEY, None)
    popovers.close(_RECENT_KEY)  # « Derniers » closes: it covered the correction


def _page_back(key: str, step: int) -> None:  # a callback: runs before the page redraws
    st.session_state[key] = max(int(st.session_state.get(key, 0)) + step, 0)


def window(total: int, key: str, size: int = HISTORY_ROWS, what: str = "n°") -> range:
    """Which of `total` rows (oldest first) this run draws: the latest `size`, or an older
    page reached with « Plus anciens » and back with « Plus récents » (drawn with the rows'
    span only when there is more than one page). However long the game, a run draws at most
    `size` rows (issue 38: an imported game of 11,809 rounds drew them all, at every run of
    every screen that had the history open). `key` names the list and its game."""
    if total <= size:
        return range(total)
    state_key = f"_compagnon_window_{key}"
    pages = -(-total // size)
    back = min(int(st.session_state.get(state_key, 0)), pages - 1)  # pages before the latest
    end = total - back * size
    start = max(end - size, 0)
    with st.container(horizontal=True, vertical_alignment="center", key=f"window_{key}"):
        st.button("Plus anciens", key=f"{key}_older", icon=":material/chevron_left:",
                  disabled=start == 0, on_click=_page_back, args=(state_key, 1))
        st.caption(f"{what} {number(start + 1)} à {number(end)} sur {number(total)}")
        st.button("Plus récents", key=f"{key}_newer", icon=":material/chevron_right:",
                  disabled=back == 0, on_click=_page_back, args=(state_key, -1))
    return range(start, end)


def history_rows(stored: StoredGame, describe: Describe, tappable: bool = True,
                 ink: Ink = as_is) -> None:
    """The effective entries, most recent first, as rows the host taps to correct them (as
    plain lines when the game can no longer be written to): the latest HISTORY_ROWS, older
    ones a page at a time (`window`)."""
    if not stored.entries:
        st.caption("Aucun événement pour l'instant.")
        return
    count = len(stored.entries)
    st.caption(f"{counted(count, 'événement')}, le plus récent en premier."
               + (" Touchez un événement pour le corriger ou le retirer." if tappable else ""))
    shown = window(count, f"tb_history_{stored.code}")
    for position in reversed(shown):
        entry = stored.entries[position]
        label = entry_line(position + 1, describe(entry.event)) + (
            " (corrigé)" if entry.corrected else "")
        if tappable:
            st.button(ink(plain(label)), key=f"tb_fix_{entry.index}", width="stretch",
                      on_click=_open_fix, args=(stored.code, entry.index))
        else:
            st.markdown(ink(plain(label)))


# --- a correction ---------------------------------------------------------------------------


def view_before(stored: StoredGame, index: int) -> StoredGame:
    """The game just before the entry written at raw `index` (kept for this session while the
    log does not move: a correction form redraws without replaying again)."""
    key = (stored.code, stored.seq, index)
    kept = st.session_state.get(_VIEW_KEY)
    if kept is not None and kept[0] == key:
        return kept[1]  # type: ignore[no-any-return]
    view = stored.before(index)
    st.session_state[_VIEW_KEY] = (key, view)
    return view


def _scores(stored: StoredGame) -> dict[str, float] | None:
    scores = stored.summary().get("scores")
    if isinstance(scores, dict) and all(isinstance(v, int | float) for v in scores.values()):
        return {str(k): v for k, v in scores.items()}
    return None


def _said(stored: StoredGame, where: str) -> None:
    """The line about what this device's last correction, withdrawal or redo changed, once,
    on the run that follows it (the scores that moved included)."""
    said = st.session_state.get(_SAID_KEY)
    if not said or said.get("where") != where:
        return
    del st.session_state[_SAID_KEY]
    if said.get("code") != stored.code or said.get("seq") != stored.seq:
        return  # the log moved again meanwhile: that line would be about an older game
    line = said["text"]
    before, after = said.get("scores"), _scores(stored)
    if before and after:
        moved = [f"{name} {number(before[name])} → {number(after[name])}"
                 for name in after if name in before and before[name] != after[name]]
        if moved:
            line += " · Scores : " + ", ".join(moved)
    st.success(plain(line), icon=":material/check_circle:")


def _close_fix() -> None:
    st.session_state.pop(_FIX_KEY, None)
    st.session_state.pop(_VIEW_KEY, None)


def correction(stored: StoredGame, describe: Describe, forms: Mapping[str, EntryForm],
               ink: Ink = as_is) -> bool:
    """When the host tapped a past entry in the history: draw, at the top of the page,
    « Correction du n° 12 : <describe(event)> », the form for that event's type prefilled
    (forms[event["type"]]), « Retirer cet événement » and « Annuler la correction ».
    Validating writes correct(); the next run says what changed (« n° 12 : A → B »). An event
    type without a form can only be withdrawn (one line says so). Returns True when a
    correction is open (the page then skips its new-entry form)."""
    st.session_state[_DRAWN_KEY] = id(stored)
    _said(stored, "top")
    fix = st.session_state.get(_FIX_KEY)
    if not fix or fix[0] != stored.code or host_grant() is None:
        return False
    entry = next((e for e in stored.entries if e.index == fix[1]), None)
    if entry is None:  # undone or withdrawn meanwhile (here or on another device)
        _close_fix()
        return False
    text = describe(entry.event)
    place = number_of(stored, entry.index)
    with st.container(border=True, key="tb_correction"):
        a11y.heading(f"Correction du n° {place}")
        st.markdown(ink(plain(text)))
        form = forms.get(str(entry.event.get("type")))
        before = _scores(stored)
        if form is None:
            st.info(WITHDRAW_ONLY)
        else:
            event = form(view_before(stored, entry.index), entry.event,
                         f"fix_{stored.code}_{entry.index}")
            if event is not None and event == entry.event:
                st.info("Rien n'a changé : l'événement est tel qu'il était.")
            elif event is not None:
                said = {"where": "top", "scores": before,
                        "text": f"n° {place} corrigé : {text} → {describe(event)}"}
                _close_fix()  # a write that succeeds reruns at once (st.rerun raises)
                if not correct(stored, entry.index, event, said):
                    st.session_state[_FIX_KEY] = fix  # refused: the correction stays open
        left, right = st.columns(2)
        if left.button("Retirer cet événement", key="tb_retract", width="stretch",
                       icon=":material/delete:"):
            said = {"where": "top", "scores": before,
                    "text": f"n° {place} retiré : {text}"}
            _close_fix()
            if not retract(stored, entry.index, said):
                st.session_state[_FIX_KEY] = fix
        right.button("Annuler la correction", key="tb_fix_cancel", width="stretch",
                     icon=":material/close:", on_click=_close_fix)
    _scroll_to_correction()
    return True


def _scroll_to_correction() -> None:
    """The host tapped a row at the bottom of the page: bring the correction into view, once."""
    fix = st.session_state.get(_FIX_KEY)
    if st.session_state.get("_compagnon_fix_scrolled") == fix:
        return
    st.session_state["_compagnon_fix_scrolled"] = fix
    st.html("<script>setTimeout(() => document.querySelector('.st-key-tb_correction')"
            "?.scrollIntoView({block: 'start', behavior: 'smooth'}), 50);</script>",
            unsafe_allow_javascript=True)


def correction_fallback(stored: StoredGame, describe: Describe, ink: Ink = as_is) -> None:
    """For a page that does not call `correction` (yet): the toolbar draws it, withdraw-only,
    so a tapped row never leads nowhere."""
    if st.session_state.pop(_DRAWN_KEY, None) != id(stored):
        correction(stored, describe, {}, ink)
        st.session_state.pop(_DRAWN_KEY, None)


# --- undo, with its confirmation, and « Rétablir » ----------------------------------------------


def _ask_undo(code: str, seq: int) -> None:
    st.session_state[_CONFIRM_KEY] = (code, seq)
    _close_fix()


def _keep(code: str) -> None:
    st.session_state.pop(_CONFIRM_KEY, None)


def undone_entry(stored: StoredGame) -> dict[str, Any] | None:
    """The event the last line of the log cancelled, when that line is an undo: what
    « Rétablir » writes again. Read from the log itself: a reload or another host's device
    offers it too."""
    if not stored.raw or stored.raw[-1].get("type") != UNDO:
        return None
    entries = resolve(stored.raw[:-1])
    return entries[-1].event if entries else None


RECENT = 3  # the last entries the quick bar offers, one tap away
SHORT = 60  # characters of a described entry in a button's label (the rest: the history)


def _short(text: str) -> str:
    """A described entry cut for a button's label (before escaping: never inside an escape)."""
    return text if len(text) <= SHORT else text[:SHORT - 1].rstrip() + "…"


def undo_controls(stored: StoredGame, describe: Describe, ink: Ink = as_is) -> None:
    """The host's quick bar (issue 36: drawn near the top of every game page, not two screens
    down): « Annuler : n° 12 · … », which asks « Annuler le n° 12 · … ? » (yes / no) first;
    once undone, « Rétablir : … »; and « Derniers », the last entries one tap away, each
    tapped to correct it (the same correction as the history's rows)."""
    _said(stored, "undo")
    undone = undone_entry(stored)
    count = len(stored.entries)
    last = stored.entries[-1] if count else None
    if last is not None and st.session_state.get(_CONFIRM_KEY) == (stored.code, stored.seq):
        st.warning(ink(plain(f"Annuler le {entry_line(count, describe(last.event))} ?")))
        with st.container(horizontal=True, key="tb_undo_ask"):
            if st.button("Oui, annuler", key="tb_undo_yes", type="primary", width="stretch",
                         icon=":material/undo:"):
                st.session_state.pop(_CONFIRM_KEY, None)
                undo(stored)
            st.button("Non, garder", key="tb_undo_no", width="stretch", on_click=_keep,
                      args=(stored.code,))
        return
    # « Rétablir » on a row of its own: beside « Annuler » it squeezed it to its icon
    if undone is not None and st.button(
            ink(plain(f"Rétablir : {_short(describe(undone))}")), key="tb_redo",
            icon=":material/redo:", width="stretch"):
        redo(stored, undone, {"where": "undo", "text": f"Rétabli : {describe(undone)}"})
    with st.container(horizontal=True, key="tb_quick", vertical_alignment="center", wrap=False):
        label = (ink(plain(f"Annuler : {entry_line(count, _short(describe(last.event)))}"))
                 if last is not None else "Annuler : aucun événement")
        st.button(label, key="tb_undo", disabled=last is None, width="stretch",
                  icon=":material/undo:", on_click=_ask_undo, args=(stored.code, stored.seq))
        if count:
            _recent(stored, describe, ink)


def _recent(stored: StoredGame, describe: Describe, ink: Ink) -> None:
    """« Derniers »: the last RECENT entries, most recent first, each a row to correct."""
    count = len(stored.entries)
    with st.popover("Derniers", icon=":material/history:", key=popovers.key(_RECENT_KEY),
                    on_change="rerun",
                    help="Les derniers événements : touchez-en un pour le corriger"):
        for position in range(count - 1, max(count - RECENT, 0) - 1, -1):
            entry = stored.entries[position]
            label = entry_line(position + 1, describe(entry.event)) + (
                " (corrigé)" if entry.corrected else "")
            st.button(ink(plain(label)), key=f"tb_last_{entry.index}", width="stretch",
                      on_click=_open_fix, args=(stored.code, entry.index))
        st.caption("Tout l'historique : « Historique et corrections », en bas de la page.")
