"""« Autre jeu » (id `libre`): a score sheet by rounds for any game the table names."""

from __future__ import annotations

from companion.core.gameinfo import ALL, GameInfo, Policy

# No data file, no cards, no rules to check (docs/register/libre.md): an engine, a page and a
# place in the nights and statistics. 1 to 20 players or teams (the engine's MAX_COMPETITORS).
GAME = GameInfo(
    "libre", "Autre jeu", span=(1, 20),
    # A score sheet holds only what the table announced aloud: every round's points.
    public=Policy(default=ALL),
    stats="companion.stats.libre", page="tableapp.pages.libre",
)
