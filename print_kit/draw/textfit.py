"""Fitting text into boxes: shrink to fit between a largest and a smallest size, then fail.

A text that still does not fit at its smallest size raises PreflightError naming where it is:
the build stops instead of printing cut-off text. An author's card text (`hyphenate=True`) is
first hyphenated at French legal points (pyphen's `fr` dictionary) at each size before a
smaller size is tried; its inline icons (print_kit.draw.icons) are measured as ICON_EM wide."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

from reportlab.pdfbase.pdfmetrics import stringWidth

from companion.core.errors import CompanionError
from print_kit.draw.fonts import missing_glyphs, register
from print_kit.draw.icons import ICON_EM, art_of, has_icons, is_icon, runs

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
    if has_icons(text):
        return sum(ICON_EM if is_icon(ch) else float(stringWidth(ch, font, 1.0))
                   for ch in text)
    return float(stringWidth(text, font, 1.0))


def width(text: str, font: str, size: float) -> float:
    """Widths scale with the size: measured once per text and font, whatever the sizes tried."""
    return _unit_width(text, font) * size


@lru_cache(maxsize=65536)
def _missing(text: str, font: str) -> frozenset[str]:
    """The preflight asks again for every copy of a card: answered once per text. Icons are
    drawn as pictures, not glyphs."""
    if has_icons(text):
        text = "".join(ch for ch in text if not is_icon(ch))
    return frozenset(missing_glyphs(text, font))


def check_glyphs(text: str, font: str, where: str) -> None:
    register()
    missing = _missing(text, font)
    if missing:
        shown = " ".join(f"« {c} » (U+{ord(c):04X})" for c in sorted(missing))
        raise PreflightError(f"{where} : glyphe absent de la police embarquée : {shown}")


@lru_cache(maxsize=1)
def _french_dictionary():  # noqa: ANN202 - a pyphen.Pyphen
    import pyphen

    # two letters at least before the break and three after, as French typography asks
    return pyphen.Pyphen(lang="fr", left=2, right=3)


_LETTERS = re.compile(r"[^\W\d_]{5,}")  # a run of letters long enough to break


@lru_cache(maxsize=16384)
def breaks(word: str) -> tuple[int, ...]:
    """Where `word` may be broken, ascending: after a hyphen it holds, and inside each run of
    letters at the points pyphen's French dictionary allows (« l’anticonstitutionnel » breaks
    inside « anticonstitutionnel » only)."""
    points = {i + 1 for i, ch in enumerate(word[:-1]) if ch == "-" and i > 0}
    for run in _LETTERS.finditer(word):
        points.update(run.start() + p for p in _french_dictionary().positions(run.group()))
    return tuple(sorted(points))


def _split(word: str, font: str, size: float, room: float) -> tuple[str, str] | None:
    """The longest legal head of `word` (with its hyphen) that fits `room`, and the rest."""
    for point in reversed(breaks(word)):
        head = word[:point] if word[point - 1] == "-" else word[:point] + "-"
        if width(head, font, size) <= room:
            return head, word[point:]
    return None


def _hyphenated(paragraph: str, font: str, size: float, max_width: float) -> list[str] | None:
    """Greedy wrap that breaks a word at a legal point when its head fits the line's end."""
    lines: list[str] = []
    current = ""
    words = [w for w in paragraph.split(" ") if w]
    words.reverse()
    while words:
        word = words.pop()
        trial = f"{current} {word}" if current else word
        if width(trial, font, size) <= max_width:
            current = trial
            continue
        room = max_width - (width(current + " ", font, size) if current else 0.0)
        parts = _split(word, font, size, room)
        if parts is not None:
            lines.append(f"{current} {parts[0]}" if current else parts[0])
            current = ""
            words.append(parts[1])
        elif current:
            lines.append(current)
            current = ""
            words.append(word)
        else:
            return None  # no legal break puts any of it on an empty line
    lines.append(current)
    return lines


def wrap(text: str, font: str, size: float, max_width: float,
         hyphenate: bool = False) -> list[str] | None:
    """Greedy word wrap; None when one word alone is wider than the box (and, with
    `hyphenate`, cannot be broken at a legal point to fit)."""
    if hyphenate:
        lines: list[str] = []
        for paragraph in text.split("\n"):
            wrapped = _hyphenated(paragraph, font, size, max_width)
            if wrapped is None:
                return None
            lines += wrapped
        return lines
    lines = []
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


def _fits(text: str, font: str, size: float, max_width: float, max_height: float,
          leading: float, hyphenate: bool) -> list[str] | None:
    """The lines of `text` at `size` if they fit the box: unbroken words first, then (with
    `hyphenate`) words broken at legal points; None if neither fits."""
    for broken in ((False, True) if hyphenate else (False,)):
        lines = wrap(text, font, size, max_width, broken)
        if lines is not None and len(lines) * size * leading <= max_height + 1e-6:
            return lines
    return None


def fit_block(text: str, font: str, max_width: float, max_height: float, *, largest: float,
              smallest: float, where: str, leading: float = 1.18,
              hyphenate: bool = False) -> Block:
    """The largest size (by STEP) at which `text` wraps into the box; PreflightError if none.
    With `hyphenate`, a size is given up only when French hyphenation cannot make it fit."""
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
        lines = _fits(text, font, size, max_width, max_height, leading, hyphenate)
        if lines is not None:
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


def draw_with_icons(c: object, line: str, font: str, size: float, x_mid: float, y: float,
                    art: Callable[[object, str, float, float, float], None]) -> None:
    """One centred line whose icons (print_kit.draw.icons) are pictures one em square, drawn by
    `art(c, reference, x, y, side)`, sitting on the baseline as a capital would."""
    x = x_mid - width(line, font, size) / 2
    for icon, piece in runs(line):
        if icon:
            art(c, art_of(piece), x + (ICON_EM - 1) / 2 * size, y - 0.17 * size, size)
            x += ICON_EM * size
        else:
            c.drawString(x, y, piece)  # type: ignore[attr-defined]
            x += width(piece, font, size)
