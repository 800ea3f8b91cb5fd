"""Drawing a picture (print_kit.draw.art) on a canvas, and remembering how: the PDF operators of
each vector picture once drawn are kept for the run in memory and between runs on disk (like a font
cache: reading the SVGs is most of the kit's time), and replayed instead of walking the SVG
again; on a canvas that converts colours (DriveThruCards' CMYK) they are converted as they are
replayed. The app's PNGs of the printed art are drawn the same way. Apart from art.py, which
finds and reads the pictures (OpenMoji, an author's files, their limits): this is the drawing
side and its cache, which art.py never needs."""

from __future__ import annotations

import hashlib
import io
import json
import os
import re
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

from reportlab.lib.rl_accel import fp_str

from companion.core import settings
from print_kit.draw.art import art_path, load
from print_kit.draw.inks import KEY_MASK, cmyk_picture

# PDF operators of each vector picture once drawn (key: ref, line only, size): the next PDF of
# the same run replays them instead of walking the SVG drawing again. Only self-contained
# operators are kept (no ExtGState, image or font resource, which belong to one document).
_OPERATORS: dict[tuple[str, bool, float], list[str]] = {}
_RESOURCE_OPERATORS = re.compile(r"(^|\s)(gs|Do|Tf|BI)(\s|$)")


CACHE_VERSION = 2
MAX_CACHED = 600  # entries kept on disk: the kit draws about 150 pictures, in two modes


def cache_path() -> Path:
    """The operators of pictures drawn before, kept between runs (like a font cache): reading
    the SVGs is most of the kit's time. `COMPANION_CACHE_DIR` moves it; it may be deleted."""
    return settings.cache_folder() / f"art-operators-v{CACHE_VERSION}.json"


def _slot(ref: str, line_only: bool, size: float) -> str:
    """One entry per picture and way of drawing it: a changed or reinstalled file replaces its
    entry (version 1 keyed entries by the file's time too, and grew with every install)."""
    return f"{ref}|{int(line_only)}|{size:g}"


def _stamp(ref: str) -> str:
    """What a cached drawing depends on besides its slot: the file's bytes (a digest: the same
    picture installed twice is the same entry) and the reader's version."""
    path = art_path(ref)
    st = path.stat()
    return _digest(path, st.st_size, st.st_mtime_ns)


@cache
def _digest(path: Path, size: int, mtime_ns: int) -> str:
    """Read once per process and file version (size and time are only the memo's key)."""
    digest = hashlib.blake2b(path.read_bytes(), digest_size=16).hexdigest()
    return f"{digest}|{_reader_version()}"


@cache
def _reader_version() -> str:
    from importlib.metadata import version

    return f"svglib {version('svglib')}, reportlab {version('reportlab')}"


_disk: dict[str, list[Any]] | None = None  # slot -> [stamp, operators]
_disk_dirty = False
_used: set[str] = set()  # slots read or written in this run


def _disk_cache() -> dict[str, list[Any]]:
    global _disk
    if _disk is None:
        try:
            _disk = json.loads(cache_path().read_text(encoding="utf-8"))
            if not isinstance(_disk, dict):
                _disk = {}
        except (OSError, ValueError):
            _disk = {}
    return _disk


def _disk_get(ref: str, line_only: bool, size: float) -> list[str] | None:
    slot = _slot(ref, line_only, size)
    entry = _disk_cache().get(slot)
    if (isinstance(entry, list) and len(entry) == 2 and entry[0] == _stamp(ref)
            and isinstance(entry[1], list)):
        _used.add(slot)
        return entry[1]
    return None


def save_cache() -> None:
    """Write the pictures drawn in this run to the cache; a failure only costs time. Past
    MAX_CACHED entries, only those of this run are kept. Older versions' files are removed."""
    global _disk_dirty, _disk
    if not _disk_dirty or _disk is None:
        return
    if len(_disk) > MAX_CACHED:
        _disk = {slot: entry for slot, entry in _disk.items() if slot in _used}
    path = cache_path()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(f".{os.getpid()}.tmp")
        tmp.write_text(json.dumps(_disk), encoding="utf-8")
        os.replace(tmp, path)
        _disk_dirty = False
        for old in range(1, CACHE_VERSION):
            path.with_name(f"art-operators-v{old}.json").unlink(missing_ok=True)
    except OSError:
        pass


def cached(ref: str, line_only: bool, size: float = 100.0) -> bool:
    """True when the picture's drawing is in the cache, for the same file: no need to read it."""
    if not ref.startswith("openmoji:") and not ref.endswith(".svg"):
        return False
    try:
        return _disk_get(ref, line_only, size) is not None
    except OSError:
        return False


def draw_art(c: Any, ref: str, line_only: bool, size: float) -> None:
    """Draw the picture fitted and centred in the square (0, 0)-(size, size). On a canvas that
    converts colours (`enforceColorSpace`: DriveThruCards' CMYK, print_kit.exports.printshops), the
    picture's operators are the plain kit's (cached as RGB) with each RGB colour converted."""
    enforce = getattr(c, "_enforceColorSpace", None)
    if enforce is None:
        _draw_rgb(c, ref, line_only, size)
        return
    if ref.endswith(".png"):  # a picture, not operators: its pixels converted (PDF/X-1a)
        picture, masked = _cmyk_png(ref)
        c.drawImage(picture, 0, 0, size, size, mask=KEY_MASK if masked else None,
                    preserveAspectRatio=True, anchor="c")
        return
    c._enforceColorSpace = None  # noqa: SLF001 - recorded as the plain kit records them
    start = len(c._code)  # noqa: SLF001
    try:
        _draw_rgb(c, ref, line_only, size)
    finally:
        c._enforceColorSpace = enforce  # noqa: SLF001
    c._code[start:] = [_RGB_OPERATOR.sub(lambda m: _converted(m, enforce), op)  # noqa: SLF001
                       for op in c._code[start:]]  # noqa: SLF001


@lru_cache(maxsize=64)
def _cmyk_png(ref: str) -> tuple[Any, bool]:
    """An author's PNG as a CMYK picture by the print shop's rule (print_kit/draw/inks.py), once
    per picture; whether it has transparent pixels (keyed out, not a soft mask)."""
    from reportlab.lib.utils import ImageReader

    picture, masked = cmyk_picture(load(ref)._image)  # noqa: SLF001 - the PNG ImageReader holds
    return ImageReader(picture), masked


_RGB_OPERATOR = re.compile(r"(?<![\w.])(-?[\d.]+) (-?[\d.]+) (-?[\d.]+) (rg|RG)(?![\w])")


def _converted(match: re.Match[str], enforce: Any) -> str:
    """« r g b rg » as the canvas's colour space says (« c m y k k »)."""
    colour = enforce(tuple(float(match.group(i)) for i in (1, 2, 3)))
    op = "k" if match.group(4) == "rg" else "K"
    return f"{fp_str(colour.cyan, colour.magenta, colour.yellow, colour.black)} {op}"


def _draw_rgb(c: Any, ref: str, line_only: bool, size: float) -> None:
    global _disk_dirty
    key = (ref, line_only, size)
    replay = _OPERATORS.get(key)
    if replay is None and (ref.startswith("openmoji:") or ref.endswith(".svg")):
        try:
            replay = _disk_get(ref, line_only, size)
        except OSError:
            replay = None
    if replay is not None:
        c._code.extend(replay)  # noqa: SLF001 - the canvas's operator list
        _OPERATORS[key] = replay
        return
    start = len(c._code)  # noqa: SLF001
    _draw_art(c, ref, line_only, size)
    ops = c._code[start:]  # noqa: SLF001
    if not any(_RESOURCE_OPERATORS.search(op) for op in ops):
        _OPERATORS[key] = list(ops)
        if not ref.endswith(".png"):
            slot = _slot(ref, line_only, size)
            _disk_cache()[slot] = [_stamp(ref), list(ops)]
            _used.add(slot)
            _disk_dirty = True


def _draw_art(c: Any, ref: str, line_only: bool, size: float) -> None:
    from reportlab.graphics import renderPDF
    from reportlab.graphics.shapes import STATE_DEFAULTS

    from print_kit.draw.fonts import REGULAR, register

    # renderPDF sets its default font (Helvetica, never embedded) even for a drawing without
    # text: make the default our embedded font, so no page refers to a base-14 font
    register()
    STATE_DEFAULTS["fontName"] = REGULAR
    art = load(ref, line_only)
    if hasattr(art, "getSize"):  # a PNG
        c.drawImage(art, 0, 0, size, size, mask="auto", preserveAspectRatio=True,
                    anchor="c")
        return
    scale = size / max(art.width, art.height)
    c.saveState()
    c.translate((size - art.width * scale) / 2, (size - art.height * scale) / 2)
    c.scale(scale, scale)
    renderPDF.draw(art, c, 0, 0)
    c.restoreState()


def art_png(ref: str, pixels: int = 256, line_only: bool = False) -> bytes:
    """The picture as PNG bytes, `pixels` wide (for the app's pages)."""
    from reportlab.pdfgen.canvas import Canvas

    from print_kit.exports.render import render_png

    size = 72.0
    buf = io.BytesIO()
    c = Canvas(buf, pagesize=(size, size), invariant=1)
    draw_art(c, ref, line_only, size)
    c.showPage()
    c.save()
    return render_png(buf.getvalue(), 0, dpi=72 * pixels / size)


def component_art(game: str, component_id: str) -> str | None:
    """The picture the kit prints on a component (the game module's `art`), for the app."""
    from companion.core.loader import load_game
    from companion.core.registry import module, module_name

    if module_name(game, "print") is None:
        return None
    printed = module(game, "print")
    comp = next((c for c in load_game(game).components() if c.id == component_id), None)
    if comp is None or not hasattr(printed, "art"):
        return None
    return str(printed.art(comp))


@cache
def component_art_png(game: str, component_id: str, pixels: int = 96) -> bytes | None:
    """The component's picture as PNG bytes, `pixels` wide: the app shows the printed art."""
    ref = component_art(game, component_id)
    return art_png(ref, pixels) if ref else None


def group_pictures(game: str, pixels: int = 96) -> list[tuple[str, bytes]]:
    """(group, PNG) of each component group's first picture, in data order (the home page)."""
    from companion.core.loader import load_game

    out: dict[str, bytes] = {}
    for comp in load_game(game).components():
        if comp.group not in out:
            png = component_art_png(game, comp.id, pixels)
            if png:
                out[comp.group] = png
    return list(out.items())
