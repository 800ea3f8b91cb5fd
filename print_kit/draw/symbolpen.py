"""The pen every symbol is drawn with (print_kit.draw.symbols, print_kit.draw.kitsymbols): filled
polygons and outlines of lines and Bézier curves, stars, the switch to white for a symbol's
details, and text in the embedded bold font, so letters and digits are vector outlines like
everything else. Apart so that the data's symbols and the kit's own share one set of strokes."""

from __future__ import annotations

import math
from collections.abc import Callable

from reportlab.pdfgen.canvas import Canvas

from print_kit.draw.fonts import BOLD

Draw = Callable[[Canvas], None]
WHITE = (1, 1, 1)


def poly(c: Canvas, points: list[tuple[float, float]], fill: bool = True,
         stroke: bool = False) -> None:
    p = c.beginPath()
    p.moveTo(*points[0])
    for pt in points[1:]:
        p.lineTo(*pt)
    p.close()
    c.drawPath(p, fill=int(fill), stroke=int(stroke))


def shape(c: Canvas, start: tuple[float, float], *segments: tuple[float, ...]) -> None:
    """A filled closed outline: from `start`, each segment is a line to (x, y) or a Bézier
    curve through (x1, y1, x2, y2, x, y)."""
    p = c.beginPath()
    p.moveTo(*start)
    for seg in segments:
        if len(seg) == 2:
            p.lineTo(*seg)
        else:
            p.curveTo(*seg)
    p.close()
    c.drawPath(p, fill=1, stroke=0)


def star(c: Canvas, cx: float, cy: float, r_out: float, r_in: float, n: int = 5) -> None:
    pts = []
    for i in range(2 * n):
        r = r_out if i % 2 == 0 else r_in
        a = math.pi / 2 + i * math.pi / n
        pts.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    poly(c, pts)


def white(c: Canvas) -> None:
    c.setFillColorRGB(*WHITE)
    c.setStrokeColorRGB(*WHITE)


def white_bars(c: Canvas, *bars: tuple[float, float, float, float]) -> None:
    """Bars (x, y, width, height) cut in white out of the shape drawn so far: a shield's or a
    tomb's cross, a helmet's visor, a crown's band, a door."""
    white(c)
    for x, y, w, h in bars:
        c.rect(x, y, w, h, stroke=0, fill=1)


def centred_text(c: Canvas, text: str, size: float = 78, y: float = 22) -> None:
    c.setFont(BOLD, size)
    c.drawCentredString(50, y, text)


def letter(text: str) -> Draw:
    def draw(c: Canvas) -> None:
        c.circle(50, 50, 48, stroke=0, fill=1)
        white(c)
        centred_text(c, text, 66, 27)
    return draw
