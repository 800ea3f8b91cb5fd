"""Rotating backups of the product's SQLite files, through SQLite's backup API (a consistent
copy of a live database, its WAL included).

They live in a `backups/` folder next to the database, named
`<file>-<UTC time>-<reason>.sqlite3`:

- `demarrage`: when the event store opens, at most once every `COMPANION_BACKUP_HOURS` hours
  (default 24); the last `COMPANION_BACKUP_KEEP` (default 10) automatic ones are kept;
- `avant-migration-vN`: always, before a file at version N is migrated
(companion/storage/sqlitefile.py);
- `avant-restauration`: by `companion restore`, before the current file is replaced;
- `manuelle`: `companion backup` (never rotated away).
"""

from __future__ import annotations

import logging
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import TYPE_CHECKING

from companion.core import settings
from companion.core.errors import StorageError

if TYPE_CHECKING:  # sqlitefile backs a file up through take() before migrating it
    from companion.storage.sqlitefile import SqliteFile

log = logging.getLogger("companion.storage")

FOLDER = "backups"
MANUAL = "manuelle"
_STAMP = "%Y%m%dT%H%M%S%fZ"


def folder_of(database: Path) -> Path:
    return database.parent / FOLDER


def every() -> timedelta:
    return timedelta(hours=settings.backup_hours())


def keep() -> int:
    return settings.backup_keep()


def backup_name(database: Path, reason: str, when: datetime) -> str:
    return f"{database.stem}-{when.strftime(_STAMP)}-{reason}.sqlite3"


def backups_of(database: Path) -> list[Path]:
    """This database's backups, oldest first (the names sort by time)."""
    folder = folder_of(database)
    if not folder.is_dir():
        return []
    return sorted(p for p in folder.glob(f"{database.stem}-*.sqlite3")
                  if p.name[len(database.stem) + 1:][:8].isdigit())


def take(db: SqliteFile, reason: str, target: Path | None = None) -> Path:
    """Back `db` up now (to `target`, or into its backups folder); StorageError if it
    cannot be written. Automatic backups beyond `keep()` are then removed, oldest first."""
    path = target or folder_of(db.path) / backup_name(db.path, reason, datetime.now(UTC))
    db.backup_to(path)
    log.info("base %s sauvegardée dans %s (%s)", db.path, path, reason)
    if target is None:
        _rotate(db.path)
    return path


def _rotate(database: Path) -> None:
    automatic = [p for p in backups_of(database) if not p.stem.endswith(f"-{MANUAL}")]
    for old in automatic[:-keep()]:
        try:
            old.unlink()
        except OSError as exc:
            log.warning("sauvegarde %s non supprimée : %s", old, exc)


def at_startup(db: SqliteFile) -> Path | None:
    """The start-up backup, unless the file is new or the last backup is recent enough.
    Best effort: a failed backup is logged, it does not stop the server."""
    if db.created or db.read_only:
        return None
    existing = backups_of(db.path)
    if existing:
        try:
            age = datetime.now(UTC) - datetime.fromtimestamp(existing[-1].stat().st_mtime, UTC)
        except OSError:
            age = every()
        if age < every():
            return None
    try:
        return take(db, "demarrage")
    except StorageError as exc:
        log.warning("sauvegarde de démarrage de %s impossible : %s", db.path, exc)
        return None
