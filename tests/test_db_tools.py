"""`companion db` (issue 17): a club moves from SQLite to PostgreSQL and back with nothing lost
(every table copied, every game replaying identically, verified game by game), `check` finds
orphan rows, wrong line counts and games that no longer replay, `migrate` brings a database to
the current schema, and `companion backup --json` exports every game on both backends."""

from __future__ import annotations

import json
import sqlite3
import time
from pathlib import Path

import pytest
from backends import raw_execute
from stats_night import build_night
from test_store_counter import SETUP, score, use_counter
from test_store_rules_version import new_rules

from companion.core.errors import UsageError
from companion.events import dbtools
from companion.events.store import EventStore
from companion.hosting.access import ON_SERVER, Access
from companion.hosting.positions import NarratorPlace, Positions
from tableapp.console import main


@pytest.fixture
def pg_url(pg_server: object) -> str:
    return pg_server.database(f"copy_{time.monotonic_ns()}")  # type: ignore[attr-defined]


def club(path: Path | str) -> EventStore:
    """A club's database: the five games' example logs seated in a night, a merged profile,
    host and co-host grants (one revoked), a narrator's place and an undone line."""
    stats, _night, codes, profiles = build_night(path)
    store = stats.events
    twin = stats.create_profile("Alice bis")
    stats.merge(twin.id, profiles["Alice"], by=ON_SERVER)
    access = Access(store.path)
    code = codes["noe-corrections"]
    _token, host = access.issue(code)
    _token, cohost = access.issue(code, "cohost")
    access.revoke(code, cohost.id, host)
    Positions(store.path).set_narrator(codes["elsen-saboteur-exclu"], NarratorPlace(3, 2))
    extra = store.create("noe", {"players": ["Zoé", "Yann", "Xavier"]}, "à suivre")
    stats.open_night("Mardi suivant")
    assert store.seq(extra) == 0
    return store


def summaries(store: EventStore) -> dict[str, str]:
    return {code: json.dumps(store.load(code).state.summary(), sort_keys=True, default=str)
            for code in dbtools._all_codes(store)}


def test_every_table_of_the_schema_is_copied(tmp_path: Path) -> None:
    EventStore(tmp_path / "x.sqlite3")
    tables = {name for (name,) in raw_execute(
        tmp_path / "x.sqlite3", "SELECT name FROM sqlite_master WHERE type = 'table'")}
    assert tables == {table for table, _columns, _order in dbtools.TABLES}
    for table, columns, _order in dbtools.TABLES:
        stored = {row[1] for row in raw_execute(tmp_path / "x.sqlite3",
                                                f"PRAGMA table_info({table})")}
        assert stored == set(columns) | ({"merged_into"} if table == "profiles" else set())


def test_a_club_moves_to_postgresql_and_back_with_nothing_lost(tmp_path: Path,
                                                                pg_url: str) -> None:
    here = club(tmp_path / "club.sqlite3")
    before = summaries(here)
    assert main(["db", "copy", str(here.path), pg_url]) == 0
    there = EventStore(pg_url)
    assert summaries(there) == before  # every game replays identically
    assert [g.code for g in there.list_games(limit=100)] == [
        g.code for g in here.list_games(limit=100)]
    # the club goes on playing on PostgreSQL: new ids follow the copied ones
    code = next(iter(before))
    _token, grant = Access(pg_url).issue(code)
    assert grant.id > max(g.id for g in Access(here.path).grants(code))
    back = tmp_path / "retour.sqlite3"
    assert main(["db", "copy", pg_url, str(back)]) == 0
    returned = EventStore(back)
    assert summaries(returned) == before
    for code in before:
        assert returned.export(code) == here.export(code)
    assert Positions(back).narrator(next(c for c in before if here.game_of(c) == "elsen")
                                    ) == Positions(here.path).narrator(
        next(c for c in before if here.game_of(c) == "elsen"))
    assert dbtools.check(returned).problems == []


def test_a_copy_never_mixes_with_games_already_there(tmp_path: Path, pg_url: str,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    club(tmp_path / "a.sqlite3")
    EventStore(pg_url).create("noe", {"players": ["A", "B", "C"]})
    assert main(["db", "copy", str(tmp_path / "a.sqlite3"), pg_url]) == 2
    assert "déjà des parties" in capsys.readouterr().err
    assert len(EventStore(pg_url).list_games()) == 1
    with pytest.raises(UsageError):
        dbtools.copy(EventStore(tmp_path / "a.sqlite3"), EventStore(pg_url))


def test_check_finds_orphans_wrong_counts_and_games_that_no_longer_replay(
        db_location: str | Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    use_counter(monkeypatch)
    store = EventStore(db_location)
    broken = store.create("camelot", SETUP)
    store.append(broken, score("Alice", 5), 0)
    store.create("camelot", SETUP)
    assert main(["db", "check", "--db", str(db_location)]) == 0
    assert "2 parties, 2 rejouées ; 0 problème" in capsys.readouterr().out
    new_rules(monkeypatch)  # at most 3 points now: the first game no longer replays
    if isinstance(db_location, Path):  # SQLite enforces foreign keys per connection only
        with sqlite3.connect(db_location) as db:
            db.execute("INSERT INTO game_positions VALUES ('ZZZZZZ', 'x', '1', '')")
            db.execute("UPDATE games SET lines = 7 WHERE code = ?", (broken,))
    else:
        raw_execute(db_location, "UPDATE games SET lines = 7 WHERE code = ?", (broken,))
    report = dbtools.check(EventStore(db_location))
    assert report.games == 2 and report.replayed == 1
    text = "\n".join(report.problems)
    assert f"partie {broken} : 7 lignes annoncées, 1 enregistrée" in text
    assert f"partie {broken} : ne se rejoue plus" in text
    if isinstance(db_location, Path):
        assert "1 ligne de game_positions sans partie" in text
    assert main(["db", "check", "--db", str(db_location)]) == 1
    assert "2 parties, 1 rejouée ; " in capsys.readouterr().out


def test_check_counts_in_french(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                capsys: pytest.CaptureFixture[str]) -> None:
    """« 1 ligne … sans partie », « 2 lignes … », « 1 place sans profil », « 2 lignes
    annoncées, 1 enregistrée », never « (s) »."""
    use_counter(monkeypatch)
    path = tmp_path / "club.sqlite3"
    store = EventStore(path)
    code = store.create("camelot", SETUP)
    store.append(code, score("Alice", 5), 0)
    with sqlite3.connect(path) as db:  # SQLite enforces foreign keys per connection only
        db.execute("INSERT INTO game_positions VALUES ('ZZZZZZ', 'x', '1', '')")
        db.execute("INSERT INTO game_positions VALUES ('YYYYYY', 'x', '1', '')")
        db.execute("INSERT INTO game_seats VALUES (?, 0, 999)", (code,))
        db.execute("UPDATE games SET lines = 2 WHERE code = ?", (code,))
    problems = dbtools.check(EventStore(path)).problems
    assert "2 lignes de game_positions sans partie" in problems
    assert "1 place sans profil" in problems
    assert f"partie {code} : 2 lignes annoncées, 1 enregistrée (numéros 0 à 0)" in problems
    with sqlite3.connect(path) as db:
        db.execute("UPDATE games SET lines = 1 WHERE code = ?", (code,))
    store.append(code, score("Bruno", 2), 1)  # 2 lines now, 1 announced once set back below
    with sqlite3.connect(path) as db:
        db.execute("DELETE FROM game_positions WHERE code = 'YYYYYY'")
        db.execute("INSERT INTO game_seats VALUES (?, 1, 998)", (code,))
        db.execute("UPDATE games SET lines = 1 WHERE code = ?", (code,))
    problems = dbtools.check(EventStore(path)).problems
    assert f"partie {code} : 1 ligne annoncée, 2 enregistrées (numéros 0 à 1)" in problems
    assert "1 ligne de game_positions sans partie" in problems
    assert "2 places sans profil" in problems
    assert main(["db", "check", "--db", str(path)]) == 1
    assert capsys.readouterr().out.splitlines()[-1] == "1 partie, 1 rejouée ; 3 problèmes"


@pytest.mark.parametrize(("games", "said"), [
    (1, "1 partie copiée et vérifiée une à une"), (2, "2 parties copiées et vérifiées une à une")])
def test_copy_says_how_many_games_agreed(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                          games: int, said: str) -> None:
    source = EventStore(tmp_path / "a.sqlite3")
    for n in range(games):
        source.create("noe", {"players": ["A", "B", "C"]}, f"table {n}")
    assert main(["db", "copy", str(source.path), str(tmp_path / "b.sqlite3")]) == 0
    assert capsys.readouterr().out.startswith(said + " (même journal")


def test_migrate_brings_a_new_database_to_the_current_schema(
        db_location: str | Path, capsys: pytest.CaptureFixture[str]) -> None:
    from companion.storage.migrations import MIGRATIONS

    assert main(["db", "migrate", "--db", str(db_location)]) == 0
    assert f"schéma version {len(MIGRATIONS)} (0 partie)" in capsys.readouterr().out


def test_backup_exports_every_game_as_portable_json_on_both_backends(
        db_location: str | Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    store = EventStore(db_location)
    codes = [store.create("noe", {"players": ["A", "B", "C"]}, f"table {n}") for n in range(3)]
    out = tmp_path / "club.json"
    assert main(["backup", "--json", "--db", str(db_location), "--out", str(out)]) == 0
    data = json.loads(out.read_text(encoding="utf-8"))
    assert sorted(data["games"]) == sorted(codes)
    assert data["games"][codes[1]] == store.export(codes[1])
    again = EventStore(tmp_path / "ailleurs.sqlite3").import_log(data["games"][codes[0]])
    assert EventStore(tmp_path / "ailleurs.sqlite3").load(again).title == "table 0"
    assert main(["backup", "--json", "--db", str(db_location), "--out", str(out)]) == 2


def test_the_players_labystere_sheets_move_with_the_games(tmp_path: Path, pg_url: str) -> None:
    """What a phone crossed out on its investigation sheet is something a user entered: a
    move to PostgreSQL and back keeps every sheet, row for row."""
    from companion.games.labystere.sheets import SheetStore, new_token, sheet_items, sheets_beside

    here = club(tmp_path / "club.sqlite3")
    code = next(c for c in dbtools._all_codes(here) if here.game_of(c) == "labystere")
    sheets = SheetStore(sheets_beside(here.path))
    token = new_token()
    sheets.update(code, token, {sheet_items()[0]: True, sheet_items()[-1]: True})
    assert main(["db", "copy", str(here.path), pg_url]) == 0
    assert SheetStore(pg_url).rows() == sheets.rows()
    back = tmp_path / "ailleurs" / "retour.sqlite3"
    assert main(["db", "copy", pg_url, str(back)]) == 0
    assert SheetStore(sheets_beside(back)).load(code, token).crossed == {
        sheet_items()[0], sheet_items()[-1]}
