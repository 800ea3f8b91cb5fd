"""The facts about each Noé card that the hand analysis and the control check need, computed once
from data/noe.yaml (through `NoeData.components`), and the checks that turn card ids typed by a
user into a valid hand."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import cast

from companion.core.errors import RuleError
from companion.core.loader import load_game
from companion.games.noe import refs
from companion.games.noe.data import NoeData

CHARACTER, JOKER, MECHANT = 0, 1, 2


@dataclass(frozen=True, slots=True)
class Card:
    id: str
    name: str  # « Sarah — Enquêteurs »
    first_name: str
    category: str  # a category id, "joker", or the méchant kind (attentat, espion-rouge...)
    category_name: str
    kind: int  # CHARACTER, JOKER or MECHANT
    name_index: int  # small ints, so the analysis compares ints, not strings
    category_index: int
    replaces_noe: bool = False  # jokers only: may stand for a Noé card
    grade: str | None = None  # État-Major and Enquêteurs cards
    grade_rank: int = 0

    @property
    def is_attentat(self) -> bool:
        return self.category == "attentat"


@dataclass(frozen=True)
class Deck:
    """Every card of the complete game (level 3), by id, plus the lookups built on it."""

    data: NoeData
    cards: dict[str, Card]
    noe_name_index: int  # the first name only Archange Noé may stand for
    names: tuple[str, ...]  # name_index -> first name
    category_names: dict[str, str]  # category id -> plural name

    def card(self, card_id: str) -> Card:
        try:
            return self.cards[card_id]
        except KeyError:
            raise RuleError(f"carte inconnue « {card_id} » (voir `companion cards noe`)",
                            refs.CHARACTERS) from None


@lru_cache(maxsize=1)
def deck() -> Deck:
    data = cast(NoeData, load_game("noe"))
    names: dict[str, int] = {}
    categories: dict[str, int] = {}
    cards: dict[str, Card] = {}
    for comp in data.components(level=max(data.levels())):
        f = comp.fields
        group = f["category"]
        kind = JOKER if group == "joker" else MECHANT if comp.group == "mechants" else CHARACTER
        cards[comp.id] = Card(
            id=comp.id, name=comp.name, first_name=f["first_name"], category=group,
            category_name=f["category_name"], kind=kind,
            name_index=names.setdefault(f["first_name"], len(names)),
            category_index=categories.setdefault(group, len(categories)),
            replaces_noe=bool(f.get("replaces_noe", False)),
            grade=f.get("grade"), grade_rank=f.get("grade_rank") or 0)
    noe = next(c.first_name for c in cards.values() if c.kind == JOKER and c.replaces_noe)
    return Deck(data=data, cards=cards, noe_name_index=names[noe], names=tuple(names),
                category_names={c.id: c.plural for c in data.categories})


def check_level(level: int) -> None:
    if level not in deck().data.levels():
        raise RuleError(f"niveau {level} inconnu ; niveaux : "
                        f"{', '.join(map(str, deck().data.levels()))}", refs.GENERAL)


def hand_of(card_ids: Sequence[str], level: int) -> tuple[Card, ...]:
    """The hand a player holds, checked: exactly six known, distinct cards, allowed at the level.

    Rules: six cards in hand (Démarrage du jeu); every card is unique (Les 10 catégories); no
    méchant at levels 1-2 (Règles générales: they are removed); an Attentat is never kept in hand
    (Niveau 3 › Les attentats). Cards out of play in the manche: `hand.analyse` (NOE-14)."""
    check_level(level)
    size = deck().data.hand_size
    if len(card_ids) != size:
        raise RuleError(f"une main compte {size} cartes (reçu {len(card_ids)})", refs.START)
    cards = tuple(deck().card(card_id) for card_id in card_ids)
    seen: set[str] = set()
    for card in cards:
        if card.id in seen:
            raise RuleError(f"la carte « {card.name} » figure deux fois : chaque carte est unique",
                            refs.CATEGORIES)
        seen.add(card.id)
    check_held(cards, level)
    return cards


def check_held(cards: Sequence[Card], level: int) -> None:
    """Cards a player may hold at this level: no méchant at levels 1-2 (Règles générales: they
    are removed), never an Attentat (Niveau 3 › Les attentats)."""
    with_mechants = deck().data.level(level).mechants
    for card in cards:
        if card.kind == MECHANT and not with_mechants:
            raise RuleError(f"« {card.name} » : les méchants ne sont utilisés qu'au niveau 3 "
                            f"(niveau {level})", refs.GENERAL)
        if card.is_attentat:
            raise RuleError(f"« {card.name} » : une carte Attentat ne se garde jamais en main",
                            refs.ATTENTATS)
