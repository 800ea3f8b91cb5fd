"""Readable by everyone (WCAG 2.1 AA, issue 25): what every page shares so that a screen
reader, a keyboard or weak eyes meet the same app as everyone else.

- pictures carry a text alternative (`picture`, `pictures`): st.image has no `alt`, so the app's
  images go through st.html with an `alt` said in French;
- contrast of at least 4.5:1 in both themes where Streamlit's own colours fall short (grey
  captions, the selected pill or segment): A11Y_CSS, the one place of this module's style;
- Streamlit's markup that no option reaches is repaired in the page by A11Y_SCRIPT: the
  navigation's list, scrollable tables that a keyboard could not reach, toasts without a name,
  single-choice pills whose arrow keys moved the focus but not the choice;
- section headings at level 2 after the page's title (`heading`): levels never jump.

Static CSS and script; the only text that enters HTML here (an alt, a caption, a heading) is
escaped."""

from __future__ import annotations

import base64
import html
from collections.abc import Sequence
from typing import Any

import streamlit as st

# Streamlit draws captions in its text colour at 60 % opacity (3.9:1 on white); 80 % gives
# about 7:1 in the light theme and 10:1 in the dark one, still visibly quieter than the text.
# A selected (or hovered, focused) pill or segment writes its label in the primary colour on
# a 10 % tint of it (4.5:1 light, 3.2:1 dark): the label keeps the text colour, bold when
# selected, and the selection shows by the coloured border and tint (and by the weight: not
# by colour alone). A colour chip inside keeps its own colour (an inline style).
# The « link to heading » icon beside every title is not used at a table: hidden (its English
# label went with it).
A11Y_CSS = """
<style>
[data-testid="stApp"] [data-testid="stCaptionContainer"] { opacity: 0.8; }
/* !important: Streamlit's hovered-and-selected rule stacks attribute selectors */
[data-testid="stApp"] [data-testid="stButtonGroup"] button:not(:disabled) {
  color: inherit !important;
}
[data-testid="stApp"] [data-testid="stButtonGroup"] button:not(:disabled) * { color: inherit; }
[data-testid="stApp"] [data-testid="stButtonGroup"] button[data-selected="true"],
[data-testid="stApp"] [data-testid="stButtonGroup"] button[aria-checked="true"],
[data-testid="stApp"] [data-testid="stButtonGroup"] button[aria-pressed="true"] {
  font-weight: 600;
}
[data-testid="stHeaderActionElements"] > a[href^="#"] { display: none; }
/* a colour chip (« ● » in its colour, Camelot) reads at the size of a pill's label too */
[data-testid="stButtonGroup"] .stMarkdownColoredText {
  font-size: 1.3em; line-height: 1; vertical-align: -0.1em;
}
h2.compagnon-h { font-size: 1.5rem; font-weight: 600; line-height: 1.2;
  margin: 0.5rem 0 0.25rem; padding: 0; scroll-margin-top: 4rem; }
.compagnon-pictures { display: flex; flex-wrap: wrap; gap: 0.5rem; align-items: center; }
.compagnon-pictures img { max-width: 100%; height: auto; }
</style>
"""

# Repairs Streamlit's markup, now and on every change of the document (once per browser tab).
# No "<" inside: DOMPurify drops a script whose text looks like markup.
A11Y_SCRIPT = """<script>
(function () {
  if (window.__compagnonA11y) return;
  window.__compagnonA11y = true;
  let pending = false;
  function repair() {
    pending = false;
    // The navigation's sections put list items inside divisions of its list: no list at all
    // is better than a broken list (the links stay links, the section titles stay text).
    for (const ul of document.querySelectorAll('[data-testid="stSidebarNavItems"]')) {
      if (ul.getAttribute('role') !== 'none') ul.setAttribute('role', 'none');
      for (const li of ul.querySelectorAll('li'))
        if (li.getAttribute('role') !== 'none') li.setAttribute('role', 'none');
    }
    // A table wider than the screen scrolls in its own box: reachable by the keyboard.
    for (const box of document.querySelectorAll(
        '[data-testid="stMarkdownContainer"]:has(> table), [data-testid="stTable"]')) {
      if (box.getAttribute('tabindex') !== '0') {
        box.setAttribute('tabindex', '0');
        box.setAttribute('role', 'region');
        box.setAttribute('aria-label', 'Tableau');
      }
    }
    // A toast is a dialog named by its own text (Streamlit's points at a title it never
    // draws; an unresolved aria-labelledby leaves the name to aria-label).
    for (const text of document.querySelectorAll('[data-testid="stToastText"]')) {
      const dialog = text.closest('[data-testid="stToast"]');
      const said = (text.textContent || '').trim();
      if (dialog && said && dialog.getAttribute('aria-label') !== said)
        dialog.setAttribute('aria-label', said);
    }
  }
  new MutationObserver(() => {
    if (!pending) { pending = true; requestAnimationFrame(repair); }
  }).observe(document.body, {subtree: true, childList: true});
  repair();
  // A single-choice group of pills or segments is a radio group (role="radiogroup"), and
  // WAI-ARIA's radio group moves the choice with the arrow keys (Right and Down: the next,
  // Left and Up: the previous, around the ends; Home, End), while Streamlit's only moved the
  // focus as in a toolbar. Listened to before React (capture, on the document) so that the
  // focus moves once; the tap (a click on the radio) makes the page's rerun with the choice.
  // A multiple choice is a toolbar of toggle buttons: arrows move, Space toggles, as its role
  // says; it is left alone.
  const STEPS = {ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1, Home: 0, End: 0};
  document.addEventListener('keydown', ev => {
    if (!(ev.key in STEPS) || ev.altKey || ev.ctrlKey || ev.metaKey || ev.shiftKey) return;
    const radio = ev.target.closest && ev.target.closest('[role="radio"]');
    const group = radio && radio.closest('[role="radiogroup"]');
    if (!group || !group.closest('[data-testid="stButtonGroup"]')) return;
    const radios = [...group.querySelectorAll('[role="radio"]')].filter(
      r => !r.disabled && r.getAttribute('aria-disabled') !== 'true');
    const here = radios.indexOf(radio);
    if (here === -1) return;
    const n = radios.length;
    const next = ev.key === 'Home' ? radios[0] : ev.key === 'End' ? radios[n - 1]
      : radios[(here + STEPS[ev.key] + n) % n];
    ev.preventDefault();
    ev.stopPropagation();
    next.focus();
    if (next.getAttribute('aria-checked') !== 'true') next.click();
  }, true);
})();
</script>"""


def _img(data: bytes, alt: str, width: int | None, mime: str) -> str:
    size = f' width="{width}"' if width else ' style="width:100%"'
    encoded = base64.b64encode(data).decode("ascii")
    return f'<img src="data:{mime};base64,{encoded}" alt="{html.escape(alt)}"{size}>'


def picture(data: bytes, alt: str, *, width: int | None = None, mime: str = "image/png",
            caption: str | None = None, where: Any = None) -> None:
    """An image with its text alternative `alt` (French, what the picture shows or, for a QR
    code, what it opens), `width` CSS px or the column's width; `caption` below it."""
    target = where if where is not None else st
    body = _img(data, alt, width, mime)
    if caption:
        body += ('<div data-testid="stCaptionContainer" style="font-size:0.875rem">'
                 f"{html.escape(caption)}</div>")
    target.html(f'<div class="compagnon-pictures">{body}</div>')


def pictures(items: Sequence[tuple[bytes, str]], *, width: int, mime: str = "image/png",
             where: Any = None) -> None:
    """A row of small images, each (data, alt)."""
    target = where if where is not None else st
    body = "".join(_img(data, alt, width, mime) for data, alt in items)
    target.html(f'<div class="compagnon-pictures">{body}</div>')


def heading(text: str) -> None:
    """A section heading at level 2 (after the page's title: levels never jump, WCAG 1.3.1)
    drawn at the size of Streamlit's subheader, without the link icon. `text` is escaped."""
    st.html(f'<h2 class="compagnon-h">{html.escape(text)}</h2>')

