"""What `companion restore` accepts: a file whose every table, column, index, trigger and view is
exactly what the migrations (companion/storage/migrations.py) create for its version, nothing more
or
less, and that passes SQLite's full `integrity_check`. A restored file is trusted by the app
(its triggers run on every write, its grants hand out rights), so a copy with an extra trigger,
a dropped one (the append-only guarantee), a table turned into a view or no tables at all is
refused with one French sentence saying why, before anything is replaced.

The reference is built by running the migrations into an in-memory database and reading its
`sqlite_master`; both sides are compared after the same normalisation of their SQL text
(whitespace, comments), so a file made by the migrations on any machine compares equal."""

from __future__ import annotations

import re
import sqlite3
from contextlib import closing
from pathlib import Path

from companion.core.errors import UsageError
from companion.storage.migrations import MIGRATIONS
from companion.storage.sqlitefile import Migration

# (type, name) -> (table it belongs to, normalised SQL or None for SQLite's own indexes)
Schema = dict[tuple[str, str], tuple[str, str | None]]

_THE = {"table": "celle", "index": "celui", "trigger": "celui", "view": "celle"}
_DEF = {"table": "la table", "index": "l'index", "trigger": "le déclencheur", "view": "la vue"}
_RANK = {"table": 0, "view": 1, "trigger": 2, "index": 3}  # the most telling difference first
_A_KIND = {"table": "une table", "index": "un index", "trigger": "un déclencheur",
           "view": "une vue"}
_COMMENT = re.compile(r"--[^\n]*|/\*.*?\*/", re.S)
_SPACE = re.compile(r"\s+")
_AROUND = re.compile(r"\s*([(),;])\s*")
# v0 stores of ours (written before versions existed) may also hold the rights table that
# companion/hosting/access.py created before it became migration 3 (migrations.LEGACY_TABLES).
_V0_OPTIONAL = ("grants", "grants_by_code")


def normalise(sql: str | None) -> str | None:
    """SQL text compared without its comments and layout (the same statement written with
    other line breaks or spaces is the same object)."""
    if sql is None:
        return None
    text = _SPACE.sub(" ", _COMMENT.sub(" ", sql)).strip()
    return _AROUND.sub(r"\1", text)


def schema_of(db: sqlite3.Connection) -> Schema:
    rows = db.execute("SELECT type, name, tbl_name, sql FROM sqlite_master").fetchall()
    return {(kind, name): (table, normalise(sql)) for kind, name, table, sql in rows}


def reference(version: int, migrations: list[Migration] | None = None) -> Schema:
    """What the migrations create for `version` (0: the unversioned store, i.e. version 1's
    tables), read back from an in-memory database."""
    steps = (migrations or MIGRATIONS)[:max(version, 1)]
    with closing(sqlite3.connect(":memory:", isolation_level=None)) as db:
        for step in steps:
            step.run(db)
        return schema_of(db)


def _v0_extras() -> Schema:
    later = reference(3)
    return {key: value for key, value in later.items() if key[1] in _V0_OPTIONAL}


def difference(found: Schema, expected: Schema, version: int) -> str | None:
    """The first way `found` differs from `expected`, as the end of a French sentence; None
    when they are the same."""
    if not any(kind == "table" for kind, _name in found):
        return "ne contient aucune table : ce n'est pas une sauvegarde du Compagnon de table"
    kinds_found = {name: kind for kind, name in found}
    where = f"le schéma version {version}"
    for (kind, name), value in sorted(expected.items(), key=lambda i: (_RANK[i[0][0]], i[0])):
        if (kind, name) in found:
            if found[(kind, name)] != value:
                return (f"a {_A_KIND[kind]} « {name} » qui diffère de {_THE[kind]} que crée "
                        f"{where}")
        elif name in kinds_found:
            return (f"fait de « {name} » {_A_KIND[kinds_found[name]]} au lieu "
                    f"d'{_A_KIND[kind]} ({where})")
        else:
            return f"n'a pas {_DEF[kind]} « {name} » que crée {where} (retiré de la copie)"
    for kind, name in sorted(found, key=lambda key: (_RANK.get(key[0], 9), key)):
        if (kind, name) not in expected:
            return (f"contient {_A_KIND[kind]} « {name} » que {where} ne crée pas (ajouté à "
                    "la copie)")
    return None


def verify(path: Path, shown: str) -> int:
    """The schema version of the copy at `path` after the full check; UsageError naming the
    file as the user gave it (`shown`) and why it is refused otherwise."""
    try:
        with closing(sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True,
                                     isolation_level=None)) as db:
            check = db.execute("PRAGMA integrity_check").fetchall()
            (version,) = db.execute("PRAGMA user_version").fetchone()
            found = schema_of(db)
    except sqlite3.Error:
        check, version, found = [("erreur",)], 0, {}
    if check != [("ok",)]:
        raise UsageError(f"{shown} est abîmé (contrôle d'intégrité de SQLite) : choisissez une "
                         "autre sauvegarde ; rien n'a été restauré")
    expected = reference(version)
    if version == 0:  # the legacy rights table is optional, but exact when present
        extras = _v0_extras()
        expected |= {key: value for key, value in extras.items() if key in found}
    why = difference(found, expected, version)
    if why is not None:
        raise UsageError(f"{shown} {why} : rien n'a été restauré")
    return int(version)
