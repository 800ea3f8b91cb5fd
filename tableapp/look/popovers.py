"""Popovers that the server closes (the game bar's « Menu », « Derniers », the seat picker): a
stateful st.popover (a key, on_change="rerun") is closed by its key's state, but the browser
applies the server's « closed » only when it differs from the last word it received about that
popover, or when the popover is another one. A tap inside a popover a few tens of ms after the
tap that opened it (a quick thumb, a busy server) cut the run that would have said « open »:
the next run said « closed » again, and the popover stayed open (the game bar over the page it
had just opened, 5 times in 9). Closing therefore starts a new generation of the popover: a
new key, which the browser draws as another popover, closed."""

from __future__ import annotations

import streamlit as st


def key(name: str) -> str:
    """The key of the popover `name` as it is now (its name and its generation)."""
    return f"{name}:{st.session_state.get(_generation(name), 0)}"


def close(name: str) -> None:
    """Close the popover `name` (in a callback, or before the popover is drawn in this run)."""
    counter = _generation(name)
    st.session_state[counter] = st.session_state.get(counter, 0) + 1


def _generation(name: str) -> str:
    return f"_{name}_generation"
