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

from companion.events.store import EventStore
from companion.storage import backups
from companion.storage.migrations import MIGRATIONS
from tableapp.console import main


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


@pytest.mark.realclock  # a backup's age is its file's time, the kernel's clock
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


# --- restore refuses what it did not make (issue 22) -----------------------------------------

def _doctored(tmp_path: Path, sql: str) -> Path:
    """A real backup of a store with one game, then changed by `sql` (what an attacker or a
    broken tool could hand to `companion restore`)."""
    source = tmp_path / "source.sqlite3"
    store_with_a_game(source)
    copy = tmp_path / "doctored.sqlite3"
    assert main(["backup", "--db", str(source), "--out", str(copy)]) == 0
    with sqlite3.connect(copy) as db:
        db.executescript(sql)
    db.close()
    return copy


DOCTORED = [
    ("""CREATE TRIGGER grant_everyone AFTER INSERT ON games BEGIN
        INSERT INTO grants (code, role, label, token_hash, created)
        VALUES (NEW.code, 'host', '', 'x', ''); END;""",
     "contient un déclencheur « grant_everyone » que le schéma version {v} ne crée pas"),
    ("DROP TRIGGER events_append_only_update;",
     "n'a pas le déclencheur « events_append_only_update » que crée le schéma version {v}"),
    ("DROP TRIGGER events_append_only_delete;"
     "CREATE TRIGGER events_append_only_delete BEFORE DELETE ON events BEGIN SELECT 1; END;",
     "a un déclencheur « events_append_only_delete » qui diffère de celui que crée le schéma"),
    ("PRAGMA foreign_keys=OFF; DROP TABLE events; CREATE VIEW events AS "
     "SELECT code, 0 AS seq, '' AS event, '' AS created, '' AS author FROM games;",
     "fait de « events » une vue au lieu d'une table (le schéma version {v})"),
    ("ALTER TABLE games ADD COLUMN owner TEXT;",
     "a une table « games » qui diffère de celle que crée le schéma version {v}"),
    ("CREATE INDEX spy ON events (author);",
     "contient un index « spy » que le schéma version {v} ne crée pas"),
    ("CREATE TABLE notes (t TEXT);",
     "contient une table « notes » que le schéma version {v} ne crée pas"),
    ("PRAGMA foreign_keys=OFF; DROP TABLE game_positions;",
     "n'a pas la table « game_positions » que crée le schéma version {v}"),
]


@pytest.mark.parametrize(("sql", "words"), DOCTORED)
def test_restore_refuses_a_doctored_backup_and_leaves_the_database_as_it_was(
        tmp_path: Path, sql: str, words: str, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "games.sqlite3"
    store_with_a_game(path)
    before = path.read_bytes()
    doctored = _doctored(tmp_path, sql)
    capsys.readouterr()
    assert main(["restore", str(doctored), "--db", str(path)]) == 2
    err = capsys.readouterr().err
    assert words.format(v=len(MIGRATIONS)) in err, err
    assert str(doctored) in err and "rien n'a été restauré" in err and "Traceback" not in err
    assert len(err.strip().splitlines()) == 1
    assert path.read_bytes() == before  # byte-identical
    assert not list(tmp_path.glob("games.sqlite3.*"))  # no copy left beside it
    assert not [p for p in backups.backups_of(path) if "avant-restauration" in p.name]


def test_restore_refuses_a_file_of_ours_without_tables(tmp_path: Path,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "games.sqlite3"
    store_with_a_game(path)
    before = path.read_bytes()
    empty = tmp_path / "vide.sqlite3"
    with sqlite3.connect(empty) as db:  # the right marks, nothing inside
        db.execute("PRAGMA application_id = 1128551495")
        db.execute(f"PRAGMA user_version = {len(MIGRATIONS)}")
        db.execute("CREATE TABLE x (a)")
        db.execute("DROP TABLE x")
    db.close()
    assert main(["restore", str(empty), "--db", str(path)]) == 2
    err = capsys.readouterr().err
    assert "ne contient aucune table" in err and "rien n'a été restauré" in err
    assert path.read_bytes() == before


def test_restore_refuses_a_backup_that_fails_the_integrity_check(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """quick_check passes, the full integrity_check does not: an index that no longer matches
    its table (written with the schema's writable switch, as a broken tool could)."""
    path = tmp_path / "games.sqlite3"
    store_with_a_game(path)
    before = path.read_bytes()
    broken = _doctored(tmp_path, "")
    with sqlite3.connect(broken) as db:
        db.execute("PRAGMA writable_schema = ON")
        db.execute("UPDATE sqlite_master SET sql = 'CREATE INDEX games_by_update ON games "
                   "(created DESC)' WHERE name = 'games_by_update'")
    db.close()
    assert main(["restore", str(broken), "--db", str(path)]) == 2
    err = capsys.readouterr().err
    assert "est abîmé (contrôle d'intégrité de SQLite)" in err, err
    assert path.read_bytes() == before


def test_backupcheck_reference_matches_a_store_made_by_the_migrations(tmp_path: Path) -> None:
    from companion.storage import backupcheck

    path = tmp_path / "games.sqlite3"
    store_with_a_game(path)
    with sqlite3.connect(path) as db:
        assert backupcheck.schema_of(db) == backupcheck.reference(len(MIGRATIONS))
    db.close()
    old = tmp_path / "v0.sqlite3"
    make_v0_store(old)
    assert backupcheck.verify(old, "v0.sqlite3") == 0  # an unversioned store is still ours
