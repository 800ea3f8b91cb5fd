"""The end-of-round count of one round: place by place (Château, Village, Port), the end-of-round
effects from the highest card to the lowest, then the rewards by rank from the place card.

One scorer serves the engine and `companion emblemes score`; every coin it moves is a Movement
with its cause and rule."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from companion.core.errors import RuleError
from companion.games.emblemes.cards import (
    PLACES,
    RULE_EFFECTS,
    RULES,
    Card,
    card_label,
    character_id,
    is_end_of_round,
    place_label,
)
from companion.games.emblemes.coins import Ledger, Movement, coins_word
from companion.games.emblemes.data import Reward
from companion.games.emblemes.placement import check_order

RULE_END = f"{RULES} › Fin d'une manche"
RULE_REWARDS = f"{RULES} › Récompenses par lieu (set A, 3-4 joueurs)"
RULE_ZERO_REWARD = "registre EMB-3"
RULE_PRINCESSE = f"{RULE_EFFECTS} › 14 – La Princesse"
RULE_SORCIERE = f"{RULE_EFFECTS} › 13 – La Sorcière"
RULE_TRAITRE = f"{RULE_EFFECTS} › 7 – Le Traître"
RULE_MARCHAND = f"{RULE_EFFECTS} › 6 – Le Marchand"
RULE_ESPIONNE = f"{RULE_EFFECTS} › 3 – L'Espionne"
RULE_MATELOT = f"{RULE_EFFECTS} › 2 – Le Matelot"
SORCIERE_THRESHOLD = 13
MARCHAND_THRESHOLD = 6


@dataclass(frozen=True)
class PlaceInput:
    """A place at the end of the round: its place card's rewards by rank and its cards, left to
    right."""

    rewards: Sequence[Reward]
    cards: Sequence[Card]


@dataclass
class PlaceScore:
    place: str
    ranking: list[Card] = field(default_factory=list)  # 1st place first (after any Traître)
    rewarded: list[Card] = field(default_factory=list)  # discarded once the 3 places are done
    kept: list[Card] = field(default_factory=list)  # left to right, stay for the next round
    reversed: bool = False
    cancelled: list[Card] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)  # facts that moved no coin

    def as_detail(self) -> dict[str, Any]:
        return {"ranking": [c.as_json() for c in self.ranking],
                "rewarded": [c.as_json() for c in self.rewarded],
                "kept": [c.as_json() for c in self.kept],
                "reversed": self.reversed,
                "cancelled": [c.as_json() for c in self.cancelled],
                "notes": list(self.notes)}


@dataclass
class RoundScore:
    coins: dict[str, int]
    movements: list[Movement]
    places: dict[str, PlaceScore]

    def kept(self) -> dict[str, list[Card]]:
        return {place: list(score.kept) for place, score in self.places.items()}

    def as_json(self) -> dict[str, Any]:
        """The CLI's shape: coins after the round, movements, kept cards per place."""
        return {"coins": dict(self.coins),
                "movements": [m.as_json() for m in self.movements],
                "kept": {p: [c.as_json() for c in cards] for p, cards in self.kept().items()}}

    def place_lines(self, place: str) -> list[str]:
        """One place's count in French: facts, each coin with its cause, what stays."""
        result = self.places[place]
        lines = [f"· {note}" for note in result.notes]
        lines += [f"{m.player} {m.amount:+d} : {m.cause}"
                  for m in self.movements if m.place == place]
        if not result.ranking:
            lines.append("aucune carte")
        kept = ", ".join(card_label(c) for c in result.kept)
        if kept:
            lines.append(f"restent en jeu : {kept}")
        return lines

    def explanation(self) -> list[str]:
        lines: list[str] = []
        for place in self.places:
            lines.append(f"— {place_label(place)}")
            lines += [f"  {line}" for line in self.place_lines(place)]
        return lines

    def as_detail(self) -> dict[str, Any]:
        """Everything, for the engine's summary: movements with rule/place/card, notes."""
        return {"coins": dict(self.coins),
                "movements": [m.as_detail() for m in self.movements],
                "places": {p: s.as_detail() for p, s in self.places.items()}}


def check_table(players: Sequence[str], places: Mapping[str, PlaceInput]) -> None:
    """RuleError unless each place is in order and each card is one of its owner's 15."""
    seen: set[Card] = set()
    for place in PLACES:
        cards = places[place].cards
        for card in cards:
            if card.owner not in players:
                raise RuleError(f"{place_label(place)} : propriétaire inconnu « {card.owner} »",
                                f"{RULES} › Le matériel")
            if not 1 <= card.value <= 15:
                raise RuleError(f"{place_label(place)} : valeur {card.value} hors de 1-15",
                                f"{RULES} › Le matériel")
            if card in seen:
                raise RuleError(f"{card_label(card)} figure deux fois : chaque famille n'a "
                                "qu'une carte de chaque valeur", f"{RULES} › Le matériel")
            seen.add(card)
        check_order(cards, place)


def score_round(players: Sequence[str], coins: Mapping[str, int],
                places: Mapping[str, PlaceInput]) -> RoundScore:
    """Score the three places in the rules' order; `coins` is not modified."""
    ledger = Ledger(dict(coins))
    scores = {place: _score_place(place, places[place], players, ledger) for place in PLACES}
    return RoundScore(ledger.coins, ledger.movements, scores)


def _score_place(place: str, given: PlaceInput, players: Sequence[str],
                 ledger: Ledger) -> PlaceScore:
    """emblemes.txt › Fin d'une manche: effects (□) left to right, then rewards by rank; a
    Traître reads the place from right to left (EMB-14)."""
    cards = list(given.cards)
    score = PlaceScore(place)
    doubled = _end_of_round_effects(place, cards, ledger, score)
    score.ranking = cards[::-1] if score.reversed else list(cards)
    score.rewarded = score.ranking[:len(given.rewards)]
    for rank, (card, reward) in enumerate(zip(score.ranking, given.rewards, strict=False), 1):
        _award(place, rank, card, reward, card in doubled, len(cards), players, ledger)
    rewarded = set(score.rewarded)
    score.kept = [c for c in cards if c not in rewarded]
    return score


def _end_of_round_effects(place: str, cards: list[Card], ledger: Ledger,
                          score: PlaceScore) -> set[Card]:
    """Each □ effect from the highest card (leftmost) to the lowest; returns the Matelots whose
    reward is doubled. A Sorcière cancels the □ effects of the cards under 13 after it — all of
    them, since the cards stand in descending order (EMB-4: the Traître's reversal included)."""
    doubled: set[Card] = set()
    sorciere: Card | None = None
    for card in cards:
        if not is_end_of_round(card.value):
            continue
        if sorciere is not None and card.value < SORCIERE_THRESHOLD:
            score.cancelled.append(card)
            continue
        kind = character_id(card.value)
        if kind == "princesse":
            _princesse(place, card, cards, ledger)
        elif kind == "sorciere":
            sorciere = sorciere or card
        elif kind == "traitre":
            score.reversed = True
        elif kind == "marchand":
            _marchand(place, card, cards, ledger)
        elif kind == "espionne":
            _espionne(place, card, cards, ledger, score)
        elif kind == "matelot":
            if place == "port":
                doubled.add(card)
            else:
                score.notes.append(f"{card_label(card)} : hors du Port, sa récompense n'est "
                                   "pas doublée")
    if score.cancelled:
        assert sorciere is not None
        names = ", ".join(card_label(c) for c in score.cancelled)
        score.notes.append(f"{card_label(sorciere)} annule l'effet de fin de manche de : {names}")
    if score.reversed:
        score.notes.append(f"Traître au {place_label(place)} : classement inversé, la carte la "
                           "plus faible prend la 1re place")
    return doubled


def _princesse(place: str, princesse: Card, cards: list[Card], ledger: Ledger) -> None:
    """14 – La Princesse: 1 coin from the bank for each other card of the place, to its owner
    (other Princesses included; the Princesse's own owner's other cards too — EMB-5)."""
    for other in cards:
        if other != princesse:
            ledger.gain(other.owner, 1, f"{card_label(princesse)} au {place_label(place)} : "
                        f"1 pièce pour {card_label(other)}", RULE_PRINCESSE, place, princesse)


def _marchand(place: str, marchand: Card, cards: list[Card], ledger: Ledger) -> None:
    """6 – Le Marchand: 1 coin per card of value under 6 in the place (any owner)."""
    lower = sum(1 for c in cards if c.value < MARCHAND_THRESHOLD)
    ledger.gain(marchand.owner, lower, f"{card_label(marchand)} au {place_label(place)} : "
                f"{lower} carte{'s' if lower > 1 else ''} de valeur inférieure à 6",
                RULE_MARCHAND, place, marchand)


def _espionne(place: str, espionne: Card, cards: list[Card], ledger: Ledger,
              score: PlaceScore) -> None:
    """3 – L'Espionne: 2 coins if she is her owner's only card in the place."""
    if sum(1 for c in cards if c.owner == espionne.owner) == 1:
        ledger.gain(espionne.owner, 2, f"{card_label(espionne)} au {place_label(place)} : "
                    f"seule carte de {espionne.owner}", RULE_ESPIONNE, place, espionne)
    else:
        score.notes.append(f"{card_label(espionne)} : {espionne.owner} a d'autres cartes au "
                           f"{place_label(place)}, pas de gain")


def rank_label(rank: int) -> str:
    return "1re place" if rank == 1 else f"{rank}e place"


def reward_amount(reward: Reward, card: Card, cards_in_place: int) -> int:
    """The coins a non-steal reward pays to `card` (negative for a loss)."""
    if reward.per_card:
        return cards_in_place
    if reward.half_value:
        return (card.value + 1) // 2
    return reward.fixed or 0


def _award(place: str, rank: int, card: Card, reward: Reward, doubled: bool,
           cards_in_place: int, players: Sequence[str], ledger: Ledger) -> None:
    """One rank's reward from the place card; a Matelot in the Port doubles it, losses included
    (EMB-13: whatever the kind; a steal takes from every other player of the game).

    EMB-3: the card has received its reward whatever the amount (0, or a steal from empty
    purses): it is discarded at the end of the count."""
    factor = 2 if doubled else 1
    cause = (f"{rank_label(rank)} au {place_label(place)}, {card_label(card)} : "
             f"{reward.label()}" + (" ×2 (Matelot au Port)" if doubled else ""))
    rule = RULE_MATELOT if doubled else RULE_REWARDS
    if reward.steal:
        seat = players.index(card.owner)
        for victim in list(players[seat + 1:]) + list(players[:seat]):
            ledger.transfer(card.owner, victim, reward.steal * factor, cause, rule, place, card)
        return
    amount = reward_amount(reward, card, cards_in_place) * factor
    if amount == 0:
        cause += f" — {coins_word(0)}, la carte est quand même récompensée"
        rule = RULE_ZERO_REWARD
    ledger.gain(card.owner, amount, cause, rule, place, card)


__all__ = ["PlaceInput", "PlaceScore", "RoundScore", "check_table", "score_round"]
