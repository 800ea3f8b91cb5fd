"""« Revanche »: the setup of a new game with the same players and the same options, seats
rotated one place (the player in seat 1 moves to the last seat, everyone else moves up one).

What belongs to a person follows the person (an Emblèmes family, a Labystère pawn colour);
what belongs to a seat stays with the seat (Camelot's first player is a seat number; Noé's
first dealer, Emblèmes' and ELSEN's first player are whoever now sits where they sat). Chance is
drawn again: Labystère gets a new secret setup map (a new seed). docs/stats.md › Revanche.
"""

from __future__ import annotations

import copy
from typing import Any

from companion.core.errors import UsageError
from companion.core.registry import game_info


def rotated(players: list[str]) -> list[str]:
    return players[1:] + players[:1]


def rematch_setup(game: str, setup: dict[str, Any], seed: int | None = None) -> dict[str, Any]:
    """The new game's setup; `seed` fixes Labystère's new map (tests), else one is drawn."""
    info = game_info(game)
    players = setup.get("players")
    if not isinstance(players, list) or not players:
        raise UsageError("revanche impossible : la partie n'a pas de joueurs")
    new = copy.deepcopy(setup)
    new["players"] = rotated(list(players))
    seat_key = info.seat_name
    if seat_key and setup.get(seat_key) in players:
        new[seat_key] = new["players"][players.index(setup[seat_key])]
    if info.rematch is not None:  # the game's own (Labystère: colours, a new plan)
        info.rematch(setup, new, seed)
    return new


def rematch_seats(seats: dict[int, int], players: int) -> dict[int, int]:
    """{seat: profile} of the old game -> of the rematch (each profile follows its player)."""
    return {(seat - 1) % players: profile for seat, profile in seats.items()}
