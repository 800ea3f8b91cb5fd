"""A phone's first load (tableapp/firstload.py): the HTML of a page opened by a deep link tells
Streamlit's frontend where the server's root is, so that it does not probe `/<page>/_stcore/…`
first; every other answer of the static files goes through untouched."""

from __future__ import annotations

import asyncio
import re
from typing import Any

import pytest
from browsing import in_own_loop

from tableapp import firstload

HTML = b"<!doctype html><html><head><title>x</title></head><body></body></html>"


def _scope(path: str, method: str = "GET", root_path: str = "",
           kind: str = "http") -> dict[str, Any]:
    return {"type": kind, "path": path, "root_path": root_path, "method": method}


def _served(scope: dict[str, Any], status: int = 200, content_type: bytes = b"text/html",
            chunks: tuple[bytes, ...] = (HTML[:20], HTML[20:])) -> tuple[dict, bytes]:
    """What the wrapped static files send for `scope`: (start message, whole body)."""
    async def inner(scope: Any, receive: Any, send: Any) -> None:
        body = b"".join(chunks)
        await send({"type": "http.response.start", "status": status,
                    "headers": [(b"content-type", content_type),
                                (b"content-length", str(len(body)).encode()),
                                (b"etag", b'"abc"')]})
        for index, chunk in enumerate(chunks):
            await send({"type": "http.response.body", "body": chunk,
                        "more_body": index < len(chunks) - 1})

    sent: list[dict[str, Any]] = []

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    async def receive() -> dict[str, Any]:
        return {"type": "http.request"}

    in_own_loop(firstload.knowing_root(inner)(scope, receive, send))
    return sent[0], b"".join(m.get("body", b"") for m in sent[1:])


@pytest.mark.parametrize(("path", "root_path", "name"), [
    ("/noe", "", "noe"), ("/noe-controle/", "", "noe-controle"), ("/x/noe", "/x", "noe"),
    ("/", "", None), ("", "", None), ("/x", "/x", None), ("/a/b", "", None),
    ("/static/js/index.js", "", None), ("/<script>", "", None), ("/é", "", None),
    ("/" + "n" * 81, "", None)])
def test_only_a_page_name_is_taken(path: str, root_path: str, name: str | None) -> None:
    assert firstload.page_name(_scope(path, root_path=root_path)) == name


def test_a_deep_link_page_says_where_the_root_is() -> None:
    start, body = _served(_scope("/noe"))
    assert body.startswith(b"<!doctype html><html><head><script>")
    assert body.count(b"BACKEND_BASE_URL") == 1 and b'const page = "/noe"' in body
    assert body.endswith(HTML[len(b"<!doctype html><html><head>"):])
    headers = dict(start["headers"])
    assert int(headers[b"content-length"]) == len(body)
    assert b"etag" not in headers  # the file's tag no longer names what is sent
    assert start["status"] == 200


@pytest.mark.parametrize("scope", [
    _scope("/"), _scope("/noe", method="HEAD"), _scope("/noe", method="POST"),
    _scope("/static/js/index.abc.js"), _scope("/a/b")])
def test_other_answers_go_through_untouched(scope: dict[str, Any]) -> None:
    start, body = _served(scope)
    assert body == HTML and dict(start["headers"])[b"etag"] == b'"abc"'


def test_not_html_or_not_found_goes_through_untouched() -> None:
    for status, kind in ((304, b"text/html"), (404, b"text/html"), (200, b"text/javascript")):
        start, body = _served(_scope("/noe"), status=status, content_type=kind)
        assert body == HTML and start["status"] == status


def test_the_script_finds_the_root_behind_a_proxys_folder() -> None:
    """The line the browser runs, read as JavaScript would: the root is the address without
    the page, whatever folder a proxy put before it."""
    script = firstload.ROOT_SCRIPT.format(page="noe")
    page = re.search(r'const page = "([^"]+)"', script).group(1)
    for pathname, root in (("/noe", "/"), ("/noe/", "/"), ("/club/noe", "/club/")):
        path = pathname.rstrip("/")
        assert path.endswith(page)
        assert path[:-len(page)] + "/" == root


def test_installed_into_streamlits_static_files(monkeypatch: pytest.MonkeyPatch) -> None:
    from streamlit.web.server.starlette import starlette_static_routes as static_routes

    monkeypatch.setattr(static_routes, "create_streamlit_static_handler",
                        static_routes.create_streamlit_static_handler)
    assert firstload.install() == {"nodelay", "root"}
    assert firstload.install() == {"nodelay", "root"}  # once: not wrapped twice
    created = static_routes.create_streamlit_static_handler
    assert created.knowing_root
    [mount] = static_routes.create_streamlit_static_assets_routes(None)
    start, body = _served_by(mount.app, "/noe")
    assert start["status"] == 200 and b"BACKEND_BASE_URL" in body
    start, body = _served_by(mount.app, "/")
    assert start["status"] == 200 and b"BACKEND_BASE_URL" not in body


def _served_by(app: Any, path: str) -> tuple[dict, bytes]:
    sent: list[dict[str, Any]] = []

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    async def receive() -> dict[str, Any]:  # the browser stays until the answer is sent
        await asyncio.sleep(60)
        return {"type": "http.disconnect"}

    scope = {**_scope(path), "headers": [], "query_string": b"", "scheme": "http",
             "server": ("127.0.0.1", 80)}
    in_own_loop(app(scope, receive, send))
    return sent[0], b"".join(m.get("body", b"") for m in sent[1:])
