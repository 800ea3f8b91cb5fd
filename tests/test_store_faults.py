"""Storage faults, each built for real: a zero-byte, truncated, corrupt or foreign file, a lock
held by another connection, a full disk, a read-only file, folder or disk. Each gives its
French sentence (no server path), the detail goes to the server log, and a refused file is left
byte-for-byte as it was."""

from __future__ import annotations

import hashlib
import json
import logging
import os
import random
import shutil
import sqlite3
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from test_store_counter import SETUP, score, use_counter

from companion.core.errors import (
    CorruptFile,
    DiskFull,
    ForeignFile,
    ReadOnlyStorage,
    StorageBusy,
    StorageError,
    ZeroByteFile,
)
from companion.events.store import EventStore
from companion.storage.sqlitefile import SqliteFile

PASS = {"type": "pass"}


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def played_store(path: Path, games: int = 12) -> list[str]:
    """A store with enough games and lines to span many pages; closed (WAL checkpointed)."""
    store = EventStore(path)
    codes = []
    for number in range(games):
        code = store.create("camelot", SETUP, title=f"partie {number} " + "x" * 300)
        for seq in range(8):
            store.append(code, {"type": "pass", "player": ("Alice", "Bruno")[seq % 2]}, seq)
        codes.append(code)
    return codes


@pytest.fixture(autouse=True)
def _counter(monkeypatch: pytest.MonkeyPatch) -> None:
    use_counter(monkeypatch)


def assert_refused(path: Path, error: type[StorageError], words: str,
                   caplog: pytest.LogCaptureFixture) -> None:
    before = digest(path)
    caplog.set_level(logging.ERROR, logger="companion.storage")
    with pytest.raises(error) as err:
        EventStore(path)
    message = str(err.value)
    assert words in message
    assert str(path.parent) not in message and path.name not in message
    assert str(path) in caplog.text  # the detail is for the server log
    assert digest(path) == before
    with pytest.raises(error):  # and again: refusing did not "repair" anything
        EventStore(path)
    assert digest(path) == before


def test_a_zero_byte_file_is_refused_not_treated_as_empty(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    path = tmp_path / "games.sqlite3"
    path.touch()
    assert_refused(path, ZeroByteFile, "vide (0 octet)", caplog)
    assert path.stat().st_size == 0


def test_a_truncated_file_is_refused(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    whole = tmp_path / "entier.sqlite3"
    played_store(whole)
    data = whole.read_bytes()
    assert len(data) >= 8 * 4096
    for size in (len(data) // 2, 60):
        path = tmp_path / f"tronque-{size}.sqlite3"
        path.write_bytes(data[:size])
        assert_refused(path, CorruptFile, "abîmé ou tronqué", caplog)


def test_a_corrupt_file_is_refused(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    path = tmp_path / "games.sqlite3"
    played_store(path)
    data = bytearray(path.read_bytes())
    noise = random.Random(11).randbytes(3 * 4096)
    data[4096:4096 + len(noise)] = noise  # pages 2 to 4: the tables' b-trees
    path.write_bytes(bytes(data))
    assert_refused(path, CorruptFile, "restaurez une sauvegarde", caplog)


def test_random_bytes_are_a_foreign_file(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    path = tmp_path / "games.sqlite3"
    path.write_bytes(random.Random(3).randbytes(10_000))
    assert_refused(path, ForeignFile, "pas une base du Compagnon", caplog)
    text = tmp_path / "notes.sqlite3"
    text.write_text("une liste de courses\n", encoding="utf-8")
    assert_refused(text, ForeignFile, "COMPANION_DB", caplog)


def test_another_applications_sqlite_file_is_foreign(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    path = tmp_path / "games.sqlite3"
    with sqlite3.connect(path) as db:
        db.execute("CREATE TABLE games (id INTEGER, name TEXT)")  # same name, not ours
        db.execute("CREATE TABLE scores (id INTEGER)")
    db.close()
    assert_refused(path, ForeignFile, "pas une base du Compagnon", caplog)


# --- faults while running -------------------------------------------------------------------


def test_a_lock_held_too_long_is_busy_and_writes_nothing(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    store = EventStore(path, timeout=0.2)
    code = store.create("camelot", SETUP)
    store.append(code, score("Alice", 2), 0)
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")  # another writer that does not let go
    try:
        with pytest.raises(StorageBusy) as err:
            store.append(code, score("Bruno", 1), 1)
        assert "occupée" in str(err.value) and "rien n'a été écrit" in str(err.value)
        assert str(path) not in str(err.value)
        assert store.load(code).seq == 1  # readers are not blocked
    finally:
        other.execute("ROLLBACK")
        other.close()
    assert store.load(code).raw == [score("Alice", 2)]
    assert store.append(code, score("Bruno", 1), 1) == 2  # and it works again


def test_a_full_disk_says_so_and_keeps_every_line(tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    store = EventStore(tmp_path / "games.sqlite3")
    code = store.create("camelot", SETUP)
    real = SqliteFile.connect

    def connect(self: SqliteFile) -> sqlite3.Connection:
        db = real(self)
        (pages,) = db.execute("PRAGMA page_count").fetchone()
        db.execute(f"PRAGMA max_page_count = {pages}")
        return db

    monkeypatch.setattr(SqliteFile, "connect", connect)
    written = 0
    with pytest.raises(DiskFull) as err:
        for seq in range(2000):
            store.append(code, {"type": "pass", "player": ("Alice", "Bruno")[seq % 2]}, seq)
            written += 1
    assert "disque du serveur est plein" in str(err.value)
    assert "rien n'a été écrit" in str(err.value)
    before = store.export(code)
    assert len(before["events"]) == written == store.seq(code)
    with pytest.raises(DiskFull):
        for _ in range(100):
            store.create("camelot", SETUP, "x" * 400)
    monkeypatch.setattr(SqliteFile, "connect", real)  # space freed
    assert store.export(code) == before
    assert store.append(code, {"type": "pass", "player": ("Alice", "Bruno")[written % 2]},
                        written) == written + 1


# --- read-only file, folder, disk ----------------------------------------------------------

CHILD = """
import json, sys
sys.path.insert(0, sys.argv[2])
import companion.core.engine
from test_store_counter import CounterEngine
companion.core.engine.engine_for = CounterEngine  # the counter, as in the parent
from companion.core.errors import CompanionError
from companion.events.store import EventStore
result = {}
store = EventStore(sys.argv[1])
result["read_only"] = store.read_only
result["games"] = [g.code for g in store.list_games()]
result["seq"] = store.load(result["games"][0]).seq
result["export"] = len(store.export(result["games"][0])["events"])
for name, write in [("append", lambda: store.append(result["games"][0], {"type": "pass",
                                                     "player": "Bruno"}, result["seq"])),
                    ("create", lambda: store.create("camelot", {"players": ["A", "B"]}))]:
    try:
        write()
        result[name] = "écrit"
    except CompanionError as exc:
        result[name] = [type(exc).__name__, str(exc)]
print(json.dumps(result))
"""


def unprivileged(*args: str) -> dict:
    """Run CHILD as a process that file permissions apply to (root ignores them unless it
    drops the capabilities that bypass them)."""
    command = [sys.executable, "-c", CHILD, *args, str(Path(__file__).parent)]
    if os.geteuid() == 0:
        if shutil.which("setpriv") is None:
            pytest.skip("setpriv absent : impossible d'appliquer les droits à root")
        command = ["setpriv", "--inh-caps=-all",
                   "--bounding-set=-dac_override,-dac_read_search,-fowner", *command]
    done = subprocess.run(command, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    return json.loads(done.stdout)


@pytest.fixture
def shared_folder(tmp_path: Path) -> Iterator[Path]:
    folder = tmp_path / "base"
    folder.mkdir()
    yield folder
    folder.chmod(0o755)
    for file in folder.iterdir():
        file.chmod(0o644)


def check_read_only(result: dict, code: str, path: Path, before: str) -> None:
    assert result["read_only"] is True
    assert result["games"] == [code] and result["seq"] == 3 and result["export"] == 3
    for name in ("append", "create"):
        kind, message = result[name]
        assert kind == "ReadOnlyStorage" and "lecture seule" in message
        assert str(path) not in message
    assert digest(path) == before


def game_of_three_lines(path: Path) -> str:
    store = EventStore(path)
    code = store.create("camelot", SETUP)
    for seq, points in enumerate([1, 2, 3]):
        store.append(code, score(("Alice", "Bruno")[seq % 2], points), seq)
    return code


def test_a_read_only_file_keeps_its_games_readable(shared_folder: Path) -> None:
    path = shared_folder / "games.sqlite3"
    code = game_of_three_lines(path)
    before = digest(path)
    path.chmod(0o444)
    check_read_only(unprivileged(str(path)), code, path, before)


def test_a_read_only_folder_keeps_its_games_readable(shared_folder: Path) -> None:
    path = shared_folder / "games.sqlite3"
    code = game_of_three_lines(path)
    before = digest(path)
    shared_folder.chmod(0o555)  # no -shm can be made: read as immutable
    check_read_only(unprivileged(str(path)), code, path, before)


def test_a_read_only_disk_keeps_its_games_readable(tmp_path: Path) -> None:
    """A real read-only file system (tmpfs remounted read-only), where root cannot write
    either; skipped where this process may not mount."""
    mount = tmp_path / "disque"
    mount.mkdir()
    if os.geteuid() != 0 or subprocess.run(
            ["mount", "-t", "tmpfs", "-o", "size=4m", "tmpfs", str(mount)],
            capture_output=True).returncode != 0:
        pytest.skip("monter un disque en lecture seule demande root")
    try:
        path = mount / "games.sqlite3"
        code = game_of_three_lines(path)
        store = EventStore(path)
        before = digest(path)
        subprocess.run(["mount", "-o", "remount,ro", str(mount)], check=True)
        reader = EventStore(path)
        assert reader.read_only
        assert reader.load(code).state.summary()["scores"] == {"Alice": 4, "Bruno": 2}
        assert [g.code for g in reader.list_games()] == [code]
        with pytest.raises(ReadOnlyStorage, match="restent consultables"):
            reader.append(code, score("Bruno", 1), 3)
        with pytest.raises(ReadOnlyStorage):
            store.append(code, score("Bruno", 1), 3)  # a store opened before: same sentence
        assert digest(path) == before
    finally:
        subprocess.run(["umount", "-l", str(mount)], capture_output=True)
