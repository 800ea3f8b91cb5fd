"""A restore is an import (issue 38, item 6): what `companion restore` swaps in passes, row by
row, the checks an imported log passes (companion/events/logfile.py: sizes, nesting, names,
game ids, the log's length), and the checks the store makes of what it writes (game codes,
profiles' names and colours, soirées' titles and rankings, seats inside their game). Before,
only the schema was checked (companion/storage/backupcheck.py): a backup whose games named an
unknown game, or held a line nested 100,000 deep or of 10 MB, was swapped in, then every page
that read it showed an error.

Every bound is asked of the stored text before it is parsed (a 10 MB line is refused by its
length, never read into objects), and each game is read alone: the memory a check takes is one
game's, at most the import's MAX_IMPORT_BYTES of text.

A backup also carries capabilities: its games' host grants, its organiser, the creator keys
of its profiles (hashed), its soirées' keys and ELSEN's seat links. Whoever wrote the file holds
the secrets behind them; restored, they would make that person host of every game and
organiser of the server. `drop_capabilities` removes them from the copy before the swap: the
server's terminal gives new ones (`companion host CODE`, `companion organisateur`), and the app
makes a new organiser link at its next start (registre TAB-8)."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import closing, contextmanager
from pathlib import Path
from typing import Any

from companion.core import safejson
from companion.core.errors import UsageError
from companion.events.logfile import (
    MAX_EVENT_BYTES,
    MAX_IMPORT_BYTES,
    MAX_IMPORT_EVENTS,
    check_setup,
    check_title,
    envelope,
    line_text,
    parse_envelope,
)
from companion.events.stored import is_valid_code
from companion.hosting.seats import SEATS
from companion.stats.identity import fold
from companion.stats.nights import MAX_TITLE, clean_name
from companion.stats.podium import RANKINGS
from companion.stats.storage import check_profile


def _shown(value: object) -> str:
    text = str(value)
    return f"« {text[:12]}… »" if len(text) > 12 else f"« {text} »"


@contextmanager
def _reading(path: Path) -> Iterator[sqlite3.Connection]:
    with closing(sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True,
                                 isolation_level=None)) as db:
        yield db


def _tables(db: sqlite3.Connection) -> set[str]:
    return {name for (name,) in db.execute("SELECT name FROM sqlite_master WHERE type = "
                                           "'table'")}


def _columns(db: sqlite3.Connection, table: str) -> set[str]:
    return {row[1] for row in db.execute(f"PRAGMA table_info({table})")}


def _json(text: object, where: str) -> Any:
    """A stored JSON text read as an import reads one: its size first, then parsed so that no
    nesting, number or escape can crash what reads it (companion/core/safejson.py)."""
    if not isinstance(text, str):
        raise UsageError(f"{where} : ce n'est pas un texte JSON")
    size = len(text.encode("utf-8", errors="surrogatepass"))
    if size > MAX_EVENT_BYTES:
        raise UsageError(f"{where} : trop volumineux ({size} octets, {MAX_EVENT_BYTES} au "
                         "plus)")
    return safejson.loads(text, where)


def check_rows(path: Path) -> int:
    """Every row of the backup copy at `path` (already schema-checked); UsageError with the
    first row refused and why. Returns the number of games."""
    with _reading(path) as db:
        tables = _tables(db)
        players = _games(db)
        profiles = _profiles(db) if "profiles" in tables else set()
        nights = _nights(db) if "nights" in tables else set()
        if "game_seats" in tables:
            _seats(db, players, profiles)
        if "night_games" in tables:
            for code, night in db.execute("SELECT code, night FROM night_games"):
                if code not in players or night not in nights:
                    raise UsageError(f"la partie {_shown(code)} est dans une soirée ou une "
                                     "partie qui n'existe pas")
        if "game_positions" in tables:
            for code, name, value in db.execute("SELECT code, name, value FROM game_positions"):
                if code not in players or not isinstance(name, str) or len(name) > 40:
                    raise UsageError(f"une position {_shown(name)} n'est d'aucune partie")
                line_text(_json(value, f"partie {code}, position {_shown(name)}"),
                          f"partie {code}, position {_shown(name)}")
    return len(players)


def _games(db: sqlite3.Connection) -> dict[str, int]:
    """Each game as an imported log: code -> its number of seats."""
    seats: dict[str, int] = {}
    counted = "lines" in _columns(db, "games")  # version 2 on: the count the store appends at
    games = db.execute(f"SELECT code, game, setup, title, created, {'lines' if counted else '-1'}"
                       " FROM games ORDER BY rowid")
    for code, game, setup_text, title, created, lines in games.fetchall():
        if not isinstance(code, str) or not is_valid_code(code):
            raise UsageError(f"la partie {_shown(code)} n'a pas un code de partie (6 lettres "
                             "ou chiffres)")
        where = f"partie {code}"
        try:
            setup = _json(setup_text, "mise en place")
            check_setup(setup)
            check_title(title)
            raw = _events(db, code)
            if counted and lines != len(raw):
                raise UsageError(f"{lines} lignes annoncées, {len(raw)} enregistrées")
            parse_envelope(envelope(game, setup, raw, title, str(created)))
            for seq, event in enumerate(raw):
                line_text(event, f"ligne {seq}")
        except UsageError as exc:
            raise UsageError(f"{where} : {exc}") from None
        names = setup.get("players") if isinstance(setup, dict) else None
        seats[code] = len(names) if isinstance(names, list) else 0
    return seats


def _events(db: sqlite3.Connection, code: str) -> list[Any]:
    """A game's lines, their sizes asked before their text is read: at most the import's
    bounds (lines, bytes), numbered 0, 1, 2… without a gap."""
    sizes = db.execute("SELECT seq, typeof(event), length(CAST(event AS BLOB)) FROM events "
                       "WHERE code = ? ORDER BY seq", (code,)).fetchall()
    if len(sizes) > MAX_IMPORT_EVENTS:
        raise UsageError(f"journal trop long : {len(sizes)} lignes, {MAX_IMPORT_EVENTS} au "
                         "plus")
    total = 0
    for expected, (seq, kind, size) in enumerate(sizes):
        if seq != expected:
            raise UsageError(f"ligne {expected} absente (numéros des lignes non suivis)")
        if kind != "text" or size > MAX_EVENT_BYTES:
            raise UsageError(f"ligne {seq} : trop volumineuse ou pas un texte ({size} octets, "
                             f"{MAX_EVENT_BYTES} au plus)")
        total += size
    if total > MAX_IMPORT_BYTES:
        raise UsageError(f"journal trop volumineux : {total / 1e6:.1f} Mo, "
                         f"{MAX_IMPORT_BYTES / 1e6:.0f} Mo au plus")
    return [_json(text, f"ligne {seq}") for seq, text in db.execute(
        "SELECT seq, event FROM events WHERE code = ? ORDER BY seq", (code,))]


def _profiles(db: sqlite3.Connection) -> set[int]:
    """Each profile as the store would have saved it; one active profile per (folded) name."""
    ids: set[int] = set()
    active: set[str] = set()
    rows = db.execute("SELECT id, name, colour, picture, merged_into FROM profiles").fetchall()
    merged = {row[4] for row in rows if row[4] is not None}
    for profile_id, name, colour, picture, into in rows:
        try:
            check_profile(name, colour, picture)
        except UsageError as exc:
            raise UsageError(f"profil n° {profile_id} : {exc}") from None
        if into is None:
            if fold(name) in active:
                raise UsageError(f"deux profils s'appellent {_shown(name)}")
            active.add(fold(name))
        ids.add(int(profile_id))
    if not merged <= ids:
        raise UsageError("un profil est fusionné dans un profil qui n'existe pas")
    return ids


def _nights(db: sqlite3.Connection) -> set[int]:
    ranked = "ranking" in _columns(db, "nights")
    ids: set[int] = set()
    query = f"SELECT id, title{', ranking' if ranked else ''} FROM nights"
    for row in db.execute(query):
        try:
            if clean_name(row[1], "le titre de la soirée", MAX_TITLE) != row[1]:
                raise UsageError(f"le titre {_shown(row[1])} n'est pas tel que le Compagnon "
                                 "l'enregistre")
        except UsageError as exc:
            raise UsageError(f"soirée n° {row[0]} : {exc}") from None
        if ranked and row[2] not in RANKINGS:
            raise UsageError(f"soirée n° {row[0]} : classement inconnu {_shown(row[2])}")
        ids.add(int(row[0]))
    return ids


def _seats(db: sqlite3.Connection, players: dict[str, int], profiles: set[int]) -> None:
    taken: set[tuple[str, int]] = set()
    for code, seat, profile in db.execute("SELECT code, seat, profile FROM game_seats"):
        if code not in players or not isinstance(seat, int) or not 0 <= seat < players[code]:
            raise UsageError(f"une place {_shown(seat)} n'est d'aucune partie")
        if profile not in profiles or (code, profile) in taken:
            raise UsageError(f"partie {code} : la place {seat + 1} est d'un profil absent ou "
                             "déjà assis")
        taken.add((code, profile))


# --- what a backup may not bring: the capabilities of whoever wrote it -----------------------


def drop_capabilities(path: Path) -> int:
    """Remove from the copy at `path` every capability it holds (see the module's docstring),
    in one transaction; returns how many there were."""
    with closing(sqlite3.connect(path, isolation_level=None)) as db:
        tables = _tables(db)
        steps = [("grants", "DELETE FROM grants"), ("organiser", "DELETE FROM organiser"),
                 ("game_positions", f"DELETE FROM game_positions WHERE name = '{SEATS}'")]
        if "profiles" in tables and "creator_hash" in _columns(db, "profiles"):
            steps.append(("profiles", "UPDATE profiles SET creator_hash = '' "
                                      "WHERE creator_hash != ''"))
        if "nights" in tables:
            steps.append(("nights", "UPDATE nights SET token_hash = '' WHERE token_hash != ''"))
        dropped = 0
        db.execute("BEGIN IMMEDIATE")
        for table, sql in steps:
            if table in tables:
                dropped += db.execute(sql).rowcount
        db.execute("COMMIT")
        db.execute("VACUUM")  # the hashes do not stay in the file's free pages
    return dropped
