"""What a phone's first load of a page costs (issue 25): five settings of the server that
`companion app` makes before Streamlit starts. A player opens the game from a QR code or a seat
link, in a browser that has never seen the app: all of Streamlit's frontend, then the page.

* **Every answer held 40 ms** (`runcost.send_at_once`): Streamlit's listening socket leaves
  Nagle's algorithm on; a cold load's ~65 files waited for the browser's delayed ACKs.
* **The deep link's probe.** Opened at `/noe?code=…`, Streamlit's frontend does not know where
  the server's root is: it asks `/noe/_stcore/health`, gets a 404, waits 100 ms and asks again
  one folder up, two requests and ~120 ms before the websocket opens. Every page but the home
  page is opened that way. The frontend skips the probe when the page tells it where the root
  is (`window.__streamlit.BACKEND_BASE_URL`). The server knows which part of the path is the
  page (the path it was asked, past its own base path), so the HTML of a page carries one
  line of script: the root is the address without that page. Computed in the browser, it
  stays right behind a proxy that serves the app under a folder of its own.
* **The page's own style and scripts, sent by every run.** Every page shares some 16 kB of
  style and two small scripts (tableapp/shell.py › `page_markup`: touch targets, contrast, the
  phone's layout, Streamlit's English relabelled). Sent by the script, they came with every
  full run as six elements, each sanitised, put in the page and its style parsed again by the
  browser. The HTML of every page now carries them once, at the end of its body (after
  Streamlit's own style in the head, where the script's were too), with the document's
  language, its title and the note shown without JavaScript in French. The router asks
  `carries_markup()`: once this server has sent a page's HTML with them, the runs leave them
  out; a server started otherwise (`streamlit run`, the tests' AppTest) sends them by every
  run as before.
* **2.7 MB over the room's Wi-Fi, every file read from disk for every phone**
  (tableapp/serving/staticcache.py): Streamlit sends its frontend uncompressed, leaving it to a
  proxy the game night does not have, and reads each file from disk for every phone; Starlette's
  GZipMiddleware compresses it and one cache keeps each answer once sent: a first load takes
  1.1 MB, half of it fonts (compressed already), the next phones get it from memory.

Only a page name made of letters, digits, `-` and `_` (what Streamlit makes of a page's path),
or the root, is rewritten; any other path gets the HTML untouched, and the probe. The settings
lean on Streamlit's internals: when these are missing (another version), `install()` says so
and the app runs as before, probe and style sent by the runs included.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Callable
from functools import cache
from typing import Any

from tableapp.serving import runcost, staticcache
from tableapp.serving.wholeanswer import (
    ASGIApp,
    Headers,
    Message,
    Receive,
    Scope,
    Send,
    changed,
    headers_of,
    past_root,
    without,
)

PAGE_NAME = re.compile(r"[A-Za-z0-9_-]{1,80}")
HOME = ""  # the page name of the root: the home page
# {page} is a PAGE_NAME: nothing in it needs escaping inside a script or a JavaScript string.
ROOT_SCRIPT = ('<script>(() => {{ const page = "/{page}"; '
               'const path = location.pathname.replace(/\\/+$/, ""); '
               "if (path.endsWith(page)) window.__streamlit = Object.assign("
               "window.__streamlit || {{}}, {{BACKEND_BASE_URL: location.origin + "
               "path.slice(0, -page.length) + \"/\"}}); }})();</script>")
TITLE = b"<title>Compagnon de table</title>"
NOSCRIPT = (b"<noscript><p>Le Compagnon de table a besoin de JavaScript : activez-le dans ce "
            b"navigateur.</p></noscript>")

# Set once this server has sent a page's HTML carrying the page's style and scripts.
_MARKUP_SERVED = threading.Event()


def page_name(scope: Scope) -> str | None:
    """The page part of the path asked (past the server's base path), when it is a page name;
    HOME for the root itself."""
    name = past_root(scope).strip("/")
    return name if name == HOME or PAGE_NAME.fullmatch(name) else None


def with_root(html: bytes, page: str) -> bytes:
    """The page's HTML with the line that tells Streamlit's frontend where the root is, first
    in <head>: it must run before the frontend's modules read it."""
    script = ROOT_SCRIPT.format(page=page).encode("ascii")
    return html.replace(b"<head>", b"<head>" + script, 1)


def as_served(html: bytes, page: str, markup: bytes) -> bytes:
    """The HTML of `page` as this app sends it: in French from its first byte (language,
    title, the note shown without JavaScript), where the root is (a deep link: `with_root`),
    and `markup` (the page's style and scripts) last in its body."""
    html = html.replace(b'<html lang="en">', b'<html lang="fr">', 1)
    html = re.sub(rb"<title>[^<]*</title>", TITLE, html, count=1)
    html = re.sub(rb"<noscript>.*?</noscript>", NOSCRIPT, html, count=1, flags=re.DOTALL)
    if page != HOME:
        html = with_root(html, page)
    return html.replace(b"</body>", markup + b"</body>", 1)


@cache
def page_markup() -> bytes:
    """Every page's style and scripts (tableapp/shell.py), built at the first page asked: the
    modules that hold them declare Streamlit caches, which must find the running server."""
    from tableapp import shell  # here (see above); shell never imports this file

    return shell.page_markup().encode("utf-8")


def carries_markup() -> bool:
    """Whether this server sends every page's style and scripts with its HTML (then a script
    run leaves them out)."""
    return _MARKUP_SERVED.is_set()


def as_app_pages(inner: ASGIApp, markup: Callable[[], bytes] = page_markup) -> ASGIApp:
    """Streamlit's static files, the HTML of a page (a 200 to a GET of a page name or of the
    root) rewritten by `as_served`; every other answer passed on as it is."""

    async def app(scope: Scope, receive: Receive, send: Send) -> None:
        page = page_name(scope) if scope.get("type") == "http" else None
        if page is None or scope.get("method") != "GET":
            await inner(scope, receive, send)
            return

        def is_html(start: Message) -> bool:
            return start.get("status") == 200 and headers_of(start).get(
                b"content-type", b"").startswith(b"text/html")

        async def rewrite(start: Message, original: bytes) -> tuple[Headers, bytes]:
            if b"</body>" in original:  # the markup goes in: runs may leave it out
                _MARKUP_SERVED.set()
            # the file's tag no longer names what is sent
            return without(start, b"etag"), as_served(original, page, markup())

        await changed(inner, scope, receive, send, is_html, rewrite)

    return app


def install() -> frozenset[str]:
    """The settings, before the server starts; the names of those in effect."""
    done = {"nodelay"} if runcost.send_at_once() else set()
    try:
        from streamlit.web.server.starlette import starlette_static_routes as static_routes
    except ImportError:
        return frozenset(done)
    factory = getattr(static_routes, "create_streamlit_static_handler", None)
    if factory is None:
        return frozenset(done)
    if not getattr(factory, "as_app_pages", False):
        def create(directory: str, base_url: str | None) -> Any:
            return as_app_pages(staticcache.frontend(factory(directory, base_url)))

        create.as_app_pages = True  # type: ignore[attr-defined]
        static_routes.create_streamlit_static_handler = create
    done.update(("pages", "gzip", "memory"))
    return frozenset(done)
