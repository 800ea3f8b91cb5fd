"""Moving a club between backends and checking a database (issue 17), for `companion db`:
`check` (integrity, orphan rows, line counts, games that no longer replay), `copy` (every
table of the event store's database, SQLite <-> PostgreSQL, into an empty target, then verified
game by game: the same log, the same replay) and `export_all` (portable JSON of every game, the
backup that reads the same on both backends).

The tables and columns copied are those of the latest schema version, the same on both
backends (companion/storage/migrations.py); a table added by a new migration is added to `TABLES`
(tests/test_db_tools.py checks that none is forgotten)."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from companion.core import registry
from companion.core.errors import UsageError
from companion.core.registry import PLAYABLE
from companion.core.text import agreed, counted
from companion.events.store import EventStore, NoLongerReplays

# (table, columns, order): parents before children, so foreign keys hold at every row.
TABLES: list[tuple[str, tuple[str, ...], str]] = [
    ("games", ("code", "game", "setup", "title", "created", "lines", "updated",
               "rules_version", "broken", "deleting"), "rowid"),
    ("events", ("code", "seq", "event", "created", "author"), "code, seq"),
    ("grants", ("id", "code", "role", "label", "token_hash", "created", "revoked"), "id"),
    ("organiser", ("id", "token_hash", "created", "revoked"), "id"),
    ("profiles", ("id", "name", "colour", "picture", "created", "creator_hash"), "id"),
    ("nights", ("id", "title", "created", "token_hash", "ranking"), "id"),
    ("game_seats", ("code", "seat", "profile"), "code, seat"),
    ("night_games", ("code", "night", "added"), "code"),
    ("game_positions", ("code", "name", "value", "updated"), "code, name"),
]
ID_TABLES = ("grants", "organiser", "profiles", "nights")
# (table, column, parent table): rows whose game or profile is gone
ORPHANS = [("events", "code", "games"), ("grants", "code", "games"),
           ("game_seats", "code", "games"), ("night_games", "code", "games"),
           ("game_positions", "code", "games")]


@dataclass
class Report:
    """What `check` found: problems (one French line each) and how many games it replayed."""

    problems: list[str] = field(default_factory=list)
    games: int = 0
    replayed: int = 0


def _all_codes(store: EventStore) -> list[str]:
    with store._db.read() as db:
        return [str(code) for (code,) in db.execute("SELECT code FROM games ORDER BY rowid")]


def check(store: EventStore) -> Report:
    """Integrity of the database behind `store` (the store's own reading, either backend)."""
    report = Report()
    with store._db.read() as db:
        if not store.postgres:
            result = [row[0] for row in db.execute("PRAGMA integrity_check").fetchall()]
            if result != ["ok"]:
                report.problems.append(f"fichier SQLite abîmé : {'; '.join(result[:3])}")
        for table, column, parent in ORPHANS:
            (count,) = db.execute(
                f"SELECT COUNT(*) FROM {table} t WHERE NOT EXISTS "
                f"(SELECT 1 FROM {parent} p WHERE p.code = t.{column})").fetchone()
            if count:
                report.problems.append(f"{counted(count, 'ligne')} de {table} sans partie")
        (count,) = db.execute(
            "SELECT COUNT(*) FROM game_seats s WHERE NOT EXISTS "
            "(SELECT 1 FROM profiles p WHERE p.id = s.profile)").fetchone()
        if count:
            report.problems.append(f"{counted(count, 'place')} sans profil")
        for code, lines, stored, top in db.execute(
                "SELECT g.code, g.lines, COUNT(e.seq), COALESCE(MAX(e.seq), -1) FROM games g "
                "LEFT JOIN events e ON e.code = g.code GROUP BY g.code, g.lines "
                "ORDER BY g.code").fetchall():
            if not lines == stored == top + 1:
                announced = counted(lines, "ligne annoncée", "lignes annoncées")
                report.problems.append(f"partie {code} : {announced}, {stored} "
                                       f"{agreed(stored, 'enregistrée')} (numéros 0 à {top})")
    for code in _all_codes(store):
        report.games += 1
        try:
            store.load(code)
            report.replayed += 1
        except NoLongerReplays as exc:
            report.problems.append(f"partie {code} : ne se rejoue plus ({exc})")
    return report


def _rows(store: EventStore, table: str, columns: tuple[str, ...], order: str) -> list[Any]:
    with store._db.read() as db:
        return [tuple(row) for row in db.execute(
            f"SELECT {', '.join(columns)} FROM {table} ORDER BY {order}").fetchall()]


def _side_stores(source: EventStore, target: EventStore) -> list[tuple[str, Any, Any]]:
    """The games' own tables beside each store (GameInfo.side_store: Labystère's private
    sheets, a file next to a SQLite store or the same PostgreSQL database), as (label, from,
    to); a game whose source has none to move is left out."""
    found = []
    for game in PLAYABLE:
        if registry.module_name(game, "side_store") is None:
            continue
        side = registry.module(game, "side_store")
        pair = side.side_stores(source.path, target.path)
        if pair is not None:
            found.append((str(side.LABEL), *pair))
    return found


def copy(source: EventStore, target: EventStore) -> int:
    """Every row of `source` into the empty `target` in one transaction, then verified game
    by game (`verify`), and the players' Labystère sheets with them (checked row by row);
    returns the number of games. UsageError when the target holds games or sheets."""
    if _all_codes(target):
        raise UsageError("la base cible contient déjà des parties : choisissez une base vide "
                         "(rien n'a été copié)")
    sides = _side_stores(source, target)
    side_rows = [there.rows() for _label, there, _here in sides]
    for label, _there, here in sides:
        if here.rows():
            raise UsageError(f"la base cible contient déjà des {label} : choisissez une "
                             "base vide (rien n'a été copié)")
    data = {table: _rows(source, table, columns, order) for table, columns, order in TABLES}
    merged = _rows(source, "profiles", ("id", "merged_into"), "id")
    with target._db.write() as db:
        for table, columns, _order in TABLES:
            marks = ", ".join("?" for _ in columns)
            db.executemany(f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({marks})",
                           data[table])
        db.executemany("UPDATE profiles SET merged_into = ? WHERE id = ?",
                       [(into, pid) for pid, into in merged if into is not None])
        if target.postgres:  # the next ids follow the copied ones
            for table in ID_TABLES:
                db.execute(f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), "
                           f"COALESCE((SELECT MAX(id) FROM {table}), 0) + 1, false)")
    target.clear_cache()
    verify(source, target)
    for (label, _there, here), rows in zip(sides, side_rows, strict=True):
        if rows:
            here.insert_rows(rows)
            if here.rows() != rows:
                raise UsageError(f"copie fausse : les {label} diffèrent")
    return len(data["games"])


def verify(source: EventStore, target: EventStore) -> None:
    """Every game of `source` is in `target` with the same log, title and creation, and
    replays to the same state (or fails to replay in both); UsageError naming the first
    game that differs, and the same for every other table."""
    codes = _all_codes(source)
    if codes != _all_codes(target):
        raise UsageError("copie incomplète : les deux bases n'ont pas les mêmes parties")
    for code in codes:
        if source.export(code) != target.export(code):
            raise UsageError(f"copie fausse : le journal de la partie {code} diffère")
        if _replay_of(source, code) != _replay_of(target, code):
            raise UsageError(f"copie fausse : la partie {code} ne se rejoue pas à l'identique")
    for table, columns, order in TABLES[2:]:
        if _rows(source, table, columns, order) != _rows(target, table, columns, order):
            raise UsageError(f"copie fausse : la table {table} diffère")


def _replay_of(store: EventStore, code: str) -> str:
    try:
        return json.dumps(store.load(code).state.summary(), sort_keys=True, default=str)
    except NoLongerReplays as exc:
        return f"ne se rejoue plus : {exc}"


def export_all(store: EventStore) -> dict[str, Any]:
    """Portable JSON of every game, whatever the backend: by code, each game's export in the
    documented log format (docs/log-format.md), which the app imports back game by game."""
    return {"format": "compagnon-de-table/sauvegarde", "version": 1,
            "games": {code: store.export(code) for code in _all_codes(store)}}


def write_export(store: EventStore, target: Path) -> int:
    data = export_all(store)
    partial = target.with_name(target.name + ".partiel")
    partial.write_text(json.dumps(data, ensure_ascii=False, indent=1), encoding="utf-8")
    partial.replace(target)
    return len(data["games"])
