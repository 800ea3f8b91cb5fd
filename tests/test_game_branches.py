"""No shared code asks « which game is this? » (issue 27): a `game == "<id>"` comparison, or a
`game in ("<id>", ...)`, belongs only to that game's own modules. Everything else reads the
game's facts and hooks from its GameInfo (docs/adding-a-game.md). Stdlib only (ast)."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GAME_IDS = frozenset(p.stem for p in (ROOT / "data").glob("*.yaml"))
TREES = ("companion", "print_kit", "tableapp")


def own(path: Path, game: str) -> bool:
    """The game's own modules: its package, and its stats, lab, print and page modules
    (`<id>.py` or `<id>_*.py`)."""
    rel = path.relative_to(ROOT).parts
    if rel[:3] == ("companion", "games", game):
        return True
    return len(rel) == 3 and (path.stem == game or path.stem.startswith(game + "_"))


def _ids(node: ast.expr) -> set[str]:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return {node.value} & GAME_IDS
    if isinstance(node, ast.Tuple | ast.List | ast.Set):
        return set().union(*(_ids(e) for e in node.elts)) if node.elts else set()
    return set()


def game_comparisons(path: Path) -> list[tuple[int, str]]:
    """(line, game id) of each comparison of something with a game id literal."""
    out = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not isinstance(node, ast.Compare):
            continue
        sides = [node.left, *node.comparators]
        for op, left, right in zip(node.ops, sides[:-1], sides[1:], strict=True):
            if isinstance(op, ast.Eq | ast.NotEq):
                found = _ids(left) | _ids(right)
            elif isinstance(op, ast.In | ast.NotIn):
                found = _ids(right) if not isinstance(right, ast.Constant) else set()
            else:
                continue
            out += [(node.lineno, game) for game in sorted(found)]
    return out


def test_the_game_ids_are_known() -> None:
    assert {"noe", "emblemes", "labystere", "camelot", "elsen"} <= GAME_IDS


def test_no_game_branch_outside_its_own_modules() -> None:
    found = [f"{path.relative_to(ROOT)}:{line} compare à « {game} »"
             for tree in TREES for path in sorted((ROOT / tree).rglob("*.py"))
             for line, game in game_comparisons(path) if not own(path, game)]
    assert not found, "\n".join(found)


def test_the_check_sees_a_branch(tmp_path: Path) -> None:
    shared = tmp_path / "shared.py"
    shared.write_text('if game == "noe":\n    pass\nif g in ("all", "elsen"):\n    pass\n'
                      'if "camelot" != kind:\n    pass\nif word == "bonjour":\n    pass\n',
                      encoding="utf-8")
    assert game_comparisons(shared) == [(1, "noe"), (3, "elsen"), (5, "camelot")]


def game_names(path: Path) -> list[tuple[int, str]]:
    """(line, game id) of each other way of naming a game in code: a game id on the left of
    `in` (`"noe" in games`), as a subscript (`x["noe"]`), a dict key, or `load_game("noe")`."""
    out = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        found: set[str] = set()
        if isinstance(node, ast.Compare):
            for op, left in zip(node.ops, [node.left, *node.comparators][:-1], strict=True):
                if isinstance(op, ast.In | ast.NotIn):
                    found |= _ids(left)
        elif isinstance(node, ast.Subscript):
            found = _ids(node.slice)
        elif isinstance(node, ast.Dict):
            found = set().union(set(), *(_ids(k) for k in node.keys if k is not None))
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name | ast.Attribute) \
                and getattr(node.func, "id", getattr(node.func, "attr", None)) == "load_game":
            found = set().union(set(), *(_ids(a) for a in node.args))
        out += [(node.lineno, game) for game in sorted(found)]
    return sorted(out)


def test_the_print_kit_names_no_game_outside_its_own_modules() -> None:
    """Issue 39: the print kit's shared code reaches a game's own options, pictures and files
    through its print module's hooks (print_kit/games/<id>.py), never by its id."""
    found = [f"{path.relative_to(ROOT)}:{line} nomme « {game} »"
             for path in sorted((ROOT / "print_kit").rglob("*.py"))
             for line, game in game_names(path) if not own(path, game)]
    assert not found, "\n".join(found)


def test_the_check_sees_a_game_named(tmp_path: Path) -> None:
    shared = tmp_path / "shared.py"
    shared.write_text('if "noe" not in games:\n    pass\nx = load_game("elsen").players\n'
                      'y = table["camelot"]\nz = {"labystere": 1, "bonjour": 2}\n'
                      'if "bonjour" in words:\n    pass\n', encoding="utf-8")
    assert game_names(shared) == [(1, "noe"), (3, "elsen"), (4, "camelot"), (5, "labystere")]
