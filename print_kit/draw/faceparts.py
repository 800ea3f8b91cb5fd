"""What a face is made of, apart from how it is drawn: the palette, `Face` and its `Part`s,
and the `Pens` a face draws shared things with. The drawers (faces, backs, tokens) all read
these, so they live below them (print_kit.draw.faces re-exports them for the games)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, Protocol

from reportlab.pdfgen.canvas import Canvas

from print_kit.draw.textfit import PreflightError
from print_kit.layout.geometry import MM

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


def colour_of(name: str) -> RGB:
    """A palette colour by name, or any « #RRGGBB » (an author's own deck)."""
    if name in PALETTE:
        return PALETTE[name]
    text = name.lstrip("#")
    if name.startswith("#") and len(text) == 6:
        try:
            return (int(text[0:2], 16) / 255, int(text[2:4], 16) / 255, int(text[4:6], 16) / 255)
        except ValueError:
            pass
    raise PreflightError(f"couleur inconnue « {name} » ; choix possibles : "
                         f"{', '.join(PALETTE)} ou #RRGGBB")


def tint(rgb: RGB, amount: float) -> RGB:
    """`rgb` mixed with white: 0 keeps it, 1 gives white."""
    return (rgb[0] + (1 - rgb[0]) * amount, rgb[1] + (1 - rgb[1]) * amount,
            rgb[2] + (1 - rgb[2]) * amount)


class Part:
    """A game's own element on a card front: the one hook through which a game brings what this
    generic module does not know (Emblèmes' timing mark, Labystère's roads...). Subclasses are
    frozen dataclasses (a face is a hashable key of the form cache)."""

    #: True when `under` covers the panel (a road...): titles then sit on white labels, and the
    #: face's symbol is left to the part
    busy = False
    #: True when `under` draws through the bleed: such a face is not secret-safe
    reaches_edge = False

    def strings(self) -> tuple[str, ...]:
        return ()

    def under(self, c: Canvas, face: Face, w: float, h: float, bleed: float, low_ink: bool,
              pens: Pens) -> None:
        """Drawn over the panel, before any text."""

    def body(self, c: Canvas, face: Face, mid: float, y: float, k: float, pens: Pens) -> float:
        """Drawn in the text column at `y` (top); returns the y under it."""
        return y


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
    art: str | None = None  # a picture (print_kit.draw.art: « openmoji:1F981 », « file:/path »)
    # a picture in the top-right corner instead of the symbol (Emblèmes' family emblem: the
    # same picture as the family's back, so a card in hand says its family by more than colour)
    emblem: str | None = None
    text: str = ""  # the effect, in the project's own words
    note: str = ""  # who may play it, a second line of rules
    badge: str = ""  # Noé's grade
    rows: tuple[tuple[str, str], ...] = ()  # small table (Emblèmes place rewards)
    # No provenance here: a face prints what a published game would (issue 36); which values
    # are house defaults is said by the fiche mémoire and the register (docs/register/).
    footer: str = ""  # the game's name
    parts: tuple[Part, ...] = ()  # a game's own elements (see Part)
    light: bool = False  # a back on white, framed in its colour (print_kit.draw.backs)
    # an author's card (print_kit.decks.decks): its text is hyphenated in French before its type
    # shrinks, and holds inline icons (`:piece:`, print_kit.draw.icons)
    rich: bool = False

    def strings(self) -> list[str]:
        """Every piece of text this face prints (for the glyph preflight)."""
        out = [self.title, self.corner, self.subtitle, self.text, self.note, self.badge,
               self.footer]
        out += [cell for row in self.rows for cell in row]
        for part in self.parts:
            out += part.strings()
        return [s for s in out if s]


class Pens(Protocol):
    """How faces draw shared things (symbols, as forms): print_kit.draw.painter.Painter."""

    def symbol(self, c: Canvas, symbol: str, rgb: RGB, x: float, y: float,
               size: float) -> None: ...

    def art(self, c: Canvas, art: str, x: float, y: float, size: float) -> None:
        """The picture `art` (print_kit.draw.art) in a `size` square at (x, y)."""
