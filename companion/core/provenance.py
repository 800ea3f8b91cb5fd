"""Where a value comes from: the rules themselves, a reconciliation of them, or a house default."""

from __future__ import annotations

from enum import StrEnum


class Provenance(StrEnum):
    RULES = "regles"  # stated by the rule file as it stands
    RECONCILED = "reconcilie"  # derived from a garbled or self-contradicting rule file
    PUBLISHED = "edition"  # taken from the published edition of the same game (Camelot = Ivanhoe)
    HOUSE = "defaut-maison"  # not in the rules: the project's editable default

    @property
    def label(self) -> str:
        return {
            Provenance.RULES: "règle",
            Provenance.RECONCILED: "réconcilié",
            Provenance.PUBLISHED: "édition publiée",
            Provenance.HOUSE: "défaut maison",
        }[self]

    @property
    def is_official(self) -> bool:
        return self is not Provenance.HOUSE
