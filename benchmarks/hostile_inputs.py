"""Issue 22's hostile deck files through the app's upload path (tableapp/pages/owndeck.py ›
build_from_upload: the file read under print_kit/decks/deckread.py's limits, then the PDF), each in
a fresh child process: its time and its peak memory (largest resident set, and the address
space VmPeak), beside a normal 15-card deck (CSV and XLSX) measured in the same run.

Targets (issue 22): every refusal under 2 s, and under 150 MB above the normal deck's peak.
Each file is run once (three times for the baselines, best time); nothing loops unbounded.
Then issue 38's attacks on seats, restores and output (benchmarks/_hostile_room.py). The
attacks on a running server are benchmarks/hostile_server.py's. --quick measures the hostile
files two at a time.

    python benchmarks/hostile_inputs.py [--quick]
"""

from __future__ import annotations

import sys
import tempfile
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))  # the hostile files are built by the tests' helper

import _hostile_room  # noqa: E402  (issue 38's attacks on seats, restores and output)
import hostile_decks as hostile  # noqa: E402
from _timing import quick  # noqa: E402

TIME_TARGET = 2.0  # s
MEMORY_TARGET = 150  # MB above the normal deck's peak

CASES: list[tuple[str, Callable[[], tuple[str, bytes]]]] = [
    ("YAML « billion laughs » (ancres et alias)", hostile.billion_laughs),
    ("YAML clés de fusion « << »", hostile.merge_keys),
    ("YAML imbriqué 10 000 fois", hostile.deep_yaml),
    ("YAML de 200 000 cartes", lambda: hostile.many_cards_yaml(200_000)),
    ("YAML de 2 001 cartes", lambda: hostile.many_cards_yaml(2001)),
    ("CSV d'un million de lignes", hostile.million_rows_csv),
    ("CSV d'un million de lignes à 0 exemplaire", lambda: hostile.million_rows_csv(";0")),
    ("CSV de 3 000 lignes à 0 exemplaire", lambda: hostile.zero_copy_rows(3000)),
    ("XLSX « A1:XFD1048576 », ligne 1 048 576", hostile.xlsx_claiming_the_whole_sheet),
    ("XLSX sharedStrings de 1 Gio (bombe zip)", hostile.xlsx_bomb),
    ("XLSX avec entité DTD", hostile.xlsx_with_entity),
    ("XLSX d'une ligne de 450 000 cases", hostile.xlsx_wide_line),
    ("XLSX d'une ligne de 5 000 cases vides", hostile.xlsx_empty_cells_line),
    ("openmoji: + 300 lettres", hostile.openmoji_letters),
    ("openmoji:../../…", hostile.openmoji_climbing),
]


ACCEPTED: list[tuple[str, Callable[[], tuple[str, bytes]]]] = [
    ("XLSX de 150 000 styles (jamais lus)", hostile.xlsx_many_styles),
    ("XLSX, ligne vide formatée à 1 048 576", hostile.xlsx_blank_far_line),
]


def largest_accepted() -> tuple[str, bytes]:
    """2,000 different cards with a text each: as much as a file may ask."""
    rows = [f"Carte {i};1;Famille {i % 7};rouge;{i};Pioche {i % 5} cartes puis défausse-en "
            "une.;Dos;openmoji:1F409" for i in range(2000)]
    return "grand.csv", (hostile.HEADER + "\n".join(rows) + "\n").encode()


def measure(name: str, data: bytes, work: Path, runs: int = 1) -> dict:
    best: dict = {}
    for _ in range(runs):
        done = hostile.parse_in_child(name, data, work, app=True)
        if "crash" in done:
            return done
        if not best or done["seconds"] < best["seconds"]:
            best = done
    return best


def measured_side_by_side(cases: list[tuple[str, Callable[[], tuple[str, bytes]]]],
                          work: Path) -> list[tuple[str, str, bytes, dict]]:
    """(label, file name, bytes, measure) of each case, in order. --quick measures two at a
    time (each child in a folder of its own; its memory is its own, its seconds share the
    machine); a full run one after the other."""
    built = [(label, *build()) for label, build in cases]
    folders = [work / f"cas-{index}" for index in range(len(built))]
    for folder in folders:
        folder.mkdir()
    with ThreadPoolExecutor(2 if quick() else 1) as pool:
        measures = list(pool.map(lambda job: measure(job[0][1], job[0][2], job[1]),
                                 zip(built, folders, strict=True)))
    return [(*case, done) for case, done in zip(built, measures, strict=True)]


def main() -> int:
    with tempfile.TemporaryDirectory() as folder:
        work = Path(folder)
        baselines = {}
        print("Référence (même exécution) : paquet normal de 15 cartes, lu puis imprimé (PDF)")
        for kind, (name, data) in (("texte", hostile.normal_deck()),
                                   ("xlsx", hostile.normal_xlsx())):
            done = measure(name, data, work, runs=1 if quick() else 3)
            baselines[kind] = done
            print(f"  {name:<12} {done['seconds']:6.3f} s  pic RSS {done['rss_kb'] / 1024:6.1f} "
                  f"Mo  VmPeak {done['peak_kb'] / 1024:6.1f} Mo  ({done['cards']} cartes, "
                  f"{done['pages']} pages)")
        name, data = largest_accepted()
        done = measure(name, data, work)
        print(f"  {'2 000 cartes différentes (le plus gros accepté)':<12} {done['seconds']:6.3f} s"
              f"  pic RSS {done['rss_kb'] / 1024:6.1f} Mo  VmPeak {done['peak_kb'] / 1024:6.1f} "
              f"Mo  ({done.get('cards')} cartes, {done.get('pages')} pages)")
        print(f"\nFichiers hostiles (cible : refus en moins de {TIME_TARGET:g} s et moins de "
              f"{MEMORY_TARGET} Mo au-dessus du pic du paquet normal)")
        failures = 0
        for label, name, data, done in measured_side_by_side(CASES, work):
            base = baselines["xlsx" if name.endswith(".xlsx") else "texte"]
            if "crash" in done or "refused" not in done:
                failures += 1
                print(f"  {label}: NON REFUSÉ {done}")
                continue
            above = (done["rss_kb"] - base["rss_kb"]) / 1024
            above_vm = (done["peak_kb"] - base["peak_kb"]) / 1024
            ok = done["seconds"] < TIME_TARGET and above < MEMORY_TARGET \
                and above_vm < MEMORY_TARGET
            failures += not ok
            print(f"  {label:<45} {len(data):>9} o  {done['seconds']:6.3f} s  RSS "
                  f"{done['rss_kb'] / 1024:6.1f} Mo ({above:+6.1f})  VmPeak "
                  f"{done['peak_kb'] / 1024:6.1f} Mo ({above_vm:+6.1f})  "
                  f"{'ok' if ok else 'HORS CIBLE'}")
            print(f"      « {done['refused'][:110]} »")
        print("\nFichiers acceptés malgré une partie hostile qu'un paquet n'utilise pas")
        for label, build in ACCEPTED:
            name, data = build()
            done = measure(name, data, work)
            base = baselines["xlsx"]
            print(f"  {label:<45} {len(data):>9} o  {done['seconds']:6.3f} s  RSS "
                  f"{(done['rss_kb'] - base['rss_kb']) / 1024:+6.1f} Mo  "
                  f"({done.get('cards', done)} cartes)")
        print(f"\n{len(CASES) - failures}/{len(CASES)} dans la cible")
        failures += _hostile_room.run(work, quick())
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
