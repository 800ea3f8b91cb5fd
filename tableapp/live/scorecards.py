"""A public view's scores as one element (issue 23): a card per player, its points in large type
and its way to the target as a bar, drawn in one `st.html` block instead of a row of columns,
metrics and progress bars (ten elements for three players).

A write wakes every phone of its game, and each reruns the game's view: what the view is made of
is paid by every phone at every write. A hundred phones on one game (a festival's big screen and
the room's phones) spent about 1.5 ms each on those ten elements (benchmarks/phones.py). The
block's markup depends only on the scores: it is built once per content and shared.

Names are user text: escaped for HTML here, never markup. The cards keep what a screen reader
said of the metrics (a list of the players, each with its points and a progress bar named for
it); their colours follow the theme (`currentColor`), light and dark alike.
"""

from __future__ import annotations

import html
from dataclasses import dataclass
from functools import lru_cache

import streamlit as st

# Sent with the page's style (tableapp/device/session.py › TABLET_CSS): one rule set for every card.
CSS = """
ul.cdt-cards { display: grid; gap: 0.6rem; margin: 0 0 0.8rem 0 !important;
               padding: 0 !important; list-style: none;
                grid-template-columns: repeat(auto-fit, minmax(9rem, 1fr)); }
li.cdt-card { border: 1px solid rgba(128, 128, 128, 0.45); border-radius: 0.5rem;
              padding: 0.5rem 0.8rem; margin: 0 !important; }
.cdt-card-label { font-size: 1.05rem; overflow-wrap: anywhere; }
.cdt-card-value { display: block; font-size: 2.4rem; line-height: 1.2; }
.cdt-card-bar { height: 0.5rem; border-radius: 0.25rem; margin: 0.3rem 0 0.2rem 0;
                background: color-mix(in srgb, currentColor 18%, transparent); }
.cdt-card-bar > span { display: block; height: 100%; border-radius: 0.25rem;
                       background: currentColor; }
.cdt-card-note { font-size: 0.95rem; }
"""


@dataclass(frozen=True)
class Card:
    """One player's card: `label` (user text), `value` as shown, and a bar `done`/`goal`
    (none when `goal` is 0) with its caption `note`."""

    label: str
    value: str
    done: int = 0
    goal: int = 0
    note: str = ""


def cards(items: list[Card], name: str) -> None:
    """The cards as one block; `name` is what the list is called for a screen reader."""
    st.html(markup(tuple(items), name))


@lru_cache(maxsize=512)
def markup(items: tuple[Card, ...], name: str) -> str:
    """The block's HTML (every text escaped), once per content."""
    parts = [f'<ul class="cdt-cards" aria-label="{html.escape(name)}">']
    for card in items:
        label, value = html.escape(card.label), html.escape(card.value)
        parts.append(f'<li class="cdt-card"><span class="cdt-card-label">{label}</span>'
                     f'<span class="cdt-card-value">{value}</span>')
        if card.goal > 0:
            done = max(0, min(card.done, card.goal))
            note = html.escape(card.note)
            parts.append(
                f'<div class="cdt-card-bar" role="progressbar" aria-label="{label} : {note}" '
                f'aria-valuemin="0" aria-valuemax="{card.goal}" aria-valuenow="{done}">'
                f'<span style="width: {100 * done / card.goal:.1f}%"></span></div>'
                f'<span class="cdt-card-note">{note}</span>')
        parts.append("</li>")
    parts.append("</ul>")
    return "".join(parts)
