"""The one way this product uses SQLite (the event store, Labystère's sheets): WAL so readers
never wait for a writer, one short connection per operation (Streamlit serves each session on
its own thread), and every write in one immediate transaction that commits whole or not at all.

A file is versioned (`PRAGMA user_version`) and marked as ours (`PRAGMA application_id`); its
schema is an ordered list of `Migration`s, each one step from version N-1 to N, applied in one
transaction when the file is opened (docs/architecture.md › Stockage). Before anything writes
to an existing file it is checked from its bytes and through a read-only connection: a zero-byte,
truncated, corrupt or foreign file, or one written by a newer version, is refused and left
byte-for-byte untouched. A file or disk that cannot be written is opened read-only: reads keep
working, writes raise ReadOnlyStorage. Every SQLite failure reaches callers as a StorageError
(one French sentence, no path); the detail goes to the server log.
"""

from __future__ import annotations

import logging
import os
import re
import sqlite3
from collections.abc import Callable, Iterator, Sequence
from contextlib import closing, contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from companion.core.errors import (
    CorruptFile,
    DiskFull,
    ForeignFile,
    NewerSchema,
    ReadOnlyStorage,
    StorageBusy,
    StorageError,
    ZeroByteFile,
)
from companion.storage import backups

log = logging.getLogger("companion.storage")

HEADER = b"SQLite format 3\x00"
GENERIC_APPLICATION_ID = 0x43445431  # "CDT1": a Compagnon de table file (sheets, ...)
UNREADABLE = ("le fichier de la base de données ne peut pas être lu (droits d'accès ou erreur "
              "du disque) : il n'a pas été modifié ; vérifiez ses droits puis relancez")
_TABLE_RE = re.compile(r"CREATE\s+TABLE\s+(?:IF\s+NOT\s+EXISTS\s+)?[\"`\[]?(\w+)", re.I)

# SQLite primary result codes (https://sqlite.org/rescode.html)
_BUSY, _LOCKED, _READONLY, _IOERR, _CORRUPT, _FULL, _CANTOPEN, _NOTADB = 5, 6, 8, 10, 11, 13, 14, 26


@dataclass(frozen=True)
class Migration:
    """One step of a file's schema, from version `version - 1` to `version`.

    `script` is SQL (several statements; triggers allowed) or a function given the connection;
    either runs inside the migration's transaction (so never COMMIT, VACUUM or change the
    journal mode in one). Migration 1 also runs on unversioned (v0) files that already hold
    its tables, so it creates with IF NOT EXISTS."""

    version: int
    description: str
    script: str | Callable[[sqlite3.Connection], None]

    def run(self, db: sqlite3.Connection) -> None:
        if callable(self.script):
            self.script(db)
            return
        for statement in split_statements(self.script):
            db.execute(statement)


def split_statements(script: str) -> list[str]:
    """SQL statements of a script (executescript would COMMIT the migration's transaction)."""
    statements, current = [], ""
    for line in script.splitlines(keepends=True):
        current += line
        if sqlite3.complete_statement(current):
            if current.strip():
                statements.append(current.strip())
            current = ""
    if current.strip():
        raise ValueError(f"instruction SQL incomplète : {current.strip()[:60]}")
    return statements


def tables_of(script: str) -> frozenset[str]:
    return frozenset(_TABLE_RE.findall(script))


def storage_error(exc: BaseException, path: Path, doing: str) -> StorageError:
    """The user's sentence for a SQLite/OS failure; the detail goes to the server log."""
    log.error("base %s : échec pendant %s : %r", path, doing, exc)
    code = getattr(exc, "sqlite_errorcode", None)
    primary = code & 0xFF if isinstance(code, int) else None
    text = str(exc).lower()
    if primary in (_BUSY, _LOCKED) or "locked" in text or "busy" in text:
        return StorageBusy()
    if primary == _FULL or "disk is full" in text or getattr(exc, "errno", None) == 28:
        return DiskFull()
    if primary == _READONLY or "readonly" in text or getattr(exc, "errno", None) in (13, 30):
        return ReadOnlyStorage()
    if primary == _CANTOPEN and path.exists() and not (
            os.access(path, os.W_OK) and os.access(path.parent, os.W_OK)):
        return ReadOnlyStorage()
    if primary in (_CORRUPT, _NOTADB) or "malformed" in text or "not a database" in text:
        return CorruptFile()
    return StorageError()


class SqliteFile:
    """One SQLite file of this product: checked, migrated, then opened per operation."""

    def __init__(self, path: Path, schema: str | Sequence[Migration], *,
                 application_id: int = GENERIC_APPLICATION_ID,
                 legacy_tables: frozenset[str] | None = None, timeout: float = 10.0,
                 open_now: bool = True) -> None:
        """`schema`: the migrations (or, for a one-table helper, the SQL of version 1);
        `legacy_tables`: the tables an unversioned (v0) file of ours may hold (default: those
        migration 1 creates). An existing file holding data is backed up
        (companion/storage/backups.py)
        before it is migrated. `open_now=False` only describes the file (see `examine`)."""
        self.path = Path(path)
        self._resolved_uri: str | None = None  # Path.resolve() stats every component: once
        self.migrations: list[Migration] = (
            [Migration(1, "schéma initial", schema)] if isinstance(schema, str) else list(schema))
        for number, migration in enumerate(self.migrations, start=1):
            if migration.version != number:
                raise ValueError(f"migration {migration.version} à la place {number}")
        first = self.migrations[0].script if self.migrations else ""
        self.legacy_tables = (legacy_tables if legacy_tables is not None
                              else tables_of(first) if isinstance(first, str) else frozenset())
        self.application_id = application_id
        self.timeout = timeout
        self.read_only = False
        self.created = False  # True when this opening made a new, empty file
        self._read_only_mode = "ro"
        self._wal = False
        if open_now:
            self._open()

    @property
    def latest(self) -> int:
        return len(self.migrations)

    @classmethod
    def examine(cls, path: Path, schema: str | Sequence[Migration], **options: Any) -> int:
        """The schema version of a file of this kind, checked without writing a byte (a
        StorageError says why it is not one); for `companion restore`."""
        if not Path(path).is_file():
            raise StorageError("fichier introuvable")
        return cls(path, schema, open_now=False, **options).inspect()[0]

    # --- opening ---------------------------------------------------------------------------

    def _open(self) -> None:
        try:
            existed = self.path.exists()
            if not existed:
                self.path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise storage_error(exc, self.path, "la création du dossier") from None
        version, holds_data = self.inspect() if existed else (0, False)
        # WAL needs to make its -shm/-wal next to the file
        if not os.access(self.path.parent, os.W_OK) or (
                existed and not os.access(self.path, os.W_OK)):
            log.warning("base %s ouverte en lecture seule", self.path)
            if not existed or version < self.latest:  # cannot be created or migrated
                raise ReadOnlyStorage()
            self.read_only = True
            return
        if version < self.latest and holds_data:
            backups.take(self, f"avant-migration-v{version}")  # never migrate without a copy
        self.created = not existed
        if version < self.latest or not self._wal:
            self._migrate()  # up to date: no write lock taken just to open

    def backup_to(self, target: Path) -> None:
        """A consistent copy of this file (WAL included) through SQLite's backup API, written
        beside `target` then moved in place, so a target is never half written."""
        partial = target.with_name(target.name + ".partiel")
        try:
            target.parent.mkdir(parents=True, exist_ok=True)
            with closing(self._connect_read_only()) as source, \
                    closing(sqlite3.connect(partial)) as copy:
                source.backup(copy)
                copy.execute("PRAGMA journal_mode=DELETE")  # one self-contained file
            os.replace(partial, target)
        except (sqlite3.Error, OSError) as exc:
            partial.unlink(missing_ok=True)
            raise storage_error(exc, target, "une sauvegarde") from None

    def inspect(self) -> tuple[int, bool]:
        """(schema version, holds tables) of an existing file, read without writing a byte;
        the StorageError that refuses it otherwise."""
        try:
            size = self.path.stat().st_size
            with self.path.open("rb") as handle:
                head = handle.read(100)
        except OSError as exc:
            log.error("base %s : illisible : %r", self.path, exc)
            raise StorageError(UNREADABLE) from None
        if size == 0:
            log.error("base %s : fichier de 0 octet, refusé", self.path)
            raise ZeroByteFile()
        if not (head.startswith(HEADER) or HEADER.startswith(head)):
            log.error("base %s : pas un fichier SQLite (en-tête %r)", self.path, head[:16])
            raise ForeignFile()
        if len(head) < 100:
            log.error("base %s : en-tête tronqué (%d octets)", self.path, size)
            raise CorruptFile()
        self._wal = head[18] == 2  # file format write version 2: WAL mode
        page_size = int.from_bytes(head[16:18], "big")
        page_size = 65536 if page_size == 1 else page_size
        pages = int.from_bytes(head[28:32], "big")
        if head[24:28] == head[92:96] and size < pages * page_size:
            log.error("base %s : tronquée (%d octets pour %d pages de %d)", self.path, size,
                      pages, page_size)
            raise CorruptFile()
        try:
            try:
                application_id, version, tables, check = self._probe()
            except sqlite3.OperationalError as exc:
                # A WAL file in a folder nobody may write cannot make its -shm: with no
                # pending -wal, everything is in the main file, which is then read as
                # immutable (a read-only disk).
                wal = Path(f"{self.path}-wal")
                if wal.exists() and wal.stat().st_size > 0:
                    raise
                log.warning("base %s : lecture seule sans -shm (%s), lue comme immuable",
                            self.path, exc)
                self._read_only_mode = "ro&immutable=1"
                application_id, version, tables, check = self._probe()
        except (sqlite3.Error, OSError) as exc:
            raise storage_error(exc, self.path, "la vérification") from None
        if check != [("ok",)]:
            log.error("base %s : quick_check : %s", self.path, check[:5])
            raise CorruptFile()
        ours = application_id == self.application_id or (
            application_id == 0 and version == 0 and tables <= self.legacy_tables)
        if not ours:
            log.error("base %s : fichier d'une autre application (application_id %#x, "
                      "version %d, tables %s)", self.path, application_id, version, sorted(tables))
            raise ForeignFile()
        if version > self.latest:
            log.error("base %s : schéma %d, plus récent que ce code (%d)", self.path, version,
                      self.latest)
            raise NewerSchema()
        return int(version), bool(tables)

    def _probe(self) -> tuple[int, int, set[str], list[tuple[str]]]:
        with closing(self._connect_read_only()) as db:
            (application_id,) = db.execute("PRAGMA application_id").fetchone()
            (version,) = db.execute("PRAGMA user_version").fetchone()
            tables = {name for (name,) in db.execute(
                "SELECT name FROM sqlite_master WHERE type = 'table'")
                if not name.startswith("sqlite_")}
            check = db.execute("PRAGMA quick_check").fetchall()
        return int(application_id), int(version), tables, check

    def _migrate(self) -> None:
        """Bring the file to the latest version, each missing step in one transaction."""
        try:
            with closing(self._connect_read_write()) as db:
                db.execute("PRAGMA journal_mode=WAL")
                db.execute("BEGIN IMMEDIATE")
                try:
                    (version,) = db.execute("PRAGMA user_version").fetchone()
                    if version > self.latest:  # another process moved on meanwhile
                        raise NewerSchema()
                    for migration in self.migrations[version:]:
                        migration.run(db)
                        log.info("base %s : migration %d (%s)", self.path, migration.version,
                                 migration.description)
                    if version < self.latest:
                        db.execute(f"PRAGMA user_version = {self.latest:d}")
                        db.execute(f"PRAGMA application_id = {self.application_id:d}")
                except BaseException:
                    if db.in_transaction:
                        db.execute("ROLLBACK")
                    raise
                db.execute("COMMIT")
        except sqlite3.Error as exc:
            raise storage_error(exc, self.path, "la mise à jour du schéma") from None

    # --- connections -----------------------------------------------------------------------

    def _uri(self, mode: str) -> str:
        if self._resolved_uri is None:
            self._resolved_uri = self.path.resolve().as_uri()
        return f"{self._resolved_uri}?mode={mode}"

    def _connect_read_only(self) -> sqlite3.Connection:
        return sqlite3.connect(self._uri(self._read_only_mode), uri=True, timeout=self.timeout,
                               isolation_level=None, check_same_thread=False)

    def _connect_read_write(self) -> sqlite3.Connection:
        # mode=rwc creates a new file; later connections use rw so that a file deleted under
        # a running server is reported, not silently recreated empty
        return sqlite3.connect(self._uri("rwc"), uri=True, timeout=self.timeout,
                               isolation_level=None, check_same_thread=False)

    def connect(self) -> sqlite3.Connection:
        if not self.read_only:
            try:
                db = sqlite3.connect(self._uri("rw"), uri=True, timeout=self.timeout,
                                     isolation_level=None, check_same_thread=False)
                try:
                    db.execute("PRAGMA user_version")  # opens the -wal/-shm as well
                except sqlite3.Error:
                    db.close()
                    raise
            except sqlite3.OperationalError:
                if not self.path.exists() or self._writable():
                    raise
                self._become_read_only()  # the disk turned read-only under a running server
        if self.read_only:
            db = self._connect_read_only()
        db.execute("PRAGMA foreign_keys=ON")
        return db

    def _writable(self) -> bool:
        return os.access(self.path.parent, os.W_OK) and os.access(self.path, os.W_OK)

    def _become_read_only(self) -> None:
        log.warning("base %s : devenue non inscriptible, lue en lecture seule", self.path)
        wal = Path(f"{self.path}-wal")
        if not os.access(self.path.parent, os.W_OK) and not (
                wal.exists() and wal.stat().st_size > 0):
            self._read_only_mode = "ro&immutable=1"
        self.read_only = True

    @contextmanager
    def read(self) -> Iterator[sqlite3.Connection]:
        try:
            with closing(self.connect()) as db:
                yield db
        except sqlite3.Error as exc:
            raise storage_error(exc, self.path, "une lecture") from None

    @contextmanager
    def write(self, key: str | None = None) -> Iterator[sqlite3.Connection]:
        """One write transaction: taken at once (no lost update), rolled back on any error.
        `key` (the game written) matters to PostgreSQL only: SQLite has one writer at a time."""
        if self.read_only:
            raise ReadOnlyStorage()
        try:
            with closing(self.connect()) as db:
                if self.read_only:
                    raise ReadOnlyStorage()
                db.execute("BEGIN IMMEDIATE")
                try:
                    yield db
                except BaseException:
                    if db.in_transaction:  # SQLite may already have rolled back (disk full)
                        db.execute("ROLLBACK")
                    raise
                db.execute("COMMIT")
        except sqlite3.Error as exc:
            raise storage_error(exc, self.path, "une écriture") from None
