"""The phone at the table (issue 25): a compact game bar instead of the sidebar, a page that
opens at its top, and the layout of a turn on one screen. Every style rule of the phone layout
lives here (PHONE_CSS), so pages keep their own look and this file is the one place to read.

On a phone (a viewport at most 640 px wide) Streamlit's sidebar would cover 300 of 390 px and
stay open after a choice: it is hidden there, and the game bar at the top of every page, one
tap to open and one to choose, reaches every page; it closes itself when the page changes. On a
tablet or a computer the sidebar stays where it is and the bar is not shown. Static text only
here: no user text ever goes into this HTML."""

from __future__ import annotations

import streamlit as st

from tableapp.device import session

PHONE_MAX = 640  # px: at most this wide, the device is laid out as a phone
BAR_KEY = "compagnon_gamebar"
_POP_KEY = "compagnon_gamebar_menu"  # the popover's open state
_BAR_PAGE = "_compagnon_gamebar_page"  # the page the bar was last drawn on
_TOP_KEY = "_compagnon_top"  # (page, code) last opened: a new one starts at its top

# The turn's primary action of each game (its key's class): it stays at the bottom of the
# screen while its entry is long (a sticky action bar), at every size.
ACTIONS = ['[data-testid="stLayoutWrapper"]:has(> .st-key-elsen_bar)',
           # Camelot's and Emblèmes' action bars (tableapp/pages/tapbar.py: the buttons and
           # why a tap wrote nothing), or the wrapper round one
           '[class*="st-key-cam_new_"][class*="_bar"]',
           '[data-testid="stLayoutWrapper"]:has(> [class*="st-key-cam_new_"][class*="_bar"])',
           '[class*="st-key-emb_new_"][class*="_bar"]',
           '[data-testid="stLayoutWrapper"]:has(> [class*="st-key-emb_new_"][class*="_bar"])',
           # Noé's bar (tableapp/pages/noe/entry.py), or the wrapper Streamlit puts round it:
           # a sticky box moves only inside its parent, and a wrapper is exactly its size
           ".st-key-noe_entry_bar",
           '[data-testid="stLayoutWrapper"]:has(> .st-key-noe_entry_bar)',
           ".st-key-lb_entry_next"]
# « Commencer la partie » of every game's new-game form, with why it cannot start yet
# (tableapp/table/opening.py): inside the first screen however long the game's setup form is
ACTIONS += ['[class*="st-key-np_"][class*="_startbar"]',
            '[data-testid="stLayoutWrapper"]:has(> [class*="st-key-np_"][class*="_startbar"])']
_STICKY = ", ".join(ACTIONS)

PHONE_CSS = f"""
<style>
.st-key-{BAR_KEY}, [data-testid="stLayoutWrapper"]:has(> .st-key-{BAR_KEY}) {{
  display: none; }}
/* the header's empty band: 6rem above the title was 130 px of nothing on every screen */
[data-testid="stMainBlockContainer"] {{ padding-top: 3.75rem !important; }}
{_STICKY} {{ position: sticky; bottom: 0; z-index: 3; padding: 0.4rem 0;
  background: rgb(255, 255, 255); }}
@media (prefers-color-scheme: dark) {{ {_STICKY} {{ background: rgb(14, 17, 23); }} }}
/* Noé's nine announcements: two rows on a tablet, three on a phone (five before), so the
   turn's bar below them lies in the first screen; 44 px high: a thumb's target */
.st-key-noe_entry_announcement button {{ min-height: 44px; padding: 2px 9px; }}
.st-key-noe_entry_announcement button p {{ font-size: 0.875rem; }}
.st-key-noe_entry_bar {{ gap: 0.5rem; }}
[data-testid="stLayoutWrapper"] > .st-key-noe_entry_bar {{ padding: 0; }}  /* its wrapper's */
/* the script that brings a refusal into view (noe_entry.into_view) takes no room */
[class*="st-key-noe_said_"] [data-testid="stElementContainer"]:has(> [data-testid="stHtml"]) {{
  display: none; }}
/* Camelot's and Emblèmes' bars never cover the choices they confirm: a choice scrolled to
   (a tap, the keyboard's focus) stops above the bar, not under it */
[data-testid="stMain"]:has([class*="st-key-cam_new_"][class*="_bar"],
    [class*="st-key-emb_new_"][class*="_bar"]) {{ scroll-padding-bottom: 16rem; }}
@media (max-width: {PHONE_MAX}px) {{
  [data-testid="stMain"]:has([class*="st-key-cam_new_"][class*="_bar"],
      [class*="st-key-emb_new_"][class*="_bar"]) {{ scroll-padding-bottom: 18rem; }} }}
/* their script that brings a new bar back on screen takes no room in it */
[class*="st-key-cam_new_"][class*="_bar"] [data-testid="stElementContainer"]:has(
    > [data-testid="stHtml"]), [class*="st-key-emb_new_"][class*="_bar"]
    [data-testid="stElementContainer"]:has(> [data-testid="stHtml"]) {{ display: none; }}
.st-key-elsen_next button:disabled {{ min-height: 48px; }}
.st-key-elsen_next button:disabled p {{ font-size: 1rem; font-weight: 400; }}
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
  [data-testid="stHorizontalBlock"]:has(.st-key-elsen_back, .st-key-elsen_timer_go,
      .st-key-tb_leave, .st-key-noe_entry_valid) {{ flex-wrap: nowrap; }}
  [data-testid="stHorizontalBlock"]:has(.st-key-elsen_back, .st-key-elsen_timer_go,
      .st-key-tb_leave, .st-key-noe_entry_valid) > [data-testid="stColumn"] {{
    min-width: 0 !important; flex: 1 1 0 !important; }}
  [data-testid="stHorizontalBlock"]:has(.st-key-noe_entry_valid) button {{
    padding: 0.4rem 0.5rem; }}
  [data-testid="stHorizontalBlock"]:has(.st-key-noe_entry_valid) button * {{
    white-space: normal !important; text-overflow: clip !important; }}
  [data-testid="stHorizontalBlock"] > [data-testid="stColumn"]:has(.st-key-elsen_back,
      .st-key-elsen_timer_reset) {{ flex: 0 0 auto !important; width: auto !important; }}
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


# ELSEN's narrator box on a phone and in the dark: sent with the narrator itself (its page adds
# it to its own style, tableapp/pages/elsen/voice.py), never to a device without the narrator.
NARRATOR_CSS = f"""
<style>
@media (max-width: {PHONE_MAX}px), (max-height: 900px) {{
  /* ELSEN's narrator: the line and its clock, smaller, so the step's entry follows on
     a phone or a tablet held sideways */
  body .elsen-narrator {{ padding: 8px 12px; }}
  body .elsen-narrator .spoken {{ font-size: 1.25rem; }}
  body .elsen-narrator .note {{ font-size: 1rem; margin-top: 6px; padding: 4px 8px; }}
  body .elsen-narrator .bar {{ margin-top: 6px; gap: 6px; }}
  body .elsen-narrator .clock {{ font-size: 2.2rem; }}
  body .elsen-narrator .clock.night {{ font-size: 3rem; }}
  body .elsen-narrator button, body .elsen-narrator details summary {{ font-size: 1rem;
    min-height: 44px; }}
  body .elsen-narrator details summary {{ margin-top: 6px; }}
  body .st-key-elsen_next button {{ min-height: 3.5rem; }}
  body .st-key-elsen_next button p {{ font-size: 1.4rem; }}
}}
/* night mode: in dark mode every panel is dark, ELSEN's narrator box included */
@media (prefers-color-scheme: dark) {{
  body .elsen-narrator {{ background: #161b26; color: #eef1f6; border-color: #6f8fc4;
    color-scheme: dark; }}
  body .elsen-narrator .note {{ background: #2f2414; color: #ffd9a8; }}
  body .elsen-narrator .count {{ color: #b8c0cc; }}
  body .elsen-narrator button, body .elsen-narrator select,
  body .elsen-narrator details summary {{ background: #0e1117; color: #eef1f6;
    border-color: #6f8fc4; }}
  body .elsen-narrator .pace button[aria-pressed="true"] {{ background: #6f8fc4;
    color: #0e1117; }}
  body .elsen-narrator .clock.done {{ color: #ff8a80; }}
}}
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
        st.session_state[_POP_KEY] = False  # a new page: the bar is closed
    with st.container(key=BAR_KEY, horizontal=True, vertical_alignment="center"):
        with st.popover("Menu", icon=":material/menu:", key=_POP_KEY, on_change="rerun"):
            with st.container(key=BAR_KEY + "_pages", gap=None):
                for pages in sections.values():  # one row per section, titles say the game
                    with st.container(horizontal=True, gap=None):
                        for page in pages:
                            st.page_link(page, label=page.title, icon=page.icon,
                                         disabled=page.url_path == here)
        _top_when_new(here)  # after the button: its empty element goes to the right


# Scrolls the page to its top: the scroll position of the page before survives a rerun, so a
# game started by the button at the bottom of its form opened scrolled down by the form's
# height. Run twice: once now, once after the new page has been drawn.
_TOP_SCRIPT = """<script>(() => {{ const top = () => {{
  for (const el of [document.querySelector('[data-testid="stMain"]'),
                    document.querySelector('[data-testid="stAppViewContainer"]'),
                    document.scrollingElement]) if (el) el.scrollTop = 0; }};
  top(); setTimeout(top, 150); setTimeout(top, 600); }})(); /* {nonce} */</script>"""


def _top_when_new(page: str) -> None:
    """A page or a game newly opened in this session starts at its top (not where the page
    before was scrolled)."""
    opened = (page, session.code_param())
    if st.session_state.get(_TOP_KEY) == opened:
        return
    count = st.session_state.get(_TOP_KEY + "_n", 0) + 1
    st.session_state[_TOP_KEY], st.session_state[_TOP_KEY + "_n"] = opened, count
    st.html(_TOP_SCRIPT.format(nonce=count), unsafe_allow_javascript=True)
