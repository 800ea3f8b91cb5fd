"""The common shape every game's data is flattened into: one row per component design."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from companion.core.provenance import Provenance

Kind = Literal["card", "token", "die", "pawn", "board", "sheet"]
KINDS: tuple[str, ...] = ("card", "token", "die", "pawn", "board", "sheet")


@dataclass(frozen=True)
class Component:
    """One component design of a game, with how many copies the box holds.

    `group` names the deck or set it belongs to (the print kit prints one file per group);
    `fields` holds the game's own fields (Noé `category`, Camelot `colour`, ...).
    """

    id: str
    name: str
    kind: Kind
    copies: int
    group: str
    fields: dict[str, Any] = field(default_factory=dict)
    provenance: Provenance = Provenance.RULES

    def as_row(self) -> dict[str, Any]:
        row: dict[str, Any] = {
            "id": self.id,
            "name": self.name,
            "kind": self.kind,
            "copies": self.copies,
            "group": self.group,
        }
        row.update(self.fields)
        row["provenance"] = self.provenance.value
        return row


def total_copies(components: list[Component], kind: str | None = "card") -> int:
    return sum(c.copies for c in components if kind is None or c.kind == kind)


_GROUP_LABELS = {
    "personnages": "Personnages", "mechants": "Méchants", "lieux": "Cartes Lieu",
    "pieces": "Pièces d'or", "pions": "Pions", "chemins": "Cartes Chemin",
    "actions": "Cartes Action", "suspects": "Cartes Suspect", "de": "Dé", "cartes": "Cartes",
    "jetons": "Jetons", "roles": "Cartes Rôle", "vie": "Cartes Vivant / Mort",
    "echelles": "Échelles",
}


def group_label(group: str) -> str:
    """The French name of a component group, for pages and printed sheets."""
    if group.startswith("enquete-"):
        return f"Cartes Enquête ({group.removeprefix('enquete-')})"
    return _GROUP_LABELS.get(group, group.replace("-", " ").capitalize())


_KIND_NAMES = {"card": ("carte", "cartes"), "token": ("jeton", "jetons"), "die": ("dé", "dés"),
               "pawn": ("pion", "pions"), "board": ("plateau", "plateaux"),
               "sheet": ("fiche", "fiches")}


def count_label(kind: str, n: int) -> str:
    """« 1 pion », « 96 jetons »: a count of components of one kind, in French."""
    one, many = _KIND_NAMES.get(kind, (kind, kind))
    return f"{n} {one if n == 1 else many}"
