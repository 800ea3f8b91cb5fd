"""Issue 38's second round, items 5 to 7, for benchmarks/hostile_inputs.py: what a stranger's
attack costs, each in a fresh child process (its time and its peak resident memory above the
child's own after its imports), beside the same work on honest input.

- `companion restore` of backups doctored by a script (a 10 MB line, a line nested 100,000
  deep, 30,000 deep in 60 KB, an unknown game, a game of 20,001 lines) against the restore of
  the honest backup of the same size;
- a stranger's games typing a profile's name (5,000): the owner's « Parties à accepter »
  (companion/stats/seats.py › seat_requests) and the statistics, which count none of them;
- `companion stats` of a soirée of names full of terminal controls, against plain names;
- the run of a public screen of « Autre jeu » as long as the game gets (100 to 11,809 rounds,
  the curve and history open): its CPU per run must not grow with the length.

Targets: a few seconds and a few tens of MB per attack (issue 38's acceptance)."""

from __future__ import annotations

import contextlib
import io
import json
import os
import resource
import sqlite3
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
TIME_TARGET = 5.0  # s, a restore included (a child process starting Python)
MEMORY_TARGET = 50  # MB above the honest run's peak
RUN_TARGET_GROWTH = 3.0  # a screen's CPU per run, longest game over shortest, at most


def _rss_mb() -> float:
    """The peak resident memory since `_reset_peak` (Linux's VmHWM), else since the start."""
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def _reset_peak() -> None:
    """The peak starts again from now (Linux: « 5 » to clear_refs), so the child's imports
    do not hide what the attack itself takes."""
    try:
        with open("/proc/self/clear_refs", "w", encoding="ascii") as refs:
            refs.write("5")
    except OSError:
        pass


# --- what a child runs (python benchmarks/_hostile_room.py --child CASE JSON) ----------------


def _child_restore(backup: str, live: str) -> dict[str, Any]:
    from io import StringIO

    from tableapp.console import main

    err, sys.stderr = sys.stderr, StringIO()
    try:
        code = main(["restore", backup, "--db", live])
        said = sys.stderr.getvalue().strip()
    finally:
        sys.stderr = err
    return {"exit": code, "said": said[:140]}


def _child_requests(db: str, profile: int) -> dict[str, Any]:
    from companion.events.store import EventStore
    from companion.stats.storage import StatsStore

    stats = StatsStore(EventStore(db))
    shown, total = stats.seat_requests(profile)
    counted = len(stats.profile_codes(profile))
    return {"exit": 0, "said": f"{total} demandes, {len(shown)} montrées ; {counted} partie(s) "
                               "comptée(s) pour le profil"}


def _child_stats(db: str, night: int) -> dict[str, Any]:
    from tableapp.console import main

    os.environ["COMPANION_DB"] = db
    out, sys.stdout = sys.stdout, open(os.devnull, "w", encoding="utf-8")  # noqa: SIM115
    try:
        code = main(["stats", "--night", str(night)])
    finally:
        sys.stdout.close()
        sys.stdout = out
    return {"exit": code, "said": ""}


def _child_viewer(db: str, code: str, runs: int) -> dict[str, Any]:
    os.environ["COMPANION_DB"] = db
    sys.path.insert(0, str(ROOT / "tests"))
    from pages import page_app

    viewer = page_app("libre", "play", code=code, view="public").run()
    viewer.toggle(key="rounds_libre").set_value(True).run()  # first runs: load, imports
    spent = []
    for _ in range(runs):
        cpu = time.process_time()
        viewer.run()
        spent.append(time.process_time() - cpu)
    return {"exit": 0 if not viewer.exception else 1, "run_ms": 1000 * min(spent),
            "said": f"{len(viewer.dataframe[-1].value)} lignes dessinées"}


CHILDREN = {"restore": _child_restore, "requests": _child_requests, "stats": _child_stats,
            "viewer": _child_viewer}


def in_child(case: str, **args: Any) -> dict[str, Any]:
    done = subprocess.run([sys.executable, __file__, "--child", case, json.dumps(args)],
                          capture_output=True, text=True, timeout=600, cwd=ROOT,
                          env=dict(os.environ, PYTHONPATH=str(ROOT)))
    if done.returncode != 0:
        return {"crash": done.stderr[-1500:]}
    return dict(json.loads(done.stdout.strip().splitlines()[-1]))


def _child_main(case: str, args: str) -> None:
    sys.path.insert(0, str(ROOT))
    import tableapp.console  # noqa: F401  (the imports are not the attack's cost)

    _reset_peak()
    before = _rss_mb()
    start = time.perf_counter()
    outcome = CHILDREN[case](**json.loads(args))
    outcome["seconds"] = time.perf_counter() - start
    outcome["above_mb"] = _rss_mb() - before
    outcome["peak_mb"] = _rss_mb()
    print(json.dumps(outcome))


# --- the inputs, built by the parent ------------------------------------------------------------


def _example(name: str) -> dict[str, Any]:
    return dict(json.loads((ROOT / "docs" / "log-examples" / f"{name}.json").read_text(
        encoding="utf-8")))


def backups(folder: Path, quick: bool) -> dict[str, Path]:
    """An honest backup of a small club, and doctored copies of it (rows written with
    sqlite3 as any tool could: the log only lets lines be added)."""
    from companion.events.store import EventStore
    from companion.hosting.access import Access
    from companion.stats.storage import StatsStore
    from tableapp.console import main

    source = folder / "club.sqlite3"
    stats = StatsStore(EventStore(source))
    codes = [stats.events.import_log(_example(name)) for name in (
        "noe-partie-a-100-points", "libre-skull-king", "emblemes-partie-a-trois",
        "camelot-jetons", "elsen-saboteur-exclu")]
    stats.create_profile("Chloé")
    Access(source).issue(codes[0])
    honest = folder / "honnete.sqlite3"
    with contextlib.redirect_stdout(io.StringIO()):  # « sauvegarde écrite » is not a figure
        main(["backup", "--db", str(source), "--out", str(honest)])
    append = ("INSERT INTO events (code, seq, event, created) VALUES (?2, COALESCE((SELECT "
              "MAX(seq) FROM events WHERE code = ?2), -1) + 1, ?1, '')")
    recount = ("UPDATE games SET lines = (SELECT COUNT(*) FROM events e "
               "WHERE e.code = games.code)")
    lines = 20_001  # one more than an imported log may hold
    doctored: dict[str, list[tuple[str, tuple[Any, ...]]]] = {
        "ligne de 10 Mo": [(append, (json.dumps({"type": "x", "t": "x" * 10_000_000}),
                                     codes[1]))],
        "ligne imbriquée 100 000 fois": [(append, ("[" * 100_000 + "]" * 100_000, codes[1]))],
        "ligne imbriquée 30 000 fois (60 Ko)": [(append, ("[" * 30_000 + "]" * 30_000,
                                                          codes[1]))],
        "jeu inconnu": [("UPDATE games SET game = 'belote' WHERE code = ?", (codes[2],))],
        f"partie de {lines} lignes": [(append, ('{"type": "round", "scores": {}}', codes[1]))
                                      for _ in range(lines)],
    }
    files = {"sauvegarde honnête": honest}
    for number, (label, steps) in enumerate(doctored.items()):
        path = folder / f"piege-{number}.sqlite3"
        path.write_bytes(honest.read_bytes())
        with sqlite3.connect(path) as db:
            for sql, params in steps:
                db.execute(sql, params)
            db.execute(recount)
        db.close()
        files[label] = path
    return files


def stranger_games(path: Path, games: int) -> int:
    """Chloé's profile, made on her phone; `games` finished games where a stranger's script
    typed her name. Returns her profile's id."""
    from companion.events.store import EventStore, envelope
    from companion.hosting.access import SharedRights, new_secret
    from companion.stats.storage import StatsStore

    stats = StatsStore(EventStore(path))
    chloe = stats.create_profile("Chloé", creator=new_secret()).id
    stranger = SharedRights(creator=new_secret())
    players = ["Chloé", "Zoé"]
    for _ in range(games):
        code = stats.events.import_log(envelope("libre", {
            "name": "Yams", "players": players, "winner": "high", "rounds": 1},
            [{"type": "round", "scores": {"Chloé": 0, "Zoé": 50}}]))
        stats.seat_by_name(code, players, by=stranger)
    return chloe


NAMES = ["Zoé\x1b[2J\x1b]0;pwned\x07", "Léa\u202eevil", "Tom\x9b31m\rX", "Ana\x1b]52;c;eA==\x07"]


def soiree(path: Path, hostile: bool, games: int) -> int:
    from companion.events.store import EventStore, envelope
    from companion.hosting.access import ON_SERVER
    from companion.stats.storage import StatsStore

    stats = StatsStore(EventStore(path))
    night = stats.create_night("Soirée\x1b[31m" if hostile else "Soirée")
    players = NAMES if hostile else ["Zoé", "Léa", "Tom", "Ana"]
    for _ in range(games):
        code = stats.events.import_log(envelope("libre", {
            "name": "Yams", "players": players, "winner": "high", "rounds": 1},
            [{"type": "round", "scores": {p: 10 * i for i, p in enumerate(players)}}]))
        stats.attach(night.id, code, by=ON_SERVER)
    return night.id


def long_game(path: Path, rounds: int) -> str:
    from companion.events.store import EventStore, envelope

    players = ["Alice", "Bruno", "Chloé", "David"]
    raw = [{"type": "round", "scores": {p: (i * 7 + j) % 50 for j, p in enumerate(players)}}
           for i in range(rounds)]
    return EventStore(path).import_log(envelope("libre", {"name": "Tarot", "players": players,
                                                          "winner": "high"}, raw))


# --- the report -----------------------------------------------------------------------------------


def _line(label: str, done: dict[str, Any], base: dict[str, Any] | None = None) -> bool:
    if "crash" in done:
        print(f"  {label:<42} PLANTAGE {done['crash'][-300:]}")
        return False
    above = done["above_mb"] - (base["above_mb"] if base else 0)
    ok = done["seconds"] < TIME_TARGET and above < MEMORY_TARGET
    print(f"  {label:<42} {done['seconds']:6.3f} s  pic {done['peak_mb']:6.1f} Mo, "
          f"{done['above_mb']:+6.1f} pendant ({above:+6.1f} / honnête)  sortie {done['exit']}  "
          f"{'ok' if ok else 'HORS CIBLE'}")
    if done.get("said"):
        print(f"      « {done['said'][:130]} »")
    return ok


def run(folder: Path, quick: bool) -> int:
    """Every case; returns the number out of target."""
    failures = 0
    print(f"\nIssue 38, 2e tour : attaques des points 5 à 7 (cible : moins de {TIME_TARGET:g} s "
          f"et de {MEMORY_TARGET} Mo au-dessus du cas honnête)")
    print("companion restore (enfant : un processus par fichier)")
    files = backups(folder, quick)
    base: dict[str, Any] | None = None
    for label, backup in files.items():
        live = folder / f"vivante-{backup.stem}.sqlite3"
        long_game(live, 10)
        done = in_child("restore", backup=str(backup), live=str(live))
        refused = done.get("exit") == 2
        expected = label == "sauvegarde honnête"
        ok = _line(label, done, base) and (done.get("exit") == 0 if expected else refused)
        failures += not ok
        if expected:
            base = done
    print("Demandes d'un inconnu qui tape le nom d'un profil")
    games = 500 if quick else 5_000
    db = folder / "demandes.sqlite3"
    chloe = stranger_games(db, games)
    failures += not _line(f"{games} parties tapant « Chloé »", in_child(
        "requests", db=str(db), profile=chloe))
    print("companion stats d'une soirée aux noms pleins de commandes du terminal")
    count = 20 if quick else 200
    plain_db, hostile_db = folder / "noms.sqlite3", folder / "noms-hostiles.sqlite3"
    base = in_child("stats", db=str(plain_db), night=soiree(plain_db, False, count))
    _line(f"{count} parties, noms ordinaires", base)
    failures += not _line(f"{count} parties, noms hostiles", in_child(
        "stats", db=str(hostile_db), night=soiree(hostile_db, True, count)), base)
    print("Une vue publique d'« Autre jeu », courbe et historique ouverts : CPU par passage")
    lengths = [100, 2_000] if quick else [100, 1_000, 11_809]
    costs = []
    for rounds in lengths:
        game_db = folder / f"longue-{rounds}.sqlite3"
        code = long_game(game_db, rounds)
        done = in_child("viewer", db=str(game_db), code=code, runs=3 if quick else 10)
        if "crash" in done:
            failures += 1
            print(f"  {rounds} manches : PLANTAGE {done['crash'][-300:]}")
            continue
        costs.append(done["run_ms"])
        print(f"  {rounds:>6} manches : {done['run_ms']:6.1f} ms de CPU par passage, pic "
              f"{done['peak_mb']:5.1f} Mo ({done['said']})")
    growth = max(costs) / max(min(costs), 0.1) if costs else float("inf")
    ok = growth <= RUN_TARGET_GROWTH
    failures += not ok
    print(f"  le plus long coûte {growth:.1f} fois le plus court par passage "
          f"(cible : {RUN_TARGET_GROWTH:g} au plus) {'ok' if ok else 'HORS CIBLE'}")
    return failures


if __name__ == "__main__" and sys.argv[1:2] == ["--child"]:
    _child_main(sys.argv[2], sys.argv[3])
