"""The PostgreSQL backend (issue 17): what only several servers on one database show (races
between stores, a write seen by another server), its schema version, its SQL translation, and
the French sentence when psycopg is missing. The rest of the store's suite runs on both
backends through conftest.py's `db_location`."""

from __future__ import annotations

import sys
import threading
import time
from pathlib import Path

import pytest
from backends import is_postgres, raw_execute
from test_store_counter import SETUP, score, use_counter

from companion.core.errors import NewerSchema, StorageError
from companion.events.store import EventStore, StaleWrite, default_location, default_path
from companion.storage.migrations import MIGRATIONS, PG_MIGRATIONS
from companion.storage.pgfile import NO_DRIVER, translate


def test_sqlite_statements_in_postgresql_words() -> None:
    assert translate("SELECT a FROM t WHERE code = ? AND x LIKE '5%'") == (
        "SELECT a FROM t WHERE code = %s AND x LIKE '5%%'", False)
    text, returns_id = translate("INSERT OR REPLACE INTO game_seats (code, seat, profile) "
                                 "VALUES (?, ?, ?)")
    assert text == ("INSERT INTO game_seats (code, seat, profile) VALUES (%s, %s, %s) "
                    "ON CONFLICT (code, seat) DO UPDATE SET profile = EXCLUDED.profile")
    assert not returns_id
    assert translate("INSERT INTO nights (title, created, token_hash) VALUES (?, ?, ?)") == (
        "INSERT INTO nights (title, created, token_hash) VALUES (%s, %s, %s) RETURNING id",
        True)


def test_companion_db_may_be_a_postgresql_url(monkeypatch: pytest.MonkeyPatch) -> None:
    url = "postgresql://club@db.example:5432/compagnon"
    monkeypatch.setenv("COMPANION_DB", url)
    assert default_location() == url  # kept whole (a Path would fold its //)
    assert isinstance(default_path(), Path) and "postgresql" not in str(default_path())


def test_without_psycopg_a_postgresql_url_says_what_to_install(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "psycopg", None)  # import psycopg raises ImportError
    with pytest.raises(StorageError) as err:
        EventStore("postgresql://club@127.0.0.1:1/compagnon")
    assert str(err.value) == NO_DRIVER and "pip install" in str(err.value)


def test_both_backends_know_every_schema_version() -> None:
    assert [m.version for m in PG_MIGRATIONS] == [m.version for m in MIGRATIONS]


@pytest.fixture
def pg_url(pg_server: object) -> str:
    return pg_server.database(f"pg_{time.monotonic_ns()}")  # type: ignore[attr-defined]


def test_a_postgresql_database_records_its_schema_version(pg_url: str) -> None:
    EventStore(pg_url)
    assert raw_execute(pg_url, "SELECT kind, version FROM companion_schema") == [
        ("events", len(PG_MIGRATIONS))]
    EventStore(pg_url)  # opening again migrates nothing
    raw_execute(pg_url, "UPDATE companion_schema SET version = version + 1")
    with pytest.raises(NewerSchema):  # written by a newer release: never used
        EventStore(pg_url)


@pytest.mark.realclock  # the pool's connect timeout is a timed wait: faketime never ends it
def test_an_unreachable_server_is_one_french_sentence() -> None:
    pytest.importorskip("psycopg")
    with pytest.raises(StorageError, match="PostgreSQL n'a pas pu être jointe"):
        EventStore("postgresql://nobody@127.0.0.1:1/none", timeout=1)


def race(code: str, seq: int, writes: list[tuple[EventStore, dict]]) -> list[str]:
    """Each (store, event) appended at `seq` from its own thread, released together."""
    start = threading.Barrier(len(writes))
    outcomes = [""] * len(writes)

    def write(index: int, store: EventStore, event: dict) -> None:
        start.wait()
        try:
            store.append(code, event, seq)
            outcomes[index] = "ok"
        except StaleWrite:
            outcomes[index] = "stale"

    threads = [threading.Thread(target=write, args=(i, s, e)) for i, (s, e) in enumerate(writes)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return outcomes


def test_of_two_racing_writes_across_servers_exactly_one_wins(
        db_location: str | Path, monkeypatch: pytest.MonkeyPatch) -> None:
    use_counter(monkeypatch)
    server_a, server_b = EventStore(db_location), EventStore(db_location)
    code = server_a.create("camelot", SETUP)
    for round_ in range(8):  # four turns each, at most 2 points a turn: nobody reaches 10
        seq = server_a.seq(code)
        player = SETUP["players"][round_ % 2]
        outcomes = race(code, seq, [(server_a, score(player, 1)), (server_b, score(player, 2))])
        assert sorted(outcomes) == ["ok", "stale"], outcomes
        winner = outcomes.index("ok") + 1
        assert server_b.seq(code) == seq + 1
        assert server_a.load(code).events[-1] == score(player, winner)  # the winner's line
    rows = raw_execute(db_location, "SELECT seq FROM events WHERE code = ? ORDER BY seq",
                       (code,))
    assert [row[0] for row in rows] == list(range(8))


def test_a_write_through_one_server_is_seen_by_the_other_within_a_second(
        db_location: str | Path, monkeypatch: pytest.MonkeyPatch) -> None:
    use_counter(monkeypatch)
    server_a, server_b = EventStore(db_location), EventStore(db_location)
    code = server_b.create("camelot", SETUP)
    watched = server_a.load(code)  # a device on server A shows the empty game
    server_b.append(code, score("Alice", 3), 0)  # the host's tablet is on server B
    written = time.monotonic()
    while server_a.seq(code) == watched.seq:  # what the pages poll (tableapp/table/gamepage.py)
        assert time.monotonic() - written < 1.0
        time.sleep(0.05)
    assert server_a.load(code).state.summary()["scores"]["Alice"] == 3
    assert server_a.list_games()[0].events == 1


def test_games_are_ordered_by_creation_on_both_backends(db_location: str | Path) -> None:
    store = EventStore(db_location)
    codes = [store.create("noe", {"players": ["A", "B", "C"]}) for _ in range(3)]
    listed = [g.code for g in store.list_games()]
    assert sorted(listed) == sorted(codes)
    if is_postgres(db_location):
        assert [c for (c,) in raw_execute(db_location, "SELECT code FROM games ORDER BY rowid")
                ] == codes


def test_an_older_postgresql_database_is_migrated_with_its_games(pg_url: str) -> None:
    from companion.storage.pgfile import PgDatabase

    PgDatabase(pg_url, PG_MIGRATIONS[:5], kind="events")  # a database of release 5
    raw_execute(pg_url, "INSERT INTO games (code, game, setup, title, created, lines, updated,"
                        " rules_version) VALUES ('ABC234', 'noe', ?, '', 'x', 0, 'x', 0)",
                ('{"players": ["A", "B", "C"]}',))
    store = EventStore(pg_url)  # the later migrations run, the game stays
    assert raw_execute(pg_url, "SELECT version FROM companion_schema") == [(len(PG_MIGRATIONS),)]
    store.append("ABC234", {"type": "announcement", "manche": 1, "player": "A",
                            "announcement": "complot"}, 0)
    assert store.load("ABC234").seq == 1


def test_a_write_waiting_too_long_for_its_game_says_so(pg_url: str) -> None:
    import psycopg

    from companion.core.errors import StorageBusy
    from companion.storage.pgfile import GAME_LOCK_SPACE

    store = EventStore(pg_url, timeout=1)
    code = store.create("noe", {"players": ["A", "B", "C"]})
    with psycopg.connect(pg_url) as other:  # another server in the middle of a write
        other.execute("SELECT pg_advisory_xact_lock(%s, hashtext(%s))", (GAME_LOCK_SPACE, code))
        with pytest.raises(StorageBusy):
            store.append(code, {"type": "announcement", "manche": 1, "player": "A",
                                "announcement": "complot"}, 0)
        assert store.seq(code) == 0  # reading never waits for a writer
    store.append(code, {"type": "announcement", "manche": 1, "player": "A",
                        "announcement": "complot"}, 0)


def test_labystere_sheets_live_in_the_same_postgresql(pg_url: str,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    from companion.games.labystere.sheets import SheetStore, new_token, sheet_items

    monkeypatch.setenv("COMPANION_DB", pg_url)
    code = EventStore().create("noe", {"players": ["A", "B", "C"]})
    token = new_token()
    phone_on_a, phone_on_b = SheetStore(), SheetStore()
    assert phone_on_a.path == pg_url
    item = sheet_items()[0]
    phone_on_a.set_crossed(code, token, item, True)
    assert phone_on_b.load(code, token).crossed == frozenset({item})
    phone_on_b.set_crossed(code, token, item, False)  # INSERT OR REPLACE, in PostgreSQL's words
    assert phone_on_a.load(code, token).crossed == frozenset()


def test_threads_share_a_few_connections(pg_url: str) -> None:
    store = EventStore(pg_url)
    code = store.create("noe", {"players": ["A", "B", "C"]})
    for _ in range(30):  # Streamlit runs each rerun in a new thread
        thread = threading.Thread(target=store.seq, args=(code,))
        thread.start()
        thread.join()
    (count,) = raw_execute(pg_url, "SELECT COUNT(*) FROM pg_stat_activity "
                                   "WHERE datname = current_database()")[0]
    assert count <= 4  # this test's own connection and the store's pool, not one per thread
