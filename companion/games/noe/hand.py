"""Hand analysis: for the six cards of a hand, every announcement they allow, the grouping that
proves it, its points, and the best one.

How a joker counts (registre NOE-1): a joker is one more member of whichever group it completes,
a category (« un Pompier ») or a first name (« une Sarah »), even where no printed card with both
traits is left; the only limit is Noé: a joker other than Archange Noé never counts as a Noé.
Méchants belong to no group (Niveau 3); the cards a special announcement does not use are free
(registre NOE-3).

Speed: every card's facts are small ints computed once (cards.deck()); a hand is checked with int
comparisons over the 10 ways of splitting six cards into two trios."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations
from typing import Any

from companion.core.errors import RuleError
from companion.games.noe import refs
from companion.games.noe.cards import CHARACTER, JOKER, MECHANT, Card, deck, hand_of
from companion.games.noe.data import Announcement
from companion.games.noe.inplay import OutOfPlay, check_in_play


@dataclass(frozen=True)
class Group:
    """A set of cards that proves (part of) an announcement; `roles` says what each joker is."""

    label: str
    cards: tuple[str, ...]
    roles: tuple[tuple[str, str], ...] = ()

    def describe(self) -> str:
        names = [deck().cards[c].name for c in self.cards]
        jokers = "".join(f" ; {deck().cards[j].name} = {role}" for j, role in self.roles)
        return f"{self.label} : {', '.join(names)}{jokers}"


@dataclass(frozen=True)
class Found:
    """One announcement the hand allows, with its proof."""

    id: str
    name: str
    points: int
    groups: tuple[Group, ...]
    wait_next_turn: bool = False

    @property
    def cards(self) -> list[str]:
        return [card for group in self.groups for card in group.cards]

    def as_json(self) -> dict[str, Any]:
        # wait_next_turn: a Complot à l'Élysée is announced at the start of the player's next
        # turn, not when discarding (Le Complot à l'Élysée; the text output says so too)
        return {"name": self.name, "points": self.points, "cards": self.cards,
                "wait_next_turn": self.wait_next_turn}


@dataclass(frozen=True)
class Analysis:
    announcements: tuple[Found, ...]
    best: Found | None

    def allows(self, announcement_id: str) -> bool:
        return any(f.id == announcement_id for f in self.announcements)

    def as_json(self) -> dict[str, Any]:
        return {"announcements": [f.as_json() for f in self.announcements],
                "best": self.best.as_json() if self.best else None}


def analyse(card_ids: Sequence[str], level: int = 3, gone: OutOfPlay | None = None) -> Analysis:
    """Check the hand (six known, distinct cards allowed at the level, none out of play in the
    manche: `gone`, registre NOE-14), then analyse it."""
    cards = hand_of(card_ids, level)
    check_in_play(card_ids, gone, "dans cette main")
    return analyse_cards(cards)


def analyse_cards(cards: Sequence[Card]) -> Analysis:
    found = [f for f in (finder(cards) for finder in _finders()) if f is not None]
    return Analysis(tuple(found), best_of(found))


def best_of(found: Sequence[Found]) -> Found | None:
    """The announcement worth most; between equal points, the first in the table of combinations
    (registre NOE-13)."""
    best: Found | None = None
    for f in found:
        if best is None or f.points > best.points:
            best = f
    return best


# --- trios (Niveau 1 › Démarrage du jeu) ------------------------------------------------------

# The 10 ways of splitting six positions into two trios (position 0 always in the first one).
_SPLITS: tuple[tuple[tuple[int, int, int], tuple[int, ...]], ...] = tuple(
    ((0, a, b), tuple(i for i in range(1, 6) if i not in (a, b)))
    for a, b in combinations(range(1, 6), 2))


def trio_kind(a: Card, b: Card, c: Card) -> tuple[str, int] | None:
    """("category", index) or ("name", index) if the three cards form a trio, else None.

    A trio is three cards of one category or of one first name (Démarrage du jeu); a méchant is
    never part of one (Niveau 3 › méchants); jokers complete any trio, but only Archange Noé
    may be a Noé (Les 5 jokers; registre NOE-1); a trio may be made of jokers only (NOE-2)."""
    if a.kind == MECHANT or b.kind == MECHANT or c.kind == MECHANT:
        return None
    reals = [x for x in (a, b, c) if x.kind == CHARACTER]
    if len(reals) <= 1:
        return ("category", reals[0].category_index if reals else -1)
    first = reals[0]
    if all(x.category_index == first.category_index for x in reals):
        return ("category", first.category_index)
    if all(x.name_index == first.name_index for x in reals) and (
            first.name_index != deck().noe_name_index
            or all(x.replaces_noe for x in (a, b, c) if x.kind == JOKER)):
        return ("name", first.name_index)
    return None


def _trio_group(cards: Sequence[Card], kind: tuple[str, int]) -> Group:
    reals = [c for c in cards if c.kind == CHARACTER]
    jokers = [c for c in cards if c.kind == JOKER]
    if not reals:
        return Group("3 Archanges", tuple(c.id for c in cards),
                     tuple((j.id, "un personnage au choix") for j in jokers))
    if kind[0] == "name":
        name = deck().names[kind[1]]
        return Group(f"3 {name}", tuple(c.id for c in reals + jokers),
                     tuple((j.id, name) for j in jokers))
    plural = deck().category_names[reals[0].category]
    return Group(f"3 {plural}", tuple(c.id for c in reals + jokers),
                 tuple((j.id, f"carte {reals[0].category_name}") for j in jokers))


def _two_trios(ann: Announcement, cards: Sequence[Card]) -> Found | None:
    for first, second in _SPLITS:
        k1 = trio_kind(cards[first[0]], cards[first[1]], cards[first[2]])
        if k1 is None:
            continue
        k2 = trio_kind(cards[second[0]], cards[second[1]], cards[second[2]])
        if k2 is None:
            continue
        groups = (_trio_group([cards[i] for i in first], k1),
                  _trio_group([cards[i] for i in second], k2))
        return Found(ann.id, ann.name, ann.points, groups, ann.wait_next_turn)
    return None


# --- n cards of one category (combinations, Prix Pulitzer, Plan Étaré) ------------------------


def _of_category(ann: Announcement, cards: Sequence[Card]) -> Found | None:
    """`count` cards of the category, jokers completing (Démarrage du jeu, Annonces spéciales);
    the other cards of the hand are free (registre NOE-3)."""
    assert ann.category is not None and ann.count is not None
    reals = [c for c in cards if c.kind == CHARACTER and c.category == ann.category]
    jokers = [c for c in cards if c.kind == JOKER]
    if len(reals) + len(jokers) < ann.count:
        return None
    used_reals = reals[:ann.count]
    used_jokers = jokers[:ann.count - len(used_reals)]
    singular = deck().data.category(ann.category).name
    group = Group(ann.name, tuple(c.id for c in used_reals + used_jokers),
                  tuple((j.id, f"carte {singular}") for j in used_jokers))
    return Found(ann.id, ann.name, ann.points, (group,), ann.wait_next_turn)


# --- named cards (Complot à l'Élysée) --------------------------------------------------------


def _of_names(ann: Announcement, cards: Sequence[Card]) -> Found | None:
    """One of the compositions, any categories (Le Complot à l'Élysée); jokers stand for missing
    first names, Noé only through Archange Noé (Les 5 jokers)."""
    for composition in ann.compositions:
        group = compose(composition, cards)
        if group is not None:
            return Found(ann.id, ann.name, ann.points, (group,), ann.wait_next_turn)
    return None


def compose(composition: Sequence[str], cards: Sequence[Card]) -> Group | None:
    noe = deck().names[deck().noe_name_index]
    free = [c for c in cards if c.kind == CHARACTER]
    used: list[str] = []
    missing: list[str] = []
    for name in composition:
        match = next((c for c in free if c.first_name == name), None)
        if match is None:
            missing.append(name)
        else:
            free.remove(match)
            used.append(match.id)
    noe_jokers = [c for c in cards if c.kind == JOKER and c.replaces_noe]
    other_jokers = [c for c in cards if c.kind == JOKER and not c.replaces_noe]
    roles: list[tuple[str, str]] = []
    for name in sorted(missing, key=lambda n: n != noe):  # Noé first: it needs Archange Noé
        pool = noe_jokers if name == noe else (other_jokers or noe_jokers)
        if not pool:
            return None
        joker = pool.pop(0)
        used.append(joker.id)
        roles.append((joker.id, name))
    label = " + ".join(_counted(composition))
    return Group(label, tuple(used), tuple(roles))


def _counted(names: Sequence[str]) -> list[str]:
    out: list[str] = []
    for name in dict.fromkeys(names):
        n = names.count(name)
        out.append(f"{n} {name}" if n > 1 else name)
    return out


_KINDS = {"two_trios": _two_trios, "category": _of_category, "names": _of_names}


@lru_cache(maxsize=1)
def _finders() -> tuple[Any, ...]:
    """One finder per announcement of data/noe.yaml, in the order of its table."""
    def bind(ann: Announcement) -> Any:
        kind = _KINDS[ann.kind]
        return lambda cards: kind(ann, cards)
    return tuple(bind(ann) for ann in deck().data.announcements)


def announcement(announcement_id: str) -> Announcement:
    """The announcement of data/noe.yaml with this id (RuleError if unknown)."""
    for ann in deck().data.announcements:
        if ann.id == announcement_id:
            return ann
    ids = ", ".join(a.id for a in deck().data.announcements)
    raise RuleError(f"annonce inconnue « {announcement_id} » ; annonces : {ids}", refs.COMBOS)
