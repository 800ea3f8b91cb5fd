"""Errors the product reports to users: each carries one clear line, never a traceback."""

from __future__ import annotations


class CompanionError(Exception):
    """Base of every error shown to a user as one line."""


class DataError(CompanionError):
    """A data file that does not validate: names the file, the field and what was expected."""

    def __init__(self, file: str, field: str, expected: str, got: object | None = None) -> None:
        self.file = file
        self.field = field
        self.expected = expected
        self.got = got
        detail = "" if got is None else f" (reçu : {got!r})"
        super().__init__(f"{file} : champ « {field} » : attendu {expected}{detail}")


class UsageError(CompanionError):
    """A request that cannot be served as asked (unknown game, level, card...)."""


class RuleError(CompanionError):
    """An event that does not fit the rules or the state.

    `rule` points to where the rules say it (or to the register of decisions)."""

    def __init__(self, reason: str, rule: str = "") -> None:
        self.reason = reason
        self.rule = rule
        super().__init__(f"{reason} [{rule}]" if rule else reason)
