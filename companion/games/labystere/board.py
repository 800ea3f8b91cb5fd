"""The maze as the engine sees it: stacks on a grid, path shapes turned by the plan, which
neighbours join, and the walks a die allows. Pure geometry, no rules state (engine.py has that).

Cells are named like a map: rows A..E from the top, columns 1..5 from the left ("A1" is the
top-left cell). A path card's shape opens some sides at rotation 0 (SHAPE_SIDES) and is turned
clockwise by quarter turns (registre LAB-4). Départ and Arrivée carry no path card: they open on
every side (registre LAB-12).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from itertools import chain
from typing import Any

from companion.games.labystere.grid import (
    OPPOSITE,
    SIDES,
    START,
    STEP,
    Geometry,
    geometry,
    side_bits,
)
from companion.games.labystere.setup import Cell, Layout, Pos

# Open sides of each shape before turning (a house default, docs/data.md LAB-D2).
SHAPE_SIDES = {"droit": "NS", "virage": "NE", "t": "NES", "croix": "NESW"}
# Box-drawing glyph of a set of open sides, for the text board and the app.
GLYPHS = {"NS": "│", "EW": "─", "NE": "└", "ES": "┌", "SW": "┐", "NW": "┘", "NES": "├",
          "ESW": "┬", "NSW": "┤", "NEW": "┴", "NESW": "┼", "": "·"}
ROW_NAMES = "ABCDEFGHIJ"


@cache  # asked for every path card at every step of every walk; few shapes, four rotations
def turn(sides: str, rotation: int) -> str:
    """`sides` turned clockwise by `rotation` quarter turns, in N E S W order."""
    turned = {SIDES[(SIDES.index(s) + rotation) % 4] for s in sides}
    return "".join(s for s in SIDES if s in turned)


@cache  # named at every step of every move (the log's paths, the app's choices)
def cell_name(pos: Pos) -> str:
    return f"{ROW_NAMES[pos[0]]}{pos[1] + 1}"


def parse_cell(name: object, rows: int, cols: int) -> Pos | None:
    """"B3" -> (1, 2); None for anything that is not a cell of the grid."""
    if not isinstance(name, str):
        return None
    names = cell_names(rows, cols)
    pos = names.get(name)  # the usual case: a name as the app and the lab write it
    return pos if pos is not None else names.get(name.strip().upper())


@cache  # parsed at every step of every move checked: a table per grid size, not a regex
def cell_names(rows: int, cols: int) -> dict[str, Pos]:
    # names go from A1 to J10 at most (the text board's letters), as the rules' map is read
    return {cell_name((r, c)): (r, c) for r in range(min(rows, len(ROW_NAMES)))
            for c in range(min(cols, 10))}


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
    board), and it does so by making a new Board: a Board's stacks never change, so what is
    derived from them is computed once per board: which sides of each cell join a neighbour
    (one number a cell, `grid.py` reads walks from it; a swap recomputes it only at the two
    cells and around them) and the empty paths."""

    def __init__(self, stacks: dict[Pos, Stack], rows: int, cols: int,
                 grid: Geometry | None = None) -> None:
        self.stacks = stacks
        self.rows = rows
        self.cols = cols
        self.grid = grid or geometry(rows, cols)  # the tables of its size, read at every walk
        self._opened: list[int] | None = None  # per cell number: its open sides (grid.side_bits)
        self._joined: list[int] | None = None  # per cell number: its sides that join
        self._covered: dict[str, tuple[Pos, ...]] = {}  # cover -> its cells, once asked

    @classmethod
    def from_layout(cls, layout: Layout, covers: dict[str, str], shapes: dict[str, str],
                    made: dict[Cell, Stack] | None = None) -> Board:
        """`covers`: path card id -> lieu/temoin/chemin; `shapes`: path card id -> shape.
        `made`: the stacks already made with these covers and shapes, by cell (a Stack is
        frozen: equal cells of two games may share one), added to as new cells come."""
        rows, cols = len(layout.rows), len(layout.rows[0])
        made = {} if made is None else made
        stacks = {}
        for pos, cell in zip(geometry(rows, cols).cells, chain.from_iterable(layout.rows),
                             strict=True):
            stack = made.get(cell)
            if stack is None:
                path = cell.path
                stack = made[cell] = Stack(cell.action, cell.kind, path,
                                           covers.get(path, "") if path else "",
                                           shapes.get(path, "") if path else "", cell.rotation)
            stacks[pos] = stack
        return cls(stacks, rows, cols)

    def __deepcopy__(self, memo: dict[int, Any]) -> Board:
        """Itself: a Board never changes once made (a swap makes another), and what it derives
        is the same for every holder. A reader's copy of the game's state (events/snapshot.py)
        shares it instead of copying its tables at every screen's run (13 ms a copy)."""
        return self

    def __getitem__(self, pos: Pos) -> Stack:
        return self.stacks[pos]

    def cells(self) -> Iterator[tuple[Pos, Stack]]:
        for r in range(self.rows):
            for c in range(self.cols):
                yield (r, c), self.stacks[(r, c)]

    def plain_cells(self) -> tuple[Pos, ...]:
        """The cells of empty paths (`Stack.plain_path`), row by row."""
        return self.covered("chemin")

    def covered(self, cover: str) -> tuple[Pos, ...]:
        """The cells whose path card is of type `cover` (`Stack.cover`), row by row."""
        cells = self._covered.get(cover)
        if cells is None:
            cells = self._covered[cover] = tuple(pos for pos, stack in self.cells()
                                                 if stack.cover == cover)
        return cells

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

    def _joined_sides(self) -> list[int]:
        if self._joined is None:
            grid = self.grid
            self._opened = [side_bits(self.stacks[pos].sides) for pos in grid.cells]
            self._joined = [_join(i, self._opened, grid) for i in range(len(grid.cells))]
        return self._joined

    def exits(self, pos: Pos) -> tuple[Pos, ...]:
        """The neighbours joined to `pos`, in N E S W order."""
        grid = self.grid
        i = grid.number[pos]
        return grid.exits[(i << 4) | self._joined_sides()[i]]

    def swapped(self, a: Pos, b: Pos) -> Board:
        """A copy with the stacks of a and b exchanged as they lie (registre LAB-13). Which
        sides join changes only at a, b and their neighbours: the rest is kept."""
        stacks = dict(self.stacks)
        stacks[a], stacks[b] = self.stacks[b], self.stacks[a]
        grid = self.grid
        board = Board(stacks, self.rows, self.cols, grid)
        if self._joined is not None and self._opened is not None:
            i, j = grid.number[a], grid.number[b]
            if self._opened[i] == self._opened[j]:  # the same sides open: the same joins
                board._opened, board._joined = self._opened, self._joined  # (never changed)
            else:
                opened, joined = self._opened.copy(), self._joined.copy()
                opened[i], opened[j] = opened[j], opened[i]
                for cell in (i, j):  # a join is a side of both cells: set on each at once
                    bits = joined[cell] = _join(cell, opened, grid)
                    for other, side, back in grid.facing[cell]:
                        if bits & side:
                            joined[other] |= back
                        else:
                            joined[other] &= ~back
                board._opened, board._joined = opened, joined
        if self.stacks[a].cover == self.stacks[b].cover:
            board._covered = self._covered  # two stacks of one cover exchanged: same cells
        return board

    def walks(self, start: Pos, steps: int) -> dict[Pos, list[Pos]]:
        """Every cell a pawn on `start` can end on after exactly `steps` steps, with one walk
        to it (the cells entered, in order): a step goes to a joined neighbour, and straight
        back to the cell just left only from an edge card (registre LAB-14)."""
        reach = self.reach(start, steps)
        return {end: reach.walk(end) for end in reach.ends}

    def reach(self, start: Pos, steps: int) -> Reach:
        """`walks` before any walk is written out: the ends, and the walk to one on demand.

        Breadth first over the states of grid.py (cell, side it came in by: at most five a
        cell, one on an edge card), neighbours tried N E S W. Each state keeps the state it was
        first reached from, and so does each end at the last step: the walk to an end is the
        first the search finds, read back from those links."""
        grid = self.grid
        table = grid.steps
        joined = self._joined if self._joined is not None else self._joined_sides()
        frontier: dict[int, int] = {grid.number[start] * 8 + START: -1}
        layers = []
        for _ in range(steps - 1):
            following: dict[int, int] = {}
            first_from = following.setdefault  # a state keeps the first state it came from
            for state in frontier:
                for there in table[(state << 4) | joined[state >> 3]]:
                    first_from(there, state)
            layers.append(following)
            frontier = following
        last: dict[Pos, int] = {}  # end -> the state it was first reached from
        if steps > 0:
            first_from, step_ends = last.setdefault, grid.step_ends
            for state in frontier:
                for end in step_ends[(state << 4) | joined[state >> 3]]:
                    first_from(end, state)
        return Reach(grid, layers, last)

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


class Reach:
    """Where a walk of the die's length can end (`ends`, sorted) and the walk to each, read
    back on demand from the links a breadth-first search left (Board.reach)."""

    __slots__ = ("_grid", "_last", "_layers", "ends")  # one made at every roll of the lab

    def __init__(self, grid: Geometry, layers: list[dict[int, int]],
                 last: dict[Pos, int]) -> None:
        self._grid, self._layers, self._last = grid, layers, last
        self.ends = sorted(last)

    def walk(self, end: Pos) -> list[Pos]:
        cells = self._grid.cells
        walk = [end]
        link = self._last[end]
        for layer in reversed(self._layers):
            walk.append(cells[link >> 3])
            link = layer[link]
        walk.reverse()
        return walk


def _join(i: int, opened: list[int], grid: Geometry) -> int:
    """The sides of cell `i` whose path meets its neighbour's (bit k: SIDES[k], N E S W): its
    open sides where the neighbour opens the opposite way."""
    sides, bits = opened[i], 0
    for other, side, back in grid.facing[i]:
        if sides & side and opened[other] & back:
            bits |= side
    return bits
