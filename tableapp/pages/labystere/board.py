"""Labystère's board drawn at the table (rules version 2, registre LAB-5): the maze and the
pawns, from the engine's summary, which holds no face-down card.

The host's tablet gets the tappable board (`board_grid`: each lit cell is a button whose tap
runs a callback, see turn.py); the public view a read-only picture of the same
(`board_html`). Both read well in light and dark mode: every light background carries its own
dark text colour."""

from __future__ import annotations

import base64
import html
from collections.abc import Callable
from functools import lru_cache
from typing import Any

import streamlit as st

from companion.core.loader import load_game
from companion.games.labystere.board import GLYPHS
from companion.games.labystere.data import LabystereData
from tableapp.look.usertext import plain

DOTS = {"rouge": "●", "bleu": "●", "vert": "●", "jaune": "●"}  # drawn by every font
DIE_FACES = "⚀⚁⚂⚃⚄⚅"
PAWN_RGB = {"rouge": "#d32f2f", "bleu": "#1565c0", "vert": "#2e7d32", "jaune": "#f9a825"}
PAWN_INK = {"rouge": "red", "bleu": "blue", "vert": "green", "jaune": "yellow"}  # markdown colours
INK = "#222"  # the text on every light background, in light and dark mode alike

# Static styles; no user text is ever put in this HTML. Five buttons per row at 360 px: the
# rows are horizontal containers that never wrap, each button a fifth of the width, ≥ 44 px.
# A board's container key ends in « _board » (one per form: the new entry's is « lab_board »).
_B = 'div[class*="st-key-"][class*="_board"]'
BOARD_CSS = f"""
<style>
{_B} [data-testid="stHorizontalBlock"] {{flex-wrap: nowrap; gap: 4px; overflow: visible;}}
/* the board's rows close together (a fifth of the board's height saved: the lit cells stay
   in the first screen), and the column numbers whole: their text's negative margin (a
   paragraph's) cut them in half in a row that scrolled, which axe also reported */
{_B} {{gap: 4px;}}
{_B} [data-testid="stMarkdownContainer"]:has(.labk, .labc) {{margin-bottom: 0;}}
{_B} [data-testid="stElementContainer"] {{flex: 1 1 0 !important;
  min-width: 0 !important; width: auto !important;}}
{_B} button {{width: 100%; height: 4.3rem; padding: 2px 1px; min-width: 0;
  background-size: 100% 100%; background-repeat: no-repeat;}}
{_B} button p {{white-space: pre-line; line-height: 1.05; font-size: 0;
  overflow-wrap: normal; word-break: normal; color: transparent;
  -webkit-text-fill-color: transparent;}}
{_B} button p span {{font-size: 0.72rem !important; border-radius: 3px;
  background: rgba(255, 255, 255, 0.88); color: {INK}; -webkit-text-fill-color: {INK};
  padding: 0 2px;}}
{_B} button p span.stMarkdownColoredText {{font-size: 1.1rem !important;
  background: rgba(255, 255, 255, 0.92); border-radius: 50%; padding: 0 1px;
  -webkit-text-fill-color: currentcolor;}}
@media (max-width: 640px), (max-height: 800px) {{
  /* a phone, a tablet held sideways: rows a little lower, the whole board in one screen */
  {_B} button {{height: 3.6rem;}}
}}
{_B} button:disabled {{opacity: 1;}}
{_B} [data-testid="stElementContainer"]:has(.labk) {{flex: 0 0 1.1rem !important;}}
.labk, .labc {{display: block; text-align: center; font-weight: 600; font-size: 0.9rem;}}
{_B} [data-testid="stElementContainer"]:has(.labk, .labc) p {{margin: 0;}}
.laby-sr {{position: absolute; width: 1px; height: 1px; overflow: hidden;
  clip: rect(0 0 0 0); white-space: nowrap;}}
table.labb th {{font-size: 0.9rem; padding: 0 1px; text-align: center;}}
table.labb th.r {{width: 1.1rem;}}
table.labb {{border-collapse: collapse; width: 100%; table-layout: fixed;}}
table.labb td {{border: 2px solid #fff; text-align: center; padding: 2px 1px; height: 3.6rem;
  font-size: 0.8rem; line-height: 1.05; overflow-wrap: normal; word-break: normal;
  background-size: 100% 100%; background-repeat: no-repeat;}}
table.labb td .d {{font-size: 1.2rem; line-height: 1;}}
table.labb td .m {{background: rgba(255, 255, 255, 0.88); border-radius: 3px; padding: 0 2px;
  color: {INK};}}
td.c-depart, td.c-arrivee {{background-color: #fff3b0; color: {INK};}}
td.c-lieu {{background-color: #ffe0cc; color: {INK};}}
td.c-temoin {{background-color: #dde8ff; color: {INK};}}
td.lit {{outline: 3px solid #2e7d32; outline-offset: -3px;}}
</style>
"""


def _data() -> LabystereData:
    data = load_game("labystere")
    assert isinstance(data, LabystereData)
    return data


def _short_place(path_card: str) -> str:
    """« Le moulin » -> « moulin »: a Lieu's name short enough for a fifth of a phone."""
    name = {f"chemin-lieu-{p.id}": p.name for p in _data().places}.get(path_card, path_card)
    return name.split(" ", 1)[-1] if " " in name else name


@lru_cache(maxsize=16)
def path_picture(sides: str) -> str:
    """A path card seen from above, as a data URI: a thick road from the centre to each open
    side, so that joining paths meet at the cell's edge."""
    ends = {"N": "M20 20V0", "E": "M20 20H40", "S": "M20 20V40", "W": "M20 20H0"}
    road = " ".join(ends[side] for side in sides)
    svg = ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40" '
           'preserveAspectRatio="none">'
           f'<path d="{road}" stroke="#8d6e4f" stroke-width="8" stroke-linecap="square" '
           'fill="none" vector-effect="non-scaling-stroke"/></svg>')
    return "data:image/svg+xml;base64," + base64.b64encode(svg.encode()).decode()


# What a screen reader says of a cell's road (WCAG 1.1.1): its shape, by its open sides.
SIDE_NAMES = {"N": "nord", "E": "est", "S": "sud", "W": "ouest"}
_OPPOSITE = {"NS", "EW"}


def shape_name(sides: str) -> str:
    """« chemin en T (nord, est, sud) », « virage (est, sud) », « carrefour »…"""
    if len(sides) == 4:
        return "carrefour"
    if not sides:
        return "sans chemin"
    kind = {1: "impasse", 3: "chemin en T"}.get(
        len(sides), "chemin droit" if sides in _OPPOSITE else "virage")
    return f"{kind} ({', '.join(SIDE_NAMES[s] for s in sides)})"


def cell_description(cell: dict[str, Any], colours: list[str]) -> str:
    """« C4, chemin en T (nord, est, sud), Témoin, pion rouge »: the cell said in words
    (coordinates: row letter, column number, as the history writes them)."""
    _glyph, marker, _ = cell_parts(cell, colours)
    parts = [cell["cell"], shape_name(cell["sides"])]
    if marker:
        parts.append(marker)
    parts += [f"pion {colours[seat]}" for seat in cell["pawns"]]
    return ", ".join(parts)


def cell_parts(cell: dict[str, Any], colours: list[str]) -> tuple[str, str, str]:
    """(line drawing of the open sides, what the card is, a dot per pawn on it), all from the
    summary: face-up facts only."""
    glyph = GLYPHS[cell["sides"]]
    marker = {"depart": "Départ", "arrivee": "Arrivée", "temoin": "Témoin"}.get(cell["cover"], "")
    if cell["cover"] == "lieu":
        marker = _short_place(cell["card"])
    pawns = "".join("●" for _ in cell["pawns"])
    return glyph, marker, pawns


def board_html(summary: dict[str, Any], lit: set[str] | frozenset[str] = frozenset()) -> str:
    """The board as a read-only picture (public view): labels are from the data file and the
    summary, escaped anyway."""
    colours = [p["colour"] for p in summary["players"]]
    width = len(summary["board"][0]) if summary["board"] else 0
    out = ['<table class="labb"><tr><th class="r"></th>'
           + "".join(f'<th scope="col">{c}</th>' for c in range(1, width + 1)) + "</tr>"]
    for row in summary["board"]:
        letter = html.escape(row[0]["cell"].rstrip("0123456789")) if row else ""
        out.append(f'<tr><th scope="row" class="r">{letter}</th>')
        for cell in row:
            glyph, marker, _ = cell_parts(cell, colours)
            classes = f"c-{html.escape(cell['cover'])}" + (" lit" if cell["cell"] in lit else "")
            dots = "".join(f'<span style="color: {PAWN_RGB.get(colours[seat], "#777")}">●</span>'
                           for seat in cell["pawns"])
            road = f"background-image: url('{path_picture(cell['sides'])}')"
            said = html.escape(cell_description(cell, colours))
            out.append(f'<td class="{classes}" style="{road}">'
                       f'<span class="laby-sr">{said}</span><span aria-hidden="true">'
                       + (f'<span class="m">{html.escape(marker)}</span>' if marker else "")
                       + f'<br><span class="d">{dots}</span></span></td>')
        out.append("</tr>")
    out.append("</table>")
    return "".join(out)


COVER_COLOURS = {"depart": "#fff3b0", "arrivee": "#fff3b0", "lieu": "#ffe0cc",
                 "temoin": "#dde8ff"}


def _cell_style(summary: dict[str, Any], key: str, marked: set[str] | frozenset[str]) -> str:
    """One style element for the tappable board (cell names, fixed colours and pictures
    only): each cell's road as its button's background, one rule per shape (a picture in
    every label would be sent, hashed and parsed 25 times a run); the special cells'
    background, with dark text on it in dark mode too (a lit cell keeps the primary colour:
    that is what says « tap me »); the marked cells outlined."""
    def button(cell: str) -> str:
        return f".st-key-{key}_cell_{cell} button"

    shapes: dict[str, list[str]] = {}
    rules = []
    for row in summary["board"]:
        for cell in row:
            shapes.setdefault(cell["sides"], []).append(button(cell["cell"]))
            if cell["cover"] in COVER_COLOURS:
                rules.append(f"{button(cell['cell'])}:disabled {{background-color: "
                             f"{COVER_COLOURS[cell['cover']]}; color: {INK};}}")
    rules += [f"{', '.join(selectors)} {{background-image: url('{path_picture(sides)}');}}"
              for sides, selectors in shapes.items()]
    rules += [f"{button(cell)} {{outline: 4px solid #1565c0; outline-offset: -4px;}}"
              for cell in sorted(marked)]
    return "<style>" + "\n".join(rules) + "</style>"


def board_grid(summary: dict[str, Any], enabled: set[str], key: str,
               on_click: Callable[..., None] | None = None, args: tuple[Any, ...] = (),
               marked: set[str] | frozenset[str] = frozenset()) -> None:
    """The tappable board (host): the cells in `enabled` are lit; a tap on one calls
    `on_click(*args, cell)` before the page redraws. `key` is the form's prefix (a correction's
    board and the turn's have their own widgets); within a form a cell keeps its widget key
    (`{key}_cell_B3`) whatever the phase asks of it, so after a tap the browser updates the 25
    buttons instead of building them again. `marked` cells are outlined (the choice being
    corrected, the first path of a swap)."""
    colours = [p["colour"] for p in summary["players"]]
    st.html(_cell_style(summary, key, marked))  # styles alone: st.html gives them no room
    width = len(summary["board"][0]) if summary["board"] else 0
    with st.container(key=f"{key}_board"):
        with st.container(horizontal=True, gap=None, wrap=False):
            st.markdown('<span class="labk"></span>', unsafe_allow_html=True)
            for c in range(1, width + 1):
                st.markdown(f'<span class="labc">{c}</span>', unsafe_allow_html=True)
        for row in summary["board"]:
            with st.container(horizontal=True, gap=None, wrap=False):
                letter = row[0]["cell"].rstrip("0123456789") if row else ""
                st.markdown(f'<span class="labk" aria-hidden="true">{html.escape(letter)}</span>',
                            unsafe_allow_html=True)
                for cell in row:
                    _glyph, marker, _ = cell_parts(cell, colours)
                    dots = "".join(f":{PAWN_INK.get(colours[seat], 'gray')}[●]"
                                   for seat in cell["pawns"])
                    # The button's text is its name for a screen reader (WCAG 1.1.1, 2.5.3):
                    # « C4, chemin en T (nord, est, sud), » then the marker, the pawns' dots
                    # and « pion rouge »; the words outside the marker are drawn without size
                    # (BOARD_CSS), the road is the button's picture.
                    first = plain(f"{cell['cell']}, {shape_name(cell['sides'])}")
                    if marker:
                        first += f", :small[{marker}]"
                    pawns = ", ".join(f"pion {colours[seat]}" for seat in cell["pawns"])
                    label = first + (f"\n{dots} {plain(pawns)}" if pawns else "")
                    on = cell["cell"] in enabled
                    st.button(label, key=f"{key}_cell_{cell['cell']}",
                              type="primary" if on else "secondary", disabled=not on,
                              help=cell["cell"], width="stretch",
                              on_click=on_click if on else None,
                              args=(*args, cell["cell"]) if on else None)
    # below the board: above it, it pushed the lit cells off the first screen (issue 36)
    st.caption("Lignes A à E de haut en bas, colonnes 1 à 5 de gauche à droite.")


def last_roll_line(summary: dict[str, Any]) -> None:
    roll = summary["last_roll"]
    if roll is None:
        return
    name = plain(summary["players"][roll["player"]]["name"])
    face = DIE_FACES[roll["value"] - 1] if roll["value"] <= 6 else str(roll["value"])
    if roll["doubled"]:
        st.markdown(f"### {face} {name} a fait {roll['value']} : compte double, "
                    f"**{roll['steps']} cases** !")
    else:
        st.markdown(f"### {face} {name} a fait **{roll['value']}**")


def last_declaration(summary: dict[str, Any]) -> None:
    """« Juste » or « faux », never the answer while the game goes on."""
    if not summary["declarations"]:
        return
    last = summary["declarations"][-1]
    name = plain(summary["players"][last["player"]]["name"])
    if not last["correct"]:
        st.warning(f"{name} s'est trompé : faux ! Il ne joue plus, les autres continuent.")
