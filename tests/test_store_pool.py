"""The club's PostgreSQL through a pool (issue 40): at most `max_connections` open per database
object whatever the number of writers; more writers than that wait their turn and none fails; a
wait past the timeout says in French that the club's base is busy and writes nothing; the
password may come from a secret file (COMPANION_DB_PASSWORD_FILE), never from a variable."""

from __future__ import annotations

import threading
import time
from pathlib import Path

import pytest
from backends import raw_execute

from companion.core import settings
from companion.core.errors import PoolBusy, StorageError
from companion.storage.migrations import PG_MIGRATIONS
from companion.storage.pgfile import PgDatabase


@pytest.fixture
def pg_url(pg_server: object) -> str:
    url = pg_server.database(f"pool_{time.monotonic_ns()}")  # type: ignore[attr-defined]
    raw_execute(url, "CREATE TABLE pool_writes (writer INTEGER PRIMARY KEY, pid INTEGER)")
    return url


def test_more_writers_than_the_pool_allows_wait_and_none_fails(pg_url: str) -> None:
    most, writers = 3, 10
    db = PgDatabase(pg_url, PG_MIGRATIONS, kind="events", max_connections=most)
    lock = threading.Lock()
    inside, peak, asked = [0], [0], [0]
    full = threading.Event()  # the pool's every connection is held by a writer
    failures: list[BaseException] = []

    def write(writer: int) -> None:
        try:
            with lock:
                asked[0] += 1
            # one game each: the writers do not wait for one another's game lock, only for a
            # connection (the pool is what is measured)
            with db.write(key=f"G{writer}") as conn:
                with lock:
                    inside[0] += 1
                    peak[0] = max(peak[0], inside[0])
                    if inside[0] == most:
                        full.set()
                full.wait(30)
                pid = conn.execute("SELECT pg_backend_pid()").fetchone()[0]
                conn.execute("INSERT INTO pool_writes (writer, pid) VALUES (?, ?)",
                             (writer, pid))
                with lock:
                    inside[0] -= 1
        except BaseException as exc:  # noqa: BLE001  (collected, asserted below)
            failures.append(exc)

    threads = [threading.Thread(target=write, args=(n,)) for n in range(writers)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    assert failures == []
    rows = raw_execute(pg_url, "SELECT writer, pid FROM pool_writes ORDER BY writer")
    assert [writer for writer, _ in rows] == list(range(writers))  # every write, once
    assert peak[0] == most  # the pool was full: the others waited for a connection
    assert len({pid for _, pid in rows}) <= most  # never more server connections than that
    (open_now,) = raw_execute(pg_url, "SELECT COUNT(*) FROM pg_stat_activity WHERE datname = "
                                      "current_database() AND pid <> pg_backend_pid()")[0]
    assert open_now <= most
    db.close()


@pytest.mark.realclock  # the pool's timeout is a timed wait: faketime never ends it
def test_a_wait_past_the_timeout_says_the_club_base_is_busy(pg_url: str) -> None:
    db = PgDatabase(pg_url, PG_MIGRATIONS, kind="events", timeout=0.5, max_connections=1)
    holding, release = threading.Event(), threading.Event()

    def hold() -> None:  # another table's write, slow, holding the only connection
        with db.write(key="G1") as conn:
            conn.execute("INSERT INTO pool_writes (writer, pid) VALUES (1, 0)")
            holding.set()
            release.wait(30)

    thread = threading.Thread(target=hold)
    thread.start()
    try:
        assert holding.wait(30)
        with pytest.raises(PoolBusy) as err, db.write(key="G2") as conn:
            conn.execute("INSERT INTO pool_writes (writer, pid) VALUES (2, 0)")
        text = str(err.value)
        assert "base de données du club est occupée" in text and "rien n'a été écrit" in text
        assert "postgresql://" not in text and "pool" not in text
    finally:
        release.set()
        thread.join(30)
    assert raw_execute(pg_url, "SELECT writer FROM pool_writes") == [(1,)]  # G2 wrote nothing
    with db.write(key="G2") as conn:  # the connection came back: the next write goes through
        conn.execute("INSERT INTO pool_writes (writer, pid) VALUES (2, 0)")
    assert raw_execute(pg_url, "SELECT COUNT(*) FROM pool_writes") == [(2,)]
    db.close()


def test_the_password_comes_from_the_secret_file(pg_url: str, tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    secret = tmp_path / "db_password"
    secret.write_text("mot-de-passe du club\n", encoding="utf-8")  # as `echo ... >` writes it
    monkeypatch.setenv("COMPANION_DB_PASSWORD_FILE", str(secret))
    settings.check()
    db = PgDatabase(pg_url, PG_MIGRATIONS, kind="events")
    with db.read() as conn:  # libpq's own record of the password the connection was given
        assert conn.raw.info.password == "mot-de-passe du club"
    db.close()
    # a URL that carries its own password keeps it (the file is for COMPANION_DB's server)
    own = pg_url.replace("postgresql://companion@", "postgresql://companion:autre@")
    assert own != pg_url
    db = PgDatabase(own, PG_MIGRATIONS, kind="events")
    with db.read() as conn:
        assert conn.raw.info.password == "autre"
    db.close()


@pytest.mark.parametrize(("content", "expected"), [
    (None, "ne se lit pas"),
    ("premier\nsecond\n", "une seule ligne"),
    ("", "une seule ligne"),
    ("x" * 2000, "une seule ligne"),
])
def test_a_bad_password_file_is_one_french_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                content: str | None, expected: str) -> None:
    secret = tmp_path / "db_password"
    if content is not None:
        secret.write_text(content, encoding="utf-8")
    monkeypatch.setenv("COMPANION_DB_PASSWORD_FILE", str(secret))
    with pytest.raises(settings.SettingError) as err:
        settings.check()
    assert "COMPANION_DB_PASSWORD_FILE" in str(err.value) and expected in str(err.value)
    assert "premier" not in str(err.value)  # the file's content is never repeated


@pytest.mark.realclock  # the pool's timeout is a timed wait: faketime never ends it
def test_an_unreachable_server_is_not_called_busy() -> None:
    pytest.importorskip("psycopg_pool")
    with pytest.raises(StorageError) as err:
        PgDatabase("postgresql://nobody@127.0.0.1:1/none", PG_MIGRATIONS, kind="events",
                   timeout=1)
    assert not isinstance(err.value, PoolBusy)
    assert "n'a pas pu être jointe" in str(err.value)
