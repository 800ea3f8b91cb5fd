"""Who a visitor is to the server, and its share (issue 38, registre TAB-11): one key per
client address, and what one address may hold of the session ceiling and of the connections.

A phone on the game's Wi-Fi has an address of its own, so a stranger's laptop is one key however
many tabs or scripts it opens. An IPv6 device may use any address of its /64 (privacy addresses
change by the hour, and a script can pick a new one per connection): its key is the /64. An
IPv4 address written in IPv6 (`::ffff:192.0.2.7`, a server listening on `::`) is the IPv4 one.
This machine itself (no address: Streamlit gives none for 127.0.0.1 and ::1) is one key too.

Plain Python: the app's door (tableapp/capacity.py), the connections' (serving/connections.py)
and the uploads' (serving/uploads.py) use the same key.
"""

from __future__ import annotations

import ipaddress

THIS_MACHINE = ""  # the key of a session without an address (127.0.0.1, ::1, tests)
SHARE_DIVISOR = 10  # one address holds at most a tenth of the session ceiling…
SMALL_SHARE = 4  # …and at least this many sessions (or the whole ceiling when it is smaller)
CONNECTIONS_PER_SESSION = 2  # a tab's websocket and a reload's, beside…
PAGE_LOAD = 16  # …the connections one page load opens (six per host in a browser, a few tabs)


def client_key(address: str | None) -> str:
    """The key of the client at `address` (an IP address as the server saw it)."""
    if not address:
        return THIS_MACHINE
    try:
        ip = ipaddress.ip_address(address.strip().strip("[]").split("%", 1)[0])
    except ValueError:
        return address  # not an IP address (a Unix socket's path): itself
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        if not ip.is_loopback:
            return str(ipaddress.IPv6Network((ip, 64), strict=False))
    return str(ip)


def session_share(ceiling: int) -> int:
    """The sessions one address may hold when the process admits `ceiling`: a tenth of it, at
    least SMALL_SHARE (never more than the ceiling)."""
    return max(min(ceiling, SMALL_SHARE), ceiling // SHARE_DIVISOR)


def connection_share(ceiling: int, cap: int) -> int:
    """The connections one address may hold open at once, under the process's `cap`."""
    return min(cap, CONNECTIONS_PER_SESSION * session_share(ceiling) + PAGE_LOAD)
