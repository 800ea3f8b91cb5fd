"""The hostile deck files of issue 22, built in memory (tests/test_deck_limits.py and
benchmarks/hostile_inputs.py), and a way to parse one as the app's upload does in a child
process whose address space is capped (RLIMIT_AS): the parse must refuse within the cap.

Each builder returns (file name, bytes). None of them is a stub: the XLSX files are real
workbooks (openpyxl's) with one member changed, the zip bomb really inflates to 1 GiB."""

from __future__ import annotations

import io
import json
import os
import struct
import subprocess
import sys
import zipfile
import zlib
from pathlib import Path

HEADER = "nom;exemplaires;categorie;couleur;valeur;texte;dos;image\n"
GIB = 1 << 30


def normal_deck() -> tuple[str, bytes]:
    """15 cards, the size of a small game: the baseline."""
    rows = [f"Carte {i};{1 + i % 3};Famille {i % 4};{('rouge', 'bleu', 'vert')[i % 3]};{i};"
            f"Pioche {i % 3 + 1} cartes puis défausse-en une.;Mon jeu;openmoji:1F409"
            for i in range(15)]
    return "normal.csv", (HEADER + "\n".join(rows) + "\n").encode()


def normal_xlsx() -> tuple[str, bytes]:
    """The same 15 cards as a workbook (openpyxl's import is most of its memory)."""
    import csv

    import openpyxl

    book = openpyxl.Workbook()
    sheet = book.active
    sheet.title = "cartes"
    for row in csv.reader(io.StringIO(normal_deck()[1].decode()), delimiter=";"):
        sheet.append(row)
    out = io.BytesIO()
    book.save(out)
    return "normal.xlsx", out.getvalue()


def billion_laughs() -> tuple[str, bytes]:
    """Nine levels of nine aliases each, the last one as the cards: 361 bytes that say 9^9
    strings (the file of the issue had 381)."""
    lines = ['a: &a ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]']
    for prev, name in zip("abcdefgh", "bcdefghi", strict=True):
        lines.append(f"{name}: &{name} [" + ",".join([f"*{prev}"] * 9) + "]")
    lines.append("cartes: *i")
    return "rires.yaml", ("\n".join(lines) + "\n").encode()


def merge_keys() -> tuple[str, bytes]:
    text = ("base: &base\n  couleur: rouge\ncartes:\n  - nom: A\n    <<: *base\n")
    return "fusion.yaml", text.encode()


def merge_key_alone() -> tuple[str, bytes]:
    """A merge key with no alias (a mapping merged in place)."""
    return "fusion2.yaml", b"cartes:\n  - nom: A\n    <<: {couleur: rouge}\n"


def deep_yaml(depth: int = 10_000) -> tuple[str, bytes]:
    return "profond.yaml", ("cartes: " + "[" * depth + "]" * depth + "\n").encode()


def tagged_yaml() -> tuple[str, bytes]:
    return "etiquette.yaml", b"cartes:\n  - nom: !!python/object:os.system x\n"


def many_cards_yaml(cards: int) -> tuple[str, bytes]:
    """`cards` cards in flow style, as short as YAML allows."""
    return "cartes.yaml", ("cartes:\n" + "".join(f"- {{nom: c{i}}}\n"
                                                  for i in range(cards))).encode()


def million_rows_csv(copies: str = "") -> tuple[str, bytes]:
    """A million rows (`copies` ";0": each with 0 copies)."""
    return "million.csv", ("nom;exemplaires\n" + f"c{copies}\n" * 1_000_000).encode()


def zero_copy_rows(rows: int) -> tuple[str, bytes]:
    return "zero.csv", ("nom;exemplaires\n" + "".join(f"c{i};0\n" for i in range(rows))).encode()


def openmoji_letters() -> tuple[str, bytes]:
    return "lettres.csv", (HEADER + "A;1;;;;;;openmoji:" + "A" * 300 + "\n").encode()


def openmoji_climbing() -> tuple[str, bytes]:
    return "monte.csv", (HEADER + "A;1;;;;;;openmoji:../../../../etc/passwd\n").encode()


def image_outside(path: str) -> tuple[str, bytes]:
    return "dehors.csv", (HEADER + f"A;1;;;;;;{path}\n").encode()


# --- XLSX -------------------------------------------------------------------------------------


def _workbook() -> bytes:
    import openpyxl

    book = openpyxl.Workbook()
    sheet = book.active
    sheet.title = "cartes"
    sheet.append(["nom", "exemplaires", "texte"])
    sheet.append(["Dragon", 2, "Brûle une carte."])
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


def _members(data: bytes) -> dict[str, bytes]:
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        return {name: archive.read(name) for name in archive.namelist()}


def _zip(members: dict[str, bytes]) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, content in members.items():
            archive.writestr(name, content)
    return out.getvalue()


def xlsx_claiming_the_whole_sheet() -> tuple[str, bytes]:
    """The sheet's dimension says A1:XFD1048576, and a line at 1,048,576 holds a value (in
    the last column)."""
    members = _members(_workbook())
    sheet = members["xl/worksheets/sheet1.xml"].decode()
    start = sheet.index("<dimension ")
    end = sheet.index("/>", start) + 2
    sheet = sheet[:start] + '<dimension ref="A1:XFD1048576"/>' + sheet[end:]
    far = ('<row r="1048576"><c r="XFD1048576" t="inlineStr"><is><t>loin</t></is></c>'
           '</row></sheetData>')
    members["xl/worksheets/sheet1.xml"] = sheet.replace("</sheetData>", far).encode()
    return "immense.xlsx", _zip(members)


def _with_sheet_rows(rows: str, name: str) -> tuple[str, bytes]:
    members = _members(_workbook())
    sheet = members["xl/worksheets/sheet1.xml"].decode()
    members["xl/worksheets/sheet1.xml"] = sheet.replace("</sheetData>",
                                                        rows + "</sheetData>").encode()
    return name, _zip(members)


def xlsx_wide_line(cells: int = 450_000) -> tuple[str, bytes]:
    """One line of `cells` numbers, 9 MB of XML (openpyxl builds it whole: 7 s, 360 MB)."""
    return _with_sheet_rows('<row r="3">' + '<c t="n"><v>1</v></c>' * cells + "</row>",
                            "large.xlsx")


def xlsx_empty_cells_line(cells: int = 5000) -> tuple[str, bytes]:
    """One line of `cells` empty formatted cells."""
    return _with_sheet_rows('<row r="3">' + '<c s="0"/>' * cells + "</row>", "vides.xlsx")


def xlsx_blank_far_line() -> tuple[str, bytes]:
    """A formatted empty line at 1,048,576, as spreadsheets keep: not a refusal."""
    return _with_sheet_rows('<row r="1048576" s="0" customFormat="1"/>', "formats.xlsx")


def xlsx_many_styles(styles: int = 150_000) -> tuple[str, bytes]:
    """A 32 kB workbook declaring `styles` cell styles (openpyxl reads them all, read-only or
    not: 17 s and 350 MB); the deck reader never opens the styles."""
    members = _members(_workbook())
    text = members["xl/styles.xml"].decode()
    start, end = text.index("<cellXfs"), text.index("</cellXfs>")
    style = '<xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>'
    members["xl/styles.xml"] = (text[:start] + f'<cellXfs count="{styles}">' + style * styles
                                + text[end:]).encode()
    return "styles.xlsx", _zip(members)


def xlsx_with_entity() -> tuple[str, bytes]:
    """A DTD declaring an entity in the sheet, used in a cell."""
    members = _members(_workbook())
    sheet = members["xl/worksheets/sheet1.xml"].decode()
    declaration = '<!DOCTYPE worksheet [<!ENTITY e "entité">]>'
    head, body = sheet.split("?>", 1) if sheet.startswith("<?xml") else ("", sheet)
    sheet = (f"{head}?>" if head else "") + declaration + body
    sheet = sheet.replace("</sheetData>", '<row r="3"><c r="A3" t="inlineStr"><is><t>&e;</t>'
                                          "</is></c></row></sheetData>")
    members["xl/worksheets/sheet1.xml"] = sheet.encode()
    return "entite.xlsx", _zip(members)


def _deflate_pieces(prefix: bytes, repeated: bytes, times: int, suffix: bytes) -> bytes:
    """A raw deflate stream of prefix + repeated × times + suffix, made in a fraction of a
    second: `repeated` is compressed once, ending with a full flush (byte-aligned, no
    reference to what came before), so its blocks can be written `times` times."""
    def piece(data: bytes, final: bool) -> bytes:
        engine = zlib.compressobj(6, zlib.DEFLATED, -15)
        return engine.compress(data) + engine.flush(zlib.Z_FINISH if final else
                                                      zlib.Z_FULL_FLUSH)

    return piece(prefix, False) + piece(repeated, False) * times + piece(suffix, True)


def xlsx_bomb(inflated: int = GIB) -> tuple[str, bytes]:
    """A real workbook whose sharedStrings.xml inflates to `inflated` bytes (one string of
    « a »), about 1 MB compressed; its CRC is right, so only its size can stop it."""
    members = _members(_workbook())
    prefix = (b'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<sst xmlns="http://'
              b'schemas.openxmlformats.org/spreadsheetml/2006/main" count="1" uniqueCount="1">'
              b"<si><t>")
    suffix = b"</t></si></sst>"
    chunk = b"a" * (1 << 24)
    times = max(1, inflated // len(chunk))
    stream = _deflate_pieces(prefix, chunk, times, suffix)
    crc = zlib.crc32(prefix)
    for _ in range(times):
        crc = zlib.crc32(chunk, crc)
    crc = zlib.crc32(suffix, crc)
    size = len(prefix) + len(chunk) * times + len(suffix)
    others = [(name, content) for name, content in members.items()
              if name != "xl/sharedStrings.xml"]
    return "bombe.xlsx", _raw_zip(others, ("xl/sharedStrings.xml", stream, crc, size))


def _raw_zip(members: list[tuple[str, bytes]],
             precompressed: tuple[str, bytes, int, int]) -> bytes:
    """A zip written by hand: zipfile cannot store a member already deflated."""
    entries = []
    for name, content in members:
        engine = zlib.compressobj(6, zlib.DEFLATED, -15)
        entries.append((name, engine.compress(content) + engine.flush(), zlib.crc32(content),
                        len(content)))
    entries.append(precompressed)
    out = io.BytesIO()
    central = io.BytesIO()
    for name, stream, crc, size in entries:
        offset = out.tell()
        raw = name.encode()
        out.write(struct.pack("<IHHHHHIIIHH", 0x04034B50, 20, 0, 8, 0, 0x21, crc,
                              len(stream), size, len(raw), 0) + raw + stream)
        central.write(struct.pack("<IHHHHHHIIIHHHHHII", 0x02014B50, 20, 20, 0, 8, 0, 0x21,
                                  crc, len(stream), size, len(raw), 0, 0, 0, 0, 0, offset)
                      + raw)
    start = out.tell()
    directory = central.getvalue()
    out.write(directory)
    out.write(struct.pack("<IHHHHIIH", 0x06054B50, 0, 0, len(entries), len(entries),
                          len(directory), start, 0))
    return out.getvalue()


# --- images -----------------------------------------------------------------------------------


def huge_png(path: Path, side: int = 12_000) -> None:
    """A PNG of side × side pixels (1 bit a pixel: small on disk, 576 MB decoded as RGBA)."""
    from PIL import Image

    Image.new("1", (side, side)).save(path)


# --- parsing in a capped child ----------------------------------------------------------------

CHILD = r"""
import json, resource, sys, time
limit = int(sys.argv[3])
if limit:
    resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
from pathlib import Path
from print_kit.decks.deckfile import DeckFileError, parse_deck
data = Path(sys.argv[2]).read_bytes()
folder = None if sys.argv[4] == "-" else Path(sys.argv[4])
if sys.argv[5] == "app":  # the page's whole path: read, then the PDF (tableapp/pages/owndeck.py)
    from tableapp.pages.owndeck import build_from_upload
start = time.perf_counter()
try:
    if sys.argv[5] == "app":
        request = (("bleed", 3.0), ("card_size", "poker"), ("flip", "long"),
                   ("layout", "duplex"), ("low_ink", False), ("paper", "a4"))
        kit = build_from_upload(sys.argv[1], data, "", request)
        outcome = {"cards": kit.files[0].cards, "pages": kit.files[0].pages}
    else:
        deck = parse_deck(sys.argv[1], data, folder)
        outcome = {"cards": sum(c.copies for c in deck.cards)}
except DeckFileError as exc:
    outcome = {"refused": str(exc)}
outcome["seconds"] = time.perf_counter() - start
status = Path("/proc/self/status").read_text()
outcome["peak_kb"] = next(int(l.split()[1]) for l in status.splitlines()
                          if l.startswith("VmPeak:"))
outcome["rss_kb"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
print(json.dumps(outcome))
"""


def parse_in_child(name: str, data: bytes, workdir: Path, limit_bytes: int = 0,
                   folder: Path | None = None, timeout: float = 120,
                   app: bool = False) -> dict:
    """parse_deck(name, data, folder) in a child process under RLIMIT_AS = `limit_bytes` (0:
    none): {"refused": sentence} or {"cards": n}, with its seconds and peak memory (VmPeak,
    the address space the cap limits, and the largest resident set), or {"crash": stderr}.
    `app`: the page's build_from_upload instead (the file read, then its PDF made)."""
    path = workdir / f"upload-{os.getpid()}-{name}"
    path.write_bytes(data)
    try:
        done = subprocess.run([sys.executable, "-c", CHILD, name, str(path), str(limit_bytes),
                               str(folder) if folder else "-", "app" if app else "parse"],
                              capture_output=True, text=True, timeout=timeout,
                              env=os.environ.copy())
    finally:
        path.unlink(missing_ok=True)
    if done.returncode != 0:
        return {"crash": done.stderr[-2000:]}
    return json.loads(done.stdout.strip().splitlines()[-1])
