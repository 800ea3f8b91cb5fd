"""This machine as other devices on the network see it (the QR codes, `companion app`)."""

from __future__ import annotations

import ipaddress
import socket

from companion.core import settings

ANY_INTERFACE = ("0.0.0.0", "::", "")  # what a server bound to every interface says


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


def served_url(port: int, bound: str) -> str:
    """Where other devices reach the app server listening on `bound`:`port`, as the server
    itself knows it (registre TAB-10): COMPANION_PUBLIC_URL when set (a proxy, a name), else
    the address it is bound to, this machine's LAN address when it listens on every interface
    (« localhost » without a network), « localhost » when it listens to this machine only
    (`--local`: never an address it does not serve). Never from a request: a visitor's `Host`
    or `X-Forwarded-*` headers would put their own address in the links that carry a secret."""
    configured = settings.public_url()
    if configured:
        return configured
    if is_loopback(bound):
        return f"http://localhost:{port}"
    if bound.strip("[]") not in ANY_INTERFACE:
        name = bound.strip("[]")
        return f"http://{'[' + name + ']' if ':' in name else name}:{port}"
    return f"http://{lan_address() or 'localhost'}:{port}"
