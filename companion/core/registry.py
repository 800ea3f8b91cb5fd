"""The registry of the games: each package of `PACKAGES` declares itself with a `GAME =
GameInfo(...)` in its `__init__.py` (companion.core.gameinfo). Everything that needs the list of
games or one game's facts reads it here (companion.core.registry re-exports it):
- `GAMES`: the games with a data file (cards to print, rules to check, a lab);
- `SHEETS`: the score sheets without one (« Autre jeu »: an engine, a page, statistics);
- `PLAYABLE`: both, every game a log, a page or a statistic may name.

A registered game whose package or one of its declared modules is missing is an error when the
registry loads — never a silent skip (docs/adding-a-game.md). The packages are named, not
imported: the kernel imports nothing from companion.games (tests/test_import_graph.py)."""

from __future__ import annotations

import importlib
import importlib.util
from types import ModuleType
from typing import Literal

from companion.core.errors import UsageError
from companion.core.gameinfo import GameInfo

PACKAGES = ("companion.games.noe", "companion.games.emblemes", "companion.games.labystere",
            "companion.games.camelot", "companion.games.elsen", "companion.games.libre")


class MissingGameModule(RuntimeError):
    """A registered game names a module that is not there: the install is broken."""


def _exists(name: str) -> bool:
    try:
        return importlib.util.find_spec(name) is not None
    except ModuleNotFoundError:  # a parent package is missing
        return False


def check(info: GameInfo) -> GameInfo:
    missing = [m for m in info.modules() if not _exists(m)]
    if missing:
        raise MissingGameModule(f"jeu « {info.id} » : module(s) introuvable(s) : "
                                f"{', '.join(missing)}")
    return info


def _declared(package: str) -> GameInfo:
    module = importlib.import_module(package)  # a missing package raises here, loudly
    info = getattr(module, "GAME", None)
    if not isinstance(info, GameInfo):
        raise MissingGameModule(f"{package} ne déclare pas GAME = GameInfo(...)")
    return info


PLAYABLE: dict[str, GameInfo] = {info.id: check(info) for info in map(_declared, PACKAGES)}
GAMES: dict[str, GameInfo] = {g: info for g, info in PLAYABLE.items() if info.has_data}
SHEETS: dict[str, GameInfo] = {g: info for g, info in PLAYABLE.items() if not info.has_data}


def register(info: GameInfo) -> GameInfo:
    """Add a game found outside PACKAGES (the tests' own game); its modules are checked."""
    if info.id in PLAYABLE and PLAYABLE[info.id] is not info:
        raise MissingGameModule(f"jeu « {info.id} » déjà inscrit")
    PLAYABLE[info.id] = check(info)
    (GAMES if info.has_data else SHEETS)[info.id] = info
    return info


def unregister(game: str) -> None:
    for table in (PLAYABLE, GAMES, SHEETS):
        table.pop(game, None)


def check_all() -> None:
    """Every declared module of every game exists (the CLI and the app call it at start)."""
    for info in PLAYABLE.values():
        check(info)


def game_info(game: str) -> GameInfo:
    try:
        return PLAYABLE[game]
    except (KeyError, TypeError):
        choices = ", ".join(PLAYABLE)
        raise UsageError(f"jeu inconnu « {game} » ; jeux disponibles : {choices}") from None


Kind = Literal["engine", "stats", "lab", "print", "page", "cli", "side_store"]


def module_name(game: str, kind: Kind) -> str | None:
    """The name of the game's module of that kind, None where the game declares none."""
    info = game_info(game)
    return {"engine": info.engine, "stats": info.stats, "lab": info.lab_module,
            "print": info.print_module, "page": info.page, "cli": info.cli,
            "side_store": info.side_store}[kind]


def module(game: str, kind: Kind) -> ModuleType:
    """The game's module of that kind (its engine, stats hook, lab policy, print module, page or
    CLI), the one way every floor loads a game's part; UsageError for an unknown game, LookupError
    where the game declares no module of that kind."""
    name = module_name(game, kind)
    if name is None:
        raise LookupError(f"{game_info(game).title} : pas de module « {kind} »")
    return importlib.import_module(name)
