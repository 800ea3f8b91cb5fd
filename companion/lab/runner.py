"""The one runner of the balance lab: every game of every condition gets its own random
generator, derived from the master seed, the condition and its number, so the results are the
same whatever the number of processes (`jobs`) and whatever other conditions run beside it.

A game module of the lab (companion/lab/<game>.py) exposes:
- `GAME`, `UNIT` (what the speed target counts: "manches" for Noé, "parties" otherwise);
- `POLICIES`: policy id -> the French description shown to authors;
- `conditions(options) -> list[dict]`: the grid to play (player counts, levels, sets...),
  each with its "politique";
- `play(condition, rng, log=False) -> dict`: one whole game driven through the real engine (with
  `log`, its setup and events under "log", for the benchmark's bare replay);
- `units(record) -> int` and `report(condition, records, options) -> list[Figure]`."""

from __future__ import annotations

import json
import multiprocessing
import os
import random
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any

from companion.core import registry
from companion.core.errors import UsageError
from companion.core.loader import install_data, installed_data
from companion.core.registry import GAMES
from companion.lab.overrides import Assignment, variant

Progress = Callable[[int, int], None]


@dataclass(frozen=True)
class Options:
    games: int = 200
    seed: int = 1
    players: tuple[int, ...] = ()  # () : the module's default counts
    policies: tuple[str, ...] = ()  # () : every policy
    extra: dict[str, Any] = field(default_factory=dict)  # a game's own options


# said above every result, on the command line and on the page
WARNING = ("Ces chiffres valent pour les politiques de jeu simulées décrites ci-dessous, pas pour "
           "de vrais joueurs.")


def lab_module(game: str) -> ModuleType:
    """The game's lab policy (GameInfo.lab_module; a game without one is not in the lab)."""
    labbed = [g for g, info in GAMES.items() if info.lab_module]
    if game not in labbed:
        raise UsageError(f"jeu inconnu « {game} » ; jeux : {', '.join(labbed)}")
    return registry.module(game, "lab")


def policies_by_players(options: Options, policies: Sequence[str],
                        players: Sequence[int]) -> list[dict[str, Any]]:
    """The plain conditions: every policy asked (all by default) × every player count asked
    (the module's own by default). A game with options of its own adds them to each."""
    return [{"politique": policy, "joueurs": count}
            for policy in (options.policies or tuple(policies))
            for count in (options.players or players)]


def one_game(record: dict[str, Any]) -> int:
    """`units` of a game whose unit of work is the game itself."""
    return 1


def game_rng(seed: int, condition: dict[str, Any], index: int) -> random.Random:
    """The generator of one game: the same for a given master seed, condition and number."""
    key = json.dumps(condition, sort_keys=True, ensure_ascii=False)
    return random.Random(f"{seed}|{key}|{index}")


def _chunks(conditions: int, games: int, size: int) -> list[tuple[int, int, int]]:
    return [(c, start, min(games, start + size))
            for c in range(conditions) for start in range(0, games, size)]


# --- worker side ----------------------------------------------------------------------------


def _init_worker(game: str, assignments: Sequence[Assignment]) -> None:
    install_data(game, variant(game, assignments) if assignments else None)


def _play_chunk(task: tuple[str, dict[str, Any], int, int, int, bool]) -> list[dict[str, Any]]:
    game, condition, seed, start, stop, log = task
    module = lab_module(game)
    return [module.play(condition, game_rng(seed, condition, i), log=log)
            for i in range(start, stop)]


# --- running --------------------------------------------------------------------------------


@dataclass
class Run:
    game: str
    options: Options
    conditions: list[dict[str, Any]]
    records: list[list[dict[str, Any]]]  # per condition, in game order
    seconds: float
    units: int
    assignments: tuple[Assignment, ...] = ()

    def rows(self, label: str = "original") -> list[dict[str, Any]]:
        module = lab_module(self.game)
        out = []
        for condition, records in zip(self.conditions, self.records, strict=True):
            for figure in module.report(condition, records, self.options):
                out.append({"jeu": self.game, "donnees": label, **condition, **figure.as_row()})
        return out


def run(game: str, options: Options, assignments: Sequence[Assignment] = (), jobs: int = 1,
        progress: Progress | None = None, log: bool = False) -> Run:
    """Play `options.games` games of every condition; `assignments` change the game's data
    (validated first: a bad value stops here with the loader's DataError)."""
    module = lab_module(game)
    data = variant(game, assignments) if assignments else None
    conditions = module.conditions(options)
    if options.games < 1:
        raise UsageError("--games : au moins 1 partie")
    jobs = max(1, min(jobs or os.cpu_count() or 1, 64))
    size = max(1, min(200, options.games // (jobs * 4) or 1))
    chunks = _chunks(len(conditions), options.games, size)
    tasks = [(game, conditions[c], options.seed, a, b, log) for c, a, b in chunks]
    records: list[list[dict[str, Any]]] = [[] for _ in conditions]
    total = len(conditions) * options.games
    done = 0
    start = time.perf_counter()
    for (c, a, b), result in zip(chunks, _results(game, tasks, assignments, data, jobs),
                                 strict=True):
        records[c].extend(result)
        done += b - a
        if progress:
            progress(done, total)
    seconds = time.perf_counter() - start
    units = sum(module.units(r) for rs in records for r in rs)
    return Run(game, options, conditions, records, seconds, units, tuple(assignments))


def _results(game: str, tasks: list[Any], assignments: Sequence[Assignment], data: Any,
             jobs: int) -> Iterator[list[dict[str, Any]]]:
    if jobs == 1 or len(tasks) == 1:
        with installed_data(game, data):
            for task in tasks:
                yield _play_chunk(task)
        return
    spawn = "streamlit" in sys.modules  # never fork a multithreaded Streamlit server
    context = multiprocessing.get_context("spawn" if spawn else None)
    with _workers_without_main(spawn):
        pool = context.Pool(jobs, initializer=_init_worker,
                            initargs=(game, tuple(assignments)))
    with pool:
        yield from pool.imap(_play_chunk, tasks)


@contextmanager
def _workers_without_main(spawn: bool) -> Iterator[None]:
    """A spawned worker first runs the parent's `__main__` again; under Streamlit (and its
    AppTest) that is the page script, which fails or must not run there, and a worker that
    dies at start leaves the pool waiting for ever. The workers need only this module, so
    they are started while `__main__` is an empty module."""
    main = sys.modules.get("__main__")
    if not spawn or main is None:
        yield
        return
    sys.modules["__main__"] = ModuleType("__main__")
    try:
        yield
    finally:
        sys.modules["__main__"] = main


def planned_games(game: str, options: Options, changed: bool = False) -> int:
    """How many games a run (`compare`) plays: games × conditions, twice with changed data;
    counted before any is played, so an app can refuse a run past its budget."""
    return options.games * len(lab_module(game).conditions(options)) * (2 if changed else 1)


def compare(game: str, options: Options, assignments: Sequence[Assignment], jobs: int = 1,
            progress: Progress | None = None) -> tuple[Run, Run | None]:
    """The original data and, when there are changes, the variant: the same seeds for both, so
    the difference comes from the change (common random numbers)."""
    if not assignments:
        return run(game, options, (), jobs, progress), None
    variant(game, assignments)  # refuse a bad value before playing anything
    half = None if progress is None else (lambda d, t: progress(d, 2 * t))
    original = run(game, options, (), jobs, half)
    second = None if progress is None else (lambda d, t: progress(t + d, 2 * t))
    return original, run(game, options, assignments, jobs, second)


class ProgressBar:
    """A one-line bar on stderr, redrawn at most ten times a second."""

    def __init__(self, label: str, stream: Any = None) -> None:
        self.label = label
        self.stream = stream if stream is not None else sys.stderr
        self.last = 0.0

    def __call__(self, done: int, total: int) -> None:
        now = time.monotonic()
        if done < total and now - self.last < 0.1:
            return
        self.last = now
        width = 30
        filled = width * done // max(total, 1)
        self.stream.write(f"\r{self.label} [{'#' * filled}{'.' * (width - filled)}] "
                          f"{100 * done // max(total, 1):3d} % ({done}/{total})")
        if done >= total:
            self.stream.write("\n")
        self.stream.flush()
