"""Draws each repeated thing once as a PDF form XObject and places it wherever it is needed:
a face (a back is drawn once for a whole deck), a symbol in a colour, a QR code.

A face placed only once in a file (most fronts: one card, one copy) is drawn in the page
itself instead, clipped to its bleed box as its form's bounding box would clip it: a form
costs an object, a resource dictionary and a compressed stream of its own, and saves nothing
when it is used once (`count_faces` says how often each face is placed)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable

from reportlab.pdfgen.canvas import Canvas

from print_kit.draw.artdraw import draw_art
from print_kit.draw.faces import RGB, Face, draw_face
from print_kit.draw.symbols import draw_symbol
from print_kit.layout.geometry import MM, Rect

SYMBOL_BOX = 100.0


class Painter:
    def __init__(self, c: Canvas, *, bleed_mm: float, low_ink: bool, where: str) -> None:
        self.c = c
        self.bleed = bleed_mm * MM
        self.low_ink = low_ink
        self.where = where
        self._forms: dict[tuple[object, ...], str] = {}
        self._face_uses: Counter[tuple[object, ...]] | None = None  # None: every face a form

    def _form(self, key: tuple[object, ...], bbox: tuple[float, float, float, float],
              draw: Callable[[Canvas], None]) -> str:
        name = self._forms.get(key)
        if name is None:
            name = f"X{len(self._forms)}"
            self._forms[key] = name  # reserved first: drawing may create nested forms
            self.c.beginForm(name, *bbox)
            draw(self.c)
            self.c.endForm()
        return name

    @property
    def form_count(self) -> int:
        return len(self._forms)

    def symbol(self, c: Canvas, symbol: str, rgb: RGB, x: float, y: float, size: float) -> None:
        """Draw `symbol` in `rgb` with its 100-unit box at (x, y), `size` points wide."""
        rgb = (round(rgb[0], 4), round(rgb[1], 4), round(rgb[2], 4))
        name = self._form(("symbol", symbol, rgb), (-10, -10, 110, 110),
                          lambda cv: draw_symbol(cv, symbol, rgb))
        c.saveState()
        c.translate(x, y)
        c.scale(size / SYMBOL_BOX, size / SYMBOL_BOX)
        c.doForm(name)
        c.restoreState()

    def art(self, c: Canvas, art: str, x: float, y: float, size: float) -> None:
        """Draw picture `art` fitted in a `size` square at (x, y); line work in low ink."""
        name = self._form(("art", art, self.low_ink), (0, 0, SYMBOL_BOX, SYMBOL_BOX),
                          lambda cv: draw_art(cv, art, self.low_ink, SYMBOL_BOX))
        c.saveState()
        c.translate(x, y)
        c.scale(size / SYMBOL_BOX, size / SYMBOL_BOX)
        c.doForm(name)
        c.restoreState()

    @staticmethod
    def _face_key(face: Face, rect: Rect, turn: int) -> tuple[tuple[object, ...], float, float]:
        w, h = (rect.h * MM, rect.w * MM) if turn else (rect.w * MM, rect.h * MM)
        return ("face", face.key, round(w, 3), round(h, 3)), w, h

    def count_faces(self, placed: Iterable[tuple[Face, Rect, int]]) -> None:
        """Every (face, cut rectangle, turn) the file will place: faces placed once are then
        drawn in the page, the others once as a form."""
        self._face_uses = Counter(self._face_key(face, rect, turn)[0]
                                  for face, rect, turn in placed)

    def face(self, face: Face, rect: Rect, clip: Rect | None = None, turn: int = 0) -> None:
        """Place `face` with its cut rectangle at `rect` (mm, page space), drawing of its bleed
        only what lies in `clip`; `turn` ±90 lays a card on its side (the form is drawn once
        per card size, upright)."""
        key, w, h = self._face_key(face, rect, turn)
        b = self.bleed
        where = f"{self.where} › {face.key}"
        inline = self._face_uses is not None and self._face_uses[key] <= 1
        if not inline:
            name = self._form(key, (-b, -b, w + b, h + b),
                              lambda cv: draw_face(cv, face, w, h, b, self.low_ink, self, where))
        c = self.c
        c.saveState()
        if clip is not None:
            path = c.beginPath()
            path.rect(clip.x * MM, clip.y * MM, clip.w * MM, clip.h * MM)
            c.clipPath(path, stroke=0, fill=0)
        if turn == 90:  # top to the left: (x, y) -> (-y, x)
            c.translate(rect.right * MM, rect.y * MM)
            c.rotate(90)
        elif turn == -90:  # top to the right: (x, y) -> (y, -x)
            c.translate(rect.x * MM, rect.top * MM)
            c.rotate(-90)
        else:
            c.translate(rect.x * MM, rect.y * MM)
        if inline:
            bbox = c.beginPath()
            bbox.rect(-b, -b, w + 2 * b, h + 2 * b)
            c.clipPath(bbox, stroke=0, fill=0)
            draw_face(c, face, w, h, b, self.low_ink, self, where)
        else:
            c.doForm(name)
        c.restoreState()

    def shared(self, key: str, bbox: tuple[float, float, float, float],
               draw: Callable[[Canvas], None], x: float, y: float) -> None:
        """Any other repeated drawing (a QR code...), placed with its origin at (x, y) pt."""
        name = self._form(("shared", key), bbox, draw)
        self.c.saveState()
        self.c.translate(x, y)
        self.c.doForm(name)
        self.c.restoreState()
