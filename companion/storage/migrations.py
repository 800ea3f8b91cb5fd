"""The event store's schema, as an ordered list of migrations (the one place of its DDL).

To change the schema, append one `Migration(version=len(MIGRATIONS) + 1, ...)` at the end of
`MIGRATIONS`: a SQL script, or a function taking the connection (to move data). Never edit or
reorder a migration that has landed: databases out there are at its version. Each migration
runs in the transaction that opens the file (companion/storage/sqlitefile.py), after an automatic
backup of an existing database (companion/storage/backups.py); a file of a newer version than the
last migration here is refused, never opened read-write. Tests: tests/test_store_migrations.py.

PostgreSQL (issue 17, companion/storage/pgfile.py) keeps its own list below, version for version: a
migration is appended to both lists.
"""

from __future__ import annotations

from companion.storage.sqlitefile import Migration

APPLICATION_ID = 0x43445447  # "CDTG": a Compagnon de table event store
# What an unversioned (v0) store of ours may hold: the original tables, and the grants table
# that companion/hosting/access.py created before it became migration 3.
LEGACY_TABLES = frozenset({"games", "events", "grants"})

# Version 1: the schema as it was before versions existed (v0 files holding these tables are
# upgraded in place, hence IF NOT EXISTS).
V1_GAMES_AND_EVENTS = """
CREATE TABLE IF NOT EXISTS games (
    code TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    setup TEXT NOT NULL,
    title TEXT NOT NULL DEFAULT '',
    created TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS events (
    code TEXT NOT NULL REFERENCES games(code),
    seq INTEGER NOT NULL,
    event TEXT NOT NULL,
    created TEXT NOT NULL,
    PRIMARY KEY (code, seq)
);
CREATE TRIGGER IF NOT EXISTS events_append_only_update BEFORE UPDATE ON events
BEGIN SELECT RAISE(ABORT, 'events are append-only'); END;
CREATE TRIGGER IF NOT EXISTS events_append_only_delete BEFORE DELETE ON events
BEGIN SELECT RAISE(ABORT, 'events are append-only'); END;
"""

# Version 2: per game, the number of raw lines and the last write (so neither listing nor
# appending reads every event), and the rules version it last replayed with (or why not).
V2_COUNTS_AND_RULES = """
ALTER TABLE games ADD COLUMN lines INTEGER NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN updated TEXT NOT NULL DEFAULT '';
ALTER TABLE games ADD COLUMN rules_version INTEGER NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN broken TEXT;
UPDATE games SET
    lines = (SELECT COUNT(*) FROM events e WHERE e.code = games.code),
    updated = COALESCE((SELECT MAX(e.created) FROM events e WHERE e.code = games.code), created);
CREATE INDEX IF NOT EXISTS games_by_update ON games (updated DESC);
"""

# Version 3: who may write a game (companion/hosting/access.py): hashed capabilities per game.
V3_GRANTS = """
CREATE TABLE IF NOT EXISTS grants (
    id INTEGER PRIMARY KEY,
    code TEXT NOT NULL,
    role TEXT NOT NULL,
    label TEXT NOT NULL DEFAULT '',
    token_hash TEXT NOT NULL,
    created TEXT NOT NULL,
    revoked TEXT
);
CREATE INDEX IF NOT EXISTS grants_by_code ON grants (code);
"""

# Version 4: player profiles, nights (soirées) and who sat at which seat of a game
# (companion/stats/storage.py, docs/stats.md). Games' logs are never rewritten: a profile is
# tied to a game by seat; a night's key is kept hashed. Deleting a game
# (companion/hosting/access.py)
# takes its seats and its place in a night with it (ON DELETE CASCADE).
V4_PROFILES_AND_NIGHTS = """
CREATE TABLE profiles (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    colour TEXT NOT NULL,
    picture TEXT NOT NULL DEFAULT '',
    merged_into INTEGER REFERENCES profiles(id),
    created TEXT NOT NULL
);
CREATE TABLE game_seats (
    code TEXT NOT NULL REFERENCES games(code) ON DELETE CASCADE,
    seat INTEGER NOT NULL,
    profile INTEGER NOT NULL REFERENCES profiles(id),
    PRIMARY KEY (code, seat)
);
CREATE INDEX game_seats_by_profile ON game_seats (profile);
CREATE TABLE nights (
    id INTEGER PRIMARY KEY,
    title TEXT NOT NULL,
    created TEXT NOT NULL,
    token_hash TEXT NOT NULL
);
CREATE TABLE night_games (
    code TEXT PRIMARY KEY REFERENCES games(code) ON DELETE CASCADE,
    night INTEGER NOT NULL REFERENCES nights(id),
    added TEXT NOT NULL
);
CREATE INDEX night_games_by_night ON night_games (night);
"""

# Version 5: who wrote each line (companion/hosting/access.py roles: "host", "cohost"; "" for the
# CLI and older lines), beside the event, never inside its JSON; and deleting a game
# (companion/hosting/access.py): its lines may be deleted only while its row says so, in the one
# transaction that deletes the game. Every other delete stays refused.
V5_AUTHORS_AND_DELETION = """
ALTER TABLE events ADD COLUMN author TEXT NOT NULL DEFAULT '';
ALTER TABLE games ADD COLUMN deleting INTEGER NOT NULL DEFAULT 0;
DROP TRIGGER IF EXISTS events_append_only_delete;
CREATE TRIGGER events_append_only_delete BEFORE DELETE ON events
WHEN (SELECT deleting FROM games WHERE code = OLD.code) IS NOT 1
BEGIN SELECT RAISE(ABORT, 'events are append-only'); END;
"""

# Version 6: where a host's device stands in a game, kept with the game rather than in a browser
# session (companion/hosting/positions.py): ELSEN's narrator line, countdown and durations survive a
# refresh, a sleeping tablet or a restart. Gone with the game.
V6_POSITIONS = """
CREATE TABLE game_positions (
    code TEXT NOT NULL REFERENCES games(code) ON DELETE CASCADE,
    name TEXT NOT NULL,
    value TEXT NOT NULL,
    updated TEXT NOT NULL,
    PRIMARY KEY (code, name)
);
"""

# Version 7: who may change the shared players' profiles and soirées (companion/hosting/access.py,
# registre TAB-8). The server's organiser token, kept hashed (one live row; a new one revokes
# the older); each profile keeps the hash of the creator key of the device that made it ('':
# made before, only the organiser changes it); a soirée keeps its podium's ranking, chosen by
# whoever may change it, so every screen shows the same podium.
V7_OWNERS = """
CREATE TABLE organiser (
    id INTEGER PRIMARY KEY,
    token_hash TEXT NOT NULL,
    created TEXT NOT NULL,
    revoked TEXT
);
ALTER TABLE profiles ADD COLUMN creator_hash TEXT NOT NULL DEFAULT '';
ALTER TABLE nights ADD COLUMN ranking TEXT NOT NULL DEFAULT 'victoires';
"""


MIGRATIONS: list[Migration] = [
    Migration(1, "parties et journaux", V1_GAMES_AND_EVENTS),
    Migration(2, "compteurs de lignes et version des règles", V2_COUNTS_AND_RULES),
    Migration(3, "droits des appareils sur les parties", V3_GRANTS),
    Migration(4, "profils des joueurs, soirées et places", V4_PROFILES_AND_NIGHTS),
    Migration(5, "auteur de chaque ligne, suppression d'une partie", V5_AUTHORS_AND_DELETION),
    Migration(6, "position du meneur dans la partie", V6_POSITIONS),
    Migration(7, "organisateur, créateurs des profils, classement des soirées", V7_OWNERS),
]


# --- PostgreSQL (companion/storage/pgfile.py): the same versions, in PostgreSQL's words -----------
# Version N here holds what version N above holds, so a database of either kind at version N
# has the same tables and columns (`companion db copy` moves rows between them). Differences:
# ids are identity columns, `rowid` is a column of games (SQLite's implicit order of creation),
# the append-only triggers are PL/pgSQL functions.

PG_V1_GAMES_AND_EVENTS = """
CREATE TABLE games (
    rowid BIGINT GENERATED ALWAYS AS IDENTITY UNIQUE,
    code TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    setup TEXT NOT NULL,
    title TEXT NOT NULL DEFAULT '',
    created TEXT NOT NULL
);
CREATE TABLE events (
    code TEXT NOT NULL REFERENCES games(code),
    seq INTEGER NOT NULL,
    event TEXT NOT NULL,
    created TEXT NOT NULL,
    PRIMARY KEY (code, seq)
);
CREATE FUNCTION companion_events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN RAISE EXCEPTION 'events are append-only'; END $$;
CREATE TRIGGER events_append_only_update BEFORE UPDATE ON events
FOR EACH ROW EXECUTE FUNCTION companion_events_append_only();
CREATE TRIGGER events_append_only_delete BEFORE DELETE ON events
FOR EACH ROW EXECUTE FUNCTION companion_events_append_only();
"""

PG_V2_COUNTS_AND_RULES = """
ALTER TABLE games ADD COLUMN lines INTEGER NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN updated TEXT NOT NULL DEFAULT '';
ALTER TABLE games ADD COLUMN rules_version INTEGER NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN broken TEXT;
CREATE INDEX games_by_update ON games (updated DESC);
"""

PG_V3_GRANTS = """
CREATE TABLE grants (
    id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
    code TEXT NOT NULL,
    role TEXT NOT NULL,
    label TEXT NOT NULL DEFAULT '',
    token_hash TEXT NOT NULL,
    created TEXT NOT NULL,
    revoked TEXT
);
CREATE INDEX grants_by_code ON grants (code);
"""

PG_V4_PROFILES_AND_NIGHTS = """
CREATE TABLE profiles (
    id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
    name TEXT NOT NULL,
    colour TEXT NOT NULL,
    picture TEXT NOT NULL DEFAULT '',
    merged_into BIGINT REFERENCES profiles(id),
    created TEXT NOT NULL
);
CREATE TABLE game_seats (
    code TEXT NOT NULL REFERENCES games(code) ON DELETE CASCADE,
    seat INTEGER NOT NULL,
    profile BIGINT NOT NULL REFERENCES profiles(id),
    PRIMARY KEY (code, seat)
);
CREATE INDEX game_seats_by_profile ON game_seats (profile);
CREATE TABLE nights (
    id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
    title TEXT NOT NULL,
    created TEXT NOT NULL,
    token_hash TEXT NOT NULL
);
CREATE TABLE night_games (
    code TEXT PRIMARY KEY REFERENCES games(code) ON DELETE CASCADE,
    night BIGINT NOT NULL REFERENCES nights(id),
    added TEXT NOT NULL
);
CREATE INDEX night_games_by_night ON night_games (night);
"""

PG_V5_AUTHORS_AND_DELETION = """
ALTER TABLE events ADD COLUMN author TEXT NOT NULL DEFAULT '';
ALTER TABLE games ADD COLUMN deleting INTEGER NOT NULL DEFAULT 0;
CREATE FUNCTION companion_events_delete_only_while_deleting() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    IF (SELECT deleting FROM games WHERE code = OLD.code) IS DISTINCT FROM 1 THEN
        RAISE EXCEPTION 'events are append-only';
    END IF;
    RETURN OLD;
END $$;
DROP TRIGGER IF EXISTS events_append_only_delete ON events;
CREATE TRIGGER events_append_only_delete BEFORE DELETE ON events
FOR EACH ROW EXECUTE FUNCTION companion_events_delete_only_while_deleting();
"""

PG_V6_POSITIONS = V6_POSITIONS

PG_V7_OWNERS = """
CREATE TABLE organiser (
    id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
    token_hash TEXT NOT NULL,
    created TEXT NOT NULL,
    revoked TEXT
);
ALTER TABLE profiles ADD COLUMN creator_hash TEXT NOT NULL DEFAULT '';
ALTER TABLE nights ADD COLUMN ranking TEXT NOT NULL DEFAULT 'victoires';
"""

PG_MIGRATIONS: list[Migration] = [
    Migration(1, "parties et journaux", PG_V1_GAMES_AND_EVENTS),
    Migration(2, "compteurs de lignes et version des règles", PG_V2_COUNTS_AND_RULES),
    Migration(3, "droits des appareils sur les parties", PG_V3_GRANTS),
    Migration(4, "profils des joueurs, soirées et places", PG_V4_PROFILES_AND_NIGHTS),
    Migration(5, "auteur de chaque ligne, suppression d'une partie", PG_V5_AUTHORS_AND_DELETION),
    Migration(6, "position du meneur dans la partie", PG_V6_POSITIONS),
    Migration(7, "organisateur, créateurs des profils, classement des soirées", PG_V7_OWNERS),
]
assert len(PG_MIGRATIONS) == len(MIGRATIONS), "each version exists on both backends"
