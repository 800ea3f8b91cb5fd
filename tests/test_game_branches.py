"""No shared code asks « which game is this? » (issues 27 and 39): a game id literal used to
pick a game — `game == "<id>"`, `game in ("<id>", ...)`, `"<id>" in x`, a dict keyed by ids
(`{"noe": ...}`), a subscript `x["<id>"]`, `x.get("<id>")` or a call given an id
(`load_game("<id>")`) — belongs only to that game's own modules. Everything else reads the
game's facts and hooks from its GameInfo or its own modules through the registry
(docs/adding-a-game.md). The ids are the registry's, every playable game (« libre » too)."""

from __future__ import annotations

import ast
from pathlib import Path

from companion.core.registry import PLAYABLE

ROOT = Path(__file__).resolve().parent.parent
GAME_IDS = frozenset(PLAYABLE)
TREES = ("companion", "print_kit", "tableapp")


def own(path: Path, game: str) -> bool:
    """The game's own modules: its package (companion/games/<id>/), any folder named after it
    (tableapp/pages/<id>/, print_kit/games/<id>/), and its stats, lab, print and page modules
    (`<id>.py` or `<id>_*.py`)."""
    rel = path.relative_to(ROOT).parts
    return game in rel[:-1] or path.stem == game or path.stem.startswith(game + "_")


def _ids(node: ast.AST | None) -> set[str]:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return {node.value} & GAME_IDS
    if isinstance(node, ast.Tuple | ast.List | ast.Set):
        return set().union(*(_ids(e) for e in node.elts)) if node.elts else set()
    return set()


def _compared(node: ast.Compare) -> set[str]:
    found: set[str] = set()
    sides = [node.left, *node.comparators]
    for op, left, right in zip(node.ops, sides[:-1], sides[1:], strict=True):
        if isinstance(op, ast.Eq | ast.NotEq):
            found |= _ids(left) | _ids(right)
        elif isinstance(op, ast.In | ast.NotIn):
            # `game in ("noe", ...)` and `"noe" in games`; not `"noe" in "a string"`
            found |= _ids(left) if not isinstance(right, ast.Constant) else set()
            found |= _ids(right) if not isinstance(right, ast.Constant) else set()
    return found




def game_branches(path: Path) -> list[tuple[int, str]]:
    """(line, game id) of each place a game id literal picks a game."""
    out = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        found: set[str] = set()
        if isinstance(node, ast.Compare):
            found = _compared(node)
        elif isinstance(node, ast.Dict):
            found = set().union(set(), *(_ids(k) for k in node.keys))
        elif isinstance(node, ast.Subscript):
            found = _ids(node.slice)
        elif isinstance(node, ast.Call):
            found = set().union(set(), *(_ids(a) for a in node.args),
                                *(_ids(k.value) for k in node.keywords))
        out += [(node.lineno, game) for game in sorted(found)]
    return sorted(out)


def branches_outside(trees: tuple[str, ...] = TREES) -> list[str]:
    return [f"{path.relative_to(ROOT)}:{line} choisit « {game} »"
            for tree in trees for path in sorted((ROOT / tree).rglob("*.py"))
            for line, game in game_branches(path) if not own(path, game)]


def test_the_game_ids_are_the_registry_s() -> None:
    assert {"noe", "emblemes", "labystere", "camelot", "elsen", "libre"} <= GAME_IDS


def test_no_game_branch_in_companion() -> None:
    found = branches_outside(("companion",))
    assert not found, "\n".join(found)


def test_no_game_branch_outside_its_own_modules() -> None:
    found = branches_outside()
    assert not found, "\n".join(found)


def test_the_check_sees_a_branch(tmp_path: Path) -> None:
    shared = tmp_path / "shared.py"
    shared.write_text(
        'if game == "noe":\n    pass\n'            # 1
        'if g in ("all", "elsen"):\n    pass\n'    # 3
        'if "camelot" != kind:\n    pass\n'        # 5
        'if word == "bonjour":\n    pass\n'        # 7: not a game
        'if "libre" in games:\n    pass\n'         # 9
        'if "labystere" not in seen:\n    pass\n'  # 11
        'TABLE = {"noe": 1, "titre": 2}\n'         # 13
        'x = stats["emblemes"]["by_name"]\n'       # 14
        'y = facts.get("camelot")\n'               # 15
        'z = load_game("elsen")\n'                 # 16
        'w = load(game=("noe", "libre"))\n'        # 17
        'v = row["name"] + "libre" + f(title="Noé")\n'  # 18: text, not a branch
        'if "noe" in "noe et les autres":\n    pass\n',  # 19: a string in a string
        encoding="utf-8")
    assert game_branches(shared) == [
        (1, "noe"), (3, "elsen"), (5, "camelot"), (9, "libre"), (11, "labystere"), (13, "noe"),
        (14, "emblemes"), (15, "camelot"), (16, "elsen"), (17, "libre"), (17, "noe")]


def test_a_game_s_own_modules(tmp_path: Path) -> None:
    assert own(ROOT / "companion/games/noe/engine.py", "noe")
    assert own(ROOT / "companion/stats/libre.py", "libre")
    assert own(ROOT / "companion/lab/noe_hands.py", "noe")
    assert own(ROOT / "tableapp/pages/labystere/board.py", "labystere")
    assert not own(ROOT / "companion/stats/cli.py", "libre")
    assert not own(ROOT / "companion/games/elsen/engine.py", "noe")
