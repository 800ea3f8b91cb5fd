"""What the event store hands out (a stored game, a line of the games list), its errors, and
game codes and the database's default location (companion/events/store.py is the store itself)."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from companion.core import settings
from companion.core.engine import GameState, InvalidEvent, replay_entries
from companion.core.errors import CompanionError, UsageError
from companion.core.log import Entry
from companion.core.text import counted
from companion.events.logfile import envelope

# No 0/O, 1/I/L, U/V look-alikes: a code read across a table is typed right the first time.
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTWXYZ23456789"
CODE_LENGTH = 6
_CODE_RE = re.compile(f"^[{CODE_ALPHABET}]{{{CODE_LENGTH}}}$")

class StaleWrite(CompanionError):
    """The log moved on since the writer's view: nothing written, reload and retry."""

    def __init__(self, code: str, expected: int, actual: int) -> None:
        self.code = code
        self.expected = expected
        self.actual = actual
        # the lines written since, as « changements » (tableapp/table/notices.py says so too): a
        # count of the log's lines called « événements » contradicted the history's count,
        # which is of the entries in force (issue 36)
        super().__init__(
            f"la partie {code} a changé entre-temps (sur un autre appareil ?) : "
            f"{counted(actual - expected, 'changement')} depuis ce que montrait cet écran ; "
            "rien n'a été écrit, vérifiez la partie à jour puis recommencez")


class UnknownGame(UsageError):
    """No game with that code."""

    def __init__(self, code: str) -> None:
        self.code = code
        super().__init__(f"aucune partie avec le code « {code} »")


@dataclass(frozen=True)
class GameSummary:
    """One line of the "Reprendre une partie" list."""

    code: str
    game: str
    title: str
    created: str
    updated: str
    events: int
    rules_version: int = 0  # the rules version it last replayed with (0: not yet recorded)
    broken: str | None = None  # why it did not replay with that version, if it did not
    replays: bool | None = None  # False: no longer replays with the current rules; None:
    #                              not yet replayed with them


class NoLongerReplays(CompanionError):
    """A stored game that its engine's current rules no longer replay (typically after a
    rules change). It can still be exported (export never replays)."""

    def __init__(self, code: str, version: int, cause: InvalidEvent) -> None:
        self.code = code
        self.rules_version = version
        self.index = cause.index
        self.reason = cause.reason
        self.rule = cause.rule
        super().__init__(f"la partie {code} ne se rejoue plus avec les règles actuelles "
                         f"(version {version}) : {cause} ; elle reste exportable")


class ReadOnlyGame(CompanionError):
    """A stored game that replays only with older rules its engine still keeps (read only):
    it opens and shows what was played, it is exported, nothing more is written to it."""

    def __init__(self, code: str, version: int) -> None:
        self.code = code
        self.rules_version = version
        super().__init__(f"la partie {code} a été jouée avec les règles d'avant (version "
                         f"{version}) : elle se consulte et s'exporte, mais ne se continue "
                         "pas")


_T = TypeVar("_T")


@dataclass
class StoredGame:
    """A game as read from the store: its raw log and what it replays to.

    `seq` is the number of raw log lines (the sequence number the next write must expect);
    `events` are the effective events (undo and corrections resolved), `entries` the same with
    their raw indices; `state` is the replayed GameState (treat it as read-only)."""

    code: str
    game: str
    setup: dict[str, Any]
    title: str
    created: str
    raw: list[dict[str, Any]]
    entries: list[Entry]
    state: GameState
    seen_seq: int | None = None  # set by the app: the seq of the view the user acted on
    read_only: bool = False  # replayed only with older rules (ReadOnlyGame): nothing is written
    # what is derived from this snapshot, made once (`kept`): every copy the store hands out
    # of one (code, lines) shares it (dataclasses.replace passes it on)
    memo: dict[str, Any] = field(default_factory=dict, repr=False, compare=False)

    @property
    def seq(self) -> int:
        return len(self.raw)

    @property
    def events(self) -> list[dict[str, Any]]:
        return self.kept("events", lambda: [entry.event for entry in self.entries])

    def kept(self, name: str, make: Callable[[], _T]) -> _T:
        """`make()` once per snapshot, shared by every screen that shows it: a long game's
        summary or record is not rebuilt at each viewer's run (issue 38: 11,809 rounds cost
        every run ~0.1 s before anything was drawn). Shared: read it, never change it."""
        if name not in self.memo:
            self.memo[name] = make()
        return self.memo[name]  # type: ignore[no-any-return]

    def summary(self) -> dict[str, Any]:
        """`state.summary()`, made once per snapshot (`kept`): read it, never change it."""
        return self.kept("summary", self.state.summary)

    def before(self, index: int) -> StoredGame:
        """The game as it stands just before the effective entry first written at raw `index`
        (what a correction of that entry may choose from): the entries before it, their
        replay by the engine (`companion.core.engine.replay_entries`, the one replay), and the raw
        lines written before it. UsageError when `index` is not an effective entry."""
        position = next((p for p, e in enumerate(self.entries) if e.index == index), None)
        if position is None:
            raise UsageError(f"l'événement n° {index} n'est pas un événement en vigueur")
        entries = self.entries[:position]
        state = replay_entries(self.game, self.setup, entries)
        return StoredGame(self.code, self.game, self.setup, self.title, self.created,
                          self.raw[:index], entries, state, self.seen_seq)

    def as_log(self) -> dict[str, Any]:
        """The exported log (docs/log-format.md) of this snapshot."""
        return envelope(self.game, self.setup, self.raw, self.title, self.created)


def default_path() -> Path:
    """The SQLite file of the games (companion/core/settings.py: COMPANION_DB, else the user's
    data folder)."""
    return settings.default_database_file()


def default_location() -> str | Path:
    """`$COMPANION_DB` as a PostgreSQL URL when it is one (companion/storage/pgfile.py), else the
    SQLite file of `default_path()`."""
    return settings.database_url() or default_path()


def normalize_code(text: str) -> str:
    """What a player typed ("ab3 k7m", "ab3-k7m") as a stored code ("AB3K7M")."""
    return re.sub(r"[\s\-_.]", "", text or "").upper()


def is_valid_code(code: str) -> bool:
    return bool(_CODE_RE.match(code))
