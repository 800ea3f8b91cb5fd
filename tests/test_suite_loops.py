"""The suite's own hygiene: a test never calls `asyncio.run` itself. Under xdist a worker that
ran a browser test keeps Playwright's event loop in its main thread, where asyncio.run refuses
to start (CI failed on this twice: the forwarded headers, then the serving bounds). Tests run a
coroutine with `browsing.in_own_loop`, which gives it a thread of its own; a script handed to a
subprocess (a string) is not a call here."""

from __future__ import annotations

import ast
from pathlib import Path

TESTS = Path(__file__).resolve().parent


def bare_asyncio_runs(source: str) -> list[int]:
    """The lines of `source` that call asyncio.run (or `run` imported from asyncio)."""
    tree = ast.parse(source)
    run_names = {alias.asname or alias.name for node in ast.walk(tree)
                 if isinstance(node, ast.ImportFrom) and node.module == "asyncio"
                 for alias in node.names if alias.name == "run"}
    lines = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        called = node.func
        if (isinstance(called, ast.Attribute) and called.attr == "run"
                and isinstance(called.value, ast.Name) and called.value.id == "asyncio"):
            lines.append(node.lineno)
        elif isinstance(called, ast.Name) and called.id in run_names:
            lines.append(node.lineno)
    return lines


def test_the_check_finds_a_bare_run_and_spares_a_script_string() -> None:
    assert bare_asyncio_runs("import asyncio\nasyncio.run(main())\n") == [2]
    assert bare_asyncio_runs("from asyncio import run as go\ngo(main())\n") == [2]
    assert bare_asyncio_runs('SCRIPT = """\nasyncio.run(main())\n"""\n') == []
    assert bare_asyncio_runs("pool.submit(asyncio.run, coroutine)\n") == []


def test_no_test_calls_asyncio_run_beside_the_browser() -> None:
    found = {path.name: lines for path in sorted(TESTS.rglob("*.py"))
             if (lines := bare_asyncio_runs(path.read_text(encoding="utf-8")))}
    assert found == {}, f"use browsing.in_own_loop instead of asyncio.run: {found}"
