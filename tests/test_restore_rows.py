"""A restore is an import (issue 38, item 6; companion/events/restorecheck.py): every row of a
backup passes the import's checks before the live file is touched, and the capabilities a
backup carries (host grants, the organiser, creator and soirée keys, seat links) do not come
with it. In two roles: a stranger hands the organiser a backup file made with a script (a real
backup, then rows written with sqlite3 as any tool could), the organiser runs
`companion restore` on the server's terminal. A refusal is exit 2 and one French line, and the
live file is byte-identical."""

from __future__ import annotations

import hashlib
import json
import sqlite3
from pathlib import Path

import pytest
from stats_night import example_log

from companion.core.errors import StorageError
from companion.events.store import EventStore
from companion.hosting import seats
from companion.hosting.access import Access, SharedRights, new_secret
from companion.hosting.positions import Positions
from companion.stats.storage import StatsStore
from companion.storage import backups
from tableapp.console import main


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def live_store(path: Path) -> str:
    """The organiser's server: one game, played."""
    store = EventStore(path)
    code = store.import_log(example_log("libre-skull-king"))
    return code


def strangers_backup(tmp_path: Path, sql: str = "", *params: object) -> Path:
    """A genuine backup of the stranger's own server (one game, a profile, a soirée, host and
    seat links, its organiser), then `sql` run on the file."""
    source = tmp_path / "chez-l-inconnu.sqlite3"
    stats = StatsStore(EventStore(source))
    code = stats.events.import_log(example_log("noe-partie-a-100-points"))
    stats.create_profile("Chloé", creator=new_secret())
    stats.open_night("Mardi")
    Access(source).issue(code)
    Access(source).new_organiser()
    seats.issue(Positions(source), code, ["Alice", "Bruno"])
    copy = tmp_path / "sauvegarde.sqlite3"
    assert main(["backup", "--db", str(source), "--out", str(copy)]) == 0
    if sql:
        with sqlite3.connect(copy) as db:
            db.execute(sql.replace("{code}", code), params)
        db.close()
    return copy


def refused(tmp_path: Path, backup: Path, capsys: pytest.CaptureFixture[str]) -> str:
    """`companion restore` of `backup` over the organiser's server: refused, nothing changed."""
    live = tmp_path / "games.sqlite3"
    live_store(live)
    before = digest(live)
    capsys.readouterr()
    assert main(["restore", str(backup), "--db", str(live)]) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err
    assert err.startswith("companion : erreur : ") and "rien n'a été restauré" in err
    assert digest(live) == before  # byte-identical
    assert not list(tmp_path.glob("games.sqlite3.*"))  # no copy left beside it
    return err


# one more line at the end of the stranger's game (inserting is what the log allows)
APPEND = ("INSERT INTO events (code, seq, event, created) SELECT code, lines, ?, '' "
          "FROM games WHERE code = '{code}'")


HOSTILE = [
    ("un jeu inconnu", "UPDATE games SET game = 'belote' WHERE code = '{code}'", (),
     "jeu inconnu"),
    ("un code qui n'en est pas un", "UPDATE games SET code = 'abc' WHERE code = '{code}'", (),
     "n'a pas un code de partie"),
    ("un nom de 41 caractères", "UPDATE games SET setup = json_set(setup, '$.players[0]', "
     "?) WHERE code = '{code}'", ("A" * 41,), "trop long"),
    ("un titre de 600 caractères", "UPDATE games SET title = ? WHERE code = '{code}'",
     ("T" * 600,), "titre trop long"),
    ("un profil au nom de 200 caractères", "UPDATE profiles SET name = ?", ("P" * 200,),
     "dépasse 40 caractères"),
    ("une couleur qui n'en est pas une", "UPDATE profiles SET colour = 'url(javascript:1)'",
     (), "couleur"),
    ("un classement inconnu", "UPDATE nights SET ranking = 'argent'", (), "classement"),
]


@pytest.mark.parametrize(("what", "sql", "params", "words"), HOSTILE,
                         ids=[h[0] for h in HOSTILE])
def test_a_doctored_row_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                   what: str, sql: str, params: tuple, words: str) -> None:
    err = refused(tmp_path, strangers_backup(tmp_path, sql, *params), capsys)
    assert words in err, err


def deep(levels: int) -> str:
    return "[" * levels + "]" * levels


@pytest.mark.parametrize(("what", "text", "words"), [
    ("une ligne imbriquée 100 000 fois", deep(100_000), "trop volumineu"),
    ("une ligne imbriquée 30 000 fois en 60 Ko", deep(30_000), "imbriqué"),
    ("une ligne imbriquée 25 fois", json.dumps({"type": "x", "v": json.loads(deep(24))}),
     "trop d'imbrications"),
    ("une ligne de 10 Mo", json.dumps({"type": "note", "text": "x" * 10_000_000}),
     "trop volumineu"),
    ("un nombre de 5 000 chiffres", '{"type": "x", "n": ' + "9" * 5000 + "}", "démesuré"),
])
def test_a_hostile_line_is_refused_before_the_swap(tmp_path: Path, what: str, text: str,
                                                   words: str,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    backup = strangers_backup(tmp_path, APPEND, text)
    with sqlite3.connect(backup) as db:  # the count follows, as the store's own would
        db.execute("UPDATE games SET lines = (SELECT COUNT(*) FROM events e "
                   "WHERE e.code = games.code)")
    db.close()
    err = refused(tmp_path, backup, capsys)
    assert words in err, err


def test_lines_the_game_does_not_count_are_refused(tmp_path: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    err = refused(tmp_path, strangers_backup(tmp_path, APPEND, '{"type": "end_manche"}'),
                  capsys)
    assert "lignes annoncées" in err


def test_a_restored_backup_brings_no_capability(tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str],
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    """The stranger kept the secrets of their own server's links; restored here, none opens
    anything. The organiser's terminal gives new ones."""
    source = tmp_path / "chez-l-inconnu.sqlite3"
    stats = StatsStore(EventStore(source))
    code = stats.events.import_log(example_log("noe-partie-a-100-points"))
    creator = new_secret()
    chloe = stats.create_profile("Chloé", creator=creator)
    night, night_key = stats.open_night("Mardi")
    host, _grant = Access(source).issue(code)
    organiser = Access(source).new_organiser()
    seat_links = seats.issue(Positions(source), code, ["Alice", "Bruno"])
    backup = tmp_path / "sauvegarde.sqlite3"
    assert main(["backup", "--db", str(source), "--out", str(backup)]) == 0
    live = tmp_path / "games.sqlite3"
    live_store(live)
    capsys.readouterr()
    assert main(["restore", str(backup), "--db", str(live)]) == 0
    out = capsys.readouterr().out
    assert "base restaurée" in out and "companion organisateur" in out
    restored = StatsStore(EventStore(live))
    access = Access(live)
    assert access.verify(code, host) is None and not access.is_organiser(organiser)
    assert not restored.may_change_profile(chloe.id, SharedRights(creator=creator))
    assert not restored.may_change_night(night.id, SharedRights(night_key=night_key))
    assert all(seats.seat_of(Positions(live), code, t) is None for t in seat_links.values())
    # the game itself is all there, and the organiser's terminal hands it to a device
    assert restored.events.load(code).seq == stats.events.load(code).seq
    assert restored.profile(chloe.id).name == "Chloé"
    monkeypatch.setenv("COMPANION_DB", str(live))
    assert main(["host", code, "--url", "http://192.168.1.20:8501"]) == 0
    link = capsys.readouterr().out.strip()
    assert access.verify(code, link.rsplit("host=", 1)[1]) is not None


def test_a_failure_after_the_swap_puts_the_live_file_back(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The restored file is opened (and migrated) once in place; if that fails (a full disk,
    here injected), the live file is back byte for byte and the line says where the safety
    copy is."""
    backup = strangers_backup(tmp_path)
    live = tmp_path / "games.sqlite3"
    code = live_store(live)
    before = digest(live)
    from companion.cli import backup as restore_command

    def full_disk(path: object) -> EventStore:
        raise StorageError("disque plein")

    monkeypatch.setattr(restore_command, "EventStore", full_disk)
    capsys.readouterr()
    assert main(["restore", str(backup), "--db", str(live)]) == 2
    err = capsys.readouterr().err
    assert "restauration abandonnée (disque plein)" in err and len(err.splitlines()) == 1
    assert digest(live) == before and not list(tmp_path.glob("games.sqlite3.*"))
    [kept] = [p for p in backups.backups_of(live) if "avant-restauration" in p.name]
    assert str(kept) in err
    monkeypatch.undo()
    assert EventStore(live).load(code).seq > 0
