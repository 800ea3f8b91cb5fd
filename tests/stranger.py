"""A stranger on the Wi-Fi with a laptop and a script (issue 38, items 2 and 3), against the app
server started as `companion app` starts it: raw sockets that never finish their request,
websockets that say nothing, uploads under ids the server never gave, files too large. Used by
tests/test_hostile_server.py and benchmarks/hostile_server.py.

The stranger connects from another loopback address than the organiser's (127.0.0.2… against
127.0.0.1): to the server, another device. Every helper is bounded in count and in time.
"""

from __future__ import annotations

import asyncio
import http.client
import os
import resource
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from conftest import _free_port, answering, stop
from streamclient import Phone
from streamlit.proto.BackMsg_pb2 import BackMsg
from websockets.asyncio.client import connect

ROOT = Path(__file__).resolve().parent.parent
HEAD = b"GET /_stcore/health HTTP/1.1\r\nHost: table\r\n"  # the blank line never comes
# Streamlit's XSRF check compares a header with a cookie, both the client's: a script sends both
XSRF = "2|00000000|" + "ab" * 16 + "|0"
BOUNDARY = "frontiere"


@dataclass
class Server:
    url: str
    port: int
    pid: int
    log: Path

    def descriptors(self) -> int:
        """File descriptors the server process holds now."""
        return len(os.listdir(f"/proc/{self.pid}/fd"))

    def log_text(self) -> str:
        return self.log.read_text(encoding="utf-8", errors="replace")


@contextmanager
def app_server(db: Path, env: dict[str, str] | None = None, nofile: int | None = None
               ) -> Iterator[Server]:
    """`companion app --local` on a free port with the database `db`, its log in a file beside
    it; `nofile`: its limit of open files (soft and hard, so the start cannot raise it)."""
    port = _free_port()
    log = db.with_name(f"server-{port}.log")
    full_env = dict(os.environ, COMPANION_DB=str(db),
                    COMPANION_PUBLIC_URL=f"http://localhost:{port}", **(env or {}))

    def limited() -> None:
        if nofile is not None:
            resource.setrlimit(resource.RLIMIT_NOFILE, (nofile, nofile))

    with log.open("wb") as out:
        proc = subprocess.Popen(
            [sys.executable, "-m", "companion", "app", "--local", "--port", str(port)],
            cwd=ROOT, env=full_env, stdout=subprocess.DEVNULL, stderr=out,
            preexec_fn=limited)  # noqa: PLW1509  (only setrlimit, before exec)
    url = f"http://127.0.0.1:{port}"
    try:
        if not answering(url, proc):
            raise RuntimeError(f"le serveur n'a pas démarré : {log.read_text()[-2000:]}")
        yield Server(url, port, proc.pid, log)
    finally:
        stop(proc)


def enough_descriptors(wanted: int) -> bool:
    """This process may open `wanted` more files (its soft limit raised to the hard one)."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < hard:
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    return resource.getrlimit(resource.RLIMIT_NOFILE)[0] >= wanted + 256


# --- slow clients ---------------------------------------------------------------------------


def half_open(port: int, count: int, sources: list[str]) -> list[socket.socket]:
    """`count` connections (from each of `sources` in turn) that send a request's first lines
    and never the blank line that ends its head."""
    held: list[socket.socket] = []
    for i in range(count):
        sock = socket.socket()
        sock.settimeout(5)
        sock.bind((sources[i % len(sources)], 0))
        try:
            sock.connect(("127.0.0.1", port))
            sock.sendall(HEAD)
        except OSError:  # refused or reset at once: the server is at its ceiling
            pass
        held.append(sock)
    return held


def closed_by_server(socks: list[socket.socket]) -> int:
    """How many of `socks` the server closed (an answer before the close, a 503, is read)."""
    return sum(_closed(sock) for sock in socks)


def _closed(sock: socket.socket) -> bool:
    sock.setblocking(False)
    try:
        while sock.recv(65536):
            pass
    except BlockingIOError:
        return False
    except OSError:  # reset
        return True
    return True


def close_all(socks: list[Any]) -> None:
    for sock in socks:
        sock.close()


async def silent_websockets(port: int, count: int, source: str) -> list[Any]:
    """`count` websockets to Streamlit's stream, opened as a browser opens them, that never
    send a message."""
    return [await connect(f"ws://127.0.0.1:{port}/_stcore/stream",
                          subprotocols=["streamlit", "PLACEHOLDER_AUTH_TOKEN"],  # type: ignore[list-item]
                          origin=f"http://127.0.0.1:{port}",  # type: ignore[arg-type]
                          local_addr=(source, 0), ping_interval=None, compression=None,
                          open_timeout=10, close_timeout=1)
            for _ in range(count)]


def open_websockets(sockets: list[Any]) -> int:
    return sum(ws.close_code is None for ws in sockets)


async def health_answers(url: str, seconds: float = 10) -> bool:
    """/_stcore/health says « ok » (from this machine: the organiser's), asked again for
    `seconds` as a load balancer's check does (a server sorting a burst of connections may
    ask a newcomer to come back)."""
    port = int(url.rsplit(":", 1)[1])

    def ask() -> bool:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
        try:
            conn.request("GET", "/_stcore/health")
            return conn.getresponse().read() == b"ok"
        except OSError:
            return False
        finally:
            conn.close()

    deadline = time.monotonic() + seconds
    while not await asyncio.to_thread(ask):
        if time.monotonic() > deadline:
            return False
        await asyncio.sleep(0.2)
    return True


# --- uploads ----------------------------------------------------------------------------------


def multipart(data: bytes, name: str = "partie.json") -> bytes:
    """A form holding one file, as the browser's file picker sends it."""
    return (f'--{BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="{name}"'
            f'\r\nContent-Type: application/json\r\n\r\n').encode() + data \
        + f"\r\n--{BOUNDARY}--\r\n".encode()


def put(port: int, path: str, body: bytes = b"", *, source: str, length: int | None = None,
        send_body: bool = True, chunked: bool = False) -> tuple[int, str]:
    """A PUT of `body` to `path` from `source` with a valid XSRF pair; `length`: the size it
    announces (the body's by default); `send_body` False: the answer is read before any byte
    of the body is sent (proof the server did not wait for it). (status, text)."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=20, source_address=(source, 0))
    try:
        conn.putrequest("PUT", path)
        conn.putheader("Content-Type", f"multipart/form-data; boundary={BOUNDARY}")
        if chunked:
            conn.putheader("Transfer-Encoding", "chunked")
        else:
            conn.putheader("Content-Length", str(len(body) if length is None else length))
        conn.putheader("X-Xsrftoken", XSRF)
        conn.putheader("Cookie", f"_streamlit_xsrf={XSRF}")
        conn.endheaders()
        if send_body:
            try:
                conn.send(f"{len(body):x}\r\n".encode() + body + b"\r\n0\r\n\r\n" if chunked
                          else body)
            except OSError:  # the server answered and closed before the end: fine
                pass
        answer = conn.getresponse()
        return answer.status, answer.read().decode("utf-8", "replace")
    finally:
        conn.close()


async def upload_paths(phone: Phone, names: int = 1, wait: float = 10) -> list[str]:
    """Ask the server for upload addresses for `names` files, as a picker does; those given."""
    before = len(phone.file_urls)
    msg = BackMsg()
    msg.file_urls_request.request_id = f"demande-{before}"
    msg.file_urls_request.file_names.extend(f"f{i}.json" for i in range(names))
    msg.file_urls_request.session_id = phone.session_id
    await phone.send(msg)
    deadline = time.monotonic() + wait
    while len(phone.file_urls) == before and time.monotonic() < deadline:
        await asyncio.sleep(0.05)
    if len(phone.file_urls) == before:
        raise TimeoutError("pas de réponse à la demande d'adresses d'envoi")
    return [urls.upload_url for urls in phone.file_urls[-1].file_urls]
