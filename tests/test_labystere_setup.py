"""The setup generator against labystere-ptit-jeu-maelys.txt › PRÉPARATION and registre
LAB-1/LAB-2: every layout valid (counts, adjacency, distance, covers), reproducible by seed."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.core.errors import DataError, UsageError
from companion.core.loader import installed_data, load_game
from companion.games.labystere.board import Board
from companion.games.labystere.data import LabystereData
from companion.games.labystere.engine import ENGINE
from companion.games.labystere.setup import (
    SEED_MAX,
    Cell,
    Layout,
    _shuffle,
    generate,
    placement_count,
    special_cell_sets,
    special_count,
)

DATA = load_game("labystere")
assert isinstance(DATA, LabystereData)
ROWS = {c.id: c.as_row() for c in DATA.components()}
SPECIAL_TYPES = {"depart", "arrivee", "drapeau", "suspect"}


def copies(group: str, types: set[str]) -> Counter[str]:
    return Counter({i: r["copies"] for i, r in ROWS.items()
                    if r["group"] == group and r["type"] in types})


def problems(layout: Layout) -> list[str]:
    """Every way `layout` breaks the rules; written independently of the generator."""
    out: list[str] = []
    grid = [list(row) for row in layout]
    if len(grid) != DATA.grid_rows or any(len(row) != DATA.grid_cols for row in grid):
        return ["grille de mauvaise taille"]
    cells = {(r, c): cell for r, row in enumerate(grid) for c, cell in enumerate(row)}
    in_grid = Counter(cell.action for cell in cells.values())
    expected = copies("actions", {"depart", "arrivee", "drapeau", "action"})
    suspects = copies("suspects", {"suspect"})
    if layout.guilty not in suspects:
        out.append(f"coupable inconnu {layout.guilty}")
    expected.update(suspects - Counter([layout.guilty]))
    if in_grid != expected:
        out.append(f"cartes Action : {in_grid} au lieu de {expected}")
    paths = Counter(cell.path for cell in cells.values() if cell.path is not None)
    if paths != copies("chemins", {"lieu", "temoin", "chemin"}):
        out.append(f"cartes Chemin : {paths}")
    kind = {pos: ROWS[cell.action]["type"] for pos, cell in cells.items()}
    special = [pos for pos, k in kind.items() if k in SPECIAL_TYPES]
    for (r, c) in special:
        for nb in ((r + 1, c), (r, c + 1)):
            if nb in special:
                out.append(f"cartes spéciales voisines en {(r, c)} et {nb}")
    start = next(p for p, k in kind.items() if k == "depart")
    finish = next(p for p, k in kind.items() if k == "arrivee")
    if abs(start[0] - finish[0]) + abs(start[1] - finish[1]) < DATA.min_start_finish_distance:
        out.append(f"Départ {start} et Arrivée {finish} trop proches")
    cover = {"depart": None, "arrivee": None, "drapeau": "lieu", "suspect": "temoin",
             "action": "chemin"}
    for pos, cell in cells.items():
        want = cover[kind[pos]]
        got = None if cell.path is None else ROWS[cell.path]["type"]
        if got != want:
            out.append(f"{pos} : {cell.action} couverte par {cell.path}")
    return out


def test_many_seeds_all_valid() -> None:
    for seed in range(3000):
        assert problems(generate(seed)) == [], seed


@settings(max_examples=300, deadline=None)
@given(st.integers(min_value=0, max_value=SEED_MAX))
def test_any_seed_valid_and_reproducible(seed: int) -> None:
    layout = generate(seed)
    assert problems(layout) == []
    assert generate(seed) == layout


def test_checker_catches_a_broken_layout() -> None:
    """The validity check used above can fail: swap Départ next to a Drapeau."""
    layout = generate(7)
    grid = [list(row) for row in layout]
    (r, c) = layout.position("depart")
    neighbour = next((r + dr, c + dc) for dr, dc in ((0, 1), (0, -1), (1, 0), (-1, 0))
                     if 0 <= r + dr < 5 and 0 <= c + dc < 5)
    grid[r][c], grid[neighbour[0]][neighbour[1]] = grid[neighbour[0]][neighbour[1]], grid[r][c]
    broken = Layout(layout.seed, tuple(tuple(row) for row in grid), layout.guilty)
    assert problems(broken)


def test_same_seed_same_layout_and_no_global_random() -> None:
    import random

    random.seed(1)
    first = generate(123)
    random.seed(2)
    assert generate(123) == first
    assert generate(123).as_json() == first.as_json()


def test_different_seeds_give_different_layouts() -> None:
    grids = {str(generate(seed).as_json()["grid"]) for seed in range(200)}
    assert len(grids) == 200


def test_every_cell_can_hold_depart_and_flag_place_varies() -> None:
    """The draw covers the whole grid and every secret (no stuck corner, no fixed culprit)."""
    starts, guilty, hiding = set(), set(), set()
    for seed in range(2000):
        layout = generate(seed)
        starts.add(layout.position("depart"))
        guilty.add(layout.guilty)
        hiding.add(layout.hiding_place)
    assert len(starts) == 25
    assert guilty == {f"suspect-{s.id}" for s in DATA.suspects}
    assert hiding == {f"chemin-lieu-{p.id}" for p in DATA.places}


def test_placements_exist_and_are_counted_exactly() -> None:
    """Feasibility proof: the exhaustive enumeration is not empty; and it is exhaustive (a
    brute force over all 9-cell subsets of a 4x4 grid agrees on a smaller case)."""
    assert placement_count() > 0
    from itertools import combinations

    cells = [(r, c) for r in range(4) for c in range(4)]
    brute = [s for s in combinations(cells, 5)
             if all(abs(a[0] - b[0]) + abs(a[1] - b[1]) > 1 for a, b in combinations(s, 2))]
    assert len(special_cell_sets(4, 4, 5)) == len(brute)
    assert {tuple(sorted(s)) for s in special_cell_sets(4, 4, 5)} == set(brute)


def test_impossible_data_is_a_clear_error_not_a_loop() -> None:
    far = DATA.model_copy(update={"min_start_finish_distance": 9})
    assert placement_count(far) == 0
    with pytest.raises(DataError, match="min_start_finish_distance"):
        generate(1, far)


@pytest.mark.parametrize("seed", [-1, SEED_MAX + 1, "12", 1.5, True])
def test_bad_seed_is_a_usage_error(seed: object) -> None:
    with pytest.raises(UsageError):
        generate(seed)  # type: ignore[arg-type]


def test_layout_api_for_the_print_kit() -> None:
    layout = generate(5)
    assert len(layout) == 5 and all(len(row) == 5 for row in layout)
    assert layout[0][0] is layout.rows[0][0]
    cell = layout[2][3]
    assert isinstance(cell.action, str) and (cell.path is None or isinstance(cell.path, str))
    assert layout.guilty not in {c.action for row in layout for c in row}


def test_seeds_keep_their_layouts() -> None:
    """A stored game keeps only its seed, and a printed plan shows the layout: the same seed
    must give the very same layout whatever the generator's inner workings (pinned on the
    layouts of issue 16, before its set-up was made faster)."""
    import hashlib
    import json

    seeds = [*range(2000), *range(2**62, 2**62 + 20), SEED_MAX]
    text = json.dumps([generate(s).as_json() for s in seeds], ensure_ascii=False)
    assert hashlib.sha256(text.encode()).hexdigest() == (
        "40aa75b2388bab53f3a858007a954f0305fb2d3e3e8f6d3151c876fe7d152f61")
    plan = generate(42)
    assert (plan.position("depart"), plan.position("arrivee"), plan.guilty) == (
        (0, 0), (4, 4), "suspect-ours")
    assert plan[0][1] == Cell("regarde-temoin", "chemin-t", "action", 0)
    assert plan[4][2] == Cell("drapeau-absent", "chemin-lieu-cabane", "drapeau", 2)


def test_the_written_out_shuffle_draws_as_random_shuffle() -> None:
    """generate shuffles with `_shuffle` (random.shuffle without its method calls): the same
    order and the generator left in the same state, for every deck size up to 40."""
    import random

    for seed in range(200):
        for size in range(41):
            ours, theirs = random.Random(seed), random.Random(seed)
            mine, reference = [str(i) for i in range(size)], [str(i) for i in range(size)]
            _shuffle(mine, ours.getrandbits)
            theirs.shuffle(reference)
            assert mine == reference
            assert ours.getrandbits(64) == theirs.getrandbits(64)


@pytest.mark.parametrize("distance", [0, 1, 8])
def test_any_start_finish_distance_is_drawn_among_exactly_the_valid_pairs(distance: int) -> None:
    """`min_start_finish_distance` 0 once counted Départ = Arrivée among the pairs (the draw
    then fell past a set's pairs: IndexError). Every pair counted is a real one: the count
    agrees with a brute force, and every seed gives a layout with its Départ far enough."""
    from itertools import permutations

    variant = DATA.model_copy(update={"min_start_finish_distance": distance})
    sets = special_cell_sets(DATA.grid_rows, DATA.grid_cols, special_count(DATA))
    brute = sum(1 for cells in sets for a, b in permutations(cells, 2)
                if abs(a[0] - b[0]) + abs(a[1] - b[1]) >= distance)
    assert placement_count(variant) == brute > 0
    for seed in range(300):
        layout = generate(seed, variant)
        start, finish = layout.position("depart"), layout.position("arrivee")
        assert start != finish
        assert abs(start[0] - finish[0]) + abs(start[1] - finish[1]) >= distance


def test_a_data_variant_gets_its_own_deal_and_the_file_keeps_its_own() -> None:
    """What the set-up keeps per data object follows the data object asked for (the balance
    lab plays variants), back and forth."""
    far = DATA.model_copy(update={"min_start_finish_distance": 7})
    for seed in range(50):
        layout = generate(seed, far)
        start, finish = layout.position("depart"), layout.position("arrivee")
        assert abs(start[0] - finish[0]) + abs(start[1] - finish[1]) >= 7
        assert generate(seed) == generate(seed, DATA)
    assert generate(42).as_json()["set_aside"] == "suspect-ours"


def fresh_board(layout: Layout, data: LabystereData) -> Board:
    """The board of a layout as new_state built it before issue 16: every stack made anew."""
    paths = [c for c in data.components() if c.group == "chemins"]
    return Board.from_layout(layout, {c.id: str(c.fields["type"]) for c in paths},
                             {c.id: str(c.fields["shape"]) for c in paths})


def test_new_state_board_is_the_plan_with_its_stacks_made_once() -> None:
    """new_state shares the stacks of equal cells between games (they are frozen): each game's
    board is still exactly its plan, and pawns start on its Départ."""
    for seed in [*range(300), 2**62 + 1]:
        state = ENGINE.new_state({"players": ["Léa", "Tom"], "colours": ["rouge", "bleu"],
                                  "seed": seed})
        assert state.layout == generate(seed)
        expected = fresh_board(state.layout, DATA)
        assert list(state.board.cells()) == list(expected.cells())
        assert state.pawns == [state.layout.position("depart")] * 2


def test_new_state_under_a_data_variant_uses_the_variant_cards() -> None:
    """The balance lab installs variants: their path shapes make the board, not the file's."""
    variant = DATA.model_copy(update={"witness_path_shape": "droit"})
    setup = {"players": ["Léa", "Tom"], "colours": ["rouge", "bleu"], "seed": 3}
    with installed_data("labystere", variant):
        state = ENGINE.new_state(setup)
    assert {s.shape for _, s in state.board.cells() if s.cover == "temoin"} == {"droit"}
    assert list(state.board.cells()) == list(fresh_board(state.layout, variant).cells())
    state = ENGINE.new_state(setup)
    assert list(state.board.cells()) == list(fresh_board(state.layout, DATA).cells())
    assert {s.shape for _, s in state.board.cells() if s.cover == "temoin"} == {
        DATA.witness_path_shape}
