"""The common shape every game's data is flattened into: one row per component design."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from companion.provenance import Provenance

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
