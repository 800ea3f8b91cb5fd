"""The « fiche mémoire »: one page per game, in the project's own words, with tables where the
rules have tables, and a QR code opening the game's page of the app (`<url>/<game id>`).

Each game module gives a `Sheet` (plain data); this module lays it out with Platypus on one page,
shrinking the type size step by step if needed, and refuses to build a second page."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import qrcode
from reportlab.lib import colors
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Paragraph, Spacer, TableStyle
from reportlab.platypus import Table as RLTable

from companion.catalog import game_info
from print_kit.faces import INK, PALETTE, SOFT
from print_kit.fonts import BOLD, REGULAR
from print_kit.geometry import MM
from print_kit.painter import Painter
from print_kit.textfit import PreflightError, check_glyphs, french

QR_SIZE = 26 * MM
SIZES = (9.0, 8.5, 8.0, 7.5, 7.0, 6.5, 6.0)  # body sizes tried, largest first


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


def _styles(size: float, accent: tuple[float, float, float]) -> dict[str, ParagraphStyle]:
    ink = colors.Color(*INK)
    return {
        "h": ParagraphStyle("h", fontName=BOLD, fontSize=size + 1.5, leading=(size + 1.5) * 1.25,
                            textColor=colors.Color(*accent), spaceBefore=size * 0.7,
                            spaceAfter=size * 0.25),
        "p": ParagraphStyle("p", fontName=REGULAR, fontSize=size, leading=size * 1.28,
                            textColor=ink, leftIndent=size * 1.1, bulletIndent=size * 0.2,
                            bulletFontName=REGULAR, bulletFontSize=size,
                            spaceAfter=size * 0.15),
        "cell": ParagraphStyle("cell", fontName=REGULAR, fontSize=size - 0.5,
                               leading=(size - 0.5) * 1.22, textColor=ink),
        "head": ParagraphStyle("head", fontName=BOLD, fontSize=size - 0.5,
                               leading=(size - 0.5) * 1.22, textColor=colors.white),
        "foot": ParagraphStyle("foot", fontName=REGULAR, fontSize=size - 1.5,
                               leading=(size - 1.5) * 1.3, textColor=colors.Color(*SOFT),
                               spaceBefore=size * 0.6),
    }


def escape(text: str) -> str:
    """Paragraph markup's three special characters, as xml.sax.saxutils.escape does (that
    module imports urllib.request and ssl: a few milliseconds of every print run)."""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def _para(text: str, style: ParagraphStyle, bullet: bool = False) -> Paragraph:
    # Paragraph parses markup: every text is escaped (it may come from a data file).
    return Paragraph(escape(french(text)), style, bulletText="•" if bullet else None)


def _flowables(sheet: Sheet, size: float, width: float) -> list[object]:
    accent = PALETTE[sheet.accent]
    st = _styles(size, accent)
    out: list[object] = []
    for heading, lines in sheet.blocks:
        out.append(_para(heading, st["h"]))
        out += [_para(line, st["p"], bullet=True) for line in lines]
    for heading, table in sheet.tables:
        data = [[_para(h, st["head"]) for h in table.header]]
        data += [[_para(cell, st["cell"]) for cell in row] for row in table.rows]
        rel = table.widths or [1.0] * len(table.header)
        widths = [width * r / sum(rel) for r in rel]
        t = RLTable(data, colWidths=widths, repeatRows=1)
        t.setStyle(TableStyle([
            ("BACKGROUND", (0, 0), (-1, 0), colors.Color(*accent)),
            ("ROWBACKGROUNDS", (0, 1), (-1, -1),
             [colors.white, colors.Color(0.94, 0.95, 0.97)]),
            ("LINEBELOW", (0, 0), (-1, -1), 0.25, colors.Color(0.8, 0.8, 0.84)),
            ("VALIGN", (0, 0), (-1, -1), "TOP"),
            ("FONTNAME", (0, 0), (-1, -1), REGULAR),
            ("TOPPADDING", (0, 0), (-1, -1), 1.6),
            ("BOTTOMPADDING", (0, 0), (-1, -1), 2.2),
        ]))
        out += [_para(heading, st["h"]), t]
    for heading, lines in sheet.extra:
        out.append(_para(heading, st["h"]))
        out += [_para(line, st["p"], bullet=True) for line in lines]
    if sheet.footnote:
        out.append(Spacer(1, 2))
        out.append(_para(sheet.footnote, st["foot"]))
    return out


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
    # Text height grows about as the square of the type size: guess the size from one
    # measurement at the largest, then confirm (stepping down if the guess was too bold).
    # Measuring is laying out: the flowables that fit are drawn as wrapped, not wrapped again.
    room = frame_top - bottom
    flowables = _flowables(sheet, SIZES[0], width)
    heights = _wrap_all(flowables, width, c)
    guess = SIZES[0] * (room / _total(flowables, heights)) ** 0.5
    for size in [SIZES[0]] + [s for s in SIZES[1:] if s <= guess + 1e-9]:
        if size != SIZES[0]:
            flowables = _flowables(sheet, size, width)
            heights = _wrap_all(flowables, width, c)
        if _total(flowables, heights) <= room:
            _draw_all(flowables, heights, c, margin, frame_top)
            return
    raise PreflightError(f"{where} : la fiche ne tient pas sur une page même en "
                         f"{SIZES[-1]:g} pt")


def _wrap_all(flowables: list[Any], width: float, c: Canvas) -> list[float]:
    """Wrap every flowable to `width`; their heights."""
    return [f.wrapOn(c, width, 10_000)[1] for f in flowables]


def _total(flowables: list[Any], heights: list[float]) -> float:
    return sum(heights) + sum(f.getSpaceBefore() + f.getSpaceAfter() for f in flowables[1:]) \
        + (flowables[0].getSpaceAfter() if flowables else 0)


def _draw_all(flowables: list[Any], heights: list[float], c: Canvas, x: float,
              top: float) -> None:
    """Draw wrapped flowables down from `top` as a frame would (no space above the first)."""
    y = top
    for index, (f, h) in enumerate(zip(flowables, heights, strict=True)):
        if index:
            y -= f.getSpaceBefore()
        y -= h
        f.drawOn(c, x, y)
        y -= f.getSpaceAfter()
