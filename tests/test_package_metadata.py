"""What the package publishes (issue 40), read back from the wheel's METADATA and the sdist:
the licence as a PEP 639 expression covering the code and the fonts shipped, each licence's
text among the license files; no published extra pinning tools exactly (they are the dependency
group dev, PEP 735, which no metadata carries); an sdist holding the tests and the docs a
packager needs, and only what its anchored includes name."""

from __future__ import annotations

import subprocess
import sys
import tarfile
import tomllib
import zipfile
from email.parser import Parser
from pathlib import Path

import pytest
from packaging.licenses import canonicalize_license_expression
from packaging.requirements import Requirement

ROOT = Path(__file__).resolve().parent.parent
LICENCES = ("LICENSE", "NOTICE", "print_kit/fonts/LICENSE-DejaVu.txt", "tests/axe/LICENSE")


def build(kind: str, out: Path) -> Path:
    """The wheel or the sdist, as the build backend (hatchling) writes it into `out`."""
    done = subprocess.run([sys.executable, "-c", f"import sys, hatchling.build as b; "
                           f"print(b.build_{kind}(sys.argv[1]))", str(out)],
                          cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    return out / done.stdout.strip().splitlines()[-1]


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> zipfile.ZipFile:
    return zipfile.ZipFile(build("wheel", tmp_path_factory.mktemp("wheel")))


@pytest.fixture(scope="module")
def sdist(tmp_path_factory: pytest.TempPathFactory) -> tarfile.TarFile:
    return tarfile.open(build("sdist", tmp_path_factory.mktemp("sdist")))


def metadata(text: str) -> dict[str, list[str]]:
    message = Parser().parsestr(text)
    return {key: message.get_all(key) or [] for key in set(message.keys())}


def test_the_wheel_declares_its_licences_and_ships_their_texts(wheel: zipfile.ZipFile) -> None:
    [info] = {n.split("/")[0] for n in wheel.namelist() if ".dist-info/" in n}
    fields = metadata(wheel.read(f"{info}/METADATA").decode())
    assert float(fields["Metadata-Version"][0]) >= 2.4  # PEP 639's
    [expression] = fields["License-Expression"]
    assert canonicalize_license_expression(expression) == expression
    assert {"MIT", "Bitstream-Vera"} <= set(expression.split(" AND "))
    assert "License" not in fields  # the old free-text field, not beside the expression
    assert sorted(fields["License-File"]) == sorted(LICENCES)
    names = set(wheel.namelist())
    for path in LICENCES:
        assert f"{info}/licenses/{path}" in names, path
    # the fonts the expression covers are the ones shipped
    assert "print_kit/fonts/DejaVuSans-nohint.ttf" in names
    dejavu = wheel.read(f"{info}/licenses/print_kit/fonts/LICENSE-DejaVu.txt").decode()
    assert "Bitstream Vera" in dejavu


def test_no_published_extra_pins_a_version_exactly(wheel: zipfile.ZipFile) -> None:
    [info] = {n.split("/")[0] for n in wheel.namelist() if ".dist-info/" in n}
    fields = metadata(wheel.read(f"{info}/METADATA").decode())
    assert sorted(fields["Provides-Extra"]) == ["app", "postgres", "xlsx"]
    requirements = [Requirement(r) for r in fields["Requires-Dist"]]
    assert requirements and not [r for r in requirements
                                 if any(s.operator in ("==", "===") for s in r.specifier)]
    assert not {"pytest", "playwright", "ruff"} & {r.name for r in requirements}
    # the tools are the dependency group dev instead (PEP 735: never in the metadata)
    groups = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))[
        "dependency-groups"]
    assert {"pytest", "playwright", "ruff"} <= {Requirement(r).name for r in groups["dev"]}


def test_the_sdist_carries_the_tests_and_docs_and_nothing_else(sdist: tarfile.TarFile) -> None:
    names = {name.split("/", 1)[1] for name in sdist.getnames() if "/" in name}
    for needed in ("pyproject.toml", "LICENSE", "NOTICE", "tests/axe/LICENSE",
                   "print_kit/fonts/LICENSE-DejaVu.txt", "tests/conftest.py",
                   "tests/test_package_metadata.py", "docs/architecture.md",
                   "docs/print-kit.md", "data/noe.yaml", "companion/storage/pgfile.py",
                   "uv.lock", "requirements/dev.txt", "deploy/Dockerfile"):
        assert needed in names, needed
    tops = {name.split("/")[0] for name in names}
    assert tops <= {"companion", "print_kit", "tableapp", "data", ".streamlit",
                    "streamlit_app.py", "README.md", "LICENSE", "NOTICE", "CHANGELOG.md",
                    "tests", "docs", "benchmarks", "deploy", "requirements", "uv.lock",
                    "Makefile", ".ci", ".dockerignore", ".gitignore", "pyproject.toml",
                    "PKG-INFO"}, tops
    assert not [n for n in names if "__pycache__" in n or n.endswith((".pyc", ".sqlite3"))]
    info = sdist.extractfile(f"{sdist.getnames()[0].split('/')[0]}/PKG-INFO")
    assert info is not None
    fields = metadata(info.read().decode())
    assert fields["License-Expression"] == [
        tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"][
            "license"]]
