"""Tests' access to a store's database below the store, on either backend (conftest.py's
`db_location`): raw rows, and statements the store itself never runs."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any


def is_postgres(location: object) -> bool:
    return isinstance(location, str) and location.startswith("postgresql://")


def driver_errors() -> tuple[type[BaseException], ...]:
    errors: tuple[type[BaseException], ...] = (sqlite3.DatabaseError,)
    try:
        import psycopg

        errors += (psycopg.Error,)
    except ImportError:
        pass
    return errors


def raw_execute(location: str | Path, sql: str, params: tuple[Any, ...] = ()) -> list[Any]:
    """Runs `sql` on its own connection (no store, no translation beyond placeholders) and
    commits; the driver's own error when the database refuses it."""
    if is_postgres(location):
        import psycopg

        with psycopg.connect(str(location), autocommit=True) as db:
            cursor = db.execute(sql.replace("?", "%s"), params or None)
            return cursor.fetchall() if cursor.description else []
    with sqlite3.connect(location) as db:
        return db.execute(sql, params).fetchall()
