"""The one way user text (players' and profiles' names, soirées' and teams' names, notes, deck
cards' names, game titles, anything a person typed, and error sentences that may repeat it)
reaches a Streamlit element that renders Markdown.

Which elements render Markdown (measured in a browser with Streamlit 1.67, and held by
tests/test_browser_hostile_names.py and, headless, tests/test_usertext_pages.py):
st.markdown, st.caption, st.write of a string, the titles and headers,
st.info/success/warning/error, st.toast, both the label and the value of st.metric, the cells
and column names of st.table, and every widget label (buttons, checkboxes, toggles, text
inputs, select boxes, expanders, popovers, tabs) and the options of st.radio, st.pills and
st.segmented_control. Those get `plain(text)`. Elements that show text as it is get the
text itself (plain() there would show its backslashes): st.text, st.code, st.dataframe cells
and column names, the options of st.selectbox and st.multiselect, Vega-Lite labels (drawn as
SVG or canvas text) and tooltips (vega-tooltip escapes HTML). Prefer those for a name when
the layout allows.

Why more than backslashes: Streamlit's Markdown (react-markdown with remark-gfm) turns a bare
`http://…`, `www.…` or `a@b.org` into a live link even when every character is escaped, because
remark-gfm finds those literal autolinks by a regular expression over the text *after* the
escapes are resolved (remarkjs/remark-gfm issue 33). So plain() also puts an invisible WORD
JOINER (U+2060) where that expression needs two characters to touch: between « http »/« https »
and « : », between « www » and « . », and after « @ ». The text reads and wraps the same.

In HTML (st.html, unsafe_allow_html), user text goes through html.escape; in ReportLab
Paragraph markup through xml.sax.saxutils.escape (print_kit/night.py); into a script as JSON
with « < > & » escaped (tableapp/pages/elsen/voice.py › _js)."""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache, wraps

from companion.core.errors import CompanionError

WORD_JOINER = "\u2060"

# Every character Markdown, GFM or Streamlit's own directives (:red[…], :material/…:, $LaTeX$)
# give a meaning to; a backslash before any ASCII punctuation shows it literally (CommonMark).
_MARKDOWN_SPECIALS = re.compile(r"([\\`*_{}\[\]()#+\-.!|<>$~:=^\"&])")
# Where remark-gfm's literal-autolink expression (https?:// | www.) and its e-mail one (x@y.z)
# would match once the escapes are gone: a word joiner breaks each.
_AUTOLINK_SEAMS = re.compile(r"(?i)(?<=https)(?=:)|(?<=http)(?=:)|(?<=www)(?=\.)|(?<=@)")


@lru_cache(maxsize=4096)  # pages escape the same names on every rerun
def plain(text: str) -> str:
    """`text` shown literally by an element that renders Markdown: no link, no image, no
    formatting, no LaTeX, no colour or icon directive, no HTML."""
    return _MARKDOWN_SPECIALS.sub(r"\\\1", _AUTOLINK_SEAMS.sub(WORD_JOINER, text))


def sentence(error: object) -> str:
    """An error as the sentence a page shows: its text with a capital first letter (the
    domain's messages start in lower case to follow « companion : erreur : » on a command
    line). Not escaped: the caller gives it to plain() where it renders Markdown."""
    text = str(error)
    return text[:1].upper() + text[1:]


def say(error: object) -> None:
    """A refusal or a storage fault shown as the one French sentence it carries (no markup)."""
    import streamlit as st  # only the pages call it: the helpers above stay plain Python

    st.error(plain(sentence(error)))


def faults_said(page: Callable[[], None]) -> Callable[[], None]:
    """`page` whose refusals and storage faults (CompanionError) are said in one sentence,
    never a traceback: the `render` of a page that reads or writes the shared store."""

    @wraps(page)
    def render() -> None:
        try:
            page()
        except CompanionError as exc:
            say(exc)

    return render
