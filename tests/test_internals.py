"""Streamlit's (and uvicorn's, asyncio's, the socket module's) private parts the app hooks, on
one list (tableapp/serving/internals.py): all there with the locked Streamlit (the lowest
allowed one is checked by .ci/smoke.py), every private import of the app and every private
attribute, patched function or attribute read by name in tableapp/serving on it, and a missing
one said as a WARNING at `companion app`'s start, naming what switches off."""

from __future__ import annotations

import ast
import logging
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from tableapp.serving import internals

ROOT = Path(__file__).resolve().parent.parent
PRIVATE_IMPORT = re.compile(
    r"from (streamlit\.(?:runtime|web|proto)[\w.]*|uvicorn[\w.]*|asyncio[\w.]*) import (\w+)")
SERVING = ROOT / "tableapp" / "serving"
# Names read by name that are public parts of the standard library, not internals.
PUBLIC = frozenset({"msg",  # logging.LogRecord.msg (quietlog rewrites a record's message)
                    "TCP_NODELAY"})  # socket.TCP_NODELAY (runcost asks whether it exists)


def test_every_internal_is_there_with_this_streamlit() -> None:
    assert internals.missing() == []


def test_every_private_streamlit_or_uvicorn_import_of_the_app_is_on_the_list() -> None:
    listed = {(i.module, i.attribute.split(".")[0]) for i in internals.INTERNALS}
    listed |= {(i.module.rsplit(".", 1)[0], i.module.rsplit(".", 1)[1])
               for i in internals.INTERNALS if "." in i.module}
    found = set()
    for path in (ROOT / "tableapp").rglob("*.py"):
        for module, name in PRIVATE_IMPORT.findall(path.read_text(encoding="utf-8")):
            found.add((module, name))
            assert (module, name) in listed, f"{path.name} : {module}.{name} hors de la liste"
    assert found  # the scan saw the app's imports


def test_a_missing_internal_is_a_warning(monkeypatch: pytest.MonkeyPatch,
                                         caplog: pytest.LogCaptureFixture) -> None:
    gone = internals.Internal("streamlit.runtime", "Runtime.no_such_thing", "un essai")
    monkeypatch.setattr(internals, "INTERNALS", (*internals.INTERNALS, gone))
    with caplog.at_level(logging.WARNING, logger="companion.app"):
        assert internals.warn_missing() == [gone]
    [record] = caplog.records
    assert record.levelno == logging.WARNING
    assert "Runtime.no_such_thing" in record.getMessage()
    assert "un essai" in record.getMessage()


def own_names(trees: list[ast.Module]) -> set[str]:
    """The attributes the app's own code defines: its functions and classes, their class-level
    names and slots, what it sets on `self` or on its own functions (marks such as
    `create.as_app_pages`), and its marks on others' objects (`companion_*`)."""
    out: set[str] = set()
    for tree in trees:
        functions = {n.name for n in ast.walk(tree)
                     if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef)}
        out |= functions
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store) and \
                    isinstance(node.value, ast.Name) and \
                    (node.value.id in ("self", "cls") or node.value.id in functions):
                out.add(node.attr)
            if isinstance(node, ast.ClassDef):
                for statement in node.body:
                    targets = [statement.target] if isinstance(statement, ast.AnnAssign) else \
                        statement.targets if isinstance(statement, ast.Assign) else []
                    out |= {t.id for t in targets if isinstance(t, ast.Name)}
                    if any(isinstance(t, ast.Name) and t.id == "__slots__" for t in targets):
                        out |= {c.value for c in ast.walk(statement)
                                if isinstance(c, ast.Constant) and isinstance(c.value, str)}
    return out


def touched(tree: ast.Module) -> Iterator[tuple[int, str]]:
    """(line, name) of every private attribute (`x._name`), every attribute set on something
    else than `self` (a patch), and every attribute asked by name (getattr, hasattr, setattr)."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute):
            private = node.attr.startswith("_") and not node.attr.startswith("__")
            patched = isinstance(node.ctx, ast.Store) and not (
                isinstance(node.value, ast.Name) and node.value.id in ("self", "cls"))
            if private or patched:
                yield node.lineno, node.attr
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and \
                node.func.id in ("getattr", "hasattr", "setattr") and len(node.args) >= 2 and \
                isinstance(node.args[1], ast.Constant) and isinstance(node.args[1].value, str) \
                and not node.args[1].value.startswith("__"):  # Python's own (`__code__`)
            yield node.lineno, node.args[1].value


def foreign_parts(files: list[Path]) -> list[str]:
    """What the files touch of others' code and the list does not name."""
    trees = [ast.parse(path.read_text(encoding="utf-8")) for path in files]
    own = own_names(trees)
    listed = {part for i in internals.INTERNALS for part in (*i.attribute.split("."), *i.uses)}
    return [f"{path.name}:{line} {name}"
            for path, tree in zip(files, trees, strict=True) for line, name in touched(tree)
            if name not in own and name not in PUBLIC and not name.startswith("companion_")
            and name not in listed]


def test_every_private_part_the_serving_code_touches_is_on_the_list() -> None:
    files = sorted(SERVING.glob("*.py"))
    assert len(files) > 10
    assert foreign_parts(files) == []


def test_the_scan_sees_a_private_part(tmp_path: Path) -> None:
    hook = tmp_path / "hook.py"
    hook.write_text(
        "from streamlit.runtime import app_session\n"
        "class Mine:\n    __slots__ = ('budget',)\n    mark = 1\n"
        "    def own(self) -> None:\n        self._mine = self.budget\n"
        "def wrapper() -> None:\n    pass\n"
        "wrapper.as_app_pages = True\n"  # the app's own mark
        "app_session._private_thing = wrapper\n"  # a patch of a private function
        "x = getattr(runtime, 'some_manager', None)\n"  # read by name
        "y = sock._peek()\n"  # a private method of another's object
        "z = Mine()._mine\n", encoding="utf-8")
    assert [found.split(" ")[1] for found in foreign_parts([hook])] == \
        ["_private_thing", "some_manager", "_peek"]


@pytest.mark.parametrize("entry", [
    internals.Internal("uvicorn.protocols.http.auto", "AutoHTTPProtocol.__init__", "un essai",
                       uses=("no_such_attribute",)),
    internals.Internal("asyncio.selector_events", "BaseSelectorEventLoop._accept_connection",
                       "un essai", says="a message asyncio never logs"),
    internals.Internal("streamlit.web.server.starlette.starlette_routes",
                       "BASE_ROUTE_UPLOAD_FILE", "un essai", says="_stcore/another_route"),
    internals.Internal("streamlit.proto.BackMsg_pb2", "BackMsg.DESCRIPTOR.fields_by_name",
                       "un essai", uses=("no_such_field",))])
def test_an_internal_changed_inside_is_missing(entry: internals.Internal) -> None:
    """Present but no longer what the app relies on (a method that stopped setting `cycle`, a
    route renamed): missing, as if gone."""
    assert not internals.present(entry)
    assert internals.present(entry._replace(uses=(), says=""))
