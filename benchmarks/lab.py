"""The balance lab's speed (issue 16 targets, one core): Noé >= 1,000 manches/s, Emblèmes >= 500,
Camelot >= 200, ELSEN >= 2,000, Labystère >= 1,000 games/s. Each simulator is printed beside the
engine's bare replay of the very same games (their logs applied event by event to a new state),
measured in the same run, per CPU second of the process (the machine is shared): the replay is
the floor any simulation through the engine pays. Last, for each game, the runner
(`companion lab GAME`) with --jobs 1 and with every core, in wall time (what a user waits),
with a check that both give the same figures.

Run: `.venv/bin/python benchmarks/lab.py [--quick]`
"""

from __future__ import annotations

import os
import random
import resource
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from companion.core.engine import engine_for  # noqa: E402
from companion.lab.runner import Options, game_rng, lab_module, run  # noqa: E402

RUNNER_GAMES = {"noe": 200, "emblemes": 600, "camelot": 600, "elsen": 1600, "labystere": 300}
RUNNER_EXTRA = {"noe": {"levels": (1,)}, "emblemes": {"sets": ("A",)},
                "elsen": {"mixes": ("defaut",)}}
TARGETS = {"noe": 1000, "emblemes": 500, "camelot": 200, "elsen": 2000, "labystere": 1000}
CASES = {  # game -> (condition without the policy, games played per policy)
    "noe": ({"niveau": 1, "joueurs": 4}, 12),
    "emblemes": ({"joueurs": 4, "lieux": "A"}, 150),
    "camelot": ({"joueurs": 4}, 100),
    "elsen": ({"joueurs": 8, "roles": "defaut"}, 300),
    "labystere": ({"joueurs": 3}, 100),
}


def measure(game: str, condition: dict, games: int) -> tuple[float, float]:
    """(units per CPU second of the simulator, of the bare replay). CPU time of this process,
    not wall time: on a machine shared by many processes, wall time counts the others' turns.
    The simulator is timed as `companion lab` runs it, without a log; the same games are then
    played again with their logs (untimed) for the replay."""
    module = lab_module(game)
    module.play(condition, random.Random(0))  # warm the caches (data, tables)
    start = time.process_time()
    played = [module.play(condition, game_rng(1, condition, i)) for i in range(games)]
    simulated = time.process_time() - start
    records = [module.play(condition, game_rng(1, condition, i), log=True) for i in range(games)]
    assert [{k: v for k, v in r.items() if k != "log"} for r in records] == played
    units = sum(module.units(r) for r in records)
    engine = engine_for(game)
    start = time.process_time()
    for record in records:
        setup, events = record["log"]
        state = engine.new_state(setup)
        for event in events:
            state.apply(event)
    replayed = time.process_time() - start
    return units / simulated, units / replayed


def main() -> None:
    quick = "--quick" in sys.argv
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"charge de la machine au départ : {load:.1f} pour {os.cpu_count()} cœur(s) "
          "(une charge au-delà du nombre de cœurs ralentit tous les chiffres)")
    print("par seconde de CPU de ce processus (un cœur) :")
    print(f"{'simulateur':<34} {'simulé/s':>10} {'rejeu nu/s':>11}  objectif")
    for game, (base, games) in CASES.items():
        module = lab_module(game)
        for policy in module.POLICIES:
            condition = {"politique": policy, **base}
            n = max(2, games // 4) if quick else games
            simulated, replayed = measure(game, condition, n)
            label = f"{game} {policy} " + " ".join(f"{v}" for v in base.values())
            verdict = "atteint" if simulated >= TARGETS[game] else "NON atteint"
            print(f"{label:<34} {simulated:10.0f} {replayed:11.0f}  >= {TARGETS[game]} "
                  f"{module.UNIT}/s : {verdict}")
    cores = os.cpu_count() or 1
    print(f"le lanceur, politique hasard, --jobs 1 puis --jobs {cores} : par seconde de temps "
          "réel (ce qu'on attend ; sur une machine partagée il dépend des autres) et par "
          "seconde de CPU des processus qui ont joué (ce que chaque cœur a donné)")
    for game, (base, _games) in CASES.items():
        module = lab_module(game)
        count = RUNNER_GAMES[game] // (4 if quick else 1)
        options = Options(games=count, seed=1, players=(base["joueurs"],), policies=("hasard",),
                          extra=RUNNER_EXTRA.get(game, {}))
        cpu = time.process_time()
        one = run(game, options, jobs=1)
        cpu_one = time.process_time() - cpu
        children = resource.getrusage(resource.RUSAGE_CHILDREN)
        every = run(game, options, jobs=cores)  # the pool's workers are joined at its end
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu_every = after.ru_utime + after.ru_stime - children.ru_utime - children.ru_stime
        same = "identiques" if one.rows() == every.rows() else "DIFFÉRENTS"
        unit = module.UNIT
        print(f"{game:<10} {count:5d} parties : --jobs 1 {one.units / one.seconds:7.0f} {unit}/s "
              f"réel, {one.units / cpu_one:7.0f}/s CPU ; --jobs {cores} "
              f"{every.units / every.seconds:7.0f} {unit}/s réel, "
              f"{every.units / cpu_every:7.0f}/s CPU par cœur (résultats {same})")
    end = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"charge de la machine à la fin : {end:.1f}")


if __name__ == "__main__":
    main()
