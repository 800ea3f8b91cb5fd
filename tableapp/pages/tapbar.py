"""The action bar of Camelot's and Emblèmes' host entry (issue 36, « a tap's contract »): the
turn's buttons, what the next tap will write, and why the last tap wrote nothing, in one box
that stays at the bottom of the screen while the entry is longer than it (tableapp/look/phone.py ›
ACTIONS makes the box sticky by its key, `<form key>_bar`).

A tap is written by its button's callback (writing.write_at_tap: one run per tap). A refusal,
whether the page's (a choice missing: `refuse`) or the engine's (an illegal play, a stale
screen), is taken from where writing.py keeps it for the top of the view (TAP_ERROR_KEY, drawn
above the title, off screen on a phone) and drawn by `refusal` in the bar, right above the
button tapped: where the thumb is."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import nullcontext
from typing import Any

import streamlit as st
from streamlit.delta_generator import DeltaGenerator

from companion.events.store import StoredGame
from tableapp.device.writing import TAP_ERROR_KEY, write_at_tap
from tableapp.look.phone import PHONE_MAX

Maker = dict[str, Any] | Callable[[], dict[str, Any] | None]


def _refused_key(key: str) -> str:
    return f"{key}_refused"


def tap(code: str, seq: int, key: str, event: Maker) -> None:
    """A button's callback: write `event` (or what it makes at the tap) like write_at_tap;
    a refusal is kept for `refusal(key)`, drawn in the form's bar, not at the top."""
    st.session_state.pop(_refused_key(key), None)
    write_at_tap(code, seq, event)
    line = st.session_state.pop(TAP_ERROR_KEY, None)
    if line:  # the engine's or the store's refusal (already plain text)
        st.session_state[_refused_key(key)] = ("error", line)


def refuse(key: str, markdown: str, kind: str = "warning") -> None:
    """From an event maker run at a tap: nothing is written, because a choice is missing;
    `markdown` (user text in it already escaped) says which, in the bar of form `key`: a
    warning, or an « info » when the tap asked the next questions (Emblèmes)."""
    st.session_state[_refused_key(key)] = (kind, markdown)


def refusal(key: str) -> None:
    """Why the last tap on form `key` wrote nothing, once, here (inside the bar)."""
    said = st.session_state.pop(_refused_key(key), None)
    if said is None:
        return
    kind, line = said
    if kind == "error":
        st.error(line)
    elif kind == "info":
        st.info(line)
    else:
        st.warning(line)


def picked(key: str, widget: str, missing: str) -> Any:
    """From an event maker run at a tap: the choice in form `key`'s widget `widget`, or None
    after refusing the tap with `missing` (which choice to make)."""
    value = st.session_state.get(f"{key}_{widget}")
    if value is None:
        refuse(key, missing)
    return value


def confirm(view: StoredGame, key: str, label: str, make: Maker, new: bool,
            in_bar: bool = True, **options: Any) -> dict[str, Any] | None:
    """The button (`<key>_go`) that confirms form `key`. A new entry is written by its tap
    (`tap`), in the form's bar (`in_bar`) under why the last tap wrote nothing; a correction
    gives the event `make` makes, for the history's form to write."""
    if new:
        with bar(key) if in_bar else nullcontext():
            refusal(key)
            st.button(label, key=f"{key}_go", width="stretch", on_click=tap,
                      args=(view.code, view.seq, key, make), **options)
        return None
    if st.button(label, key=f"{key}_go", width="stretch", **options):
        event = make() if callable(make) else make
        refusal(key)
        return event
    return None


# After a write the page redraws shorter or longer and keeps its scroll: the next entry's bar
# may then lie above the screen (a tournament ended while the host had scrolled down to the
# targets). Once per new form: brought back to the bottom of the screen, only if off screen.
# Left alone once the page was scrolled by anyone else since (a thumb, a robot about to tap
# what it scrolled to): their choice, and the target stays under the finger.
_INTO_VIEW = """<script>(() => {{
  const boxes = () => [document.querySelector('[data-testid="stMain"]'),
                       document.querySelector('[data-testid="stAppViewContainer"]'),
                       document.scrollingElement].filter(Boolean);
  const at = () => boxes().map(el => el.scrollTop).join(' ');
  let left = at();
  const go = () => {{
    if (at() !== left) return;
    const bar = document.querySelector('.st-key-{key}_bar');
    if (!bar) return;
    const r = bar.getBoundingClientRect();
    if (r.bottom > 0 && r.top < window.innerHeight) return;
    bar.scrollIntoView({{block: 'end'}});
    left = at(); }};
  setTimeout(go, 120); setTimeout(go, 500); }})();</script>"""


def bar(key: str) -> DeltaGenerator:
    """The form's action bar: a container whose key phone.py's sticky rule knows (its script,
    once per form, is hidden there too)."""
    box = st.container(key=f"{key}_bar")
    if st.session_state.get("_compagnon_tapbar_shown") != key:
        st.session_state["_compagnon_tapbar_shown"] = key
        box.html(_INTO_VIEW.format(key=key), unsafe_allow_javascript=True)
    return box


def phone_css(bars: str) -> str:
    """The style of a game's action bars (`bars`: their keys' selector), which the game's page
    module gives the phone's layout (PHONE_CSS): the bars never cover the choices they
    confirm (a choice scrolled to, by a tap or the keyboard's focus, stops above the bar, not
    under it), and their script that brings a new bar back on screen takes no room in it.

    The room kept above the bar is each control's own scroll margin, not the page's scroll
    padding: a padding applies to the bar's buttons too, and Chromium then scrolls a sticky
    button it is asked to bring into view (a focus, a robot's tap) by half a screen, past its
    form, so the next tap finds the bar off screen (CI: « Rester » hors de l'écran)."""
    focusable = ":is(button, input, textarea, select, a, [tabindex])"
    return f"""
[data-testid="stMain"]:has({bars}) {focusable} {{ scroll-margin-bottom: 16rem; }}
@media (max-width: {PHONE_MAX}px) {{
  [data-testid="stMain"]:has({bars}) {focusable} {{ scroll-margin-bottom: 18rem; }} }}
[data-testid="stMain"]:has({bars}) {bars} {focusable} {{ scroll-margin-bottom: 0; }}
{bars} [data-testid="stElementContainer"]:has(> [data-testid="stHtml"]) {{ display: none; }}
"""
