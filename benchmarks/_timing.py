"""What every benchmark script measures with (run as scripts, benchmarks/ is on sys.path)."""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from typing import Any


def best_of(runs: int, fn: Callable[[], Any]) -> float:
    """Best wall time of `runs` calls (seconds): the least disturbed by the shared machine.
    With --quick, one call."""
    times = []
    for _ in range(1 if quick() else runs):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return min(times)


QUICK_HELP = "petites tailles, même chemin de code, chiffres affichés : une vérification (CI)"


def quick() -> bool:
    """`--quick` on the command line: small sizes through the same code path, figures still
    printed. CI runs every benchmark so, that none can rot unseen; it proves they run, their
    figures come from full runs (`make bench`)."""
    return "--quick" in sys.argv[1:]
