"""The exported log format (docs/log-format.md) and the bounds on what a user may store.

Every bound has its French sentence and is enforced by the store itself (create, import,
append), so the CLI and the app get the same limits (docs/log-format.md › Limites).
"""

from __future__ import annotations

import json
from typing import Any

from companion.core import safejson
from companion.core.errors import UsageError
from companion.core.log import META_TYPES
from companion.core.registry import PLAYABLE

FORMAT = "compagnon-log"
VERSION = 1

MAX_IMPORT_BYTES = 2_000_000  # an exported log of a long evening is ~100 KB
MAX_IMPORT_EVENTS = 20_000  # raw lines in one imported log
MAX_IMPORT_META = 500  # undo/retract/correct lines: each one replays from a checkpoint
MAX_EVENT_BYTES = 64_000  # one line (or the setup), as stored JSON
MAX_DEPTH = 20  # nesting of objects and lists in one line
MAX_NAME = 40  # a player's name
MAX_TEXT = 500  # a title, a note, any other text in a line


def envelope(game: str, setup: dict[str, Any], raw: list[dict[str, Any]], title: str = "",
             created: str = "") -> dict[str, Any]:
    """The documented log format: the raw log, meta-events included."""
    return {"format": FORMAT, "version": VERSION, "game": game, "title": title,
            "created": created, "setup": setup, "events": raw}


def _shown(text: str) -> str:
    return f"« {text[:20]}… »" if len(text) > 20 else f"« {text} »"


def title_of(names: list[str], name: str = "") -> str:
    """The default title of a game, its players' names (after the game's own `name` when the
    table gave it one: « Autre jeu »), shortened to fit MAX_TEXT (fifteen names of 40
    characters do not)."""
    text = ", ".join(names)
    if name:
        text = f"{name} · {text}"
    return text if len(text) <= MAX_TEXT else text[:MAX_TEXT - 1] + "…"


def check_title(title: Any) -> str:
    if not isinstance(title, str):
        raise UsageError("le titre d'une partie est un texte")
    if len(title) > MAX_TEXT:
        raise UsageError(f"titre trop long : {len(title)} caractères, {MAX_TEXT} au plus")
    return title


def _check_value(value: Any, where: str, depth: int = 0) -> None:
    if depth > MAX_DEPTH:
        raise UsageError(f"{where} : trop d'imbrications (objets ou listes sur plus de "
                         f"{MAX_DEPTH} niveaux)")
    if isinstance(value, str):
        if len(value) > MAX_TEXT:
            raise UsageError(f"{where} : texte {_shown(value)} trop long ({len(value)} "
                             f"caractères, {MAX_TEXT} au plus)")
    elif isinstance(value, dict):
        for key, item in value.items():
            _check_value(key, where, depth + 1)
            _check_value(item, where, depth + 1)
    elif isinstance(value, list):
        for item in value:
            _check_value(item, where, depth + 1)


def line_text(value: Any, where: str) -> str:
    """The stored JSON of one line (or a setup), after checking its bounds: UsageError."""
    _check_value(value, where)
    try:
        text = json.dumps(value, ensure_ascii=False, separators=(",", ":"), allow_nan=False)
    except (TypeError, ValueError):
        raise UsageError(f"{where} : ce n'est pas du JSON (texte, nombres, listes, "
                         "objets)") from None
    if len(text.encode("utf-8")) > MAX_EVENT_BYTES:
        raise UsageError(f"{where} : trop volumineux ({len(text.encode('utf-8'))} octets, "
                         f"{MAX_EVENT_BYTES} au plus)")
    return text


def check_setup(setup: Any) -> str:
    """Bounds of a setup (players' names at most MAX_NAME characters); its stored JSON."""
    if isinstance(setup, dict) and isinstance(setup.get("players"), list):
        for name in setup["players"]:
            if isinstance(name, str) and len(name) > MAX_NAME:
                raise UsageError(f"le nom {_shown(name)} est trop long ({len(name)} caractères, "
                                 f"{MAX_NAME} au plus)")
    return line_text(setup, "mise en place")


def parse_envelope(data: str | bytes | dict[str, Any],
                   expected_game: str | None = None) -> dict[str, Any]:
    """Check an exported log's envelope and bounds (not its events' rules); UsageError with
    the reason."""
    if isinstance(data, bytes | str):
        size = len(data.encode("utf-8")) if isinstance(data, str) else len(data)
        if size > MAX_IMPORT_BYTES:
            raise UsageError(f"fichier trop volumineux : {size / 1e6:.1f} Mo, "
                             f"{MAX_IMPORT_BYTES / 1e6:.0f} Mo au plus pour un journal")
        try:
            data = json.loads(data, parse_int=safejson.parse_int,
                              parse_float=safejson.parse_float,
                              parse_constant=safejson.parse_constant)
            safejson.depth(data)  # a "\\udcff" escape is valid JSON but no text to store
        except (UnicodeDecodeError, json.JSONDecodeError, UsageError) as exc:
            # a 4,300-digit integer, NaN or infinity too (companion.core.safejson; issue 12)
            raise UsageError(f"fichier illisible : ce n'est pas du JSON valide ({exc})") from None
        except RecursionError:
            raise UsageError(f"fichier refusé : trop d'imbrications (plus de {MAX_DEPTH} "
                             "niveaux)") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise UsageError(f"ce n'est pas un journal de partie (« format » : « {FORMAT} » "
                         "attendu)")
    if data.get("version") != VERSION:
        raise UsageError(f"version de journal non prise en charge : {data.get('version')!r} "
                         f"(attendu {VERSION})")
    game = data.get("game")
    if not isinstance(game, str) or game not in PLAYABLE:  # a list was unhashable: TypeError
        raise UsageError(f"jeu inconnu dans le journal : {game!r} ; jeux : "
                         f"{', '.join(PLAYABLE)}")
    if expected_game is not None and game != expected_game:
        raise UsageError(f"ce journal est une partie de {PLAYABLE[game].title}, pas de "
                         f"{PLAYABLE[expected_game].title}")
    if not isinstance(data.get("setup"), dict):
        raise UsageError("« setup » (la mise en place) doit être un objet JSON")
    if not isinstance(data.get("events"), list):
        raise UsageError("« events » doit être une liste d'événements")
    if len(data["events"]) > MAX_IMPORT_EVENTS:
        raise UsageError(f"journal trop long : {len(data['events'])} lignes, "
                         f"{MAX_IMPORT_EVENTS} au plus")
    meta = sum(1 for line in data["events"]
               if isinstance(line, dict) and isinstance(line.get("type"), str)
               and line["type"] in META_TYPES)  # a dict "type" was unhashable: TypeError
    if meta > MAX_IMPORT_META:
        raise UsageError(f"journal refusé : {meta} annulations ou corrections, "
                         f"{MAX_IMPORT_META} au plus dans un journal importé")
    return data
