"""Schema of data/camelot.yaml: colour cards, supporters, action cards and tokens.
Rules: camelot.txt; counts the French text leaves out come from Ivanhoe's published deck."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from companion.core.model import Component
from companion.core.provenance import Provenance
from companion.core.schema import GameData, Positive, Sourced, Strict, expect, expect_unique

ActionFamily = Literal["couleur", "personnage", "special"]


class ValueCount(Strict):
    value: int = Field(ge=1)
    copies: int = Field(ge=1)


class Colour(Strict):
    id: str
    name: str
    cards: list[ValueCount]


class Supporter(Strict):
    id: str
    name: str
    value: int = Field(ge=1)
    copies: int = Field(ge=1)


class Action(Sourced):
    id: str
    name: str
    family: ActionFamily
    effect: str
    copies: int = Field(ge=1)


class CamelotData(GameData):
    hand_size: int = Field(ge=1)
    colours: list[Colour]
    supporters: list[Supporter]
    actions: list[Action]
    tokens_per_colour: int = Field(ge=1)
    tokens_to_win: dict[int, Positive]
    stated_cards: int
    stated_colour_cards: int
    stated_supporters: int
    stated_actions: int
    stated_named_actions: int

    def check(self) -> None:
        expect_unique([c.id for c in self.colours], "colours")
        expect_unique([a.id for a in self.actions], "actions")
        expect_unique([s.id for s in self.supporters], "supporters")
        colour_cards = sum(v.copies for c in self.colours for v in c.cards)
        expect(colour_cards == self.stated_colour_cards, "colours",
               f"{self.stated_colour_cards} cartes de couleur", colour_cards)
        supporters = sum(s.copies for s in self.supporters)
        expect(supporters == self.stated_supporters, "supporters",
               f"{self.stated_supporters} cartes de soutien", supporters)
        expect(len(self.actions) == self.stated_named_actions, "actions",
               f"{self.stated_named_actions} cartes d'action différentes", len(self.actions))
        actions = sum(a.copies for a in self.actions)
        expect(actions == self.stated_actions, "actions",
               f"{self.stated_actions} cartes d'action", actions)
        total = colour_cards + supporters + actions
        expect(total == self.stated_cards, "stated_cards", "couleur + soutien + action", total)
        for n in range(self.players.min, self.players.max + 1):
            expect(n in self.tokens_to_win, "tokens_to_win", f"un objectif pour {n} joueurs")

    # --- interface -------------------------------------------------------------------------

    def action(self, action_id: str) -> Action:
        return next(a for a in self.actions if a.id == action_id)

    def components(self, level: int | None = None, players: int | None = None) -> list[Component]:
        out: list[Component] = []
        for colour in self.colours:
            for vc in colour.cards:
                out.append(Component(f"{colour.id}-{vc.value}", f"{colour.name} {vc.value}",
                                     "card", vc.copies, "cartes",
                                     {"type": "couleur", "colour": colour.id, "value": vc.value}))
        for sup in self.supporters:
            out.append(Component(sup.id, f"{sup.name} {sup.value}", "card", sup.copies, "cartes",
                                 {"type": "soutien", "colour": None, "value": sup.value}))
        for action in self.actions:
            out.append(Component(action.id, action.name, "card", action.copies, "cartes",
                                 {"type": "action", "colour": None, "value": None,
                                  "family": action.family, "effect": action.effect},
                                 action.provenance))
        for colour in self.colours:
            out.append(Component(f"jeton-{colour.id}", f"Jeton {colour.name.lower()}", "token",
                                 self.tokens_per_colour, "jetons",
                                 {"colour": colour.id, "value": None}))
        return out


__all__ = ["CamelotData", "Provenance"]
