"""An author's XLSX deck read by the kit itself, not by openpyxl: openpyxl parses the whole
styles part even in read-only mode (a 32 kB workbook declaring 150,000 cell styles took 17 s
and 350 MB), builds a whole line before giving it (one line of 450,000 cells: 7 s, 360 MB)
and trusts the sheet's `<dimension>`. Here only four parts are read, each as a stream of XML
events with what has been read dropped as it goes, under the limits of print_kit/decks/deckread.py
and these: elements of a part, strings shared, cells of a line and of the sheet. Values are
the cached ones Excel writes (`<v>`), numbers as numbers, dates as their serial number.

The zip is checked first (`check_workbook`): a few members, their declared sizes together
under MAX_UNZIPPED_BYTES (zipfile never yields more than a member declares, and checks its
CRC), and no DTD or entity in any member, so no XML parser ever meets one."""

from __future__ import annotations

import io
import posixpath
import re
import zipfile
from collections.abc import Iterator
from typing import IO, Any
from xml.etree.ElementTree import Element, iterparse

from print_kit.decks.deckread import (
    MAX_CELL_CHARS,
    MAX_COLUMNS,
    MAX_LINE_CELLS,
    MAX_LINES,
    MAX_ROWS,
    DeckFileError,
    Rows,
    blank,
    check_size,
    column_letter,
    megabytes,
    refuse,
)

MAX_UNZIPPED_BYTES = 10 * 1024 * 1024  # every member of an XLSX, decompressed, together
MAX_ZIP_MEMBERS = 200  # a workbook saved by a spreadsheet has 10 to 30
MAX_ELEMENTS = 200_000  # XML elements of one part (a 2,000-card sheet has about 50,000)
MAX_SHARED = 50_000  # strings shared by the cells (a 2,000-card deck has at most 22,000)
MAX_SHEETS = 100
MAX_SHEET_CELLS = 100_000  # cell elements of the sheet, empty ones included

_DTD = re.compile(rb"<!\s*(DOCTYPE|ENTITY)", re.IGNORECASE)
_REF = re.compile(r"([A-Z]{1,3})(\d{1,7})")
_INT = re.compile(r"-?\d{1,15}")
_RELATIONSHIP = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"


class _Unreadable(Exception):
    """A part that is not what an XLSX holds: said as « classeur illisible »."""


def check_workbook(file: str, data: bytes) -> None:
    """The XLSX as a zip, before any of its XML is parsed."""
    check_size(file, data)
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            members = archive.infolist()
            if len(members) > MAX_ZIP_MEMBERS:
                raise refuse(f"{file} : classeur de {len(members)} fichiers internes ; au plus "
                             f"{MAX_ZIP_MEMBERS}")
            total = sum(m.file_size for m in members)
            if total > MAX_UNZIPPED_BYTES:
                biggest = max(members, key=lambda m: m.file_size)
                raise refuse(f"{file} : classeur de {megabytes(total)} une fois décompressé "
                             f"(dont « {biggest.filename[:80]} » : {megabytes(biggest.file_size)})"
                             f" ; au plus {megabytes(MAX_UNZIPPED_BYTES)}")
            for member in members:  # every one: the parts are found by their rels, any name
                # NUL bytes removed first, so a UTF-16 or UTF-32 part cannot hide a DTD
                if _DTD.search(archive.read(member).replace(b"\x00", b"")):
                    raise refuse(f"{file} : « {member.filename[:80]} » déclare une DTD ou une "
                                 "entité XML (<!DOCTYPE>, <!ENTITY>), ce qu'aucun tableur "
                                 "n'écrit ; fichier refusé")
    except DeckFileError:
        raise
    except Exception:  # BadZipFile, a bad CRC, an unknown compression, a truncated member
        raise _unreadable(file) from None


def _unreadable(file: str, detail: str = "ce n'est pas un fichier Excel complet") -> DeckFileError:
    return refuse(f"{file} : classeur XLSX illisible ({detail} ; enregistrez-le à nouveau ou en "
                  "CSV UTF-8)")


def xlsx_table(file: str, data: bytes) -> tuple[str, list[list[Any]]]:
    """(sheet title, its lines): the sheet « cartes » or the first one, each line as the
    sheet's XML holds it (missing lines blank; its `<dimension>` is not read)."""
    check_workbook(file, data)
    title = "?"
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            workbook = _target(archive, "", "officeDocument") or "xl/workbook.xml"
            sheets = _sheets(archive, workbook)
            if not sheets:
                raise _Unreadable
            title, rid = next(((name, rid) for name, rid in sheets
                               if name.strip().lower() in ("cartes", "cards")), sheets[0])
            title = title[:80]
            path = _target(archive, workbook, rid, by_id=True)
            shared = _target(archive, workbook, "sharedStrings")
            strings = _shared_strings(file, archive, shared) if shared else []
            if path is None:
                raise _Unreadable
            rows = Rows(f"{file}, feuille « {title} »")
            with archive.open(path) as source:
                table = _sheet_table(rows, source, strings)
    except DeckFileError:
        raise
    except Exception:  # a part missing or not the XML it should be
        raise _unreadable(file, f"feuille « {title} » : contenu inattendu") from None
    return title, table


def _local(tag: str) -> str:
    return tag.rsplit("}", 1)[-1]


def _parts(source: IO[bytes], what: str,
           drop: frozenset[str] = frozenset()) -> Iterator[tuple[str, Element, int]]:
    """(event, element, depth) of a part, at most MAX_ELEMENTS elements. Once the end of an
    element named in `drop` has been given (the caller has read it and its children then),
    its children are dropped: what stays in memory is the open elements and, emptied, the
    children of the open ones (a line's cells, a sheet's lines: bounded by the limits)."""
    depth = 0
    count = 0
    for event, element in iterparse(source, events=("start", "end")):
        if event == "start":
            depth += 1
            count += 1
            if count > MAX_ELEMENTS:
                raise refuse(f"{what} : plus de {MAX_ELEMENTS} éléments XML ; un paquet en a "
                             "bien moins")
            yield event, element, depth
            continue
        yield event, element, depth
        if _local(element.tag) in drop:
            del element[:]
        depth -= 1


def _rels(archive: zipfile.ZipFile, part: str) -> list[dict[str, str]]:
    folder, name = posixpath.split(part)
    path = posixpath.join(folder, "_rels", f"{name}.rels")
    if path not in archive.namelist():
        return []
    out = []
    with archive.open(path) as source:
        for event, element, _ in _parts(source, path):
            if event == "start" and _local(element.tag) == "Relationship":
                out.append(dict(element.attrib))
                if len(out) > MAX_ZIP_MEMBERS:
                    raise _Unreadable
    return out


def _target(archive: zipfile.ZipFile, part: str, key: str, by_id: bool = False) -> str | None:
    """The part a relationship of `part` leads to: by its id, or by the end of its type."""
    for rel in _rels(archive, part):
        if (rel.get("Id") == key) if by_id else rel.get("Type", "").endswith(f"/{key}"):
            target = rel.get("Target", "")
            if target.startswith("/"):
                return target.lstrip("/")
            return posixpath.normpath(posixpath.join(posixpath.dirname(part), target))
    return None


def _sheets(archive: zipfile.ZipFile, workbook: str) -> list[tuple[str, str]]:
    """(name, relationship id) of each sheet, in order."""
    out = []
    with archive.open(workbook) as source:
        for event, element, _ in _parts(source, workbook):
            if event == "start" and _local(element.tag) == "sheet":
                out.append((element.get("name", "?"),
                            element.get(f"{{{_RELATIONSHIP}}}id", "")))
                if len(out) > MAX_SHEETS:
                    raise _Unreadable
    return out


def _text(element: Element) -> str:
    """The text of a shared or inline string: its `t`, or the `t` of each run (`r`); the
    phonetic guides (`rPh`) are not part of it."""
    parts = []
    for child in element:
        name = _local(child.tag)
        if name == "t":
            parts.append(child.text or "")
        elif name == "r":
            parts += [t.text or "" for t in child if _local(t.tag) == "t"]
    return "".join(parts)


def _shared_strings(file: str, archive: zipfile.ZipFile, path: str) -> list[str]:
    strings: list[str] = []
    with archive.open(path) as source:
        for event, element, depth in _parts(source, f"{file} › {path}", frozenset({"si"})):
            if event == "end" and depth == 2 and _local(element.tag) == "si":
                text = _text(element)
                if len(text) > MAX_CELL_CHARS:
                    raise refuse(f"{file} : un texte de {len(text)} caractères ; une case en "
                                 f"tient {MAX_CELL_CHARS} au plus")
                strings.append(text)
                if len(strings) > MAX_SHARED:
                    raise refuse(f"{file} : plus de {MAX_SHARED} textes différents ; un "
                                 f"paquet de {MAX_ROWS} cartes en a bien moins")
    return strings


def _value(cell: Element, strings: list[str]) -> Any:
    kind = cell.get("t", "n")
    if kind == "inlineStr":
        return next((_text(c) for c in cell if _local(c.tag) == "is"), None)
    raw = next((c.text for c in cell if _local(c.tag) == "v"), None)
    if raw is None:
        return None
    if kind == "s":
        return strings[int(raw)]  # IndexError, ValueError: the workbook is unreadable
    if kind == "b":
        return raw.strip() == "1"
    if kind == "n":
        raw = raw.strip()
        if _INT.fullmatch(raw):
            return int(raw)
        try:
            return float(raw)
        except ValueError:
            return raw
    return raw  # str (a formula's text), e (an error such as #N/A), d (an ISO date)


def _sheet_table(rows: Rows, source: IO[bytes], strings: list[str]) -> list[list[Any]]:
    """The sheet's lines up to the end of `sheetData` (what follows is not read)."""
    table: list[list[Any]] = []
    line = 0
    column = 0
    line_cells = 0
    sheet_cells = 0
    skipped = 0  # blank formatted lines past MAX_LINES
    values: list[Any] = []
    for event, element, _ in _parts(source, rows.file, frozenset({"c", "row"})):
        name = _local(element.tag)
        if event == "start":
            if name == "row":
                given = element.get("r", "")
                line = max(int(given) if given.isdigit() and len(given) <= 12 else 0, line + 1)
                column = line_cells = 0
                values = []
            elif name == "c":
                line_cells += 1
                sheet_cells += 1
                if line_cells > MAX_LINE_CELLS:
                    raise refuse(f"{rows.file}, ligne {line} : plus de {MAX_LINE_CELLS} cases "
                                 "(même vides) ; un paquet en utilise onze")
                if sheet_cells > MAX_SHEET_CELLS:
                    raise refuse(f"{rows.file}, ligne {line} : plus de {MAX_SHEET_CELLS} cases "
                                 f"(même vides) ; un paquet de {MAX_ROWS} cartes en a bien moins")
            continue
        if name == "c":
            match = _REF.fullmatch(element.get("r", ""))
            column = max(_column(match.group(1)) if match else 0, column + 1)
            value = _value(element, strings)
            if not blank(value):
                rows.check_line(line)  # a value past the last line allowed: said first
                if column > MAX_COLUMNS:
                    raise refuse(f"{rows.file}, ligne {line}, colonne {column_letter(column - 1)}"
                                 f" : plus de {MAX_COLUMNS} colonnes ; un paquet en utilise "
                                 "onze au plus")
                values.extend([None] * (column - len(values)))
                values[column - 1] = value
        elif name == "row":
            if line > MAX_LINES and not values:
                skipped += 1  # a spreadsheet keeps formatted empty lines
                if skipped <= MAX_LINES:
                    continue
            rows.check(line, values)
            table.extend([] for _ in range(line - 1 - len(table)))
            table.append(values)
        elif name == "sheetData":
            break
    return table


def _column(letters: str) -> int:
    number = 0
    for letter in letters:
        number = number * 26 + ord(letter) - 64
    return number
