"""Player profiles, nights (soirées, companion/stats/nights.py) and who sat where, in the event
store's database.

A game's log is never rewritten: a profile is tied to a game by seat in `game_seats`, so
renaming a profile changes what the statistics call the player, not what the log says. Merging
duplicates moves the seats of one profile to the other and keeps the merged row (pointing at the
one kept), so nothing is lost. A game belongs to at most one night (`night_games`).

Anyone may add a profile; only the organiser or the device that created it may change, merge
or delete it, or tie it to a seat, which puts a game in its statistics (registre TAB-8): every
such write takes the device's `SharedRights` and checks them in its own transaction
(companion/stats/ownership.py). A game counts for a profile through its seats alone: a name
typed at a seat without that right is a guest's, and a request the profile's owner may accept
(`seat_requests`), never a way into someone's statistics.
"""

from __future__ import annotations

import json
import re
import sqlite3
import threading
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from companion.core.errors import CompanionError, UsageError
from companion.events.store import EventStore
from companion.hosting.access import SharedRights, secret_hash
from companion.stats.figures import Played
from companion.stats.identity import fold
from companion.stats.nights import NightStore, clean_name
from companion.stats.ownership import changeable_profiles, may_change_profile, require_profile
from companion.stats.record import GameRecord, record_of
from companion.stats.seats import SeatStore
from companion.storage.database import open_database
from companion.storage.migrations import APPLICATION_ID, MIGRATIONS, PG_MIGRATIONS

RECORDS = 2000  # records kept in memory (a club's season)
MAX_NAME = 40
COLOURS = ["#c0392b", "#2e86c1", "#27ae60", "#f39c12", "#8e44ad", "#16a085", "#d35400",
           "#7f8c8d", "#e84393", "#2c3e50"]  # distinct at a glance, default in creation order
_COLOUR_RE = re.compile(r"^#[0-9a-fA-F]{6}$")
# A profile's optional picture: a few animals of the print kit's art set (OpenMoji, CC BY-SA
# 4.0, credited where shown), by the art reference print_kit.draw.art draws.
PICTURES = {f"openmoji:{code}": name for code, name in (
    ("1F981", "Lion"), ("1F98A", "Renard"), ("1F431", "Chat"), ("1F436", "Chien"),
    ("1F989", "Hibou"), ("1F438", "Grenouille"), ("1F43C", "Panda"), ("1F430", "Lapin"),
    ("1F42F", "Tigre"), ("1F43B", "Ours"), ("1F984", "Licorne"), ("1F427", "Manchot"),
    ("1F428", "Koala"), ("1F435", "Singe"), ("1F422", "Tortue"), ("1F419", "Pieuvre"))}


def profile_key(profile_id: int) -> str:
    return f"profil:{profile_id}"


@dataclass(frozen=True)
class Profile:
    id: int
    name: str
    colour: str
    picture: str
    created: str

    @property
    def key(self) -> str:
        return profile_key(self.id)


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


class StatsStore(NightStore, SeatStore):
    """Profiles, nights and seats beside the games of an EventStore (same SQLite file)."""

    def __init__(self, events: EventStore) -> None:
        self.events = events
        # the event store has opened (and migrated, backed up) the file already
        self._db = open_database(events.path, MIGRATIONS, kind="events",
                                 pg_schema=PG_MIGRATIONS, application_id=APPLICATION_ID)
        # a log only grows: (code, number of raw lines) names one content, hence one record
        self._records: dict[tuple[str, int], GameRecord] = {}
        self._lock = threading.Lock()

    # --- profiles --------------------------------------------------------------------------

    def profiles(self) -> list[Profile]:
        """Active profiles (not merged away), by name."""
        with self._db.read() as db:
            rows = db.execute("SELECT id, name, colour, picture, created FROM profiles "
                              "WHERE merged_into IS NULL").fetchall()
        return sorted((Profile(*row) for row in rows), key=lambda p: p.name.casefold())

    def profile(self, profile_id: int) -> Profile:
        """The profile, or the one it was merged into."""
        with self._db.read() as db:
            return self._profile(db, self._resolve(db, profile_id))

    def _profile(self, db: sqlite3.Connection, profile_id: int) -> Profile:
        row = db.execute("SELECT id, name, colour, picture, created FROM profiles WHERE id = ?",
                         (profile_id,)).fetchone()
        if row is None:
            raise UsageError(f"aucun profil n° {profile_id}")
        return Profile(*row)

    def _resolve(self, db: sqlite3.Connection, profile_id: int) -> int:
        seen = set()
        while True:
            row = db.execute("SELECT merged_into FROM profiles WHERE id = ?",
                             (profile_id,)).fetchone()
            if row is None:
                raise UsageError(f"aucun profil n° {profile_id}")
            if row[0] is None or profile_id in seen:
                return profile_id
            seen.add(profile_id)
            profile_id = int(row[0])

    def find(self, name: str) -> Profile | None:
        """The active profile with this name (folded: case, spaces, Unicode form ignored)."""
        wanted = fold(name)
        return next((p for p in self.profiles() if fold(p.name) == wanted), None)

    def _check_unique(self, db: sqlite3.Connection, name: str, but: int | None = None) -> None:
        for other_id, other in db.execute(
                "SELECT id, name FROM profiles WHERE merged_into IS NULL"):
            if fold(other) == fold(name) and other_id != but:
                raise UsageError(f"un profil « {other} » existe déjà")

    def create_profile(self, name: str, colour: str | None = None, picture: str = "", *,
                       creator: str | None = None) -> Profile:
        """A new profile, open to every visitor; `creator` is the creating device's creator key
        (kept hashed): that device may change the profile later. None: only the organiser."""
        name = clean_name(name, "le nom", MAX_NAME)
        with self._db.write() as db:
            self._check_unique(db, name)
            (count,) = db.execute("SELECT COUNT(*) FROM profiles").fetchone()
            colour = _colour(colour or COLOURS[count % len(COLOURS)])
            cursor = db.execute(
                "INSERT INTO profiles (name, colour, picture, created, creator_hash) "
                "VALUES (?, ?, ?, ?, ?)", (name, colour, _picture(picture), _now(),
                                           secret_hash(creator) if creator else ""))
            return self._profile(db, int(cursor.lastrowid or 0))

    def may_change_profile(self, profile_id: int, rights: SharedRights) -> bool:
        """Whether these rights may change the profile (what a page asks before showing its
        controls; every write asks again)."""
        with self._db.read() as db:
            return may_change_profile(db, self._resolve(db, profile_id), rights)

    def changeable_profiles(self, rights: SharedRights) -> set[int]:
        """The profiles these rights may change (for a page's choices; writes ask again)."""
        with self._db.read() as db:
            return changeable_profiles(db, rights)

    def update_profile(self, profile_id: int, *, by: SharedRights, name: str | None = None,
                       colour: str | None = None, picture: str | None = None) -> Profile:
        """Rename or restyle a profile; the games keep the names typed at the time."""
        with self._db.write() as db:
            profile_id = self._resolve(db, profile_id)
            require_profile(db, profile_id, by)
            current = self._profile(db, profile_id)
            new_name = current.name if name is None else clean_name(name, "le nom", MAX_NAME)
            self._check_unique(db, new_name, but=profile_id)
            db.execute("UPDATE profiles SET name = ?, colour = ?, picture = ? WHERE id = ?",
                       (new_name, current.colour if colour is None else _colour(colour),
                        current.picture if picture is None else _picture(picture), profile_id))
            return self._profile(db, profile_id)

    def merge(self, duplicate: int, kept: int, *, by: SharedRights) -> Profile:
        """Fold a duplicate profile into the one kept: its seats move, its row stays (merged).
        Both profiles change (the kept one gains games): the right for each is asked."""
        with self._db.write() as db:
            duplicate, kept = self._resolve(db, duplicate), self._resolve(db, kept)
            if duplicate == kept:
                raise UsageError("on ne fusionne pas un profil avec lui-même")
            require_profile(db, duplicate, by)
            require_profile(db, kept, by)
            db.execute("UPDATE game_seats SET profile = ? WHERE profile = ?", (kept, duplicate))
            db.execute("UPDATE profiles SET merged_into = ? WHERE id = ? OR merged_into = ?",
                       (kept, duplicate, duplicate))
            return self._profile(db, kept)

    def delete_profile(self, profile_id: int, *, by: SharedRights) -> None:
        """Delete a profile (and the duplicates merged into it): its seats go, the games stay
        (they keep the names typed at the time, as guests' seats)."""
        with self._db.write() as db:
            profile_id = self._resolve(db, profile_id)
            require_profile(db, profile_id, by)
            ids = [profile_id] + [i for (i,) in db.execute(
                "SELECT id FROM profiles WHERE merged_into = ?", (profile_id,))]
            marks = ",".join("?" * len(ids))
            db.execute(f"DELETE FROM game_seats WHERE profile IN ({marks})", ids)
            db.execute(f"UPDATE profiles SET merged_into = NULL WHERE id IN ({marks})", ids)
            db.execute(f"DELETE FROM profiles WHERE id IN ({marks})", ids)

    # --- reading games for the statistics ---------------------------------------------------

    def played(self, codes: list[str]) -> list[Played]:
        """The records of these games (one read of all their logs, then one replay each) with
        who sat where. A log that no longer replays is skipped, not fatal: see `unreadable`."""
        return self._played(codes)[0]

    def _played(self, codes: list[str]) -> tuple[list[Played], list[str]]:
        with self._db.read() as db:
            db.execute("BEGIN")  # one consistent view of the games, their lines and seats
            marks = ",".join("?" * len(codes))
            lines = dict(db.execute(f"SELECT code, lines FROM games WHERE code IN ({marks})",
                                    codes).fetchall()) if codes else {}
            # only the logs not already extracted at their current length are read
            logs = read_logs(db, [c for c in lines if (c, lines[c]) not in self._records])
            seats = {code: self._seats(db, code) for code in lines}
            db.execute("COMMIT")
        out, bad = [], []
        for code in codes:
            if code not in lines:
                continue
            record = self._records.get((code, lines[code]))
            if record is None and code in logs:
                game, setup, created, raw = logs[code]
                try:
                    record = record_of(game, setup, raw, code, created)
                except CompanionError:  # a log that no longer replays is reported, not fatal
                    bad.append(code)
                    continue
                with self._lock:
                    self._records[(code, len(raw))] = record
                    while len(self._records) > RECORDS:
                        self._records.pop(next(iter(self._records)))
            if record is None:  # written between the two reads: counted on the next view
                continue
            who = {record.players[seat]: profile_key(p) for seat, p in seats[code].items()
                   if seat < len(record.players)}
            out.append(Played(record, who))
        return out, bad

    def unreadable(self, codes: list[str]) -> list[str]:
        return self._played(codes)[1]

    def all_codes(self) -> list[str]:
        with self._db.read() as db:
            return [c for (c,) in db.execute("SELECT code FROM games ORDER BY created, rowid")]

    def profile_codes(self, profile_id: int) -> list[str]:
        """The games a profile (or a profile merged into it) sat at, oldest first: the seats
        tied to it (a name typed there and not tied is a request, `seat_requests`)."""
        with self._db.read() as db:
            kept = self._resolve(db, profile_id)
            ids = [kept] + [i for (i,) in db.execute(
                "SELECT id FROM profiles WHERE merged_into = ?", (kept,))]
            marks = ",".join("?" * len(ids))
            # the ordering columns are selected too: PostgreSQL's DISTINCT requires them
            return [str(c) for (c, _created, _rowid) in db.execute(
                f"SELECT DISTINCT s.code, g.created, g.rowid FROM game_seats s JOIN games g "
                f"ON g.code = s.code WHERE s.profile IN ({marks}) ORDER BY g.created, g.rowid",
                ids)]

    def names(self) -> dict[str, str]:
        """Player key -> display name, for every profile (merged ones under the kept name)."""
        with self._db.read() as db:
            rows = db.execute("SELECT id FROM profiles").fetchall()
            return {profile_key(i): self._profile(db, self._resolve(db, i)).name
                    for (i,) in rows}


def read_logs(db: sqlite3.Connection, codes: list[str]) -> dict[
        str, tuple[str, dict[str, Any], str, list[Any]]]:
    """code -> (game, setup, created, raw events) in two queries (the bare read the
    benchmark compares against)."""
    if not codes:
        return {}
    marks = ",".join("?" * len(codes))
    logs: dict[str, tuple[str, dict[str, Any], str, list[Any]]] = {}
    for code, game, setup, created in db.execute(
            f"SELECT code, game, setup, created FROM games WHERE code IN ({marks})", codes):
        logs[code] = (game, json.loads(setup), created, [])
    for code, event in db.execute(
            f"SELECT code, event FROM events WHERE code IN ({marks}) ORDER BY code, seq", codes):
        logs[code][3].append(json.loads(event))
    return logs


def check_profile(name: object, colour: object, picture: object) -> None:
    """What the store accepts of a profile (its name as create_profile keeps it, its colour,
    its picture); UsageError otherwise. A restore asks it of every row (companion/events/
    restorecheck.py)."""
    if clean_name(name, "le nom", MAX_NAME) != name:
        raise UsageError(f"le nom {name!r} n'est pas tel que le Compagnon l'enregistre")
    _colour(colour)  # type: ignore[arg-type]
    if not isinstance(picture, str):
        raise UsageError("l'image d'un profil est un texte")
    _picture(picture)


def _colour(colour: str) -> str:
    if not isinstance(colour, str) or not _COLOUR_RE.match(colour):
        raise UsageError("une couleur s'écrit #rrggbb (par exemple #c0392b)")
    return colour.lower()


def _picture(picture: str) -> str:
    if picture and picture not in PICTURES:
        raise UsageError(f"image inconnue ; images : {', '.join(PICTURES.values())}")
    return picture
