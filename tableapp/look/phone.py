"""The phone at the table (issue 25): a compact game bar instead of the sidebar, a page that
opens at its top, and the layout of a turn on one screen. Every style rule of the phone layout
lives here (`phone_css`), the shared ones and, through each game's page module (PHONE_STICKY,
PHONE_ROWS, PHONE_CSS), the game's own: pages keep their own look.

On a phone (a viewport at most 640 px wide) Streamlit's sidebar would cover 300 of 390 px and
stay open after a choice: it is hidden there, and the game bar at the top of every page, one
tap to open and one to choose, reaches every page; it closes itself when the page changes. On a
tablet or a computer the sidebar stays where it is and the bar is not shown. Static text only
here: no user text ever goes into this HTML."""

from __future__ import annotations

from typing import Any

import streamlit as st

from companion.core.registry import PLAYABLE as GAMES
from tableapp.device import session
from tableapp.look import popovers
from tableapp.look.navigation import page_hook

PHONE_MAX = 640  # px: at most this wide, the device is laid out as a phone
BAR_KEY = "compagnon_gamebar"
_POP_KEY = "compagnon_gamebar_menu"  # the popover (tableapp/look/popovers.py)
_BAR_PAGE = "_compagnon_gamebar_page"  # the page the bar was last drawn on
_TOP_KEY = "_compagnon_top"  # (page, code) last opened: a new one starts at its top

def sticky(selector: str) -> list[str]:
    """A box kept at the bottom of the screen, and the wrapper Streamlit puts round it: a
    sticky box moves only inside its parent, and a wrapper is exactly its size."""
    return [selector, f'[data-testid="stLayoutWrapper"]:has(> {selector})']


# « Commencer la partie » of every game's new-game form, with why it cannot start yet
# (tableapp/table/opening.py): inside the first screen however long the game's setup form is.
# Each game adds the turn's primary action of its own pages (their keys' classes, the page
# module's PHONE_STICKY): it stays at the bottom of the screen while its entry is long (a
# sticky action bar), at every size.
SHARED_STICKY = sticky('[class*="st-key-np_"][class*="_startbar"]')
# Rows of buttons that stay side by side on a phone (Streamlit stacks every column): the shared
# action bar's (tableapp/pages/tapbar.py), then each game's (the page module's PHONE_ROWS)
SHARED_ROWS = [".st-key-tb_leave"]


def _game_hooks(name: str) -> list[Any]:
    """What each game's page module offers the phone's layout under `name` (registry order)."""
    found = (page_hook(game, name) for game in GAMES)
    return [hook for hook in found if hook is not None]


def phone_css() -> str:
    """Every style rule of the phone layout: the shared ones, and each game's (its page
    module's PHONE_STICKY, PHONE_ROWS and PHONE_CSS: tableapp/pages/<id>/)."""
    stuck = ", ".join(SHARED_STICKY + [s for found in _game_hooks("PHONE_STICKY") for s in found])
    rows = ", ".join(SHARED_ROWS + [s for found in _game_hooks("PHONE_ROWS") for s in found])
    return (_PHONE_CSS.replace("STICKY_ONES", stuck).replace("SIDE_BY_SIDE", rows)
            .replace("</style>", "".join(_game_hooks("PHONE_CSS")) + "</style>"))


_PHONE_CSS = f"""
<style>
.st-key-{BAR_KEY}, [data-testid="stLayoutWrapper"]:has(> .st-key-{BAR_KEY}) {{
  display: none; }}
/* the header's empty band: 6rem above the title was 130 px of nothing on every screen */
[data-testid="stMainBlockContainer"] {{ padding-top: 3.75rem !important; }}
STICKY_ONES {{ position: sticky; bottom: 0; z-index: 3; padding: 0.4rem 0;
  background: rgb(255, 255, 255); }}
@media (prefers-color-scheme: dark) {{ STICKY_ONES {{ background: rgb(14, 17, 23); }} }}
@media (max-width: {PHONE_MAX}px) {{
  /* no sidebar over the game: the game bar below replaces it */
  [data-testid="stSidebar"], [data-testid="stExpandSidebarButton"],
  [data-testid="stSidebarCollapsedControl"] {{ display: none !important; }}
  /* the empty header: a thin transparent strip, its status icon still at the right */
  [data-testid="stHeader"] {{ height: 2.5rem; min-height: 2.5rem; background: transparent;
    pointer-events: none; }}
  [data-testid="stHeader"] * {{ pointer-events: none; }}
  [data-testid="stHeader"] button, [data-testid="stHeader"] a {{ pointer-events: auto; }}
  [data-testid="stMainBlockContainer"] {{ padding: 0.5rem 0.75rem 4rem !important; }}
  .st-key-{BAR_KEY}, [data-testid="stLayoutWrapper"]:has(> .st-key-{BAR_KEY}) {{
    display: flex; }}
  h1 {{ font-size: 1.75rem !important; padding: 0.25rem 0 0.5rem !important; }}
  h2 {{ font-size: 1.4rem !important; }}
  h3 {{ font-size: 1.2rem !important; }}
}}
@media (max-width: {PHONE_MAX}px) {{
  /* rows of buttons or of small numbers stay side by side (Streamlit stacks every column) */
  [data-testid="stHorizontalBlock"]:has(SIDE_BY_SIDE) {{ flex-wrap: nowrap; }}
  [data-testid="stHorizontalBlock"]:has(SIDE_BY_SIDE) > [data-testid="stColumn"] {{
    min-width: 0 !important; flex: 1 1 0 !important; }}
  [data-testid="stHorizontalBlock"]:has(> [data-testid="stColumn"] .stNumberInput) {{
    flex-wrap: wrap; }}
  [data-testid="stHorizontalBlock"]:has(> [data-testid="stColumn"] .stNumberInput)
      > [data-testid="stColumn"] {{ min-width: calc(50% - 0.5rem) !important;
    flex: 1 1 calc(50% - 0.5rem) !important; }}
}}
.st-key-{BAR_KEY}_pages [data-testid="stPageLink-NavLink"] {{ min-height: 44px;
  align-items: center; }}
.st-key-{BAR_KEY}_pages > div + div {{ border-top: 1px solid rgba(128, 128, 128, 0.3); }}
/* The turn's banner of a public view (tableapp/live/tableclock.py): « Au tour de » in a plain box,
   « À toi » in a green one, thicker border and an arrow, seen across the table; text on each
   background at AA contrast (≥ 4.5:1) in light and dark */
.tc-turn {{ border: 1px solid rgba(128, 128, 128, 0.45); border-radius: 0.6rem;
  padding: 0.6rem 1rem; }}
.tc-turn h2 {{ margin: 0; padding: 0.1rem 0 0.2rem; color: inherit; }}
.tc-turn p {{ margin: 0; }}
.tc-turn.tc-mine {{ background: #e3f4e8; color: #0b3a1c; border: 3px solid #1e7b3c; }}
@media (prefers-color-scheme: dark) {{
  .tc-turn.tc-mine {{ background: #10301c; color: #dcf7e5; border-color: #5cc384; }} }}
</style>
"""


def game_bar(sections: dict[str, list[st.Page]], current: st.Page) -> None:
    """The compact game bar of a phone: a « Menu » button opening every page of the app,
    a row per section (each page's title names its game), one tap each. A choice opens its
    page, and the bar closes because the page changed (a stateful popover, closed through its
    key)."""
    here = current.url_path
    if st.session_state.get(_BAR_PAGE) != here:
        st.session_state[_BAR_PAGE] = here
        popovers.close(_POP_KEY)  # a new page: the bar is closed
    with st.container(key=BAR_KEY, horizontal=True, vertical_alignment="center"):
        with st.popover("Menu", icon=":material/menu:", key=popovers.key(_POP_KEY),
                        on_change="rerun"):
            with st.container(key=BAR_KEY + "_pages", gap=None):
                for pages in sections.values():  # one row per section, titles say the game
                    with st.container(horizontal=True, gap=None):
                        for page in pages:
                            st.page_link(page, label=page.title, icon=page.icon,
                                         disabled=page.url_path == here)
        _top_when_new(here)  # after the button: its empty element goes to the right


# Scrolls the page to its top: the scroll position of the page before survives a rerun, so a
# game started by the button at the bottom of its form opened scrolled down by the form's
# height. Run now, and again at 150 and 600 ms (the boxes of the page before may still be
# scrolled as Streamlit swaps the page in) only when the page was scrolled and nobody touched,
# scrolled or typed since: a page opened at its top has nothing to hold, and a later jump to
# the top moved a button from under a thumb (a robot's tap, at 1024×768, landed beside
# « Historique et corrections »).
_TOP_SCRIPT = """<script>(() => {{
  const boxes = () => [document.querySelector('[data-testid="stMain"]'),
                       document.querySelector('[data-testid="stAppViewContainer"]'),
                       document.scrollingElement].filter(Boolean);
  const top = () => {{ for (const el of boxes()) el.scrollTop = 0; }};
  const away = boxes().some(el => el.scrollTop > 0);
  top();
  if (!away) return;
  let held = true;
  const stop = () => {{ held = false; }};
  for (const kind of ['wheel', 'touchstart', 'pointerdown', 'keydown'])
    document.addEventListener(kind, stop, {{capture: true, once: true, passive: true}});
  setTimeout(() => held && top(), 150); setTimeout(() => held && top(), 600);
}})(); /* {nonce} */</script>"""


def _top_when_new(page: str) -> None:
    """A page or a game newly opened in this session starts at its top (not where the page
    before was scrolled)."""
    opened = (page, session.code_param())
    if st.session_state.get(_TOP_KEY) == opened:
        return
    count = st.session_state.get(_TOP_KEY + "_n", 0) + 1
    st.session_state[_TOP_KEY], st.session_state[_TOP_KEY + "_n"] = opened, count
    st.html(_TOP_SCRIPT.format(nonce=count), unsafe_allow_javascript=True)
