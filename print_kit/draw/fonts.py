"""The embedded fonts (DejaVu Sans and Sans Bold, shipped in print_kit/fonts/ with their licence:
no system font is ever used) and glyph coverage checks. Two fonts only: each embedded font costs
every PDF file its own subset. The shipped files are DejaVu 2.37 with every glyph but without
TrueType hinting and the licence's full text in the name table (made by fonttools' pyftsubset,
print_kit/fonts/README.md; the licence is LICENSE-DejaVu.txt beside them): ReportLab copies
both into every subset of every file (the subsets were 60 % of the kit's bytes)."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

from reportlab import rl_config
from reportlab.lib.fonts import addMapping
from reportlab.pdfbase import pdfdoc, pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

FONT_DIR = Path(__file__).resolve().parent.parent / "fonts"  # print_kit/fonts/

REGULAR = "CdtSans"
BOLD = "CdtSans-Bold"

_FILES = {
    REGULAR: "DejaVuSans-nohint.ttf",
    BOLD: "DejaVuSans-Bold-nohint.ttf",
}


_NOT_PDFDOC = re.compile("[\x18-\x1f]")  # ASCII characters PDFDocEncoding has not


def _ascii_fast(x: object) -> object:
    """ReportLab's `pdfdoc.pdfdocEnc` (every PDF object and content stream, as text, to bytes
    through a Python charmap codec: a tenth of writing a PDF), answered by the C `ascii` codec
    when the text is ASCII that PDFDocEncoding maps to itself: the same bytes (tested)."""
    if isinstance(x, str) and x.isascii() and not _NOT_PDFDOC.search(x):
        return x.encode("ascii")
    return _PDFDOC_ENC(x)


_PDFDOC_ENC = pdfdoc.pdfdocEnc


@cache
def register() -> None:
    """Register the fonts with ReportLab once per process (and the bold mapping for Paragraph).

    Also turns off ReportLab's ASCII85 stream encoding: binary compressed streams are a quarter
    smaller and faster to write, and encodes ASCII text to bytes in C (`_ascii_fast`): the print
    kit is the only ReportLab user in the product."""
    rl_config.useA85 = 0
    pdfdoc.pdfdocEnc = _ascii_fast
    for name, file in _FILES.items():
        pdfmetrics.registerFont(TTFont(name, str(FONT_DIR / file)))
    pdfmetrics.registerFontFamily(REGULAR, normal=REGULAR, bold=BOLD, italic=REGULAR,
                                  boldItalic=BOLD)
    addMapping(REGULAR, 1, 0, BOLD)
    addMapping(REGULAR, 1, 1, BOLD)
    addMapping(REGULAR, 0, 1, REGULAR)


@cache
def _charmap(font: str) -> frozenset[int]:
    register()
    ttf = pdfmetrics.getFont(font)
    return frozenset(ttf.face.charToGlyph)  # type: ignore[attr-defined]


@cache
def _drawable(font: str) -> frozenset[str]:
    """The characters the font has, and newline and tab (not drawn, never missing)."""
    return frozenset(map(chr, _charmap(font))) | {"\n", "\t"}


def missing_glyphs(text: str, font: str) -> set[str]:
    """Characters of `text` the font cannot draw (controls like newline excepted)."""
    return set(text).difference(_drawable(font))
