"""Where a host's device stands in a game, kept with the game on the server (issue 11): a
refresh, a sleeping tablet or a server restart find the same line and the same remaining time.

ELSEN's narrator is the user: its place is the line of the current step's script, tied to the
log's length when it was set (a new line in the log starts the next step at its first line),
the step's countdown (running until a time, or paused with what was left), the durations the
host chose and whether the night roles get a countdown. The pages write a place only for a
device that holds the host's rights.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, replace
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from companion.events.store import default_location, normalize_code
from companion.storage.database import as_location, open_database
from companion.storage.migrations import APPLICATION_ID, LEGACY_TABLES, MIGRATIONS, PG_MIGRATIONS


@dataclass(frozen=True)
class Countdown:
    """A countdown of `total` seconds: running until `ends_at` (epoch seconds), or paused with
    `left` seconds to go."""

    total: float
    left: float
    ends_at: float | None = None

    @classmethod
    def fresh(cls, total: float) -> Countdown:
        return cls(total, total)

    @property
    def running(self) -> bool:
        return self.ends_at is not None

    def remaining(self, now: float) -> float:
        if self.ends_at is None:
            return self.left
        return max(0.0, self.ends_at - now)

    def toggled(self, now: float) -> Countdown:
        """Start (from what is left) or pause (keeping what is left)."""
        if self.ends_at is not None:
            return replace(self, left=self.remaining(now), ends_at=None)
        if self.left <= 0:
            return self
        return replace(self, ends_at=now + self.left)

    def reset(self) -> Countdown:
        return Countdown.fresh(self.total)


LEFT_KEPT = 6  # steps whose line is remembered (the nearest to the current one)


@dataclass(frozen=True)
class NarratorPlace:
    """The narrator's line in the script of the step reached after `seq` effective entries
    (undo and corrections resolved: a correction keeps the step, an undo goes back to the step
    before, a redo forward again). `left` keeps the line where the narrator left the steps
    met before (issue 25: an undo finds the undone step at its last line, a redo the next
    step where it was, not back at line 1)."""

    seq: int = 0
    line: int = 0
    countdown: Countdown | None = None
    durations: dict[str, int] | None = None  # e.g. {"discussion": 180, "vote": 60}
    night: bool = False  # a countdown for each night role (seconds in `durations`)
    left: dict[str, int] | None = None  # str(step) -> its line when the narrator left it

    def at(self, seq: int) -> NarratorPlace:
        """This place at the step after `seq` entries: a step met before resumes at the line
        where it was left, a new one starts at its first line."""
        if seq == self.seq:
            return self
        left = dict(self.left or {})
        left[str(self.seq)] = self.line
        line = left.pop(str(seq), 0)
        kept = dict(sorted(left.items(), key=lambda item: -abs(int(item[0]) - seq))[-LEFT_KEPT:])
        return NarratorPlace(seq, line, None, self.durations, self.night, kept or None)

    def moved(self, line: int) -> NarratorPlace:
        return replace(self, line=max(0, line), countdown=None)

    def as_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: Any) -> NarratorPlace:
        """A stored place; anything unreadable is the start of the game, never an error."""
        try:
            countdown = data.get("countdown")
            durations = data.get("durations")
            left = data.get("left")
            return cls(int(data["seq"]), int(data["line"]),
                       Countdown(float(countdown["total"]), float(countdown["left"]),
                                 None if countdown.get("ends_at") is None
                                 else float(countdown["ends_at"])) if countdown else None,
                       {str(k): int(v) for k, v in durations.items()} if durations else None,
                       data.get("night") is True,
                       {str(int(k)): max(0, int(v)) for k, v in left.items()} if left else None)
        except (AttributeError, KeyError, TypeError, ValueError):
            return cls()


class Positions:
    """Named places of every game in the event store's database."""

    def __init__(self, path: str | Path | None = None) -> None:
        self.path = as_location(path) if path is not None else default_location()
        self._db = open_database(self.path, MIGRATIONS, kind="events", pg_schema=PG_MIGRATIONS,
                                 application_id=APPLICATION_ID, legacy_tables=LEGACY_TABLES)

    def get(self, code: str, name: str) -> Any:
        """The stored value (JSON), or None."""
        with self._db.read() as db:
            row = db.execute("SELECT value FROM game_positions WHERE code = ? AND name = ?",
                             (normalize_code(code), name)).fetchone()
        return None if row is None else json.loads(row[0])

    def put(self, code: str, name: str, value: Any) -> None:
        with self._db.write(key=normalize_code(code)) as db:
            db.execute("INSERT OR REPLACE INTO game_positions (code, name, value, updated) "
                       "VALUES (?, ?, ?, ?)",
                       (normalize_code(code), name, json.dumps(value),
                        datetime.now(UTC).isoformat(timespec="seconds")))

    def narrator(self, code: str) -> NarratorPlace:
        value = self.get(code, "narrator")
        return NarratorPlace() if value is None else NarratorPlace.from_json(value)

    def set_narrator(self, code: str, place: NarratorPlace) -> None:
        self.put(code, "narrator", place.as_json())
