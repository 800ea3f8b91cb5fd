"""Card images for print services: each card's front and back as a PNG with its bleed, at
300 dpi (600 on demand), named by component id, and presets for two print services (card size,
bleed, file naming) packed as a zip with the quantities and the credits.

The images are the kit's own faces (the same forms as the PDFs), drawn one per page of a PDF the
size of the card plus its bleed, then rendered by pdfium. Sizes are exact: the page is made
round(mm / 25.4 × dpi) pixels at the chosen dpi."""

from __future__ import annotations

import csv
import io
import zipfile
from collections.abc import Sequence
from dataclasses import dataclass

import pypdfium2 as pdfium
from reportlab.pdfgen.canvas import Canvas

from companion.errors import UsageError
from print_kit.faces import Face
from print_kit.fonts import REGULAR, register
from print_kit.geometry import MM, Rect
from print_kit.kit import PrintFile
from print_kit.painter import Painter

DPIS = (300, 600)
ZIP_DATE = (2020, 1, 1, 0, 0, 0)  # fixed: the same kit gives the same zip


@dataclass(frozen=True)
class Service:
    """A print service's card template, as its published templates give it (check them before
    ordering: services change their templates)."""

    name: str
    card_mm: tuple[float, float]
    bleed_mm: float
    front: str  # file name pattern: {n} running number, {id} component id
    back: str


SERVICES = {
    # MakePlayingCards, poker size: 2.5 × 3.5 in cards, images 822 × 1122 px at 300 dpi
    "mpc": Service("MakePlayingCards", (63.5, 88.9), 3.05, "{n:03d}_front.png",
                   "{n:03d}_back.png"),
    # DriveThruCards, poker size: 2.5 × 3.5 in with a 1/8 in bleed, 825 × 1125 px at 300 dpi
    "dtc": Service("DriveThruCards", (63.5, 88.9), 3.175, "{id}_front.png", "{id}_back.png"),
}


def pixels(mm: float, dpi: int) -> int:
    return round(mm / 25.4 * dpi)


@dataclass(frozen=True)
class CardImage:
    component: str
    copies: int
    front: bytes
    back: bytes | None


def _cards(files: Sequence[PrintFile]) -> list[tuple[str, int, Face, Face | None]]:
    """(component id, copies, front, back) of every card (not tokens), in file order."""
    out: dict[str, list[object]] = {}
    for pf in files:
        for deck in pf.decks:
            if deck.size is not None:  # tokens and boards have their own size
                continue
            for item in deck.items:
                if item.component in out:
                    out[item.component][1] += 1  # type: ignore[operator]
                else:
                    out[item.component] = [item.component, 1, item.front, item.back]
    return [tuple(v) for v in out.values()]  # type: ignore[misc]


def card_images(files: Sequence[PrintFile], card_mm: tuple[float, float], bleed_mm: float,
                dpi: int = 300, low_ink: bool = False) -> list[CardImage]:
    """Every card of `files` as PNG front (and back), card plus bleed, at `dpi`."""
    if dpi not in DPIS:
        raise UsageError(f"résolution {dpi} dpi non prévue ; choix possibles : "
                         f"{', '.join(map(str, DPIS))}")
    cards = _cards(files)
    if not cards:
        raise UsageError("aucune carte à exporter en images")
    register()
    w, h = card_mm
    page_w = pixels(w + 2 * bleed_mm, dpi) * 72 / dpi  # points: an exact number of pixels
    page_h = pixels(h + 2 * bleed_mm, dpi) * 72 / dpi
    buf = io.BytesIO()
    c = Canvas(buf, pagesize=(page_w, page_h), invariant=1, initialFontName=REGULAR)
    painter = Painter(c, bleed_mm=bleed_mm, low_ink=low_ink, where="images")
    origin = Rect((page_w / MM - w) / 2, (page_h / MM - h) / 2, w, h)
    pages: list[tuple[str, int, bool]] = []
    for component, copies, front, back in cards:
        for face, is_back in ((front, False), (back, True)):
            if face is None:
                continue
            painter.face(face, origin)
            c.showPage()
            pages.append((component, copies, is_back))
    c.save()
    doc = pdfium.PdfDocument(buf.getvalue())
    images: dict[str, CardImage] = {}
    size = (pixels(w + 2 * bleed_mm, dpi), pixels(h + 2 * bleed_mm, dpi))
    try:
        for index, (component, copies, is_back) in enumerate(pages):
            picture = doc[index].render(scale=dpi / 72).to_pil().convert("RGB")
            if picture.size != size:  # pdfium may round a float page size up by a pixel
                picture = picture.crop((0, 0, *size)) if picture.width >= size[0] and \
                    picture.height >= size[1] else picture.resize(size)
            out = io.BytesIO()
            picture.save(out, format="PNG", dpi=(dpi, dpi))
            known = images.get(component)
            if is_back and known is not None:
                images[component] = CardImage(component, copies, known.front, out.getvalue())
            else:
                images[component] = CardImage(component, copies, out.getvalue(), None)
    finally:
        doc.close()
    return list(images.values())


def images_zip(images: Sequence[CardImage], service: Service | None = None,
               credits: str = "") -> bytes:
    """The images in a zip: `<id>-recto.png` / `<id>-verso.png`, or the service's naming,
    with `quantites.csv` (file, copies) and the credits."""
    out = io.BytesIO()
    table = io.StringIO()
    writer = csv.writer(table)
    writer.writerow(["recto", "verso", "exemplaires", "carte"])
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as zf:
        for n, image in enumerate(images, start=1):
            if service is None:
                front, back = f"{image.component}-recto.png", f"{image.component}-verso.png"
            else:
                front = service.front.format(n=n, id=image.component)
                back = service.back.format(n=n, id=image.component)
            zf.writestr(zipfile.ZipInfo(front, ZIP_DATE), image.front)
            if image.back is not None:
                zf.writestr(zipfile.ZipInfo(back, ZIP_DATE), image.back)
            writer.writerow([front, back if image.back is not None else "", image.copies,
                             image.component])
        zf.writestr(zipfile.ZipInfo("quantites.csv", ZIP_DATE), table.getvalue())
        if credits:
            zf.writestr(zipfile.ZipInfo("CREDITS.txt", ZIP_DATE), credits)
    return out.getvalue()


def export_zips(files: Sequence[PrintFile], card_mm: tuple[float, float], bleed_mm: float,
                low_ink: bool, dpi: int | None, service: str | None) -> dict[str, bytes]:
    """{file name: zip bytes}: the card images at `dpi` (card size and bleed of the options),
    and/or the images for a print service (its own size, bleed and naming, 300 dpi)."""
    from print_kit.credits import credits_text

    out: dict[str, bytes] = {}
    if dpi is not None:
        images = card_images(files, card_mm, bleed_mm, dpi, low_ink)
        out[f"cartes-png-{dpi}dpi.zip"] = images_zip(images, None, credits_text())
    if service is not None:
        if service not in SERVICES:
            raise UsageError(f"service d'impression inconnu « {service} » ; choix possibles : "
                             f"{', '.join(SERVICES)}")
        preset = SERVICES[service]
        images = card_images(files, preset.card_mm, preset.bleed_mm, 300, low_ink)
        out[f"{service}.zip"] = images_zip(images, preset, credits_text())
    return out
