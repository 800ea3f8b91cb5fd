"""Streamlit's frontend, compressed for the room's Wi-Fi (issue 25): `companion app` sends its
JavaScript and style gzipped, each file compressed once per server process.

A phone's first load fetches some 80 files of Streamlit's frontend, 2.7 MB as they lie on
disk. Streamlit's own server sends them as they are, on purpose: behind a reverse proxy or a
CDN, which compress and cache, compressing at the origin at every request would only cost
CPU. At a game night there is no proxy: one laptop, one Wi-Fi, and every player's phone
loading the app within the same minute. The files are the same for every phone, their
names carry a hash of their content and the browser keeps them a year, so each is
compressed once, at its first request, and kept (a first load then takes 1.1 MB, 0.55 MB of
it fonts; some 7 MB would be kept if every file of the frontend were asked). Fonts and
pictures are compressed already: sent as they are, like anything asked by a browser that
does not accept gzip, a part of a file (`Range`), or an answer other than a 200.

Leans on nothing but ASGI (tableapp/serving/wholeanswer.py): `install()`
(tableapp/serving/firstload.py) wraps Streamlit's static files with `gzipped`.
"""

from __future__ import annotations

import asyncio
import gzip
import hashlib

from tableapp.serving import wholeanswer as answer
from tableapp.serving.wholeanswer import Headers, Message, Scope

STATIC = "/static/"  # where Streamlit's frontend lies, past the server's base path
COMPRESSIBLE = frozenset({b"application/javascript", b"text/javascript", b"text/css",
                          b"application/json", b"image/svg+xml", b"text/plain"})
MIN_SIZE = 1024  # bytes: below, gzip's own header and the request outweigh what it saves
LEVEL = 6  # zlib's default: on Streamlit 1.67's scripts level 9 saves 0.3 % more, in 1.4× the time
MAX_KEPT = 64 * 1024 * 1024  # bytes kept compressed at most (the whole frontend: ~7 MB)


def is_static(scope: Scope) -> bool:
    """A GET of one of Streamlit's frontend files (past the server's base path)."""
    return scope.get("type") == "http" and scope.get("method") == "GET" and \
        answer.past_root(scope).startswith(STATIC)


def _header(scope: Scope, name: bytes) -> bytes:
    for key, value in scope.get("headers", []):
        if key.lower() == name:
            return bytes(value)
    return b""


def _quality(part: bytes) -> float:
    """The weight of one offer of Accept-Encoding (« gzip;q=0.5 »), 1 when unsaid."""
    for param in part.split(b";")[1:]:
        name, _, value = param.partition(b"=")
        if name.strip().lower() == b"q":
            try:
                return float(value.strip())
            except ValueError:
                return 0.0
    return 1.0


def accepts_gzip(scope: Scope) -> bool:
    """Whether the browser takes gzip (every browser does; a script may not, and says
    « gzip;q=0 » to refuse it) for the whole file (a `Range` asks for a part of the file as it
    lies on disk)."""
    if _header(scope, b"range"):
        return False
    offers = {part.split(b";")[0].strip().lower(): _quality(part)
              for part in _header(scope, b"accept-encoding").split(b",") if part.strip()}
    weight = offers.get(b"gzip", offers.get(b"*", 0.0))
    return weight > 0


def weak(etag: bytes) -> bytes:
    """The file's tag, weak: the gzipped bytes are the same file, not the same bytes (the
    browser's If-None-Match still matches: Starlette compares tags without « W/ »)."""
    return etag if not etag or etag.startswith(b"W/") else b"W/" + etag


class Kept:
    """The compressed files of this server process: each compressed once, even when many
    phones ask for it at the same moment. Kept by their content's digest, not their path or
    tag: however a file's path is spelt, it is compressed once; two files that Starlette's tag
    (modification time and size) would confuse are not."""

    def __init__(self, limit: int = MAX_KEPT) -> None:
        self.limit = limit
        self.files: dict[bytes, bytes] = {}
        self.size = 0
        self._pending: dict[bytes, asyncio.Future[bytes]] = {}

    async def packed(self, raw: bytes) -> bytes:
        """`raw` gzipped: kept from an earlier answer, or compressed now (off the loop)."""
        key = hashlib.blake2b(raw, digest_size=16).digest()
        found = self.files.get(key)
        if found is not None:
            return found
        pending = self._pending.get(key)
        if pending is None:
            pending = asyncio.ensure_future(asyncio.to_thread(gzip.compress, raw, LEVEL))
            self._pending[key] = pending
            pending.add_done_callback(lambda done: self._keep(key, done))
        return await asyncio.shield(pending)  # a phone that leaves stops no other's answer

    def _keep(self, key: bytes, done: asyncio.Future[bytes]) -> None:
        self._pending.pop(key, None)
        if done.cancelled() or done.exception() is not None:
            return
        packed = done.result()
        if self.size + len(packed) <= self.limit:
            self.files[key] = packed
            self.size += len(packed)


def gzipped(inner: answer.ASGIApp, kept: Kept | None = None) -> answer.ASGIApp:
    """Streamlit's static files, its frontend's text files sent gzipped to a browser that
    takes it; every other answer passed on as it is."""
    store = kept if kept is not None else Kept()

    def compressible(start: Message) -> bool:
        headers = answer.headers_of(start)
        kind = headers.get(b"content-type", b"").split(b";")[0].strip().lower()
        return start.get("status") == 200 and kind in COMPRESSIBLE and \
            b"content-encoding" not in headers

    async def compress(start: Message, raw: bytes) -> tuple[Headers, bytes]:
        headers = answer.without(start, b"etag", b"vary")
        etag = answer.headers_of(start).get(b"etag", b"")
        packed = await store.packed(raw) if len(raw) >= MIN_SIZE else raw
        if len(packed) >= len(raw):  # too small to gain: as it is, with its tag
            return headers + ([(b"etag", etag)] if etag else []), raw
        headers += [(b"content-encoding", b"gzip"), (b"vary", b"Accept-Encoding")]
        return headers + ([(b"etag", weak(etag))] if etag else []), packed

    async def app(scope: Scope, receive: answer.Receive, send: answer.Send) -> None:
        if not is_static(scope) or not accepts_gzip(scope):
            await inner(scope, receive, send)
            return
        await answer.changed(inner, scope, receive, send, compressible, compress)

    return app
