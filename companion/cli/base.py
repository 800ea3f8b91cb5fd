"""The `companion` command. Shared subcommands live here; each game adds its own from
`companion/games/<game>/cli.py` (a `register(subparsers)` function), and the print kit from
`print_kit/cli.py`. Errors end with exit 2 and one line, never a traceback."""

from __future__ import annotations

import argparse
import importlib
import io
import logging
import os
import re
import sys
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any, NoReturn

from companion.core import settings
from companion.core.errors import CompanionError, UsageError
from companion.core.inert import InertStream, json_text
from companion.core.loader import load_game
from companion.core.model import KINDS, total_copies
from companion.core.registry import GAMES, PLAYABLE, SHEETS, game_info
from companion.core.safejson import MAX_BYTES, loads
from companion.core.text import csv_text

Handler = Callable[[argparse.Namespace], int]


# argparse's own messages, in the French the rest of the CLI speaks
_ARGPARSE_FR = [
    (r"the following arguments are required: (.*)", r"il manque : \1"),
    (r"argument (\S+): invalid (\w+) value: (.*)", r"\1 : valeur invalide \3"),
    (r"argument (\S+): invalid choice: (.*?) \(choose from (.*)\)",
     r"\1 : choix invalide \2 (possibles : \3)"),
    (r"argument (\S+): expected one argument", r"\1 : une valeur est attendue"),
    (r"unrecognized arguments: (.*)", r"arguments inconnus : \1"),
    (r"ambiguous option: (.*)", r"option ambiguë : \1"),
]


def french(message: str) -> str:
    for pattern, replacement in _ARGPARSE_FR:
        translated, count = re.subn(pattern, replacement, message)
        if count:
            return translated
    return message


class OneLineParser(argparse.ArgumentParser):
    """argparse prints usage plus the error; a user gets one clear line, in French."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        wants_help = kwargs.pop("add_help", True)
        super().__init__(*args, add_help=False, **kwargs)
        self._positionals.title = "arguments"
        self._optionals.title = "options"
        if wants_help:
            self.add_argument("-h", "--help", action="help", help="affiche cette aide")

    def error(self, message: str) -> NoReturn:
        for action in self._actions:  # a missing subcommand: its choices, not its dest
            if isinstance(action, argparse._SubParsersAction) and action.metavar is None:
                message = message.replace(str(action.dest), "{" + ",".join(action.choices) + "}")
        self.exit(2, f"{self.prog} : erreur : {french(message)}\n")


def emit(data: Any) -> None:
    """Print JSON the same way for every command (UTF-8, readable; the controls a terminal
    would obey written as \\uXXXX, companion/core/inert.py)."""
    print(json_text(data, indent=2))


def read_input(path: str) -> bytes:
    """The file a command was given (`-`: standard input), at most MAX_BYTES (`/dev/zero` never
    ends), or one clear French UsageError (the system's own messages are English)."""
    if path == "-":
        return _bounded(sys.stdin.buffer.read(MAX_BYTES + 1), "l'entrée standard")
    try:
        with Path(path).open("rb") as stream:
            return _bounded(stream.read(MAX_BYTES + 1), path)
    except FileNotFoundError:
        reason = "fichier introuvable"
    except IsADirectoryError:
        reason = "c'est un dossier, pas un fichier"
    except PermissionError:
        reason = "lecture refusée (droits du fichier)"
    except OSError as exc:
        reason = f"erreur système {exc.errno}"
    raise UsageError(f"impossible de lire {path} : {reason}")


def _bounded(data: bytes, what: str) -> bytes:
    if len(data) > MAX_BYTES:
        raise UsageError(f"impossible de lire {what} : plus de {MAX_BYTES // 2**20} Mo, ce n'est "
                         "pas un fichier du Compagnon")
    return data


def read_json(path: str) -> Any:
    """A JSON file a command was given, parsed; UsageError naming the file and the line (deep
    nesting, huge numbers, NaN and non-UTF-8 text included: companion.core.safejson)."""
    data = read_input(path)
    try:
        data.decode("utf-8")
    except UnicodeDecodeError:
        raise UsageError(f"impossible de lire {path} : ce n'est pas un texte UTF-8 "
                         "(JSON attendu)") from None
    return loads(data, path)


# --- companion games / cards --------------------------------------------------------------


def cmd_games(args: argparse.Namespace) -> int:
    rows = []
    for game, info in GAMES.items():
        data = load_game(game)
        components = data.components()
        rows.append({"id": game, "title": info.title,
                     "players": f"{data.players.min}-{data.players.max}",
                     "cards": total_copies(components, "card"),
                     "levels": data.levels()})
    for game, info in SHEETS.items():  # no data: a score sheet for a game the table names
        low, high = info.players
        rows.append({"id": game, "title": info.title, "players": f"{low}-{high}",
                     "cards": 0, "levels": []})
    if args.format == "json":
        emit(rows)
    else:
        for row in rows:
            levels = f", niveaux {row['levels']}" if row["levels"] else ""
            material = f"{row['cards']} cartes" if row["cards"] else "feuille de scores"
            print(f"{row['id']:<10} {row['title']} — {row['players']} joueurs, "
                  f"{material}{levels}")
    return 0


def component_rows(game: str, level: int | None, players: int | None) -> list[dict[str, Any]]:
    data = load_game(game)
    if level is not None and level not in data.levels():
        valid = ", ".join(map(str, data.levels())) or "aucun (ce jeu n'a pas de niveaux)"
        raise UsageError(f"niveau {level} inconnu pour {game} ; niveaux valides : {valid}")
    if players is not None and not data.players.min <= players <= data.players.max:
        raise UsageError(f"{game} se joue de {data.players.min} à {data.players.max} joueurs "
                         f"(reçu {players})")
    return [c.as_row() for c in data.components(level=level, players=players)]


def cmd_cards(args: argparse.Namespace) -> int:
    game_info(args.game)
    rows = component_rows(args.game, args.level, args.players)
    if args.format == "json":
        emit(rows)
        return 0
    if args.format == "csv":
        sys.stdout.write(csv_text(rows, _cell))
        return 0
    width = max(len(r["id"]) for r in rows)
    for row in rows:
        extra = {k: v for k, v in row.items()
                 if k not in ("id", "name", "kind", "copies", "group") and v not in (None, "")}
        details = " ".join(f"{k}={_cell(v)}" for k, v in extra.items())
        print(f"{row['id']:<{width}}  ×{row['copies']:<3} {row['kind']:<5} {row['name']}"
              f"  {details}")
    for kind in KINDS:
        count = sum(r["copies"] for r in rows if r["kind"] == kind)
        if count:
            print(f"total {kind} : {count}")
    return 0


def _cell(value: Any) -> str:
    if isinstance(value, list):
        return " | ".join(map(str, value))
    return "" if value is None else str(value)


# --- wiring ---------------------------------------------------------------------------------


def build_parser(command: str | None = None,
                 extensions: Mapping[str, Callable[[], Any]] | None = None,
                 ) -> argparse.ArgumentParser:
    """The whole command line; given `command` (the word a user typed first), only the
    subcommands that word needs are imported: `companion print` skips the stores, engines and
    labs it never uses (a third of its start-up). `extensions`: command word -> a loader of
    the module of a floor above (print kit, app) that registers it; the `companion` command
    passes them (tableapp.console), the domain never names them."""
    parser = OneLineParser(prog="companion",
                           description="Compagnon de table : cinq jeux de cartes.")
    parser.add_argument("--version", action=VersionAction,
                        help="version, licence et crédits (LICENSE, NOTICE)")
    parser.add_argument("-v", "--verbose", action="store_true",
                        help="journal détaillé (heure, niveau) sur la sortie d'erreur")
    sub = parser.add_subparsers(dest="command", metavar="commande", required=True,
                                parser_class=OneLineParser)

    games = sub.add_parser("games", help="les cinq jeux et leurs totaux")
    games.add_argument("--format", choices=["table", "json"], default="table")
    games.set_defaults(handler=cmd_games)

    cards = sub.add_parser("cards", help="chaque élément d'un jeu, ses exemplaires et un total")
    cards.add_argument("game", metavar="GAME", help=f"un jeu parmi : {', '.join(GAMES)}")
    cards.add_argument("--level", type=int)
    cards.add_argument("--players", type=int)
    cards.add_argument("--format", choices=["table", "json", "csv"], default="table")
    cards.set_defaults(handler=cmd_cards)

    for module in _extension_modules(command, extensions or {}):
        module.register(sub)
    return parser


def _extension_modules(command: str | None,
                       extensions: Mapping[str, Callable[[], Any]]) -> list[Any]:
    """The modules that register subcommands: the domain's own, each game's (its GameInfo.cli:
    a missing one is an error, never skipped), then the floors above that were passed in; a
    command of those needs its module alone."""
    if command in extensions:
        return [extensions[command]()]
    names = ["companion.cli.replay", "companion.cli.backup", "companion.cli.access",
             "companion.cli.db"] + [
        str(info.cli) for info in PLAYABLE.values() if info.cli] + [
        "companion.stats.cli", "companion.lab.cli"]
    return [importlib.import_module(name) for name in names] + [
        load() for load in extensions.values()]


INTERNAL = "erreur interne"


def tolerant_console() -> None:
    """A console that cannot show a character (PYTHONIOENCODING=ascii, an old Windows code
    page, output piped to a file in the locale's encoding) shows « ? » in its place: the
    French text and the paths with accents never end in a UnicodeEncodeError."""
    for stream in (sys.stdout, sys.stderr):
        try:
            if getattr(stream, "errors", "strict") == "strict":
                stream.reconfigure(errors="replace")  # type: ignore[union-attr]
        except (AttributeError, ValueError, io.UnsupportedOperation):
            pass


def main(argv: Sequence[str] | None = None,
         extensions: Mapping[str, Callable[[], Any]] | None = None) -> int:
    """The domain's commands; tableapp.console.main is the `companion` command, all floors'.
    Whatever a command prints goes through InertStream: a name typed with an ESC sequence
    or a bidi override reaches the terminal as text (companion/core/inert.py)."""
    tolerant_console()
    streams = sys.stdout, sys.stderr
    sys.stdout, sys.stderr = InertStream(sys.stdout), InertStream(sys.stderr)
    try:
        return _main(argv, extensions)
    finally:
        sys.stdout, sys.stderr = streams


def _main(argv: Sequence[str] | None,
          extensions: Mapping[str, Callable[[], Any]] | None) -> int:
    # a storage fault is one French line here; its technical detail is for a server's log
    logging.getLogger("companion").addHandler(logging.NullHandler())
    words = list(sys.argv[1:] if argv is None else argv)
    command = next((word for word in words if not word.startswith("-")), None)
    parser = build_parser(command, extensions)
    args = parser.parse_args(words)
    if args.verbose:
        settings.configure_logging(logging.INFO)
    try:
        settings.check()  # every COMPANION_* variable, once, before any work
        return int(args.handler(args))
    except CompanionError as exc:
        print(f"companion : erreur : {_one_line(str(exc))}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        return 0
    except (KeyboardInterrupt, SystemExit):
        raise
    except Exception as exc:  # noqa: BLE001 - the last guard: never a traceback for a user
        # a bug, not the user's fault: one line that says so (the fuzzers of tests/ look for
        # this wording and fail on it, so each cause gets fixed where it lies)
        print(f"companion : {INTERNAL} ({type(exc).__name__}) : la commande s'est arrêtée ; "
              "signalez-le avec la commande et son fichier", file=sys.stderr)
        return 2


class VersionAction(argparse.Action):
    """`companion --version`: the version, then the licence and the credits (NOTICE) that
    travel with the package."""

    def __init__(self, option_strings: Sequence[str], dest: str, **kwargs: Any) -> None:
        super().__init__(option_strings, dest, nargs=0, default=argparse.SUPPRESS, **kwargs)

    def __call__(self, parser: argparse.ArgumentParser, *_args: Any, **_kwargs: Any) -> None:
        from companion.core import legal

        try:
            print(legal.version_text(), flush=True)
        except BrokenPipeError:  # `companion --version | head -1`
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        parser.exit(0)


def _one_line(text: str) -> str:
    return " ".join(text.split())
