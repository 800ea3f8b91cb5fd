"""ELSEN's action bar (issue 36: a tap is recorded or refused where the thumb is). The turn's
primary action — « Suivant », the deal, an entry's « Valider » — stands with « Retour » in one
bar (the container `elsen_bar`, kept at the bottom of the screen while the entry above it is
long: tableapp/look/phone.py ACTIONS), right below the controls it confirms. A refused tap says why
inside that bar, above the button that was tapped, in the run that follows the tap: never at
the top of the page, off screen on a phone.

Every ELSEN tap that writes goes through `write` (gamepage.write_at_tap, its refusal taken
back from the page's top), every refusal of a narrator's button through `refuse`; each run of
the narrator takes the last one once (`refusals`) and the button that was tapped shows it
(`say`)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

import streamlit as st

from tableapp.device.writing import TAP_ERROR_KEY, write_at_tap

BAR = "elsen_bar"  # the bar's key: its class st-key-elsen_bar makes it sticky (phone.py)
_REFUSAL = "_elsen_refusal"  # (key of the tapped button, French line): the last refused tap
# The refusal taken for this run's buttons, and the « Retour » drawn in an entry's bar.
_THIS_RUN: ContextVar[tuple[str, str] | None] = ContextVar("elsen_refusal", default=None)
Draw = Callable[[Any], None]  # draws one button in the column it is given
_BACK: ContextVar[Draw | None] = ContextVar("elsen_back", default=None)


def refuse(where: str, line: str) -> None:
    """From a button's callback: nothing was done, and `line` (French, no user markup) says
    why beside the button `where` in the next run."""
    st.session_state[_REFUSAL] = (where, line)


def write(code: str, seq: int, event: dict[str, Any] | Callable[[], dict[str, Any] | None],
          where: str) -> None:
    """A button's callback: the event written at the tap (gamepage.write_at_tap), and the
    reason it was refused (the form's, the engine's, the rights') kept for the button `where`
    instead of the top of the page, where gamepage would show it."""
    st.session_state.pop(TAP_ERROR_KEY, None)
    write_at_tap(code, seq, event)
    line = st.session_state.pop(TAP_ERROR_KEY, None)
    if line:
        refuse(where, str(line))


@contextmanager
def refusals() -> Iterator[None]:
    """The narrator's run: the last refused tap is taken once (a later run no longer shows
    it), for the buttons drawn in this run."""
    token = _THIS_RUN.set(st.session_state.pop(_REFUSAL, None))
    try:
        yield
    finally:
        _THIS_RUN.reset(token)


def say(*keys: str) -> bool:
    """Here, the reason a tap on one of the buttons `keys` was refused, if it was (True)."""
    found = _THIS_RUN.get()
    if found is None or found[0] not in keys:
        return False
    st.error(found[1])
    return True


# A refusal makes the bar taller, and a bar kept at the bottom of the screen then covers the
# last controls of its entry, those the refusal asks for (« Touchez le nombre de mains
# levées… »): the page scrolls down by what the entry overflows, never past the entry's top.
_UNCOVER = """<script>(() => { const go = () => {
  const box = document.querySelector('.st-key-ENTRY'); if (!box) return;
  let main = box.parentElement;
  while (main && !(main.scrollHeight > main.clientHeight + 1
                   && /(auto|scroll)/.test(getComputedStyle(main).overflowY)))
    main = main.parentElement;
  if (!main) return;
  const view = main.getBoundingClientRect(), r = box.getBoundingClientRect();
  const down = Math.min(r.bottom - Math.min(view.bottom, innerHeight),
                        r.top - Math.max(view.top, 0) - 8);
  if (down > 0) main.scrollTop += down; };
  requestAnimationFrame(() => requestAnimationFrame(go)); })(); /* NONCE */</script>"""
ENTRY = "elsen_entry"  # the key of the entry's box, above its bar (narrator.entry)
_NONCE = "_elsen_uncover"


@contextmanager
def with_back(draw: Draw) -> Iterator[None]:
    """An entry drawn under the narrator: its bar holds this « Retour » beside « Valider »."""
    token = _BACK.set(draw)
    try:
        yield
    finally:
        _BACK.reset(token)


def in_bar() -> bool:
    """True while an entry is drawn under the narrator (its button goes in the bar)."""
    return _BACK.get() is not None


def bar(primary_key: str, draw: Draw, back: Draw | None = None) -> None:
    """The bar: the refusal of a tap on its buttons, then « Retour » (`back`, else the one of
    `with_back`; none when there is no line to go back to) and the primary action (`draw`, the
    button `primary_key`) side by side."""
    back = back or _BACK.get()
    with st.container(key=BAR):
        said = say(primary_key, "elsen_back")
        if back is None:
            draw(st)
        else:
            left, right = st.columns([1, 3], vertical_alignment="bottom")
            back(left)
            draw(right)
        if said:  # a new script each time (its nonce): the browser runs it again
            nonce = st.session_state[_NONCE] = st.session_state.get(_NONCE, 0) + 1
            st.html(_UNCOVER.replace("ENTRY", ENTRY).replace("NONCE", str(nonce)),
                    unsafe_allow_javascript=True)
