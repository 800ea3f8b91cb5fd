"""Streamlit's frontend for the room (tableapp/serving/staticcache.py): its text files sent
gzipped (by Starlette's GZipMiddleware) to a browser that takes gzip, with a weak tag; every
answer that never changes read and compressed once, then sent from one bounded cache, each form
for its browser; anything else asked of a file, and every other answer, goes through as before."""

from __future__ import annotations

import asyncio
import gzip
import re
import urllib.error
import urllib.request
from typing import Any

import pytest
from browsing import asgi_answer, file_answer, in_own_loop

from tableapp.serving import staticcache

SCRIPT = b"export const greeting = 'bonjour';\n" * 400  # 14 kB of text: compresses well
ETAG = b'"d9c331b1"'
FOREVER = (b"cache-control", b"public, immutable, max-age=31536000")
NO_CACHE = (b"cache-control", b"no-cache")


def _scope(path: str = "/static/js/index.abc.js", method: str = "GET",
           encoding: bytes | None = b"gzip, deflate, br", root_path: str = "",
           more: tuple[tuple[bytes, bytes], ...] = ()) -> dict[str, Any]:
    headers = [(b"host", b"127.0.0.1")] + list(more)
    if encoding is not None:
        headers.append((b"accept-encoding", encoding))
    return {"type": "http", "path": path, "root_path": root_path, "method": method,
            "headers": headers}


class Disk:
    """Streamlit's static files as the cache sees them, counting the answers read from disk."""

    def __init__(self, body: bytes = SCRIPT, status: int = 200,
                 kind: bytes = b"application/javascript", cache: tuple[bytes, bytes] = FOREVER,
                 chunk: int = 4096) -> None:
        self.reads = 0
        parts = [body[i:i + chunk] for i in range(0, len(body), chunk)]
        self.file = file_answer(parts, status, kind, ETAG, more=(cache,))

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        self.reads += 1
        await self.file(scope, receive, send)


def _asked(disk: Disk, kept: staticcache.Kept, scope: dict[str, Any]
           ) -> tuple[int, dict[bytes, bytes], bytes]:
    start, body = asgi_answer(staticcache.frontend(disk, kept), scope)
    return start["status"], dict(start["headers"]), body


def test_a_script_goes_gzipped_then_from_memory() -> None:
    disk, kept = Disk(), staticcache.Kept()
    first = _asked(disk, kept, _scope())
    status, headers, body = first
    assert status == 200 and headers[b"content-encoding"] == b"gzip"
    assert gzip.decompress(body) == SCRIPT and len(body) < len(SCRIPT) / 10
    assert int(headers[b"content-length"]) == len(body)
    assert headers[b"vary"] == b"Accept-Encoding"
    assert headers[b"etag"] == b"W/" + ETAG  # the same file, not the same bytes
    assert headers[b"cache-control"] == FOREVER[1]
    assert _asked(disk, kept, _scope()) == first and disk.reads == 1
    assert kept.size == len(body) and list(kept.answers) == [("/static/js/index.abc.js", True)]


def test_gzipped_and_plain_are_kept_each_for_its_browser() -> None:
    disk, kept = Disk(), staticcache.Kept()
    zipped = _asked(disk, kept, _scope())
    plain = _asked(disk, kept, _scope(encoding=b"identity"))
    assert disk.reads == 2 and plain[2] == SCRIPT and b"content-encoding" not in plain[1]
    assert plain[1][b"etag"] == ETAG
    assert _asked(disk, kept, _scope(encoding=b"identity")) == plain
    assert _asked(disk, kept, _scope()) == zipped and disk.reads == 2
    assert kept.size == len(SCRIPT) + len(zipped[2])  # one cache, both forms counted


def test_read_and_compressed_once_when_many_phones_ask_at_once() -> None:
    """A room loading the app in the same minute: the first phone's answer serves all."""
    disk, kept = Disk(), staticcache.Kept()
    app = staticcache.frontend(disk, kept)

    async def one() -> bytes:
        sent: list[dict[str, Any]] = []

        async def send(message: dict[str, Any]) -> None:
            sent.append(message)
            await asyncio.sleep(0)  # the others ask while this answer is on its way

        async def receive() -> dict[str, Any]:
            await asyncio.sleep(60)
            return {"type": "http.disconnect"}

        await app(_scope(), receive, send)
        return b"".join(m.get("body", b"") for m in sent[1:])

    async def many() -> list[bytes]:
        return list(await asyncio.gather(*(one() for _ in range(20))))

    got = in_own_loop(many())
    assert disk.reads == 1 and {gzip.decompress(g) for g in got} == {SCRIPT}


@pytest.mark.parametrize("offer", [b"gzip", b"GZIP;q=0.5", b"deflate, *", b"br, gzip;q=1.0"])
def test_every_way_of_taking_gzip_is_understood(offer: bytes) -> None:
    _status, headers, body = _asked(Disk(), staticcache.Kept(), _scope(encoding=offer))
    assert headers[b"content-encoding"] == b"gzip" and gzip.decompress(body) == SCRIPT


@pytest.mark.parametrize("scope", [
    _scope(encoding=None),  # a client that does not take gzip
    _scope(encoding=b"br;q=1, identity"),
    _scope(encoding=b"gzip;q=0"),  # GZipMiddleware alone would read a yes
    _scope(encoding=b"gzip;q=0, *"),  # gzip refused by name, whatever else is taken
    _scope(more=((b"range", b"bytes=0-99"),)),  # a part of the file as it lies on disk
    _scope(method="HEAD"),
    _scope(path="/noe"),  # a page's HTML: firstload rewrites it, Streamlit compresses it
    _scope(path="/_stcore/host-config"),
    _scope(path="/favicon.png")])
def test_other_requests_go_through_uncompressed(scope: dict[str, Any]) -> None:
    _status, headers, body = _asked(Disk(), staticcache.Kept(), scope)
    assert body == SCRIPT and b"content-encoding" not in headers and headers[b"etag"] == ETAG


@pytest.mark.parametrize("scope", [
    _scope(more=((b"range", b"bytes=0-99"),)),  # a part of the file
    _scope(more=((b"if-none-match", b'W/"d9c331b1"'),)),  # only if it changed: a 304 to compute
    _scope(more=((b"if-modified-since", b"Fri, 27 Nov 2026 10:00:00 GMT"),)),
    _scope(method="HEAD"),
    _scope(path="/noe"),
    _scope(path="/_stcore/host-config")])
def test_other_requests_are_always_read(scope: dict[str, Any]) -> None:
    disk, kept = Disk(), staticcache.Kept()
    _asked(disk, kept, scope)
    _asked(disk, kept, scope)
    assert disk.reads == 2 and not kept.answers


@pytest.mark.parametrize(("status", "kind", "body"), [
    (304, b"application/javascript", b""),  # not modified: nothing to compress
    (200, b"font/woff2", SCRIPT),  # compressed already (and pictures)
    (200, b"image/png", SCRIPT),
    (200, b"text/css", b"a { color: red; }")])  # too small to gain
def test_other_answers_go_uncompressed(status: int, kind: bytes, body: bytes) -> None:
    _got, headers, sent = _asked(Disk(body, status, kind), staticcache.Kept(), _scope())
    assert sent == body and b"content-encoding" not in headers and headers[b"etag"] == ETAG


@pytest.mark.parametrize("disk", [
    Disk(cache=NO_CACHE),  # Streamlit's HTML for a path it does not know: may change
    Disk(status=404),
    Disk(status=304, body=b"")])
def test_answers_that_may_change_are_never_kept(disk: Disk) -> None:
    kept = staticcache.Kept()
    first = _asked(disk, kept, _scope())
    assert _asked(disk, kept, _scope()) == first
    assert disk.reads == 2 and not kept.answers and not kept.pending


def test_what_is_kept_is_bounded() -> None:
    """Past its limit the server reads and compresses again, keeping nothing more: a hostile
    client asking every file of the frontend fills at most MAX_KEPT bytes."""
    disk, kept = Disk(), staticcache.Kept(limit=100)
    first = _asked(disk, kept, _scope())
    assert first[1][b"content-encoding"] == b"gzip" and gzip.decompress(first[2]) == SCRIPT
    assert _asked(disk, kept, _scope()) == first
    assert disk.reads == 2 and not kept.answers and kept.size == 0


def test_a_path_spelt_otherwise_is_left_to_streamlit() -> None:
    """Only a file's plain path is answered from memory: Streamlit's server judges the others
    (it refuses « .. »), and a client spelling one file many ways keeps nothing more."""
    disk, kept = Disk(), staticcache.Kept()
    _asked(disk, kept, _scope(path="/static/js/a.js"))
    for path in ("/static//js/a.js", "/static/js/./a.js", "/static/css/../js/a.js"):
        _asked(disk, kept, _scope(path=path))
    assert disk.reads == 4 and list(kept.answers) == [("/static/js/a.js", True)]


def test_behind_a_proxys_folder_and_for_style_too() -> None:
    disk, kept = Disk(kind=b"text/css; charset=utf-8"), staticcache.Kept()
    scope = _scope(path="/club/static/css/index.css", root_path="/club")
    _status, headers, body = _asked(disk, kept, scope)
    assert headers[b"content-encoding"] == b"gzip" and gzip.decompress(body) == SCRIPT
    _asked(disk, kept, scope)
    assert disk.reads == 1 and list(kept.answers) == [("/static/css/index.css", True)]


def test_companion_app_sends_its_frontend_gzipped_from_memory(app_server: str) -> None:
    """The app as its users start it: a script asked twice comes gzipped, whole and identical
    (the second from memory), as it lies on disk to a client that does not take gzip, and a
    browser that has it gets « not modified »."""
    with urllib.request.urlopen(app_server + "/", timeout=10) as answer:
        page = answer.read().decode("utf-8")
    script = re.search(r'src="\.?/?(static/js/index\.[^"]+\.js)"', page).group(1)
    asked = urllib.request.Request(f"{app_server}/{script}", headers={"Accept-Encoding": "gzip"})
    answers = []
    for _ in range(2):
        with urllib.request.urlopen(asked, timeout=10) as answer:
            answers.append((answer.headers["Content-Encoding"], answer.headers["ETag"],
                            answer.read()))
    assert answers[0] == answers[1] and answers[0][0] == "gzip"
    with urllib.request.urlopen(f"{app_server}/{script}", timeout=10) as answer:
        assert answer.headers.get("Content-Encoding") is None  # no gzip asked: as it is
        plain = answer.read()
    assert gzip.decompress(answers[0][2]) == plain and len(answers[0][2]) < len(plain) / 2
    conditional = urllib.request.Request(f"{app_server}/{script}",
                                         headers={"Accept-Encoding": "gzip",
                                                  "If-None-Match": answers[0][1]})
    with pytest.raises(urllib.error.HTTPError) as not_modified:
        urllib.request.urlopen(conditional, timeout=10)
    assert not_modified.value.code == 304
