"""Shared strategies of the fuzzers (tests/test_fuzz_*.py): nasty values and nested mutations of
real events and files, the inputs fuzzing found to crash readers (issue 12)."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

from hypothesis import strategies as st

from companion.core.log import resolve

EXAMPLES = Path(__file__).resolve().parent.parent / "docs" / "log-examples"

NASTY: list[Any] = [None, "", "zzz", -1, 0, 1, 2, 3, 999, -999, 10**30, 2.5, -0.5, 1e308,
                    float("nan"), float("inf"), True, False, [], {}, [999], ["zzz"], [None],
                    {"a": 1}, {"0": [1]}, "<b>x</b>", "x" * 5000, [[[[[[[[[[[]]]]]]]]]]],
                    [1, 2, 3], ["a", "a"], {"type": "zzz"}, "\udcff", "é" * 3]


def examples(game: str) -> list[tuple[dict[str, Any], list[dict[str, Any]]]]:
    """Every documented example log of a game: its setup and its effective events."""
    out = []
    for path in sorted(EXAMPLES.glob(f"{game}-*.json")):
        log = json.loads(path.read_text(encoding="utf-8"))
        out.append((log["setup"], [entry.event for entry in resolve(log["events"])]))
    return out


def paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every path to a value inside a JSON-like value (keys and list indexes)."""
    out = [prefix]
    if isinstance(value, dict):
        for k, v in value.items():
            out += paths(v, (*prefix, k))
    elif isinstance(value, list):
        for i, v in enumerate(value[:20]):
            out += paths(v, (*prefix, i))
    return out


def _set(value: Any, path: tuple[Any, ...], new: Any, drop: bool = False) -> Any:
    if not path:
        return new
    value = copy.deepcopy(value)
    parent = value
    for step in path[:-1]:
        parent = parent[step]
    if drop:
        del parent[path[-1]]
    else:
        parent[path[-1]] = new
    return value


@st.composite
def mutated(draw: st.DrawFn, value: Any, pool: list[Any]) -> Any:
    """`value` with one nested place replaced (a value seen elsewhere or a nasty one), dropped,
    or given an extra key; sometimes twice."""
    for _ in range(draw(st.integers(1, 2))):
        where = draw(st.sampled_from(paths(value)))
        how = draw(st.sampled_from(["replace", "replace", "drop", "add"]))
        if how == "drop" and where:
            value = _set(value, where, None, drop=True)
        elif how == "add":
            target = value
            for step in where:
                target = target[step]
            if isinstance(target, dict):
                key = draw(st.sampled_from(["zzz", "player", "type", "cards", "forcer"]))
                value = _set(value, (*where, key), draw(st.sampled_from(pool + NASTY)))
            elif isinstance(target, list):
                value = _set(value, where, [*target, draw(st.sampled_from(pool + NASTY))])
        else:
            value = _set(value, where, draw(st.sampled_from(pool + NASTY)))
    return value


def leaves(value: Any) -> list[Any]:
    """Every value inside a JSON-like value: the pool mutations draw from."""
    out = [value]
    if isinstance(value, dict):
        for v in value.values():
            out += leaves(v)
    elif isinstance(value, list):
        for v in value[:20]:
            out += leaves(v)
    return out
