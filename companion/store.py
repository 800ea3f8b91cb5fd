"""The event store: every game is an append-only log of JSON events in SQLite.

The state of a game is never stored: it is the replay of its log by the game's engine
(`companion.engine.replay`). Every write is one transaction (BEGIN IMMEDIATE), checks the
sequence number the writer saw (a device acting on a stale view cannot overwrite a newer event)
and replays the log plus the new line *before* writing it, so a refused event writes nothing.
Undo and corrections are meta-events appended like any other (companion/log.py).

Default location: `$COMPANION_DB`, else `$XDG_DATA_HOME/compagnon-de-table/games.sqlite3`
(`~/.local/share/...` when XDG_DATA_HOME is unset).
"""

from __future__ import annotations

import json
import os
import re
import secrets
import sqlite3
import sys
import threading
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from companion.catalog import GAMES, game_info
from companion.engine import GameState, InvalidEvent, replay_entries
from companion.errors import CompanionError, RuleError, UsageError
from companion.log import CORRECT, RETRACT, UNDO, Entry, resolve
from companion.migrations import APPLICATION_ID, LEGACY_TABLES, MIGRATIONS
from companion.sqlitefile import SqliteFile

FORMAT = "compagnon-log"
VERSION = 1
# No 0/O, 1/I/L, U/V look-alikes: a code read across a table is typed right the first time.
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTWXYZ23456789"
CODE_LENGTH = 6
SNAPSHOTS = 32  # replayed snapshots kept in memory (a few tables at once)
_CODE_RE = re.compile(f"^[{CODE_ALPHABET}]{{{CODE_LENGTH}}}$")

class StaleWrite(CompanionError):
    """The log moved on since the writer's view: nothing written, reload and retry."""

    def __init__(self, code: str, expected: int, actual: int) -> None:
        self.code = code
        self.expected = expected
        self.actual = actual
        super().__init__(
            f"la partie {code} a changé entre-temps (sur un autre appareil ?) : {actual} "
            f"événement(s) enregistré(s) au lieu de {expected} vus ; rien n'a été écrit, "
            "vérifiez la partie à jour puis recommencez")


class UnknownGame(UsageError):
    """No game with that code."""

    def __init__(self, code: str) -> None:
        self.code = code
        super().__init__(f"aucune partie avec le code « {code} »")


@dataclass(frozen=True)
class GameSummary:
    """One line of the "Reprendre une partie" list."""

    code: str
    game: str
    title: str
    created: str
    updated: str
    events: int


@dataclass
class StoredGame:
    """A game as read from the store: its raw log and what it replays to.

    `seq` is the number of raw log lines (the sequence number the next write must expect);
    `events` are the effective events (undo and corrections resolved), `entries` the same with
    their raw indices; `state` is the replayed GameState (treat it as read-only)."""

    code: str
    game: str
    setup: dict[str, Any]
    title: str
    created: str
    raw: list[dict[str, Any]]
    entries: list[Entry]
    state: GameState
    seen_seq: int | None = None  # set by the app: the seq of the view the user acted on

    @property
    def seq(self) -> int:
        return len(self.raw)

    @property
    def events(self) -> list[dict[str, Any]]:
        return [entry.event for entry in self.entries]

    def as_log(self) -> dict[str, Any]:
        """The exported log (docs/log-format.md) of this snapshot."""
        return envelope(self.game, self.setup, self.raw, self.title, self.created)


def envelope(game: str, setup: dict[str, Any], raw: list[dict[str, Any]], title: str = "",
             created: str = "") -> dict[str, Any]:
    """The documented log format: the raw log, meta-events included."""
    return {"format": FORMAT, "version": VERSION, "game": game, "title": title,
            "created": created, "setup": setup, "events": raw}


def default_path() -> Path:
    if os.environ.get("COMPANION_DB"):
        return Path(os.environ["COMPANION_DB"]).expanduser()
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "compagnon-de-table" / "games.sqlite3"


def normalize_code(text: str) -> str:
    """What a player typed ("ab3 k7m", "ab3-k7m") as a stored code ("AB3K7M")."""
    return re.sub(r"[\s\-_.]", "", text or "").upper()


def is_valid_code(code: str) -> bool:
    return bool(_CODE_RE.match(code))


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="microseconds")


def _dumps(data: Any) -> str:
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


def _replay(game: str, setup: dict[str, Any], raw: list[dict[str, Any]]) -> tuple[
        list[Entry], GameState]:
    """Resolve and replay a raw log; a game without an engine yet is a UsageError."""
    entries = resolve(raw)
    try:
        return entries, replay_entries(game, setup, entries)
    except ModuleNotFoundError as exc:
        if exc.name != f"companion.games.{game}.engine":
            raise
        raise UsageError(f"{game_info(game).title} n'a pas encore de moteur de partie") from None


def _built_by_current_code(state: GameState) -> bool:
    """False once the engine's module was reloaded (Streamlit reloads edited files during
    development): a snapshot of the old class would fail the pages' isinstance checks."""
    cls = type(state)
    module = sys.modules.get(cls.__module__)
    return module is not None and getattr(module, cls.__qualname__, None) is cls


def check_log(game: str, setup: Any, raw: Any) -> tuple[list[Entry], GameState]:
    """Validate a whole log (setup + raw lines); InvalidEvent says which line and why."""
    game_info(game)
    if not isinstance(setup, dict):
        raise InvalidEvent(-1, "la mise en place est un objet JSON")
    if not isinstance(raw, list):
        raise UsageError("« events » doit être une liste d'événements")
    return _replay(game, setup, raw)


class EventStore:
    """SQLite-backed store of games. Safe to share between threads: each operation opens its
    own short connection (SQLite serialises writers; readers never block in WAL mode)."""

    def __init__(self, path: str | Path | None = None, *, timeout: float = 10.0) -> None:
        """Opens (creating, or migrating to the current schema) the database at `path`;
        a StorageError (companion.errors) says why a file is refused, and leaves it intact."""
        self.path = Path(path) if path is not None else default_path()
        self._snapshots: dict[tuple[str, int], StoredGame] = {}  # oldest first
        self._lock = threading.Lock()
        self._db = SqliteFile(self.path, MIGRATIONS, application_id=APPLICATION_ID,
                              legacy_tables=LEGACY_TABLES, timeout=timeout)

    @property
    def read_only(self) -> bool:
        """True when the file or disk cannot be written: reads work, writes are refused."""
        return self._db.read_only

    # --- reading ---------------------------------------------------------------------------

    def _read(self, db: sqlite3.Connection, code: str) -> tuple[
            tuple[str, str, str, str], list[dict[str, Any]]]:
        row = db.execute("SELECT game, setup, title, created FROM games WHERE code = ?",
                         (code,)).fetchone()
        if row is None:
            raise UnknownGame(code)
        raw = [json.loads(text) for (text,) in db.execute(
            "SELECT event FROM events WHERE code = ? ORDER BY seq", (code,))]
        return row, raw

    def game_of(self, code: str) -> str | None:
        """The game id of a code, or None when no such game exists (for "Reprendre")."""
        code = normalize_code(code)
        with self._db.read() as db:
            row = db.execute("SELECT game FROM games WHERE code = ?", (code,)).fetchone()
        return None if row is None else str(row[0])

    def seq(self, code: str) -> int:
        """Current sequence number (number of raw lines) of a game."""
        code = normalize_code(code)
        with self._db.read() as db:
            row = db.execute("SELECT lines FROM games WHERE code = ?", (code,)).fetchone()
        if row is None:
            raise UnknownGame(code)
        return int(row[0])

    def load(self, code: str) -> StoredGame:
        """The game and its replayed state; UnknownGame, or a CompanionError when the stored
        log no longer replays (e.g. an engine changed its rules).

        A log only grows, so (code, number of lines) names one content: the replay of the last
        few snapshots is kept and shared (hence: treat `state` as read-only)."""
        code = normalize_code(code)
        with self._db.read() as db:
            db.execute("BEGIN")  # one consistent snapshot of games + events
            row = db.execute("SELECT lines FROM games WHERE code = ?", (code,)).fetchone()
            cached = None if row is None else self._snapshots.get((code, row[0]))
            if cached is not None and not _built_by_current_code(cached.state):
                cached = None
            if cached is None:
                (game, setup_text, title, created), raw = self._read(db, code)
            db.execute("COMMIT")
        if cached is not None:
            return replace(cached)
        setup = json.loads(setup_text)
        try:
            entries, state = _replay(game, setup, raw)
        except InvalidEvent as exc:
            raise CompanionError(f"la partie {code} ne se rejoue plus : {exc}") from None
        stored = StoredGame(code, game, setup, title, created, raw, entries, state)
        with self._lock:
            self._snapshots[(code, len(raw))] = stored
            while len(self._snapshots) > SNAPSHOTS:
                self._snapshots.pop(next(iter(self._snapshots)))
        return replace(stored)

    def forget(self, code: str) -> None:
        """Drop the replayed snapshots of a game (after it was deleted)."""
        code = normalize_code(code)
        with self._lock:
            for key in [key for key in self._snapshots if key[0] == code]:
                del self._snapshots[key]

    def list_games(self, game: str | None = None, limit: int = 50) -> list[GameSummary]:
        """Most recently played first."""
        query = """
            SELECT code, game, title, created, updated, lines FROM games
            {where} ORDER BY updated DESC, rowid DESC LIMIT ?"""
        params: tuple[Any, ...] = (limit,)
        where = ""
        if game is not None:
            where, params = "WHERE game = ?", (game, limit)
        with self._db.read() as db:
            rows = db.execute(query.format(where=where), params).fetchall()
        return [GameSummary(*row) for row in rows]

    # --- writing ---------------------------------------------------------------------------

    def _new_code(self, db: sqlite3.Connection) -> str:
        while True:
            code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
            if db.execute("SELECT 1 FROM games WHERE code = ?", (code,)).fetchone() is None:
                return code

    def create(self, game: str, setup: dict[str, Any], title: str = "") -> str:
        """A new game after checking its setup with the engine; returns its code."""
        try:
            check_log(game, setup, [])
        except InvalidEvent as exc:
            raise RuleError(f"mise en place refusée : {exc.reason}", exc.rule) from None
        return self._insert(game, setup, title, [])

    def _insert(self, game: str, setup: dict[str, Any], title: str,
                raw: list[dict[str, Any]]) -> str:
        now = _now()
        with self._db.write() as db:
            code = self._new_code(db)
            db.execute("INSERT INTO games (code, game, setup, title, created, lines, updated) "
                       "VALUES (?, ?, ?, ?, ?, ?, ?)",
                       (code, game, _dumps(setup), title, now, len(raw), now))
            db.executemany("INSERT INTO events (code, seq, event, created) VALUES (?, ?, ?, ?)",
                           [(code, seq, _dumps(event), now) for seq, event in enumerate(raw)])
        return code

    def append(self, code: str, event: dict[str, Any], expected_seq: int,
               author: str = "") -> int:
        """Append one line if the log still has `expected_seq` lines and the log plus this
        line replays. Raises StaleWrite or RuleError (nothing written); returns the new seq.
        `author` is who wrote it (companion/access.py roles), kept beside the event."""
        code = normalize_code(code)
        with self._db.write() as db:
            (game, setup_text, _title, _created), raw = self._read(db, code)
            if len(raw) != expected_seq:
                raise StaleWrite(code, expected_seq, len(raw))
            _check_append(game, json.loads(setup_text), raw, event)
            now = _now()
            db.execute("INSERT INTO events (code, seq, event, created, author) "
                       "VALUES (?, ?, ?, ?, ?)", (code, len(raw), _dumps(event), now, author))
            db.execute("UPDATE games SET lines = ?, updated = ? WHERE code = ?",
                       (len(raw) + 1, now, code))
        return len(raw) + 1

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
        """The documented log format (docs/log-format.md): the raw log, meta-events included."""
        code = normalize_code(code)
        with self._db.read() as db:
            db.execute("BEGIN")
            (game, setup_text, title, created), raw = self._read(db, code)
            db.execute("COMMIT")
        return envelope(game, json.loads(setup_text), raw, title, created)

    def export_json(self, code: str) -> str:
        return json.dumps(self.export(code), ensure_ascii=False, indent=2)

    def import_log(self, data: str | bytes | dict[str, Any],
                   expected_game: str | None = None) -> str:
        """A new game from an exported log (a new code); UsageError or RuleError with a clear
        reason, and nothing written, when the file is corrupt, of another format or game, or
        does not replay."""
        log = parse_envelope(data, expected_game)
        try:
            check_log(log["game"], log["setup"], log["events"])
        except InvalidEvent as exc:
            raise RuleError(f"journal refusé, {exc}", exc.rule) from None
        title = log.get("title")
        return self._insert(log["game"], log["setup"], title if isinstance(title, str) else "",
                            log["events"])


def _check_append(game: str, setup: dict[str, Any], raw: list[dict[str, Any]],
                  event: Any) -> None:
    """Replay the log plus the new line; say why it is refused, in the writer's terms."""
    index = len(raw)
    try:
        _replay(game, setup, [*raw, event])
    except InvalidEvent as exc:
        if exc.index == index:
            raise RuleError(exc.reason, exc.rule) from None
        if isinstance(event, dict) and event.get("type") in (CORRECT, RETRACT, UNDO):
            raise RuleError(f"refusé : l'événement {exc.index} ne serait plus valide "
                            f"({exc.reason})", exc.rule) from None
        raise CompanionError(f"la partie ne se rejoue plus : {exc}") from None


def parse_envelope(data: str | bytes | dict[str, Any],
                   expected_game: str | None = None) -> dict[str, Any]:
    """Check an exported log's envelope (not its events); UsageError with the reason."""
    if isinstance(data, bytes | str):
        try:
            data = json.loads(data)
        except (UnicodeDecodeError, json.JSONDecodeError) as exc:
            raise UsageError(f"fichier illisible : ce n'est pas du JSON valide ({exc})") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise UsageError(f"ce n'est pas un journal de partie (« format » : « {FORMAT} » "
                         "attendu)")
    if data.get("version") != VERSION:
        raise UsageError(f"version de journal non prise en charge : {data.get('version')!r} "
                         f"(attendu {VERSION})")
    game = data.get("game")
    if game not in GAMES:
        raise UsageError(f"jeu inconnu dans le journal : {game!r} ; jeux : {', '.join(GAMES)}")
    if expected_game is not None and game != expected_game:
        raise UsageError(f"ce journal est une partie de {GAMES[game].title}, pas de "
                         f"{GAMES[expected_game].title}")
    if not isinstance(data.get("setup"), dict):
        raise UsageError("« setup » (la mise en place) doit être un objet JSON")
    if not isinstance(data.get("events"), list):
        raise UsageError("« events » doit être une liste d'événements")
    return data
