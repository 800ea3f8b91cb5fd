"""The board's walks, joined neighbours and empty paths, as kept per board (companion/games/
labystere/board.py) and carried over a swap, held to a plain re-reading of the rules on seeded
boards after random swaps: exits from the open sides of both cards, walks by trying every
sequence of steps of the die's length (« uniquement sur des chemins qui se suivent », going
back only from an edge card, registre LAB-14), and the walk the board gives to each end is the
first of them in its breadth-first order."""

from __future__ import annotations

import random
from itertools import product

import pytest

from companion.games.labystere.board import OPPOSITE, SIDES, STEP, Board, parse_cell
from companion.games.labystere.engine import ENGINE, LabystereState

Pos = tuple[int, int]


def reference_exits(board: Board, pos: Pos) -> list[Pos]:
    out = []
    for side in SIDES:
        r, c = pos[0] + STEP[side][0], pos[1] + STEP[side][1]
        if not (0 <= r < board.rows and 0 <= c < board.cols):
            continue
        if side in board.stacks[pos].sides and OPPOSITE[side] in board.stacks[(r, c)].sides:
            out.append((r, c))
    return out


def reference_ends(board: Board, start: Pos, steps: int) -> set[Pos]:
    """Every end of a legal walk, by walking every sequence of exits (no search cleverness)."""
    ends = set()
    walks: list[list[Pos]] = [[start]]
    for _ in range(steps):
        longer = []
        for walk in walks:
            here = walk[-1]
            back = walk[-2] if len(walk) > 1 else None
            edge = here[0] in (0, board.rows - 1) or here[1] in (0, board.cols - 1)
            longer += [walk + [there] for there in reference_exits(board, here)
                       if there != back or edge]
        walks = longer
    for walk in walks:
        ends.add(walk[-1])
    return ends


def legal(board: Board, start: Pos, walk: list[Pos]) -> bool:
    return board.walk_fault(start, walk) is None and all(
        b in reference_exits(board, a) for a, b in zip([start, *walk], walk, strict=False))


def seeded_board(seed: int, swaps: int) -> Board:
    state = ENGINE.new_state({"players": ["Léa", "Tom"], "colours": ["rouge", "bleu"],
                              "seed": seed})
    assert isinstance(state, LabystereState)
    board, rng = state.board, random.Random(seed)
    for _ in range(swaps):
        board.walks(rng.choice(sorted(board.stacks)), rng.randint(1, 6))  # fill what it keeps
        a, b = rng.sample(board.plain_cells(), 2)
        board = board.swapped(a, b)
    return board


@pytest.mark.parametrize("seed", range(12))
def test_what_a_board_keeps_stays_true_after_swaps(seed: int) -> None:
    board = seeded_board(seed, swaps=seed % 5 + 1)
    fresh = Board(dict(board.stacks), board.rows, board.cols)  # nothing kept yet
    for pos in board.stacks:
        assert list(board.exits(pos)) == reference_exits(board, pos) == list(fresh.exits(pos))
    assert board.plain_cells() == tuple(pos for pos, stack in board.cells()
                                        if stack.plain_path)


@pytest.mark.parametrize("seed", range(8))
def test_walks_reach_exactly_the_cells_the_rules_allow(seed: int) -> None:
    board = seeded_board(100 + seed, swaps=seed % 3)
    for start, steps in product(sorted(board.stacks), (1, 2, 3, 6, 8)):
        walks = board.walks(start, steps)
        assert set(walks) == reference_ends(board, start, steps)
        for end, walk in walks.items():
            assert len(walk) == steps and walk[-1] == end and legal(board, start, walk)


def test_walks_keep_the_first_walk_found_to_each_end() -> None:
    """The walk given for an end is stable: the first a plain breadth-first search finds,
    neighbours tried N E S W, over (cell, cell just left) — where the cell just left is
    forgotten on an edge card, since the pawn may turn back there (the app shows it and the lab
    plays it, so the same seed gives the same game)."""
    board = seeded_board(7, swaps=2)
    for start, steps in product(sorted(board.stacks), (1, 2, 4, 5)):
        frontier: dict[tuple[Pos, Pos | None], list[Pos]] = {(start, None): []}
        expected: dict[Pos, list[Pos]] = {}
        for step in range(steps):
            following: dict[tuple[Pos, Pos | None], list[Pos]] = {}
            for (here, came_from), walk in frontier.items():
                edge = here[0] in (0, board.rows - 1) or here[1] in (0, board.cols - 1)
                for there in reference_exits(board, here):
                    if there != came_from or edge or came_from is None:
                        if step == steps - 1:
                            expected.setdefault(there, walk + [there])
                        there_edge = there[0] in (0, board.rows - 1) or there[1] in (
                            0, board.cols - 1)
                        following.setdefault((there, None if there_edge else here),
                                             walk + [there])
            frontier = following
        assert board.walks(start, steps) == dict(sorted(expected.items()))


def test_cell_names_are_read_as_the_grid_names_them() -> None:
    assert parse_cell(" c4 ", 5, 5) == (2, 3) and parse_cell("J10", 10, 10) == (9, 9)
    assert parse_cell("J10", 5, 5) is None and parse_cell("K1", 12, 12) is None
    assert parse_cell("A1\n", 5, 5) == (0, 0) and parse_cell("A 1", 5, 5) is None
