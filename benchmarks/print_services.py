"""Benchmark of the print shops' and Tabletop Simulator's exports (issue 29), whole process:
`companion print all` (the plain kit) beside `companion print all --service dtc` and
`--service tts` (the same kit, then DriveThruCards' CMYK PDFs per deck, or Tabletop
Simulator's sheets and saved objects), each in a fresh Python process, all measured in this
run. Target: each export within 3 × the plain kit. CPU time (user + system of the child) is the
figure that counts on a shared machine; the wall clock is shown beside it.

Run: .venv/bin/python benchmarks/print_services.py [--quick]"""

from __future__ import annotations

import compileall
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))  # its sibling, whichever folder it is run from
from _timing import quick  # noqa: E402

RUNS = 1 if quick() else 2  # each run is a whole kit (a few seconds): bounded
# --quick: one game's kit through the same services (CI)
WHAT = "noe" if quick() else "all"


def _wall(args: list[str]) -> tuple[float, float]:
    """(wall, CPU) seconds of a whole child process (as benchmarks/print_pdfs.py measures)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(args, check=True, capture_output=True, cwd=ROOT, env=dict(os.environ))
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main() -> None:
    python = sys.executable
    for package in ("companion", "print_kit"):
        compileall.compile_dir(ROOT / package, quiet=1)
    figures: dict[str, list[tuple[float, float]]] = {}
    sizes: dict[str, int] = {}
    with tempfile.TemporaryDirectory() as tmp:
        for label, extra in (("kit seul", []), ("dtc", ["--service", "dtc"]),
                             ("tts", ["--service", "tts"])):
            out = Path(tmp) / label.replace(" ", "-")
            command = [python, "-m", "companion.cli.base", "print", WHAT, "--out", str(out), *extra]  # noqa: E501
            _wall(command)  # warms the caches (pictures, data) like the plain benchmark
            figures[label] = [_wall(command) for _ in range(RUNS)]
            sizes[label] = sum(p.stat().st_size for p in out.rglob("*") if p.is_file())
    plain = statistics.median(c for _, c in figures["kit seul"])
    for label, runs in figures.items():
        cpu = statistics.median(c for _, c in runs)
        walls = ", ".join(f"{w:.2f} s" for w, _ in runs)
        ratio = "" if label == "kit seul" else f" ; {cpu / plain:.2f} × le kit (objectif ≤ 3 ×)"
        print(f"{label:9}: {cpu:.2f} s CPU (médiane de {RUNS}), horloge {walls}, "
              f"{sizes[label] / 1e6:.1f} Mo écrits{ratio}")


if __name__ == "__main__":
    main()
