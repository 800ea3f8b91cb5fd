"""Where the product's data lives: `COMPANION_DB` is a SQLite file (the default, one machine)
or a PostgreSQL URL (`postgresql://...`, a club or a festival: several app servers sharing
one database). `open_database` is the one place that picks the backend; both give the same
`read()` / `write()` connections (companion/storage/sqlitefile.py, companion/storage/pgfile.py)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from companion.storage.pgfile import PgDatabase, is_url
from companion.storage.sqlitefile import Migration, SqliteFile

Location = str | Path


def as_location(location: str | Path) -> Location:
    """A PostgreSQL URL as it is (a Path would fold its `//`), anything else as a Path."""
    return location if is_url(location) else Path(location).expanduser()


def open_database(location: Location, schema: str | Sequence[Migration], *, kind: str,
                  pg_schema: str | Sequence[Migration] | None = None,
                  **sqlite_options: Any) -> SqliteFile | PgDatabase:
    """The data of `kind` at `location`, checked and migrated to its latest version.
    `pg_schema`: PostgreSQL's migrations when its SQL differs from SQLite's."""
    if is_url(location):
        steps = pg_schema if pg_schema is not None else schema
        migrations = ([Migration(1, "schéma initial", steps)] if isinstance(steps, str)
                      else list(steps))
        return PgDatabase(str(location), migrations, kind=kind,
                          timeout=sqlite_options.get("timeout", 10.0))
    return SqliteFile(Path(location), schema, **sqlite_options)
