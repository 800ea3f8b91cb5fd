"""« Pile ou face »: a game of a few lines that exists only for the tests. It is the proof of
docs/adding-a-game.md: registered from tests/test_adding_a_game.py (never from the product),
it passes the engine conformance suite, prints a deck and opens its page."""

from __future__ import annotations

from pathlib import Path

from companion.core.gameinfo import ALL, GameInfo, Policy
from pileouface.data import PileOuFaceData

GAME = GameInfo(
    "pileouface", "Pile ou face", str(Path(__file__).with_name("pileouface.yaml")),
    "pileouface.txt", PileOuFaceData,
    package="pileouface",  # outside companion/games: the tests' folder is on sys.path
    public=Policy(default=ALL),  # every toss is seen by the whole table
    print_module="pileouface.printing",
    page="pileouface.page",
)
