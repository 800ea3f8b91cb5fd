"""Labystère's start: the set-up read and checked (2 to 4 named players in seat order, one pawn
colour each, the plan's seed) and the seed's plan laid as the board.

Apart from engine.py, whose state then changes event by event: this is asked once per game,
before any event, and nothing here is asked again once the game has begun. The tables it reads
from the data are worked out once per data object (`tables_of`): the balance lab starts
thousands of games with one data object.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, NamedTuple

from companion.core.errors import RuleError, UsageError
from companion.games.labystere.board import Board, Stack
from companion.games.labystere.data import LabystereData
from companion.games.labystere.rules import PREP, RULES
from companion.games.labystere.setup import (
    Cell,
    Layout,
    PerData,
    card_components,
    generate,
    labystere_data,
)

PLAYERS = f"{RULES} › en-tête (2 à 4 joueurs)"


class _Tables:
    """What `read_setup` reads from a data object besides the layout, worked out once per data
    object (`PerData`): the pawn colours, each path card's cover and shape, the stacks made."""

    def __init__(self, data: LabystereData) -> None:
        paths = [c for c in card_components(data) if c.group == "chemins"]
        self.colours = [c.id for c in data.colours]
        self.covers = {c.id: str(c.fields["type"]) for c in paths}
        self.shapes = {c.id: str(c.fields["shape"]) for c in paths}
        self.stacks: dict[Cell, Stack] = {}


tables_of = PerData(_Tables)


@dataclass
class Start:
    """A set-up read: the players in seat order, their pawn colours, the plan's seed, the data
    it was read with, the seed's plan and the board laid from it. The engine's state is a
    Start that then changes event by event (engine.py › LabystereState)."""

    players: list[str]
    colours: list[str]
    seed: int
    data: LabystereData
    layout: Layout
    board: Board


class Checked(NamedTuple):
    """A set-up checked, before its board is laid (rules versions 1 and 2 check it alike)."""

    data: LabystereData
    players: list[str]
    colours: list[str]
    seed: int
    layout: Layout


def check_setup(setup: dict[str, Any]) -> Checked:
    """2 to 4 players with distinct names (en-tête), each with a pawn colour of their own, and
    the plan of `seed` (PRÉPARATION; a seed out of range: registre LAB-2). engine_v1.py's
    games are checked here too: these checks are the same in both versions of the rules."""
    data = labystere_data()
    if not isinstance(setup, dict):
        raise RuleError("mise en place : une table {players, colours, seed}", PREP)
    unknown = sorted(set(setup) - {"players", "colours", "seed"})
    if unknown:
        raise RuleError(f"champ inconnu dans la mise en place : {', '.join(unknown)}", PREP)
    players = setup.get("players")
    if not isinstance(players, list) or not all(isinstance(p, str) and p.strip()
                                                for p in players):
        raise RuleError("joueurs : une liste de noms non vides", PLAYERS)
    if not data.players.min <= len(players) <= data.players.max:
        raise RuleError(f"Labystère se joue de {data.players.min} à {data.players.max} "
                        f"joueurs (reçu {len(players)})", PLAYERS)
    if len({p.strip().casefold() for p in players}) != len(players):
        raise RuleError("deux joueurs portent le même nom", PLAYERS)
    colours = setup.get("colours")
    known = tables_of(data).colours
    if not isinstance(colours, list) or len(colours) != len(players):
        raise RuleError("une couleur de pion par joueur", PREP)
    for colour in colours:
        if not isinstance(colour, str) or colour not in known:
            raise RuleError(f"couleur inconnue {colour!r} ; couleurs : {', '.join(known)}",
                            PREP)
    if len(set(colours)) != len(colours):
        raise RuleError("chaque joueur a son propre pion : deux couleurs identiques", PREP)
    seed = setup.get("seed")
    try:
        layout = generate(seed, data)  # type: ignore[arg-type]
    except UsageError as exc:
        raise RuleError(str(exc), "registre LAB-2") from None
    return Checked(data, list(players), list(colours), int(seed), layout)  # type: ignore[arg-type]


def read_setup(setup: dict[str, Any]) -> Start:
    """A set-up checked (`check_setup`) and its board: every path card turned as the plan
    says (PRÉPARATION; registre LAB-4)."""
    data, players, colours, seed, layout = check_setup(setup)
    table = tables_of(data)
    board = Board.from_layout(layout, table.covers, table.shapes, table.stacks)
    return Start(players=players, colours=colours, seed=seed, data=data, layout=layout,
                 board=board)
