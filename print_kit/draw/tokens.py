"""Round tokens (coins, success tokens, first-player tokens) and half tokens, drawn in their own
square (0, 0)-(w, h) in points: a disc with a value, a picture or a symbol, and a name."""

from __future__ import annotations

from reportlab.pdfgen.canvas import Canvas

from print_kit.draw.faceparts import PANEL, RGB, Face, Pens, colour_of, tint
from print_kit.draw.fonts import BOLD
from print_kit.draw.textfit import fit_line, french
from print_kit.layout.geometry import MM


def draw_token(c: Canvas, face: Face, w: float, h: float, bleed: float, low_ink: bool,
               pens: Pens, where: str) -> None:
    accent = colour_of(face.accent)
    if not low_ink:
        c.setFillColorRGB(*tint(accent, 0.8))
        c.rect(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed, stroke=0, fill=1)
    r = min(w, h) / 2 - 1.0 * MM
    cx, cy = w / 2, h / 2
    ink: RGB = accent if low_ink else (1.0, 1.0, 1.0)
    c.setStrokeColorRGB(*accent)
    c.setLineWidth(1.2)
    c.setFillColorRGB(*(PANEL if low_ink else accent))
    if face.style == "half-token":
        # A half disc, flat side down: two of them make one success token.
        base = cy - 0.42 * r
        p = c.beginPath()
        p.moveTo(cx - r, base)
        p.arcTo(cx - r, base - r, cx + r, base + r, startAng=180, extent=-180)
        p.close()
        c.drawPath(p, stroke=1, fill=1)
        value_y, value_size, title_y = base + 0.3 * r, 0.6 * r, base + 0.08 * r
    else:
        c.circle(cx, cy, r, stroke=1, fill=1)
        value_y, value_size, title_y = cy - 0.2 * r, 0.95 * r, cy - 0.62 * r
    value_x = cx
    if face.corner:
        if face.art and face.style == "token":  # a small picture above the value
            s = r * 0.62
            pens.art(c, face.art, cx - s / 2, cy + 0.3 * r, s)
            value_y, value_size = cy - 0.42 * r, 0.7 * r
        elif face.art:  # half token: the picture beside the value
            s = r * 0.46
            pens.art(c, face.art, cx + 0.04 * r, value_y - 0.05 * r, s)
            value_x, value_size = cx - 0.28 * r, 0.5 * r
        size = fit_line(face.corner, BOLD, r * 1.3, largest=value_size, smallest=6,
                        where=f"{where} › valeur")
        c.setFillColorRGB(*ink)
        c.setFont(BOLD, size)
        c.drawCentredString(value_x, value_y, face.corner)
    elif face.art:
        if not low_ink:  # the picture keeps its colours on a white disc
            c.setFillColorRGB(*PANEL)
            c.circle(cx, cy + r * 0.1, r * 0.6, stroke=0, fill=1)
        s = r * 1.0
        pens.art(c, face.art, cx - s / 2, cy - s / 2 + r * 0.1, s)
    elif face.symbol:
        s = r * 1.0
        pens.symbol(c, face.symbol, ink, cx - s / 2, cy - s / 2 + r * 0.08, s)
    if face.title:
        size = fit_line(french(face.title), BOLD, r * 1.5, largest=r * 0.28,
                        smallest=3.5, where=f"{where} › nom")
        c.setFillColorRGB(*ink)
        c.setFont(BOLD, size)
        c.drawCentredString(cx, title_y, french(face.title))
