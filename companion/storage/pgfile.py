"""The PostgreSQL backend (issue 17): the same interface as companion/storage/sqlitefile.py's
`SqliteFile` (`read()`, `write()`, `read_only`, `latest`, `created`), so the store, the rights,
positions, statistics and Labystère's sheets run unchanged on either database.

The SQL differences live here and only here (`translate`): `?` placeholders become `%s`,
SQLite's `INSERT OR REPLACE` an `ON CONFLICT ... DO UPDATE`, an insert that needs its new id
gets `RETURNING id` (`lastrowid`). Writers are serialised as SQLite's `BEGIN IMMEDIATE` does,
with transaction-scoped advisory locks: a write about one game (`write(key=code)`) takes a
shared database lock and that game's exclusive lock (tables played at once do not wait for each
other); any other write takes the database lock exclusively. The schema version of each kind of
data is a row of `companion_schema` (SQLite's `user_version`); its migrations are the
PostgreSQL list beside the SQLite one (companion/storage/migrations.py › PG_MIGRATIONS).

Connections come from a psycopg_pool pool per database object: at most MAX_CONNECTIONS open
at once (a busy moment waits for one to come free, `timeout` seconds at most, then says in
French that the club's base is busy), none kept open when idle past IDLE_SECONDS.

psycopg 3 and psycopg_pool are an optional dependency (`pip install .[postgres]`): without them
a PostgreSQL URL gives one French sentence.
"""

from __future__ import annotations

import logging
import re
import weakref
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from functools import lru_cache
from typing import Any

from companion.core.errors import (
    NewerSchema,
    PoolBusy,
    ReadOnlyStorage,
    StorageBusy,
    StorageError,
)

log = logging.getLogger("companion.storage")

URL_PREFIXES = ("postgresql://", "postgres://")
LOCK_SPACE = 0x4344  # advisory locks of this product: (LOCK_SPACE, 0) the whole database,
GAME_LOCK_SPACE = 0x4345  # (GAME_LOCK_SPACE, hashtext(key)) one game
NO_DRIVER = ("COMPANION_DB désigne une base PostgreSQL, mais le module psycopg ou psycopg_pool "
             "n'est pas installé : installez l'extra [postgres] (pip install '.[postgres]' "
             "depuis le dossier du Compagnon de table)")
# Per database object (the games, the rights, the seats, the statistics, Labystère's sheets:
# five in an app server), so at most 30 connections per app server: PostgreSQL's default
# max_connections (100) holds three servers.
MAX_CONNECTIONS = 6
IDLE_SECONDS = 300.0  # an idle connection past this is closed (the pool keeps none at least)
UNREACHABLE = ("la base PostgreSQL n'a pas pu être jointe (adresse, mot de passe ou serveur "
               "arrêté ?) ; rien n'a été écrit, réessayez dans un instant")

# The primary key of each table written by INSERT OR REPLACE, and the tables whose id a
# writer reads back (cursor.lastrowid).
UPSERT_KEYS = {"game_positions": ("code", "name"), "game_seats": ("code", "seat"),
               "night_games": ("code",), "sheets": ("code", "token")}
ID_TABLES = frozenset({"grants", "profiles", "nights"})
_UPSERT_RE = re.compile(r"^\s*INSERT\s+OR\s+REPLACE\s+INTO\s+(\w+)\s*\(([^)]*)\)(.*)$",
                        re.I | re.S)
_INSERT_RE = re.compile(r"^\s*INSERT\s+INTO\s+(\w+)\b", re.I)


def is_url(location: object) -> bool:
    return isinstance(location, str) and location.startswith(URL_PREFIXES)


def _psycopg() -> Any:
    try:
        import psycopg
        import psycopg_pool  # noqa: F401
    except ImportError:
        raise StorageError(NO_DRIVER) from None
    return psycopg


@lru_cache(maxsize=512)
def translate(sql: str) -> tuple[str, bool]:
    """(PostgreSQL text of a statement written for SQLite, whether it returns the new id)."""
    text = sql.replace("%", "%%").replace("?", "%s")
    match = _UPSERT_RE.match(text)
    if match:
        table, columns, rest = match.group(1), match.group(2), match.group(3)
        keys = UPSERT_KEYS[table]
        names = [name.strip() for name in columns.split(",")]
        updates = ", ".join(f"{name} = EXCLUDED.{name}" for name in names if name not in keys)
        text = (f"INSERT INTO {table} ({columns}){rest.rstrip()} "
                f"ON CONFLICT ({', '.join(keys)}) DO UPDATE SET {updates}")
    insert = _INSERT_RE.match(text)
    returns_id = bool(insert and insert.group(1).lower() in ID_TABLES)
    if returns_id:
        text = text.rstrip().rstrip(";") + " RETURNING id"
    stripped = text.strip().upper()
    if stripped == "BEGIN":  # a read's consistent view (SQLite: one snapshot per transaction)
        text = "BEGIN ISOLATION LEVEL REPEATABLE READ"
    return text, returns_id


class PgCursor:
    """What the modules use of a sqlite3 cursor: fetchone, fetchall, iteration, lastrowid,
    rowcount."""

    def __init__(self, cursor: Any, lastrowid: int | None) -> None:
        self._cursor = cursor
        self.lastrowid = lastrowid
        self.rowcount = cursor.rowcount

    def fetchone(self) -> Any:
        return self._cursor.fetchone() if self._cursor.description else None

    def fetchall(self) -> list[Any]:
        return self._cursor.fetchall() if self._cursor.description else []

    def __iter__(self) -> Iterator[Any]:
        return iter(self.fetchall())


class PgConnection:
    """A psycopg connection speaking the sqlite3 subset the storage modules use."""

    def __init__(self, connection: Any) -> None:
        self.raw = connection

    def execute(self, sql: str, params: Sequence[Any] = ()) -> PgCursor:
        text, returns_id = translate(sql)
        cursor = self.raw.execute(text, tuple(params) if params else None)
        lastrowid = None
        if returns_id:
            row = cursor.fetchone()
            lastrowid = int(row[0]) if row else None
        return PgCursor(cursor, lastrowid)

    def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        rows = list(rows)
        if rows:
            self.raw.cursor().executemany(translate(sql)[0], rows)

    @property
    def in_transaction(self) -> bool:
        return bool(self.raw.info.transaction_status != 0)  # 0: idle


def storage_error(exc: BaseException, doing: str) -> StorageError:
    """The user's sentence for a PostgreSQL failure; the detail goes to the server log."""
    log.error("base PostgreSQL : échec pendant %s : %r", doing, exc)
    psycopg = _psycopg()
    errors = psycopg.errors
    if isinstance(exc, errors.LockNotAvailable | errors.QueryCanceled | errors.DeadlockDetected
                  | errors.SerializationFailure):
        return StorageBusy()
    if isinstance(exc, errors.ReadOnlySqlTransaction | errors.InsufficientPrivilege):
        return ReadOnlyStorage()
    if isinstance(exc, errors.DiskFull):
        from companion.core.errors import DiskFull

        return DiskFull()
    if isinstance(exc, psycopg.OperationalError):
        return StorageError(UNREACHABLE)
    return StorageError()


class PgDatabase:
    """One kind of this product's data (`kind`: "events", "labystere-sheets") in a PostgreSQL
    database: checked, migrated, then connections taken from a small pool per operation."""

    SCHEMA_TABLE = ("CREATE TABLE IF NOT EXISTS companion_schema ("
                    "kind TEXT PRIMARY KEY, version INTEGER NOT NULL)")

    def __init__(self, url: str, migrations: Sequence[Any], *, kind: str,
                 timeout: float = 10.0, max_connections: int = MAX_CONNECTIONS) -> None:
        self.path = url  # what the other modules pass around to open the same data again
        self.url = url
        self.kind = kind
        self.migrations = list(migrations)
        for number, migration in enumerate(self.migrations, start=1):
            if migration.version != number:
                raise ValueError(f"migration {migration.version} à la place {number}")
        self.timeout = timeout
        self.read_only = False
        self.created = False
        self._pool = self._open_pool(max_connections)
        # the pool's connections and worker threads end with this object, as a file closes
        weakref.finalize(self, self._pool.close, 1.0)
        self._migrate()

    @property
    def latest(self) -> int:
        return len(self.migrations)

    # --- connections ---------------------------------------------------------------------
    # A pool shared by threads: Streamlit runs each rerun in a new thread, so a connection per
    # thread would mean a new connection at every poll of every screen.

    def _open_pool(self, max_connections: int) -> Any:
        _psycopg()
        from psycopg_pool import ConnectionPool

        from companion.core import settings

        options: dict[str, Any] = {"autocommit": True,
                                   "connect_timeout": max(1, int(self.timeout))}
        password = settings.database_password()
        if password is not None and not _has_password(self.url):
            options["password"] = password  # COMPANION_DB_PASSWORD_FILE: a container's secret
        milliseconds = int(self.timeout * 1000)

        def configure(connection: Any) -> None:
            connection.execute(f"SET lock_timeout = {milliseconds:d}")

        return ConnectionPool(self.url, kwargs=options, min_size=0, max_size=max_connections,
                              timeout=self.timeout, max_idle=IDLE_SECONDS,
                              configure=configure, open=True, name=f"companion-{self.kind}")

    def close(self) -> None:
        """Closes the pool's connections (tests, benchmarks; others close with the object)."""
        self._pool.close(1.0)

    def _busy_or_unreachable(self) -> StorageError:
        """A connection did not come in time: every one this pool may open is taken (busy),
        or fewer are open because the server cannot be reached."""
        stats = self._pool.get_stats()
        if stats.get("pool_size", 0) >= self._pool.max_size:
            log.warning("base PostgreSQL : les %d connexions de %s sont prises",
                        self._pool.max_size, self.kind)
            return PoolBusy()
        log.error("base PostgreSQL : aucune connexion (%d échecs de connexion)",
                  stats.get("connections_errors", 0))
        return StorageError(UNREACHABLE)

    @contextmanager
    def _session(self, doing: str) -> Iterator[PgConnection]:
        psycopg = _psycopg()
        from psycopg_pool import PoolTimeout

        try:
            connection = self._pool.getconn(self.timeout)
        except PoolTimeout:
            raise self._busy_or_unreachable() from None
        except psycopg.Error as exc:
            raise storage_error(exc, doing) from None
        db = PgConnection(connection)
        try:
            yield db
        except psycopg.Error as exc:
            self._rollback(db)
            raise storage_error(exc, doing) from None
        except BaseException:
            self._rollback(db)
            raise
        finally:
            # back to the pool, which keeps it when it is healthy and idle, else closes it
            self._pool.putconn(connection)

    @staticmethod
    def _rollback(db: PgConnection) -> None:
        try:
            if db.in_transaction:
                db.raw.execute("ROLLBACK")
        except Exception:  # noqa: BLE001  (a dead connection: the pool discards it)
            try:
                db.raw.close()
            except Exception:  # noqa: BLE001  (closing a broken connection may fail too)
                pass

    @contextmanager
    def read(self) -> Iterator[PgConnection]:
        with self._session("une lecture") as db:
            yield db
            if db.in_transaction:  # a reader that forgot its COMMIT holds no snapshot
                db.raw.execute("COMMIT")

    @contextmanager
    def write(self, key: str | None = None) -> Iterator[PgConnection]:
        """One write transaction, serialised like SQLite's BEGIN IMMEDIATE: about one game
        (`key`) it waits only for writers of that game and for whole-database writers."""
        with self._session("une écriture") as db:
            db.raw.execute("BEGIN")
            if key is None:
                db.raw.execute("SELECT pg_advisory_xact_lock(%s, 0)", (LOCK_SPACE,))
            else:
                db.raw.execute("SELECT pg_advisory_xact_lock_shared(%s, 0)", (LOCK_SPACE,))
                db.raw.execute("SELECT pg_advisory_xact_lock(%s, hashtext(%s))",
                               (GAME_LOCK_SPACE, key))
            yield db
            db.raw.execute("COMMIT")

    # --- schema ----------------------------------------------------------------------------

    def version(self) -> int:
        """The schema version of this kind of data (0: none yet)."""
        with self.read() as db:
            db.raw.execute(self.SCHEMA_TABLE)
            row = db.execute("SELECT version FROM companion_schema WHERE kind = ?",
                             (self.kind,)).fetchone()
        return 0 if row is None else int(row[0])

    def _migrate(self) -> None:
        """Brings this kind of data to the latest version, the missing steps in one
        transaction under the whole-database lock; a newer version is refused."""
        with self._session("la mise à jour du schéma") as db:
            db.raw.execute(self.SCHEMA_TABLE)
            row = db.execute("SELECT version FROM companion_schema WHERE kind = ?",
                             (self.kind,)).fetchone()
            if row is not None and int(row[0]) == self.latest:
                return  # up to date: no lock taken just to open
        with self.write() as db:
            row = db.execute("SELECT version FROM companion_schema WHERE kind = ?",
                             (self.kind,)).fetchone()
            version = 0 if row is None else int(row[0])
            if version > self.latest:
                log.error("base PostgreSQL : schéma %s %d, plus récent que ce code (%d)",
                          self.kind, version, self.latest)
                raise NewerSchema()
            for migration in self.migrations[version:]:
                if callable(migration.script):
                    migration.script(db)
                else:
                    db.raw.execute(migration.script)
                log.info("base PostgreSQL : %s, migration %d (%s)", self.kind,
                         migration.version, migration.description)
            if version < self.latest:
                db.execute("INSERT OR REPLACE INTO companion_schema (kind, version) "
                           "VALUES (?, ?)", (self.kind, self.latest))
                self.created = version == 0


def _has_password(url: str) -> bool:
    """Whether the URL carries its own password (« postgresql://user:secret@host/db », or a
    password= parameter): the password file then stays unused."""
    from urllib.parse import parse_qs, urlsplit

    parts = urlsplit(url)
    return parts.password is not None or "password" in parse_qs(parts.query)


UPSERT_KEYS["companion_schema"] = ("kind",)
