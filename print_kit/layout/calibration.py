"""The duplex calibration sheet: crosses on the front, millimetre scales behind them on the
back. Held against the light, the scales give the corrections to enter as --calibration
DX,DY,SCALE (the back page is drawn with the current corrections, to check them)."""

from __future__ import annotations

from reportlab.pdfgen.canvas import Canvas

from print_kit.draw.faces import INK
from print_kit.draw.fonts import BOLD, REGULAR
from print_kit.draw.painter import Painter
from print_kit.draw.textfit import draw_block, french
from print_kit.kit import FreePage, PrintFile
from print_kit.layout.geometry import MM
from print_kit.options import PrintOptions

SPREAD = 80.0  # mm from the centre to the left and right crosses
SCALE_HALF = 12  # each scale reads -12..+12 mm
LABEL_SIZE = 5.0  # pt: « +12 » and « +8 », 4 mm apart, keep a gap between them

INSTRUCTIONS = [
    "1. Imprimez cette feuille recto verso, à 100 % (sans « ajuster à la page »), avec le même "
    "réglage de retournement que pour les cartes.",
    "2. Regardez la feuille à contre-jour, côté verso : chaque croix du recto tombe sur une "
    "échelle du verso. Relevez les nombres lus (en mm).",
    "3. DX = lecture horizontale au centre ; DY = lecture verticale au centre ;",
    f"    ÉCHELLE = 1 + (lecture droite − lecture gauche) / {2 * SPREAD:g}.",
    "4. Relancez avec --calibration DX,DY,ÉCHELLE (par exemple 1.5,-0.5,0.996), puis vérifiez "
    "avec cette même page : les croix doivent tomber sur les zéros.",
]


def _cross(c: Canvas, x: float, y: float) -> None:
    c.setStrokeColorRGB(*INK)
    c.setLineWidth(0.4)
    c.line(x - 15 * MM, y, x + 15 * MM, y)
    c.line(x, y - 15 * MM, x, y + 15 * MM)
    c.circle(x, y, 2 * MM, stroke=1, fill=0)


def _scale(c: Canvas, x: float, y: float, horizontal: bool, vertical: bool) -> None:
    """Millimetre scales whose zero is where the front cross should fall: the horizontal one
    along y (read where the cross's vertical arm crosses it), the vertical one along x."""
    c.setStrokeColorRGB(*INK)
    c.setFillColorRGB(*INK)
    c.setFont(REGULAR, LABEL_SIZE)
    for mm in range(-SCALE_HALF, SCALE_HALF + 1):
        tick = 4.0 if mm % 4 == 0 else 2.2
        c.setLineWidth(0.5 if mm == 0 else 0.3)
        label = f"{mm:+d}" if mm else "0"
        if horizontal:
            c.line(x + mm * MM, y, x + mm * MM, y - tick * MM)
            if mm % 4 == 0 and not (vertical and mm == 0):  # the vertical line crosses there
                c.drawCentredString(x + mm * MM, y - 6.5 * MM, label)
        if vertical:
            c.line(x, y + mm * MM, x - tick * MM, y + mm * MM)
            if mm % 4 == 0:  # left of the horizontal scale's labels: no label on another
                c.drawRightString(x - (SCALE_HALF + 2.5) * MM, y + mm * MM - 1.7, label)
    c.setLineWidth(0.3)
    if horizontal:
        c.line(x - SCALE_HALF * MM, y, x + SCALE_HALF * MM, y)
    if vertical:
        c.line(x, y - SCALE_HALF * MM, x, y + SCALE_HALF * MM)


def _front(c: Canvas, painter: Painter, w: float, h: float) -> None:
    cx, cy = w / 2, h / 2
    for dx in (-SPREAD, 0, SPREAD):
        _cross(c, cx + dx * MM, cy)
    c.setFillColorRGB(*INK)
    c.setFont(BOLD, 14)
    c.drawString(15 * MM, h - 20 * MM, french("Calibrage de l'impression recto verso — recto"))
    y = h - 27 * MM
    for line in INSTRUCTIONS:
        y = draw_block(c, line, REGULAR, 15 * MM, y, w - 30 * MM, 14 * MM, largest=9,
                       smallest=6, where="calibrage") - 2.5 * MM


def _back(c: Canvas, painter: Painter, w: float, h: float) -> None:
    cx, cy = w / 2, h / 2
    _scale(c, cx, cy, True, True)
    _scale(c, cx - SPREAD * MM, cy, True, False)
    _scale(c, cx + SPREAD * MM, cy, True, False)
    c.setFillColorRGB(*INK)
    c.setFont(BOLD, 14)
    c.drawString(15 * MM, h - 20 * MM, french("Calibrage — verso (à lire à contre-jour)"))
    c.setFont(REGULAR, 8.5)
    for x, label in ((cx - SPREAD * MM, "gauche"), (cx, "centre"), (cx + SPREAD * MM, "droite")):
        c.drawCentredString(x, cy + 18 * MM, label)


def calibration_pages(options: PrintOptions) -> PrintFile:
    strings = tuple(INSTRUCTIONS) + ("gauche", "centre", "droite")
    return PrintFile("calibrage-recto-verso", "kit", "Calibrage de l'impression recto verso",
                     pages=(FreePage("Calibrage — recto", _front, strings),
                            FreePage("Calibrage — verso", _back, strings, back=True)))
