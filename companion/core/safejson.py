"""JSON from outside (a file given to the CLI, an imported log, a pasted event), parsed so that no
input can crash what reads it: a nesting deeper than any real log, an integer of thousands of
digits, NaN or infinity, or text that is not UTF-8 give one French UsageError instead of a
RecursionError, ValueError or OverflowError further down (issue 12)."""

from __future__ import annotations

import json
from typing import Any

from companion.core.errors import UsageError

MAX_DEPTH = 64  # a game log is 4 levels deep; an event 3 or 4
MAX_INT_DIGITS = 40  # seeds and counts are far below; 4,300 digits made int() raise
MAX_BYTES = 20 * 1024 * 1024  # far above any real log (a night of games is a few hundred KB)


def parse_int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_INT_DIGITS:
        raise UsageError(f"nombre entier démesuré ({len(text)} chiffres) : au plus "
                         f"{MAX_INT_DIGITS} chiffres")
    return int(text)


def parse_float(text: str) -> float:
    value = float(text)
    if value in (float("inf"), float("-inf")):
        raise UsageError(f"nombre démesuré : {text[:20]}…")
    return value


def parse_constant(name: str) -> float:
    raise UsageError(f"« {name} » n'est pas un nombre JSON")


def depth(value: Any) -> int:
    """Nesting depth of a parsed value, computed without recursion; UsageError for a string
    that is not Unicode text (a lone surrogate such as "\\udcff" is valid JSON, but no database
    or page can store or show it)."""
    deepest, todo = 0, [(value, 1)]
    while todo:
        item, level = todo.pop()
        if isinstance(item, str):
            _check_text(item)
        elif isinstance(item, dict | list):
            deepest = max(deepest, level)
            if level > MAX_DEPTH:
                return level
            if isinstance(item, dict):
                todo += [(key, level + 1) for key in item]
            todo += [(child, level + 1) for child in
                     (item.values() if isinstance(item, dict) else item)]
    return deepest


def _check_text(text: str) -> None:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise UsageError("texte invalide : un caractère isolé (\\u…) qui n'est pas du "
                         "Unicode") from None


def loads(data: str | bytes, what: str = "le texte") -> Any:
    """Parse JSON from outside; UsageError (one French line naming `what`) on anything that is
    not reasonable JSON."""
    if isinstance(data, bytes):
        if len(data) > MAX_BYTES:
            raise UsageError(f"{what} : fichier trop gros (plus de {MAX_BYTES // 2**20} Mo)")
        try:
            data = data.decode("utf-8")
        except UnicodeDecodeError:
            raise UsageError(f"{what} : ce n'est pas un texte UTF-8 (JSON attendu)") from None
    try:
        value = json.loads(data, parse_int=parse_int, parse_float=parse_float,
                           parse_constant=parse_constant)
    except json.JSONDecodeError as exc:
        raise UsageError(f"{what} : JSON invalide (ligne {exc.lineno} : {exc.msg})") from None
    except RecursionError:
        raise UsageError(f"{what} : JSON imbriqué trop profondément (au plus {MAX_DEPTH} "
                         "niveaux)") from None
    except UsageError as exc:
        raise UsageError(f"{what} : {exc}") from None
    except ValueError as exc:  # e.g. a float literal Python refuses
        raise UsageError(f"{what} : valeur JSON refusée ({str(exc)[:80]})") from None
    try:
        deep = depth(value)
    except UsageError as exc:
        raise UsageError(f"{what} : {exc}") from None
    if deep > MAX_DEPTH:
        raise UsageError(f"{what} : JSON imbriqué trop profondément (au plus {MAX_DEPTH} "
                         "niveaux)")
    return value
