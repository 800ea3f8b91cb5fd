"""What is on a card: the `Face` description every game builds, and the one function that draws
a face in its own coordinates (0, 0)-(w, h) in points, bleed included. Where a face goes on a
sheet is `print_kit.layout.sheets`' business, not this module's.

Readability across a table: the name and the value are large and bold, the index is repeated
upside down in the opposite corner, and everything but the background stays in the safe zone."""

from __future__ import annotations

from reportlab.pdfgen.canvas import Canvas

from print_kit.draw.backs import draw_back
from print_kit.draw.faceparts import (  # re-exported: the games and the kit import them from here
    INK,
    PALETTE,
    PANEL,
    RGB,
    SAFE,
    SOFT,
    Face,
    Part,
    Pens,
    Style,
    colour_of,
    tint,
)
from print_kit.draw.fonts import BOLD, REGULAR
from print_kit.draw.icons import encode, has_icons, listing, unknown_icons
from print_kit.draw.textfit import (
    STEP,
    Block,
    PreflightError,
    draw_with_icons,
    fit_block,
    fit_line,
    french,
    wrap,
)
from print_kit.draw.tokens import draw_token
from print_kit.layout.geometry import MM

__all__ = ["INK", "PALETTE", "PANEL", "RGB", "SAFE", "SOFT", "Face", "Part", "Pens", "Style",
           "colour_of", "draw_face", "edge_margin", "tint"]


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
        draw_back(c, face, w, h, bleed, low_ink, pens, where)
    elif face.style in ("token", "half-token"):
        draw_token(c, face, w, h, bleed, low_ink, pens, where)
    else:
        _card(c, face, w, h, bleed, low_ink, pens, where)


def _fill(c: Canvas, rgb: RGB) -> None:
    c.setFillColorRGB(*rgb)


def _lines(c: Canvas, block: Block, x_mid: float, top: float, font: str, rgb: RGB,
           pens: Pens | None = None) -> float:
    """Centred lines from `top` down; returns the y under the last line. A line holding icons
    (print_kit.draw.icons) is drawn run by run, each icon a picture one em square on the line."""
    _fill(c, rgb)
    c.setFont(font, block.size)
    y = top - block.size
    for line in block.lines:
        if pens is not None and has_icons(line):
            draw_with_icons(c, line, font, block.size, x_mid, y, pens.art)
        else:
            c.drawCentredString(x_mid, y, line)
        y -= block.leading
    return y + block.leading - 0.25 * block.size


def edge_margin(bleed: float, k: float) -> float:
    """Width of the white band inside the cut line of every card front: at least the bleed, so
    a cut that is off by up to a bleed shows white on every card alike (PRINT-10)."""
    return max(bleed, 2.0 * MM * k)


def _card(c: Canvas, face: Face, w: float, h: float, bleed: float, low_ink: bool, pens: Pens,
          where: str) -> None:
    k = min(w / (63 * MM), h / (88 * MM))  # 1 for poker cards, smaller for mini
    accent = colour_of(face.accent)
    busy = any(p.busy for p in face.parts)
    # White through the bleed and over a margin as wide as it: every front has the same edge.
    _fill(c, PANEL)
    c.rect(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed, stroke=0, fill=1)
    margin = edge_margin(bleed, k)
    band = 1.5 * MM * k  # the coloured frame
    radius = 2.4 * MM * k
    fx, fy, fw, fh = margin, margin, w - 2 * margin, h - 2 * margin
    px, py, pw, ph = fx + band, fy + band, fw - 2 * band, fh - 2 * band
    if low_ink:
        c.setStrokeColorRGB(*accent)
        c.setLineWidth(1.2)
        c.roundRect(fx + 0.6, fy + 0.6, fw - 1.2, fh - 1.2, radius, stroke=1, fill=0)
    else:
        _fill(c, accent)
        c.roundRect(fx, fy, fw, fh, radius, stroke=0, fill=1)
        _fill(c, PANEL)
        c.roundRect(px, py, pw, ph, radius * 0.6, stroke=0, fill=1)
    for part in face.parts:
        part.under(c, face, w, h, bleed, low_ink, pens)
    pad = 1.3 * MM * k  # text stays inside the safe zone
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
    if not busy:
        s = corner_h * 0.95
        if face.emblem:
            pens.art(c, face.emblem, right - s, top - s, s)
        elif face.symbol:
            pens.symbol(c, face.symbol, accent, right - s, top - s, s)
    y = top - corner_h - 1.2 * MM * k

    # Title and subtitle.
    size = fit_line(french(face.title), BOLD, inner_w, largest=15 * k, smallest=7,
                    where=f"{where} › nom")
    _centred_line(c, french(face.title), BOLD, INK, mid, y, size, 0.8, busy)
    y -= size * 1.15
    if face.subtitle:
        size = fit_line(french(face.subtitle), REGULAR, inner_w, largest=8.5 * k, smallest=5.5,
                        where=f"{where} › sous-titre")
        _centred_line(c, french(face.subtitle), REGULAR, accent, mid, y, size, 0.9, busy)
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

    # Footer (the game's name), then what is left goes to the picture and the texts.
    foot = 5.2 * k
    foot_y = bottom
    if face.footer:
        size = fit_line(french(face.footer), REGULAR, inner_w, largest=max(foot, 4.5),
                        smallest=3.5, where=f"{where} › pied")
        c.setFont(REGULAR, size)
        _fill(c, SOFT)
        c.drawCentredString(mid, foot_y, french(face.footer))
    text_bottom = foot_y + (foot + 2.5 if face.footer else 0)
    if face.corner:  # the upside-down index fills the bottom-right corner: texts stay above it
        text_bottom = max(text_bottom, bottom + corner_h + 0.8 * MM * k)

    has_text = bool(face.text or face.note or face.rows)
    big_value = bool(face.corner and not has_text and not face.symbol)
    share = 0.45 if has_text else (0.55 if big_value else 0.85)
    pic = min(0.3 * h if has_text or big_value else 0.42 * h, inner_w * 0.75,
              (y - text_bottom) * share)
    if face.art and not busy and pic > 8:
        window = pic + 1.6 * MM * k
        if low_ink:
            c.setStrokeColorRGB(*tint(accent, 0.3))
            c.setLineWidth(0.6)
            c.roundRect(left, y - window, inner_w, window, radius * 0.6, stroke=1, fill=0)
        else:
            _fill(c, tint(accent, 0.86))
            c.roundRect(left, y - window, inner_w, window, radius * 0.6, stroke=0, fill=1)
        pens.art(c, face.art, mid - pic / 2, y - window + 0.8 * MM * k, pic)
        y -= window + 2.2 * MM * k
    elif face.symbol and pic > 8 and not busy:
        pens.symbol(c, face.symbol, tint(accent, 0.5 if low_ink else (0.15 if has_text else 0)),
                    mid - pic / 2, y - pic - 1 * MM * k, pic)
        y -= pic + 2.5 * MM * k
    if big_value:
        size = min((y - text_bottom) * 0.8, inner_w * 0.8)
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
    for part in face.parts:
        y = part.body(c, face, mid, y, k, pens)
    if face.rows:
        y = _rows(c, face.rows, left, right, y, text_bottom, k, where, accent)
    room = y - text_bottom
    if face.text or face.note:
        note_h = room * 0.32 if face.note and face.text else (room if face.note else 0)
        if face.text:
            text = french(face.text)
            if face.rich:
                unknown = unknown_icons(face.text)
                if unknown:
                    raise PreflightError(f"{where} › effet : icône inconnue « :{unknown[0]}: » ; "
                                         f"icônes : {listing()}")
                text = french(encode(face.text))
            block = fit_block(text, REGULAR, inner_w, room - note_h, largest=9.4 * k,
                              smallest=5.5, where=f"{where} › effet", hyphenate=face.rich)
            y = _lines(c, block, mid, y, REGULAR, INK, pens)
            y -= 1.2 * MM * k
        if face.note:
            block = fit_block(french(face.note), REGULAR, inner_w,
                              max(y - text_bottom, 0), largest=7.8 * k, smallest=5,
                              where=f"{where} › note")
            _lines(c, block, mid, y, REGULAR, accent)


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


