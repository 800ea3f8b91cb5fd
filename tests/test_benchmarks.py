"""The benchmarks stay runnable (issue 37): every script of benchmarks/ takes --quick (CI runs
them all so, `make bench-quick`), and none is named like a package of the project, which it
would shadow for every script of the folder (Python puts the script's folder first)."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SCRIPTS = sorted(p for p in (ROOT / "benchmarks").glob("*.py") if not p.name.startswith("_"))


def test_no_script_shadows_a_package_of_the_project() -> None:
    packages = {p.name for p in ROOT.iterdir() if (p / "__init__.py").is_file()}
    assert {"companion", "print_kit", "tableapp"} <= packages
    assert not {p.stem for p in (ROOT / "benchmarks").glob("*.py")} & packages


def test_every_script_takes_quick() -> None:
    assert len(SCRIPTS) >= 19
    for script in SCRIPTS:
        text = script.read_text(encoding="utf-8")
        assert '"--quick"' in text or "quick()" in text, f"{script.name} sans --quick"
        assert "[--quick]" in text or "--quick" in text.split('"""')[1], \
            f"{script.name} : sa docstring ne dit pas --quick"


def test_ci_runs_them_quick() -> None:
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert "make bench-quick" in ci
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    assert '$(BIN)/python $$script --quick || exit 1' in makefile
