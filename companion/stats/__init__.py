"""Players, nights and statistics across the five games, read from the stored logs.

Nothing here is retyped at the table: a game's result and its per-round figures are extracted
from its log by the game's hook (`companion/stats/<game>.py`, one `extract` each, all returning
a `record.GameRecord`), then combined:

- `record`: the one shape of a game's result (places, scores, rounds, per-player figures);
- `figures`: statistics per player and per game over many records;
- `podium`: a night's ranking (wins, or place-based points normalised per game);
- `storage`: player profiles and which profile sat at which seat; `nights`: the soirées
  (both in the event store's database);
- `ownership`: who may change a profile or a soirée, checked in each write (registre TAB-8);
- `report`: a night or a player's history as plain rows (JSON/CSV exports, PDF, CLI).

Definitions and their reasons: docs/stats.md.
"""
