"""A websocket that never speaks is closed (issue 38, item 2; registre TAB-11).

Streamlit opens a session for every websocket to /_stcore/stream as soon as it is accepted, and
keeps it while the connection lives (then another 30 s for a reconnection). A browser asks for
its page at once, in its first message; a script can open websockets and say nothing, each one
a session, a descriptor and memory for as long as it likes. Here a websocket whose client sent
no message within FIRST_WORD_SECONDS of its acceptance is closed (code 1008) and Streamlit is
told it went away. What a session may do once it spoke is the door's business
(tableapp/capacity.py: the ceiling and each address's share of it).

Plain ASGI, in front of Streamlit's app (serving/guard.py).
"""

from __future__ import annotations

import asyncio

from companion.core import settings
from tableapp.serving.wholeanswer import ASGIApp, Message, Receive, Scope, Send

# a browser's first message leaves right after the websocket opens (default 15 s)
FIRST_WORD_SECONDS = settings.first_word_seconds()
SILENT = 1008  # « policy violation »: the code Streamlit itself closes a refused socket with


def closing_the_silent(inner: ASGIApp, seconds: float = FIRST_WORD_SECONDS) -> ASGIApp:
    """`inner` with every websocket closed when its client says nothing within `seconds` of
    its acceptance."""

    async def app(scope: Scope, receive: Receive, send: Send) -> None:
        if scope.get("type") != "websocket":
            await inner(scope, receive, send)
            return
        accepted = asyncio.Event()
        spoke = False
        closed = False

        async def sending(message: Message) -> None:
            nonlocal closed
            if message.get("type") == "websocket.accept":
                accepted.set()
            elif message.get("type") == "websocket.close":
                if closed:
                    return  # we closed it already: Streamlit's own close has nothing to do
                closed = True
            await send(message)

        async def receiving() -> Message:
            nonlocal spoke, closed
            if spoke or not accepted.is_set():
                return await receive()
            try:
                message = await asyncio.wait_for(receive(), seconds)
            except TimeoutError:
                if not closed:
                    closed = True
                    await send({"type": "websocket.close", "code": SILENT,
                                "reason": "aucun message"})
                return {"type": "websocket.disconnect", "code": SILENT}
            if message.get("type") == "websocket.receive":
                spoke = True
            return message

        await inner(scope, receiving, sending)

    return app
