"""A tap's contract in a real browser (issue 36): every primary action either appends exactly
the entry the page shows or says why not next to the thumb, inside the viewport.

What the browser tests of each game share: a game made in the app server's own database and
opened by its host (`host_page`), waiting for a tap's run to end (`settled`), whether a control
or a refusal lies inside the first screen (`in_view`, `refusals`), and the store's log to
compare with the entries a test meant to make (`log_of`)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from companion.events.store import EventStore
from companion.hosting.access import HOST, Access

ROOT = Path(__file__).resolve().parent.parent
TIMEOUT = 30_000
PHONE = {"width": 390, "height": 844}
TABLET = {"width": 1024, "height": 768}
SIZES = {"telephone": PHONE, "tablette": TABLET}

SETTLED = ("() => document.querySelector('[data-testid=stApp]')"
           "?.getAttribute('data-test-script-state') === 'notRunning'"
           " && !document.querySelector('[data-testid=stStatusWidget] [data-testid=stSpinner]')"
           " && !document.querySelector('[data-testid=stElementContainer][data-stale=true]')")

# Counts the runs a page has finished (its script state going back to « notRunning ») from the
# document's start; installed in every browser context (conftest › browser). A wait then asks
# for a run that ended after the last `settled`, instead of trying to catch « running » in
# flight, which a fast run on an idle machine ends before the first poll.
RUN_COUNTER = """(() => {
  if (window.__runsEnded !== undefined) return;
  window.__runsEnded = 0;
  window.__runsSeen = 0;
  new MutationObserver(changes => {
    for (const c of changes) {
      if (c.oldValue !== 'notRunning'
          && c.target.getAttribute('data-test-script-state') === 'notRunning') {
        window.__runsEnded += 1;
      }
    }
  }).observe(document, {subtree: true, attributes: true, attributeOldValue: true,
                        attributeFilter: ['data-test-script-state']});
})()"""
_A_RUN_ENDED = "() => (window.__runsEnded ?? 1) > (window.__runsSeen ?? 0)"
_NEXT_FRAMES = "() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))"
_SEEN = "() => { window.__runsSeen = window.__runsEnded ?? 0; }"

# Streamlit's alerts (st.error, st.warning) and toasts: what a page shows to refuse a tap
_REFUSALS = """() => {
  const out = [];
  const sel = '[data-testid="stAlertContentError"], [data-testid="stAlertContentWarning"], '
            + '[data-testid="stToast"]';
  for (const el of document.querySelectorAll(sel)) {
    const r = el.getBoundingClientRect();
    if (r.width === 0 && r.height === 0) continue;
    out.push({text: el.innerText.trim().slice(0, 200), top: r.top, bottom: r.bottom,
              left: r.left, right: r.right});
  }
  return out;
}"""


def settled(pg: Any, pause: int = 50) -> None:
    """Wait until no script runs and no stale element is left (a tap's rerun has drawn its
    result), then two frames (the page's own repairs run at the next one, tableapp/look/a11y.py)
    and `pause` ms for late layout; the runs ended so far count as seen (`after_tap`)."""
    pg.wait_for_function(SETTLED, timeout=TIMEOUT, polling=20)
    pg.evaluate(_NEXT_FRAMES)
    if pause:
        pg.wait_for_timeout(pause)
    pg.evaluate(_SEEN)


def host_page(store: EventStore, base: str, game: str, setup: dict[str, Any],
              events: list[dict[str, Any]] = ()) -> tuple[str, str]:
    """A new game of `game` in the app server's database, `events` appended in order; returns
    (its code, the host's URL with a fresh host token)."""
    code = store.create(game, setup)
    for seq, event in enumerate(events):
        store.append(code, event, seq)
    token, _grant = Access(store.path).issue(code, HOST)
    return code, f"{base}/{game}?code={code}&host={token}"


def example(name: str) -> dict[str, Any]:
    """One of docs/log-examples/ as a dict (setup, events)."""
    return json.loads((ROOT / "docs" / "log-examples" / name).read_text(encoding="utf-8"))


def viewport(pg: Any) -> dict[str, int]:
    return pg.evaluate("() => ({width: window.innerWidth, height: window.innerHeight})")


def in_view(pg: Any, locator: Any) -> bool:
    """True when the element is drawn whole inside the viewport as the page is scrolled now,
    and the topmost element at its centre is itself or inside it (not covered by a sticky
    bar or another control)."""
    box = locator.bounding_box()
    if box is None or box["width"] == 0:
        return False
    size = viewport(pg)
    if box["y"] < 0 or box["x"] < 0 or box["y"] + box["height"] > size["height"] + 0.5 \
            or box["x"] + box["width"] > size["width"] + 0.5:
        return False
    return bool(locator.evaluate(
        "el => { const r = el.getBoundingClientRect();"
        " const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);"
        " return !!top && (el === top || el.contains(top) || top.contains(el)); }"))


def comes_into_view(pg: Any, locator: Any, ms: int = 2_000) -> bool:
    """`in_view`, asked again for up to `ms` while it is False: what a thumb sees once the page
    has stopped moving (a sticky bar is placed, a toast slides away) on a loaded machine."""
    for _ in range(max(1, ms // 100)):
        if in_view(pg, locator):
            return True
        pg.wait_for_timeout(100)
    return in_view(pg, locator)


def refusals(pg: Any) -> list[dict[str, Any]]:
    """Every refusal (error, warning, toast) drawn now: its text and its box."""
    return list(pg.evaluate(_REFUSALS))


def refusals_out_of_view(pg: Any) -> list[str]:
    """The refusals drawn now that lie (even partly) outside the viewport."""
    size = viewport(pg)
    return [r["text"] for r in refusals(pg)
            if r["top"] < 0 or r["bottom"] > size["height"] + 0.5]


def log_of(store: EventStore, code: str) -> list[dict[str, Any]]:
    """The game's log as its entries stand (meta-events such as undo applied): what the table
    sees in its history, to compare with the entries a test meant to make."""
    return [dict(event) for event in store.load(code).events]


def after_tap(pg: Any, start: int = 1_000) -> None:
    """Wait for the run a tap (or a pick that reruns) starts to end, up to `start` ms for it to
    end at all, then until the page is `settled`: a run that ended before this call counts, so
    a fast run is never waited for twice, and a tap that runs nothing costs `start` ms."""
    try:
        pg.wait_for_function(_A_RUN_ENDED, timeout=start, polling=20)
    except Exception:  # noqa: BLE001  (playwright's TimeoutError: no run followed the tap)
        pass
    settled(pg)


# A popover's button, then the first element matching `inside` in its body (and holding `text`)
# as soon as it is drawn: a few tens of ms apart, before the server's run for the first tap has
# said « open » (a quick thumb, or a busy server: tableapp/look/popovers.py)
_OPEN_THEN_TAP = """async ([label, inside, text]) => {
  const button = [...document.querySelectorAll('[data-testid=stPopoverButton]')]
    .find(b => b.innerText.includes(label));
  if (!button) return false;
  button.click();
  for (let i = 0; i < 500; i++) {
    const found = [...document.querySelectorAll('[data-testid=stPopoverBody] ' + inside)]
      .find(el => el.innerText.includes(text));
    if (found) { found.click(); return true; }
    await new Promise(r => setTimeout(r, 2));
  }
  return false;
}"""


def open_then_tap(pg: Any, label: str, inside: str, text: str = "") -> bool:
    """Open the popover whose button says `label` and tap, as soon as it is drawn, the first
    `inside` element of its body that holds `text`; False when there was none."""
    return bool(pg.evaluate(_OPEN_THEN_TAP, [label, inside, text]))
