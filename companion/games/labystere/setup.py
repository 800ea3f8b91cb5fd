"""Setup generator: a random 5x5 layout of Labystère from a seed.

Rules (labystere-ptit-jeu-maelys.txt › PRÉPARATION): one Suspect card is set aside (the
culprit), the other 3 are shuffled with the 22 Action cards and laid face down in a 5x5 grid,
with Départ, Arrivée, the Drapeau and the Suspect cards kept apart; Lieu cards then cover the
Drapeau cards, Témoin cards the Suspect cards, plain paths the rest; Départ and Arrivée stay
uncovered.

"Kept apart" is made precise in registre LAB-1: no two special cards orthogonally adjacent, and
Départ-Arrivée at least `min_start_finish_distance` steps apart (Manhattan).

How it is generated (registre LAB-2): every set of special-card cells satisfying the adjacency
rule is enumerated once (row by row over non-adjacent bit masks: a few thousand sets for 5x5),
each weighted by its number of valid (Départ, Arrivée) ordered pairs. One integer draw picks a
(set, Départ, Arrivée) triple uniformly among all valid ones; the rest are shuffles. Fixed work,
no retry loop; an empty enumeration (data that cannot be satisfied) is a DataError at once.
The same seed gives the same layout: only `random.Random(seed)` is used, never global state.
"""

from __future__ import annotations

import bisect
import random
from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache

from companion.errors import DataError, UsageError
from companion.games.labystere.data import LabystereData
from companion.loader import load_game
from companion.model import Component

Pos = tuple[int, int]

# Kinds of face-down action cards; Départ and Arrivée lie face up (PRÉPARATION).
SPECIAL_KINDS = ("depart", "arrivee", "drapeau", "suspect")
SEED_MAX = 2**63 - 1


@dataclass(frozen=True)
class Cell:
    """One grid cell: the action card laid there and the path card covering it (None: uncovered).

    `kind` is the action card's type: depart, arrivee, drapeau, suspect or action. `rotation`
    is how the path card is turned, in quarter turns clockwise (registre LAB-4; 0 uncovered)."""

    action: str
    path: str | None
    kind: str
    rotation: int = 0

    @property
    def special(self) -> bool:
        return self.kind in SPECIAL_KINDS

    @property
    def face_down(self) -> bool:
        return self.kind not in ("depart", "arrivee")

    def as_json(self) -> dict[str, str | int | None]:
        return {"action": self.action, "path": self.path, "rotation": self.rotation}


@dataclass(frozen=True)
class Layout:
    """A full setup: `rows` (rows of cells, top to bottom), the culprit set aside (`guilty`, a
    suspect card id) and the seed it came from. Iterating or indexing a layout gives its rows."""

    seed: int
    rows: tuple[tuple[Cell, ...], ...]
    guilty: str

    def __iter__(self) -> Iterator[tuple[Cell, ...]]:
        return iter(self.rows)

    def __getitem__(self, row: int) -> tuple[Cell, ...]:
        return self.rows[row]

    def __len__(self) -> int:
        return len(self.rows)

    def cells(self) -> Iterator[tuple[Pos, Cell]]:
        for r, row in enumerate(self.rows):
            for c, cell in enumerate(row):
                yield (r, c), cell

    def position(self, action: str) -> Pos:
        """Where the (single-copy) action card `action` lies, e.g. "depart"."""
        for pos, cell in self.cells():
            if cell.action == action:
                return pos
        raise UsageError(f"carte « {action} » absente de la grille")

    @property
    def hiding_place(self) -> str:
        """The Lieu path card covering the Drapeau card that hides the flag."""
        data = _data()
        here = {f.id for f in data.flag_cards if f.flag_here}
        return next(cell.path for _, cell in self.cells()
                    if cell.action in here and cell.path is not None)

    def as_json(self) -> dict[str, object]:
        return {"game": "labystere", "seed": self.seed,
                "grid": [[cell.as_json() for cell in row] for row in self.rows],
                "set_aside": self.guilty}


def _data() -> LabystereData:
    data = load_game("labystere")
    assert isinstance(data, LabystereData)
    return data


# --- where the special cards may go -----------------------------------------------------------


def manhattan(a: Pos, b: Pos) -> int:
    return abs(a[0] - b[0]) + abs(a[1] - b[1])


def _row_masks(cols: int) -> list[int]:
    """Subsets of a row with no two neighbours (bit c = column c)."""
    return [m for m in range(1 << cols) if m & (m >> 1) == 0]


@lru_cache(maxsize=8)
def special_cell_sets(rows: int, cols: int, count: int) -> tuple[tuple[Pos, ...], ...]:
    """Every set of `count` cells, no two orthogonally adjacent (registre LAB-1)."""
    masks = _row_masks(cols)
    sizes = [m.bit_count() for m in masks]
    # the cells of each mask on each row, made once (the walk visits them thousands of times)
    cells = [[tuple((r, c) for c in range(cols) if m >> c & 1) for m in masks]
             for r in range(rows)]
    per_row_max = (cols + 1) // 2
    found: list[tuple[Pos, ...]] = []

    def walk(r: int, above: int, chosen: tuple[Pos, ...], n: int) -> None:
        if n + (rows - r) * per_row_max < count:
            return  # even full rows below cannot reach `count`
        if r == rows:
            found.append(chosen)
            return
        here = cells[r]
        for k, mask in enumerate(masks):
            if mask & above:
                continue  # vertical neighbours
            if n + sizes[k] <= count:
                walk(r + 1, mask, chosen + here[k], n + sizes[k])

    walk(0, 0, (), 0)
    return tuple(found)


def _start_finish_pairs(cells: tuple[Pos, ...], min_distance: int) -> list[tuple[Pos, Pos]]:
    return [(a, b) for a in cells for b in cells if a != b and manhattan(a, b) >= min_distance]


@lru_cache(maxsize=8)
def _cumulative_weights(rows: int, cols: int, count: int, min_distance: int) -> tuple[int, ...]:
    """Running total of each set's number of (Départ, Arrivée) pairs, counted on bit masks
    (the same numbers as len(_start_finish_pairs(...)), without building the pairs)."""
    far = {(r, c): sum(1 << (r2 * cols + c2) for r2 in range(rows) for c2 in range(cols)
                       if abs(r - r2) + abs(c - c2) >= min_distance)
           for r in range(rows) for c in range(cols)}
    total = 0
    out = []
    for cells in special_cell_sets(rows, cols, count):
        chosen = sum(1 << (r * cols + c) for r, c in cells)
        total += sum((far[p] & chosen).bit_count() for p in cells)
        out.append(total)
    return tuple(out)


def placement_count(data: LabystereData | None = None) -> int:
    """How many (special cells, Départ, Arrivée) choices satisfy LAB-1: > 0 proves it feasible."""
    data = data or _data()
    weights = _cumulative_weights(data.grid_rows, data.grid_cols, special_count(data),
                                  data.min_start_finish_distance)
    return weights[-1] if weights else 0


def special_count(data: LabystereData) -> int:
    """Départ + Arrivée + Drapeau cards + the suspects left in play (one is set aside)."""
    return 2 + sum(f.copies for f in data.flag_cards) + len(data.suspects) - 1


def _pick_specials(rng: random.Random, data: LabystereData) -> tuple[Pos, Pos, list[Pos]]:
    """Uniform among valid (cells, Départ, Arrivée): one integer draw, no retry."""
    rows, cols, count = data.grid_rows, data.grid_cols, special_count(data)
    weights = _cumulative_weights(rows, cols, count, data.min_start_finish_distance)
    if not weights or weights[-1] == 0:
        raise DataError("data/labystere.yaml", "min_start_finish_distance",
                        f"une grille {rows}x{cols} où {count} cartes spéciales tiennent sans se "
                        "toucher, Départ et Arrivée assez loin l'un de l'autre")
    draw = rng.randrange(weights[-1])
    index = bisect.bisect_right(weights, draw)
    cells = special_cell_sets(rows, cols, count)[index]
    offset = draw - (weights[index - 1] if index else 0)
    start, finish = _start_finish_pairs(cells, data.min_start_finish_distance)[offset]
    others = [p for p in cells if p not in (start, finish)]
    return start, finish, others


# --- the generator ----------------------------------------------------------------------------


class _CardsOf:
    """`data.components()` of the data object last asked for, built once: every new game asks
    for them (card kinds, decks, path shapes) and building them was most of a game's set-up.
    Keyed by the data object itself, held here so that no other object can take its identity
    (a variant of the balance lab, installed by `installed_data`, is another object)."""

    def __init__(self) -> None:
        self._data: LabystereData | None = None
        self._cards: tuple[Component, ...] = ()

    def __call__(self, data: LabystereData) -> tuple[Component, ...]:
        if data is not self._data:
            self._cards, self._data = tuple(data.components()), data
        return self._cards


card_components = _CardsOf()


def _deck(data: LabystereData, group: str, types: set[str]) -> list[str]:
    """Card ids of a group, one entry per copy, in data order (shuffled by the caller)."""
    return [c.id for c in card_components(data) if c.group == group and c.fields["type"] in types
            for _ in range(c.copies)]


def card_kinds(data: LabystereData | None = None) -> dict[str, str]:
    """Card id -> its `type` field (depart, drapeau, action, suspect, lieu, temoin, chemin...)."""
    data = data or _data()
    return {c.id: str(c.fields.get("type", "")) for c in card_components(data)}


def generate(seed: int, data: LabystereData | None = None) -> Layout:
    """The layout for `seed` (PRÉPARATION; registres LAB-1, LAB-2)."""
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= SEED_MAX:
        raise UsageError(f"graine invalide : un entier de 0 à {SEED_MAX} (reçu {seed!r})")
    data = data or _data()
    rng = random.Random(seed)
    kinds = card_kinds(data)

    suspects = _deck(data, "suspects", {"suspect"})
    rng.shuffle(suspects)
    guilty, in_play = suspects[0], suspects[1:]

    start, finish, others = _pick_specials(rng, data)
    hidden_specials = _deck(data, "actions", {"drapeau"}) + in_play
    rng.shuffle(hidden_specials)
    actions: dict[Pos, str] = {start: "depart", finish: "arrivee"}
    actions.update(zip(others, hidden_specials, strict=True))

    plain_cells = [(r, c) for r in range(data.grid_rows) for c in range(data.grid_cols)
                   if (r, c) not in actions]
    plain_actions = _deck(data, "actions", {"action"})
    rng.shuffle(plain_actions)
    actions.update(zip(plain_cells, plain_actions, strict=True))

    places = _deck(data, "chemins", {"lieu"})
    rng.shuffle(places)
    witnesses = _deck(data, "chemins", {"temoin"})
    plain_paths = _deck(data, "chemins", {"chemin"})
    rng.shuffle(plain_paths)
    paths: dict[Pos, str] = {}
    for pos in sorted(actions):
        kind = kinds[actions[pos]]
        if kind == "drapeau":
            paths[pos] = places.pop()
        elif kind == "suspect":
            paths[pos] = witnesses.pop()
        elif kind == "action":
            paths[pos] = plain_paths.pop()
    if places or witnesses or plain_paths:
        raise DataError("data/labystere.yaml", "path_shapes",
                        "une carte Chemin par case couverte", len(places + witnesses + plain_paths))

    # Drawn last, so the cards of a seed are the same as before orientations existed.
    rotations = {pos: rng.randrange(4) for pos in sorted(paths)}
    rows = tuple(
        tuple(Cell(actions[(r, c)], paths.get((r, c)), kinds[actions[(r, c)]],
                   rotations.get((r, c), 0))
              for c in range(data.grid_cols))
        for r in range(data.grid_rows))
    return Layout(seed=seed, rows=rows, guilty=guilty)
