"""`companion db migrate | check | copy SOURCE TARGET` (issue 17): bring a database to the
current schema, check it, or move a club from SQLite to PostgreSQL and back
(companion/events/dbtools.py).
A database is a SQLite file path or a PostgreSQL URL (postgresql://...), as COMPANION_DB."""

from __future__ import annotations

import argparse
from typing import Any

from companion.core.errors import UsageError
from companion.core.text import agreed, counted
from companion.events import dbtools
from companion.events.store import EventStore, default_location
from companion.storage.database import as_location
from companion.storage.pgfile import is_url


def _open(location: str | None, *, must_exist: bool = True) -> EventStore:
    where = as_location(location) if location else default_location()
    if must_exist and not is_url(where) and not where.exists():  # type: ignore[union-attr]
        raise UsageError(f"aucune base de données à {where} (rien n'a été écrit)")
    return EventStore(where)


def cmd_migrate(args: argparse.Namespace) -> int:
    store = _open(args.db, must_exist=False)
    version = store._db.latest
    print(f"base à jour : schéma version {version} "
          f"({counted(len(dbtools._all_codes(store)), 'partie')})")
    return 0


def cmd_check(args: argparse.Namespace) -> int:
    report = dbtools.check(_open(args.db))
    for problem in report.problems:
        print(f"problème : {problem}")
    print(f"{counted(report.games, 'partie')}, {counted(report.replayed, 'rejouée')} ; "
          f"{counted(len(report.problems), 'problème')}")
    return 1 if report.problems else 0


def cmd_copy(args: argparse.Namespace) -> int:
    if args.source == args.target:
        raise UsageError("la source et la cible sont la même base (rien n'a été copié)")
    source = _open(args.source)
    target = _open(args.target, must_exist=False)
    count = dbtools.copy(source, target)
    checked = agreed(count, "copiée et vérifiée", "copiées et vérifiées")
    print(f"{counted(count, 'partie')} {checked} une à une "
          "(même journal, même état rejoué)")
    return 0


def register(subparsers: Any) -> None:
    db = subparsers.add_parser("db", help="base des parties : mise à jour du schéma, "
                               "vérification, copie SQLite <-> PostgreSQL")
    sub = db.add_subparsers(dest="db_command", required=True)
    where = ("base (chemin d'un fichier SQLite ou URL postgresql://… ; défaut : $COMPANION_DB "
             "ou le dossier de données de l'utilisateur)")
    migrate = sub.add_parser("migrate", help="met la base au schéma de cette version")
    migrate.add_argument("--db", metavar="BASE", help=where)
    migrate.set_defaults(handler=cmd_migrate)
    check = sub.add_parser("check", help="intégrité, lignes orphelines, parties qui ne se "
                           "rejouent plus (code de sortie 1 si un problème est trouvé)")
    check.add_argument("--db", metavar="BASE", help=where)
    check.set_defaults(handler=cmd_check)
    copy = sub.add_parser("copy", help="copie toutes les parties dans une base vide, puis "
                          "vérifie chaque partie")
    copy.add_argument("source", metavar="SOURCE", help="base à copier (fichier ou URL)")
    copy.add_argument("target", metavar="CIBLE", help="base vide à remplir (fichier ou URL)")
    copy.set_defaults(handler=cmd_copy)
