"""Fitting text into boxes: shrink to fit between a largest and a smallest size, then fail.

A text that still does not fit at its smallest size raises PreflightError naming where it is:
the build stops instead of printing cut-off text."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from reportlab.pdfbase.pdfmetrics import stringWidth

from companion.errors import CompanionError
from print_kit.fonts import missing_glyphs, register

NNBSP = "\u202f"  # narrow no-break space, before : ; ! ? and inside « »
_BEFORE = re.compile(r"\s*(:(?!//)|[;!?»])")  # not the colon of « https://… »
_AFTER = re.compile(r"«\s*")
STEP = 0.5


class PreflightError(CompanionError):
    """The kit would print badly (missing glyph, overflowing text, wrong count): build refused."""


@lru_cache(maxsize=16384)  # the same titles and labels are drawn on page after page
def french(text: str) -> str:
    """French typography: narrow no-break spaces before : ; ! ? » and after «."""
    text = _BEFORE.sub(lambda m: NNBSP + m.group(1), text)
    text = _AFTER.sub("«" + NNBSP, text)
    return text.replace("'", "’")


@lru_cache(maxsize=65536)
def _unit_width(text: str, font: str) -> float:
    return float(stringWidth(text, font, 1.0))


def width(text: str, font: str, size: float) -> float:
    """Widths scale with the size: measured once per text and font, whatever the sizes tried."""
    return _unit_width(text, font) * size


@lru_cache(maxsize=65536)
def _missing(text: str, font: str) -> frozenset[str]:
    """The preflight asks again for every copy of a card: answered once per text."""
    return frozenset(missing_glyphs(text, font))


def check_glyphs(text: str, font: str, where: str) -> None:
    register()
    missing = _missing(text, font)
    if missing:
        shown = " ".join(f"« {c} » (U+{ord(c):04X})" for c in sorted(missing))
        raise PreflightError(f"{where} : glyphe absent de la police embarquée : {shown}")


def wrap(text: str, font: str, size: float, max_width: float) -> list[str] | None:
    """Greedy word wrap; None when one word alone is wider than the box."""
    lines: list[str] = []
    for paragraph in text.split("\n"):
        current = ""
        for word in paragraph.split(" "):
            if not word:
                continue
            if width(word, font, size) > max_width:
                return None
            trial = f"{current} {word}" if current else word
            if width(trial, font, size) <= max_width:
                current = trial
            else:
                lines.append(current)
                current = word
        lines.append(current)
    return lines


@dataclass(frozen=True)
class Block:
    lines: tuple[str, ...]
    size: float
    leading: float


def fit_block(text: str, font: str, max_width: float, max_height: float, *, largest: float,
              smallest: float, where: str, leading: float = 1.18) -> Block:
    """The largest size (by STEP) at which `text` wraps into the box; PreflightError if none."""
    check_glyphs(text, font, where)
    sizes = []
    size = largest
    while size >= smallest - 1e-9:
        sizes.append(size)
        size -= STEP
    # Smaller type never needs more lines (greedy wrapping of proportionally narrower words),
    # so what fits is a run at the end of `sizes`: a binary search finds its first size.
    found: Block | None = None
    low, high = 0, len(sizes) - 1
    while low <= high:
        middle = (low + high) // 2
        size = sizes[middle]
        lines = wrap(text, font, size, max_width)
        if lines is not None and len(lines) * size * leading <= max_height + 1e-6:
            found = Block(tuple(lines), size, size * leading)
            high = middle - 1
        else:
            low = middle + 1
    if found is not None:
        return found
    raise PreflightError(f"{where} : le texte déborde de son cadre même en {smallest:g} pt "
                         f"(« {text[:40]}… »)")


def fit_line(text: str, font: str, max_width: float, *, largest: float, smallest: float,
             where: str) -> float:
    """The largest size at which `text` holds on one line of `max_width`."""
    check_glyphs(text, font, where)
    natural = width(text, font, 1.0)
    if natural == 0:
        return largest
    size = min(largest, max_width / natural)
    size = int(size / STEP) * STEP
    if size < smallest - 1e-9:
        raise PreflightError(f"{where} : « {text} » ne tient pas sur une ligne même en "
                             f"{smallest:g} pt")
    return size


def draw_block(c: object, text: str, font: str, x: float, top: float, max_width: float,
               max_height: float, *, largest: float, smallest: float, where: str) -> float:
    """Draw `text` left-aligned, shrunk to fit the box; returns the y under the last line."""
    block = fit_block(french(text), font, max_width, max_height, largest=largest,
                      smallest=smallest, where=where)
    c.setFont(font, block.size)  # type: ignore[attr-defined]
    y = top - block.size
    for line in block.lines:
        c.drawString(x, y, line)  # type: ignore[attr-defined]
        y -= block.leading
    return y
