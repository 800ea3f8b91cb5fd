"""Soirées (nights) in the event store's database: a night groups games (a game belongs to at
most one night), opens with its key (a random secret kept hashed: its number is guessable, its
key is not) and keeps the ranking of its podium. Every change is checked in its own transaction
(companion/stats/ownership.py, registre TAB-8): the organiser, or a device holding the key."""

from __future__ import annotations

import hmac
import sqlite3
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from companion.core.errors import UsageError
from companion.events.store import UnknownGame, normalize_code
from companion.hosting.access import SharedRights, new_secret, secret_hash
from companion.stats.ownership import may_change_night, require_night
from companion.stats.podium import RANKINGS

MAX_TITLE = 80


@dataclass(frozen=True)
class Night:
    id: int
    title: str
    created: str
    codes: list[str]
    ranking: str = "victoires"


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def clean_name(name: object, what: str, limit: int) -> str:
    """A name as stored: spaces tidied, not empty, not too long; UsageError in French."""
    if not isinstance(name, str):
        raise UsageError(f"{what} doit être un texte")
    text = " ".join(name.split())
    if not text:
        raise UsageError(f"{what} est vide")
    if len(text) > limit:
        raise UsageError(f"{what} dépasse {limit} caractères")
    return text


class NightStore:
    """The nights part of companion/stats/storage.py's StatsStore (which opens `_db`)."""

    _db: Any

    def create_night(self, title: str) -> Night:
        return self.open_night(title)[0]

    def open_night(self, title: str) -> tuple[Night, str]:
        """A new night and its key (returned once): the key is the right to change the night,
        given to the device that opens it and to whoever it shares the night's link with."""
        title = clean_name(title, "le titre de la soirée", MAX_TITLE)
        key = new_secret()
        with self._db.write() as db:
            cursor = db.execute("INSERT INTO nights (title, created, token_hash) "
                                "VALUES (?, ?, ?)", (title, _now(), secret_hash(key)))
            return self._night(db, int(cursor.lastrowid or 0)), key

    def night_key_ok(self, night_id: int, key: str | None) -> bool:
        """True when `key` opens this night (constant-time comparison)."""
        if not key:
            return False
        with self._db.read() as db:
            row = db.execute("SELECT token_hash FROM nights WHERE id = ?",
                             (night_id,)).fetchone()
        return row is not None and bool(row[0]) and hmac.compare_digest(
            row[0], secret_hash(key))

    def may_change_night(self, night_id: int, rights: SharedRights) -> bool:
        """Whether these rights may change the night (what a page asks before showing its
        controls; every write asks again)."""
        with self._db.read() as db:
            return may_change_night(db, night_id, rights)

    def nights(self) -> list[Night]:
        """Most recent first."""
        with self._db.read() as db:
            ids = [row[0] for row in db.execute("SELECT id FROM nights ORDER BY id DESC")]
            return [self._night(db, i) for i in ids]

    def night(self, night_id: int) -> Night:
        with self._db.read() as db:
            return self._night(db, night_id)

    def _night(self, db: sqlite3.Connection, night_id: int) -> Night:
        row = db.execute("SELECT id, title, created, ranking FROM nights WHERE id = ?",
                         (night_id,)).fetchone()
        if row is None:
            raise UsageError(f"aucune soirée n° {night_id}")
        codes = [c for (c,) in db.execute(
            "SELECT n.code FROM night_games n JOIN games g ON g.code = n.code "
            "WHERE n.night = ? ORDER BY g.created, g.rowid", (night_id,))]
        return Night(row[0], row[1], row[2], codes, row[3])

    def rename_night(self, night_id: int, title: str, *, by: SharedRights) -> Night:
        title = clean_name(title, "le titre de la soirée", MAX_TITLE)
        with self._db.write() as db:
            self._night(db, night_id)
            require_night(db, night_id, by)
            db.execute("UPDATE nights SET title = ? WHERE id = ?", (title, night_id))
            return self._night(db, night_id)

    def set_ranking(self, night_id: int, ranking: str, *, by: SharedRights) -> Night:
        """The ranking of the night's podium, the same on every screen."""
        if ranking not in RANKINGS:
            raise UsageError(f"classement inconnu ; classements : {', '.join(RANKINGS)}")
        with self._db.write() as db:
            self._night(db, night_id)
            require_night(db, night_id, by)
            db.execute("UPDATE nights SET ranking = ? WHERE id = ?", (ranking, night_id))
            return self._night(db, night_id)

    def delete_night(self, night_id: int, *, by: SharedRights) -> None:
        """The night goes; its games stay, in no night."""
        with self._db.write() as db:
            self._night(db, night_id)
            require_night(db, night_id, by)
            db.execute("DELETE FROM night_games WHERE night = ?", (night_id,))
            db.execute("DELETE FROM nights WHERE id = ?", (night_id,))

    def attach(self, night_id: int, code: str, *, by: SharedRights) -> None:
        """Put a game in a night (moving it out of another night if it was in one: that
        night is changed too, so the right for it is asked as well)."""
        code = normalize_code(code)
        with self._db.write() as db:
            self._night(db, night_id)
            require_night(db, night_id, by)
            if db.execute("SELECT 1 FROM games WHERE code = ?", (code,)).fetchone() is None:
                raise UnknownGame(code)
            row = db.execute("SELECT night FROM night_games WHERE code = ?", (code,)).fetchone()
            if row is not None and int(row[0]) != night_id:
                require_night(db, int(row[0]), by)
            db.execute("INSERT OR REPLACE INTO night_games (code, night, added) "
                       "VALUES (?, ?, ?)", (code, night_id, _now()))

    def detach(self, code: str, *, by: SharedRights) -> None:
        code = normalize_code(code)
        with self._db.write() as db:
            row = db.execute("SELECT night FROM night_games WHERE code = ?", (code,)).fetchone()
            if row is None:
                return
            require_night(db, int(row[0]), by)
            db.execute("DELETE FROM night_games WHERE code = ?", (code,))

    def night_of(self, code: str) -> int | None:
        with self._db.read() as db:
            row = db.execute("SELECT night FROM night_games WHERE code = ?",
                             (normalize_code(code),)).fetchone()
        return None if row is None else int(row[0])

    def loose_codes(self, limit: int = 50) -> list[str]:
        """Games in no night, most recent first (to attach after the fact)."""
        with self._db.read() as db:
            return [c for (c,) in db.execute(
                "SELECT code FROM games WHERE code NOT IN (SELECT code FROM night_games) "
                "ORDER BY created DESC, rowid DESC LIMIT ?", (limit,))]
