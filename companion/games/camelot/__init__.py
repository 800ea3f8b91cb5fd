"""Camelot (Reiner Knizia's Ivanhoe): data schema, tournament engine and CLI."""

from __future__ import annotations

from companion.core.gameinfo import ALL, NOTHING, GameInfo, LabDefaults, Policy
from companion.games.camelot.data import CamelotData

GAME = GameInfo(
    "camelot", "Camelot", "camelot.yaml", "camelot.txt", CamelotData,
    # Simulation mode records the shuffled deck: knowing it is knowing every hand.
    public=Policy(events={"deal": NOTHING, "reshuffle": NOTHING}, default=ALL),
    lab=LabDefaults(cli_games=200, page_games=60, page_players=(2, 3, 4, 5), run_budget=4000,
                    example="tokens_to_win.4=3"),
    stats="companion.stats.camelot", print_module="print_kit.games.camelot",
    page="tableapp.pages.camelot", cli="companion.games.camelot.cli",
)
