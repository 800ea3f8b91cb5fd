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
    compositions: tuple[tuple[tuple[tuple[int, int], ...], ...], ...]  # per announcement
    noe_joker: tuple[bool, ...]


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
        compositions=tuple(tuple(_needs(current, comp) for comp in a.compositions)
                           if a.kind == "names" else () for a in anns),
        noe_joker=tuple(c.kind == JOKER and c.replaces_noe for c in cards))
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
        elif ann.kind == "names" and _may_compose(t, hand, t.compositions[k], jokers):
            cards = [t.cards[p] for p in hand]
            if any(compose(comp, cards) is not None for comp in ann.compositions):
                out.append(ann)
    return out


def _needs(current: Deck, composition: Sequence[str]) -> tuple[tuple[int, int], ...]:
    """A composition as (first-name index, how many), Noé's first."""
    index = {name: i for i, name in enumerate(current.names)}
    counted = {index[n]: composition.count(n) for n in composition}
    return tuple(sorted(counted.items(), key=lambda item: item[0] != current.noe_name_index))


def _may_compose(t: Table, hand: Sequence[int], compositions: Sequence[tuple[tuple[int, int], ...]],
                 jokers: int) -> bool:
    """Whether some composition can be made (the same counting as `compose`, without building
    the proof): the missing first names must be covered by jokers, a Noé by Archange Noé."""
    noe = t.deck.noe_name_index
    noe_jokers = sum(1 for p in hand if t.noe_joker[p])
    for needs in compositions:
        missing = 0
        for name, need in needs:
            have = sum(1 for p in hand if t.category_of[p] >= 0 and t.name_of[p] == name)
            short = max(0, need - have)
            if name == noe and short > noe_jokers:
                break
            missing += short
        else:
            if missing <= jokers:
                return True
    return False
