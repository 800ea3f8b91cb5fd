"""Streamlit's frontend gzipped for the room's Wi-Fi (tableapp/serving/staticzip.py): its text files
sent compressed to a browser that takes gzip, each compressed once; everything else as it is."""

from __future__ import annotations

import gzip
import re
import urllib.request
from typing import Any

import pytest
from browsing import asgi_answer, file_answer, in_own_loop

from tableapp.serving import staticzip

SCRIPT = b"export const greeting = 'bonjour';\n" * 400  # 14 kB of text: compresses well
ETAG = b'"d9c331b1"'


def _scope(path: str = "/static/js/index.abc.js", method: str = "GET",
           encoding: bytes | None = b"gzip, deflate, br", root_path: str = "",
           more: tuple[tuple[bytes, bytes], ...] = ()) -> dict[str, Any]:
    headers = [(b"host", b"127.0.0.1")] + list(more)
    if encoding is not None:
        headers.append((b"accept-encoding", encoding))
    return {"type": "http", "path": path, "root_path": root_path, "method": method,
            "headers": headers}


def _served(scope: dict[str, Any], kept: staticzip.Kept, body: bytes = SCRIPT,
            status: int = 200, kind: bytes = b"application/javascript",
            chunk: int = 4096) -> tuple[dict[bytes, bytes], bytes, int]:
    """What the wrapped static files send: (headers, body as sent, status)."""
    parts = [body[i:i + chunk] for i in range(0, len(body), chunk)]
    start, sent = asgi_answer(staticzip.gzipped(file_answer(parts, status, kind, ETAG), kept),
                              scope)
    return dict(start["headers"]), sent, start["status"]


def test_a_script_goes_gzipped_once_and_unchanged() -> None:
    kept = staticzip.Kept()
    headers, body, status = _served(_scope(), kept)
    assert status == 200 and headers[b"content-encoding"] == b"gzip"
    assert gzip.decompress(body) == SCRIPT and len(body) < len(SCRIPT) / 10
    assert int(headers[b"content-length"]) == len(body)
    assert headers[b"vary"] == b"Accept-Encoding"
    assert headers[b"etag"] == b"W/" + ETAG  # the same file, not the same bytes
    assert kept.size == len(body) and len(kept.files) == 1
    again, body_again, _status = _served(_scope(), kept)
    assert body_again == body and len(kept.files) == 1  # kept: not compressed twice


def test_compressed_once_when_many_phones_ask_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """A room loading the app in the same minute: the first phone's compression serves all."""
    import asyncio

    calls: list[int] = []
    real = gzip.compress

    def counted(data: bytes, level: int) -> bytes:
        calls.append(len(data))
        return real(data, level)

    monkeypatch.setattr(staticzip.gzip, "compress", counted)
    kept = staticzip.Kept()

    async def many() -> list[bytes]:
        return list(await asyncio.gather(*(kept.packed(SCRIPT) for _ in range(20))))

    got = in_own_loop(many())
    assert len(calls) == 1 and {gzip.decompress(g) for g in got} == {SCRIPT}


@pytest.mark.parametrize("offer", [b"gzip", b"GZIP;q=0.5", b"deflate, *", b"br, gzip;q=1.0"])
def test_every_way_of_taking_gzip_is_understood(offer: bytes) -> None:
    headers, body, _status = _served(_scope(encoding=offer), staticzip.Kept())
    assert headers[b"content-encoding"] == b"gzip" and gzip.decompress(body) == SCRIPT


@pytest.mark.parametrize("scope", [
    _scope(encoding=None),  # a client that does not take gzip
    _scope(encoding=b"br;q=1, identity"),
    _scope(encoding=b"gzip;q=0"),
    _scope(encoding=b"gzip;q=0, *"),  # gzip refused by name, whatever else is taken
    _scope(more=((b"range", b"bytes=0-99"),)),  # a part of the file as it lies on disk
    _scope(method="HEAD"),
    _scope(path="/noe"),  # a page's HTML: Streamlit's own middleware compresses it
    _scope(path="/_stcore/host-config"),
    _scope(path="/favicon.png")])
def test_other_requests_go_through_untouched(scope: dict[str, Any]) -> None:
    headers, body, status = _served(scope, staticzip.Kept())
    assert body == SCRIPT and b"content-encoding" not in headers and headers[b"etag"] == ETAG


@pytest.mark.parametrize(("status", "kind", "body"), [
    (304, b"application/javascript", b""),  # not modified: nothing to compress
    (404, b"text/plain", SCRIPT),
    (200, b"font/woff2", SCRIPT),  # compressed already (and pictures)
    (200, b"image/png", SCRIPT),
    (200, b"text/css", b"a { color: red; }")])  # too small to gain
def test_other_answers_go_through_untouched(status: int, kind: bytes, body: bytes) -> None:
    kept = staticzip.Kept()
    headers, sent, got = _served(_scope(), kept, body=body, status=status, kind=kind)
    assert sent == body and got == status and b"content-encoding" not in headers
    assert headers[b"etag"] == ETAG and not kept.files


def test_behind_a_proxys_folder_and_for_style_too() -> None:
    headers, body, _status = _served(_scope(path="/club/static/css/index.css",
                                            root_path="/club"),
                                     staticzip.Kept(), kind=b"text/css; charset=utf-8")
    assert headers[b"content-encoding"] == b"gzip" and gzip.decompress(body) == SCRIPT


def test_kept_by_content_not_by_path_or_tag() -> None:
    """A path spelt another way is the same file, compressed once; two files with the same tag
    (Starlette's: modification time and size) each get their own bytes."""
    kept = staticzip.Kept()
    _served(_scope(path="/static/js/a.js"), kept)
    _served(_scope(path="/static/js//a.js"), kept)
    assert len(kept.files) == 1
    other = SCRIPT.replace(b"bonjour", b"bonsoir")  # same size, same tag ETAG below
    _headers, body, _status = _served(_scope(path="/static/js/b.js"), kept, body=other)
    assert gzip.decompress(body) == other and len(kept.files) == 2


def test_what_is_kept_is_bounded() -> None:
    """Past its limit the server still compresses, keeping nothing more (the frontend's files
    are a fixed set; the limit holds whatever a version of Streamlit ships)."""
    kept = staticzip.Kept(limit=100)
    headers, body, _status = _served(_scope(), kept)
    assert headers[b"content-encoding"] == b"gzip" and gzip.decompress(body) == SCRIPT
    assert not kept.files and kept.size == 0


def test_companion_app_sends_streamlits_frontend_gzipped(app_server: str) -> None:
    """The app as its users start it: the page's main script, gzipped and whole."""
    with urllib.request.urlopen(app_server + "/", timeout=10) as answer:
        page = answer.read().decode("utf-8")
    script = re.search(r'src="\.?/?(static/js/index\.[^"]+\.js)"', page).group(1)
    asked = urllib.request.Request(f"{app_server}/{script}",
                                   headers={"Accept-Encoding": "gzip"})
    with urllib.request.urlopen(asked, timeout=10) as answer:
        assert answer.headers["Content-Encoding"] == "gzip"
        packed = answer.read()
    with urllib.request.urlopen(f"{app_server}/{script}", timeout=10) as answer:
        assert answer.headers.get("Content-Encoding") is None  # no gzip asked: as it is
        plain = answer.read()
    assert gzip.decompress(packed) == plain and len(packed) < len(plain) / 2
