"""The package's version, licence (LICENSE, MIT) and credits (NOTICE: OpenMoji's art, the
fonts), as `companion --version` shows them. A wheel carries both files inside the package
(pyproject › force-include); a checkout has them at its root."""

from __future__ import annotations

import tomllib
from importlib import metadata
from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent.parent  # companion/, above core/
DISTRIBUTION = "compagnon-de-table"


def version() -> str:
    """The version, from its one place: pyproject.toml where this copy is a checkout (an
    editable install's metadata keeps the version of the day it was installed), else the
    installed package's metadata (a wheel's own pyproject)."""
    project = _PACKAGE.parent / "pyproject.toml"
    if project.is_file():
        with project.open("rb") as file:
            declared = tomllib.load(file).get("project", {})
        if declared.get("name") == DISTRIBUTION and isinstance(declared.get("version"), str):
            return str(declared["version"])
    try:
        return metadata.version(DISTRIBUTION)
    except metadata.PackageNotFoundError:  # neither a checkout nor installed
        return "inconnue (non installé)"


def legal_file(name: str) -> Path | None:
    """LICENSE or NOTICE, wherever this copy of the package keeps it."""
    for candidate in (_PACKAGE / "_legal" / name, _PACKAGE.parent / name):
        if candidate.is_file():
            return candidate
    return None


def version_text() -> str:
    notice = legal_file("NOTICE")
    licence = legal_file("LICENSE")
    lines = [f"Compagnon de table (compagnon-de-table) {version()}",
             "Licence du code : MIT" + (f" ({licence})" if licence else ""), ""]
    lines.append(notice.read_text(encoding="utf-8").rstrip() if notice else
                 "NOTICE introuvable : installation incomplète")
    return "\n".join(lines)
