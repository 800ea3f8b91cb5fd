"""The games as the rest of the code sees them: `GAMES` (id -> GameInfo) and `game_info`, read
from the registry (companion.games.registry), where each game package declares itself."""

from __future__ import annotations

from companion.games.info import GameInfo
from companion.games.registry import GAMES, game_info

__all__ = ["GAMES", "GameInfo", "game_info"]
