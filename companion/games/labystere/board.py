"""The maze as the engine sees it: stacks on a grid, path shapes turned by the plan, which
neighbours join, and the walks a die allows. Pure geometry, no rules state (engine.py has that).

Cells are named like a map: rows A..E from the top, columns 1..5 from the left ("A1" is the
top-left cell). A path card's shape opens some sides at rotation 0 (SHAPE_SIDES) and is turned
clockwise by quarter turns (registre LAB-4). Départ and Arrivée carry no path card: they open on
every side (registre LAB-12).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache

from companion.games.labystere.setup import Layout, Pos

SIDES = "NESW"
STEP = {"N": (-1, 0), "E": (0, 1), "S": (1, 0), "W": (0, -1)}
OPPOSITE = {"N": "S", "E": "W", "S": "N", "W": "E"}
# Open sides of each shape before turning (a house default, docs/data.md LAB-D2).
SHAPE_SIDES = {"droit": "NS", "virage": "NE", "t": "NES", "croix": "NESW"}
# Box-drawing glyph of a set of open sides, for the text board and the app.
GLYPHS = {"NS": "│", "EW": "─", "NE": "└", "ES": "┌", "SW": "┐", "NW": "┘", "NES": "├",
          "ESW": "┬", "NSW": "┤", "NEW": "┴", "NESW": "┼", "": "·"}
ROW_NAMES = "ABCDEFGHIJ"
_CELL_RE = re.compile(r"^([A-J])([1-9]|10)$")


@cache  # asked for every path card at every step of every walk; few shapes, four rotations
def turn(sides: str, rotation: int) -> str:
    """`sides` turned clockwise by `rotation` quarter turns, in N E S W order."""
    turned = {SIDES[(SIDES.index(s) + rotation) % 4] for s in sides}
    return "".join(s for s in SIDES if s in turned)


def cell_name(pos: Pos) -> str:
    return f"{ROW_NAMES[pos[0]]}{pos[1] + 1}"


def parse_cell(name: object, rows: int, cols: int) -> Pos | None:
    """"B3" -> (1, 2); None for anything that is not a cell of the grid."""
    if not isinstance(name, str):
        return None
    match = _CELL_RE.match(name.strip().upper())
    if not match:
        return None
    pos = (ROW_NAMES.index(match.group(1)), int(match.group(2)) - 1)
    return pos if pos[0] < rows and pos[1] < cols else None


@cache  # the grid's neighbours, computed once per size instead of at every step of a walk
def _around(rows: int, cols: int) -> dict[Pos, dict[str, Pos | None]]:
    def neighbour(r: int, c: int) -> Pos | None:
        return (r, c) if 0 <= r < rows and 0 <= c < cols else None
    return {(r, c): {side: neighbour(r + STEP[side][0], c + STEP[side][1]) for side in SIDES}
            for r in range(rows) for c in range(cols)}


@dataclass(frozen=True)
class Stack:
    """What lies on one cell: the face-down Action card (or face-up Départ/Arrivée) and the path
    card covering it, with its shape and rotation. `cover` is the path card's type: lieu, temoin,
    chemin, or "" on Départ and Arrivée."""

    action: str
    kind: str  # the card underneath: depart, arrivee, drapeau, suspect, action
    path: str | None
    cover: str
    shape: str
    rotation: int

    @property
    def sides(self) -> str:
        if self.path is None:
            return SIDES  # registre LAB-12: Départ and Arrivée join every neighbouring path
        return turn(SHAPE_SIDES[self.shape], self.rotation)

    @property
    def glyph(self) -> str:
        return GLYPHS[self.sides]

    @property
    def plain_path(self) -> bool:
        """An « empty path »: a plain path card, the only stacks that may be swapped."""
        return self.cover == "chemin"


class Board:
    """The grid of stacks of one game; only `swap` changes it (a move changes pawns, not the
    board)."""

    def __init__(self, stacks: dict[Pos, Stack], rows: int, cols: int) -> None:
        self.stacks = stacks
        self.rows = rows
        self.cols = cols

    @classmethod
    def from_layout(cls, layout: Layout, covers: dict[str, str], shapes: dict[str, str],
                    ) -> Board:
        """`covers`: path card id -> lieu/temoin/chemin; `shapes`: path card id -> shape."""
        stacks = {pos: Stack(cell.action, cell.kind, cell.path,
                             covers.get(cell.path, "") if cell.path else "",
                             shapes.get(cell.path, "") if cell.path else "", cell.rotation)
                  for pos, cell in layout.cells()}
        return cls(stacks, len(layout.rows), len(layout.rows[0]))

    def copy(self) -> Board:
        return Board(dict(self.stacks), self.rows, self.cols)

    def __getitem__(self, pos: Pos) -> Stack:
        return self.stacks[pos]

    def cells(self) -> Iterator[tuple[Pos, Stack]]:
        for r in range(self.rows):
            for c in range(self.cols):
                yield (r, c), self.stacks[(r, c)]

    def find(self, kind: str) -> Pos:
        return next(pos for pos, stack in self.stacks.items() if stack.kind == kind)

    def on_edge(self, pos: Pos) -> bool:
        """A card on a side or in a corner of the grid (DÉROULEMENT: « un coin ou un côté »)."""
        return pos[0] in (0, self.rows - 1) or pos[1] in (0, self.cols - 1)

    def neighbour(self, pos: Pos, side: str) -> Pos | None:
        r, c = pos[0] + STEP[side][0], pos[1] + STEP[side][1]
        return (r, c) if 0 <= r < self.rows and 0 <= c < self.cols else None

    def joined(self, a: Pos, b: Pos) -> bool:
        """Two orthogonal neighbours whose paths meet: a opens towards b and b towards a."""
        for side in SIDES:
            if self.neighbour(a, side) == b:
                return side in self.stacks[a].sides and OPPOSITE[side] in self.stacks[b].sides
        return False

    def exits(self, pos: Pos) -> list[Pos]:
        out = []
        around = _around(self.rows, self.cols)[pos]
        for side in self.stacks[pos].sides:
            other = around[side]
            if other is not None and OPPOSITE[side] in self.stacks[other].sides:
                out.append(other)
        return out

    def swapped(self, a: Pos, b: Pos) -> Board:
        """A copy with the stacks of a and b exchanged as they lie (registre LAB-13)."""
        board = self.copy()
        board.stacks[a], board.stacks[b] = self.stacks[b], self.stacks[a]
        return board

    def walks(self, start: Pos, steps: int) -> dict[Pos, list[Pos]]:
        """Every cell a pawn on `start` can end on after exactly `steps` steps, with one walk
        to it (the cells entered, in order). A step goes to a joined neighbour; going straight
        back to the cell just left is allowed only from an edge card (registre LAB-14)."""
        # frontier: (cell, cell just left) -> one walk reaching that state
        frontier: dict[tuple[Pos, Pos | None], list[Pos]] = {(start, None): []}
        for _ in range(steps):
            following: dict[tuple[Pos, Pos | None], list[Pos]] = {}
            for (here, came_from), walk in frontier.items():
                for there in self.exits(here):
                    if there == came_from and not self.on_edge(here):
                        continue
                    following.setdefault((there, here), walk + [there])
            frontier = following
        ends: dict[Pos, list[Pos]] = {}
        for (end, _), walk in sorted(frontier.items()):
            ends.setdefault(end, walk)
        return ends

    def walk_fault(self, start: Pos, walk: list[Pos]) -> str | None:
        """Why `walk` (cells entered from `start`) is not a legal move, or None."""
        here, came_from = start, None
        for there in walk:
            if there not in self.exits(here):
                if there not in [self.neighbour(here, s) for s in SIDES]:
                    return (f"{cell_name(here)} → {cell_name(there)} : on n'avance que d'une case "
                            "à la fois, verticalement ou horizontalement")
                return (f"{cell_name(here)} → {cell_name(there)} : ces chemins ne se suivent pas")
            if there == came_from and not self.on_edge(here):
                return (f"demi-tour en {cell_name(here)} : on ne revient en arrière que depuis une "
                        "carte au bord ou dans un coin de la grille")
            here, came_from = there, here
        return None
