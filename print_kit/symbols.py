"""Vector symbols, each drawn in a 100 × 100 box in the current fill colour (details in white).

The ids are those of the data files (Noé's category symbols, Emblèmes' emblems...) plus the few
the print kit adds for its own cards. Letters and digits use the embedded bold font, so they
are vector outlines like everything else. Nothing here knows about pages or forms: the painter
draws each (symbol, colour) once into a form and reuses it."""

from __future__ import annotations

import math
from collections.abc import Callable

from reportlab.pdfgen.canvas import Canvas

from print_kit.fonts import BOLD

Draw = Callable[[Canvas], None]
WHITE = (1, 1, 1)


def _poly(c: Canvas, points: list[tuple[float, float]], fill: bool = True,
          stroke: bool = False) -> None:
    p = c.beginPath()
    p.moveTo(*points[0])
    for pt in points[1:]:
        p.lineTo(*pt)
    p.close()
    c.drawPath(p, fill=int(fill), stroke=int(stroke))


def _shape(c: Canvas, start: tuple[float, float], *segments: tuple[float, ...]) -> None:
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


def _star(c: Canvas, cx: float, cy: float, r_out: float, r_in: float, n: int = 5) -> None:
    pts = []
    for i in range(2 * n):
        r = r_out if i % 2 == 0 else r_in
        a = math.pi / 2 + i * math.pi / n
        pts.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    _poly(c, pts)


def _white(c: Canvas) -> None:
    c.setFillColorRGB(*WHITE)
    c.setStrokeColorRGB(*WHITE)


def _text(c: Canvas, text: str, size: float = 78, y: float = 22) -> None:
    c.setFont(BOLD, size)
    c.drawCentredString(50, y, text)


# --- Noé ------------------------------------------------------------------------------------

def etoile(c: Canvas) -> None:
    _star(c, 50, 48, 50, 20)


def loupe(c: Canvas) -> None:
    c.setLineWidth(11)
    c.circle(40, 60, 27, stroke=1, fill=0)
    c.setLineWidth(15)
    c.setLineCap(1)
    c.line(60, 40, 88, 12)


def oeil(c: Canvas) -> None:
    _shape(c, (2, 50),
           (30, 88, 70, 88, 98, 50),
           (70, 12, 30, 12, 2, 50))
    _white(c)
    c.circle(50, 50, 20, stroke=0, fill=1)
    c.restoreState()
    c.saveState()
    c.circle(50, 50, 10, stroke=0, fill=1)


def _letter(text: str) -> Draw:
    def draw(c: Canvas) -> None:
        c.circle(50, 50, 48, stroke=0, fill=1)
        _white(c)
        _text(c, text, 66, 27)
    return draw


def couronne(c: Canvas) -> None:
    _poly(c, [(8, 20), (92, 20), (98, 78), (72, 50), (50, 88), (28, 50), (2, 78)])
    _white(c)
    c.rect(8, 20, 84, 10, stroke=0, fill=1)


def flamme(c: Canvas) -> None:
    _shape(c, (50, 98),
           (20, 68, 12, 45, 22, 22),
           (32, 2, 68, 2, 78, 22),
           (88, 45, 72, 62, 64, 58),
           (70, 74, 60, 88, 50, 98))
    _white(c)
    _shape(c, (50, 48),
           (36, 36, 38, 16, 50, 12),
           (62, 16, 64, 36, 50, 48))


def plume(c: Canvas) -> None:
    _shape(c, (12, 6),
           (20, 60, 55, 90, 96, 98),
           (88, 60, 60, 24, 12, 6))
    _white(c)
    c.setLineWidth(4)
    c.line(14, 9, 80, 84)


def maison(c: Canvas) -> None:
    _poly(c, [(50, 96), (98, 52), (86, 52), (86, 4), (14, 4), (14, 52), (2, 52)])
    _white(c)
    c.rect(40, 4, 20, 32, stroke=0, fill=1)


def ailes(c: Canvas) -> None:
    for sign in (-1, 1):
        _shape(c, (50 + sign * 4, 40),
               (50 + sign * 20, 90, 50 + sign * 40, 96, 50 + sign * 48, 92),
               (50 + sign * 44, 70, 50 + sign * 40, 56, 50 + sign * 30, 48),
               (50 + sign * 38, 44, 50 + sign * 34, 30, 50 + sign * 24, 24),
               (50 + sign * 16, 26, 50 + sign * 8, 30, 50 + sign * 4, 40))
    c.circle(50, 70, 9, stroke=0, fill=1)
    _poly(c, [(40, 2), (60, 2), (56, 46), (44, 46)])


def masque(c: Canvas) -> None:
    _shape(c, (2, 72),
           (30, 84, 70, 84, 98, 72),
           (98, 40, 80, 22, 64, 30),
           (56, 34, 44, 34, 36, 30),
           (20, 22, 2, 40, 2, 72))
    _white(c)
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
    _star(c, 92, 90, 9, 3, 6)
    _white(c)
    c.circle(30, 54, 8, stroke=0, fill=1)


# --- Emblèmes: families, timing marks, coins ------------------------------------------------

def lion(c: Canvas) -> None:
    pts = []
    for i in range(24):  # the mane: a 12-point sunburst
        r = 48 if i % 2 == 0 else 38
        a = i * math.pi / 12
        pts.append((50 + r * math.cos(a), 50 + r * math.sin(a)))
    _poly(c, pts)
    _white(c)
    c.circle(50, 50, 28, stroke=0, fill=1)
    c.restoreState()
    c.saveState()
    c.circle(40, 56, 4.5, stroke=0, fill=1)
    c.circle(60, 56, 4.5, stroke=0, fill=1)
    _poly(c, [(43, 44), (57, 44), (50, 36)])


def aigle(c: Canvas) -> None:
    _poly(c, [(50, 90), (60, 74), (98, 84), (80, 56), (62, 50), (60, 20), (70, 4),
              (50, 14), (30, 4), (40, 20), (38, 50), (20, 56), (2, 84), (40, 74)])
    _white(c)
    c.circle(50, 78, 3.5, stroke=0, fill=1)


def cerf(c: Canvas) -> None:
    c.setLineWidth(7)
    c.setLineCap(1)
    for sign in (-1, 1):
        c.line(50 + sign * 10, 58, 50 + sign * 28, 92)
        c.line(50 + sign * 19, 75, 50 + sign * 40, 80)
        c.line(50 + sign * 24, 84, 50 + sign * 14, 98)
    _poly(c, [(30, 62), (70, 62), (60, 18), (50, 6), (40, 18)])
    _white(c)
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
    _white(c)
    c.circle(88, 80, 3, stroke=0, fill=1)


def soleil(c: Canvas) -> None:
    c.circle(50, 50, 24, stroke=0, fill=1)
    for i in range(12):
        a = i * math.pi / 6
        ca, sa = math.cos(a), math.sin(a)
        ta, tb = math.cos(a + 0.16), math.sin(a + 0.16)
        ua, ub = math.cos(a - 0.16), math.sin(a - 0.16)
        _poly(c, [(50 + 30 * ta, 50 + 30 * tb), (50 + 48 * ca, 50 + 48 * sa),
                  (50 + 30 * ua, 50 + 30 * ub)])


def losange(c: Canvas) -> None:
    _poly(c, [(50, 98), (86, 50), (50, 2), (14, 50)])


def carre(c: Canvas) -> None:
    c.setLineWidth(12)
    c.rect(14, 14, 72, 72, stroke=1, fill=0)


def piece(c: Canvas) -> None:
    c.circle(50, 50, 48, stroke=0, fill=1)
    _white(c)
    c.setLineWidth(4)
    c.circle(50, 50, 38, stroke=1, fill=0)


# --- Camelot -------------------------------------------------------------------------------

def fanion(c: Canvas) -> None:
    c.rect(14, 2, 8, 96, stroke=0, fill=1)
    _poly(c, [(22, 96), (96, 78), (22, 56)])


def bouclier(c: Canvas) -> None:
    _shape(c, (10, 92),
           (90, 92),
           (90, 50, 78, 20, 50, 2),
           (22, 20, 10, 50, 10, 92))
    _white(c)
    c.rect(45, 14, 10, 70, stroke=0, fill=1)
    c.rect(20, 62, 60, 10, stroke=0, fill=1)


def epee(c: Canvas) -> None:
    _poly(c, [(46, 30), (54, 30), (54, 88), (50, 98), (46, 88)])
    c.rect(26, 24, 48, 8, stroke=0, fill=1)
    c.rect(46, 6, 8, 20, stroke=0, fill=1)
    c.circle(50, 6, 6, stroke=0, fill=1)


def ecuyer(c: Canvas) -> None:  # a helmet
    _shape(c, (14, 8),
           (14, 56),
           (14, 96, 86, 96, 86, 56),
           (86, 8))
    _white(c)
    c.rect(24, 46, 52, 9, stroke=0, fill=1)
    c.rect(46, 14, 8, 32, stroke=0, fill=1)


def dame(c: Canvas) -> None:  # a rose
    for i in range(5):
        a = math.pi / 2 + i * 2 * math.pi / 5
        c.circle(50 + 26 * math.cos(a), 56 + 26 * math.sin(a), 20, stroke=0, fill=1)
    _white(c)
    c.circle(50, 56, 12, stroke=0, fill=1)
    c.restoreState()
    c.saveState()
    c.rect(47, 0, 6, 30, stroke=0, fill=1)


# --- ELSEN -----------------------------------------------------------------------------------

def personne(c: Canvas) -> None:
    c.circle(50, 74, 20, stroke=0, fill=1)
    _shape(c, (12, 2),
           (12, 40, 30, 52, 50, 52),
           (70, 52, 88, 40, 88, 2))


def cle(c: Canvas) -> None:  # a wrench
    c.saveState()
    c.translate(50, 50)
    c.rotate(45)
    c.rect(-8, -46, 16, 66, stroke=0, fill=1)
    c.circle(0, 26, 22, stroke=0, fill=1)
    _white(c)
    c.rect(-8, 30, 16, 22, stroke=0, fill=1)
    c.restoreState()


def marteau(c: Canvas) -> None:
    c.saveState()
    c.translate(50, 50)
    c.rotate(-35)
    c.rect(-6, -48, 12, 72, stroke=0, fill=1)
    c.roundRect(-30, 18, 60, 26, 4, stroke=0, fill=1)
    c.restoreState()


def lune(c: Canvas) -> None:
    _shape(c, (60, 96),
           (10, 92, 0, 30, 40, 8),
           (70, -6, 96, 20, 98, 32),
           (60, 18, 30, 50, 60, 96))
    _text(c, "z", 28, 70)


def croix_medicale(c: Canvas) -> None:
    c.rect(36, 6, 28, 88, stroke=0, fill=1)
    c.rect(6, 36, 88, 28, stroke=0, fill=1)


def engrenage(c: Canvas) -> None:
    c.circle(50, 50, 34, stroke=0, fill=1)
    for i in range(8):
        c.saveState()
        c.translate(50, 50)
        c.rotate(i * 45)
        c.rect(-9, 28, 18, 20, stroke=0, fill=1)
        c.restoreState()
    _white(c)
    c.circle(50, 50, 14, stroke=0, fill=1)


def coche(c: Canvas) -> None:
    _poly(c, [(4, 52), (18, 66), (38, 46), (84, 92), (98, 78), (38, 18)])


def fantome(c: Canvas) -> None:
    p = c.beginPath()
    p.moveTo(14, 4)
    p.lineTo(14, 56)
    p.curveTo(14, 100, 86, 100, 86, 56)
    p.lineTo(86, 4)
    for i in range(4):
        x = 86 - (i + 1) * 18
        p.lineTo(x + 9, 16)
        p.lineTo(x, 4)
    p.close()
    c.drawPath(p, fill=1, stroke=0)
    _white(c)
    c.ellipse(30, 52, 44, 72, stroke=0, fill=1)
    c.ellipse(56, 52, 70, 72, stroke=0, fill=1)


def eclair(c: Canvas) -> None:
    _poly(c, [(62, 98), (18, 44), (46, 44), (34, 2), (84, 60), (54, 60)])


def cible(c: Canvas) -> None:
    c.circle(50, 50, 48, stroke=0, fill=1)
    _white(c)
    c.circle(50, 50, 34, stroke=0, fill=1)
    c.restoreState()
    c.saveState()
    c.circle(50, 50, 20, stroke=0, fill=1)
    _white(c)
    c.circle(50, 50, 8, stroke=0, fill=1)


def coeur(c: Canvas) -> None:
    _shape(c, (50, 6),
           (20, 34, 2, 50, 2, 70),
           (2, 96, 40, 100, 50, 76),
           (60, 100, 98, 96, 98, 70),
           (98, 50, 80, 34, 50, 6))


def tombe(c: Canvas) -> None:
    _shape(c, (18, 4),
           (18, 62),
           (18, 100, 82, 100, 82, 62),
           (82, 4))
    _white(c)
    c.rect(45, 22, 10, 52, stroke=0, fill=1)
    c.rect(32, 52, 36, 10, stroke=0, fill=1)


def fusee(c: Canvas) -> None:
    _shape(c, (50, 98),
           (72, 80, 70, 50, 66, 24),
           (34, 24),
           (30, 50, 28, 80, 50, 98))
    _poly(c, [(34, 40), (16, 16), (34, 24)])
    _poly(c, [(66, 40), (84, 16), (66, 24)])
    _poly(c, [(42, 20), (58, 20), (50, 2)])
    _white(c)
    c.circle(50, 66, 9, stroke=0, fill=1)


# --- Labystère -------------------------------------------------------------------------------

def drapeau(c: Canvas) -> None:
    c.rect(16, 2, 7, 96, stroke=0, fill=1)
    _shape(c, (23, 94),
           (50, 104, 62, 80, 94, 90),
           (94, 54),
           (62, 44, 50, 68, 23, 58))


def arrivee(c: Canvas) -> None:  # a chequered flag
    c.rect(10, 2, 6, 96, stroke=0, fill=1)
    c.setLineWidth(3)
    c.rect(16, 50, 80, 46, stroke=1, fill=0)
    for row in range(4):
        for col in range(7):
            if (row + col) % 2 == 0:
                c.rect(16 + col * 80 / 7, 50 + row * 11.5, 80 / 7, 11.5, stroke=0, fill=1)


def fleche(c: Canvas) -> None:
    _poly(c, [(4, 38), (56, 38), (56, 14), (98, 50), (56, 86), (56, 62), (4, 62)])


def echange(c: Canvas) -> None:
    _poly(c, [(4, 66), (30, 92), (30, 76), (96, 76), (96, 56), (30, 56), (30, 40)])
    _poly(c, [(96, 34), (70, 8), (70, 24), (4, 24), (4, 44), (70, 44), (70, 60)])


def de(c: Canvas) -> None:
    c.roundRect(6, 6, 88, 88, 14, stroke=0, fill=1)
    _white(c)
    for x, y in ((28, 72), (50, 50), (72, 28)):
        c.circle(x, y, 9, stroke=0, fill=1)


def vide(c: Canvas) -> None:
    c.setLineWidth(11)
    c.circle(50, 50, 40, stroke=1, fill=0)
    c.line(22, 22, 78, 78)


def separation(c: Canvas) -> None:
    c.rect(4, 44, 92, 12, stroke=0, fill=1)
    _poly(c, [(50, 98), (30, 70), (70, 70)])
    _poly(c, [(50, 2), (30, 30), (70, 30)])


def pion(c: Canvas) -> None:
    c.circle(50, 78, 18, stroke=0, fill=1)
    _poly(c, [(38, 64), (62, 64), (76, 14), (24, 14)])
    c.roundRect(12, 2, 76, 14, 6, stroke=0, fill=1)


def double(c: Canvas) -> None:
    c.roundRect(2, 14, 96, 72, 14, stroke=0, fill=1)
    _white(c)
    _text(c, "×2", 56, 30)


SYMBOLS: dict[str, Draw] = {
    "etoile": etoile, "loupe": loupe, "oeil": oeil,
    "lettre-l": _letter("L"), "lettre-a": _letter("A"), "lettre-s": _letter("S"),
    "couronne": couronne, "flamme": flamme, "plume": plume, "maison": maison,
    "ailes": ailes, "masque": masque, "chiffre-1": _letter("1"), "chiffre-2": _letter("2"),
    "bombe": bombe,
    "lion": lion, "aigle": aigle, "cerf": cerf, "serpent": serpent, "soleil": soleil,
    "losange": losange, "carre": carre, "piece": piece,
    "fanion": fanion, "bouclier": bouclier, "epee": epee, "ecuyer": ecuyer, "dame": dame,
    "personne": personne, "cle": cle, "marteau": marteau, "lune": lune,
    "croix-medicale": croix_medicale, "engrenage": engrenage, "coche": coche,
    "fantome": fantome, "eclair": eclair, "cible": cible, "coeur": coeur, "tombe": tombe,
    "fusee": fusee,
    "drapeau": drapeau, "arrivee": arrivee, "fleche": fleche, "echange": echange, "de": de,
    "vide": vide, "separation": separation, "pion": pion, "double": double,
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
