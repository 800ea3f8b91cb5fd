"""Private investigation sheets (registre LAB-10): what one player's phone has crossed out.

A sheet is keyed by (game code, sheet token). The token is a random secret made by the phone
that opens the sheet and kept in that phone's URL (`?code=...&sheet=...`), so a reload or a
sleeping phone finds the same sheet, while the shared table screen, the public view and the
other phones (each with its own token) never see it. Sheets live in their own SQLite file next
to the event store, never in the game's log: an exported or public game carries no secret.
"""

from __future__ import annotations

import json
import re
import secrets
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from companion.core.errors import UsageError
from companion.core.loader import load_game
from companion.events.store import default_location, default_path, is_valid_code, normalize_code
from companion.games.labystere.data import LabystereData
from companion.storage.database import as_location, open_database

FILE_NAME = "labystere-fiches.sqlite3"
_TOKEN_RE = re.compile(r"^[A-Za-z0-9_-]{16,64}$")

SCHEMA = """
CREATE TABLE IF NOT EXISTS sheets (
    code TEXT NOT NULL,
    token TEXT NOT NULL,
    colour TEXT,
    crossed TEXT NOT NULL,
    updated TEXT NOT NULL,
    PRIMARY KEY (code, token)
);
"""


def new_token() -> str:
    """A fresh sheet secret (128 bits, URL-safe)."""
    return secrets.token_urlsafe(16)


def is_valid_token(token: str) -> bool:
    return bool(_TOKEN_RE.match(token or ""))


def sheet_items(data: LabystereData | None = None) -> list[str]:
    """What a sheet can cross out: "suspect-<id>" then "lieu-<id>" (the Enquête cards' names)."""
    if data is None:
        loaded = load_game("labystere")
        assert isinstance(loaded, LabystereData)
        data = loaded
    return [f"suspect-{s.id}" for s in data.suspects] + [f"lieu-{p.id}" for p in data.places]


@dataclass(frozen=True)
class Sheet:
    code: str
    token: str
    crossed: frozenset[str]
    colour: str | None = None

    def suspects_crossed(self) -> list[str]:
        return [i for i in sheet_items() if i.startswith("suspect-") and i in self.crossed]

    def places_crossed(self) -> list[str]:
        return [i for i in sheet_items() if i.startswith("lieu-") and i in self.crossed]


def sheets_location() -> str | Path:
    """Beside the event store: the same PostgreSQL database, or a file next to its file."""
    location = default_location()
    return location if isinstance(location, str) else default_path().with_name(FILE_NAME)


def sheets_beside(store_location: str | Path) -> str | Path:
    """Where the sheets of the event store at `store_location` live (what `companion db copy`
    moves with the games): the same PostgreSQL database, or the file next to the store's."""
    if isinstance(store_location, str):
        return store_location
    return Path(store_location).with_name(FILE_NAME)


LABEL = "fiches d'enquête de Labystère"  # what `companion db copy` names in its messages


def side_stores(source: str | Path, target: str | Path) -> tuple[SheetStore, SheetStore] | None:
    """The sheets beside the event stores at `source` and `target` (GameInfo.side_store), for
    `companion db copy`: None when the source has none to move, or when both stores share one
    sheets file (two SQLite stores of one folder)."""
    where, there = sheets_beside(source), sheets_beside(target)
    if not isinstance(where, str) and not Path(where).exists():
        return None
    if where == there:
        return None
    return SheetStore(where), SheetStore(there)


SHEET_COLUMNS = ("code", "token", "colour", "crossed", "updated")


class SheetStore:
    """The sheets of every Labystère game on this server; one short connection per operation."""

    def __init__(self, path: str | Path | None = None) -> None:
        self.path = as_location(path) if path is not None else sheets_location()
        self._db = open_database(self.path, SCHEMA, kind="labystere-sheets")

    @staticmethod
    def _key(code: str, token: str) -> tuple[str, str]:
        code = normalize_code(code)
        if not is_valid_code(code):
            raise UsageError(f"« {code} » n'est pas un code de partie")
        if not is_valid_token(token):
            raise UsageError("clé de fiche invalide : ouvrez une nouvelle fiche")
        return code, token

    def load(self, code: str, token: str) -> Sheet:
        """The sheet, empty when this phone has crossed nothing yet."""
        code, token = self._key(code, token)
        with self._db.read() as db:
            row = db.execute("SELECT crossed, colour FROM sheets WHERE code = ? AND token = ?",
                             (code, token)).fetchone()
        if row is None:
            return Sheet(code, token, frozenset())
        return Sheet(code, token, frozenset(json.loads(row[0])), row[1])

    def set_crossed(self, code: str, token: str, item: str, crossed: bool) -> Sheet:
        """Cross out (or restore) one suspect or place; idempotent, so a double tap is harmless."""
        return self.update(code, token, {item: crossed})

    def update(self, code: str, token: str, changes: dict[str, bool],
               colour: str | None = None) -> Sheet:
        """Apply several crossings at once (one transaction); UsageError on an unknown item."""
        code, token = self._key(code, token)
        known = sheet_items()
        for item in changes:
            if item not in known:
                raise UsageError(f"« {item} » n'est ni un suspect ni un lieu du jeu")
        with self._db.write() as db:
            row = db.execute("SELECT crossed, colour FROM sheets WHERE code = ? AND token = ?",
                             (code, token)).fetchone()
            crossed = set(json.loads(row[0])) if row else set()
            colour = colour if colour is not None else (row[1] if row else None)
            crossed |= {item for item, on in changes.items() if on}
            crossed -= {item for item, on in changes.items() if not on}
            ordered = [item for item in known if item in crossed]
            db.execute("INSERT OR REPLACE INTO sheets (code, token, colour, crossed, updated) "
                       "VALUES (?, ?, ?, ?, ?)",
                       (code, token, colour, json.dumps(ordered),
                        datetime.now(UTC).isoformat(timespec="seconds")))
        return Sheet(code, token, frozenset(ordered), colour)

    def delete_game(self, code: str) -> int:
        """Every sheet of a deleted game (the host deleted it); returns how many."""
        with self._db.write() as db:
            return db.execute("DELETE FROM sheets WHERE code = ?",
                              (normalize_code(code),)).rowcount

    def set_colour(self, code: str, token: str, colour: str) -> Sheet:
        return self.update(code, token, {}, colour=colour)

    def rows(self) -> list[tuple[str, ...]]:
        """Every sheet as stored, in a stable order (for `companion db copy`)."""
        with self._db.read() as db:
            return [tuple(row) for row in db.execute(
                f"SELECT {', '.join(SHEET_COLUMNS)} FROM sheets ORDER BY code, token")]

    def insert_rows(self, rows: list[tuple[str, ...]]) -> None:
        """Rows read by `rows()` from another server's sheets, in one transaction."""
        marks = ", ".join("?" for _ in SHEET_COLUMNS)
        with self._db.write() as db:
            db.executemany(f"INSERT INTO sheets ({', '.join(SHEET_COLUMNS)}) VALUES ({marks})",
                           rows)


def random_crossed(sheet: Sheet, kind: str, rng: secrets.SystemRandom | None = None) -> str | None:
    """One crossed-out suspect ("suspect") or place ("lieu") at random, for the actions « regarde
    une carte au hasard parmi les écartés » (QUE SE PASSE-T-IL SI: none -> None, next player)."""
    pool: Iterable[str] = sheet.suspects_crossed() if kind == "suspect" else sheet.places_crossed()
    items = list(pool)
    if not items:
        return None
    return (rng or secrets.SystemRandom()).choice(items)
