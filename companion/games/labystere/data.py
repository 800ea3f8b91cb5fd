"""Schema of data/labystere.yaml: path cards, action cards, suspects, places, investigation
cards per colour, pawns and die. Rules: labystere-ptit-jeu-maelys.txt."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from companion.core.model import Component
from companion.core.provenance import Provenance
from companion.core.schema import GameData, Positive, Sourced, expect, expect_unique

PathShape = Literal["droit", "virage", "t", "croix"]


class Named(Sourced):
    id: str
    name: str


class PathKind(Sourced):
    shape: PathShape
    copies: int = Field(ge=1)


class ActionKind(Sourced):
    id: str
    name: str
    effect: str
    copies: int = Field(ge=1)
    mandatory: bool = True


class FlagCard(Sourced):
    id: str
    name: str
    flag_here: bool
    copies: int = Field(ge=1)


class Colour(Sourced):
    id: str
    name: str


class LabystereData(GameData):
    grid_rows: Positive
    grid_cols: Positive
    min_start_finish_distance: int = Field(ge=0)
    min_start_finish_distance_provenance: Provenance = Provenance.HOUSE
    die_faces: Positive
    suspects: list[Named]
    places: list[Named]
    witness_cards: int = Field(ge=0)
    path_shapes: list[PathKind]
    place_path_shape: PathShape
    witness_path_shape: PathShape
    flag_cards: list[FlagCard]
    actions: list[ActionKind]
    colours: list[Colour]
    stated_path_cards: int
    stated_action_cards: int

    def check(self) -> None:
        expect_unique([s.id for s in self.suspects], "suspects")
        expect_unique([p.id for p in self.places], "places")
        expect_unique([a.id for a in self.actions], "actions")
        expect_unique([c.id for c in self.colours], "colours")
        expect(len(self.places) == sum(f.copies for f in self.flag_cards), "flag_cards",
               "autant de cartes Drapeau que de lieux", sum(f.copies for f in self.flag_cards))
        expect(sum(f.copies for f in self.flag_cards if f.flag_here) == 1, "flag_cards",
               "exactement une carte Drapeau « drapeau ici »")
        paths = len(self.places) + self.witness_cards + sum(p.copies for p in self.path_shapes)
        expect(paths == self.stated_path_cards, "path_shapes",
               f"{self.stated_path_cards} cartes Chemin au total (lieux + témoins + chemins)",
               paths)
        actions = 2 + sum(f.copies for f in self.flag_cards) + sum(a.copies for a in self.actions)
        expect(actions == self.stated_action_cards, "actions",
               f"{self.stated_action_cards} cartes Action (Départ, Arrivée, Drapeau et actions)",
               actions)
        expect(self.witness_cards == len(self.suspects) - 1, "witness_cards",
               "un témoin par suspect innocent (suspects - 1)", self.witness_cards)
        cells = self.grid_rows * self.grid_cols
        expect(actions + len(self.suspects) - 1 == cells, "grid_rows",
               f"une grille de {actions + len(self.suspects) - 1} cases (actions + suspects - 1)",
               cells)
        expect(paths == cells - 2, "stated_path_cards",
               "une carte Chemin par case sauf Départ et Arrivée", paths)

    # --- interface -------------------------------------------------------------------------

    def action(self, action_id: str) -> ActionKind:
        return next(a for a in self.actions if a.id == action_id)

    def components(self, level: int | None = None, players: int | None = None) -> list[Component]:
        out: list[Component] = []
        for place in self.places:
            out.append(Component(f"chemin-lieu-{place.id}", place.name, "card", 1, "chemins",
                                 {"type": "lieu", "place": place.id,
                                  "shape": self.place_path_shape}, place.provenance))
        out.append(Component("chemin-temoin", "Témoin", "card", self.witness_cards, "chemins",
                             {"type": "temoin", "shape": self.witness_path_shape}))
        for kind in self.path_shapes:
            out.append(Component(f"chemin-{kind.shape}", f"Chemin ({kind.shape})", "card",
                                 kind.copies, "chemins", {"type": "chemin", "shape": kind.shape},
                                 kind.provenance))
        out.append(Component("depart", "Départ", "card", 1, "actions", {"type": "depart"}))
        out.append(Component("arrivee", "Arrivée", "card", 1, "actions", {"type": "arrivee"}))
        for flag in self.flag_cards:
            out.append(Component(flag.id, flag.name, "card", flag.copies, "actions",
                                 {"type": "drapeau", "flag_here": flag.flag_here},
                                 flag.provenance))
        for action in self.actions:
            out.append(Component(action.id, action.name, "card", action.copies, "actions",
                                 {"type": "action", "effect": action.effect}, action.provenance))
        for suspect in self.suspects:
            out.append(Component(f"suspect-{suspect.id}", suspect.name, "card", 1, "suspects",
                                 {"type": "suspect", "suspect": suspect.id}, suspect.provenance))
        for colour in self.colours:
            for suspect in self.suspects:
                out.append(Component(f"enquete-{colour.id}-suspect-{suspect.id}", suspect.name,
                                     "card", 1, f"enquete-{colour.id}",
                                     {"type": "enquete", "colour": colour.id,
                                      "suspect": suspect.id}, suspect.provenance))
            for place in self.places:
                out.append(Component(f"enquete-{colour.id}-lieu-{place.id}", place.name,
                                     "card", 1, f"enquete-{colour.id}",
                                     {"type": "enquete", "colour": colour.id,
                                      "place": place.id}, place.provenance))
            out.append(Component(f"enquete-{colour.id}-separation", "Séparation", "card", 1,
                                 f"enquete-{colour.id}",
                                 {"type": "separation", "colour": colour.id}))
        for colour in self.colours:
            out.append(Component(f"pion-{colour.id}", f"Pion {colour.name}", "pawn", 1, "pions",
                                 {"colour": colour.id}, colour.provenance))
        out.append(Component("de", "Dé", "die", 1, "de", {"faces": self.die_faces}))
        return out
