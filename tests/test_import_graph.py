"""The import graph of companion, print_kit and tableapp (issue 27), from the sources (ast,
stdlib only): no circle — a module never imports, however indirectly, one that imports it
back — and no import runs up a floor (companion imports neither print_kit nor tableapp;
print_kit does not import tableapp). Imports under `if TYPE_CHECKING:` are for the type checker
only and do not count; an import inside a function counts (it runs). Modules loaded
by name (importlib) are not edges: the game registry's hooks are found that way on purpose."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("companion", "print_kit", "tableapp")
FLOOR = {"companion": 0, "print_kit": 1, "tableapp": 2}


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _typing_only(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def imported(path: Path, modules: set[str]) -> set[str]:
    """The project modules `path` imports (a `from package import name` that names a module
    counts as that module)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out: set[str] = set()

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.If) and _typing_only(node):
            for child in node.orelse:
                visit(child)
            return
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")
                anchor = anchor[: len(anchor) - node.level + 1]
                base = ".".join([*anchor, base] if base else anchor)
            out.add(base)
            out.update(f"{base}.{a.name}" for a in node.names if f"{base}.{a.name}" in modules)
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(tree)
    return {m for m in out if m in modules}


def graph() -> dict[str, set[str]]:
    paths = [p for pkg in PACKAGES for p in (ROOT / pkg).rglob("*.py")]
    modules = {module_name(p) for p in paths}
    # a package's __init__ running is not an edge worth a circle: only module -> module
    return {module_name(p): imported(p, modules) - _parents(module_name(p)) for p in paths}


def _parents(name: str) -> set[str]:
    parts = name.split(".")
    return {".".join(parts[:i]) for i in range(1, len(parts))}


def circles(edges: dict[str, set[str]]) -> list[list[str]]:
    """Each strongly connected group of more than one module (Tarjan), as a sorted list."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[list[str]] = []

    def strong(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(edges.get(v, ())):
            if w not in index:
                strong(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1 or v in edges.get(v, ()):
                out.append(sorted(group))

    import sys

    sys.setrecursionlimit(max(sys.getrecursionlimit(), 10000))
    for v in sorted(edges):
        if v not in index:
            strong(v)
    return out


def test_no_import_circle() -> None:
    found = circles(graph())
    assert not found, "\n".join(" <-> ".join(group) for group in found)


def test_no_import_runs_up_a_floor() -> None:
    """`python -m companion` (companion/__main__.py) is the program's start, which nothing
    imports: it may reach the top floor's command (tableapp.console), like a console script."""
    up = [f"{m} -> {t}" for m, targets in sorted(graph().items()) for t in sorted(targets)
          if FLOOR[t.split(".")[0]] > FLOOR[m.split(".")[0]] and m != "companion.__main__"]
    assert not up, "\n".join(up)


def test_the_checks_see_a_circle_and_a_typing_import(tmp_path: Path) -> None:
    assert circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    source = tmp_path / "m.py"
    source.write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    import x\n"
                      "def f():\n    import y\n", encoding="utf-8")
    global ROOT
    saved, ROOT = ROOT, tmp_path
    try:
        assert imported(source, {"x", "y"}) == {"y"}
    finally:
        ROOT = saved


def test_the_kernel_and_its_near_rooms_import_no_game() -> None:
    """The registry lives in the kernel (companion/core/registry.py, issue 39): core, storage,
    events, hosting and cli reach a game through it (`registry.module(game, kind)`, by name),
    never by importing companion.games."""
    low = ("companion.core", "companion.storage", "companion.events", "companion.hosting",
           "companion.cli")
    found = [f"{m} -> {t}" for m, targets in sorted(graph().items()) if m.startswith(low)
             for t in sorted(targets) if t.startswith("companion.games")]
    assert not found, "\n".join(found)
