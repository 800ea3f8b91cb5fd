"""Fast announcement check for the Noé lab: which announcements six cards allow, with the same
answer as `companion.games.noe.hand.analyse` (tests compare them on thousands of hands) but cheap
enough for thousands of manches a second.

Speed: every valid trio of the level's cards is listed once as a bit mask, computed with the
engine's own `trio_kind`, so two trios are found with set lookups over the 10 splits; the
category announcements are counts; the Élysée compositions go through the engine's `compose`,
only when the hand holds enough of their first names."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations

from companion.games.noe.cards import CHARACTER, JOKER, MECHANT, Card, Deck, deck
from companion.games.noe.data import Announcement
from companion.games.noe.hand import _SPLITS, compose, trio_kind


@dataclass(frozen=True)
class Table:
    """The cards of one level as positions 0..n-1, and what the checks need about them."""

    deck: Deck
    level: int
    cards: tuple[Card, ...]
    trios: frozenset[int]  # bit masks of the valid trios
    announcements: tuple[Announcement, ...]
    category_of: tuple[int, ...]  # category index, -1 joker, -2 méchant
    name_of: tuple[int, ...]
    attentat: tuple[bool, ...]
    mechant: tuple[bool, ...]
    joker: tuple[bool, ...]
    category_index: dict[str, int]
    counts_for: tuple[tuple[int, ...], ...]  # per card: the category announcements it counts in
    composition_names: frozenset[str]
    min_composition: int


_TABLES: dict[int, Table] = {}


def table(level: int) -> Table:
    """Built once per level and per data (a variant of data/noe.yaml gives a new deck)."""
    current = deck()
    cached = _TABLES.get(level)
    if cached is not None and cached.deck is current:
        return cached
    with_mechants = current.data.level(level).mechants
    cards = tuple(c for c in current.cards.values() if with_mechants or c.kind != MECHANT)
    usable = [i for i, c in enumerate(cards) if c.kind != MECHANT]
    trios = frozenset((1 << a) | (1 << b) | (1 << c) for a, b, c in combinations(usable, 3)
                      if trio_kind(cards[a], cards[b], cards[c]) is not None)
    names = [a for a in current.data.announcements if a.kind == "names"]
    anns = current.data.announcements
    counts_for = tuple(tuple(k for k, a in enumerate(anns) if a.kind == "category" and (
        c.kind == JOKER or (c.kind == CHARACTER and c.category == a.category))) for c in cards)
    built = Table(
        deck=current, level=level, cards=cards, trios=trios,
        announcements=tuple(current.data.announcements),
        category_of=tuple(c.category_index if c.kind == CHARACTER else -1 if c.kind == JOKER
                          else -2 for c in cards),
        name_of=tuple(c.name_index for c in cards),
        attentat=tuple(c.is_attentat for c in cards),
        mechant=tuple(c.kind == MECHANT for c in cards),
        joker=tuple(c.kind == JOKER for c in cards),
        category_index={c.category: c.category_index for c in cards if c.kind == CHARACTER},
        counts_for=counts_for,
        composition_names=frozenset(n for a in names for comp in a.compositions for n in comp),
        min_composition=min((len(comp) for a in names for comp in a.compositions), default=99))
    _TABLES[level] = built
    return built


def allowed(t: Table, hand: Sequence[int]) -> list[Announcement]:
    """The announcements the six cards at these positions allow, in the data's order."""
    out: list[Announcement] = []
    bits = [1 << p for p in hand]
    jokers = sum(1 for p in hand if t.joker[p])
    counts = [0] * len(t.announcements)
    for p in hand:
        for k in t.counts_for[p]:
            counts[k] += 1
    for k, ann in enumerate(t.announcements):
        if ann.kind == "two_trios":
            trios = t.trios
            for first, second in _SPLITS:
                if (bits[first[0]] | bits[first[1]] | bits[first[2]]) in trios and (
                        bits[second[0]] | bits[second[1]] | bits[second[2]]) in trios:
                    out.append(ann)
                    break
        elif ann.kind == "category":
            if counts[k] >= (ann.count or 0):
                out.append(ann)
        elif ann.kind == "names":
            named = sum(1 for p in hand if t.category_of[p] >= 0
                        and t.cards[p].first_name in t.composition_names)
            if named + jokers >= t.min_composition:
                cards = [t.cards[p] for p in hand]
                if any(compose(comp, cards) is not None for comp in ann.compositions):
                    out.append(ann)
    return out
