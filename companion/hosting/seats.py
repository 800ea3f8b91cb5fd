"""Private seat links (issue 25): a per-seat secret that lets one player's own phone read what
belongs to that seat alone (ELSEN: the player's role), as Labystère's private sheet does for
its crossed-out cards (registre TAB-9).

The host makes the links; each holds a random secret of 128 bits (`secrets.token_urlsafe`),
shown once to the host's device and kept on the server only as its SHA-256, beside the game's
other places (companion/hosting/positions.py, name `seats`). Checking a link compares its hash in
constant time with every seat's (`hmac.compare_digest`). Making the links again replaces them
all: an old link then opens nothing. The game code alone never names a seat.
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets

from companion.hosting.positions import Positions

SEATS = "seats"  # the name of the game's seat hashes among its positions
_TOKEN_RE = re.compile(r"^[A-Za-z0-9_-]{22}$")  # token_urlsafe(16)


def _hash(token: str) -> str:
    return hashlib.sha256(token.encode("ascii")).hexdigest()


def is_valid_token(token: str | None) -> bool:
    return bool(token and _TOKEN_RE.match(token))


def issue(positions: Positions, code: str, seats: list[str]) -> dict[str, str]:
    """A fresh secret for each seat (all earlier links of the game stop working); returns
    seat -> token, the only time the tokens exist outside the links."""
    tokens = {seat: secrets.token_urlsafe(16) for seat in seats}
    positions.put(code, SEATS, {seat: _hash(token) for seat, token in tokens.items()})
    return tokens


def seat_of(positions: Positions, code: str, token: str | None) -> str | None:
    """The seat whose link holds `token`, or None (no link made, an old or damaged one)."""
    if not is_valid_token(token):
        return None
    stored = positions.get(code, SEATS)
    if not isinstance(stored, dict):
        return None
    wanted = _hash(str(token))
    found = None
    for seat, digest in stored.items():  # every seat compared: the time says nothing
        if isinstance(digest, str) and hmac.compare_digest(digest, wanted):
            found = str(seat)
    return found


def revoke(positions: Positions, code: str) -> None:
    """Every seat link of the game stops working."""
    positions.put(code, SEATS, {})
