"""The event store: every game is an append-only log of JSON events in SQLite.

The state of a game is never stored: it is the replay of its log by the game's engine
(`companion.core.engine.replay`). Every write is one transaction (BEGIN IMMEDIATE), checks the
sequence number the writer saw (a device acting on a stale view cannot overwrite a newer event)
and checks the new line against the replayed state *before* writing it, so a refused event
writes nothing. The replay is kept beside the log (companion/events/snapshot.py, held in memory
by companion/events/replays.py): a game event is applied to it alone, so an append costs the
same at the 10,000th line as at the 10th. Undo and corrections are meta-events appended like any
other (companion/core/log.py). What a user may store is bounded (companion/events/logfile.py);
storage faults are StorageErrors (companion/storage/sqlitefile.py).

Default location: `$COMPANION_DB`, else `$XDG_DATA_HOME/compagnon-de-table/games.sqlite3`
(`~/.local/share/...` when XDG_DATA_HOME is unset).
"""

from __future__ import annotations

import json
import logging
import secrets
import sqlite3
from collections.abc import Callable
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from companion.core.engine import InvalidEvent, rules_version
from companion.core.errors import RuleError, StorageError
from companion.core.log import CORRECT, RETRACT, UNDO
from companion.events.logfile import (  # noqa: F401  (FORMAT, VERSION, envelope: the store's API)
    FORMAT,
    VERSION,
    check_setup,
    check_title,
    envelope,
    line_text,
    parse_envelope,
)
from companion.events.replays import ReplayCache, current_rules, replay_stored
from companion.events.snapshot import Head, check_log  # noqa: F401  (check_log: the store's API)
from companion.events.stored import (  # noqa: F401  (re-exported: the store's API)
    CODE_ALPHABET,
    CODE_LENGTH,
    GameSummary,
    NoLongerReplays,
    ReadOnlyGame,
    StaleWrite,
    StoredGame,
    UnknownGame,
    default_location,
    default_path,
    is_valid_code,
    normalize_code,
)
from companion.storage import backups
from companion.storage.database import as_location, open_database
from companion.storage.migrations import APPLICATION_ID, LEGACY_TABLES, MIGRATIONS, PG_MIGRATIONS

log = logging.getLogger("companion.storage")


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="microseconds")


def played_at(value: object) -> str | None:
    """An imported log's own « created » in the store's form (UTC, microseconds), or None when
    it is missing or no timestamp with its zone: a game played on another device keeps the day
    it was played, not the day it was imported (issue 37)."""
    if not isinstance(value, str) or len(value) > 40:
        return None
    try:
        moment = datetime.fromisoformat(value)
    except ValueError:
        return None
    if moment.tzinfo is None:
        return None
    return moment.astimezone(UTC).isoformat(timespec="microseconds")


class EventStore:
    """SQLite-backed store of games. Safe to share between threads: each operation opens its
    own short connection (SQLite serialises writers; readers never block in WAL mode)."""

    def __init__(self, path: str | Path | None = None, *, timeout: float = 10.0) -> None:
        """Opens (creating, or migrating to the current schema) the database at `path`;
        a StorageError (companion.core.errors) says why a file is refused, and leaves it intact."""
        self.path = as_location(path) if path is not None else default_location()
        self._replays = ReplayCache()
        self._listeners: list[Callable[[str, int], None]] = []
        self._db = open_database(self.path, MIGRATIONS, kind="events", pg_schema=PG_MIGRATIONS,
                                 application_id=APPLICATION_ID, legacy_tables=LEGACY_TABLES,
                                 timeout=timeout)
        if not self.postgres:  # PostgreSQL is backed up by its operator (pg_dump)
            backups.at_startup(self._db)  # type: ignore[arg-type]

    @property
    def postgres(self) -> bool:
        return isinstance(self.path, str)

    @property
    def read_only(self) -> bool:
        """True when the file or disk cannot be written: reads work, writes are refused."""
        return self._db.read_only

    # --- reading ---------------------------------------------------------------------------

    @staticmethod
    def _row(db: sqlite3.Connection, code: str) -> tuple[str, str, str, str, int, int]:
        """(game, setup JSON, title, created, lines, rules_version) of a game."""
        row = db.execute("SELECT game, setup, title, created, lines, rules_version FROM games "
                         "WHERE code = ?", (code,)).fetchone()
        if row is None:
            raise UnknownGame(code)
        return row  # type: ignore[no-any-return]

    @staticmethod
    def _raw(db: sqlite3.Connection, code: str) -> list[dict[str, Any]]:
        return [json.loads(text) for (text,) in db.execute(
            "SELECT event FROM events WHERE code = ? ORDER BY seq", (code,))]

    @staticmethod
    def _last_line(db: sqlite3.Connection, code: str, lines: int) -> str | None:
        if lines == 0:
            return None
        row = db.execute("SELECT event FROM events WHERE code = ? AND seq = ?",
                         (code, lines - 1)).fetchone()
        return None if row is None else str(row[0])

    def game_of(self, code: str) -> str | None:
        """The game id of a code, or None when no such game exists (for "Reprendre")."""
        code = normalize_code(code)
        with self._db.read() as db:
            row = db.execute("SELECT game FROM games WHERE code = ?", (code,)).fetchone()
        return None if row is None else str(row[0])

    def seq(self, code: str) -> int:
        """Current sequence number (number of raw lines) of a game; 0 when there is no such
        game (a game deleted meanwhile: followers then reload and are told). Screens that
        follow a game ask `seqs` through one thread per process instead (tableapp/live/live.py)."""
        code = normalize_code(code)
        with self._db.read() as db:
            row = db.execute("SELECT lines FROM games WHERE code = ?", (code,)).fetchone()
        return 0 if row is None else int(row[0])

    def seqs(self, codes: list[str]) -> dict[str, int]:
        """The sequence numbers of several games in one read (0 for a game that is gone):
        what a server's followers watch, once per process and not once per screen
        (tableapp/live/live.py). A SQLite connection kept for it was seen to keep reading an old
        snapshot inside the app server: opening one per read costs ~0.2 ms, 4 times a second."""
        found: dict[str, int] = {}
        for start in range(0, len(codes), 500):  # within SQLite's bound on parameters
            chunk = codes[start:start + 500]
            with self._db.read() as db:
                found.update((str(code), int(lines)) for code, lines in db.execute(
                    "SELECT code, lines FROM games WHERE code IN ("
                    + ", ".join("?" * len(chunk)) + ")", chunk).fetchall())
        return {code: found.get(code, 0) for code in codes}

    def entry_counts(self, codes: list[str]) -> dict[str, int]:
        """How many entries each game's history shows (StoredGame.entries: undo, withdrawals
        and corrections applied), the one count the app says (issue 36: a list of games said
        17 where the game's page said 12), without replaying: every stored line was checked
        when written, so an undo and a withdrawal each remove one entry, a correction none."""
        counts = dict.fromkeys(codes, 0)
        for start in range(0, len(codes), 500):  # within SQLite's bound on parameters
            chunk = codes[start:start + 500]
            with self._db.read() as db:
                rows = db.execute("SELECT code, event FROM events WHERE code IN ("
                                  + ", ".join("?" * len(chunk)) + ")", chunk).fetchall()
            for code, text in rows:
                kind = json.loads(text).get("type")
                counts[str(code)] += (-1 if kind in (UNDO, RETRACT)
                                      else 0 if kind == CORRECT else 1)
        return counts

    def listen(self, callback: Callable[[str, int], None]) -> None:
        """`callback(code, seq)` after each line this process commits (in the writer's thread):
        the followers of a game on this server are woken without waiting for a read."""
        self._listeners.append(callback)

    def load(self, code: str) -> StoredGame:
        """The game and its replayed state; UnknownGame, or NoLongerReplays when the stored
        log does not replay with the engine's current rules (the game stays exportable).

        A log only grows, so (code, number of lines) names one content: the snapshot is kept
        and shared (hence: treat `state` as read-only). It is a copy of the writers' replay
        when that is at the same line, else a full replay."""
        code = normalize_code(code)
        with self._db.read() as db:
            db.execute("BEGIN")  # one consistent snapshot of games + events
            game, setup_text, title, created, lines, version = self._row(db, code)
            key = (code, lines, rules_version(game))
            stored = self._replays.snapshot(key)
            raw = None
            if stored is None:
                stored = self._replays.copy_of_head(code, lines,
                                                    self._last_line(db, code, lines),
                                                    title, created)
                if stored is None:
                    raw = self._raw(db, code)
            db.execute("COMMIT")
        if stored is None:
            setup = json.loads(setup_text)
            entries, state, rules = replay_stored(code, game, setup, raw or [], version,
                                                  self._record_rules)
            stored = StoredGame(code, game, setup, title, created, raw or [], entries, state,
                                read_only=rules != rules_version(game))
        self._replays.keep_snapshot(key, stored)
        return replace(stored)

    def cached(self, code: str, game: str, lines: int) -> StoredGame | None:
        """The game at `lines` lines when this process already holds that snapshot, without
        reading the database (a log only grows: (code, lines) names one content); None
        otherwise, then `load`. For the screens a write wakes: they all ask the same."""
        stored = self._replays.snapshot((normalize_code(code), lines, rules_version(game)))
        return None if stored is None else replace(stored)

    def _record_rules(self, code: str, version: int, broken: str | None) -> None:
        """Best effort: a read-only or busy database does not stop a read."""
        if self.read_only:
            return
        try:
            with self._db.write() as db:
                db.execute("UPDATE games SET rules_version = ?, broken = ? WHERE code = ?",
                           (version, broken, code))
        except StorageError as exc:
            log.warning("partie %s : version des règles non enregistrée (%s)", code, exc)

    def forget(self, code: str) -> None:
        """Drop the replayed snapshots of a game (after it was deleted)."""
        self._replays.forget(normalize_code(code))

    def clear_cache(self) -> None:
        """Forget every replay kept in memory (benchmarks measure the cold path)."""
        self._replays.clear()

    def list_games(self, game: str | None = None, limit: int = 50) -> list[GameSummary]:
        """Most recently played first; `replays` flags a game the current rules no longer
        replay (False) or have not replayed yet (None)."""
        query = """
            SELECT code, game, title, created, updated, lines, rules_version, broken
            FROM games {where} ORDER BY updated DESC, rowid DESC LIMIT ?"""
        params: tuple[Any, ...] = (limit,)
        where = ""
        if game is not None:
            where, params = "WHERE game = ?", (game, limit)
        with self._db.read() as db:
            rows = db.execute(query.format(where=where), params).fetchall()
        games = []
        for row in rows:
            summary = GameSummary(*row)
            if summary.rules_version == current_rules(summary.game):
                summary = replace(summary, replays=summary.broken is None)
            games.append(summary)
        return games

    # --- writing ---------------------------------------------------------------------------

    def _new_code(self, db: sqlite3.Connection) -> str:
        while True:
            code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
            if db.execute("SELECT 1 FROM games WHERE code = ?", (code,)).fetchone() is None:
                return code

    def create(self, game: str, setup: dict[str, Any], title: str = "") -> str:
        """A new game after checking its setup with the engine; returns its code."""
        setup_text = check_setup(setup)
        check_title(title)
        try:
            head = Head.start(game, json.loads(setup_text))
        except InvalidEvent as exc:
            raise RuleError(f"mise en place refusée : {exc.reason}", exc.rule) from None
        return self._insert(head, setup_text, title, [])

    def _insert(self, head: Head, setup_text: str, title: str, texts: list[str],
                created: str | None = None) -> str:
        """`created`: when the game was played (an imported log's own date), else now."""
        now = _now()
        with self._db.write() as db:
            code = self._new_code(db)
            db.execute("INSERT INTO games (code, game, setup, title, created, lines, updated, "
                       "rules_version) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                       (code, head.game, setup_text, title, created or now, len(texts), now,
                        rules_version(head.game)))
            db.executemany("INSERT INTO events (code, seq, event, created) VALUES (?, ?, ?, ?)",
                           [(code, seq, text, now) for seq, text in enumerate(texts)])
        self._replays.keep_head(code, head, texts[-1] if texts else None)
        return code

    def append(self, code: str, event: dict[str, Any], expected_seq: int,
               author: str = "") -> int:
        """Append one line if the log still has `expected_seq` lines and the line is valid at
        its place (a meta-event: if the log then still replays). Raises StaleWrite, RuleError
        or UsageError (a line past the bounds); nothing is written then. Returns the new seq.
        `author` is who wrote it (companion/hosting/access.py roles), kept beside the event."""
        code = normalize_code(code)
        text = line_text(event, "événement")
        event = json.loads(text)  # what is stored is what was checked
        with self._db.write(key=code) as db:
            game, setup_text, _title, _created, lines, version = self._row(db, code)
            if lines != expected_seq:
                raise StaleWrite(code, expected_seq, lines)
            last = self._last_line(db, code, lines)
            head = self._replays.take_head(code, lines, last)
            if head is None:  # first write here, or another process wrote: replay it all
                setup, raw = json.loads(setup_text), self._raw(db, code)
                # not recorded here: this write holds the database lock
                entries, state, rules = replay_stored(code, game, setup, raw, version)
                if rules != rules_version(game):
                    raise ReadOnlyGame(code, rules)
                head = Head(game, setup, state, raw, entries)
            try:
                advanced = head.advance(event)
            except InvalidEvent as exc:
                self._replays.keep_head(code, head, last)  # refused before any change: still good
                raise RuleError(exc.reason, exc.rule) from None
            now = _now()
            db.execute("INSERT INTO events (code, seq, event, created, author) "
                       "VALUES (?, ?, ?, ?, ?)", (code, lines, text, now, author))
            db.execute("UPDATE games SET lines = ?, updated = ?, rules_version = ?, broken = NULL "
                       "WHERE code = ?", (lines + 1, now, rules_version(game), code))
        self._replays.keep_head(code, advanced, text)
        for callback in self._listeners:
            try:
                callback(code, lines + 1)
            except Exception:  # noqa: BLE001  (the line is written: a listener never undoes it)
                log.exception("écouteur des écritures en échec")
        return lines + 1

    def undo(self, code: str, expected_seq: int, author: str = "") -> int:
        """Cancel the last effective event (an `undo` line; nothing is deleted)."""
        return self.append(code, {"type": UNDO}, expected_seq, author)

    def correct(self, code: str, index: int, event: dict[str, Any], expected_seq: int,
                author: str = "") -> int:
        """Replace the event written at raw `index`; refused if the log then stops replaying."""
        return self.append(code, {"type": CORRECT, "index": index, "event": event},
                           expected_seq, author)

    def retract(self, code: str, index: int, expected_seq: int, author: str = "") -> int:
        """Withdraw the event written at raw `index`; refused if the rest no longer replays."""
        return self.append(code, {"type": RETRACT, "index": index}, expected_seq, author)

    def authors(self, code: str, since: int = 0) -> list[str]:
        """Who wrote each raw line from `since` on ("" when unknown: CLI, older lines)."""
        with self._db.read() as db:
            rows = db.execute("SELECT author FROM events WHERE code = ? AND seq >= ? "
                              "ORDER BY seq", (normalize_code(code), since)).fetchall()
        return [str(author) for (author,) in rows]

    # --- export / import -------------------------------------------------------------------

    def export(self, code: str) -> dict[str, Any]:
        """The documented log format (docs/log-format.md): the raw log, meta-events included.
        Never replays: a game that no longer replays can still be exported."""
        code = normalize_code(code)
        with self._db.read() as db:
            db.execute("BEGIN")
            game, setup_text, title, created, _lines, _version = self._row(db, code)
            raw = self._raw(db, code)
            db.execute("COMMIT")
        return envelope(game, json.loads(setup_text), raw, title, created)

    def export_json(self, code: str) -> str:
        return json.dumps(self.export(code), ensure_ascii=False, indent=2)

    def import_log(self, data: str | bytes | dict[str, Any],
                   expected_game: str | None = None) -> str:
        """A new game from an exported log (a new code); UsageError or RuleError with a clear
        reason, and nothing written, when the file is too big, corrupt, of another format or
        game, or when any of its lines was not valid at its place (cancelled ones included)."""
        log_data = parse_envelope(data, expected_game)
        title = log_data.get("title")
        title = check_title(title) if isinstance(title, str) else ""
        setup_text = check_setup(log_data["setup"])
        texts = [line_text(event, f"ligne {index}")
                 for index, event in enumerate(log_data["events"])]
        try:
            head = Head.start(log_data["game"], json.loads(setup_text), checkpoints=True)
            for text in texts:
                head = head.advance(json.loads(text))
            head.checkpoints = None  # kept for validation only
        except InvalidEvent as exc:
            raise RuleError(f"journal refusé, {exc}", exc.rule) from None
        return self._insert(head, setup_text, title, texts,
                            created=played_at(log_data.get("created")))

