"""Every file of the repository can be checked out on Windows and macOS: no character or name
those systems refuse, no two paths that a case-insensitive or Unicode-normalising file system
takes for one, no path too long for Windows' classic limit once under a user's folder."""

from __future__ import annotations

import re
import subprocess
import unicodedata
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

_FORBIDDEN = re.compile(r'[<>:"|?*\\\x00-\x1f]')  # Windows (« : » also on classic macOS)
_RESERVED = re.compile(r"^(CON|PRN|AUX|NUL|COM[0-9¹²³]|LPT[0-9¹²³])(\..*)?$", re.I)
# C:\Users\<name>\Documents\compagnon-de-table\ is about 60 characters; MAX_PATH is 260
_LONGEST = 190


def tracked() -> list[str]:
    try:
        done = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True,
                              timeout=60)
    except (OSError, subprocess.TimeoutExpired):
        pytest.skip("git absent : pas de liste des fichiers du dépôt")
    if done.returncode != 0:
        pytest.skip("pas un dépôt git (archive source)")
    return [name for name in done.stdout.decode("utf-8").split("\0") if name]


def problems(paths: list[str]) -> list[str]:
    """Each path another operating system would refuse, with the reason (in French)."""
    found = []
    for path in paths:
        for part in path.split("/"):
            if _FORBIDDEN.search(part):
                found.append(f"{path} : caractère interdit sous Windows "
                             f"({_FORBIDDEN.search(part).group()!r})")  # type: ignore[union-attr]
            if _RESERVED.match(part):
                found.append(f"{path} : nom réservé sous Windows ({part})")
            if part.endswith((".", " ")):
                found.append(f"{path} : finit par un point ou une espace (Windows)")
        if len(path) > _LONGEST:
            found.append(f"{path} : chemin de {len(path)} caractères (limite Windows)")
    seen: dict[str, str] = {}
    for path in paths:
        folded = unicodedata.normalize("NFC", path).casefold()
        if folded in seen:
            found.append(f"{path} et {seen[folded]} : un seul fichier sous Windows et macOS")
        seen[folded] = path
    return found


def test_the_checks_catch_what_windows_and_macos_refuse() -> None:
    bad = ["postgresql:/companion@127.0.0.1:60757/test_7", "docs/aux.md", "a/b?.txt",
           "notes. ", "README.md", "readme.md", "e\u0301te.txt", "\u00e9te.txt", "x" * 200]
    found = "\n".join(problems(bad))
    for words in ("postgresql:/companion", "docs/aux.md", "a/b?.txt", "notes. ",
                  "readme.md et README.md", "\u00e9te.txt et", "200 caractères"):
        assert words in unicodedata.normalize("NFC", found), found
    assert problems(["companion/cli/base.py", "docs/register/table.md", "print_kit/fonts/"
                     "DejaVuSans-nohint.ttf"]) == []


def test_no_tracked_path_is_invalid_on_windows_or_macos() -> None:
    assert problems(tracked()) == []
