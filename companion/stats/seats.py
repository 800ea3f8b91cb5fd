"""Who sat where (`game_seats`): the seats of a game tied to players' profiles, the part of
companion/stats/storage.py's StatsStore that puts a game in a player's statistics.

A seat tied to a profile changes that profile (its statistics gain the game), so it needs the
profile's right, as a rename does (registre TAB-8): the organiser's, or the device's that
created the profile, checked in the write's own transaction. Seating a new game ties the seats
whose typed name is a profile's where the device holds that right; elsewhere the typed name
stays a guest's, and is a request (`seat_requests`) the profile's owner accepts on the
« Joueurs » page. Nothing is stored for a request: the typed name itself is the request, so
games typed before a profile existed, by the command line or in an imported log, are offered
the same way."""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass
from typing import Any

from companion.core.errors import UsageError
from companion.events.store import UnknownGame, normalize_code
from companion.hosting.access import SharedRights
from companion.stats.identity import fold
from companion.stats.ownership import require_profile

REQUESTS_SHOWN = 20  # seat requests listed at once on a profile's page


@dataclass(frozen=True)
class SeatRequest:
    """A seat whose typed name is a profile's, not tied to it (yet): its owner may accept."""

    code: str
    game: str
    seat: int
    name: str
    title: str
    created: str


class SeatStore:
    """The seats part of StatsStore, which opens `_db` and reads the profiles (the methods
    below that raise are StatsStore's)."""

    _db: Any

    def _resolve(self, db: sqlite3.Connection, profile_id: int) -> int:
        raise NotImplementedError

    def _profile(self, db: sqlite3.Connection, profile_id: int) -> Any:
        raise NotImplementedError

    def profiles(self) -> list[Any]:
        raise NotImplementedError

    def changeable_profiles(self, rights: SharedRights) -> set[int]:
        raise NotImplementedError

    def seat(self, code: str, profiles: dict[int, int], *, by: SharedRights) -> None:
        """Tie profiles to seats of a game ({seat index: profile id}); a seat not given keeps
        what it had. The game's log is not touched. A seat tied to a profile puts the game in
        that player's statistics: it changes the profile, so it needs the right for it
        (registre TAB-8), and for the profile a seat held before, which it loses; NotAllowed
        and nothing written otherwise."""
        code = normalize_code(code)
        with self._db.write() as db:
            row = db.execute("SELECT setup FROM games WHERE code = ?", (code,)).fetchone()
            if row is None:
                raise UnknownGame(code)
            seats = len(json.loads(row[0]).get("players", []))
            chosen = {}
            for seat, profile_id in profiles.items():
                if not 0 <= seat < seats:
                    raise UsageError(f"la partie {code} n'a pas de place {seat + 1}")
                chosen[seat] = self._resolve(db, profile_id)
            kept = {s: p for s, p in self._seats(db, code).items() if s not in chosen}
            if len(set(chosen.values())) != len(chosen) or set(chosen.values()) & set(
                    kept.values()):
                raise UsageError("un même profil ne s'assoit qu'à une place")
            before = self._seats(db, code)
            for seat, profile_id in chosen.items():
                require_profile(db, profile_id, by)
                if before.get(seat, profile_id) != profile_id:
                    require_profile(db, before[seat], by)
            for seat, profile_id in chosen.items():
                db.execute("INSERT OR REPLACE INTO game_seats (code, seat, profile) "
                           "VALUES (?, ?, ?)", (code, seat, profile_id))

    def seat_by_name(self, code: str, names: list[str], *, by: SharedRights) -> list[str]:
        """A new game's seats whose typed name is a profile's (folded) are tied to it where
        these rights may change the profile; the others stay guests' seats, each a request
        the profile's owner may accept (`seat_requests`). Returns the names left waiting."""
        profiles = {fold(p.name): p for p in self.profiles()}
        allowed = self.changeable_profiles(by)
        links: dict[int, int] = {}
        waiting = []
        for seat, name in enumerate(names):
            profile = profiles.get(fold(name))
            if profile is None or profile.id in links.values():
                continue
            if profile.id in allowed:
                links[seat] = profile.id
            else:
                waiting.append(name)
        if links:
            self.seat(code, links, by=by)
        return waiting

    def seat_requests(self, profile_id: int, limit: int = REQUESTS_SHOWN) -> tuple[
            list[SeatRequest], int]:
        """The games where a name typed at a seat is this profile's name (folded) but the seat
        is not tied to it: requests its owner may accept (registre TAB-8; nothing is stored
        for them, the typed name is the request). Not where the profile sits at another
        seat, nor where the seat is another profile's. The latest `limit`, and how many."""
        with self._db.read() as db:
            kept = self._resolve(db, profile_id)
            wanted = fold(self._profile(db, kept).name)
            found: list[SeatRequest] = []
            total = 0
            into = dict(db.execute("SELECT id, merged_into FROM profiles").fetchall())
            linked: dict[str, dict[int, int]] = {}
            for code, seat, profile in db.execute("SELECT code, seat, profile FROM game_seats"):
                for _hop in range(len(into)):  # merged chains resolved in memory
                    if into.get(profile) is None:
                        break
                    profile = into[profile]
                linked.setdefault(code, {})[seat] = profile
            for code, game, setup, title, created in db.execute(
                    "SELECT code, game, setup, title, created FROM games "
                    "ORDER BY created DESC, rowid DESC"):
                names = json.loads(setup).get("players", [])
                seats = linked.get(code, {})
                if not isinstance(names, list) or kept in seats.values():
                    continue
                seat = next((i for i, n in enumerate(names) if isinstance(n, str)
                             and fold(n) == wanted and i not in seats), None)
                if seat is None:
                    continue
                total += 1
                if len(found) < limit:
                    found.append(SeatRequest(code, game, seat, names[seat], title, created))
        return found, total

    def seats(self, code: str) -> dict[int, int]:
        """{seat index: profile id} of a game (merged profiles resolved)."""
        with self._db.read() as db:
            return self._seats(db, normalize_code(code))

    def _seats(self, db: sqlite3.Connection, code: str) -> dict[int, int]:
        return {seat: self._resolve(db, profile) for seat, profile in db.execute(
            "SELECT seat, profile FROM game_seats WHERE code = ?", (code,))}
