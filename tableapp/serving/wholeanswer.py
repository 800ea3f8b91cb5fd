"""An answer of Streamlit's static files, held until its body is whole, then sent changed: the
one way `companion app` rewrites what Streamlit's server sends (tableapp/serving/firstload.py:
a page's HTML), and the ASGI types and header helpers of tableapp/serving/staticcache.py. Plain
ASGI, nothing of Streamlit."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]
Headers = list[tuple[bytes, bytes]]
# (the answer's start message, its whole body) -> (headers to send, body to send)
Change = Callable[[Message, bytes], Awaitable[tuple[Headers, bytes]]]


def past_root(scope: Scope) -> str:
    """The path asked, past the server's base path (a proxy's folder)."""
    path, root = str(scope.get("path", "")), str(scope.get("root_path", ""))
    return path[len(root):] if root and path.startswith(root) else path


def headers_of(start: Message) -> dict[bytes, bytes]:
    """An answer's headers by their names (lower case, as ASGI servers give them)."""
    return {bytes(key).lower(): bytes(value) for key, value in start.get("headers", [])}


def without(start: Message, *names: bytes) -> Headers:
    """An answer's headers but `names` (lower case)."""
    return [(key, value) for key, value in start.get("headers", [])
            if bytes(key).lower() not in names]


async def changed(inner: ASGIApp, scope: Scope, receive: Receive, send: Send,
                  wanted: Callable[[Message], bool], change: Change) -> None:
    """Run `inner`: an answer whose start message `wanted` accepts is held until its body is
    whole, then sent as `change` makes it (its length counted anew); any other answer, or a
    held one that goes on otherwise than by its body (a file sent by path), passes as it is."""
    held: list[Message] = []
    body: list[bytes] = []

    async def hold(message: Message) -> None:
        if message["type"] == "http.response.start" and wanted(message):
            held.append(message)
            return
        if held and message["type"] == "http.response.body":
            body.append(bytes(message.get("body", b"")))
            if message.get("more_body"):
                return
            start = held.pop()
            headers, whole = await change(start, b"".join(body))
            headers = [(k, v) for k, v in headers if bytes(k).lower() != b"content-length"]
            headers.append((b"content-length", str(len(whole)).encode("ascii")))
            await send({**start, "headers": headers})
            await send({"type": "http.response.body", "body": whole})
            return
        if held:
            await send(held.pop())
        await send(message)

    await inner(scope, receive, hold)
