"""`companion backup [--out FILE]` and `companion restore FILE`: copies of the event store
through SQLite's backup API (companion/storage/backups.py). Stop the app before a restore: the file
is replaced under it. Exit 2 and one French line for a bad request, nothing changed.

A restore is an import (issue 38): the copy to swap in is made beside the live file, then its
schema (companion/storage/backupcheck.py) and every row (companion/events/restorecheck.py: the
import's checks) are checked, and the capabilities it carries are dropped, all before the live
file is touched. Then the live file is set aside, the copy takes its place and is opened (and
migrated if older); should that fail, the live file is put back as it was, byte for byte, and
the message says where the safety copy is."""

from __future__ import annotations

import argparse
import logging
import os
import shutil
import sqlite3
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from companion.core.errors import (
    CompanionError,
    CorruptFile,
    ForeignFile,
    NewerSchema,
    StorageError,
    UsageError,
    ZeroByteFile,
)
from companion.events import dbtools, restorecheck
from companion.events.store import EventStore, default_location, default_path
from companion.storage import backupcheck, backups
from companion.storage.database import as_location
from companion.storage.migrations import APPLICATION_ID, LEGACY_TABLES, MIGRATIONS
from companion.storage.pgfile import is_url
from companion.storage.sqlitefile import SqliteFile

log = logging.getLogger("companion.storage")

_REFUSED = {
    ZeroByteFile: "est vide (0 octet) : ce n'est pas une sauvegarde",
    ForeignFile: "n'est pas une sauvegarde du Compagnon de table",
    CorruptFile: "est abîmé ou tronqué : choisissez une autre sauvegarde",
    NewerSchema: "vient d'une version plus récente du Compagnon de table : mettez "
                 "l'application à jour avant de la restaurer",
}


def _database(args: argparse.Namespace) -> Path:
    return Path(args.db).expanduser() if args.db else default_path()


def _games(store: EventStore) -> str:
    count = len(store.list_games(limit=1_000_000))
    return f"{count} partie{'s' if count > 1 else ''}"


def cmd_backup_json(args: argparse.Namespace) -> int:
    """Portable JSON of every game (companion/events/dbtools.py), on either backend: the only
    `companion backup` of a PostgreSQL database (its operator's pg_dump copies the rest)."""
    location = as_location(args.db) if args.db else default_location()
    if not args.out:
        raise UsageError("précisez le fichier à écrire : --out FICHIER.json (rien n'a été "
                         "écrit)")
    target = Path(args.out).expanduser()
    if target.exists():
        raise UsageError(f"{args.out} existe déjà : choisissez un autre nom (rien n'a été "
                         "écrit)")
    if not is_url(location) and not Path(location).exists():
        raise UsageError(f"aucune base de données à sauvegarder ({location} n'existe pas)")
    count = dbtools.write_export(EventStore(location), target)
    print(f"sauvegarde JSON écrite : {target} ({count} partie{'s' if count > 1 else ''})")
    return 0


def cmd_backup(args: argparse.Namespace) -> int:
    if args.json or (args.db and is_url(args.db)) or (not args.db
                                                      and is_url(default_location())):
        return cmd_backup_json(args)
    database = _database(args)
    if not database.exists():
        raise UsageError(f"aucune base de données à sauvegarder ({database} n'existe pas)")
    store = EventStore(database)
    target = None
    if args.out:
        target = Path(args.out).expanduser()
        if target.exists():
            raise UsageError(f"{args.out} existe déjà : choisissez un autre nom (rien n'a été "
                             "écrit)")
    path = backups.take(store._db, backups.MANUAL, target)
    print(f"sauvegarde écrite : {path} ({_games(store)})")
    return 0


def check_backup(file: str) -> int:
    """The schema version of a backup the user gave; UsageError naming it otherwise."""
    path = Path(file).expanduser()
    try:
        return SqliteFile.examine(path, MIGRATIONS, application_id=APPLICATION_ID,
                                  legacy_tables=LEGACY_TABLES)
    except StorageError as exc:
        reason = next((text for kind, text in _REFUSED.items() if isinstance(exc, kind)),
                      str(exc))
        raise UsageError(f"{file} {reason}" if reason in _REFUSED.values()
                         else f"{file} : {reason}") from None


def cmd_restore(args: argparse.Namespace) -> int:
    if (args.db and is_url(args.db)) or (not args.db and is_url(default_location())):
        raise UsageError("une base PostgreSQL se restaure avec les outils de son exploitant "
                         "(pg_restore), ou par « companion db copy SAUVEGARDE.sqlite3 URL » "
                         "dans une base vide")
    database = _database(args)
    source = Path(args.file).expanduser()
    check_backup(args.file)
    if database.exists() and source.resolve() == database.resolve():
        raise UsageError(f"{args.file} est la base actuelle elle-même : rien à restaurer")
    # The copy that will be swapped in is made beside the live file and checked itself
    # (integrity, exact schema of its version): what is verified is what is restored, and a
    # refused copy leaves the live file as it was, byte for byte.
    incoming = database.with_name(database.name + ".restauration")
    SqliteFile(source, MIGRATIONS, application_id=APPLICATION_ID, open_now=False).backup_to(
        incoming)
    try:
        version = backupcheck.verify(incoming, args.file)
        try:
            restorecheck.check_rows(incoming)
        except UsageError as exc:
            raise UsageError(f"{args.file} : {exc} ; rien n'a été restauré, la base actuelle "
                             "n'a pas changé") from None
        dropped = restorecheck.drop_capabilities(incoming)
        _fsync(incoming)
        kept = safety_copy(database)
    except BaseException:
        incoming.unlink(missing_ok=True)
        raise
    aside = _set_aside(database)
    try:
        os.replace(incoming, database)  # atomic: the old file or the new one, never half
        _fsync_folder(database.parent)
        store = EventStore(database)  # migrated now if the backup is older (backed up first)
        games = _games(store)
    except (CompanionError, OSError, sqlite3.Error) as exc:
        _put_back(database, aside)
        copy = f" ; une copie de sécurité est dans {kept}" if kept else ""
        raise UsageError(f"{args.file} : restauration abandonnée ({_reason(exc)}) ; la base "
                         f"actuelle est revenue telle qu'elle était{copy}") from None
    finally:
        incoming.unlink(missing_ok=True)
    for moved in aside:
        moved.unlink(missing_ok=True)
    log.info("base %s restaurée depuis %s (schéma version %d)", database, source, version)
    where = f" ; l'ancienne base est gardée dans {kept}" if kept else ""
    links = (" ; les liens d'hôte, d'organisateur et de soirée de la sauvegarde ne marchent "
             "pas ici : « companion host CODE » et « companion organisateur » en donnent de "
             "nouveaux") if dropped else ""
    print(f"base restaurée depuis {args.file} ({games}){where}{links}")
    return 0


_ASIDE = ".ancienne"  # the live file's name while the restored copy is opened


def _set_aside(database: Path) -> list[Path]:
    """The live file (and its journal) renamed beside itself, as they are: what `_put_back`
    restores byte for byte. Its shared-memory index is dropped: it never meets the new file."""
    Path(f"{database}-shm").unlink(missing_ok=True)
    moved = []
    for path in (database, Path(f"{database}-wal")):
        if path.exists():
            target = path.with_name(path.name + _ASIDE)
            os.replace(path, target)
            moved.append(target)
    return moved


def _put_back(database: Path, aside: list[Path]) -> None:
    """The restored copy and its side files removed, the live file set aside back in place."""
    for suffix in ("", "-wal", "-shm"):
        Path(f"{database}{suffix}").unlink(missing_ok=True)
    for path in aside:
        os.replace(path, path.with_name(path.name.removesuffix(_ASIDE)))
    _fsync_folder(database.parent)


def _reason(exc: BaseException) -> str:
    return str(exc) if isinstance(exc, CompanionError) else type(exc).__name__


def _fsync(path: Path) -> None:
    """The copy's bytes on the disk before it replaces the live file (a power cut after the
    rename must not leave a file whose pages were never written)."""
    with path.open("rb+") as handle:
        os.fsync(handle.fileno())


def _fsync_folder(folder: Path) -> None:
    """The rename itself made durable (POSIX; Windows has no handle on a folder to sync)."""
    try:
        handle = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(handle)
    except OSError:
        pass
    finally:
        os.close(handle)


def register(subparsers: Any) -> None:
    backup = subparsers.add_parser(
        "backup", help="sauvegarde la base des parties (API de sauvegarde de SQLite)")
    backup.add_argument("--out", metavar="FICHIER",
                        help="fichier à écrire (défaut : dossier backups/ à côté de la base)")
    backup.add_argument("--db", metavar="BASE", help="base à sauvegarder (défaut : "
                        "$COMPANION_DB ou le dossier de données de l'utilisateur)")
    backup.add_argument("--json", action="store_true",
                        help="toutes les parties en JSON portable (toujours le cas pour une "
                        "base PostgreSQL ; --out obligatoire)")
    backup.set_defaults(handler=cmd_backup)

    restore = subparsers.add_parser(
        "restore", help="remplace la base des parties par une sauvegarde (arrêtez l'app "
                        "avant ; l'ancienne base est sauvegardée d'abord)")
    restore.add_argument("file", metavar="FICHIER", help="une sauvegarde (companion backup)")
    restore.add_argument("--db", metavar="BASE", help="base à remplacer (défaut : "
                         "$COMPANION_DB ou le dossier de données de l'utilisateur)")
    restore.set_defaults(handler=cmd_restore)


def safety_copy(database: Path) -> Path | None:
    """Before `companion restore` replaces a file: a backup through SQLite when the file is
    readable, else a byte-for-byte copy (a damaged file is kept as it was, never dropped)."""
    if not database.exists():
        return None
    target = backups.folder_of(database) / backups.backup_name(
        database, "avant-restauration", datetime.now(UTC))
    try:
        backups.take(SqliteFile(database, "", open_now=False), "avant-restauration", target)
        return target
    except StorageError:
        pass
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(database, target)
        for suffix in ("-wal",):
            side = Path(f"{database}{suffix}")
            if side.exists():
                shutil.copy2(side, Path(f"{target}{suffix}"))
    except OSError as exc:
        raise StorageError("impossible de garder une copie de la base actuelle avant de la "
                           f"remplacer ({exc.strerror}) : rien n'a été restauré") from None
    return target
