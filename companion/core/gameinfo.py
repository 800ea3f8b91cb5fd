"""What a game says about itself: `GameInfo`, declared once in its package's `__init__.py`
(`GAME = GameInfo(...)`) and listed by `companion.core.registry`. Shared code reads a game's
facts and hooks here instead of keeping its own table or testing `game == "<id>"`
(docs/adding-a-game.md).

This module imports nothing of the games, so a game package may import it at no cost."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from companion.core.schema import GameData

ALL = "*"
NOTHING: frozenset[str] = frozenset()


@dataclass(frozen=True)
class Policy:
    """What a player may read of the game's log (companion.events.publiclog). `events`: event type
    ->
    its public fields (ALL: the whole event); `default`: the same for every other type;
    `secret_setup`: setup fields a player never sees."""

    events: dict[str, frozenset[str] | str] = field(default_factory=dict)
    default: frozenset[str] | str = frozenset()
    secret_setup: frozenset[str] = frozenset()


@dataclass(frozen=True)
class LabOption:
    """One of a game's own options of `companion lab`: `--<name> a,b` sets `Options.extra[key]`
    to the values (as integers when `numbers`)."""

    key: str
    help: str
    numbers: bool = False


@dataclass(frozen=True)
class LabDefaults:
    """The balance lab's defaults for this game (companion/lab, the « Labo » page).
    `cli_games`/`page_games`: games per condition; `page_players`: the counts ticked on the
    page; `run_budget`: games of one run the page accepts; `example`: a change shown as a
    placeholder; `extra`: the game's own options on the page, key in Options.extra ->
    (label, choices, default choices[, {choice: label shown}])."""

    cli_games: int = 200
    page_games: int = 20
    page_players: tuple[int, ...] = ()
    run_budget: int = 2000
    example: str = ""
    extra: dict[str, tuple[Any, ...]] = field(default_factory=dict)
    # The game's own options of `companion lab` (issue 39: companion/lab/cli.py names no game):
    # option name (without « -- ») -> LabOption.
    cli: dict[str, LabOption] = field(default_factory=dict)


@dataclass(frozen=True)
class GameInfo:
    """One game's facts. Module paths are strings so the domain never imports a page or the
    print kit; the registry checks at start that each one exists."""

    id: str
    title: str
    # A game with printed material has its data file, rules text and schema; a score sheet
    # (« Autre jeu ») has none of them, only an engine, a page and its `span` of players.
    file: str = ""  # its data file, in data/
    rules_file: str = ""  # its rules text, in rules/
    schema: type[GameData] | None = None
    span: tuple[int, int] | None = None  # (min, max) players of a game without a data file
    package: str = ""  # companion.games.<id> unless said
    public: Policy = Policy()  # an unknown event type shows its type only
    seat_name: str | None = None  # the setup key naming a seated player (« Revanche »)
    rematch: Callable[[dict[str, Any], dict[str, Any], int | None], None] | None = None
    house_defaults: tuple[str, ...] = ()  # companion.core.house_defaults, places in the data file
    lab: LabDefaults | None = None  # None: the game has no lab policy
    stats: str | None = None  # module of its stats hook (companion.stats.<id>)
    print_module: str | None = None  # print_kit.games.<id>
    page: str | None = None  # tableapp.pages.<id>
    cli: str | None = None  # its `companion <id>` subcommands
    print_options: Callable[[Any], dict[str, Any]] | None = None  # options -> components()
    # A module keeping the game's own table beside the event store (Labystère's sheets):
    # `LABEL` and `side_stores(source, target)`, what `companion db copy` moves with the games.
    side_store: str | None = None

    @property
    def engine(self) -> str:
        return f"{self.package or 'companion.games.' + self.id}.engine"

    @property
    def lab_module(self) -> str | None:
        return f"companion.lab.{self.id}" if self.lab is not None else None

    @property
    def has_data(self) -> bool:
        """Whether the game has a data file (cards to print, a lab); a score sheet has none."""
        return bool(self.file)

    @cached_property
    def players(self) -> tuple[int, int]:
        """(min, max) from the data file's `players:` (the one place that says it). Read
        straight from the file: the loader, which checks it, reads the registry itself."""
        if not self.file:
            if self.span is None:
                raise ValueError(f"{self.id} : ni fichier de données ni nombre de joueurs")
            return self.span
        import yaml

        from companion.core.datafiles import data_file

        raw = yaml.safe_load(data_file(self.file).read_text(encoding="utf-8"))
        return int(raw["players"]["min"]), int(raw["players"]["max"])

    def modules(self) -> list[str]:
        """Every module the game declares (the registry checks each one exists)."""
        return [m for m in (self.engine, self.stats, self.lab_module, self.print_module,
                            self.page, self.cli, self.side_store) if m]
