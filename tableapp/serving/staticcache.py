"""Streamlit's frontend for the room's Wi-Fi and the laptop's CPU (issues 25 and 39): sent
gzipped by Starlette's `GZipMiddleware`, and each answer that never changes kept in one cache,
in the form the browser asked for (gzipped or as it lies on disk).

A phone's first load fetches some 60 to 80 files of Streamlit's frontend, 2.7 MB as they lie on
disk. Streamlit's own server sends them as they are, on purpose: behind a reverse proxy or a
CDN, which compress and cache, compressing at the origin at every request would only cost CPU
(its starlette_gzip_middleware.py says so). At a game night there is no proxy: one laptop,
one Wi-Fi, and every player's phone loading the app within the same minute. The files are the
same for every phone, their names carry a hash of their content and the browser keeps them a
year: each is read and compressed once, at its first request, and the next phones get the
same answer from memory (a first load then takes 1.1 MB, 0.55 MB of it fonts, at a fraction of
the CPU: benchmarks/static_files.py).

- Compressed: the frontend's text files (scripts, style, JSON, SVG) of 1 kB or more, for a
  browser that takes gzip (`accepts_gzip`: « gzip;q=0 » refuses it, a `Range` asks for a part
  of the file as it lies on disk). Fonts and pictures are compressed already
  (GZipMiddleware's own exclusions); a page's HTML is left to tableapp/serving/firstload.py,
  which rewrites it (and to Streamlit's own middleware, outside, which compresses it). A
  gzipped answer's tag is weak: the same file, not the same bytes (a browser's If-None-Match
  still matches: Starlette compares tags without « W/ »).
- Kept: only what Streamlit's server marks `immutable` (a name with its content's hash, never
  a page's HTML), asked by its plain path for the whole file (no `Range`, no `If-…`: those go
  to Streamlit's server, which answers a 304 or a part). Each (path, gzipped or not) once, even
  when many phones ask at the same moment (the first one's answer serves the others); at most
  MAX_KEPT bytes, both forms counted (the whole frontend, both ways, is some 10 MB); past that,
  answers are read and compressed again.

Plain ASGI and Starlette's middleware: `install()` (tableapp/serving/firstload.py) wraps
Streamlit's static files with `frontend`.
"""

from __future__ import annotations

import asyncio
import posixpath
from dataclasses import dataclass, field

from starlette.middleware import gzip as starlette_gzip

from tableapp.serving import wholeanswer as answer
from tableapp.serving.wholeanswer import Message, Scope

STATIC = "/static/"  # where Streamlit's frontend lies, past the server's base path
MIN_SIZE = 1024  # bytes: below, gzip's own header and the request outweigh what it saves
LEVEL = 6  # zlib's default: on Streamlit 1.67's scripts level 9 saves 0.3 % more, in 1.4× the time
# Fonts and pictures (compressed already): GZipMiddleware's own list, since Starlette 1.5 (an
# older one would compress them too: then nothing is, tableapp/serving/internals.py says so);
# a page's HTML goes through firstload's rewrite, which reads it as it lies on disk.
EXCLUDED: tuple[str, ...] | None = getattr(starlette_gzip, "DEFAULT_EXCLUDED_CONTENT_TYPES", None)
NOT_COMPRESSED = None if EXCLUDED is None else (*EXCLUDED, "text/html")
MAX_KEPT = 32 * 1024 * 1024  # bytes kept at most, every file and both ways of sending it
# headers that make a request ask for something else than the whole file as it is now
PARTIAL = (b"range", b"if-none-match", b"if-modified-since", b"if-range", b"if-match",
           b"if-unmodified-since")

Key = tuple[str, bool]  # (path past the server's base path, sent gzipped)
Answer = tuple[Message, bytes]  # (start message, whole body)


def is_static(scope: Scope) -> bool:
    """A GET of one of Streamlit's frontend files (past the server's base path)."""
    return scope.get("type") == "http" and scope.get("method") == "GET" and \
        answer.past_root(scope).startswith(STATIC)


def _header(scope: Scope, name: bytes) -> bytes:
    for key, value in scope.get("headers", []):
        if bytes(key).lower() == name:
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
    « gzip;q=0 » to refuse it, which GZipMiddleware alone would read as a yes) for the whole
    file (a `Range` asks for a part of the file as it lies on disk)."""
    if _header(scope, b"range"):
        return False
    offers = {part.split(b";")[0].strip().lower(): _quality(part)
              for part in _header(scope, b"accept-encoding").split(b",") if part.strip()}
    return offers.get(b"gzip", offers.get(b"*", 0.0)) > 0


def weak(etag: bytes) -> bytes:
    """The file's tag, weak: the gzipped bytes are the same file, not the same bytes."""
    return etag if not etag or etag.startswith(b"W/") else b"W/" + etag


@dataclass
class Kept:
    """The one cache of this server process: each answer kept whole, by path and form."""

    limit: int = MAX_KEPT
    answers: dict[Key, Answer] = field(default_factory=dict)
    size: int = 0
    # the answers being read now: the phones asking the same meanwhile wait for them
    pending: dict[Key, asyncio.Future[Answer | None]] = field(default_factory=dict)

    def keep(self, key: Key, start: Message, body: bytes) -> None:
        if key in self.answers or self.size + len(body) > self.limit:
            return
        headers = answer.without(start, b"content-length", b"transfer-encoding")
        headers.append((b"content-length", str(len(body)).encode("ascii")))
        self.answers[key] = ({**start, "headers": headers}, body)
        self.size += len(body)


def is_whole_file_asked(scope: Scope) -> bool:
    """A GET of one of the frontend's files by its plain path (not « /static//js/./a.js »:
    Streamlit's server judges those), asking for all of it, whatever the browser has."""
    path = answer.past_root(scope)
    return is_static(scope) and path == posixpath.normpath(path) and not any(
        bytes(name).lower() in PARTIAL for name, _value in scope.get("headers", []))


def unchanging(start: Message) -> bool:
    """A whole file that Streamlit's server says never changes (a name with its hash)."""
    headers = answer.headers_of(start)
    return start.get("type") == "http.response.start" and start.get("status") == 200 and \
        b"immutable" in headers.get(b"cache-control", b"")


def whole_body(messages: list[Message]) -> bytes | None:
    """The body these messages sent, when they are a body to its end (not a file sent by path,
    nor an answer cut short)."""
    if not messages or messages[-1].get("more_body") or any(
            m.get("type") != "http.response.body" for m in messages):
        return None
    return b"".join(bytes(m.get("body", b"")) for m in messages)


def whole(inner: answer.ASGIApp) -> answer.ASGIApp:
    """`inner`'s answers of a whole file given on in one piece: GZipMiddleware then compresses
    it at once, off the event loop for a large one, and says its length (a body in parts
    would be compressed part by part on the loop and sent without a length)."""
    async def as_it_is(start: Message, body: bytes) -> tuple[answer.Headers, bytes]:
        return list(start.get("headers", [])), body

    async def app(scope: Scope, receive: answer.Receive, send: answer.Send) -> None:
        await answer.changed(inner, scope, receive, send,
                             lambda start: start.get("status") == 200, as_it_is)

    return app


def compressed(inner: answer.ASGIApp) -> answer.ASGIApp:
    """`inner`'s answers through GZipMiddleware for a browser that takes gzip however it says
    so (`accepts_gzip`; the tag made weak), as they are for any other."""
    if NOT_COMPRESSED is None:
        return inner
    zipping = starlette_gzip.GZipMiddleware(whole(inner), minimum_size=MIN_SIZE,
                                            compresslevel=LEVEL,
                                            exclude_content_types=NOT_COMPRESSED)

    async def app(scope: Scope, receive: answer.Receive, send: answer.Send) -> None:
        if not accepts_gzip(scope):
            await inner(scope, receive, send)
            return

        async def tagged(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = answer.headers_of(message)
                if headers.get(b"content-encoding") == b"gzip" and b"etag" in headers:
                    message = {**message, "headers": answer.without(message, b"etag")
                               + [(b"etag", weak(headers[b"etag"]))]}
            await send(message)

        # GZipMiddleware looks for « gzip » as written: « GZIP;q=0.5 » or « * » say it too
        said = [(k, v) for k, v in scope.get("headers", [])
                if bytes(k).lower() != b"accept-encoding"]
        await zipping({**scope, "headers": [*said, (b"accept-encoding", b"gzip")]}, receive,
                      tagged)

    return app


def frontend(inner: answer.ASGIApp, kept: Kept | None = None) -> answer.ASGIApp:
    """Streamlit's static files (`inner`): its frontend's files compressed (`compressed`) and
    each answer that never changes sent again from memory; every other request passed on as
    it is."""
    store = kept if kept is not None else Kept()
    zipped = compressed(inner)

    async def app(scope: Scope, receive: answer.Receive, send: answer.Send) -> None:
        if not is_static(scope):
            await inner(scope, receive, send)
            return
        if not is_whole_file_asked(scope):
            await zipped(scope, receive, send)
            return
        key = (answer.past_root(scope), accepts_gzip(scope))
        found = store.answers.get(key)
        if found is None and key in store.pending:  # another phone is reading it: wait
            found = await asyncio.shield(store.pending[key])
        if found is not None:
            start, body = found
            await send(dict(start))
            await send({"type": "http.response.body", "body": body})
            return
        await _read(zipped, store, key, scope, receive, send)

    return app


async def _read(zipped: answer.ASGIApp, store: Kept, key: Key, scope: Scope,
                receive: answer.Receive, send: answer.Send) -> None:
    """The answer read and compressed by Streamlit's server and GZipMiddleware, sent, and
    kept when it never changes; the phones that asked meanwhile get it too."""
    sent: list[Message] = []
    kept: Answer | None = None
    pending = store.pending.setdefault(key, asyncio.get_running_loop().create_future())

    async def noted(message: Message) -> None:
        sent.append(message)
        await send(message)

    try:
        await zipped(scope, receive, noted)
        body = whole_body(sent[1:])
        if sent and unchanging(sent[0]) and body is not None:
            store.keep(key, sent[0], body)
            kept = store.answers.get(key)
    finally:
        if store.pending.get(key) is pending:
            del store.pending[key]
        if not pending.done():
            pending.set_result(kept)  # None: each waiting phone reads the file itself
