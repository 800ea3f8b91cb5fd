"""Where the games' data files live, in a checkout and in an installed package alike."""

from __future__ import annotations

from pathlib import Path

from companion.core import settings

_PACKAGE = Path(__file__).resolve().parent.parent  # companion/, above core/
# A wheel carries data/ as companion/_data (see pyproject); a checkout has it beside the package.
_CANDIDATES = (_PACKAGE / "_data", _PACKAGE.parent / "data")


def data_dir() -> Path:
    override = settings.data_dir_override()
    if override is not None:
        return override
    for candidate in _CANDIDATES:
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError("dossier data/ introuvable (installation incomplète)")


def data_file(name: str) -> Path:
    return data_dir() / name
