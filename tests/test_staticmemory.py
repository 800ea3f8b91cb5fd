"""Streamlit's frontend answered from memory (tableapp/serving/staticmemory.py): a file that never
changes is read once per server process, every later phone gets the same answer from memory;
anything else asked of a file, and every other answer, goes through as before."""

from __future__ import annotations

import gzip
import re
import urllib.error
import urllib.request
from typing import Any

import pytest
from browsing import asgi_answer, file_answer

from tableapp.serving import staticmemory, staticzip

SCRIPT = b"export const greeting = 'bonjour';\n" * 400
FOREVER = (b"cache-control", b"public, immutable, max-age=31536000")
NO_CACHE = (b"cache-control", b"no-cache")


def _scope(path: str = "/static/js/index.abc.js", method: str = "GET",
           more: tuple[tuple[bytes, bytes], ...] = (), root_path: str = "",
           encoding: bytes = b"gzip, deflate") -> dict[str, Any]:
    return {"type": "http", "path": path, "root_path": root_path, "method": method,
            "headers": [(b"host", b"127.0.0.1"), (b"accept-encoding", encoding), *more]}


class Disk:
    """Streamlit's static files as the wrapper sees them (gzipped inside, as `companion app`
    wraps them), counting how many answers were read from disk."""

    def __init__(self, status: int = 200, cache: tuple[bytes, bytes] = FOREVER,
                 kind: bytes = b"application/javascript") -> None:
        self.reads = 0
        self.file = file_answer([SCRIPT[:5000], SCRIPT[5000:]], status, kind, b'"t1"',
                                more=(cache,))
        self.zipped = staticzip.gzipped(self.read, staticzip.Kept())

    async def read(self, scope: Any, receive: Any, send: Any) -> None:
        self.reads += 1
        await self.file(scope, receive, send)


def _asked(disk: Disk, kept: staticmemory.Kept, scope: dict[str, Any]
           ) -> tuple[int, dict[bytes, bytes], bytes]:
    start, body = asgi_answer(staticmemory.remembered(disk.zipped, kept), scope)
    return start["status"], dict(start["headers"]), body


def test_a_file_is_read_once_then_answered_from_memory() -> None:
    disk, kept = Disk(), staticmemory.Kept()
    first = _asked(disk, kept, _scope())
    again = _asked(disk, kept, _scope())
    assert disk.reads == 1 and again == first
    status, headers, body = again
    assert status == 200 and headers[b"content-encoding"] == b"gzip"
    assert gzip.decompress(body) == SCRIPT and int(headers[b"content-length"]) == len(body)
    assert headers[b"cache-control"] == FOREVER[1]
    assert kept.size == len(body)


def test_gzipped_and_plain_are_kept_each_for_its_browser() -> None:
    disk, kept = Disk(), staticmemory.Kept()
    zipped = _asked(disk, kept, _scope())
    plain = _asked(disk, kept, _scope(encoding=b"identity"))
    assert disk.reads == 2 and plain[2] == SCRIPT and b"content-encoding" not in plain[1]
    assert _asked(disk, kept, _scope(encoding=b"identity")) == plain
    assert _asked(disk, kept, _scope()) == zipped and disk.reads == 2


@pytest.mark.parametrize("scope", [
    _scope(more=((b"range", b"bytes=0-99"),)),  # a part of the file
    _scope(more=((b"if-none-match", b'W/"t1"'),)),  # only if it changed: a 304 to compute
    _scope(more=((b"if-modified-since", b"Fri, 27 Nov 2026 10:00:00 GMT"),)),
    _scope(method="HEAD"),
    _scope(path="/noe"),  # a page's HTML (tableapp/serving/firstload.py rewrites it)
    _scope(path="/_stcore/host-config")])
def test_other_requests_are_always_read(scope: dict[str, Any]) -> None:
    disk, kept = Disk(), staticmemory.Kept()
    _asked(disk, kept, scope)
    _asked(disk, kept, scope)
    assert disk.reads == 2 and not kept.answers


@pytest.mark.parametrize("disk", [
    Disk(cache=NO_CACHE),  # Streamlit's HTML for a path it does not know: may change
    Disk(status=404, cache=FOREVER),
    Disk(status=304, cache=FOREVER)])
def test_answers_that_may_change_are_never_kept(disk: Disk) -> None:
    kept = staticmemory.Kept()
    first = _asked(disk, kept, _scope())
    assert _asked(disk, kept, _scope()) == first
    assert disk.reads == 2 and not kept.answers


def test_what_is_kept_is_bounded() -> None:
    """Past its limit the server reads from disk again: a hostile client asking every file of
    the frontend fills at most MAX_KEPT bytes."""
    disk, kept = Disk(), staticmemory.Kept(limit=100)
    first = _asked(disk, kept, _scope())
    assert _asked(disk, kept, _scope()) == first
    assert disk.reads == 2 and not kept.answers and kept.size == 0


def test_a_path_spelt_otherwise_is_left_to_streamlit() -> None:
    """Only a file's plain path is answered from memory: Streamlit's server judges the others
    (it refuses « .. »), and a client spelling one file many ways keeps nothing more."""
    disk, kept = Disk(), staticmemory.Kept()
    _asked(disk, kept, _scope(path="/static/js/a.js"))
    for path in ("/static//js/a.js", "/static/js/./a.js", "/static/css/../js/a.js"):
        _asked(disk, kept, _scope(path=path))
    assert disk.reads == 4 and list(kept.answers) == [("/static/js/a.js", True)]


def test_behind_a_proxys_folder() -> None:
    disk, kept = Disk(), staticmemory.Kept()
    _asked(disk, kept, _scope(path="/club/static/js/index.abc.js", root_path="/club"))
    _asked(disk, kept, _scope(path="/club/static/js/index.abc.js", root_path="/club"))
    assert disk.reads == 1 and list(kept.answers) == [("/static/js/index.abc.js", True)]


def test_companion_app_answers_the_same_file_the_same_way(app_server: str) -> None:
    """The app as its users start it: a script asked twice comes whole and identical (the
    second from memory), and a browser that has it still gets « not modified »."""
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
        assert gzip.decompress(answers[0][2]) == answer.read()  # the file as it lies on disk
    tag = answers[0][1]
    conditional = urllib.request.Request(f"{app_server}/{script}",
                                         headers={"Accept-Encoding": "gzip",
                                                  "If-None-Match": tag})
    with pytest.raises(urllib.error.HTTPError) as not_modified:
        urllib.request.urlopen(conditional, timeout=10)
    assert not_modified.value.code == 304
