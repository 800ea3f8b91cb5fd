"""An author's change to a game's data, « --set clé=valeur »: the value is put into the game's
YAML (a dotted path; a list item is named by its `id` or its 0-based position) and the result is
validated by the one loader, with the same model and the same checks as the file itself. The
engines then play with it through `companion.core.loader.installed_data`."""

from __future__ import annotations

import copy
from collections.abc import Sequence
from typing import Any

import yaml

from companion.core.datafiles import data_file
from companion.core.errors import UsageError
from companion.core.loader import parse_game
from companion.core.registry import game_info
from companion.core.schema import GameData

Assignment = tuple[str, Any]


def parse_assignments(texts: Sequence[str]) -> list[Assignment]:
    """« clé=valeur » items; the value is read as YAML (20, 0.5, true, [a, b], texte)."""
    out: list[Assignment] = []
    for text in texts:
        key, sep, raw = text.partition("=")
        key = key.strip()
        if not sep or not key:
            raise UsageError(f"changement « {text} » : écrivez clé=valeur, par exemple "
                             "announcements.complot.points=20")
        try:
            value = yaml.safe_load(raw) if raw.strip() else ""
        except yaml.YAMLError:
            raise UsageError(f"changement « {text} » : la valeur « {raw} » n'est pas "
                             "lisible") from None
        out.append((key, value))
    return out


def raw_data(game: str) -> dict[str, Any]:
    path = data_file(game_info(game).file)
    raw = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert isinstance(raw, dict)
    return raw


def _child(node: Any, part: str, key: str) -> tuple[Any, Any]:
    """The container holding `part` under `node` and the key to use in it."""
    if isinstance(node, dict):
        for candidate in (part, _int(part)):
            if candidate is not None and candidate in node:
                return node, candidate
        known = ", ".join(str(k) for k in node)
        raise UsageError(f"changement {key} : « {part} » inconnu ici ; clés possibles : {known}")
    if isinstance(node, list):
        for i, item in enumerate(node):
            if isinstance(item, dict) and str(item.get("id")) == part:
                return node, i
        index = _int(part)
        if index is not None and 0 <= index < len(node):
            return node, index
        ids = [str(item["id"]) for item in node if isinstance(item, dict) and "id" in item]
        hint = ", ".join(ids) if ids else f"0 à {len(node) - 1}"
        raise UsageError(f"changement {key} : « {part} » ne désigne aucun élément ; "
                         f"possibles : {hint}")
    raise UsageError(f"changement {key} : « {part} » : la valeur au-dessus n'a pas de sous-clés")


def _int(text: str) -> int | None:
    try:
        return int(text)
    except ValueError:
        return None


def apply_assignments(raw: dict[str, Any], assignments: Sequence[Assignment]) -> dict[str, Any]:
    data = copy.deepcopy(raw)
    for key, value in assignments:
        node: Any = data
        parts = key.split(".")
        for part in parts[:-1]:
            container, k = _child(node, part, key)
            node = container[k]
        container, k = _child(node, parts[-1], key)
        container[k] = value
    return data


def variant(game: str, assignments: Sequence[Assignment]) -> GameData:
    """The game's data with the changes, validated like the file (DataError names the field)."""
    data = apply_assignments(raw_data(game), assignments)
    label = f"data/{game_info(game).file} modifié par " + ", ".join(
        f"{k}={v}" for k, v in assignments)
    return parse_game(game, yaml.safe_dump(data, allow_unicode=True, sort_keys=False), label)


def describe(assignments: Sequence[Assignment]) -> str:
    return ", ".join(f"{k} = {v}" for k, v in assignments)
