"""Who may do what with a game (registre TAB-1): rights come from a capability, never from the
game code, which is public (printed, spoken, shown on the public screen).

Creating or importing a game issues a *host* token: a random secret of 192 bits
(`secrets.token_urlsafe`), given once to the device that asked and kept only as its SHA-256 in
the database; checking a token compares it in constant time (`hmac.compare_digest`) with the
game's live grants. A host can issue another host token (handing the game to another device)
or a co-host token, revoke any grant but the last host's, and delete the game. Without a token
a device only reads the public view (companion/events/publiclog.py says what that shows).

What a device remembers (its host tokens and the codes it joined) is `DeviceMemory`, kept in a
cookie of that device by the app (registre TAB-2): the server keeps no list of devices.

The grants table lives in the event store's database, so deleting a game removes its log and
its grants in one transaction.

Players' profiles and soirées are shared by the whole server (registre TAB-8): they are changed
by the *organiser* (one token per server, the same kind of secret, kept hashed in the
`organiser` table, given once on the server's terminal) or by the device that created them (its
*creator key*, kept hashed on each profile; a soirée's own key). `SharedRights` is what a
device presents; companion/stats/ownership.py checks it inside the write's transaction.
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
import sqlite3
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

from companion.core.errors import UsageError
from companion.events.store import default_location, is_valid_code, normalize_code
from companion.storage.database import as_location, open_database
from companion.storage.migrations import APPLICATION_ID, LEGACY_TABLES, MIGRATIONS, PG_MIGRATIONS

HOST = "host"
COHOST = "cohost"
ROLES = (HOST, COHOST)
ROLE_LABELS = {HOST: "hôte", COHOST: "co-hôte", "public": "vue publique", "cli": "ligne de "
               "commande", "import": "import"}
TOKEN_BYTES = 24  # 192 bits; token_urlsafe gives 32 characters
_TOKEN_RE = re.compile(r"^[A-Za-z0-9_-]{32}$")

# The grants table is migration 3 of the event store (companion/storage/migrations.py).


class NotAllowed(UsageError):
    """A request the device's rights do not cover: nothing was changed."""


@dataclass(frozen=True)
class Grant:
    """One live capability on a game (its secret is never stored, only its hash)."""

    id: int
    code: str
    role: str
    label: str
    created: str

    @property
    def role_label(self) -> str:
        return ROLE_LABELS[self.role]


@dataclass(frozen=True)
class SharedRights:
    """What a device presents to change a profile or a soirée (registre TAB-8): the organiser's
    token, its own creator key, the key of the soirée it writes; `server` is the server's own
    terminal (whoever runs a command there can already write the database)."""

    organiser: str | None = None
    creator: str | None = None
    night_key: str | None = None
    server: bool = False


ON_SERVER = SharedRights(server=True)


def new_secret() -> str:
    """A fresh capability: 192 random bits, 32 URL-safe characters."""
    return secrets.token_urlsafe(TOKEN_BYTES)


def secret_hash(token: str) -> str:
    """What the database keeps of a capability (its SHA-256, hex)."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def holds(stored_hash: str | None, token: str | None) -> bool:
    """True when `token` is the capability whose hash is `stored_hash` (constant time); an
    empty hash (a row made before its creator was kept) is held by nobody."""
    if not stored_hash or not is_valid_token(token):
        return False
    assert token is not None
    return hmac.compare_digest(stored_hash, secret_hash(token))


def organiser_in(db: sqlite3.Connection, token: str | None) -> bool:
    """True when `token` is the server's live organiser token, read in the caller's
    transaction (so a write checks the right it writes under)."""
    if not is_valid_token(token):
        return False
    found = False
    for (stored,) in db.execute("SELECT token_hash FROM organiser WHERE revoked IS NULL"):
        found = holds(stored, token) or found  # every live hash compared, no early exit
    return found


def is_valid_token(token: str | None) -> bool:
    return bool(token and _TOKEN_RE.match(token))


def _hash(token: str) -> str:
    return secret_hash(token)


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


class Access:
    """The grants of every game in the event store's database."""

    def __init__(self, path: str | Path | None = None) -> None:
        self.path = as_location(path) if path is not None else default_location()
        self._db = open_database(self.path, MIGRATIONS, kind="events", pg_schema=PG_MIGRATIONS,
                                 application_id=APPLICATION_ID, legacy_tables=LEGACY_TABLES)

    @staticmethod
    def _code(code: str) -> str:
        code = normalize_code(code)
        if not is_valid_code(code):
            raise UsageError(f"« {code} » n'est pas un code de partie")
        return code

    def issue(self, code: str, role: str = HOST, label: str = "") -> tuple[str, Grant]:
        """A new token for `code` (returned once, never stored) and its grant."""
        code = self._code(code)
        if role not in ROLES:
            raise UsageError(f"rôle inconnu : {role!r}")
        token = secrets.token_urlsafe(TOKEN_BYTES)
        created = _now()
        with self._db.write() as db:
            if db.execute("SELECT 1 FROM games WHERE code = ?", (code,)).fetchone() is None:
                raise UsageError(f"aucune partie avec le code « {code} »")
            cursor = db.execute(
                "INSERT INTO grants (code, role, label, token_hash, created) "
                "VALUES (?, ?, ?, ?, ?)", (code, role, label[:60], _hash(token), created))
            grant_id = int(cursor.lastrowid or 0)
        return token, Grant(grant_id, code, role, label[:60], created)

    def verify(self, code: str | None, token: str | None) -> Grant | None:
        """The live grant this token holds on this game, or None (unknown, revoked, malformed,
        another game's). Every live hash of the game is compared in constant time."""
        if not code or not is_valid_token(token):
            return None
        code = normalize_code(code)
        assert token is not None
        wanted = _hash(token)
        found = None
        for grant, stored_hash in self._live(code):
            if hmac.compare_digest(stored_hash, wanted):
                found = grant
        return found

    def _live(self, code: str, db: sqlite3.Connection | None = None) -> list[tuple[Grant, str]]:
        query = ("SELECT id, code, role, label, created, token_hash FROM grants "
                 "WHERE code = ? AND revoked IS NULL ORDER BY id")
        if db is not None:
            rows = db.execute(query, (code,)).fetchall()
        else:
            with self._db.read() as reader:
                rows = reader.execute(query, (code,)).fetchall()
        return [(Grant(*row[:5]), row[5]) for row in rows]

    def grants(self, code: str) -> list[Grant]:
        """The game's live grants, oldest first."""
        return [grant for grant, _ in self._live(normalize_code(code))]

    def revoke(self, code: str, grant_id: int, by: Grant) -> None:
        """Withdraw a grant. Only a host may, and never the game's last host grant (the game
        would have nobody left to write it)."""
        code = self._code(code)
        if by.code != code or by.role != HOST:
            raise NotAllowed("seul l'hôte de la partie peut retirer un droit")
        with self._db.write() as db:
            live = self._live(code, db)
            if by.id not in {grant.id for grant, _ in live}:
                raise NotAllowed("cet appareil n'est plus hôte de la partie")
            target = next((grant for grant, _ in live if grant.id == grant_id), None)
            if target is None:
                return  # already revoked: a double tap changes nothing
            hosts = [grant for grant, _ in live if grant.role == HOST]
            if target.role == HOST and len(hosts) == 1:
                raise NotAllowed("c'est le dernier lien d'hôte : passez d'abord la main à un "
                                 "autre appareil")
            db.execute("UPDATE grants SET revoked = ? WHERE id = ?", (_now(), grant_id))

    def delete_game(self, code: str, by: Grant) -> None:
        """Delete a game, its log and its grants in one transaction (host only)."""
        code = self._code(code)
        if by.code != code or by.role != HOST:
            raise NotAllowed("seul l'hôte de la partie peut la supprimer")
        with self._db.write() as db:
            if by.id not in {grant.id for grant, _ in self._live(code, db)}:
                raise NotAllowed("cet appareil n'est plus hôte de la partie")
            _delete_log(db, code)
            db.execute("DELETE FROM grants WHERE code = ?", (code,))
            db.execute("DELETE FROM games WHERE code = ?", (code,))

    # --- the organiser of the server (registre TAB-8) ------------------------------------------

    def ensure_organiser(self) -> str | None:
        """The server's first organiser token when it has none (returned once: only its hash
        is kept), else None. One transaction: two servers starting together make one."""
        with self._db.write() as db:
            if db.execute("SELECT 1 FROM organiser WHERE revoked IS NULL").fetchone():
                return None
            return self._add_organiser(db)

    def new_organiser(self) -> str:
        """A new organiser token; every older one stops working at once."""
        with self._db.write() as db:
            db.execute("UPDATE organiser SET revoked = ? WHERE revoked IS NULL", (_now(),))
            return self._add_organiser(db)

    @staticmethod
    def _add_organiser(db: sqlite3.Connection) -> str:
        token = new_secret()
        db.execute("INSERT INTO organiser (token_hash, created) VALUES (?, ?)",
                   (secret_hash(token), _now()))
        return token

    def is_organiser(self, token: str | None) -> bool:
        if not is_valid_token(token):
            return False
        with self._db.read() as db:
            return organiser_in(db, token)


def _delete_log(db: sqlite3.Connection, code: str) -> None:
    """The events table refuses deletes (append-only trigger) unless the game's row is marked
    as being deleted (migration 5): marked, emptied and removed in the caller's transaction."""
    db.execute("UPDATE games SET deleting = 1 WHERE code = ?", (code,))
    db.execute("DELETE FROM events WHERE code = ?", (code,))


# --- what a device remembers ----------------------------------------------------------------

MEMORY_LIMIT = 40  # games remembered per device (a cookie holds about 4 KB)
_ENTRY_RE = re.compile(r"^(?:h\.([A-Z0-9]{6})\.([A-Za-z0-9_-]{32})|j\.([A-Z0-9]{6}))$")
_KEY_RE = re.compile(r"^([oc])\.([A-Za-z0-9_-]{32})$")  # organiser token, creator key


@dataclass
class DeviceMemory:
    """The games a device hosts (with its host token) or has joined (token None), oldest
    first, and its keys for shared things (registre TAB-8): the organiser token it was given,
    its creator key. Serialised as a cookie value: `o.TOKEN|c.KEY|h.CODE.TOKEN|j.CODE|...`
    (registre TAB-2)."""

    games: dict[str, str | None] = field(default_factory=dict)
    organiser: str | None = None
    creator: str | None = None

    @classmethod
    def parse(cls, text: str | None) -> DeviceMemory:
        """Whatever the cookie holds: malformed entries are dropped, never an error."""
        memory = cls()
        entries = (text or "").split("|")
        for entry in entries[:2]:  # the keys come first (dump)
            key = _KEY_RE.match(entry)
            if key is not None:
                setattr(memory, "organiser" if key.group(1) == "o" else "creator",
                        key.group(2))
        for entry in entries[-MEMORY_LIMIT:]:
            match = _ENTRY_RE.match(entry)
            if match is not None:
                host_code, token, joined = match.groups()
                memory._put(host_code or joined, token)
        return memory

    def dump(self) -> str:
        keys = [f"{kind}.{key}" for kind, key in (("o", self.organiser), ("c", self.creator))
                if key]
        return "|".join(keys + [f"h.{code}.{token}" if token else f"j.{code}"
                                for code, token in list(self.games.items())[-MEMORY_LIMIT:]])

    def _put(self, code: str, token: str | None) -> None:
        self.games.pop(code, None)
        self.games[code] = token
        while len(self.games) > MEMORY_LIMIT:
            self.games.pop(next(iter(self.games)))

    def host(self, code: str, token: str) -> None:
        """This device hosts `code` with `token` (and it becomes the most recent)."""
        self._put(code, token)

    def join(self, code: str) -> None:
        """This device opened `code` without hosting it; a host token it holds is kept."""
        self._put(code, self.games.get(code))

    def drop_token(self, code: str) -> None:
        """The token no longer works (revoked): keep the game as joined."""
        if code in self.games:
            self.games[code] = None

    def forget(self, code: str) -> None:
        self.games.pop(code, None)

    def token(self, code: str) -> str | None:
        return self.games.get(code)

    def codes(self) -> list[str]:
        """Every remembered game, most recent first."""
        return list(reversed(self.games))
