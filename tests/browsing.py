"""What every browser test does to reach a page of the real app."""

from __future__ import annotations

import asyncio
import re
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from tapping import settled


def in_own_loop(coroutine: Any) -> Any:
    """`asyncio.run(coroutine)` in a thread of its own: a browser test of the same session may
    hold Playwright's loop in this one, where asyncio.run refuses to start."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coroutine).result()


def file_answer(chunks: Sequence[bytes], status: int = 200,
                content_type: bytes = b"text/html", etag: bytes = b'"abc"',
                more: Sequence[tuple[bytes, bytes]] = ()) -> Any:
    """An ASGI app answering every request as a static file server would: `status`, its
    headers (and `more`), then the body in `chunks` (what the server's wrappers receive)."""
    async def app(scope: Any, receive: Any, send: Any) -> None:
        body = b"".join(chunks)
        await send({"type": "http.response.start", "status": status,
                    "headers": [(b"content-type", content_type),
                                (b"content-length", str(len(body)).encode()),
                                (b"etag", etag), *more]})
        parts = list(chunks) or [b""]
        for index, part in enumerate(parts):
            await send({"type": "http.response.body", "body": part,
                        "more_body": index < len(parts) - 1})

    return app


def asgi_answer(app: Any, scope: dict[str, Any]) -> tuple[dict[str, Any], bytes]:
    """What `app` sends for `scope`, run in a loop of its own: (start message, whole body).
    The browser stays connected until the answer is sent."""
    sent: list[dict[str, Any]] = []

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    async def receive() -> dict[str, Any]:
        await asyncio.sleep(60)
        return {"type": "http.disconnect"}

    in_own_loop(app(scope, receive, send))
    return sent[0], b"".join(m.get("body", b"") for m in sent[1:])


def not_found(pg: Any) -> int:
    """How many times the page says Streamlit's « Page not found » (which the app writes
    « Page introuvable », tableapp/shell.py › RELABEL): an address that names no page."""
    return pg.get_by_text(re.compile(r"^(Page not found|Page introuvable)$")).count()


def open_page(pg: Any, url: str, text: str, timeout: int = 30_000) -> None:
    """Go to `url`, wait for `text`, and fail if Streamlit says the page does not exist: deep
    links (QR codes, game codes) must land on their page even on a freshly started server."""
    pg.goto(url, timeout=timeout)
    pg.get_by_text(text, exact=False).first.wait_for(timeout=timeout)
    settled(pg)
    assert not_found(pg) == 0, f"« Page introuvable » sur {url}"


# The app moves to another of its addresses in the same document, as its own page links and the
# browser's Back and Forward do: Streamlit's frontend hears « popstate » and asks the server for
# a run of the page the address names, with its query string (its App.onHistoryChange).
_MOVE = "url => { history.pushState({}, '', url); dispatchEvent(new PopStateEvent('popstate')); }"
# The pages of the navigation marked current (Streamlit marks the new one when its run starts)
_CURRENT = ("() => [...document.querySelectorAll('a[aria-current=page]')]"
            ".map(a => new URL(a.href).pathname)")


def move_to(pg: Any, url: str, text: str, timeout: int = 30_000) -> None:
    """Like `open_page` in a tab already showing the app, without loading a new document: the
    same Streamlit session goes on (its session state kept, as after a page link), and the
    page is drawn for a fraction of a load's processor time (a load boots Streamlit's whole
    frontend: about 0.7 s of Chromium's time against 0.3, measured beside each other). For
    tests of what a page draws; a test of what a new visitor gets uses `open_page`.

    The old page stays on screen, its script « not running », until the new run starts, and a
    run of the old page's own (ELSEN's clock runs every second) may end in between: what is
    waited for must come from the new run. Another page: the navigation marks it current when
    its run starts. The same page with another query: `text` must be one the old state does
    not show."""
    assert url.startswith(pg.evaluate("() => location.origin")), url
    path = urlsplit(url).path or "/"
    settled(pg, 0)
    same_page = pg.evaluate(_CURRENT) == [path]
    if same_page:
        assert text and pg.get_by_text(text, exact=False).locator("visible=true").count() == 0, \
            f"« {text} » est déjà affiché : il ne dirait pas que {url} est dessinée"
    pg.evaluate(_MOVE, url)
    if not same_page:
        try:
            pg.wait_for_function(f"() => ({_CURRENT})().join() === {path!r}", timeout=timeout)
        except Exception:  # noqa: BLE001  (playwright's TimeoutError, said as the page drawn)
            raise AssertionError(f"{url} : page dessinée {pg.evaluate(_CURRENT)}") from None
    pg.get_by_text(text, exact=False).first.wait_for(timeout=timeout)
    settled(pg)
    # an address naming no page reruns a page without « Page introuvable »: the navigation's
    # current link says which page was drawn
    drawn = pg.evaluate(_CURRENT)
    assert drawn == [path], f"{url} : page dessinée {drawn}"


def code_in(address: str) -> str:
    """The game code an address (or its query string) holds."""
    return re.search(r"code=([A-Z0-9]+)", address).group(1)  # type: ignore[union-attr]


def visit(pg: Any, url: str, text: str, timeout: int = 30_000) -> None:
    """`move_to` when the tab already shows this server's app, else `open_page`: a test that
    tours page states loads one document, and each state after it costs a run."""
    origin = "/".join(url.split("/", 3)[:3])
    if pg.url.startswith(origin + "/"):
        move_to(pg, url, text, timeout)
    else:
        open_page(pg, url, text, timeout)


def start_game(pg: Any, base: str, game: str, names: list[str], timeout: int = 30_000) -> str:
    """Open the game's page, seat `names` in order, press « Commencer la partie »; returns the
    new game's code once it is in the URL."""
    open_page(pg, f"{base}/{game}", "Nouvelle partie", timeout)
    count = pg.locator('[data-testid="stButtonGroup"]').first
    count.get_by_text(str(len(names)), exact=True).click()
    pg.get_by_label(f"Place {len(names)}", exact=True).wait_for(timeout=timeout)
    for seat, name in enumerate(names, start=1):
        field = pg.get_by_label(f"Place {seat}", exact=True)
        field.fill(name)
        field.press("Enter")
    pg.wait_for_function("() => [...document.querySelectorAll('button')].some("
                         "b => b.innerText.includes('Commencer la partie') && !b.disabled)",
                         timeout=timeout)
    pg.get_by_role("button", name="Commencer la partie").click()
    pg.wait_for_url(re.compile(r"code="), timeout=timeout)
    return code_in(pg.url)


# --- accessibility (WCAG 2.1 A/AA through axe-core) and French-only text ---------------------

AXE = Path(__file__).resolve().parent / "axe" / "axe.min.js"  # axe-core, MPL-2.0 (tests/axe)
AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]
# Among axe's best practices, those issue 25 asks for, failed whatever their impact: heading
# levels in order, every dialog (a toast included) named. Only these of its 30 best practices
# are run: the others' findings were dropped anyway, and running them cost about a third of
# each check (axe, the suite's largest share of the browser's time).
AXE_PRACTICES = {"heading-order", "aria-dialog-name", "empty-heading"}
# Violations inside Streamlit's own shipped markup that the app cannot change: (rule id, a
# fragment of the failing node's selector). Each with the reason it cannot be fixed here.
AXE_EXCLUDED: list[tuple[str, str]] = []

# Every finite animation and transition of the page has ended (a tooltip fading in under the
# pointer, an element coming back from stale): axe reads the colours as they are drawn, and a
# text caught mid-fade fails its contrast though its steady state passes. Endless animations
# (a spinner) are not waited for.
_STILL = """() => document.getAnimations().every(a => a.playState !== 'running'
  || a.effect?.getComputedTiming().endTime === Infinity)"""
_AXE_RUN = """async ([tags, practices]) => {
  const rules = Object.fromEntries(practices.map(id => [id, {enabled: true}]));
  const r = await axe.run(document, {runOnly: {type: 'tag', values: tags}, rules,
                                     resultTypes: ['violations']});
  return r.violations.map(v => ({id: v.id, tags: v.tags, nodes: v.nodes.map(n => ({
    target: n.target.join(' '), impact: n.impact || v.impact,
    summary: (n.failureSummary || '').slice(0, 300), html: n.html.slice(0, 160)}))}));
}"""


def axe_problems(pg: Any) -> list[str]:
    """The critical and serious WCAG 2.1 A/AA violations axe-core finds in the page as it is
    now, and any of AXE_PRACTICES, one line each (rule, node, why), less AXE_EXCLUDED."""
    if not pg.evaluate("() => typeof window.axe === 'object'"):
        pg.add_script_tag(path=str(AXE))
    pg.wait_for_function(_STILL, timeout=5_000, polling=50)
    out = []
    for rule in pg.evaluate(_AXE_RUN, [AXE_TAGS, sorted(AXE_PRACTICES)]):
        wcag = any(t.startswith("wcag") for t in rule["tags"])
        for node in rule["nodes"]:
            if not (rule["id"] in AXE_PRACTICES
                    or wcag and node["impact"] in ("critical", "serious")):
                continue
            if any(rule["id"] == rid and part in node["target"] for rid, part in AXE_EXCLUDED):
                continue
            out.append(f"{rule['id']} ({node['impact']}) {node['target']} : {node['html']} "
                       f"— {node['summary']}")
    return out


# Streamlit's own English (its frontend has no French): whole words or phrases, matched with
# word boundaries and case. The app relabels them (tableapp/shell.py › RELABEL).
STREAMLIT_ENGLISH = [
    "Link to heading", "Show/hide columns", "Show data", "Show chart", "Download as",
    "Copy Vega-Lite spec", "Sidebar", "App pages", "Main menu", "view more", "view less",
    "Sort ascending", "Sort descending", "Pin column", "Unpin column", "Hide column",
    "Autosize", "Fullscreen", "Close", "Open", "Search", "Clear", "Select all", "Upload",
    "Browse files", "Drag and drop", "No results", "Choose an option", "Press Enter",
    "Running", "Please wait", "Stop", "Deploy", "Rerun", "Connecting", "Connection error",
    "Page not found", "Skip to main content", "Expand sidebar", "Collapse sidebar", "Dismiss",
    "Copy to clipboard", "Download", "Error", "Help", "Remove", "Delete", "No data",
    "per file", "Decrement", "Increment"]
# A number written the English way: « 0.33 », « 46.7 % », « 336.0B » (a decimal point between
# digits); code blocks (addresses, codes) are not prose and are left out.
ENGLISH_NUMBER = re.compile(r"(?<![\d.])\d+\.\d+(?![\d.])")

_TEXTS = """() => {
  const hidden = el => el.closest('pre, code, script, style');
  const parts = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  let n;
  while ((n = walker.nextNode())) {
    const el = n.parentElement;
    if (!el || hidden(el)) continue;
    const r = el.getBoundingClientRect();
    if (r.width === 0 && r.height === 0) continue;
    if (n.nodeValue.trim()) parts.push(n.nodeValue.trim());
  }
  for (const el of document.querySelectorAll('[aria-label], [title], [placeholder], img[alt]'))
    for (const a of ['aria-label', 'title', 'placeholder', 'alt'])
      if (el.getAttribute(a) && !hidden(el)) parts.push(el.getAttribute(a));
  return parts;
}"""


def french_problems(pg: Any) -> list[str]:
    """Streamlit's English words and English-format numbers in the page's text (drawn text
    and the labels a screen reader says: aria-label, title, placeholder, alt)."""
    out = []
    for text in pg.evaluate(_TEXTS):
        for word in STREAMLIT_ENGLISH:
            if re.search(rf"(?<![\w/-]){re.escape(word)}(?![\w/-])", text):
                out.append(f"anglais « {word} » dans « {text[:80]} »")
        for found in ENGLISH_NUMBER.findall(text):
            out.append(f"nombre à l'anglaise « {found} » dans « {text[:80]} »")
    return out


def a11y_problems(pg: Any) -> list[str]:
    """axe-core's violations and the English left, in the page as it is now."""
    return axe_problems(pg) + french_problems(pg)
