"""This machine as other devices on the network see it (the QR codes, `companion app`)."""

from __future__ import annotations

import socket


def lan_address() -> str | None:
    """This machine's address on the local network. A UDP « connect » only picks the route:
    no packet is sent, so it works offline; None when there is no network at all."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("192.0.2.1", 9))  # TEST-NET-1: never routed anywhere for real
            address: str = probe.getsockname()[0]
    except OSError:
        return None
    return None if address.startswith("127.") else address
