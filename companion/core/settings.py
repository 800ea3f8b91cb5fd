"""Every `COMPANION_*` variable, read and checked here and nowhere else, and the logging of the
app and the CLI.

`check()` runs when the CLI or `companion app` starts: a bad value ends in one French line
naming the variable (exit 2), never in a ValueError from deep inside the store. The accessors
read the environment at each call (the tests change it per test; a server never does).

| variable | what | default |
|---|---|---|
| COMPANION_DB | SQLite file or postgresql:// URL of the games | the user's data folder |
| COMPANION_DB_PASSWORD_FILE | file holding the PostgreSQL password (a container's secret) | - |
| COMPANION_BACKUP_HOURS | hours between two start-up backups (0: every start) | 24 |
| COMPANION_BACKUP_KEEP | automatic backups kept (at least 1) | 10 |
| COMPANION_PUBLIC_URL | address the QR codes carry (http:// or https://) | the LAN address |
| COMPANION_CACHE_DIR | the kit's and the data's caches (may be deleted) | user's cache folder |
| COMPANION_DATA_DIR | another folder of data/<game>.yaml files | the installed ones |
| COMPANION_MAX_SESSIONS | devices one app server admits (tableapp/capacity.py) | 500 |
| COMPANION_PUSH | 0: screens poll the game instead of being woken (tableapp/live/live.py) | 1 |
| COMPANION_TRUSTED_PROXIES | proxies whose X-Forwarded-For is believed (IPs, networks) | none |
| COMPANION_HEAD_SECONDS | seconds a connection has to send its request's head | 10 |
| COMPANION_FIRST_WORD_SECONDS | seconds a new websocket has to send its first message | 15 |

Folders follow each system's conventions (platformdirs): ~/.local/share and ~/.cache (or
$XDG_DATA_HOME, $XDG_CACHE_HOME) on Linux, ~/Library/Application Support and ~/Library/Caches
on macOS, %LOCALAPPDATA% on Windows.
"""

from __future__ import annotations

import ipaddress
import logging
import math
import os
import sys
from pathlib import Path
from urllib.parse import urlsplit

from companion.core.errors import UsageError
from companion.core.inert import InertFormatter

APP = "compagnon-de-table"
NAMES = ("COMPANION_DB", "COMPANION_DB_PASSWORD_FILE", "COMPANION_BACKUP_HOURS",
         "COMPANION_BACKUP_KEEP", "COMPANION_PUBLIC_URL", "COMPANION_CACHE_DIR",
         "COMPANION_DATA_DIR", "COMPANION_MAX_SESSIONS", "COMPANION_PUSH",
         "COMPANION_TRUSTED_PROXIES", "COMPANION_HEAD_SECONDS", "COMPANION_FIRST_WORD_SECONDS")
MAX_SESSIONS = 500  # benchmarks/phones.py: 500 phones over 100 games hold on one process
# A stranger's half-open request or silent websocket holds a descriptor until these pass
# (registre TAB-11); a browser sends both at once. Slow networks may want more, tests less.
HEAD_SECONDS = 10.0
FIRST_WORD_SECONDS = 15.0
DEADLINE_RANGE = (1.0, 300.0)
PG_SCHEMES = ("postgresql://", "postgres://")
MAX_PASSWORD_BYTES = 1024  # a password file is one line; a larger file is not one
LOG_FORMAT = "%(asctime)s %(levelname)s %(name)s : %(message)s"


class SettingError(UsageError):
    """A COMPANION_* variable with a value the product cannot use."""


def _raw(name: str) -> str:
    return os.environ.get(name, "").strip()


def _bad(name: str, value: str, expected: str) -> SettingError:
    shown = value if len(value) <= 60 else value[:57] + "…"
    return SettingError(f"variable d'environnement {name}={shown!r} : {expected}")


# --- where things live --------------------------------------------------------------------


def database() -> str:
    """COMPANION_DB as given ("" when unset)."""
    return _raw("COMPANION_DB")


def database_url() -> str | None:
    value = database()
    return value if value.startswith(PG_SCHEMES) else None


def database_password() -> str | None:
    """The PostgreSQL password read from COMPANION_DB_PASSWORD_FILE (the `*_FILE` convention
    of containers' secrets: the password never sits in a variable that `docker inspect`
    shows), without its final line break; None when the variable is unset."""
    value = _raw("COMPANION_DB_PASSWORD_FILE")
    if not value:
        return None
    path = Path(value).expanduser()
    try:
        with path.open("rb") as file:
            data = file.read(MAX_PASSWORD_BYTES + 1)
    except OSError as exc:
        raise _bad("COMPANION_DB_PASSWORD_FILE", value, "ce fichier ne se lit pas "
                   f"({exc.strerror or 'erreur de lecture'})") from None
    text = data.decode("utf-8", "replace").rstrip("\r\n")
    if len(data) > MAX_PASSWORD_BYTES or not text or "\n" in text:
        raise _bad("COMPANION_DB_PASSWORD_FILE", value, "une seule ligne, le mot de passe, "
                   "est attendue dans ce fichier")
    return text


def data_folder() -> Path:
    """The user's data folder for this product (games, place cards, backups)."""
    import platformdirs  # (imported when needed: most commands never ask)

    return Path(platformdirs.user_data_dir(APP, appauthor=False, roaming=False))


def default_database_file() -> Path:
    """The SQLite file of the games: COMPANION_DB when it is a file, else the data folder's
    (a PostgreSQL URL keeps local files such as Emblèmes' place cards in the data folder)."""
    value = database()
    if value and not value.startswith(PG_SCHEMES):
        return Path(value).expanduser()
    return data_folder() / "games.sqlite3"


def cache_folder() -> Path:
    value = _raw("COMPANION_CACHE_DIR")
    if value:
        return Path(value).expanduser()
    import platformdirs

    return Path(platformdirs.user_cache_dir(APP, appauthor=False))


def data_dir_override() -> Path | None:
    value = _raw("COMPANION_DATA_DIR")
    return Path(value).expanduser() if value else None


def public_url() -> str | None:
    """COMPANION_PUBLIC_URL without its trailing slash; None when unset."""
    value = _raw("COMPANION_PUBLIC_URL")
    if not value:
        return None
    parts = urlsplit(value)
    if parts.scheme not in ("http", "https") or not parts.netloc or " " in value:
        raise _bad("COMPANION_PUBLIC_URL", value, "une adresse http:// ou https:// est "
                   "attendue, par exemple http://192.168.1.20:8501")
    return value.rstrip("/")


# --- backups --------------------------------------------------------------------------------


def backup_hours() -> float:
    value = _raw("COMPANION_BACKUP_HOURS") or "24"
    try:
        hours = float(value.replace(",", "."))
    except ValueError:
        hours = math.nan
    if not math.isfinite(hours) or hours < 0:
        raise _bad("COMPANION_BACKUP_HOURS", value, "un nombre d'heures positif est attendu "
                   "(par exemple 24 ; 0 : une sauvegarde à chaque démarrage)")
    return hours


def backup_keep() -> int:
    value = _raw("COMPANION_BACKUP_KEEP") or "10"
    if not value.isdigit() or int(value) < 1:
        raise _bad("COMPANION_BACKUP_KEEP", value, "un nombre entier de sauvegardes d'au "
                   "moins 1 est attendu (par exemple 10)")
    return int(value)


# --- the app server ---------------------------------------------------------------------


def max_sessions() -> int:
    """COMPANION_MAX_SESSIONS: the devices one app server process admits (at least 1)."""
    value = _raw("COMPANION_MAX_SESSIONS") or str(MAX_SESSIONS)
    if not value.isdigit() or int(value) < 1:
        raise _bad("COMPANION_MAX_SESSIONS", value, "un nombre entier d'appareils d'au moins 1 "
                   f"est attendu (par exemple {MAX_SESSIONS})")
    return int(value)


def push() -> bool:
    """COMPANION_PUSH: 1 (default) screens are woken when their game moves; 0 they poll."""
    value = _raw("COMPANION_PUSH") or "1"
    if value not in ("0", "1"):
        raise _bad("COMPANION_PUSH", value, "0 ou 1 est attendu")
    return value == "1"


def _deadline(name: str, default: float) -> float:
    value = _raw(name) or f"{default:g}"
    try:
        seconds = float(value.replace(",", "."))
    except ValueError:
        seconds = math.nan
    low, high = DEADLINE_RANGE
    if not math.isfinite(seconds) or not low <= seconds <= high:
        raise _bad(name, value, f"un nombre de secondes de {low:g} à {high:g} est attendu "
                   f"(par exemple {default:g})")
    return seconds


def head_seconds() -> float:
    """COMPANION_HEAD_SECONDS: how long a connection may take to send its request line and
    headers before the server closes it (tableapp/serving/connections.py)."""
    return _deadline("COMPANION_HEAD_SECONDS", HEAD_SECONDS)


def first_word_seconds() -> float:
    """COMPANION_FIRST_WORD_SECONDS: how long a websocket may stay silent after it opened
    before the server closes it (tableapp/serving/silence.py)."""
    return _deadline("COMPANION_FIRST_WORD_SECONDS", FIRST_WORD_SECONDS)


def trusted_proxies() -> tuple[str, ...]:
    """COMPANION_TRUSTED_PROXIES: the proxies in front of the app server whose forwarded
    headers (X-Forwarded-For, X-Forwarded-Proto) it believes, as IP addresses or networks
    (`192.168.1.2, 10.0.0.0/8`); none by default, so a visitor cannot pass for another address
    by writing these headers (registre TAB-10). « * » (everyone) is refused for that reason."""
    value = _raw("COMPANION_TRUSTED_PROXIES")
    found: list[str] = []
    for item in (part.strip() for part in value.split(",")):
        if not item:
            continue
        try:
            found.append(str(ipaddress.ip_network(item, strict=False) if "/" in item
                             else ipaddress.ip_address(item)))
        except ValueError:
            raise _bad("COMPANION_TRUSTED_PROXIES", value, "des adresses IP ou des réseaux "
                       "séparés par des virgules sont attendus, par exemple 192.168.1.2 ou "
                       "10.0.0.0/8 (vide : aucun proxy)") from None
    return tuple(found)


# --- at start -------------------------------------------------------------------------------


def check() -> None:
    """Every variable read once and checked; the first bad one raises SettingError."""
    value = database()
    if value and not value.startswith(PG_SCHEMES):
        if "://" in value:
            raise _bad("COMPANION_DB", value, "un chemin de fichier SQLite ou une adresse "
                       "postgresql://… est attendu")
        if Path(value).expanduser().is_dir():
            raise _bad("COMPANION_DB", value, "c'est un dossier : donnez le chemin d'un "
                       "fichier, par exemple parties.sqlite3")
    database_password()
    backup_hours()
    backup_keep()
    public_url()
    max_sessions()
    push()
    trusted_proxies()
    head_seconds()
    first_word_seconds()
    folder = data_dir_override()
    if folder is not None and not folder.is_dir():
        raise _bad("COMPANION_DATA_DIR", str(folder), "ce dossier n'existe pas")
    cache = _raw("COMPANION_CACHE_DIR")
    if cache and Path(cache).expanduser().is_file():
        raise _bad("COMPANION_CACHE_DIR", cache, "c'est un fichier, un dossier est attendu")


def configure_logging(level: int = logging.INFO) -> None:
    """The product's log lines (`companion.*`: storage faults, backups, migrations, the app's
    start) on standard error with their time and level. Called by `companion app` and by
    `companion --verbose`; several calls add one handler only."""
    logger = logging.getLogger("companion")
    logger.setLevel(level)
    if not any(getattr(handler, "_companion", False) for handler in logger.handlers):
        handler = logging.StreamHandler(sys.stderr)
        # a path, a code or a name quoted in a line reaches the terminal without its controls
        handler.setFormatter(InertFormatter(LOG_FORMAT, datefmt="%Y-%m-%d %H:%M:%S"))
        handler._companion = True  # type: ignore[attr-defined]
        logger.addHandler(handler)
