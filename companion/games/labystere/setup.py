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
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import lru_cache
from typing import Generic, TypeVar

from companion.core.errors import DataError, UsageError
from companion.core.loader import load_game
from companion.core.model import Component
from companion.games.labystere.data import LabystereData

Pos = tuple[int, int]

# Kinds of face-down action cards; Départ and Arrivée lie face up (PRÉPARATION).
SPECIAL_KINDS = ("depart", "arrivee", "drapeau", "suspect")
SEED_MAX = 2**63 - 1
T = TypeVar("T")


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
        data = labystere_data()
        here = {f.id for f in data.flag_cards if f.flag_here}
        return next(cell.path for _, cell in self.cells()
                    if cell.action in here and cell.path is not None)

    def as_json(self) -> dict[str, object]:
        return {"game": "labystere", "seed": self.seed,
                "grid": [[cell.as_json() for cell in row] for row in self.rows],
                "set_aside": self.guilty}


def labystere_data() -> LabystereData:
    """Labystère's data, as the loader holds it."""
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


@lru_cache(maxsize=8)
def _far_masks(rows: int, cols: int, min_distance: int) -> tuple[int, ...]:
    """Per cell number (row by row), the cells at least `min_distance` steps away, as a bit
    mask (bit r * cols + c); never the cell itself, even at distance 0 (Départ is not Arrivée)."""
    return tuple(sum(1 << (r2 * cols + c2) for r2 in range(rows) for c2 in range(cols)
                     if (r2, c2) != (r, c) and abs(r - r2) + abs(c - c2) >= min_distance)
                 for r in range(rows) for c in range(cols))


@lru_cache(maxsize=8)
def _cumulative_weights(rows: int, cols: int, count: int, min_distance: int) -> tuple[int, ...]:
    """Running total of each set's number of (Départ, Arrivée) ordered pairs, counted on bit
    masks: for each cell of the set, its partners far enough (`_far_masks`) in the set."""
    far = _far_masks(rows, cols, min_distance)
    total = 0
    out = []
    for cells in special_cell_sets(rows, cols, count):
        numbers = [r * cols + c for r, c in cells]
        chosen = sum(1 << i for i in numbers)
        total += sum((far[i] & chosen).bit_count() for i in numbers)
        out.append(total)
    return tuple(out)


def placement_count(data: LabystereData | None = None) -> int:
    """How many (special cells, Départ, Arrivée) choices satisfy LAB-1: > 0 proves it feasible."""
    data = data or labystere_data()
    weights = _cumulative_weights(data.grid_rows, data.grid_cols, special_count(data),
                                  data.min_start_finish_distance)
    return weights[-1] if weights else 0


def special_count(data: LabystereData) -> int:
    """Départ + Arrivée + Drapeau cards + the suspects left in play (one is set aside)."""
    return 2 + sum(f.copies for f in data.flag_cards) + len(data.suspects) - 1


# --- what a data object deals, worked out once -------------------------------------------------


class PerData(Generic[T]):
    """A value derived from a data object, built once for the data object last asked for:
    every new game asks for it and rebuilding it was most of a game's set-up. Keyed by the
    data object itself, held here so that no other object can take its identity (a variant of
    the balance lab, installed by `installed_data`, is another object)."""

    def __init__(self, build: Callable[[LabystereData], T]) -> None:
        self._build = build
        self._data: LabystereData | None = None
        self._value: T | None = None

    def __call__(self, data: LabystereData) -> T:
        if data is not self._data or self._value is None:  # another data object
            self._value, self._data = self._build(data), data
        return self._value


class Deal:
    """The cards of a data object as the set-up deals them: every deck (card ids, one entry a
    copy, in data order), each card's kind, where the special cards may go, and the cells
    already made (a Cell is frozen: equal cells of two layouts may be one object)."""

    def __init__(self, data: LabystereData) -> None:
        self.cards = tuple(data.components())
        self.kinds = {c.id: str(c.fields.get("type", "")) for c in self.cards}
        self.suspects = self._deck("suspects", "suspect")
        self.flags = self._deck("actions", "drapeau")
        self.plain_actions = self._deck("actions", "action")
        self.places = self._deck("chemins", "lieu")
        self.witnesses = self._deck("chemins", "temoin")
        self.plain_paths = self._deck("chemins", "chemin")
        self.rows, self.cols = data.grid_rows, data.grid_cols
        self.count, self.min_distance = special_count(data), data.min_start_finish_distance
        self.weights = _cumulative_weights(self.rows, self.cols, self.count, self.min_distance)
        self.sets = special_cell_sets(self.rows, self.cols, self.count)
        self.far = _far_masks(self.rows, self.cols, self.min_distance)
        self.made: dict[tuple[str, str | None, int], Cell] = {}

    def _deck(self, group: str, kind: str) -> tuple[str, ...]:
        return tuple(c.id for c in self.cards if c.group == group and c.fields["type"] == kind
                     for _ in range(c.copies))

    def pick_specials(self, rng: random.Random) -> tuple[int, int, list[int]]:
        """Départ, Arrivée and the other special cells (cell numbers, row by row): uniform among
        valid (cells, Départ, Arrivée), one integer draw, no retry. The draw's offset in its
        set counts the ordered pairs Départ first, each in the set's order (row by row)."""
        weights = self.weights
        if not weights or weights[-1] == 0:
            raise DataError("data/labystere.yaml", "min_start_finish_distance",
                            f"une grille {self.rows}x{self.cols} où {self.count} cartes "
                            "spéciales tiennent sans se toucher, Départ et Arrivée assez loin "
                            "l'un de l'autre")
        draw = rng.randrange(weights[-1])
        index = bisect.bisect_right(weights, draw)
        offset = draw - (weights[index - 1] if index else 0)
        cols = self.cols
        numbers = [r * cols + c for r, c in self.sets[index]]
        chosen = sum(1 << i for i in numbers)
        for start in numbers:
            partners = self.far[start] & chosen  # its Arrivées, as bits in the set's order
            count = partners.bit_count()
            if offset < count:
                for _ in range(offset):
                    partners &= partners - 1  # drops the lowest bit
                finish = (partners & -partners).bit_length() - 1
                return start, finish, [i for i in numbers if i != start and i != finish]
            offset -= count
        raise AssertionError("the weights count every pair")  # pragma: no cover

    def cell(self, action: str, path: str | None, rotation: int) -> Cell:
        key = (action, path, rotation)
        cell = self.made.get(key)
        if cell is None:
            cell = self.made[key] = Cell(action, path, self.kinds[action], rotation)
        return cell


deal_of = PerData(Deal)


def card_components(data: LabystereData) -> tuple[Component, ...]:
    """`data.components()`, built once per data object."""
    return deal_of(data).cards


def card_kinds(data: LabystereData | None = None) -> dict[str, str]:
    """Card id -> its `type` field (depart, drapeau, action, suspect, lieu, temoin, chemin...)."""
    return dict(deal_of(data or labystere_data()).kinds)


# --- the generator ----------------------------------------------------------------------------


def _shuffle(cards: list[str], getrandbits: Callable[[int], int]) -> None:
    """`random.Random.shuffle`, draw for draw, without its method calls (a game's set-up
    shuffles five decks): Fisher-Yates from the end, each index drawn as random.py's
    `_randbelow` does (the bits of i + 1, drawn again while too big). Written out here, the
    layouts of stored seeds depend only on `getrandbits`; tests hold it to random.shuffle."""
    for i in range(len(cards) - 1, 0, -1):
        size = (i + 1).bit_length()
        j = getrandbits(size)
        while j > i:
            j = getrandbits(size)
        cards[i], cards[j] = cards[j], cards[i]


def generate(seed: int, data: LabystereData | None = None) -> Layout:
    """The layout for `seed` (PRÉPARATION; registres LAB-1, LAB-2).

    The draws, in this order, are those of the seed's layout since registre LAB-4 (a stored
    game keeps only its seed): the suspects shuffled (the first set aside), the special cells,
    the Drapeau and suspect cards shuffled onto them, the Action cards onto the other cells
    row by row, the Lieu and plain path cards shuffled, each pile laid from its end on its
    cells row by row, then the rotations of the covered cells row by row."""
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= SEED_MAX:
        raise UsageError(f"graine invalide : un entier de 0 à {SEED_MAX} (reçu {seed!r})")
    deal = deal_of(data or labystere_data())
    rng = random.Random(seed)
    bits = rng.getrandbits

    suspects = list(deal.suspects)
    _shuffle(suspects, bits)
    start, finish, others = deal.pick_specials(rng)
    hidden_specials = [*deal.flags, *suspects[1:]]
    _shuffle(hidden_specials, bits)
    actions = [""] * (deal.rows * deal.cols)  # by cell number
    actions[start], actions[finish] = "depart", "arrivee"
    for i, card in zip(others, hidden_specials, strict=True):
        actions[i] = card
    plain_actions = list(deal.plain_actions)
    _shuffle(plain_actions, bits)
    plain_cells = [i for i, card in enumerate(actions) if not card]
    for i, card in zip(plain_cells, plain_actions, strict=True):
        actions[i] = card

    places = list(deal.places)
    _shuffle(places, bits)
    witnesses = list(deal.witnesses)
    plain_paths = list(deal.plain_paths)
    _shuffle(plain_paths, bits)
    piles = {"drapeau": places, "suspect": witnesses, "action": plain_paths}
    kinds = deal.kinds
    paths: list[str | None] = [None] * len(actions)
    for i, card in enumerate(actions):
        pile = piles.get(kinds[card])
        if pile is not None:
            paths[i] = pile.pop()
    if places or witnesses or plain_paths:
        raise DataError("data/labystere.yaml", "path_shapes",
                        "une carte Chemin par case couverte", len(places + witnesses + plain_paths))

    # Drawn last, so the cards of a seed are the same as before orientations existed.
    made, cells = deal.made, []
    for card, path in zip(actions, paths, strict=True):
        rotation = 0
        if path is not None:  # rng.randrange(4), drawn as random.py does: 3 bits, under 4
            rotation = bits(3)
            while rotation > 3:
                rotation = bits(3)
        cell = made.get((card, path, rotation)) or deal.cell(card, path, rotation)
        cells.append(cell)
    cols = deal.cols
    rows = tuple(tuple(cells[r * cols:(r + 1) * cols]) for r in range(deal.rows))
    return Layout(seed=seed, rows=rows, guilty=suspects[0])
