"""Vector symbols, each drawn in a 100 × 100 box in the current fill colour (details in white).

The ids are those of the data files (Noé's category symbols, Emblèmes' emblems), drawn here,
plus those the print kit adds for its own cards (print_kit/draw/kitsymbols.py); both are drawn with
one pen (print_kit/draw/symbolpen.py). This module holds the table of every id. Nothing here knows
about pages or forms: the painter draws each (symbol, colour) once into a form and reuses it."""

from __future__ import annotations

import math

from reportlab.pdfgen.canvas import Canvas

from print_kit.draw import kitsymbols as kit
from print_kit.draw.symbolpen import Draw, letter, poly, shape, star, white, white_bars

# --- Noé ------------------------------------------------------------------------------------

def etoile(c: Canvas) -> None:
    star(c, 50, 48, 50, 20)


def loupe(c: Canvas) -> None:
    c.setLineWidth(11)
    c.circle(40, 60, 27, stroke=1, fill=0)
    c.setLineWidth(15)
    c.setLineCap(1)
    c.line(60, 40, 88, 12)


def oeil(c: Canvas) -> None:
    shape(c, (2, 50),
          (30, 88, 70, 88, 98, 50),
          (70, 12, 30, 12, 2, 50))
    white(c)
    c.circle(50, 50, 20, stroke=0, fill=1)
    c.restoreState()
    c.saveState()
    c.circle(50, 50, 10, stroke=0, fill=1)


def couronne(c: Canvas) -> None:
    poly(c, [(8, 20), (92, 20), (98, 78), (72, 50), (50, 88), (28, 50), (2, 78)])
    white_bars(c, (8, 20, 84, 10))


def flamme(c: Canvas) -> None:
    shape(c, (50, 98),
          (20, 68, 12, 45, 22, 22),
          (32, 2, 68, 2, 78, 22),
          (88, 45, 72, 62, 64, 58),
          (70, 74, 60, 88, 50, 98))
    white(c)
    shape(c, (50, 48),
          (36, 36, 38, 16, 50, 12),
          (62, 16, 64, 36, 50, 48))


def plume(c: Canvas) -> None:
    shape(c, (12, 6),
          (20, 60, 55, 90, 96, 98),
          (88, 60, 60, 24, 12, 6))
    white(c)
    c.setLineWidth(4)
    c.line(14, 9, 80, 84)


def maison(c: Canvas) -> None:
    poly(c, [(50, 96), (98, 52), (86, 52), (86, 4), (14, 4), (14, 52), (2, 52)])
    white_bars(c, (40, 4, 20, 32))


def ailes(c: Canvas) -> None:
    for sign in (-1, 1):
        shape(c, (50 + sign * 4, 40),
              (50 + sign * 20, 90, 50 + sign * 40, 96, 50 + sign * 48, 92),
              (50 + sign * 44, 70, 50 + sign * 40, 56, 50 + sign * 30, 48),
              (50 + sign * 38, 44, 50 + sign * 34, 30, 50 + sign * 24, 24),
              (50 + sign * 16, 26, 50 + sign * 8, 30, 50 + sign * 4, 40))
    c.circle(50, 70, 9, stroke=0, fill=1)
    poly(c, [(40, 2), (60, 2), (56, 46), (44, 46)])


def masque(c: Canvas) -> None:
    shape(c, (2, 72),
          (30, 84, 70, 84, 98, 72),
          (98, 40, 80, 22, 64, 30),
          (56, 34, 44, 34, 36, 30),
          (20, 22, 2, 40, 2, 72))
    white(c)
    c.ellipse(16, 48, 42, 66, stroke=0, fill=1)
    c.ellipse(58, 48, 84, 66, stroke=0, fill=1)


def bombe(c: Canvas) -> None:
    c.circle(44, 40, 38, stroke=0, fill=1)
    c.rect(58, 66, 18, 14, stroke=0, fill=1)
    c.setLineWidth(5)
    p = c.beginPath()
    p.moveTo(68, 80)
    p.curveTo(72, 92, 82, 94, 90, 88)
    c.drawPath(p, fill=0, stroke=1)
    star(c, 92, 90, 9, 3, 6)
    white(c)
    c.circle(30, 54, 8, stroke=0, fill=1)


# --- Emblèmes: the families' emblems --------------------------------------------------------

def lion(c: Canvas) -> None:
    pts = []
    for i in range(24):  # the mane: a 12-point sunburst
        r = 48 if i % 2 == 0 else 38
        a = i * math.pi / 12
        pts.append((50 + r * math.cos(a), 50 + r * math.sin(a)))
    poly(c, pts)
    white(c)
    c.circle(50, 50, 28, stroke=0, fill=1)
    c.restoreState()
    c.saveState()
    c.circle(40, 56, 4.5, stroke=0, fill=1)
    c.circle(60, 56, 4.5, stroke=0, fill=1)
    poly(c, [(43, 44), (57, 44), (50, 36)])


def aigle(c: Canvas) -> None:
    poly(c, [(50, 90), (60, 74), (98, 84), (80, 56), (62, 50), (60, 20), (70, 4),
             (50, 14), (30, 4), (40, 20), (38, 50), (20, 56), (2, 84), (40, 74)])
    white(c)
    c.circle(50, 78, 3.5, stroke=0, fill=1)


def cerf(c: Canvas) -> None:
    c.setLineWidth(7)
    c.setLineCap(1)
    for sign in (-1, 1):
        c.line(50 + sign * 10, 58, 50 + sign * 28, 92)
        c.line(50 + sign * 19, 75, 50 + sign * 40, 80)
        c.line(50 + sign * 24, 84, 50 + sign * 14, 98)
    poly(c, [(30, 62), (70, 62), (60, 18), (50, 6), (40, 18)])
    white(c)
    c.circle(42, 44, 4, stroke=0, fill=1)
    c.circle(58, 44, 4, stroke=0, fill=1)


def serpent(c: Canvas) -> None:
    c.setLineWidth(13)
    c.setLineCap(1)
    p = c.beginPath()
    p.moveTo(12, 12)
    p.curveTo(40, 0, 70, 20, 50, 42)
    p.curveTo(30, 62, 58, 86, 80, 76)
    c.drawPath(p, fill=0, stroke=1)
    c.ellipse(72, 66, 98, 88, stroke=0, fill=1)
    white(c)
    c.circle(88, 80, 3, stroke=0, fill=1)


def soleil(c: Canvas) -> None:
    c.circle(50, 50, 24, stroke=0, fill=1)
    for i in range(12):
        a = i * math.pi / 6
        ca, sa = math.cos(a), math.sin(a)
        ta, tb = math.cos(a + 0.16), math.sin(a + 0.16)
        ua, ub = math.cos(a - 0.16), math.sin(a - 0.16)
        poly(c, [(50 + 30 * ta, 50 + 30 * tb), (50 + 48 * ca, 50 + 48 * sa),
                 (50 + 30 * ua, 50 + 30 * ub)])


SYMBOLS: dict[str, Draw] = {
    "etoile": etoile, "loupe": loupe, "oeil": oeil,
    "lettre-l": letter("L"), "lettre-a": letter("A"), "lettre-s": letter("S"),
    "couronne": couronne, "flamme": flamme, "plume": plume, "maison": maison,
    "ailes": ailes, "masque": masque, "chiffre-1": letter("1"), "chiffre-2": letter("2"),
    "bombe": bombe,
    "lion": lion, "aigle": aigle, "cerf": cerf, "serpent": serpent, "soleil": soleil,
    "losange": kit.losange, "carre": kit.carre, "piece": kit.piece,
    "fanion": kit.fanion, "bouclier": kit.bouclier, "epee": kit.epee, "ecuyer": kit.ecuyer,
    "dame": kit.dame,
    "personne": kit.personne, "cle": kit.cle, "marteau": kit.marteau, "lune": kit.lune,
    "croix-medicale": kit.croix_medicale, "engrenage": kit.engrenage, "coche": kit.coche,
    "fantome": kit.fantome, "eclair": kit.eclair, "cible": kit.cible, "coeur": kit.coeur,
    "tombe": kit.tombe, "fusee": kit.fusee,
    "drapeau": kit.drapeau, "arrivee": kit.arrivee, "fleche": kit.fleche,
    "echange": kit.echange, "de": kit.de,
    "vide": kit.vide, "separation": kit.separation, "pion": kit.pion, "double": kit.double,
}


def draw_symbol(c: Canvas, symbol: str, rgb: tuple[float, float, float]) -> None:
    """Draw `symbol` in its 100 × 100 box in colour `rgb` (KeyError for an unknown id)."""
    draw = SYMBOLS[symbol]
    c.saveState()
    c.setFillColorRGB(*rgb)
    c.setStrokeColorRGB(*rgb)
    c.saveState()
    draw(c)
    c.restoreState()
    c.restoreState()
