"""This machine as other devices on the network see it (the QR codes, `companion app`)."""

from __future__ import annotations

import ipaddress
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


def is_loopback(address: str) -> bool:
    """True for an address (or host name) that only this machine reaches: 127.0.0.0/8, ::1,
    « localhost ». A server bound to one serves no other device, so no address it shows
    may name the LAN (`companion app --local`)."""
    name = address.strip().strip("[]").lower()
    if name == "localhost" or name.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(name).is_loopback
    except ValueError:
        return False
