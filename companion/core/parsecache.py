"""The parsed values of the games' data files, kept between runs, like Python's .pyc files.

Parsing YAML in pure Python is most of the cost of loading a game (about 10 ms a file, the five
games 45 ms of every `companion` command); marshal reads the same values back in a tenth of a
millisecond. One entry per data file, stamped with the SHA-256 of the file's text and the
versions that produced it: a changed file is parsed again. Only plain values are kept (tables,
lists, texts, numbers, booleans, null) and checked again when read back, so what comes out of
the cache is exactly what the parser gave. The validation of the values is never cached.
The folder is `$COMPANION_CACHE_DIR` or `~/.cache/compagnon-de-table`; it may be deleted at
any time, and a failure to read or write it only costs time."""

from __future__ import annotations

import hashlib
import marshal
import os
import sys
from pathlib import Path
from typing import Any

from companion.core import settings

CACHE_VERSION = 1
_PLAIN = (str, int, float, bool, type(None))


def cache_dir() -> Path:
    return settings.cache_folder()


def _entry(name: str) -> Path:
    return cache_dir() / f"data-{name}.v{CACHE_VERSION}.marshal"


def _stamp(text: str, parser: str) -> str:
    digest = hashlib.sha256(text.encode("utf-8")).hexdigest()
    return f"{digest}|{parser}|{sys.version_info[:2]}"


def plain(value: Any, depth: int = 0) -> bool:
    """Only tables with text or number keys, lists, texts, numbers, booleans and null."""
    if depth > 100:
        return False
    if type(value) in _PLAIN:
        return True
    if type(value) is list:
        return all(plain(v, depth + 1) for v in value)
    if type(value) is dict:
        return all(type(k) in _PLAIN and plain(v, depth + 1) for k, v in value.items())
    return False


def get(name: str, text: str, parser: str) -> Any | None:
    """The values parsed before from this very text by `parser`, or None."""
    try:
        stamp, value = marshal.loads(_entry(name).read_bytes())
    except (OSError, ValueError, EOFError, TypeError):
        return None
    if stamp != _stamp(text, parser) or not plain(value):
        return None
    return value


def put(name: str, text: str, parser: str, value: Any) -> None:
    """Keep the values parsed from `text` (only plain values; atomically; errors ignored)."""
    if not plain(value):
        return
    path = _entry(name)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
        tmp.write_bytes(marshal.dumps((_stamp(text, parser), value)))
        os.replace(tmp, path)
    except (OSError, ValueError):
        pass
