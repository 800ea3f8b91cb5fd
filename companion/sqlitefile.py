"""The one way this product uses SQLite (the event store, Labystère's sheets): WAL so readers
never wait for a writer, one short connection per operation (Streamlit serves each session on
its own thread), and every write in one immediate transaction that commits whole or not at all."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import closing, contextmanager
from pathlib import Path


class SqliteFile:
    def __init__(self, path: Path, schema: str) -> None:
        self.path = path
        path.parent.mkdir(parents=True, exist_ok=True)
        with closing(self.connect()) as db:
            db.execute("PRAGMA journal_mode=WAL")
            db.executescript(schema)

    def connect(self) -> sqlite3.Connection:
        db = sqlite3.connect(self.path, timeout=10, isolation_level=None,
                             check_same_thread=False)
        db.execute("PRAGMA foreign_keys=ON")
        return db

    @contextmanager
    def read(self) -> Iterator[sqlite3.Connection]:
        with closing(self.connect()) as db:
            yield db

    @contextmanager
    def write(self) -> Iterator[sqlite3.Connection]:
        """One write transaction: taken at once (no lost update), rolled back on any error."""
        with closing(self.connect()) as db:
            db.execute("BEGIN IMMEDIATE")
            try:
                yield db
            except BaseException:
                db.execute("ROLLBACK")
                raise
            db.execute("COMMIT")
