"""A phone's first load (tableapp/serving/firstload.py): the HTML of every page is French from
its first byte and carries the app's style and scripts (then the runs leave them out); a page
opened by a deep link tells Streamlit's frontend where the server's root is, so that it does
not probe `/<page>/_stcore/…` first; every other answer of the static files goes through
untouched."""

from __future__ import annotations

import re
import threading
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from browsing import asgi_answer, file_answer
from streamlit.testing.v1 import AppTest

from tableapp import shell
from tableapp.look import a11y
from tableapp.serving import firstload

# Streamlit's index.html, in short: its language, title and note without JavaScript are English
HTML = (b'<!DOCTYPE html><html lang="en"><head><meta charset="UTF-8" /><title>Streamlit'
        b"</title></head><body><noscript><p>You need to enable JavaScript to run this app.</p>"
        b"\n<p>Reading this without a browser?</p></noscript><div id=\"root\"></div></body></html>")
MARKUP = b"<style>.x { color: red; }</style><script>window.x = 1;</script>"
APP = str(Path(__file__).resolve().parent.parent / "streamlit_app.py")


@pytest.fixture(autouse=True)
def none_served_yet(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each test starts from a server that has sent no page yet, and leaves none behind."""
    monkeypatch.setattr(firstload, "_MARKUP_SERVED", threading.Event())


def _scope(path: str, method: str = "GET", root_path: str = "",
           kind: str = "http") -> dict[str, Any]:
    return {"type": kind, "path": path, "root_path": root_path, "method": method}


def _served(scope: dict[str, Any], status: int = 200, content_type: bytes = b"text/html",
            chunks: tuple[bytes, ...] = (HTML[:20], HTML[20:])) -> tuple[dict, bytes]:
    """What the wrapped static files send for `scope`: (start message, whole body)."""
    inner = file_answer(chunks, status, content_type)
    return asgi_answer(firstload.as_app_pages(inner, lambda: MARKUP), scope)


@pytest.mark.parametrize(("path", "root_path", "name"), [
    ("/noe", "", "noe"), ("/noe-controle/", "", "noe-controle"), ("/x/noe", "/x", "noe"),
    ("/", "", ""), ("", "", ""), ("/x", "/x", ""), ("/x/", "/x", ""), ("/a/b", "", None),
    ("/static/js/index.js", "", None), ("/<script>", "", None), ("/é", "", None),
    ("/" + "n" * 81, "", None)])
def test_only_a_page_name_is_taken(path: str, root_path: str, name: str | None) -> None:
    assert firstload.page_name(_scope(path, root_path=root_path)) == name


def test_a_deep_link_page_says_where_the_root_is() -> None:
    start, body = _served(_scope("/noe"))
    assert body.count(b"BACKEND_BASE_URL") == 1 and b'const page = "/noe"' in body
    assert body.index(b"BACKEND_BASE_URL") < body.index(b"</head>")  # before the modules run
    headers = dict(start["headers"])
    assert int(headers[b"content-length"]) == len(body)
    assert b"etag" not in headers  # the file's tag no longer names what is sent
    assert start["status"] == 200


@pytest.mark.parametrize("path", ["/", "/noe", "/elsen-meneur"])
def test_every_page_is_french_and_carries_the_apps_style(path: str) -> None:
    """Language, title and the note shown without JavaScript in French from the first byte;
    the app's markup last in the body, after Streamlit's style (added to the head)."""
    _start, body = _served(_scope(path))
    assert body.startswith(b'<!DOCTYPE html><html lang="fr">')
    assert firstload.TITLE in body and b"Streamlit</title>" not in body
    assert re.search(rb"<noscript>.*</noscript>", body, re.DOTALL).group(0) == firstload.NOSCRIPT
    assert b"You need" not in body and b"Reading this" not in body
    assert body.endswith(b'<div id="root"></div>' + MARKUP + b"</body></html>")
    assert (b"BACKEND_BASE_URL" in body) == (path != "/")  # the root knows where it is


def test_the_runs_leave_the_style_out_once_a_page_carried_it() -> None:
    assert not firstload.carries_markup()
    _served(_scope("/noe"), status=404)
    _served(_scope("/static/js/index.js"), content_type=b"text/javascript")
    assert not firstload.carries_markup()  # nothing that carried it was sent
    _served(_scope("/noe"), chunks=(b"<html><body>no end",))
    assert not firstload.carries_markup()  # no end of body (another frontend): not put in
    _served(_scope("/noe"))
    assert firstload.carries_markup()


@pytest.mark.parametrize("scope", [
    _scope("/noe", method="HEAD"), _scope("/noe", method="POST"),
    _scope("/static/js/index.abc.js"), _scope("/a/b"), _scope("/noe", kind="websocket")])
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
    assert firstload.install() == {"nodelay", "pages", "gzip", "memory"}
    assert firstload.install() == {"nodelay", "pages", "gzip", "memory"}  # once: not wrapped twice
    created = static_routes.create_streamlit_static_handler
    assert created.as_app_pages
    [mount] = static_routes.create_streamlit_static_assets_routes(None)
    markup = shell.page_markup().encode("utf-8")
    start, body = _served_by(mount.app, "/noe")  # Streamlit's own index.html
    assert start["status"] == 200 and b"BACKEND_BASE_URL" in body
    assert b'<html lang="fr">' in body and body.count(markup) == 1
    assert body.index(markup) > body.index(b'<div id="root">')
    assert firstload.carries_markup()
    start, body = _served_by(mount.app, "/")
    assert start["status"] == 200 and b"BACKEND_BASE_URL" not in body and markup in body


def test_the_pages_markup_is_the_shells_whole_style_and_scripts() -> None:
    markup = shell.page_markup()
    for part in (shell.TOUCH_CSS, a11y.A11Y_CSS, a11y.A11Y_SCRIPT, shell.relabel_script()):
        assert markup.count(part) == 1
    assert markup.count("<script>") == 2  # the relabelling and the repairs, nothing else


def test_each_run_sends_the_style_unless_the_pages_html_carries_it() -> None:
    """Served by `streamlit run` (here AppTest), every run sends the style and scripts; once
    this server has sent a page's HTML carrying them, the runs leave them out."""
    def shell_parts(at: AppTest) -> list[str]:
        wanted = {part.strip() for part in (shell.page_style(), shell.relabel_script(),
                                            a11y.A11Y_SCRIPT)}
        return [h.proto.body for h in at.get("html") if h.proto.body.strip() in wanted]

    at = AppTest.from_file(APP, default_timeout=30).run()
    assert not at.exception and len(shell_parts(at)) == 3
    firstload._MARKUP_SERVED.set()  # noqa: SLF001 (a page sent by this server, as above)
    at = AppTest.from_file(APP, default_timeout=30).run()
    assert not at.exception and shell_parts(at) == []
    assert "Nouvelle partie" in [h.value for h in at.header]  # the page itself is all there


def test_companion_app_serves_its_pages_with_their_style(app_server: str) -> None:
    """The app as its users start it (`companion app`, tests/conftest.py)."""
    for path in ("/", "/noe?code=ABC"):
        with urllib.request.urlopen(app_server + path, timeout=10) as answer:
            body = answer.read()
        assert b'<html lang="fr">' in body and shell.page_markup().encode("utf-8") in body


def _served_by(app: Any, path: str) -> tuple[dict, bytes]:
    return asgi_answer(app, {**_scope(path), "headers": [], "query_string": b"",
                             "scheme": "http", "server": ("127.0.0.1", 80)})
