"""What a phone's first load of a page costs (issue 25): two settings of the server that
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

Only a page name made of letters, digits, `-` and `_` (what Streamlit makes of a page's path)
is written into the HTML; any other path gets the HTML untouched, and the probe. Both settings
lean on Streamlit's internals: when these are missing (another version), `install()` says so
and the app runs as before, probe included.
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

from tableapp import runcost

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

PAGE_NAME = re.compile(r"[A-Za-z0-9_-]{1,80}")
# {page} is a PAGE_NAME: nothing in it needs escaping inside a script or a JavaScript string.
ROOT_SCRIPT = ('<script>(() => {{ const page = "/{page}"; '
               'const path = location.pathname.replace(/\\/+$/, ""); '
               "if (path.endsWith(page)) window.__streamlit = Object.assign("
               "window.__streamlit || {{}}, {{BACKEND_BASE_URL: location.origin + "
               "path.slice(0, -page.length) + \"/\"}}); }})();</script>")


def page_name(scope: Scope) -> str | None:
    """The page part of the path asked (past the server's base path), when it is a page name."""
    path, root = str(scope.get("path", "")), str(scope.get("root_path", ""))
    if root and path.startswith(root):
        path = path[len(root):]
    name = path.strip("/")
    return name if PAGE_NAME.fullmatch(name) else None


def with_root(html: bytes, page: str) -> bytes:
    """The page's HTML with the line that tells Streamlit's frontend where the root is, first
    in <head>: it must run before the frontend's modules read it."""
    script = ROOT_SCRIPT.format(page=page).encode("ascii")
    return html.replace(b"<head>", b"<head>" + script, 1)


def knowing_root(inner: ASGIApp) -> ASGIApp:
    """Streamlit's static files, the HTML of a page (a 200 to a GET of a page name) rewritten
    by `with_root`; every other answer passed on as it is."""

    async def app(scope: Scope, receive: Receive, send: Send) -> None:
        page = page_name(scope) if scope.get("type") == "http" else None
        if page is None or scope.get("method") != "GET":
            await inner(scope, receive, send)
            return
        held: dict[str, Message] = {}
        body: list[bytes] = []

        async def rewrite(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = dict(message.get("headers", []))
                if message.get("status") == 200 and headers.get(
                        b"content-type", b"").startswith(b"text/html"):
                    held["start"] = message
                    return
            elif "start" in held and message["type"] == "http.response.body":
                body.append(bytes(message.get("body", b"")))
                if message.get("more_body"):
                    return
                html = with_root(b"".join(body), page)
                start = held.pop("start")
                headers = [(key, value) for key, value in start.get("headers", [])
                           if key.lower() not in (b"content-length", b"etag")]
                headers.append((b"content-length", str(len(html)).encode("ascii")))
                await send({**start, "headers": headers})
                await send({"type": "http.response.body", "body": html})
                return
            await send(message)

        await inner(scope, receive, rewrite)

    return app


def install() -> frozenset[str]:
    """Both settings, before the server starts; the names of those in effect."""
    done = {"nodelay"} if runcost.send_at_once() else set()
    try:
        from streamlit.web.server.starlette import starlette_static_routes as static_routes
    except ImportError:
        return frozenset(done)
    factory = getattr(static_routes, "create_streamlit_static_handler", None)
    if factory is None:
        return frozenset(done)
    if not getattr(factory, "knowing_root", False):
        def create(directory: str, base_url: str | None) -> Any:
            return knowing_root(factory(directory, base_url))

        create.knowing_root = True  # type: ignore[attr-defined]
        static_routes.create_streamlit_static_handler = create
    done.add("root")
    return frozenset(done)
