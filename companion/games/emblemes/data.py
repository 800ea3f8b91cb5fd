"""Schema of data/emblemes.yaml: families, the 15 characters, place cards and their rewards,
coins and round structure. Rules: emblemes.txt."""

from __future__ import annotations

from typing import Literal

from pydantic import Field, model_validator

from companion.core.model import Component
from companion.core.provenance import Provenance
from companion.core.schema import GameData, Positive, Sourced, Strict, expect, expect_unique

Timing = Literal["immediate", "end_of_round"]
PLACES = ("chateau", "village", "port")
PLACE_NAMES = {"chateau": "Château", "village": "Village", "port": "Port"}


class Family(Sourced):
    id: str
    name: str
    colour: str  # a colour name the print kit maps to a tint
    emblem: str  # a vector symbol the print kit can draw


class Character(Strict):
    value: int = Field(ge=1, le=15)
    id: str
    name: str
    timing: Timing
    effect: str  # the project's own words


class Reward(Strict):
    """One rank's reward: exactly one of the four kinds the rules list."""

    fixed: int | None = None
    per_card: bool | None = None
    steal: int | None = Field(default=None, ge=1)
    half_value: bool | None = None

    @model_validator(mode="after")
    def _one_kind(self) -> Reward:
        given = [k for k in ("fixed", "per_card", "steal", "half_value")
                 if getattr(self, k) is not None]
        if len(given) != 1 or getattr(self, given[0]) is False:
            raise ValueError(
                "exactement un de fixed: N, per_card: true, steal: N, half_value: true")
        return self

    def label(self) -> str:
        if self.per_card:
            return "1 pièce par carte du lieu"
        if self.steal:
            return f"vole {self.steal} pièce{'s' if self.steal > 1 else ''} à chaque autre joueur"
        if self.half_value:
            return "moitié de la valeur (arrondie au-dessus)"
        n = self.fixed or 0
        return f"{n:+d} pièce{'s' if abs(n) > 1 else ''}" if n < 0 else \
            f"{n} pièce{'s' if n > 1 else ''}"


class PlaceFace(Sourced):
    rewards: list[Reward]  # by rank: 1st place first


class PlaceCard(Strict):
    id: str
    set: Literal["A", "B", "C"]
    place: Literal["chateau", "village", "port"]
    face_3_4: PlaceFace
    face_5: PlaceFace


class Coin(Strict):
    value: int = Field(ge=1)
    copies: int = Field(ge=1)


class EmblemesData(GameData):
    rounds: int = Field(ge=1)
    hand_size: int = Field(ge=1)
    starting_coins: int = Field(ge=0)
    turns_per_round: dict[int, Positive]
    families: list[Family]
    characters: list[Character]
    place_cards: list[PlaceCard]
    coins: list[Coin]
    stated_coins: int

    def check(self) -> None:
        expect_unique([f.id for f in self.families], "families")
        expect(len(self.families) == 5, "families", "5 familles", len(self.families))
        values = [c.value for c in self.characters]
        expect(sorted(values) == list(range(1, 16)), "characters",
               "une carte par valeur de 1 à 15", values)
        expect_unique([c.id for c in self.characters], "characters")
        expect_unique([p.id for p in self.place_cards], "place_cards")
        pairs = sorted((p.set, p.place) for p in self.place_cards)
        expected = sorted((s, pl) for s in "ABC" for pl in PLACES)
        expect(pairs == expected, "place_cards",
               "9 cartes Lieu : sets A, B, C × Château, Village, Port", pairs)
        for i, card in enumerate(self.place_cards):
            expect(len(card.face_3_4.rewards) >= 1, f"place_cards[{i}].face_3_4.rewards",
                   "au moins une récompense")
            expect(len(card.face_5.rewards) >= 1, f"place_cards[{i}].face_5.rewards",
                   "au moins une récompense")
        for n in range(self.players.min, self.players.max + 1):
            expect(n in self.turns_per_round, "turns_per_round",
                   f"un nombre de tours pour {n} joueurs")
        total = sum(c.copies for c in self.coins)
        expect(total == self.stated_coins, "coins", f"{self.stated_coins} pièces au total", total)

    # --- interface -------------------------------------------------------------------------

    def character(self, value: int) -> Character:
        return next(c for c in self.characters if c.value == value)

    def place_card(self, card_id: str) -> PlaceCard:
        return next(p for p in self.place_cards if p.id == card_id)

    def place_face(self, set_name: str, place: str, players: int) -> PlaceFace:
        card = next(p for p in self.place_cards if p.set == set_name and p.place == place)
        return card.face_5 if players >= 5 else card.face_3_4

    def components(self, level: int | None = None, players: int | None = None) -> list[Component]:
        out: list[Component] = []
        for family in self.families:
            for ch in sorted(self.characters, key=lambda c: -c.value):
                out.append(Component(
                    f"{family.id}-{ch.value}", ch.name, "card", 1, "personnages",
                    {"family": family.id, "family_name": family.name, "value": ch.value,
                     "timing": ch.timing, "character": ch.id, "effect": ch.effect}))
        for card in self.place_cards:
            house = Provenance.HOUSE in (card.face_3_4.provenance, card.face_5.provenance)
            out.append(Component(
                card.id, f"{PLACE_NAMES[card.place]} (set {card.set})", "card", 1, "lieux",
                {"set": card.set, "place": card.place,
                 "rewards_3_4": [r.label() for r in card.face_3_4.rewards],
                 "rewards_5": [r.label() for r in card.face_5.rewards],
                 "provenance_3_4": card.face_3_4.provenance.value,
                 "provenance_5": card.face_5.provenance.value},
                Provenance.HOUSE if house else Provenance.RULES))
        for coin in self.coins:
            out.append(Component(f"piece-{coin.value}", f"Pièce d'or de {coin.value}", "token",
                                 coin.copies, "pieces", {"value": coin.value}))
        out.append(Component("pion-premier-joueur", "Pion Premier joueur", "pawn", 1, "pions"))
        return out
