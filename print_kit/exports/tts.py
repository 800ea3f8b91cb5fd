"""Tabletop Simulator: each deck of cards as sheets of faces, a back image and a saved object
(issue 29), so that a deck loads in the game from its « Saved Objects » folder.

What Tabletop Simulator takes (its custom deck importer): a sheet of at most 10 × 7 cards
(the 70th slot is the hidden card's: at most 69 faces a sheet), at most 4096 px on its
longest side, RGB PNG or JPG (JPEG here); a back image (one for the deck, or a sheet of backs
of the same grid); and a saved object: `ObjectStates` holding one `DeckCustom` whose
`CustomDeck` names each sheet by URL (`FaceURL`, `BackURL`, `NumWidth`, `NumHeight`,
`BackIsHidden`, `UniqueBack`), and one `ContainedObjects` card per copy, its `CardID` being
100 × the sheet's key + its cell (row by row), its `Nickname` the card's name.
`BackIsHidden`: a card in a hand shows the deck's back to the others, the same back for every
card of a secret deck (as in print, PRINT-10).

Faces are the kit's own (`Painter`), drawn at the card size without bleed (the game cuts
nothing), all in one PDF, and rendered by pdfium straight into their cells of each sheet. The
URLs are this computer's folder unless `--tts-url` names where the sheets are hosted
(print_kit/exports/ttshost.py): the files say which, and who sees the cards."""

from __future__ import annotations

import hashlib
import io
import json
import math
import zipfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c
from PIL import Image
from reportlab.pdfgen.canvas import Canvas

from print_kit.draw.faces import Face
from print_kit.draw.fonts import REGULAR, register
from print_kit.draw.painter import Painter
from print_kit.exports.printshops import card_decks, slug
from print_kit.exports.ttshost import note, readme, url
from print_kit.exports.zipping import zip_entry
from print_kit.kit import PrintFile
from print_kit.layout.geometry import MM, Rect
from print_kit.layout.sheets import Deck

MAX_COLS, MAX_ROWS = 10, 7
PER_SHEET = MAX_COLS * MAX_ROWS - 1  # the last slot is the hidden card's
MAX_PX = 4096


def cell_size(card_mm: tuple[float, float]) -> tuple[int, int]:
    """The largest cell (px) of the card's shape such that 10 × 7 cells stay within 4096 px."""
    w_mm, h_mm = card_mm
    w = MAX_PX // MAX_COLS
    h = round(w * h_mm / w_mm)
    if h * MAX_ROWS > MAX_PX:
        h = MAX_PX // MAX_ROWS
        w = min(MAX_PX // MAX_COLS, round(h * w_mm / h_mm))
    return w, h


def grid(count: int) -> tuple[int, int]:
    """Columns and rows of a sheet of `count` faces (at most PER_SHEET)."""
    cols = min(MAX_COLS, count)
    return cols, math.ceil(count / cols)


def _face_pdf(faces: Sequence[Face], card_mm: tuple[float, float], low_ink: bool) -> bytes:
    """One PDF page per face at the card size, without bleed (one PDF for them all: one font
    subset, each shared picture drawn once), its pages not compressed: pdfium reads it at
    once from memory."""
    register()
    w, h = card_mm
    buf = io.BytesIO()
    c = Canvas(buf, pagesize=(w * MM, h * MM), invariant=1, initialFontName=REGULAR,
               pageCompression=0)
    painter = Painter(c, bleed_mm=0, low_ink=low_ink, where="tts")
    painter.count_faces((face, Rect(0, 0, w, h), 0) for face in faces)
    for face in faces:
        painter.face(face, Rect(0, 0, w, h))
        c.showPage()
    c.save()
    return buf.getvalue()


def _fit(picture: Image.Image, cell: tuple[int, int]) -> Image.Image:
    """pdfium rounds a page's pixels up: a pixel off is cropped, not resampled."""
    if picture.size == cell:
        return picture
    near = all(0 <= p - c <= 2 for p, c in zip(picture.size, cell, strict=True))
    return picture.crop((0, 0, *cell)) if near else picture.resize(cell,
                                                                   Image.Resampling.LANCZOS)


def render_faces(faces: Sequence[Face], card_mm: tuple[float, float], cell: tuple[int, int],
                 low_ink: bool = False) -> list[Image.Image]:
    """Each face at the cell's size (RGB), rendered by pdfium (tokens' tiles)."""
    doc = pdfium.PdfDocument(_face_pdf(faces, card_mm, low_ink))
    try:
        out = []
        for index in range(len(faces)):
            page = doc[index]
            # RGB straight from pdfium (its default is BGR, which PIL would then swap)
            bitmap = page.render(scale=cell[0] / page.get_width(), rev_byteorder=True)
            out.append(_fit(bitmap.to_pil().convert("RGB"), cell))
        return out
    finally:
        doc.close()


class FacePages:
    """The decks' faces, each drawn once as a page of one PDF held open in pdfium, rendered
    at the cell's size on demand: alone (a back) or straight into its cell of a sheet's
    bitmap (no picture per face to allocate, fill, convert and paste: issue 29's speed)."""

    def __init__(self, faces: Sequence[Face], card_mm: tuple[float, float],
                 cell: tuple[int, int], low_ink: bool = False) -> None:
        self.cell = cell
        self.index = {face.key: i for i, face in enumerate(faces)}
        self.doc = pdfium.PdfDocument(_face_pdf(faces, card_mm, low_ink))
        self._images: dict[str, Image.Image] = {}

    def image(self, key: str) -> Image.Image:
        """One face alone (a back: rendered once however many sheets show it)."""
        if key not in self._images:
            page = self.doc[self.index[key]]
            bitmap = page.render(scale=self.cell[0] / page.get_width(), rev_byteorder=True)
            self._images[key] = _fit(bitmap.to_pil().convert("RGB"), self.cell)
        return self._images[key]

    def pasted(self, keys: Sequence[str]) -> Image.Image:
        """A sheet of faces that repeat (the backs behind a sheet of fronts): each distinct
        face rendered once, then pasted in its cells."""
        cols, rows = grid(len(keys))
        sheet = Image.new("RGB", (cols * self.cell[0], rows * self.cell[1]), "white")
        for index, key in enumerate(keys):
            sheet.paste(self.image(key), ((index % cols) * self.cell[0],
                                          (index // cols) * self.cell[1]))
        return sheet

    def sheet(self, keys: Sequence[str]) -> tuple[bytes, int, int]:
        """The faces `keys` row by row on a white sheet of grid(len(keys)) cells, as JPEG."""
        cols, rows = grid(len(keys))
        cw, ch = self.cell
        bitmap = pdfium.PdfBitmap.new_native(cols * cw, rows * ch, pdfium_c.FPDFBitmap_BGR,
                                             rev_byteorder=True)
        try:
            bitmap.fill_rect((255, 255, 255, 255), 0, 0, cols * cw, rows * ch)
            flags = pdfium_c.FPDF_ANNOT | pdfium_c.FPDF_REVERSE_BYTE_ORDER  # render()'s own
            for index, key in enumerate(keys):
                page = self.doc[self.index[key]]
                # pdfium clips each page to its rectangle: a face never reaches its neighbours
                pdfium_c.FPDF_RenderPageBitmap(bitmap, page, (index % cols) * cw,
                                               (index // cols) * ch, cw, ch, 0, flags)
            # the picture shares the bitmap's memory (RGB already): encoded before it is freed
            return _jpg(bitmap.to_pil()), cols, rows
        finally:
            bitmap.close()

    def close(self) -> None:
        self.doc.close()


def _jpg(image: Image.Image) -> bytes:
    """JPEG at high quality, colour kept at full resolution (small text stays sharp): a
    4096 px sheet encodes in a tenth of a PNG's time and weighs a fifth (measured beside
    the plain kit: benchmarks/print_services.py); Tabletop Simulator takes both."""
    out = io.BytesIO()
    image.save(out, format="JPEG", quality=92, subsampling=0)
    return out.getvalue()


def _transform(y: float = 1.0, flipped: bool = True) -> dict[str, float]:
    return {"posX": 0.0, "posY": y, "posZ": 0.0, "rotX": 0.0, "rotY": 180.0,
            "rotZ": 180.0 if flipped else 0.0, "scaleX": 1.0, "scaleY": 1.0, "scaleZ": 1.0}


def _guid(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()[:6]


def card_names(game: str) -> dict[str, str]:
    """The components' names of one of the five games (« Violet 3 », « Sarah — Enquêteurs »);
    an author's deck has none: its cards' titles are their names."""
    from companion.core.loader import load_game
    from companion.core.registry import GAMES

    if game not in GAMES:
        return {}
    return {c.id: c.name for c in load_game(game).components()}


def faces_of(decks: Sequence[Deck]) -> dict[str, Face]:
    """Every distinct face the decks print (fronts and backs), by key."""
    out: dict[str, Face] = {}
    for deck in decks:
        for item in deck.items:
            out.setdefault(item.front.key, item.front)
            if item.back is not None:
                out.setdefault(item.back.key, item.back)
    return out


def deck_files(stem: str, deck: Deck, cell: tuple[int, int], base_uri: str,
               pages: FacePages, names: dict[str, str] | None = None) -> dict[str, bytes]:
    """{file name: bytes} for one deck: its face sheets, its back (or back sheets), and
    `<stem>.json`, the saved object naming them under `base_uri` (`pages`: the faces, drawn;
    `names`: component id -> the card's name, else the face's title); the deck's description
    and the object's note say where its images are (print_kit/exports/ttshost.py)."""
    fronts: dict[str, Face] = {}
    for item in deck.items:
        fronts.setdefault(item.front.key, item.front)
    backs = {item.back.key: item.back for item in deck.items if item.back is not None}
    unique_back = len(backs) > 1
    keys = list(fronts)
    files: dict[str, bytes] = {}
    custom: dict[str, dict[str, Any]] = {}
    where: dict[str, tuple[int, int]] = {}  # face key -> (sheet key, cell)
    if backs and not unique_back:
        files[f"{stem}-dos.jpg"] = _jpg(pages.image(next(iter(backs))))
    elif not backs:  # single-sided: a plain back of the deck's accent is not ours to invent
        files[f"{stem}-dos.jpg"] = _jpg(Image.new("RGB", cell, "white"))
    for sheet_no, start in enumerate(range(0, len(keys), PER_SHEET), start=1):
        chunk = keys[start:start + PER_SHEET]
        name = f"{stem}-{sheet_no}.jpg"
        files[name], cols, rows = pages.sheet(chunk)
        back_url = url(base_uri, f"{stem}-dos.jpg")
        if unique_back:
            first_back = {item.front.key: item.back for item in deck.items
                          if item.back is not None}
            files[f"{stem}-{sheet_no}-dos.jpg"] = _jpg(pages.pasted(
                [first_back[k].key for k in chunk]))
            back_url = url(base_uri, f"{stem}-{sheet_no}-dos.jpg")
        custom[str(sheet_no)] = {"FaceURL": url(base_uri, name), "BackURL": back_url,
                                 "NumWidth": cols, "NumHeight": rows, "BackIsHidden": True,
                                 "UniqueBack": unique_back, "Type": 0}
        for cell_index, key in enumerate(chunk):
            where[key] = (sheet_no, cell_index)
    cards = []
    for number, item in enumerate(deck.items):
        sheet_no, cell_index = where[item.front.key]
        nickname = (names or {}).get(item.component) or item.front.title
        cards.append({"Name": "Card", "Nickname": nickname,
                      "Description": item.component, "CardID": sheet_no * 100 + cell_index,
                      "Transform": _transform(), "GUID": _guid(f"{stem}#{number}"),
                      "CustomDeck": {str(sheet_no): custom[str(sheet_no)]}})
    deck_object = {"Name": "DeckCustom", "Transform": _transform(), "Nickname": deck.name,
                   "Description": note(base_uri), "HideWhenFaceDown": True, "Grid": True,
                   "Snap": True, "Autoraise": True, "Sticky": True, "Tooltip": True,
                   "SidewaysCard": False, "DeckIDs": [card["CardID"] for card in cards],
                   "CustomDeck": custom, "ContainedObjects": cards, "GUID": _guid(stem)}
    # one line: the C encoder (an indented dump runs in Python, as long as drawing the deck)
    files[f"{stem}.json"] = _saved(deck.name, [deck_object], note(base_uri))
    return files


TILE_DPI = 200  # tokens and boards: a 25 mm token is 197 px, a 186 mm ladder 1465 px
TILE_BOX, TILE_CIRCLE = 0, 2  # Tabletop Simulator's CustomTile types


def _pixels(size_mm: tuple[float, float], dpi: int = TILE_DPI) -> tuple[int, int]:
    return round(size_mm[0] / 25.4 * dpi), round(size_mm[1] / 25.4 * dpi)


def _tile(nickname: str, component: str, front: str, back: str, kind: int, number: int,
          stem: str) -> dict[str, Any]:
    """One token or board as a Custom_Tile (both sides), laid out in a row."""
    transform = _transform(flipped=False)
    transform["posX"] = float(number % 10) * 2.5
    transform["posZ"] = float(number // 10) * 2.5
    return {"Name": "Custom_Tile", "Transform": transform, "Nickname": nickname,
            "Description": component, "GUID": _guid(f"{stem}#{number}"),
            "CustomImage": {"ImageURL": front, "ImageSecondaryURL": back, "ImageScalar": 1.0,
                            "WidthScale": 0.0,
                            "CustomTile": {"Type": kind, "Thickness": 0.1, "Stackable": True,
                                           "Stretch": True}}}


def _saved(name: str, objects: list[dict[str, Any]], where: str) -> bytes:
    saved = {"SaveName": name, "GameMode": "", "Date": "", "Table": "", "Sky": "", "Note": where,
             "Rules": "", "XmlUI": "", "LuaScript": "", "LuaScriptState": "",
             "ObjectStates": objects, "TabStates": {}, "VersionNumber": ""}
    return json.dumps(saved, ensure_ascii=False).encode()


def tile_files(pf: PrintFile, base_uri: str, names: dict[str, str],
               low_ink: bool = False) -> dict[str, bytes]:
    """The file's tokens (decks of their own size: round ones as circle tiles) and boards
    (ELSEN's ladders) as Custom_Tile objects, one per copy, both sides, in one saved object."""
    files: dict[str, bytes] = {}
    objects: list[dict[str, Any]] = []
    for deck in pf.decks:
        if deck.size is None:
            continue
        size_px = _pixels(deck.size)
        faces = faces_of([deck])
        images = dict(zip(faces, render_faces(list(faces.values()), deck.size, size_px,
                                              low_ink), strict=True))
        urls: dict[str, str] = {}
        for index, (key, image) in enumerate(images.items(), start=1):
            name = f"{pf.stem}-{slug(deck.name)}-{index}.jpg"
            files[name] = _jpg(image)
            urls[key] = url(base_uri, name)
        for item in deck.items:
            back = item.back or item.front
            kind = TILE_CIRCLE if item.front.style == "token" else TILE_BOX
            objects.append(_tile(names.get(item.component) or item.front.title,
                                 item.component, urls[item.front.key], urls[back.key], kind,
                                 len(objects), pf.stem))
    for board in pf.boards:
        name = f"{pf.stem}-{board.component}.jpg"
        files[name] = _jpg(_board_image(board, low_ink))
        for _ in range(board.copies):
            objects.append(_tile(names.get(board.component) or board.component,
                                 board.component, url(base_uri, name), url(base_uri, name),
                                 TILE_BOX, len(objects), pf.stem))
    if objects:
        files[f"{pf.stem}-pieces.json"] = _saved(pf.title, objects, note(base_uri))
    return files


def _board_image(board: Any, low_ink: bool) -> Image.Image:
    register()
    w, h = board.size
    buf = io.BytesIO()
    c = Canvas(buf, pagesize=(w * MM, h * MM), invariant=1, initialFontName=REGULAR)
    board.draw(c, Painter(c, bleed_mm=0, low_ink=low_ink, where="tts"), w * MM, h * MM)
    c.showPage()
    c.save()
    doc = pdfium.PdfDocument(buf.getvalue())
    try:
        picture = doc[0].render(scale=TILE_DPI / 72).to_pil().convert("RGB")
    finally:
        doc.close()
    return picture.crop((0, 0, *_pixels(board.size))) if picture.size != _pixels(
        board.size) else picture


def tts_zip(files: Sequence[PrintFile], card_mm: tuple[float, float], base_uri: str,
            low_ink: bool = False, credits: str = "") -> bytes:
    """Every deck of cards of `files` for Tabletop Simulator, in one zip (folder `tts/`), with
    its LISEZMOI.txt (where the images must be for whom)."""
    from companion.core.errors import UsageError

    decks = card_decks(files)
    if not decks:
        raise UsageError("aucun paquet de cartes à préparer pour Tabletop Simulator")
    names: dict[str, str] = {}
    for game in {pf.game for pf in files}:
        names.update(card_names(game))
    cell = cell_size(card_mm)
    pages = FacePages(list(faces_of([deck for _, deck in decks]).values()), card_mm, cell,
                      low_ink)
    out = io.BytesIO()
    images: list[str] = []
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as zf:
        try:
            for stem, deck in decks:
                for name, data in deck_files(stem, deck, cell, base_uri, pages,
                                             names).items():
                    zf.writestr(zip_entry(f"tts/{name}"), data)
                    images += [name] if name.endswith(".jpg") else []
        finally:
            pages.close()
        for pf in files:
            for name, data in tile_files(pf, base_uri, names, low_ink).items():
                zf.writestr(zip_entry(f"tts/{name}"), data)
                images += [name] if name.endswith(".jpg") else []
        zf.writestr(zip_entry("tts/LISEZMOI.txt"), readme(base_uri, images))
        if credits:
            zf.writestr(zip_entry("tts/CREDITS.txt"), credits)
    return out.getvalue()


def unpack(data: bytes, out: Path) -> Path:
    """Write the zip's `tts/` folder into `out` (the saved objects name these very files)."""
    from print_kit.build import write_atomic

    folder = out / "tts"
    folder.mkdir(exist_ok=True)
    with zipfile.ZipFile(io.BytesIO(data)) as zf:
        for name in zf.namelist():
            if name.startswith("tts/") and "/" not in name[4:] and name[4:]:
                write_atomic(folder / name[4:], zf.read(name))
    return folder
