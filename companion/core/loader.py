"""The one loader: read a game's YAML file, validate it into its typed model, cross-check it."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache
from pathlib import Path
from typing import Any

import yaml
from pydantic import ValidationError

from companion.core import parsecache
from companion.core.datafiles import data_file
from companion.core.errors import DataError, UsageError
from companion.core.house_defaults import check_house_defaults
from companion.core.registry import GAMES, game_info
from companion.core.schema import CheckFailed, GameData

MAX_DATA_BYTES = 2 * 1024 * 1024  # a game file is a few dozen KB


class _DuplicateKey(Exception):
    def __init__(self, key: object, line: int) -> None:
        self.key, self.line = key, line
        super().__init__(key)


class _UniqueKeyLoader(yaml.SafeLoader):
    """PyYAML keeps the last of two equal keys without a word; a data file that says a thing
    twice is refused instead (issue 12)."""

    def construct_mapping(self, node: yaml.MappingNode, deep: bool = False) -> dict[Any, Any]:
        self.flatten_mapping(node)
        seen: set[Any] = set()
        for key_node, _value in node.value:
            key = self.construct_object(key_node, deep=deep)
            try:
                duplicate = key in seen
            except TypeError:  # an unhashable key: PyYAML's own error says so below
                break
            if duplicate:
                raise _DuplicateKey(key, key_node.start_mark.line + 1)
            seen.add(key)
        return super().construct_mapping(node, deep=deep)


def _read_yaml(text: str, file_label: str) -> Any:
    """YAML text to Python values; DataError for bad syntax, a key given twice or a nesting
    deeper than Python can follow."""
    try:
        return yaml.load(text, Loader=_UniqueKeyLoader)  # noqa: S506 - a SafeLoader subclass
    except _DuplicateKey as dup:
        raise DataError(file_label, str(dup.key), f"une seule fois cette clé (en double ligne "
                        f"{dup.line})") from None
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f"ligne {mark.line + 1}" if mark else "(syntaxe)"
        raise DataError(file_label, where, "un YAML bien formé", str(exc).splitlines()[0]) from None
    except RecursionError:
        raise DataError(file_label, "(racine)", "un YAML peu imbriqué (imbrication démesurée)") \
            from None

_EXPECTED = {
    "missing": "une valeur (champ obligatoire absent)",
    "extra_forbidden": "aucun champ de ce nom (champ inconnu)",
    "int_type": "un nombre entier",
    "int_parsing": "un nombre entier",
    "int_from_float": "un nombre entier",
    "string_type": "un texte",
    "bool_type": "vrai ou faux (true/false)",
    "bool_parsing": "vrai ou faux (true/false)",
    "list_type": "une liste",
    "dict_type": "une table (clé: valeur)",
    "model_type": "une table (clé: valeur)",
    "float_type": "un nombre",
    "float_parsing": "un nombre",
}


def _field_path(loc: tuple[Any, ...]) -> str:
    path = ""
    for part in loc:
        if isinstance(part, int):
            path += f"[{part}]"
        else:
            path += ("." if path else "") + str(part)
    return path or "(racine)"


def _expected(error: dict[str, Any]) -> str:
    kind = error["type"]
    ctx = error.get("ctx") or {}
    if kind in _EXPECTED:
        return _EXPECTED[kind]
    if kind == "literal_error" or kind == "enum":
        return f"l'une des valeurs {ctx.get('expected', '')}"
    if kind == "greater_than_equal":
        return f"un nombre ≥ {ctx.get('ge')}"
    if kind == "greater_than":
        return f"un nombre > {ctx.get('gt')}"
    if kind == "less_than_equal":
        return f"un nombre ≤ {ctx.get('le')}"
    if kind in ("too_short", "too_long"):
        return f"une longueur conforme ({error['msg']})"
    return str(error["msg"])


_PARSER = f"pyyaml {yaml.__version__}, {_UniqueKeyLoader.__name__}"


def parse_game(game: str, text: str, file_label: str, *, cached: bool = False) -> GameData:
    """Validate a game's YAML text. `cached`: the text is the game's data file, whose parsed
    values may be kept between runs (companion/core/parsecache.py; never the validation).

    Every failure is a DataError naming the file, the field and what was expected."""
    info = game_info(game)
    if info.schema is None:
        raise UsageError(f"{info.title} n'a pas de fichier de données (une feuille de scores)")
    raw = parsecache.get(game, text, _PARSER) if cached else None
    if raw is None:
        raw = _read_yaml(text, file_label)
        if cached:
            parsecache.put(game, text, _PARSER, raw)
    if not isinstance(raw, dict):
        raise DataError(file_label, "(racine)", "une table (clé: valeur)", type(raw).__name__)
    check_house_defaults(game, raw, file_label)
    try:
        model = info.schema.model_validate(raw)
    except RecursionError:
        raise DataError(file_label, "(racine)", "un YAML peu imbriqué (imbrication démesurée)") \
            from None
    except ValidationError as exc:
        first = exc.errors()[0]
        got = first.get("input") if first["type"] != "missing" else None
        if isinstance(got, dict | list):
            got = None
        raise DataError(file_label, _field_path(first["loc"]), _expected(first), got) from None
    if model.game != game:
        raise DataError(file_label, "game", f"« {game} »", model.game)
    try:
        model.check()
    except CheckFailed as failed:
        raise DataError(file_label, failed.field, failed.expected, failed.got) from None
    except (TypeError, ValueError, KeyError, IndexError, ZeroDivisionError) as exc:
        # a cross-check that met a value it did not expect: still the file's fault
        raise DataError(file_label, "(vérifications croisées)", "des valeurs cohérentes",
                        f"{type(exc).__name__}: {exc}"[:120]) from None
    return model


def load_path(game: str, path: Path, *, cached: bool = False) -> GameData:
    label = f"data/{path.name}"
    try:
        with path.open("rb") as stream:
            data = stream.read(MAX_DATA_BYTES + 1)
    except OSError as exc:
        raise DataError(label, "(fichier)", "un fichier lisible", exc.strerror) from None
    if len(data) > MAX_DATA_BYTES:
        raise DataError(label, "(fichier)", f"au plus {MAX_DATA_BYTES // 2**20} Mo")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise DataError(label, "(fichier)", "un texte UTF-8",
                        f"octet {data[exc.start]:#04x} à la position {exc.start}") from None
    return parse_game(game, text, label, cached=cached)


# A game's data replaced for a while (the balance lab's variants: companion/lab/overrides.py).
_INSTALLED: dict[str, GameData] = {}


def load_game(game: str) -> GameData:
    """The validated data of one game (cached: data files are read once per process), or the
    variant installed by `installed_data`."""
    installed = _INSTALLED.get(game)
    return installed if installed is not None else _load_file(game)


@cache
def _load_file(game: str) -> GameData:
    if game_info(game).schema is None:
        raise UsageError(f"{game_info(game).title} n'a pas de fichier de données (une feuille "
                         "de scores)")
    return load_path(game, data_file(game_info(game).file), cached=True)


load_game.cache_clear = _load_file.cache_clear  # type: ignore[attr-defined]


def install_data(game: str, model: GameData | None) -> None:
    """Make `model` (validated by `parse_game`) the game's data in this process, or restore the
    file's with None. Every value a game module derived from its data and cached is dropped, so
    the engines see the new values at once."""
    if model is None:
        _INSTALLED.pop(game, None)
    else:
        _INSTALLED[game] = model
    prefix = f"companion.games.{game}."
    for name, module in list(sys.modules.items()):
        if name.startswith(prefix):
            for value in list(vars(module).values()):
                clear = getattr(value, "cache_clear", None)
                if callable(clear) and getattr(value, "__module__", None) == name:
                    clear()


@contextmanager
def installed_data(game: str, model: GameData | None) -> Iterator[None]:
    """`install_data` for the time of a block; the previous data comes back after it."""
    previous = _INSTALLED.get(game)
    install_data(game, model)
    try:
        yield
    finally:
        install_data(game, previous)


def load_all() -> dict[str, GameData]:
    return {game: load_game(game) for game in GAMES}
