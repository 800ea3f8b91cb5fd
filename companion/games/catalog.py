"""The games as the rest of the code sees them: `GAMES` (id -> GameInfo: the games with a data
file), `SHEETS` (the score sheets without one), `PLAYABLE` (both) and `game_info`, read from
the registry (companion.games.registry), where each game package declares itself."""

from __future__ import annotations

from companion.games.info import GameInfo
from companion.games.registry import GAMES, PLAYABLE, SHEETS, game_info

__all__ = ["GAMES", "PLAYABLE", "SHEETS", "GameInfo", "game_info"]
