"""Who may change a player's profile or a soirée (registre TAB-8), asked inside the write's own
transaction: the server's organiser, or the device that created the profile (its creator key,
kept hashed on the profile) or holds the soirée's key (kept hashed on the soirée). Reading
stays open; adding a profile is open to every visitor (to seat a player in their own game)."""

from __future__ import annotations

import sqlite3

from companion.core.errors import UsageError
from companion.hosting.access import NotAllowed, SharedRights, holds, organiser_in

PROFILE_REFUSED = ("seul l'organisateur ou l'appareil qui a créé ce profil peut le modifier ; "
                   "rien n'a été changé")
NIGHT_REFUSED = ("seul l'organisateur ou un appareil qui a le lien de cette soirée peut la "
                 "modifier ; rien n'a été changé")


def _organiser(db: sqlite3.Connection, rights: SharedRights) -> bool:
    return rights.server or organiser_in(db, rights.organiser)


def may_change_profile(db: sqlite3.Connection, profile_id: int, rights: SharedRights) -> bool:
    row = db.execute("SELECT creator_hash FROM profiles WHERE id = ?", (profile_id,)).fetchone()
    if row is None:
        raise UsageError(f"aucun profil n° {profile_id}")
    return holds(row[0], rights.creator) or _organiser(db, rights)


def may_change_night(db: sqlite3.Connection, night_id: int, rights: SharedRights) -> bool:
    row = db.execute("SELECT token_hash FROM nights WHERE id = ?", (night_id,)).fetchone()
    if row is None:
        raise UsageError(f"aucune soirée n° {night_id}")
    return holds(row[0], rights.night_key) or _organiser(db, rights)


def changeable_profiles(db: sqlite3.Connection, rights: SharedRights) -> set[int]:
    """The ids of every profile these rights may change, in one read (a page's list)."""
    rows = db.execute("SELECT id, creator_hash FROM profiles").fetchall()
    if _organiser(db, rights):
        return {int(i) for i, _hash in rows}
    return {int(i) for i, stored in rows if holds(stored, rights.creator)}


def require_profile(db: sqlite3.Connection, profile_id: int, rights: SharedRights) -> None:
    if not may_change_profile(db, profile_id, rights):
        raise NotAllowed(PROFILE_REFUSED)


def require_night(db: sqlite3.Connection, night_id: int, rights: SharedRights) -> None:
    if not may_change_night(db, night_id, rights):
        raise NotAllowed(NIGHT_REFUSED)
