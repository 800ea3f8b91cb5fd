"""An author's deck file read under limits checked while reading, never after: the bytes of the
file, lines, columns, characters of a cell, cards (rows, those with 0 copies included), YAML
values and nesting. Every file passes here (or through deckxlsx.py, which uses them), uploaded
on the app's page or given to `companion print deck`, so the limits are the same in both
(docs/print-kit.md › « Limits »). Each refusal is one French sentence naming the file, the
line or column, and the limit; no exception of a parser reaches the user.

This module turns bytes into a table (CSV) or a tree (YAML), print_kit/decks/deckxlsx.py an XLSX
into a table; what the columns and fields mean is print_kit/decks/deckfile.py's."""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence
from typing import Any

import yaml

from companion.core.errors import UsageError
from companion.core.text import number

MAX_FILE_BYTES = 2 * 1024 * 1024  # a 2,000-card CSV with a line of text on each: 200 kB
MAX_ROWS = 2000  # cards of one file, rows with 0 copies included (one row a card)
MAX_LINES = 5000  # lines of a CSV or a sheet, blank ones included
MAX_COLUMNS = 30  # eleven are known; room for an author's notes
MAX_LINE_CELLS = 200  # cells of one line (CSV, XLSX) or fields of a YAML card, empty ones too
MAX_CELL_CHARS = 2000  # a card's text overflows its card long before
MAX_DEPTH = 6  # a YAML deck is 3 deep: the file, « cartes », a card's fields
MAX_YAML_VALUES = 50_000  # about 2,000 cards of 11 fields, keys and values


class DeckFileError(UsageError):
    """Every problem of a deck file; the message is the first one (and how many others)."""

    def __init__(self, problems: Sequence[str]) -> None:
        self.problems = list(problems)
        more = len(problems) - 1
        tail = f" (et {more} autre{'s' if more > 1 else ''} problème{'s' if more > 1 else ''})" \
            if more > 0 else ""
        super().__init__(self.problems[0] + tail)


def refuse(message: str) -> DeckFileError:
    return DeckFileError([message])


def megabytes(size: int) -> str:
    """« 2 Mo », « 10,01 Mo » (MiB, as the limits are set): two decimals, so a size just
    past a limit is not written as the limit itself."""
    return f"{number(size / 2**20, 2)} Mo"


def column_letter(index: int) -> str:
    letters = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        letters = chr(65 + rest) + letters
    return letters


def blank(value: Any) -> bool:
    return value is None or (isinstance(value, str) and not value.strip())


def check_size(file: str, data: bytes) -> None:
    if len(data) > MAX_FILE_BYTES:
        raise refuse(f"{file} : fichier trop gros ({megabytes(len(data))}) ; un paquet tient "
                     f"en {megabytes(MAX_FILE_BYTES)} au plus")


class Rows:
    """Counts a table's lines and cards as they are read, and checks each line's width and
    cells: the first line past a limit stops the reading."""

    def __init__(self, file: str) -> None:
        self.file = file
        self.cards = -1  # the first non-blank line is the header

    def check_line(self, line: int) -> None:
        if line > MAX_LINES:
            raise refuse(f"{self.file}, ligne {line} : plus de {MAX_LINES} lignes ; un paquet "
                         f"en a une par carte, {MAX_ROWS} au plus")

    def check(self, line: int, values: Sequence[Any]) -> None:
        where = f"{self.file}, ligne {line}"
        self.check_line(line)
        if len(values) > MAX_LINE_CELLS:
            raise refuse(f"{where} : plus de {MAX_LINE_CELLS} cases (même vides) ; un paquet en "
                         "utilise onze")
        beyond = next((i for i in range(MAX_COLUMNS, len(values)) if not blank(values[i])),
                      None)
        if beyond is not None:  # the first column past the limit that holds something
            raise refuse(f"{where}, colonne {column_letter(beyond)} : plus de {MAX_COLUMNS} "
                         "colonnes ; un paquet en utilise onze au plus")
        if all(blank(v) for v in values):
            return
        for i, value in enumerate(values):
            if isinstance(value, str) and len(value) > MAX_CELL_CHARS:
                raise refuse(f"{where}, colonne {column_letter(i)} : {len(value)} caractères ; "
                             f"une case en tient {MAX_CELL_CHARS} au plus")
        self.cards += 1
        if self.cards > MAX_ROWS:
            raise refuse(f"{where} : plus de {MAX_ROWS} cartes (une ligne par carte, celles à "
                         f"0 exemplaire comprises) ; au plus {MAX_ROWS} par fichier")


# --- CSV ----------------------------------------------------------------------------------------


def csv_table(file: str, data: bytes) -> list[list[str]]:
    """The CSV's lines, each a list of cells, read one line at a time under the limits."""
    check_size(file, data)
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        text = data.decode("cp1252", errors="replace")  # « CSV (point-virgule) » of Excel
    # the separator: the one the header uses most (French spreadsheets write « ; »), else the
    # one the first lines use most, else a comma
    header = text[:4096].split("\n", 1)[0]
    sample = text[:4096]
    delimiter = max(";,\t", key=lambda d: (header.count(d), sample.count(d), d == ","))
    reader = csv.reader(io.StringIO(text), delimiter=delimiter)
    rows = Rows(file)
    table: list[list[str]] = []
    try:
        for values in reader:
            rows.check(reader.line_num, values)
            table.append(values[:MAX_COLUMNS])
    except csv.Error:
        # the csv module's own limit on a cell (128 kB), a NUL byte, a quote left open
        raise refuse(f"{file}, ligne {reader.line_num} : CSV illisible (case de plus de "
                     f"{MAX_CELL_CHARS} caractères, guillemet non fermé ou caractère nul)") \
            from None
    return table


# --- YAML ---------------------------------------------------------------------------------------


class YamlList(list[Any]):
    """A YAML sequence with the line of each of its items."""

    lines: list[int]


class YamlDict(dict[str, Any]):
    """A YAML mapping with its line."""

    line: int


_RESOLVER = yaml.resolver.Resolver()
_CONSTRUCTOR = yaml.constructor.SafeConstructor()  # its scalar constructors keep no state
_MERGE = "tag:yaml.org,2002:merge"
_PLAIN = {"tag:yaml.org,2002:null", "tag:yaml.org,2002:bool", "tag:yaml.org,2002:int",
          "tag:yaml.org,2002:float"}


def _scalar(event: yaml.ScalarEvent) -> Any:
    tag = _RESOLVER.resolve(yaml.ScalarNode, event.value, event.implicit)
    if tag not in _PLAIN:
        return event.value  # text, and a date stays as written
    node = yaml.ScalarNode(tag, event.value, event.start_mark, event.end_mark, event.style)
    return _CONSTRUCTOR.yaml_constructors[tag](_CONSTRUCTOR, node)


def yaml_tree(file: str, data: bytes) -> Any:
    """The YAML document as dicts, lists and scalars, built from the parser's events one at a
    time: anchors, aliases, merge keys (« << ») and tags are refused where they appear (an
    alias is how a few hundred bytes become gigabytes), and so is nesting past MAX_DEPTH or
    more than MAX_YAML_VALUES values. No recursion: any depth is read in constant stack."""
    check_size(file, data)
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise refuse(f"{file} : le fichier n'est pas en UTF-8") from None
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    stack: list[tuple[Any, list[Any], int]] = []  # (container, [pending key], its first line)
    root: Any = None
    documents = 0
    values = 0
    try:
        for event in yaml.parse(text, Loader=loader):
            line = event.start_mark.line + 1
            where = f"{file}, ligne {line}"
            if isinstance(event, yaml.DocumentStartEvent):
                documents += 1
                if documents > 1:
                    raise refuse(f"{where} : un seul document YAML par fichier (« --- » en "
                                 "trop)")
                continue
            if isinstance(event, yaml.AliasEvent) or getattr(event, "anchor", None):
                raise refuse(f"{where} : ancre ou alias YAML (&nom, *nom) refusé ; écrivez "
                             "chaque carte en entier")
            if getattr(event, "tag", None) is not None:
                raise refuse(f"{where} : étiquette YAML (!…, !!…) refusée ; écrivez la valeur "
                             "telle quelle")
            if isinstance(event, yaml.CollectionEndEvent):
                node, _, line = stack.pop()
                value: Any = node
            elif isinstance(event, yaml.CollectionStartEvent):
                if len(stack) >= MAX_DEPTH:
                    raise refuse(f"{where} : YAML imbriqué sur plus de {MAX_DEPTH} niveaux ; "
                                 "un paquet en a trois (le fichier, « cartes », les champs "
                                 "d'une carte)")
                node = YamlDict() if isinstance(event, yaml.MappingStartEvent) else YamlList()
                if isinstance(node, YamlDict):
                    node.line = line
                else:
                    node.lines = []
                stack.append((node, [], line))
                continue
            elif isinstance(event, yaml.ScalarEvent):
                values += 1
                if values > MAX_YAML_VALUES:
                    raise refuse(f"{where} : plus de {MAX_YAML_VALUES} valeurs ; un paquet tient "
                                 f"en {MAX_ROWS} cartes au plus")
                if len(event.value) > MAX_CELL_CHARS:
                    raise refuse(f"{where} : {len(event.value)} caractères ; une valeur en tient "
                                 f"{MAX_CELL_CHARS} au plus")
                value = _scalar(event)
            else:  # stream and document ends
                continue
            if not stack:
                root = value
                continue
            _add(file, stack[-1], value, event, line)
    except DeckFileError:
        raise
    except yaml.YAMLError as exc:  # its English message stays out: the line says where
        mark = getattr(exc, "problem_mark", None)
        where = f", ligne {mark.line + 1}" if mark else ""
        if "nesting depth" in str(exc):  # libyaml's own limit, met before an event is given
            raise refuse(f"{file}{where} : YAML imbriqué sur plus de {MAX_DEPTH} niveaux ; un "
                         "paquet en a trois") from None
        raise refuse(f"{file}{where} : YAML mal formé (vérifiez les deux-points, "
                     "l'indentation, les guillemets et les crochets)") from None
    return root


def _add(file: str, parent: tuple[Any, list[Any], int], value: Any, event: yaml.Event,
         line: int) -> None:
    """Place a value read (starting on `line`) in its parent: an item of a list, or a key
    then its value."""
    node, pending, _ = parent
    if isinstance(node, YamlList):
        node.append(value)
        node.lines.append(line)
        if len(node) > MAX_ROWS:
            raise refuse(f"{file}, ligne {line} : plus de {MAX_ROWS} cartes (celles à 0 "
                         f"exemplaire comprises) ; au plus {MAX_ROWS} par fichier")
        return
    if not pending:
        if len(node) >= MAX_LINE_CELLS:
            raise refuse(f"{file}, ligne {line} : plus de {MAX_LINE_CELLS} champs dans une "
                         "table ; une carte en a onze au plus")
        if not isinstance(event, yaml.ScalarEvent):
            raise refuse(f"{file}, ligne {line} : clé YAML composée refusée ; une clé est un "
                         "nom de champ")
        if _RESOLVER.resolve(yaml.ScalarNode, event.value, event.implicit) == _MERGE:
            raise refuse(f"{file}, ligne {line} : clé de fusion YAML « << » refusée ; écrivez "
                         "chaque champ de la carte")
        pending.append(event.value)
        return
    node[pending.pop()] = value
