"""Base of every game's data schema, and the cross-checks that pydantic types cannot express."""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field

from companion.core.model import Component
from companion.core.provenance import Provenance

Positive = Annotated[int, Field(ge=1)]  # a count the rules need at least one of


class Strict(BaseModel):
    """Every data model forbids unknown fields: a typo in a data file is an error, not a no-op."""

    model_config = ConfigDict(extra="forbid", frozen=True)


class Sourced(Strict):
    """A value that says where it comes from, and why when it is not plainly the rules'."""

    provenance: Provenance = Provenance.RULES
    note: str = ""


class PlayerRange(Strict):
    min: int = Field(ge=1)
    max: int = Field(ge=1)


class CheckFailed(Exception):
    """Raised by a game's cross-checks; the loader adds the file name."""

    def __init__(self, field: str, expected: str, got: Any = None) -> None:
        self.field = field
        self.expected = expected
        self.got = got
        super().__init__(field)


def expect(condition: bool, field: str, expected: str, got: Any = None) -> None:
    if not condition:
        raise CheckFailed(field, expected, got)


def expect_unique(values: list[str], field: str) -> None:
    seen: set[str] = set()
    for index, value in enumerate(values):
        expect(value not in seen, f"{field}[{index}]", "un identifiant unique", value)
        seen.add(value)


class GameData(Strict):
    """What every game file declares at its top, plus the interface the rest of the product uses."""

    game: str
    title: str
    players: PlayerRange

    def check(self) -> None:
        """Cross-checks of references and totals; raise CheckFailed. Overridden per game."""

    def levels(self) -> list[int]:
        return []

    def components(self, level: int | None = None, players: int | None = None) -> list[Component]:
        raise NotImplementedError
