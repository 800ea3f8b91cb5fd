"""The « fiche mémoire »: one page per game, in the project's own words, with tables where the
rules have tables, and a QR code opening the game's page of the app (`<url>/<game id>`).

Each game module gives a `Sheet` (plain data); this module lays it out on one page (plain text
lines, word-wrapped with the font's widths: no markup, so nothing to escape), shrinking the type
size step by step if needed, and refuses to build a second page or a word wider than its
column."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import qrcode
from reportlab.pdfgen.canvas import Canvas

from companion.core.registry import game_info
from print_kit.draw.faces import INK, PALETTE, RGB, SOFT
from print_kit.draw.fonts import BOLD, REGULAR
from print_kit.draw.painter import Painter
from print_kit.draw.textfit import PreflightError, check_glyphs, french, wrap
from print_kit.layout.geometry import MM

QR_SIZE = 26 * MM
SIZES = (9.0, 8.5, 8.0, 7.5, 7.0, 6.5, 6.0)  # body sizes tried, largest first
CELL_PAD_X, CELL_PAD_TOP, CELL_PAD_BOTTOM = 6.0, 1.6, 2.2  # points, inside each table cell
ROW_TINT: RGB = (0.94, 0.95, 0.97)  # every other table row
RULE: RGB = (0.8, 0.8, 0.84)  # the line under each table row


@dataclass(frozen=True)
class Table:
    header: list[str]
    rows: list[list[str]]
    widths: list[float] | None = None  # relative column widths


@dataclass(frozen=True)
class Sheet:
    game: str
    blocks: list[tuple[str, list[str]]]  # (heading, bullet points)
    tables: list[tuple[str, Table]]
    footnote: str = ""
    accent: str = "marine"
    extra: list[tuple[str, list[str]]] = field(default_factory=list)  # after the tables

    def strings(self) -> list[str]:
        out = [self.footnote, game_info(self.game).title]
        for heading, lines in self.blocks + self.extra:
            out += [heading, *lines]
        for heading, table in self.tables:
            out += [heading, *table.header, *(c for row in table.rows for c in row)]
        return [s for s in out if s]


def game_url(base: str, game: str) -> str:
    return f"{base.rstrip('/')}/{game}"


def qr_drawing(url: str, size: float):  # noqa: ANN201 - returns a draw callable
    """A vector QR code of `url`, `size` points wide (quiet zone included), one path."""
    qr = qrcode.QRCode(border=2, error_correction=qrcode.constants.ERROR_CORRECT_M)
    qr.add_data(url)
    qr.make(fit=True)
    matrix = qr.get_matrix()
    n = len(matrix)
    cell = size / n

    def draw(c: Canvas) -> None:
        c.setFillColorRGB(1, 1, 1)
        c.rect(0, 0, size, size, stroke=0, fill=1)
        c.setFillColorRGB(0, 0, 0)
        p = c.beginPath()
        for r, row in enumerate(matrix):
            y = size - (r + 1) * cell
            c0 = None
            for col, on in enumerate(list(row) + [False]):
                if on and c0 is None:
                    c0 = col
                elif not on and c0 is not None:
                    p.rect(c0 * cell, y, (col - c0) * cell, cell)
                    c0 = None
        c.drawPath(p, stroke=0, fill=1)

    return draw


@dataclass(frozen=True)
class _Box:
    """One laid-out piece of the sheet (a heading, a bullet, a table row…): its height, the
    space above and under it, and how to draw it with its top-left corner at (x, top)."""

    height: float
    before: float
    after: float
    draw: Callable[[Canvas, float, float], None]


def _lines(text: str, font: str, size: float, width: float, where: str) -> list[str] | None:
    """`text` (French typography applied) wrapped to `width`; None when a word is wider."""
    text = french(text)
    check_glyphs(text, font, where)
    return wrap(text, font, size, width)


def _text(lines: list[str], font: str, size: float, leading: float, rgb: RGB,
          x: float) -> Callable[[Canvas, float, float], None]:
    def draw(c: Canvas, left: float, top: float) -> None:
        c.setFillColorRGB(*rgb)
        t = c.beginText(left + x, top - size)
        t.setFont(font, size, leading)
        for line in lines:
            t.textLine(line)
        c.drawText(t)

    return draw


def _heading(text: str, size: float, accent: RGB, width: float, where: str) -> _Box | None:
    hsize = size + 1.5
    lines = _lines(text, BOLD, hsize, width, where)
    if lines is None:
        return None
    leading = hsize * 1.25
    return _Box(len(lines) * leading, size * 0.7, size * 0.25,
                _text(lines, BOLD, hsize, leading, accent, 0))


def _bullet(text: str, size: float, width: float, where: str) -> _Box | None:
    indent = size * 1.1
    lines = _lines(text, REGULAR, size, width - indent, where)
    if lines is None:
        return None
    leading = size * 1.28
    body = _text(lines, REGULAR, size, leading, INK, indent)

    def draw(c: Canvas, left: float, top: float) -> None:
        body(c, left, top)
        c.setFont(REGULAR, size)
        c.drawString(left + size * 0.2, top - size, "•")

    return _Box(len(lines) * leading, 0, size * 0.15, draw)


def _table(table: Table, size: float, accent: RGB, width: float, where: str) -> list[_Box] | None:
    """The header row then one box per row: cells wrapped in their column, padded."""
    csize = size - 0.5
    leading = csize * 1.22
    rel = table.widths or [1.0] * len(table.header)
    widths = [width * r / sum(rel) for r in rel]
    boxes: list[_Box] = []
    for index, row in enumerate([table.header, *table.rows]):
        font, rgb = (BOLD, (1.0, 1.0, 1.0)) if index == 0 else (REGULAR, INK)
        cells = []
        for text, w in zip(row, widths, strict=True):
            lines = _lines(text, font, csize, w - 2 * CELL_PAD_X, where)
            if lines is None:
                return None
            cells.append(lines)
        height = max(len(lines) for lines in cells) * leading + CELL_PAD_TOP + CELL_PAD_BOTTOM
        fill = accent if index == 0 else ((1.0, 1.0, 1.0) if index % 2 else ROW_TINT)
        boxes.append(_Box(height, 0, 0, _row(cells, widths, font, csize, leading, rgb, fill,
                                             height)))
    return boxes


def _row(cells: list[list[str]], widths: list[float], font: str, size: float, leading: float,
         rgb: RGB, fill: RGB, height: float) -> Callable[[Canvas, float, float], None]:
    def draw(c: Canvas, left: float, top: float) -> None:
        if fill != (1.0, 1.0, 1.0):
            c.setFillColorRGB(*fill)
            c.rect(left, top - height, sum(widths), height, stroke=0, fill=1)
        c.setStrokeColorRGB(*RULE)
        c.setLineWidth(0.25)
        c.line(left, top - height, left + sum(widths), top - height)
        x = left
        for lines, w in zip(cells, widths, strict=True):
            _text(lines, font, size, leading, rgb, CELL_PAD_X)(c, x, top - CELL_PAD_TOP)
            x += w

    return draw


def _footnote(text: str, size: float, width: float, where: str) -> _Box | None:
    fsize = size - 1.5
    lines = _lines(text, REGULAR, fsize, width, where)
    if lines is None:
        return None
    leading = fsize * 1.3
    return _Box(len(lines) * leading, size * 0.6 + 2, 0,
                _text(lines, REGULAR, fsize, leading, SOFT, 0))


def _layout(sheet: Sheet, size: float, width: float, where: str) -> list[_Box] | None:
    """The sheet at body size `size`, as boxes top to bottom; None when a word does not fit
    its column at this size."""
    accent = PALETTE[sheet.accent]
    out: list[_Box | None] = []
    for heading, lines in sheet.blocks:
        out.append(_heading(heading, size, accent, width, where))
        out += [_bullet(line, size, width, where) for line in lines]
    for heading, table in sheet.tables:
        out.append(_heading(heading, size, accent, width, where))
        rows = _table(table, size, accent, width, where)
        if rows is None:
            return None
        out += rows
    for heading, lines in sheet.extra:
        out.append(_heading(heading, size, accent, width, where))
        out += [_bullet(line, size, width, where) for line in lines]
    if sheet.footnote:
        out.append(_footnote(sheet.footnote, size, width, where))
    boxes = [b for b in out if b is not None]
    return boxes if len(boxes) == len(out) else None


def _total(boxes: list[_Box]) -> float:
    """Height of the boxes stacked as a frame stacks them (no space above the first)."""
    return sum(b.height + b.after for b in boxes) + sum(b.before for b in boxes[1:])


def draw_sheet(c: Canvas, painter: Painter, sheet: Sheet, url: str, page_w: float,
               page_h: float) -> None:
    """Lay the sheet out on the current page (points); PreflightError if it needs two pages."""
    where = f"{sheet.game}-fiche-memoire"
    for text in sheet.strings():
        check_glyphs(french(text), REGULAR, where)
        check_glyphs(french(text), BOLD, where)
    margin = 12 * MM
    accent = PALETTE[sheet.accent]
    title = game_info(sheet.game).title
    top = page_h - margin
    # Header: title, subtitle, QR code with the address it opens.
    c.setFillColorRGB(*accent)
    c.rect(margin, page_h - 7.5 * MM, page_w - 2 * margin, 2.5 * MM, stroke=0, fill=1)
    c.setFont(BOLD, 17)
    c.drawString(margin, top - 14, french(title))
    c.setFont(REGULAR, 10)
    c.setFillColorRGB(*SOFT)
    c.drawString(margin, top - 28, "Fiche mémoire — à garder sur la table")
    target = game_url(url, sheet.game)
    painter.shared(f"qr:{target}", (0, 0, QR_SIZE, QR_SIZE), qr_drawing(target, QR_SIZE),
                   page_w - margin - QR_SIZE, top - QR_SIZE + 2 * MM)
    c.setFont(REGULAR, 6.5)
    c.setFillColorRGB(*SOFT)
    c.drawRightString(page_w - margin - QR_SIZE - 2 * MM, top - QR_SIZE + 8 * MM,
                      french("Assistant de table :"))
    c.drawRightString(page_w - margin - QR_SIZE - 2 * MM, top - QR_SIZE + 4.5 * MM, target)
    frame_top = top - QR_SIZE - 1 * MM
    bottom = 14 * MM  # above the check ruler
    width = page_w - 2 * margin
    # The largest body size at which the whole sheet holds on the page. Smaller type never
    # takes more room (every height and space scales with it, lines only get fewer): a search
    # by halves over SIZES finds it in three layouts instead of up to seven.
    room = frame_top - bottom
    best: list[_Box] | None = None
    low, high = 0, len(SIZES) - 1
    while low <= high:
        middle = (low + high) // 2
        boxes = _layout(sheet, SIZES[middle], width, where)
        if boxes is not None and _total(boxes) <= room:
            best, high = boxes, middle - 1
        else:
            low = middle + 1
    if best is not None:
        y = frame_top
        for index, box in enumerate(best):
            if index:
                y -= box.before
            box.draw(c, margin, y)
            y -= box.height + box.after
        return
    raise PreflightError(f"{where} : la fiche ne tient pas sur une page même en "
                         f"{SIZES[-1]:g} pt")
