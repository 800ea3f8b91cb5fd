"""Streamlit's frontend answered from memory (issue 25): each of its files is read from disk
once per server process, then every phone that asks for it gets the answer as it was sent the
first time.

A phone's first load asks for some 80 files of the frontend. Starlette answers each one from
disk: the file is looked up, opened, measured and read in worker threads, several hops from
the event loop and back, for bytes that never change while the server runs. That cost about
0.25 s of the server's CPU for each phone's first load of a game page, on the laptop
that also runs every table's games, when the whole room opens the app within a minute
(measured by `benchmarks/phone_pages.py`). Answered from memory, it is half that.

Only what Streamlit's server marks `immutable` is kept: the files whose name carries a hash
of their content (never a page's HTML, nor the HTML it sends for a path it does not know).
Each is kept as the browser asked for it, gzipped or not (tableapp/serving/staticzip.py compresses);
a request that asks something else of the file (only a part of it, or only if it changed
since a date or tag) goes to Streamlit's server as before. At most MAX_KEPT bytes are kept
(the whole frontend, both ways, is some 10 MB), each under its plain path only; past that,
answers are read from disk.

Plain ASGI: `install()` (tableapp/serving/firstload.py) wraps Streamlit's static files with
`remembered`.
"""

from __future__ import annotations

import posixpath
from dataclasses import dataclass, field

from tableapp.serving import staticzip
from tableapp.serving import wholeanswer as answer
from tableapp.serving.wholeanswer import Message, Scope

MAX_KEPT = 32 * 1024 * 1024  # bytes kept at most, every file and both ways of sending it
# headers that make a request ask for something else than the whole file as it is now
PARTIAL = (b"range", b"if-none-match", b"if-modified-since", b"if-range", b"if-match",
           b"if-unmodified-since")

Key = tuple[str, bool]  # (path past the server's base path, sent gzipped)


@dataclass
class Kept:
    """The answers of this server process: start message and whole body, by path and way."""

    limit: int = MAX_KEPT
    answers: dict[Key, tuple[Message, bytes]] = field(default_factory=dict)
    size: int = 0

    def keep(self, key: Key, start: Message, body: bytes) -> None:
        if key in self.answers or self.size + len(body) > self.limit:
            return
        self.answers[key] = (start, body)
        self.size += len(body)


def is_whole_file_asked(scope: Scope) -> bool:
    """A GET of one of the frontend's files by its plain path (not « /static//js/./a.js »:
    Streamlit's server judges those), asking for all of it, whatever the browser has."""
    path = answer.past_root(scope)
    return staticzip.is_static(scope) and path == posixpath.normpath(path) and not any(
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


def remembered(inner: answer.ASGIApp, kept: Kept | None = None) -> answer.ASGIApp:
    """Streamlit's static files (gzipped by tableapp/serving/staticzip.py, inside), each answer
    that never changes kept after it was first sent and sent again from memory; every other
    request and answer passed on as it is."""
    store = kept if kept is not None else Kept()

    async def app(scope: Scope, receive: answer.Receive, send: answer.Send) -> None:
        if not is_whole_file_asked(scope):
            await inner(scope, receive, send)
            return
        key = (answer.past_root(scope), staticzip.accepts_gzip(scope))
        found = store.answers.get(key)
        if found is not None:
            start, body = found
            await send(dict(start))
            await send({"type": "http.response.body", "body": body})
            return
        sent: list[Message] = []

        async def noted(message: Message) -> None:
            sent.append(message)
            await send(message)

        await inner(scope, receive, noted)
        body = whole_body(sent[1:])
        if sent and unchanging(sent[0]) and body is not None:
            store.keep(key, sent[0], body)

    return app
