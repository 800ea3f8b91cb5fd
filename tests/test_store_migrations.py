"""Schema versions: every file is versioned and marked as ours, migrations run one step at a
time in one transaction, unversioned (v0) stores are upgraded in place, newer ones refused."""

from __future__ import annotations

import hashlib
import sqlite3
from pathlib import Path

import pytest
from test_store_counter import SETUP, score, use_counter

from companion.core.errors import ForeignFile, NewerSchema
from companion.events.store import EventStore
from companion.storage.migrations import APPLICATION_ID, MIGRATIONS, V1_GAMES_AND_EVENTS
from companion.storage.sqlitefile import Migration, SqliteFile, split_statements


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def pragma(path: Path, name: str) -> int:
    with sqlite3.connect(path) as db:
        return int(db.execute(f"PRAGMA {name}").fetchone()[0])


@pytest.fixture(autouse=True)
def _counter(monkeypatch: pytest.MonkeyPatch) -> None:
    use_counter(monkeypatch)


def test_a_new_store_is_at_the_latest_version_and_marked_as_ours(tmp_path: Path) -> None:
    store = EventStore(tmp_path / "g.sqlite3")
    assert pragma(store.path, "user_version") == len(MIGRATIONS) >= 2
    assert pragma(store.path, "application_id") == APPLICATION_ID
    assert [m.version for m in MIGRATIONS] == list(range(1, len(MIGRATIONS) + 1))


def make_v0_store(path: Path) -> None:
    """A store as written before versions existed: the v1 tables, user_version 0."""
    with sqlite3.connect(path) as db:
        db.executescript(V1_GAMES_AND_EVENTS)
        db.execute("INSERT INTO games VALUES ('ABCDEF', 'camelot', ?, 'ancienne', "
                   "'2026-11-20T10:00:00+00:00')", ('{"players":["Alice","Bruno"]}',))
        for seq, (player, points) in enumerate([("Alice", 3), ("Bruno", 2)]):
            db.execute("INSERT INTO events VALUES ('ABCDEF', ?, ?, ?)",
                       (seq, f'{{"type":"score","player":"{player}","points":{points}}}',
                        f"2026-11-20T10:0{seq + 1}:00+00:00"))
    db.close()


def test_an_unversioned_store_is_upgraded_in_place(tmp_path: Path) -> None:
    path = tmp_path / "ancien.sqlite3"
    make_v0_store(path)
    store = EventStore(path)
    assert pragma(path, "user_version") == len(MIGRATIONS)
    stored = store.load("ABCDEF")
    assert stored.state.summary()["scores"] == {"Alice": 3, "Bruno": 2}
    [row] = store.list_games()
    assert (row.code, row.events, row.updated) == ("ABCDEF", 2, "2026-11-20T10:02:00+00:00")
    assert store.seq("ABCDEF") == 2
    store.append("ABCDEF", score("Alice", 1), 2)  # and it keeps working
    assert store.seq("ABCDEF") == 3


def test_a_newer_schema_is_refused_and_left_untouched(tmp_path: Path) -> None:
    path = tmp_path / "futur.sqlite3"
    EventStore(path).create("camelot", SETUP)
    with sqlite3.connect(path) as db:
        db.execute(f"PRAGMA user_version = {len(MIGRATIONS) + 1}")
    db.close()
    before = digest(path)
    with pytest.raises(NewerSchema) as err:
        EventStore(path)
    assert "version plus récente" in str(err.value) and "mettez l'application à jour" in str(
        err.value)
    assert str(path) not in str(err.value)
    assert digest(path) == before


def test_a_failing_migration_changes_nothing(tmp_path: Path) -> None:
    path = tmp_path / "f.sqlite3"
    first = [Migration(1, "t", "CREATE TABLE IF NOT EXISTS t (x INTEGER);")]
    SqliteFile(path, first)

    def broken(db: sqlite3.Connection) -> None:
        db.execute("CREATE TABLE u (y INTEGER)")
        raise sqlite3.OperationalError("échec voulu")

    with pytest.raises(Exception, match="n'a pas pu être lue ou écrite"):
        SqliteFile(path, [*first, Migration(2, "u", broken)])
    assert pragma(path, "user_version") == 1
    with sqlite3.connect(path) as db:
        tables = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    assert tables == {"t"}


def test_migrations_run_in_order_sql_and_functions(tmp_path: Path) -> None:
    path = tmp_path / "m.sqlite3"
    seen: list[int] = []

    def fill(db: sqlite3.Connection) -> None:
        seen.append(db.execute("PRAGMA user_version").fetchone()[0])
        db.execute("INSERT INTO t VALUES (42)")

    migrations = [Migration(1, "t", "CREATE TABLE t (x INTEGER);"), Migration(2, "fill", fill)]
    SqliteFile(path, migrations[:1])
    SqliteFile(path, migrations)
    SqliteFile(path, migrations)  # already there: nothing runs twice
    assert seen == [1]  # ran once, inside the transaction, before the version moved
    with sqlite3.connect(path) as db:
        assert db.execute("SELECT x FROM t").fetchall() == [(42,)]
    assert pragma(path, "user_version") == 2


def test_migration_numbers_must_follow(tmp_path: Path) -> None:
    with pytest.raises(ValueError):
        SqliteFile(tmp_path / "x.sqlite3", [Migration(2, "trou", "SELECT 1;")])


def test_scripts_split_with_their_triggers() -> None:
    statements = split_statements(V1_GAMES_AND_EVENTS)
    assert len(statements) == 4
    assert statements[2].startswith("CREATE TRIGGER") and statements[2].endswith("END;")


def test_another_products_sqlite_file_is_foreign(tmp_path: Path) -> None:
    path = tmp_path / "autre.sqlite3"
    with sqlite3.connect(path) as db:
        db.execute("CREATE TABLE contacts (nom TEXT)")
    db.close()
    before = digest(path)
    with pytest.raises(ForeignFile):
        EventStore(path)
    assert digest(path) == before


def test_a_sheets_file_is_not_an_event_store(tmp_path: Path) -> None:
    from companion.games.labystere.sheets import SheetStore

    path = tmp_path / "fiches.sqlite3"
    SheetStore(path)
    before = digest(path)
    with pytest.raises(ForeignFile):
        EventStore(path)
    assert digest(path) == before
    SheetStore(path)  # and it still opens as what it is
