"""`companion app` (also `python -m companion app`): the table assistant served by Streamlit with
the project's settings, from a checkout or an installed package alike.

The settings are `.streamlit/config.toml`'s (French errors off, no usage statistics, the theme
following the device…), passed as command-line flags so they hold whatever the current folder
is, plus those of a server: headless, no file watcher. The terminal shows the address the
phones open, as text and as a QR code. Streamlit is imported only here, and only when the
command runs: the CLI and the print kit install and start without it (extra `[app]`)."""

from __future__ import annotations

import argparse
import logging
import os
import sys
import tomllib
from pathlib import Path
from typing import Any

from companion.core import settings
from companion.core.errors import UsageError
from companion.events.store import default_location
from companion.hosting.network import is_loopback, served_url
from companion.storage.database import as_location

log = logging.getLogger("companion.app")

_HERE = Path(__file__).resolve().parent.parent  # the tableapp package (this file is in process/)
# A wheel carries the router and the settings inside this package (pyproject › force-include);
# a checkout has them at its root. The router sits alone in its folder: Streamlit puts that
# folder on sys.path, where tableapp's own modules must not appear as top-level names.
_SCRIPTS = (_HERE / "_entry" / "streamlit_app.py", _HERE.parent / "streamlit_app.py")
_CONFIGS = (_HERE / "_entry" / "config.toml", _HERE.parent / ".streamlit" / "config.toml")
# What a server needs beyond the project's settings (these win over the file's).
SERVER_FLAGS = {
    "server.headless": True,
    "server.fileWatcherType": "none",  # it costs every screen's runs ~27 % (issue 23)
    "server.runOnSave": False,
    "server.disconnectedSessionTTL": 30,  # a phone gone away frees its session after 30 s
    "browser.gatherUsageStats": False,
    "client.showErrorDetails": "none",
    "logger.hideWelcomeMessage": True,  # Streamlit's English « You can now view… »
    "logger.level": "warning",  # Streamlit's own start-up lines (English); ours say it
}
EVERY_INTERFACE = "0.0.0.0"
LOCAL = "127.0.0.1"
# The package is on no index (README › Installing): the extra is installed from the checkout
NO_STREAMLIT = ("l'assistant de table a besoin de Streamlit, absent de cette installation : "
                "réinstallez le Compagnon de table avec son extra [app], depuis son dossier : "
                "pipx install '.[app]' (ou pip install '.[app]' dans son environnement)")


def _first(candidates: tuple[Path, ...], what: str) -> Path:
    for candidate in candidates:
        if candidate.is_file():
            return candidate
    raise UsageError(f"{what} introuvable : installation incomplète du Compagnon de table")


def script_path() -> Path:
    return _first(_SCRIPTS, "le programme de l'assistant (streamlit_app.py)")


def streamlit_flags(port: int, address: str) -> list[str]:
    """`--section.option value` for every option of the project's config.toml, the server's
    own and the address; one flag per option, the last word wins."""
    options: dict[str, Any] = {}
    with _first(_CONFIGS, "les réglages de l'assistant (config.toml)").open("rb") as handle:
        for section, values in tomllib.load(handle).items():
            for key, value in values.items():
                options[f"{section}.{key}"] = value
    options |= SERVER_FLAGS | {"server.port": port, "server.address": address}
    flags: list[str] = []
    for name, value in options.items():
        text = ("true" if value else "false") if isinstance(value, bool) else str(value)
        flags += [f"--{name}", text]
    return flags


def trust_declared_proxies() -> None:
    """Streamlit's server (uvicorn) believes a request's X-Forwarded-For and -Proto only from
    the proxies the organiser declared (COMPANION_TRUSTED_PROXIES; none by default), where
    its own default believes any process of this machine (registre TAB-10). Before the
    server starts: uvicorn reads it when it is configured."""
    os.environ["FORWARDED_ALLOW_IPS"] = ",".join(settings.trusted_proxies())


def qr_text(url: str) -> str | None:
    """The address as a QR code drawn with block characters; None when the console cannot
    show them (PYTHONIOENCODING=ascii, an old Windows code page)."""
    import io

    import qrcode

    code = qrcode.QRCode(border=2)
    code.add_data(url)
    out = io.StringIO()
    code.print_ascii(out=out, invert=True)
    text = out.getvalue()
    encoding = getattr(sys.stdout, "encoding", None) or "ascii"
    try:
        text.encode(encoding)
    except (UnicodeEncodeError, LookupError):
        return None
    return text


def announce(url: str, address: str, database: str) -> None:
    """The lines the organiser reads in the terminal at start."""
    print("Compagnon de table : l'assistant de table démarre.")
    if is_loopback(address):
        print(f"Ouvrez {url} dans un navigateur de cet ordinateur (--local : les autres "
              "appareils ne peuvent pas l'ouvrir).")
    else:
        print(f"Ouvrez {url} sur la tablette et les téléphones (même réseau Wi-Fi) :")
    qr = qr_text(url)
    if qr:
        print(qr, end="")
    print(f"Parties enregistrées dans : {database}")
    print("Arrêt : Ctrl+C.", flush=True)


def cmd_app(args: argparse.Namespace) -> int:
    if not 1 <= args.port <= 65535:
        raise UsageError(f"--port {args.port} : un numéro de port entre 1 et 65535 est attendu")
    address = LOCAL if args.local else (args.address or EVERY_INTERFACE)
    if args.db:
        location = as_location(args.db)
        os.environ["COMPANION_DB"] = str(location if isinstance(location, str)
                                         else location.resolve())
    settings.check()
    trust_declared_proxies()
    script = script_path()
    flags = streamlit_flags(args.port, address)
    try:
        from streamlit.web import cli as streamlit_cli
    except ImportError:
        raise UsageError(NO_STREAMLIT) from None
    settings.configure_logging(logging.DEBUG if args.verbose else logging.INFO)
    from tableapp.process import perprocess
    from tableapp.serving import firstload, guard, internals, keepcaches

    internals.warn_missing()  # a Streamlit outside the lock: what switches off, said once
    log.debug("premier chargement : %s", ", ".join(sorted(firstload.install())) or "tel quel")
    keepcaches.install()  # a browser's « Clear cache » empties nothing (registre TAB-10)
    # slow clients, uploads and silent websockets bounded per visitor (registre TAB-11)
    log.debug("garde : %s", ", ".join(sorted(guard.install())) or "aucune")
    database = settings.database_url() or str(settings.default_database_file())
    url = served_url(args.port, address)  # the pages make their links from the same
    announce(url, address, database.split("@")[-1] if settings.database_url() else database)
    # once, from the address served: never a visitor's (the pages find it done)
    perprocess.announce_organiser(str(default_location()), lambda: url)
    log.info("assistant de table sur %s:%d (%s), base %s", address, args.port, url,
             "PostgreSQL" if settings.database_url() else database)
    streamlit_cli.main(["run", str(script), *flags], prog_name="streamlit")
    return 0


def register(subparsers: Any) -> None:
    app = subparsers.add_parser(
        "app", help="lance l'assistant de table (Streamlit) et affiche son adresse et un "
                    "QR code pour les téléphones")
    app.add_argument("--port", type=int, default=8501, help="port d'écoute (défaut : 8501)")
    where = app.add_mutually_exclusive_group()
    where.add_argument("--address", metavar="ADRESSE",
                       help="interface d'écoute (défaut : toutes, pour les téléphones du "
                            "réseau)")
    where.add_argument("--local", action="store_true",
                       help="cet ordinateur seulement (127.0.0.1)")
    app.add_argument("--db", metavar="BASE", help="fichier SQLite ou URL postgresql://… des "
                     "parties (défaut : $COMPANION_DB ou le dossier de données de "
                     "l'utilisateur)")
    app.set_defaults(handler=cmd_app)
