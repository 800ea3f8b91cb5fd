"""Card backs: one colour through the bleed (every back of a deck is the same face, drawn once),
a frame, the deck's picture or symbol on a white disc, the game's name both ways up."""

from __future__ import annotations

from reportlab.pdfgen.canvas import Canvas

from print_kit.draw.faceparts import PANEL, RGB, SAFE, Face, Pens, colour_of, tint
from print_kit.draw.fonts import BOLD
from print_kit.draw.textfit import fit_line, french
from print_kit.layout.geometry import MM


def draw_back(c: Canvas, face: Face, w: float, h: float, bleed: float, low_ink: bool,
              pens: Pens, where: str) -> None:
    accent = colour_of(face.accent)
    if face.light and not low_ink:
        c.setFillColorRGB(*PANEL)
        c.rect(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed, stroke=0, fill=1)
        c.setStrokeColorRGB(*accent)
        c.setLineWidth(3 * MM)
        c.roundRect(SAFE + 1.5 * MM, SAFE + 1.5 * MM, w - 2 * SAFE - 3 * MM,
                    h - 2 * SAFE - 3 * MM, 2 * MM, stroke=1, fill=0)
        ink: RGB = accent
    elif low_ink:
        c.setStrokeColorRGB(*accent)
        c.setLineWidth(1.2)
        c.roundRect(SAFE * 0.6, SAFE * 0.6, w - 1.2 * SAFE, h - 1.2 * SAFE, 2 * MM, stroke=1,
                    fill=0)
        ink = accent
    else:
        c.setFillColorRGB(*accent)
        c.rect(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed, stroke=0, fill=1)
        c.setStrokeColorRGB(*tint(accent, 0.45))
        c.setLineWidth(1.0)
        c.roundRect(SAFE, SAFE, w - 2 * SAFE, h - 2 * SAFE, 2 * MM, stroke=1, fill=0)
        ink = (1.0, 1.0, 1.0)
    s = min(w, h) * 0.42
    if face.art or face.symbol:
        if not low_ink:  # a white disc: the picture keeps its own colours
            c.setFillColorRGB(*PANEL)
            c.circle(w / 2, h / 2, s * 0.68, stroke=0, fill=1)
        if face.art:
            a = s * 1.1
            pens.art(c, face.art, (w - a) / 2, (h - a) / 2, a)
        else:
            pens.symbol(c, face.symbol or "", accent, (w - s) / 2, (h - s) / 2, s)
    k = min(w / (63 * MM), h / (88 * MM))
    # Title above and label below the picture, each also upside down: a back reads both ways.
    for angle in (0, 180):
        c.saveState()
        if angle:
            c.translate(w, h)
            c.rotate(180)
        if face.title:
            size = fit_line(french(face.title), BOLD, w - 2.6 * SAFE, largest=9 * k,
                            smallest=4, where=f"{where} › dos")
            c.setFillColorRGB(*ink)
            c.setFont(BOLD, size)
            inset = 4.5 * MM if face.light and not low_ink else 1.5 * MM  # inside the frame
            c.drawCentredString(w / 2, h - SAFE - inset - size, french(face.title))
        c.restoreState()
    if face.subtitle:
        size = fit_line(french(face.subtitle), BOLD, w - 2.6 * SAFE, largest=12 * k,
                        smallest=4, where=f"{where} › dos")
        c.setFillColorRGB(*ink)
        c.setFont(BOLD, size)
        c.drawCentredString(w / 2, h / 2 - s * 0.68 - size * 1.5, french(face.subtitle))
