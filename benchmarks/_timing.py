"""What every benchmark script measures with (run as scripts, benchmarks/ is on sys.path)."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any


def best_of(runs: int, fn: Callable[[], Any]) -> float:
    """Best wall time of `runs` calls (seconds): the least disturbed by the shared machine."""
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return min(times)
