"""The grid's geometry as tables, built once per grid size: which cell lies beside which, and
every step a pawn may take. Pure geometry, no game: board.py reads a board's paths into one small
number per cell (which of its sides join a neighbour) and walks with these tables.

A pawn during a walk is a *state*: the cell it is on and the side it came in by, as one integer
`cell * 8 + came` (cells numbered row by row; `came` is CAME[side], or START before the first
step). On a card of the grid's edge the pawn may go back the way it came (registre LAB-14), so
where it came from no longer matters there: a step onto an edge card gives the state (cell,
START), one state a cell instead of four, and fewer states to search. `steps[(state << 4) |
joined]` lists the states one step later, in N E S W order, for a cell whose joined sides are
`joined` (bit k: SIDES[k]): to each joined neighbour, and straight back to the cell just left
only from an edge card."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

Pos = tuple[int, int]

SIDES = "NESW"
STEP = {"N": (-1, 0), "E": (0, 1), "S": (1, 0), "W": (0, -1)}
OPPOSITE = {"N": "S", "E": "W", "S": "N", "W": "E"}
CAME = {"N": 0, "W": 1, "E": 2, "S": 3}
START = 4  # no cell left yet


@cache  # a few path shapes, four rotations, Départ and Arrivée: a handful of strings
def side_bits(sides: str) -> int:
    """"NES" -> 0b0111: bit k set when SIDES[k] is open."""
    return sum(1 << k for k, side in enumerate(SIDES) if side in sides)


@dataclass(frozen=True)
class Geometry:
    rows: int
    cols: int
    cells: tuple[Pos, ...]  # by number
    number: dict[Pos, int]
    beside: tuple[tuple[int, ...], ...]  # per cell, its neighbour on each side (N E S W) or -1
    facing: tuple[tuple[tuple[int, int, int], ...], ...]  # per cell, for each neighbour:
    # (the neighbour, the cell's side bit towards it, the neighbour's side bit back)
    exits: tuple[tuple[Pos, ...], ...]  # [(cell << 4) | joined]: joined neighbours, N E S W
    steps: tuple[tuple[int, ...], ...]  # [(state << 4) | joined]: the states one step later
    step_ends: tuple[tuple[Pos, ...], ...]  # the same steps' cells (a walk's last step)

    def state(self, pos: Pos, came: int = START) -> int:
        return self.number[pos] * 8 + came


@cache
def geometry(rows: int, cols: int) -> Geometry:
    cells = tuple((r, c) for r in range(rows) for c in range(cols))
    number = {pos: i for i, pos in enumerate(cells)}

    def beside_of(pos: Pos, side: str) -> int:
        r, c = pos[0] + STEP[side][0], pos[1] + STEP[side][1]
        return number[(r, c)] if 0 <= r < rows and 0 <= c < cols else -1

    beside = tuple(tuple(beside_of(pos, side) for side in SIDES) for pos in cells)
    on_edge = [r in (0, rows - 1) or c in (0, cols - 1) for r, c in cells]
    exits: list[tuple[Pos, ...]] = []
    steps: list[tuple[int, ...]] = [()] * (len(cells) * 8 * 16)
    for i, (r, c) in enumerate(cells):
        edge = r in (0, rows - 1) or c in (0, cols - 1)
        for joined in range(16):
            sides = [k for k in range(4) if joined >> k & 1 and beside[i][k] >= 0]
            exits.append(tuple(cells[beside[i][k]] for k in sides))
            for came in (*CAME.values(), START):
                steps[((i * 8 + came) << 4) | joined] = tuple(
                    beside[i][k] * 8 + (START if on_edge[beside[i][k]]
                                        else CAME[OPPOSITE[SIDES[k]]])
                    for k in sides if edge or came == START or CAME[SIDES[k]] != came)
    facing = tuple(tuple((other, 1 << k, 1 << (k + 2) % 4) for k, other in enumerate(beside[i])
                         if other >= 0) for i in range(len(cells)))
    step_ends = tuple(tuple(cells[state >> 3] for state in states) for states in steps)
    return Geometry(rows, cols, cells, number, beside, facing, tuple(exits), tuple(steps),
                    step_ends)
