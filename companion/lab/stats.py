"""Confidence intervals for the lab's figures (95 %): Wilson's score interval for a rate (good
even for 0 or 1 in small samples) and the normal interval of a mean (the lab's samples are in the
hundreds, where the central limit theorem holds for these bounded counts)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

Z95 = 1.959963984540054


@dataclass(frozen=True)
class Figure:
    """One measured value with its interval and the sample behind it."""

    measure: str  # French label shown to authors
    value: float
    low: float
    high: float
    n: int
    kind: str  # "taux" (a proportion) or "moyenne"

    def as_row(self) -> dict[str, Any]:
        return {"mesure": self.measure, "valeur": round(self.value, 6),
                "bas": round(self.low, 6), "haut": round(self.high, 6), "n": self.n,
                "type": self.kind}


def wilson(successes: int, n: int, z: float = Z95) -> tuple[float, float]:
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    denominator = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denominator
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


def rate(measure: str, successes: int, n: int) -> Figure:
    low, high = wilson(successes, n)
    return Figure(measure, successes / n if n else 0.0, low, high, n, "taux")


def mean(measure: str, values: Sequence[float], z: float = Z95) -> Figure:
    n = len(values)
    if n == 0:
        return Figure(measure, 0.0, 0.0, 0.0, 0, "moyenne")
    m = sum(values) / n
    if n == 1:
        return Figure(measure, m, m, m, 1, "moyenne")
    variance = sum((v - m) ** 2 for v in values) / (n - 1)
    half = z * math.sqrt(variance / n)
    return Figure(measure, m, m - half, m + half, n, "moyenne")
