"""The symbols the print kit adds for its own cards (registre PRINT-7: design, not data):
Emblèmes' timing marks and coins, Camelot's, ELSEN's and Labystère's (backs, roles, actions,
tokens), each drawn in a 100 × 100 box in the current fill colour (details in white). Apart from
print_kit/draw/symbols.py, which draws the symbols the data files name and holds the table of every
id: these are the kit's choices, free to change without touching a data file."""

from __future__ import annotations

import math

from reportlab.pdfgen.canvas import Canvas

from print_kit.draw.symbolpen import centred_text, poly, shape, white, white_bars

# --- Emblèmes: timing marks, coins --------------------------------------------------------

def losange(c: Canvas) -> None:
    poly(c, [(50, 98), (86, 50), (50, 2), (14, 50)])


def carre(c: Canvas) -> None:
    c.setLineWidth(12)
    c.rect(14, 14, 72, 72, stroke=1, fill=0)


def piece(c: Canvas) -> None:
    c.circle(50, 50, 48, stroke=0, fill=1)
    white(c)
    c.setLineWidth(4)
    c.circle(50, 50, 38, stroke=1, fill=0)


# --- Camelot -------------------------------------------------------------------------------

def fanion(c: Canvas) -> None:
    c.rect(14, 2, 8, 96, stroke=0, fill=1)
    poly(c, [(22, 96), (96, 78), (22, 56)])


def bouclier(c: Canvas) -> None:
    shape(c, (10, 92),
          (90, 92),
          (90, 50, 78, 20, 50, 2),
          (22, 20, 10, 50, 10, 92))
    white_bars(c, (45, 14, 10, 70), (20, 62, 60, 10))


def epee(c: Canvas) -> None:
    poly(c, [(46, 30), (54, 30), (54, 88), (50, 98), (46, 88)])
    c.rect(26, 24, 48, 8, stroke=0, fill=1)
    c.rect(46, 6, 8, 20, stroke=0, fill=1)
    c.circle(50, 6, 6, stroke=0, fill=1)


def ecuyer(c: Canvas) -> None:  # a helmet
    shape(c, (14, 8),
          (14, 56),
          (14, 96, 86, 96, 86, 56),
          (86, 8))
    white_bars(c, (24, 46, 52, 9), (46, 14, 8, 32))


def dame(c: Canvas) -> None:  # a rose
    for i in range(5):
        a = math.pi / 2 + i * 2 * math.pi / 5
        c.circle(50 + 26 * math.cos(a), 56 + 26 * math.sin(a), 20, stroke=0, fill=1)
    white(c)
    c.circle(50, 56, 12, stroke=0, fill=1)
    c.restoreState()
    c.saveState()
    c.rect(47, 0, 6, 30, stroke=0, fill=1)


# --- ELSEN -----------------------------------------------------------------------------------

def personne(c: Canvas) -> None:
    c.circle(50, 74, 20, stroke=0, fill=1)
    shape(c, (12, 2),
          (12, 40, 30, 52, 50, 52),
          (70, 52, 88, 40, 88, 2))


def cle(c: Canvas) -> None:  # a wrench
    c.saveState()
    c.translate(50, 50)
    c.rotate(45)
    c.rect(-8, -46, 16, 66, stroke=0, fill=1)
    c.circle(0, 26, 22, stroke=0, fill=1)
    white(c)
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
    shape(c, (60, 96),
          (10, 92, 0, 30, 40, 8),
          (70, -6, 96, 20, 98, 32),
          (60, 18, 30, 50, 60, 96))
    centred_text(c, "z", 28, 70)


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
    white(c)
    c.circle(50, 50, 14, stroke=0, fill=1)


def coche(c: Canvas) -> None:
    poly(c, [(4, 52), (18, 66), (38, 46), (84, 92), (98, 78), (38, 18)])


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
    white(c)
    c.ellipse(30, 52, 44, 72, stroke=0, fill=1)
    c.ellipse(56, 52, 70, 72, stroke=0, fill=1)


def eclair(c: Canvas) -> None:
    poly(c, [(62, 98), (18, 44), (46, 44), (34, 2), (84, 60), (54, 60)])


def cible(c: Canvas) -> None:
    c.circle(50, 50, 48, stroke=0, fill=1)
    white(c)
    c.circle(50, 50, 34, stroke=0, fill=1)
    c.restoreState()
    c.saveState()
    c.circle(50, 50, 20, stroke=0, fill=1)
    white(c)
    c.circle(50, 50, 8, stroke=0, fill=1)


def coeur(c: Canvas) -> None:
    shape(c, (50, 6),
          (20, 34, 2, 50, 2, 70),
          (2, 96, 40, 100, 50, 76),
          (60, 100, 98, 96, 98, 70),
          (98, 50, 80, 34, 50, 6))


def tombe(c: Canvas) -> None:
    shape(c, (18, 4),
          (18, 62),
          (18, 100, 82, 100, 82, 62),
          (82, 4))
    white_bars(c, (45, 22, 10, 52), (32, 52, 36, 10))


def fusee(c: Canvas) -> None:
    shape(c, (50, 98),
          (72, 80, 70, 50, 66, 24),
          (34, 24),
          (30, 50, 28, 80, 50, 98))
    poly(c, [(34, 40), (16, 16), (34, 24)])
    poly(c, [(66, 40), (84, 16), (66, 24)])
    poly(c, [(42, 20), (58, 20), (50, 2)])
    white(c)
    c.circle(50, 66, 9, stroke=0, fill=1)


# --- Labystère -------------------------------------------------------------------------------

def drapeau(c: Canvas) -> None:
    c.rect(16, 2, 7, 96, stroke=0, fill=1)
    shape(c, (23, 94),
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
    poly(c, [(4, 38), (56, 38), (56, 14), (98, 50), (56, 86), (56, 62), (4, 62)])


def echange(c: Canvas) -> None:
    poly(c, [(4, 66), (30, 92), (30, 76), (96, 76), (96, 56), (30, 56), (30, 40)])
    poly(c, [(96, 34), (70, 8), (70, 24), (4, 24), (4, 44), (70, 44), (70, 60)])


def de(c: Canvas) -> None:
    c.roundRect(6, 6, 88, 88, 14, stroke=0, fill=1)
    white(c)
    for x, y in ((28, 72), (50, 50), (72, 28)):
        c.circle(x, y, 9, stroke=0, fill=1)


def vide(c: Canvas) -> None:
    c.setLineWidth(11)
    c.circle(50, 50, 40, stroke=1, fill=0)
    c.line(22, 22, 78, 78)


def separation(c: Canvas) -> None:
    c.rect(4, 44, 92, 12, stroke=0, fill=1)
    poly(c, [(50, 98), (30, 70), (70, 70)])
    poly(c, [(50, 2), (30, 30), (70, 30)])


def pion(c: Canvas) -> None:
    c.circle(50, 78, 18, stroke=0, fill=1)
    poly(c, [(38, 64), (62, 64), (76, 14), (24, 14)])
    c.roundRect(12, 2, 76, 14, 6, stroke=0, fill=1)


def double(c: Canvas) -> None:
    c.roundRect(2, 14, 96, 72, 14, stroke=0, fill=1)
    white(c)
    centred_text(c, "×2", 56, 30)
