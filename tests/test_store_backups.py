"""Backups through SQLite's backup API: at start-up (at most once per period, the last K
kept), always before a migration, and `companion backup` / `companion restore`."""

from __future__ import annotations

import hashlib
import random
import sqlite3
from pathlib import Path

import pytest
from test_store_counter import SETUP, score, use_counter
from test_store_migrations import make_v0_store

from companion import backups
from companion.cli import main
from companion.migrations import MIGRATIONS
from companion.store import EventStore


@pytest.fixture(autouse=True)
def _counter(monkeypatch: pytest.MonkeyPatch) -> None:
    use_counter(monkeypatch)


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def store_with_a_game(path: Path, points: int = 3) -> tuple[EventStore, str]:
    store = EventStore(path)
    code = store.create("camelot", SETUP, "soirée")
    store.append(code, score("Alice", points), 0)
    return store, code


def test_a_new_store_is_not_backed_up_a_reopened_one_is_once_per_period(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "games.sqlite3"
    store, code = store_with_a_game(path)
    assert backups.backups_of(path) == []  # a new file holds nothing worth a copy
    EventStore(path)  # the server restarts
    [first] = backups.backups_of(path)
    assert first.parent == tmp_path / "backups" and first.name.endswith("-demarrage.sqlite3")
    assert EventStore(first).export(code) == store.export(code)  # a real, whole copy
    EventStore(path)  # restarted again within the period: no new copy
    assert backups.backups_of(path) == [first]


def test_only_the_last_automatic_backups_are_kept(tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "games.sqlite3"
    store_with_a_game(path)
    assert main(["backup", "--db", str(path)]) == 0  # manual: never rotated away
    monkeypatch.setenv("COMPANION_BACKUP_HOURS", "0")
    monkeypatch.setenv("COMPANION_BACKUP_KEEP", "3")
    for _ in range(6):
        EventStore(path)
    names = [p.name for p in backups.backups_of(path)]
    assert sum(n.endswith("-demarrage.sqlite3") for n in names) == 3
    assert sum(n.endswith("-manuelle.sqlite3") for n in names) == 1


def test_a_migration_is_always_preceded_by_a_backup(tmp_path: Path) -> None:
    path = tmp_path / "ancien.sqlite3"
    make_v0_store(path)
    with sqlite3.connect(path) as db:
        before = db.execute("SELECT * FROM events ORDER BY seq").fetchall()
    db.close()
    EventStore(path)
    [copy] = [p for p in backups.backups_of(path) if "avant-migration-v0" in p.name]
    with sqlite3.connect(copy) as db:
        assert db.execute("PRAGMA user_version").fetchone()[0] == 0  # as it was
        assert db.execute("SELECT * FROM events ORDER BY seq").fetchall() == before
    db.close()


# --- companion backup / restore ---------------------------------------------------------------


def test_backup_to_a_file_then_restore_it(tmp_path: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "games.sqlite3"
    store, code = store_with_a_game(path)
    saved = tmp_path / "copie.sqlite3"
    assert main(["backup", "--db", str(path), "--out", str(saved)]) == 0
    assert "sauvegarde écrite" in capsys.readouterr().out
    assert saved.read_bytes()[18] == 1  # a self-contained file (not WAL): copy it anywhere
    store.append(code, score("Bruno", 5), 1)  # played on after the backup
    later = store.export(code)
    assert main(["restore", str(saved), "--db", str(path)]) == 0
    out = capsys.readouterr().out
    assert "base restaurée" in out and "1 partie" in out
    assert EventStore(path).load(code).seq == 1  # back to the backup
    [kept] = [p for p in backups.backups_of(path) if "avant-restauration" in p.name]
    assert EventStore(kept).export(code) == later  # and nothing was lost
    assert main(["backup", "--db", str(path), "--out", str(saved)]) == 2  # never overwritten
    assert "existe déjà" in capsys.readouterr().err


@pytest.mark.parametrize(("content", "words"), [
    (b"", "est vide (0 octet)"),
    (random.Random(1).randbytes(8000), "n'est pas une sauvegarde du Compagnon"),
])
def test_restore_refuses_what_is_not_a_backup(tmp_path: Path, content: bytes, words: str,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "games.sqlite3"
    store_with_a_game(path)
    before = digest(path)
    bad = tmp_path / "pas-une-sauvegarde.sqlite3"
    bad.write_bytes(content)
    assert main(["restore", str(bad), "--db", str(path)]) == 2
    err = capsys.readouterr().err
    assert words in err and str(bad) in err and "Traceback" not in err
    assert digest(path) == before and digest(bad) == hashlib.sha256(content).hexdigest()
    assert main(["restore", str(tmp_path / "absent.sqlite3"), "--db", str(path)]) == 2
    assert "introuvable" in capsys.readouterr().err


def test_restore_refuses_a_newer_or_foreign_database(tmp_path: Path,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "games.sqlite3"
    store_with_a_game(path)
    newer = tmp_path / "futur.sqlite3"
    store_with_a_game(newer)
    with sqlite3.connect(newer) as db:
        db.execute(f"PRAGMA user_version = {len(MIGRATIONS) + 1}")
    db.close()
    assert main(["restore", str(newer), "--db", str(path)]) == 2
    assert "version plus récente" in capsys.readouterr().err
    other = tmp_path / "autre.sqlite3"
    with sqlite3.connect(other) as db:
        db.execute("CREATE TABLE contacts (nom TEXT)")
    db.close()
    assert main(["restore", str(other), "--db", str(path)]) == 2
    assert "n'est pas une sauvegarde" in capsys.readouterr().err


def test_restore_over_a_damaged_database_keeps_its_bytes(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    _, code = store_with_a_game(path)
    saved = tmp_path / "copie.sqlite3"
    assert main(["backup", "--db", str(path), "--out", str(saved)]) == 0
    damaged = random.Random(2).randbytes(9000)
    path.write_bytes(damaged)
    assert main(["restore", str(saved), "--db", str(path)]) == 0
    assert EventStore(path).load(code).seq == 1
    [kept] = [p for p in backups.backups_of(path) if "avant-restauration" in p.name]
    assert kept.read_bytes() == damaged


def test_an_older_backup_is_migrated_after_restore(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    store_with_a_game(path)
    old = tmp_path / "v0.sqlite3"
    make_v0_store(old)
    assert main(["restore", str(old), "--db", str(path)]) == 0
    assert EventStore(path).load("ABCDEF").seq == 2
    with sqlite3.connect(path) as db:
        assert db.execute("PRAGMA user_version").fetchone()[0] == len(MIGRATIONS)
    db.close()
