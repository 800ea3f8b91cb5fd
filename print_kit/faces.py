"""What is on a card: the `Face` description every game builds, and the one function that draws
a face in its own coordinates (0, 0)-(w, h) in points, bleed included. Where a face goes on a
sheet is `print_kit.sheets`' business, not this module's.

Readability across a table: the name and the value are large and bold, the index is repeated
upside down in the opposite corner, and everything but the background stays in the safe zone."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, Protocol

from reportlab.pdfgen.canvas import Canvas

from companion.games.emblemes.cards import TIMING_LABELS
from print_kit.fonts import BOLD, REGULAR
from print_kit.geometry import MM
from print_kit.textfit import STEP, Block, PreflightError, fit_block, fit_line, french, wrap

Style = Literal["card", "token", "half-token", "back"]
RGB = tuple[float, float, float]

PALETTE: dict[str, RGB] = {
    "rouge": (0.78, 0.12, 0.14),
    "bleu": (0.10, 0.33, 0.68),
    "vert": (0.12, 0.52, 0.24),
    "jaune": (0.86, 0.64, 0.02),
    "violet": (0.46, 0.20, 0.60),
    "orange": (0.88, 0.42, 0.06),
    "or": (0.78, 0.60, 0.12),
    "gris": (0.38, 0.40, 0.43),
    "noir": (0.15, 0.15, 0.17),
    "marine": (0.10, 0.16, 0.36),
    "brun": (0.50, 0.30, 0.16),
    "turquoise": (0.05, 0.52, 0.56),
    "rose": (0.80, 0.22, 0.48),
    "ardoise": (0.22, 0.30, 0.38),
}
INK: RGB = (0.1, 0.1, 0.12)
SOFT: RGB = (0.42, 0.42, 0.45)
PANEL: RGB = (1.0, 1.0, 1.0)
SAFE = 3.5 * MM  # safe zone: nothing but background within 3.5 mm of the cut line
HOUSE_MARK = "défaut maison"
TIMING_SYMBOLS = {"immediate": "losange", "end_of_round": "carre"}


def tint(rgb: RGB, amount: float) -> RGB:
    """`rgb` mixed with white: 0 keeps it, 1 gives white."""
    return (rgb[0] + (1 - rgb[0]) * amount, rgb[1] + (1 - rgb[1]) * amount,
            rgb[2] + (1 - rgb[2]) * amount)


@dataclass(frozen=True)
class Face:
    """One drawable side of a card or token. Same `key`, same drawing: it is drawn once."""

    key: str
    title: str
    accent: str
    style: Style = "card"
    corner: str = ""  # the index (value), large in the top-left corner and upside down
    subtitle: str = ""  # category / family / colour
    symbol: str | None = None
    text: str = ""  # the effect, in the project's own words
    note: str = ""  # who may play it, a second line of rules
    timing: str | None = None  # Emblèmes: immediate (♦) or end_of_round (□)
    badge: str = ""  # Noé's grade
    rows: tuple[tuple[str, str], ...] = ()  # small table (Emblèmes place rewards)
    house: bool | str = False  # the discreet « défaut maison » mark (a str says what is)
    footer: str = ""  # the game's name
    path: str | None = None  # Labystère: droit, virage, t or croix, drawn to the card edges

    @property
    def house_label(self) -> str:
        return self.house if isinstance(self.house, str) else HOUSE_MARK

    def strings(self) -> list[str]:
        """Every piece of text this face prints (for the glyph preflight)."""
        out = [self.title, self.corner, self.subtitle, self.text, self.note, self.badge,
               self.footer]
        out += [cell for row in self.rows for cell in row]
        if self.timing:
            out.append(TIMING_LABELS[self.timing])
        if self.house:
            out.append(self.house_label)
        return [s for s in out if s]


class Pens(Protocol):
    """How faces draw shared things (symbols, as forms): print_kit.painter.Painter."""

    def symbol(self, c: Canvas, symbol: str, rgb: RGB, x: float, y: float,
               size: float) -> None: ...


def _centred_line(c: Canvas, text: str, font: str, colour: RGB, mid: float, y: float,
                  size: float, baseline: float, on_label: bool) -> None:
    """One centred line below `y` (its baseline `baseline` × size lower); on a path card it
    sits on a white label, so it stays readable over the grass and the road."""
    if on_label:
        tw = c.stringWidth(text, font, size) + 3 * MM
        _fill(c, PANEL)
        c.roundRect(mid - tw / 2, y - size * (baseline + 0.35), tw, size * 1.3, size * 0.3,
                    stroke=0, fill=1)
    _fill(c, colour)
    c.setFont(font, size)
    c.drawCentredString(mid, y - size * baseline, text)


def draw_face(c: Canvas, face: Face, w: float, h: float, bleed: float, low_ink: bool,
              pens: Pens, where: str) -> None:
    if face.style == "back":
        _back(c, face, w, h, bleed, low_ink, pens, where)
    elif face.style in ("token", "half-token"):
        _token(c, face, w, h, bleed, low_ink, pens, where)
    else:
        _card(c, face, w, h, bleed, low_ink, pens, where)


def _fill(c: Canvas, rgb: RGB) -> None:
    c.setFillColorRGB(*rgb)


def _background(c: Canvas, face: Face, w: float, h: float, bleed: float, low_ink: bool) -> RGB:
    accent = PALETTE[face.accent]
    if not low_ink:
        _fill(c, accent)
        c.rect(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed, stroke=0, fill=1)
    return accent


def _house_mark(c: Canvas, x: float, y: float, size: float, rgb: RGB, label: str) -> None:
    c.setFont(REGULAR, size)
    _fill(c, rgb)
    c.drawString(x, y, label)


def _lines(c: Canvas, block: Block, x_mid: float, top: float, font: str, rgb: RGB) -> float:
    """Centred lines from `top` down; returns the y under the last line."""
    _fill(c, rgb)
    c.setFont(font, block.size)
    y = top - block.size
    for line in block.lines:
        c.drawCentredString(x_mid, y, line)
        y -= block.leading
    return y + block.leading - 0.25 * block.size


def _card(c: Canvas, face: Face, w: float, h: float, bleed: float, low_ink: bool, pens: Pens,
          where: str) -> None:
    k = min(w / (63 * MM), h / (88 * MM))  # 1 for poker cards, smaller for mini
    accent = _background(c, face, w, h, bleed, low_ink)
    frame = 2.2 * MM * k  # accent frame left visible around the white panel
    px, py, pw, ph = frame, frame, w - 2 * frame, h - 2 * frame
    _fill(c, PANEL)
    c.setStrokeColorRGB(*accent)
    c.setLineWidth(1.2 if low_ink else 0)
    c.roundRect(px, py, pw, ph, 2.2 * MM * k, stroke=int(low_ink), fill=1)
    if face.path:
        if low_ink:
            _road_outline(c, face.path, w, h)
        else:
            _fill(c, tint(accent, 0.8))
            c.roundRect(px, py, pw, ph, 2.2 * MM * k, stroke=0, fill=1)
            _roads(c, face.path, w, h, bleed, accent)
        if face.symbol:  # at the crossing, where the pawn stands
            s = 0.3 * w
            _fill(c, PANEL)
            c.circle(w / 2, h / 2, s * 0.62, stroke=0, fill=1)
            pens.symbol(c, face.symbol, accent, (w - s) / 2, (h - s) / 2, s)
    pad = max(SAFE - frame, 1.2 * MM) + 0.6 * MM * k  # text stays inside the safe zone
    left, right, bottom, top = px + pad, px + pw - pad, py + pad, py + ph - pad
    inner_w = right - left
    mid = (left + right) / 2

    # Corner index (top-left) and small symbol (top-right); index repeated upside down.
    corner_h = 0.105 * h
    y = top
    if face.corner:
        marked = face.corner in ("6", "9")  # underlined: a 6 upside down must not read 9
        # the underline hangs 0.19 size under the baseline: a smaller 6 or 9 keeps it inside
        # the corner, clear of the title below (docs/print-kit.md PRINT-9)
        size = fit_line(face.corner, BOLD, 0.3 * inner_w,
                        largest=corner_h / (0.88 if marked else 0.75),
                        smallest=9, where=f"{where} › index")
        _fill(c, accent)
        c.setFont(BOLD, size)
        cw = c.stringWidth(face.corner, BOLD, size)
        for angle in (0, 180):
            c.saveState()
            if angle:
                c.translate(right + left, bottom + top)
                c.rotate(180)
            c.drawString(left, top - 0.74 * size, face.corner)
            if marked:
                c.rect(left, top - 0.74 * size - 0.12 * size, cw, 0.07 * size, stroke=0,
                       fill=1)
            c.restoreState()
    if face.symbol and not face.path:
        s = corner_h * 0.95
        pens.symbol(c, face.symbol, accent, right - s, top - s, s)
    y = top - corner_h - 1.2 * MM * k

    # Title and subtitle.
    size = fit_line(french(face.title), BOLD, inner_w, largest=15 * k, smallest=7,
                    where=f"{where} › nom")
    _centred_line(c, french(face.title), BOLD, INK, mid, y, size, 0.8, bool(face.path))
    y -= size * 1.15
    if face.subtitle:
        size = fit_line(french(face.subtitle), REGULAR, inner_w, largest=8.5 * k, smallest=5.5,
                        where=f"{where} › sous-titre")
        _centred_line(c, french(face.subtitle), REGULAR, accent, mid, y, size, 0.9, bool(face.path))
        y -= size * 1.35
    if face.badge:
        size = fit_line(french(face.badge), BOLD, inner_w, largest=8 * k,
                        smallest=5.5, where=f"{where} › grade")
        bw = min(inner_w, (len(face.badge) * 0.55 + 1.5) * size)
        _fill(c, tint(accent, 0.82))
        c.roundRect(mid - bw / 2, y - size * 1.45, bw, size * 1.4, size * 0.5, stroke=0, fill=1)
        _fill(c, INK)
        c.setFont(BOLD, size)
        c.drawCentredString(mid, y - size * 1.05, french(face.badge))
        y -= size * 1.7

    # Footer (game name, house mark), then what is left goes to the symbol and the texts.
    foot = 5.2 * k
    foot_y = bottom
    if face.footer:
        size = fit_line(french(face.footer), REGULAR, inner_w, largest=max(foot, 4.5),
                        smallest=3.5, where=f"{where} › pied")
        c.setFont(REGULAR, size)
        _fill(c, SOFT)
        c.drawCentredString(mid, foot_y, french(face.footer))
    if face.house:
        size = fit_line(face.house_label, REGULAR, inner_w, largest=max(foot, 4.5),
                        smallest=3.5, where=f"{where} › mention défaut maison")
        _house_mark(c, left, foot_y + (foot + 1.5 if face.footer else 0), size, SOFT,
                    face.house_label)
    text_bottom = foot_y + (foot + 2.5 if face.footer else 0) + (foot + 1.5 if face.house else 0)
    if face.corner:  # the upside-down index fills the bottom-right corner: texts stay above it
        text_bottom = max(text_bottom, bottom + corner_h + 0.8 * MM * k)

    has_text = bool(face.text or face.note or face.rows)
    sym_size = min(0.28 * h if has_text else 0.42 * h, inner_w * 0.7,
                   (y - text_bottom) * (0.45 if has_text else 0.85))
    if face.symbol and sym_size > 8 and not face.path:
        pens.symbol(c, face.symbol, tint(accent, 0.5 if low_ink else (0.15 if has_text else 0)),
                    mid - sym_size / 2, y - sym_size - 1 * MM * k, sym_size)
        y -= sym_size + 2.5 * MM * k
    elif not face.symbol and face.corner and not has_text:
        size = min((y - text_bottom) * 0.7, inner_w * 0.8)
        y -= max(0.0, (y - text_bottom - size) / 2 - size * 0.1)  # centred in the free room
        _fill(c, accent)
        text = c.beginText()
        text.setFont(BOLD, size)
        if low_ink:  # outlined, not a large solid fill
            c.setStrokeColorRGB(*accent)
            c.setLineWidth(1.2)
            text.setTextRenderMode(1)
        text.setTextOrigin(mid - c.stringWidth(face.corner, BOLD, size) / 2, y - size * 0.85)
        text.textOut(face.corner)
        c.drawText(text)
        y -= size
    if face.timing:
        s = 8.5 * k
        label = TIMING_LABELS[face.timing]
        c.setFont(BOLD, 7.5 * k)
        lw = c.stringWidth(label, BOLD, 7.5 * k)
        x0 = mid - (s + 1.2 * MM + lw) / 2
        pens.symbol(c, TIMING_SYMBOLS[face.timing], INK, x0, y - s, s)
        _fill(c, INK)
        c.drawString(x0 + s + 1.2 * MM, y - s + 1.2 * k, label)
        y -= s + 2 * MM * k
    if face.rows:
        y = _rows(c, face.rows, left, right, y, text_bottom, k, where, accent)
    room = y - text_bottom
    if face.text or face.note:
        note_h = room * 0.32 if face.note and face.text else (room if face.note else 0)
        if face.text:
            block = fit_block(french(face.text), REGULAR, inner_w, room - note_h,
                              largest=9.4 * k, smallest=5.5, where=f"{where} › effet")
            y = _lines(c, block, mid, y, REGULAR, INK)
            y -= 1.2 * MM * k
        if face.note:
            block = fit_block(french(face.note), REGULAR, inner_w,
                              max(y - text_bottom, 0), largest=7.8 * k, smallest=5,
                              where=f"{where} › note")
            _lines(c, block, mid, y, REGULAR, accent)


ROADS = {"droit": "NS", "virage": "NE", "t": "WES", "croix": "NESW"}


def _roads(c: Canvas, shape: str, w: float, h: float, bleed: float, accent: RGB) -> None:
    """Road bands from the centre to the middle of the named edges, through the bleed, so
    neighbouring cards join up."""
    band = 0.3 * w
    cx, cy = w / 2, h / 2
    _fill(c, tint(PALETTE["brun"], 0.55))
    c.rect(cx - band / 2, cy - band / 2, band, band, stroke=0, fill=1)
    for side in ROADS[shape]:
        if side == "N":
            c.rect(cx - band / 2, cy, band, h / 2 + bleed, stroke=0, fill=1)
        elif side == "S":
            c.rect(cx - band / 2, -bleed, band, h / 2 + bleed, stroke=0, fill=1)
        elif side == "E":
            c.rect(cx, cy - band / 2, w / 2 + bleed, band, stroke=0, fill=1)
        else:
            c.rect(-bleed, cy - band / 2, w / 2 + bleed, band, stroke=0, fill=1)


def _road_outline(c: Canvas, shape: str, w: float, h: float) -> None:
    """Low-ink roads: only the edges of the road, inside the card."""
    half = 0.15 * w
    cx, cy = w / 2, h / 2
    arms = ROADS[shape]
    c.setStrokeColorRGB(*PALETTE["brun"])
    c.setLineWidth(1.4)
    p = c.beginPath()
    sides = {  # (arm end points) for an open side, (square side) for a closed one
        "N": (((cx - half, cy + half), (cx - half, h)), ((cx + half, cy + half), (cx + half, h)),
              ((cx - half, cy + half), (cx + half, cy + half))),
        "S": (((cx - half, cy - half), (cx - half, 0)), ((cx + half, cy - half), (cx + half, 0)),
              ((cx - half, cy - half), (cx + half, cy - half))),
        "E": (((cx + half, cy - half), (w, cy - half)), ((cx + half, cy + half), (w, cy + half)),
              ((cx + half, cy - half), (cx + half, cy + half))),
        "W": (((cx - half, cy - half), (0, cy - half)), ((cx - half, cy + half), (0, cy + half)),
              ((cx - half, cy - half), (cx - half, cy + half))),
    }
    for side, (edge1, edge2, closed) in sides.items():
        for a, b in ((edge1, edge2) if side in arms else (closed,)):
            p.moveTo(*a)
            p.lineTo(*b)
    c.drawPath(p, stroke=1, fill=0)


def _rows(c: Canvas, rows: tuple[tuple[str, str], ...], left: float, right: float, top: float,
          bottom: float, k: float, where: str, accent: RGB) -> float:
    """A two-column table (short label, value on up to two lines), shrunk to fit the room."""
    room = top - bottom
    label_w = max(c.stringWidth(french(label), BOLD, 1) for label, _ in rows)
    size = 8.5 * k
    while size >= 4.5:
        value_w = right - left - label_w * size - 3 * 1.2 - 1.5 * MM
        wrapped = [wrap(french(value), REGULAR, size, value_w) for _, value in rows]
        if all(w is not None and len(w) <= 2 for w in wrapped):
            height = sum(len(w or []) * size * 1.15 + size * 0.75 for w in wrapped)
            if height <= room:
                break
        size -= STEP
    else:
        raise PreflightError(f"{where} › tableau : trop long pour la carte même en 4,5 pt")
    y = top
    for i, ((label, _), lines) in enumerate(zip(rows, wrapped, strict=True)):
        line_h = len(lines or []) * size * 1.15 + size * 0.75
        if i % 2 == 0:
            _fill(c, tint(accent, 0.88))
            c.rect(left, y - line_h, right - left, line_h, stroke=0, fill=1)
        _fill(c, INK)
        c.setFont(BOLD, size)
        c.drawString(left + 1.2, y - size * 1.2, french(label))
        c.setFont(REGULAR, size)
        for j, line in enumerate(lines or []):
            c.drawRightString(right - 1.2, y - size * 1.2 - j * size * 1.15, line)
        y -= line_h
    return y - 1.5 * MM * k


def _token(c: Canvas, face: Face, w: float, h: float, bleed: float, low_ink: bool, pens: Pens,
           where: str) -> None:
    accent = PALETTE[face.accent]
    if not low_ink:
        _fill(c, tint(accent, 0.8))
        c.rect(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed, stroke=0, fill=1)
    r = min(w, h) / 2 - 1.0 * MM
    cx, cy = w / 2, h / 2
    ink: RGB = accent if low_ink else (1.0, 1.0, 1.0)
    c.setStrokeColorRGB(*accent)
    c.setLineWidth(1.2)
    _fill(c, PANEL if low_ink else accent)
    if face.style == "half-token":
        # A half disc, flat side down: two of them make one success token.
        base = cy - 0.42 * r
        p = c.beginPath()
        p.moveTo(cx - r, base)
        p.arcTo(cx - r, base - r, cx + r, base + r, startAng=180, extent=-180)
        p.close()
        c.drawPath(p, stroke=1, fill=1)
        value_y, value_size, title_y = base + 0.3 * r, 0.6 * r, base + 0.08 * r
        house_y = base - 0.3 * r
        house_ink = SOFT if low_ink else INK
    else:
        c.circle(cx, cy, r, stroke=1, fill=1)
        value_y, value_size, title_y = cy - 0.2 * r, 0.95 * r, cy - 0.62 * r
        house_y = cy - 0.86 * r
        house_ink = ink
    if face.corner:
        size = fit_line(face.corner, BOLD, r * 1.3, largest=value_size, smallest=6,
                        where=f"{where} › valeur")
        _fill(c, ink)
        c.setFont(BOLD, size)
        c.drawCentredString(cx, value_y, face.corner)
    elif face.symbol:
        s = r * 1.0
        pens.symbol(c, face.symbol, ink, cx - s / 2, cy - s / 2 + r * 0.08, s)
    if face.title:
        size = fit_line(french(face.title), BOLD, r * 1.5, largest=r * 0.28,
                        smallest=3.5, where=f"{where} › nom")
        _fill(c, ink)
        c.setFont(BOLD, size)
        c.drawCentredString(cx, title_y, french(face.title))
    if face.house:
        fit_line(face.house_label, REGULAR, 1.6 * r, largest=3.5, smallest=3.5,
                 where=f"{where} › mention défaut maison")
        c.setFont(REGULAR, 3.5)
        _fill(c, house_ink)
        c.drawCentredString(cx, house_y, face.house_label)


def _back(c: Canvas, face: Face, w: float, h: float, bleed: float, low_ink: bool, pens: Pens,
          where: str) -> None:
    accent = PALETTE[face.accent]
    if low_ink:
        c.setStrokeColorRGB(*accent)
        c.setLineWidth(1.2)
        c.roundRect(SAFE * 0.6, SAFE * 0.6, w - 1.2 * SAFE, h - 1.2 * SAFE, 2 * MM, stroke=1,
                    fill=0)
        ink: RGB = accent
    else:
        _fill(c, accent)
        c.rect(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed, stroke=0, fill=1)
        c.setStrokeColorRGB(*tint(accent, 0.45))
        c.setLineWidth(1.0)
        c.roundRect(SAFE, SAFE, w - 2 * SAFE, h - 2 * SAFE, 2 * MM, stroke=1, fill=0)
        ink = (1.0, 1.0, 1.0)
    s = min(w, h) * 0.42
    if face.symbol:
        if not low_ink:  # a white disc: the symbol keeps its own white details
            _fill(c, PANEL)
            c.circle(w / 2, h / 2, s * 0.68, stroke=0, fill=1)
        pens.symbol(c, face.symbol, accent, (w - s) / 2, (h - s) / 2, s)
    k = min(w / (63 * MM), h / (88 * MM))
    # Title above and label below the symbol, each also upside down: a back reads both ways.
    for angle in (0, 180):
        c.saveState()
        if angle:
            c.translate(w, h)
            c.rotate(180)
        if face.title:
            size = fit_line(french(face.title), BOLD, w - 2.6 * SAFE, largest=9 * k,
                            smallest=4, where=f"{where} › dos")
            _fill(c, ink)
            c.setFont(BOLD, size)
            c.drawCentredString(w / 2, h - SAFE - 1.5 * MM - size, french(face.title))
        c.restoreState()
    if face.subtitle:
        size = fit_line(french(face.subtitle), BOLD, w - 2.6 * SAFE, largest=12 * k,
                        smallest=4, where=f"{where} › dos")
        _fill(c, ink)
        c.setFont(BOLD, size)
        c.drawCentredString(w / 2, h / 2 - s * 0.68 - size * 1.5, french(face.subtitle))
