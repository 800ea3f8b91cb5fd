"""A Wi-Fi link for the benchmarks: a TCP proxy in front of a server whose downlink (server to
browser) carries at most `rate` bits per second, shared by every connection through it, as a
phone's share of a game night's Wi-Fi is shared by the files it loads. Bandwidth only: no
added latency, no loss (Chrome's own network emulation stalled one cold load in five here,
every request pending, with Streamlit as it ships too)."""

from __future__ import annotations

import asyncio
import socket
import threading


class WifiLink:
    """`WifiLink(port, rate).url(path)`: the server at 127.0.0.1:`port`, through the link."""

    def __init__(self, port: int, rate: float) -> None:
        self.target, self.bytes_per_second = port, rate / 8
        self.free_at = 0.0  # the loop's time when the link has sent what it was given
        self.loop = asyncio.new_event_loop()
        started = threading.Event()
        self.port = 0

        def run() -> None:
            asyncio.set_event_loop(self.loop)
            server = self.loop.run_until_complete(
                asyncio.start_server(self._connect, "127.0.0.1", 0))
            self.port = server.sockets[0].getsockname()[1]
            started.set()
            self.loop.run_forever()

        threading.Thread(target=run, daemon=True, name="wifi-link").start()
        started.wait(10)

    def url(self, path: str = "/") -> str:
        return f"http://127.0.0.1:{self.port}{path}"

    async def _carry(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter,
                     shaped: bool) -> None:
        try:
            while data := await reader.read(16384):
                if shaped:  # each chunk leaves once the link has sent the ones before it
                    now = self.loop.time()
                    self.free_at = max(now, self.free_at) + len(data) / self.bytes_per_second
                    await asyncio.sleep(self.free_at - now)
                writer.write(data)
                await writer.drain()
        except ConnectionError:
            pass
        finally:
            writer.close()

    async def _connect(self, browser_reader: asyncio.StreamReader,
                       browser_writer: asyncio.StreamWriter) -> None:
        server_reader, server_writer = await asyncio.open_connection("127.0.0.1", self.target)
        for writer in (browser_writer, server_writer):  # the link's pace, not Nagle's
            writer.get_extra_info("socket").setsockopt(socket.IPPROTO_TCP,
                                                       socket.TCP_NODELAY, 1)
        await asyncio.gather(self._carry(browser_reader, server_writer, False),
                             self._carry(server_reader, browser_writer, True))
