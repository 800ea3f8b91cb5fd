"""DriveThruCards: one PDF per deck, as its card template asks (issue 29), declared PDF/X-1a
(issue 40: DriveThruCards prefers it).

Each page is one card plus its 1/8 in bleed (poker: 2.75 × 3.75 in for a 2.5 × 3.5 in card),
fronts and backs alternating (front, back, front, back…), every copy of every card, colours
in CMYK with a total ink of at most 240 %, fonts embedded (the kit's DejaVu subsets), TrimBox
(the card) and BleedBox (the page) set. The deck's common back is also written as its own PNG
(825 × 1125 px at 300 dpi), which the service asks for its « card back » upload.

The faces are the kit's own (`Painter`): the canvas converts every colour as it is set
(`enforceColorSpace`, `cmyk`), so no RGB colour operator reaches a page, and a picture given as
PNG (`--art`) is converted by the same rule (print_kit/draw/inks.py), its transparent pixels keyed
out by a colour key, not a soft mask. The file then declares PDF/X-1a:2003 (ISO 15930-4): PDF
1.4, an output intent in the catalog (`GTS_PDFX`, the registered characterization CGATS TR 001,
U.S. Web Coated SWOP: DriveThruCards prints in the United States; a registered condition
needs no embedded ICC profile, and none is installed here), `GTS_PDFXVersion` and
`Trapped False` in its information, no transparency, no RGB."""

from __future__ import annotations

import io
import re
import unicodedata
import zipfile
from collections.abc import Sequence
from typing import Any

import pypdfium2 as pdfium
from reportlab.pdfbase.pdfdoc import PDFArray, PDFDictionary, PDFInfo, PDFName, PDFString
from reportlab.pdfgen.canvas import Canvas

from print_kit.draw.fonts import REGULAR, register
from print_kit.draw.inks import cmyk
from print_kit.draw.painter import Painter
from print_kit.exports.zipping import zip_entry
from print_kit.kit import PrintFile
from print_kit.layout.geometry import MM, Rect
from print_kit.layout.sheets import Deck

DTC_CARD = (63.5, 88.9)  # poker, mm (2.5 × 3.5 in)
DTC_BLEED = 3.175  # 1/8 in, mm
DTC_DPI = 300
PDFX_VERSION = "PDF/X-1a:2003"
# the registered printing condition the file is made for (ICC's registry of characterizations)
OUTPUT_CONDITION = "CGATS TR 001"
OUTPUT_REGISTRY = "http://www.color.org"
OUTPUT_INFO = "U.S. Web Coated (SWOP), CGATS TR 001"


class PdfxInfo(PDFInfo):
    """ReportLab's document information, with the PDF/X version a PDF/X file declares."""

    def format(self, document: Any) -> bytes:
        text = super().format(document)
        end = text.rindex(b">>")  # the dictionary's end: one key more before it
        return (text[:end] + b"/GTS_PDFXVersion " + PDFString(PDFX_VERSION).format(document)
                + b"\n" + text[end:])


def declare_pdfx(c: Canvas) -> None:
    """Mark the canvas's document PDF/X-1a:2003: the output intent in its catalog, the version
    in its information (ReportLab writes `Trapped False` itself)."""
    intent = PDFDictionary({"Type": PDFName("OutputIntent"), "S": PDFName("GTS_PDFX"),
                            "OutputConditionIdentifier": PDFString(OUTPUT_CONDITION),
                            "RegistryName": PDFString(OUTPUT_REGISTRY),
                            "OutputCondition": PDFString(OUTPUT_INFO),
                            "Info": PDFString(OUTPUT_INFO)})
    catalog = c._doc.Catalog  # noqa: SLF001 - ReportLab writes the catalog's listed keys only
    catalog.OutputIntents = PDFArray([intent])
    catalog.__NoDefault__ = [*type(catalog).__NoDefault__, "OutputIntents"]
    c._doc.info.__class__ = PdfxInfo  # noqa: SLF001 - the same object, one key more


def slug(text: str) -> str:
    """A deck's name as a file name: « Méchants — niveau 3 » -> « mechants-niveau-3 »."""
    plain = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z0-9]+", "-", plain.lower()).strip("-") or "paquet"


def card_decks(files: Sequence[PrintFile]) -> list[tuple[str, Deck]]:
    """(file name stem, deck) for every deck of cards (tokens have their own size and their
    own products at the service)."""
    out = []
    for pf in files:
        for deck in pf.decks:
            if deck.size is None and deck.items:
                out.append((f"{pf.stem}-{slug(deck.name)}", deck))
    return out


def sides(deck: Deck) -> list[tuple[Any, bool]]:
    """Every printed side of the deck in order, (face, is_back): each copy's front, then its
    back (a single-sided deck: fronts only)."""
    out: list[tuple[Any, bool]] = []
    for item in deck.items:
        out.append((item.front, False))
        if deck.double_sided and item.back is not None:
            out.append((item.back, True))
    return out


def dtc_pdf(deck: Deck, low_ink: bool = False, where: str = "dtc") -> bytes:
    """One deck as DriveThruCards' PDF/X-1a: one page per side, front then back for every
    copy."""
    register()
    w, h = DTC_CARD
    b = DTC_BLEED
    # an exact number of pixels at 300 dpi (825 × 1125), so the page renders to its size
    page = (round((w + 2 * b) / 25.4 * DTC_DPI) * 72 / DTC_DPI,
            round((h + 2 * b) / 25.4 * DTC_DPI) * 72 / DTC_DPI)
    buf = io.BytesIO()
    c = Canvas(buf, pagesize=page, invariant=1, pageCompression=1, pdfVersion=(1, 4),
               initialFontName=REGULAR, initialFontSize=8, enforceColorSpace=cmyk)
    c.setTitle(deck.name)
    c.setCreator("Compagnon de table — kit d’impression (DriveThruCards)")
    declare_pdfx(c)
    painter = Painter(c, bleed_mm=b, low_ink=low_ink, where=where)
    cut = Rect(b, b, w, h)
    printed = sides(deck)
    painter.count_faces((face, cut, 0) for face, _ in printed)
    c.setTrimBox((b * MM, b * MM, (b + w) * MM, (b + h) * MM))  # the card
    c.setBleedBox((0, 0, *page))  # the card and its bleed: the whole page
    for face, _ in printed:
        painter.face(face, cut)
        c.showPage()
    c.save()
    return buf.getvalue()


def common_back(deck: Deck) -> int | None:
    """The page (0-based, in `sides`) of the back every card of the deck shares, or None (no
    back, or several: they are in the PDF, page by page)."""
    printed = sides(deck)
    keys = {face.key for face, is_back in printed if is_back}
    if len(keys) != 1:
        return None
    return next(i for i, (_, is_back) in enumerate(printed) if is_back)


def page_png(pdf: bytes, page: int, dpi: int = DTC_DPI) -> bytes:
    """A page of the deck's PDF as an RGB PNG at `dpi` (card and bleed: 825 × 1125 px)."""
    doc = pdfium.PdfDocument(pdf)
    try:
        pdf_page = doc[page]
        size = (round(pdf_page.get_width() * dpi / 72), round(pdf_page.get_height() * dpi / 72))
        picture = pdf_page.render(scale=dpi / 72).to_pil().convert("RGB")
        if picture.size != size:  # pdfium may round a float page size up by a pixel
            picture = picture.crop((0, 0, *size))
    finally:
        doc.close()
    out = io.BytesIO()
    picture.save(out, format="PNG", dpi=(dpi, dpi))
    return out.getvalue()


def dtc_zip(files: Sequence[PrintFile], low_ink: bool = False, credits: str = "") -> bytes:
    """Every deck of cards of `files` as its DriveThruCards PDF, its common back as a PNG, a
    list of the files and the credits, in one zip."""
    from companion.core.errors import UsageError

    decks = card_decks(files)
    if not decks:
        raise UsageError("aucun paquet de cartes à préparer pour DriveThruCards")
    out = io.BytesIO()
    lines = ["fichier;cartes;dos"]
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as zf:
        for stem, deck in decks:
            pdf = dtc_pdf(deck, low_ink, stem)
            zf.writestr(zip_entry(f"{stem}.pdf"), pdf)
            back_page = common_back(deck)
            back = None if back_page is None else page_png(pdf, back_page)
            if back is not None:
                zf.writestr(zip_entry(f"{stem}-dos.png"), back)
            lines.append(f"{stem}.pdf;{len(deck.items)};"
                         f"{f'{stem}-dos.png' if back is not None else ''}")
        zf.writestr(zip_entry("paquets.csv"), "\n".join(lines) + "\n")
        if credits:
            zf.writestr(zip_entry("CREDITS.txt"), credits)
    return out.getvalue()
