"""The register of house defaults: every value of data/ that the rules do not give, by its place in
its file. The loader refuses a file where a registered value has lost its `provenance:
defaut-maison` (issue 12: deleting that key silently made a house default look official), and a
test keeps the register complete (every `defaut-maison` of data/ is registered here). To make a
value official once you own the game, edit the file *and* remove its line here (docs/data.md).

A place is a path of keys; `[x]` is the list element whose `id` is x, `[3]` the fourth element."""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from typing import Any

from companion.core.errors import DataError
from companion.core.registry import GAMES

HOUSE = "defaut-maison"

class _Register(Mapping[str, list[str]]):
    """game -> its registered places, read live from the registry (each game declares its own:
    GameInfo.house_defaults), so a game registered later is in it too."""

    def __getitem__(self, game: str) -> list[str]:
        return list(GAMES[game].house_defaults)

    def __iter__(self) -> Iterator[str]:
        return iter(GAMES)

    def __len__(self) -> int:
        return len(GAMES)


REGISTER: Mapping[str, list[str]] = _Register()

_STEP = re.compile(r"([^.\[\]]+)|\[([^\]]+)\]")


def resolve(raw: Any, place: str) -> Any:
    """The value at `place` in a file's parsed YAML, or None when it is not there (an entry
    removed from the file has nothing left to mislabel)."""
    value = raw
    for key, item in _STEP.findall(place):
        if key:
            value = value.get(key) if isinstance(value, dict) else None
        elif isinstance(value, list):
            if item.isdigit():
                value = value[int(item)] if int(item) < len(value) else None
            else:
                value = next((x for x in value if isinstance(x, dict) and x.get("id") == item),
                             None)
        else:
            value = None
        if value is None:
            return None
    return value


def check_house_defaults(game: str, raw: dict[str, Any], file_label: str) -> None:
    """Each registered house default still says `provenance: defaut-maison` (DataError)."""
    for place in REGISTER.get(game, []):
        value = resolve(raw, place)
        if isinstance(value, dict) and value.get("provenance") != HOUSE:
            raise DataError(file_label, f"{place}.provenance",
                            f"« {HOUSE} » : cette valeur n'est pas dans la règle (registre des "
                            "défauts maison, companion/core/house_defaults.py ; docs/data.md)",
                            value.get("provenance"))


def house_places(raw: Any, prefix: str = "") -> list[str]:
    """Every place of a parsed file whose provenance is `defaut-maison` (for the register's
    completeness test), named as in REGISTER."""
    out = []
    if isinstance(raw, dict):
        if raw.get("provenance") == HOUSE:
            out.append(prefix)
        for key, value in raw.items():
            out += house_places(value, f"{prefix}.{key}" if prefix else str(key))
    elif isinstance(raw, list):
        for index, value in enumerate(raw):
            key = value.get("id") if isinstance(value, dict) and "id" in value else index
            out += house_places(value, f"{prefix}[{key}]")
    return out
