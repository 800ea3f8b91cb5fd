"""Images for print services: each card's, token's and board's front and back as a PNG with
its bleed, at 300 dpi (600 on demand), named by component id, and presets for print services
(card size, bleed, file naming: MakePlayingCards, The Game Crafter) packed as a zip with the
quantities and the credits; DriveThruCards' PDFs per deck come from print_kit.exports.printshops.

The images are the kit's own faces (the same forms as the PDFs), drawn one per page of a PDF the
size of the card plus its bleed, then rendered by pdfium. Sizes are exact: the page is made
round(mm / 25.4 × dpi) pixels at the chosen dpi."""

from __future__ import annotations

import csv
import io
import sys
import zipfile
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path

import pypdfium2 as pdfium
from reportlab.pdfgen.canvas import Canvas

from companion.core.errors import UsageError
from print_kit.draw.faces import Face
from print_kit.draw.fonts import REGULAR, register
from print_kit.draw.painter import Painter
from print_kit.exports.zipping import zip_entry
from print_kit.kit import Board, PrintFile
from print_kit.layout.geometry import MM, Rect

DPIS = (300, 600)
KINDS = ("carte", "jeton", "plateau")
@dataclass(frozen=True)
class Service:
    """A print service's card template, as its published templates give it (check them before
    ordering: services change their templates)."""

    name: str
    card_mm: tuple[float, float]
    bleed_mm: float
    front: str  # file name pattern: {n} running number, {id} component id
    back: str  # the same, or with shared_backs: {k} the k-th distinct back
    shared_backs: bool = False  # one file per distinct back (a deck's common back once)


SERVICES = {
    # MakePlayingCards, poker size: 2.5 × 3.5 in cards, images 822 × 1122 px at 300 dpi
    "mpc": Service("MakePlayingCards", (63.5, 88.9), 3.05, "{n:03d}_front.png",
                   "{n:03d}_back.png"),
    # The Game Crafter, poker size: 2.5 × 3.5 in with a 1/8 in bleed, 825 × 1125 px at
    # 300 dpi, one image per card face and the deck's back image
    "tgc": Service("The Game Crafter", (63.5, 88.9), 3.175, "{id}.png", "dos-{k}.png",
                   shared_backs=True),
}
# DriveThruCards wants one PDF per deck, not images (print_kit.exports.printshops); Tabletop
# Simulator sheets of faces and a saved object (print_kit.exports.tts)
PDF_SERVICES = {"dtc": "DriveThruCards", "tts": "Tabletop Simulator"}


def pixels(mm: float, dpi: int) -> int:
    return round(mm / 25.4 * dpi)


@dataclass(frozen=True)
class CardImage:
    component: str
    copies: int
    front: bytes
    back: bytes | None
    kind: str = "carte"  # carte, jeton or plateau
    size_mm: tuple[float, float] = (0.0, 0.0)  # without the bleed


@dataclass(frozen=True)
class _Entry:
    component: str
    copies: int
    kind: str
    size: tuple[float, float] | None  # mm; None: the card size asked
    front: Face | Board
    back: Face | None


def _entries(files: Sequence[PrintFile]) -> list[_Entry]:
    """Every card, token and board of `files` (each component once, with its copies), in
    file order."""
    out: dict[str, _Entry] = {}
    for pf in files:
        for deck in pf.decks:
            kind = "carte" if deck.size is None else "jeton"  # tokens have their own size
            for item in deck.items:
                known = out.get(item.component)
                if known is not None:
                    out[item.component] = replace(known, copies=known.copies + 1)
                else:
                    out[item.component] = _Entry(item.component, 1, kind, deck.size,
                                                 item.front, item.back)
        for board in pf.boards:
            out.setdefault(board.component, _Entry(board.component, board.copies, "plateau",
                                                   board.size, board, None))
    return list(out.values())


def image_pixels(files: Sequence[PrintFile], card_mm: tuple[float, float], bleed_mm: float,
                 dpi: int, kinds: tuple[str, ...] = KINDS) -> int:
    """How many pixels `card_images` would draw (every side of every component): the cost of
    an export, known before any is drawn (about 6 million pixels a second)."""
    total = 0
    for entry in _entries(files):
        if entry.kind in kinds:
            w, h = entry.size or card_mm
            sides = 1 if entry.back is None else 2
            total += sides * pixels(w + 2 * bleed_mm, dpi) * pixels(h + 2 * bleed_mm, dpi)
    return total


def card_images(files: Sequence[PrintFile], card_mm: tuple[float, float], bleed_mm: float,
                dpi: int = 300, low_ink: bool = False,
                kinds: tuple[str, ...] = KINDS) -> list[CardImage]:
    """Every card, token and board of `files` (those of `kinds`) as PNG front (and back), its
    size plus the bleed on each side, at `dpi`: cards at `card_mm`, tokens and boards at their
    own size."""
    if dpi not in DPIS:
        raise UsageError(f"résolution {dpi} dpi non prévue ; choix possibles : "
                         f"{', '.join(map(str, DPIS))}")
    entries = [e for e in _entries(files) if e.kind in kinds]
    if not entries:
        raise UsageError("aucune carte, aucun jeton ni plateau à exporter en images")
    register()
    buf = io.BytesIO()
    c = Canvas(buf, invariant=1, initialFontName=REGULAR)
    painter = Painter(c, bleed_mm=bleed_mm, low_ink=low_ink, where="images")
    pages: list[tuple[_Entry, bool, tuple[int, int]]] = []
    for entry in entries:
        w, h = entry.size or card_mm
        size = (pixels(w + 2 * bleed_mm, dpi), pixels(h + 2 * bleed_mm, dpi))
        page_w, page_h = size[0] * 72 / dpi, size[1] * 72 / dpi  # an exact number of pixels
        origin = Rect((page_w / MM - w) / 2, (page_h / MM - h) / 2, w, h)
        for side, is_back in ((entry.front, False), (entry.back, True)):
            if side is None:
                continue
            c.setPageSize((page_w, page_h))
            if isinstance(side, Board):
                c.saveState()
                c.translate(origin.x * MM, origin.y * MM)
                side.draw(c, painter, w * MM, h * MM)
                c.restoreState()
            else:
                painter.face(side, origin)
            c.showPage()
            pages.append((entry, is_back, size))
    c.save()
    doc = pdfium.PdfDocument(buf.getvalue())
    images: dict[str, CardImage] = {}
    try:
        for index, (entry, is_back, size) in enumerate(pages):
            picture = doc[index].render(scale=dpi / 72).to_pil().convert("RGB")
            if picture.size != size:  # pdfium may round a float page size up by a pixel
                picture = picture.crop((0, 0, *size)) if picture.width >= size[0] and \
                    picture.height >= size[1] else picture.resize(size)
            out = io.BytesIO()
            picture.save(out, format="PNG", dpi=(dpi, dpi))
            known = images.get(entry.component)
            if is_back and known is not None:
                images[entry.component] = replace(known, back=out.getvalue())
            else:
                images[entry.component] = CardImage(entry.component, entry.copies,
                                                    out.getvalue(), None, entry.kind,
                                                    entry.size or card_mm)
    finally:
        doc.close()
    return list(images.values())


OTHERS = "autres-composants"  # the service zips' folder for tokens and boards


def images_zip(images: Sequence[CardImage], service: Service | None = None,
               credits: str = "") -> bytes:
    """The images in a zip: `<id>-recto.png` / `<id>-verso.png`, or the service's naming for
    the cards (its template is a card's) with tokens and boards in `autres-composants/`,
    `<id>_front.png` / `<id>_back.png`; with `quantites.csv` (files, copies, kind, size) and
    the credits."""
    out = io.BytesIO()
    table = io.StringIO()
    writer = csv.writer(table)
    writer.writerow(["recto", "verso", "exemplaires", "composant", "type", "taille_mm"])
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as zf:
        n = 0
        backs: dict[bytes, str] = {}  # shared backs: each distinct back once
        for image in images:
            write_back = True
            if service is None:
                front, back = f"{image.component}-recto.png", f"{image.component}-verso.png"
            elif image.kind == "carte":
                n += 1
                front = service.front.format(n=n, id=image.component)
                back = service.back.format(n=n, id=image.component, k=len(backs) + 1)
                if service.shared_backs and image.back is not None:
                    write_back = image.back not in backs
                    back = backs.setdefault(image.back, back)
            else:
                front = f"{OTHERS}/{image.component}_front.png"
                back = f"{OTHERS}/{image.component}_back.png"
            zf.writestr(zip_entry(front), image.front)
            if image.back is not None and write_back:
                zf.writestr(zip_entry(back), image.back)
            w, h = image.size_mm
            writer.writerow([front, back if image.back is not None else "", image.copies,
                             image.component, image.kind, f"{w:g}x{h:g}"])
        zf.writestr(zip_entry("quantites.csv"), table.getvalue())
        if credits:
            zf.writestr(zip_entry("CREDITS.txt"), credits)
    return out.getvalue()


def check_choices(dpi: int | None, service: str | None, tts_url: str | None = None) -> None:
    """`--card-png DPI`, `--service NAME` and `--tts-url URL` checked before anything is built
    or written."""
    if dpi is not None and dpi not in DPIS:
        raise UsageError(f"--card-png : résolution {dpi} ppp non prévue ; choix possibles : "
                         f"{', '.join(map(str, DPIS))}")
    if service is not None and service not in SERVICES and service not in PDF_SERVICES:
        raise UsageError(f"service d'impression inconnu « {service} » ; choix possibles : "
                         f"{', '.join([*SERVICES, *PDF_SERVICES])}")
    if tts_url is not None:
        if service != "tts":
            raise UsageError("--tts-url : l'adresse des planches de Tabletop Simulator ne sert "
                             "qu'avec --service tts")
        from print_kit.exports.ttshost import check_tts_url

        check_tts_url(tts_url)


def write_zips(zips: dict[str, bytes], out: Path, tts_url: str | None) -> None:
    """The command line's end of `export_zips` (`companion print` and `companion print deck`):
    each zip written into `out`, Tabletop Simulator's unpacked as the folder its saved objects
    name; one line each on stderr."""
    from print_kit.build import write_atomic
    from print_kit.exports.tts import unpack
    from print_kit.exports.ttshost import said

    for name, data in zips.items():
        if name == "tts.zip":  # written as the folder its saved objects name, below
            continue
        write_atomic(out / name, data)
        print(f"images des cartes → {out / name}", file=sys.stderr)
    if "tts.zip" in zips:
        print(said(unpack(zips["tts.zip"], out), tts_url), file=sys.stderr)


def export_zips(files: Sequence[PrintFile], card_mm: tuple[float, float], bleed_mm: float,
                low_ink: bool, dpi: int | None, service: str | None,
                *, max_pixels: int | None = None, out_dir: Path | None = None,
                tts_url: str | None = None) -> dict[str, bytes]:
    """{file name: zip bytes}: the images of every card, token and board at `dpi` (card size
    and bleed of the options), and/or those for a print service (its card size, bleed and
    naming, 300 dpi; tokens and boards at their own size with its bleed). `max_pixels` (the
    app's budget; the CLI has none) refuses an export that would draw more, before any.
    `tts_url`: where Tabletop Simulator's sheets will be hosted (print_kit/exports/ttshost.py)."""
    from print_kit.credits import credits_text

    check_choices(dpi, service, tts_url)
    if max_pixels is not None:
        total = (image_pixels(files, card_mm, bleed_mm, dpi) if dpi else 0) + (
            image_pixels(files, SERVICES[service].card_mm, SERVICES[service].bleed_mm, 300)
            if service in SERVICES else 0)  # dtc's PDFs and tts' sheets are drawn per card
        if total > max_pixels:
            raise UsageError(f"images des cartes : {total // 1_000_000} millions de pixels à "
                             f"dessiner ; au plus {max_pixels // 1_000_000} millions par "
                             "demande ici (un seul jeu, 300 ppp ou « Seulement ces cartes » ; "
                             "la commande companion print --card-png n'a pas de limite)")
    out: dict[str, bytes] = {}
    if dpi is not None:
        images = card_images(files, card_mm, bleed_mm, dpi, low_ink)
        out[f"cartes-png-{dpi}dpi.zip"] = images_zip(images, None, credits_text())
    if service == "tts":  # the saved objects name the hosted sheets, else the unpacked ones
        from print_kit.exports.tts import tts_zip
        from print_kit.exports.ttshost import sheets_base

        base = sheets_base(out_dir, tts_url)
        out["tts.zip"] = tts_zip(files, card_mm, base, low_ink, credits_text())
    elif service in PDF_SERVICES:
        from print_kit.exports.printshops import dtc_zip

        out[f"{service}.zip"] = dtc_zip(files, low_ink, credits_text())
    elif service is not None:
        preset = SERVICES[service]
        images = card_images(files, preset.card_mm, preset.bleed_mm, 300, low_ink)
        out[f"{service}.zip"] = images_zip(images, preset, credits_text())
    return out
