"""Print shops (issue 29): DriveThruCards' PDF per deck (card + 1/8 in bleed per page, fronts and
backs alternating, CMYK only with at most 240 % ink, fonts embedded, TrimBox and BleedBox) and
its back as a PNG; The Game Crafter's PNGs (825 × 1125 px) with each distinct back once. Read
back from the files themselves (pypdf, pdfium, Pillow)."""

from __future__ import annotations

import csv
import io
import zipfile
from pathlib import Path
from typing import Any

import pypdf
import pytest
from hypothesis import given
from hypothesis import strategies as st
from PIL import Image, ImageChops
from pypdf.generic import ContentStream

from companion.core.errors import UsageError
from print_kit.build import kit_files
from print_kit.draw.inks import INK_LIMIT, cmyk
from print_kit.exports.export import export_zips
from print_kit.exports.render import render_png
from print_kit.layout.geometry import MM
from print_kit.options import make_options
from tableapp.console import main

DTC_PAGE = (63.5 + 2 * 3.175, 88.9 + 2 * 3.175)  # 2.75 × 3.75 in
RGB_OPERATORS = {"rg", "RG", "g", "G", "sc", "SC", "scn", "SCN", "cs", "CS"}


def _zip(game: str, service: str, **choices: Any) -> zipfile.ZipFile:
    options = make_options(game, **choices)
    [(name, data)] = export_zips(kit_files(options), options.card_mm, options.bleed, False,
                                 None, service).items()
    assert name == f"{service}.zip"
    return zipfile.ZipFile(io.BytesIO(data))


def _colour_operations(reader: pypdf.PdfReader, page: pypdf.PageObject
                       ) -> list[tuple[str, list[float]]]:
    """Every colour-setting operation of the page and of the forms it draws, nested forms
    included, with its operands."""
    out: list[tuple[str, list[float]]] = []
    seen: set[int] = set()

    def walk(stream: Any, resources: Any) -> None:
        for operands, op in ContentStream(stream, reader).operations:
            name = op.decode() if isinstance(op, bytes) else str(op)
            if name in RGB_OPERATORS | {"k", "K"}:
                out.append((name, [float(v) for v in operands if not hasattr(v, "keys")
                                   and not str(v).startswith("/")]))
        for xobject in (resources or {}).get("/XObject", {}).values():
            form = xobject.get_object()
            if form.get("/Subtype") == "/Form" and id(form) not in seen:
                seen.add(id(form))
                walk(form, form.get("/Resources"))

    walk(page.get_contents(), page.get("/Resources"))
    return out


def _fonts(page: pypdf.PageObject) -> list[Any]:
    found: list[Any] = []

    def walk(resources: Any) -> None:
        for font in (resources or {}).get("/Font", {}).values():
            found.append(font.get_object())
        for xobject in (resources or {}).get("/XObject", {}).values():
            form = xobject.get_object()
            if form.get("/Subtype") == "/Form":
                walk(form.get("/Resources"))

    walk(page.get("/Resources"))
    return found


def _embedded(font: Any) -> bool:
    if font.get("/Subtype") == "/Type0":
        font = font["/DescendantFonts"][0].get_object()
    descriptor = font.get("/FontDescriptor")
    return descriptor is not None and any(
        k in descriptor.get_object() for k in ("/FontFile", "/FontFile2", "/FontFile3"))


def test_dtc_writes_one_pdf_per_deck_as_the_service_asks() -> None:
    zf = _zip("noe", "dtc")
    pdfs = sorted(n for n in zf.namelist() if n.endswith(".pdf"))
    assert pdfs == ["noe-mechants-mechants.pdf", "noe-personnages-personnages.pdf"]
    rows = list(csv.reader(io.StringIO(zf.read("paquets.csv").decode()), delimiter=";"))
    assert rows[0] == ["fichier", "cartes", "dos"] and len(rows) == 3
    for name in pdfs:
        reader = pypdf.PdfReader(io.BytesIO(zf.read(name)))
        pages = reader.pages
        cards = int(next(r[1] for r in rows if r[0] == name))
        assert len(pages) == 2 * cards  # every copy, front and back
        for page in pages:
            box = page.mediabox
            assert (float(box.width) / MM, float(box.height) / MM) == pytest.approx(DTC_PAGE,
                                                                                   abs=0.01)
            trim = [float(v) / MM for v in page["/TrimBox"]]
            assert trim == pytest.approx([3.175, 3.175, 3.175 + 63.5, 3.175 + 88.9], abs=0.01)
            assert [float(v) for v in page["/BleedBox"]] == pytest.approx(
                [float(v) for v in box], abs=0.01)
        # fronts and backs alternate: every odd page is the deck's back, its own PNG too
        back = Image.open(io.BytesIO(zf.read(name.replace(".pdf", "-dos.png")))).convert("RGB")
        assert back.size == (825, 1125)
        pdf = zf.read(name)
        for index in (1, 3, len(pages) - 1):
            page_png = Image.open(io.BytesIO(render_png(pdf, index, 300))).convert("RGB")
            page_png = page_png.crop((0, 0, *back.size))  # pdfium may add a pixel column
            assert ImageChops.difference(page_png, back).getbbox() is None, (name, index)
        first, second = render_png(pdf, 0, 40), render_png(pdf, 2, 40)
        assert first != second and pages[0].extract_text() != pages[2].extract_text()


def test_dtc_pages_use_cmyk_only_within_the_ink_limit_and_embed_their_fonts() -> None:
    zf = _zip("camelot", "dtc")
    reader = pypdf.PdfReader(io.BytesIO(zf.read("camelot-cartes-cartes.pdf")))
    inks = []
    for page in reader.pages[:40]:
        operations = _colour_operations(reader, page)
        assert operations, "no colour at all: the walk found nothing"
        assert not {op for op, _ in operations} & RGB_OPERATORS
        for op, values in operations:
            assert len(values) == 4, (op, values)
            inks.append(sum(values))
        fonts = _fonts(page)
        assert fonts and all(_embedded(font) for font in fonts)
        assert not any(f.get("/BaseFont", "").lstrip("/") in ("Helvetica", "Times-Roman")
                       for f in fonts)
    assert max(inks) <= INK_LIMIT + 1e-6
    assert max(inks) > 1.0  # rich colours are there, not only greys


def test_dtc_of_an_authors_deck(tmp_path: Path) -> None:
    example = Path(__file__).resolve().parent.parent / "print_kit" / "decks" / "deck_examples"
    deck = sorted(example.glob("*.csv"))[0]
    assert main(["print", "deck", str(deck), "--out", str(tmp_path), "--service", "dtc"]) == 0
    with zipfile.ZipFile(tmp_path / "dtc.zip") as zf:
        pdfs = [n for n in zf.namelist() if n.endswith(".pdf")]
        assert len(pdfs) == 1
        reader = pypdf.PdfReader(io.BytesIO(zf.read(pdfs[0])))
        assert len(reader.pages) % 2 == 0
        assert not {op for op, _ in _colour_operations(reader, reader.pages[0])} & RGB_OPERATORS


@given(st.floats(0, 1), st.floats(0, 1), st.floats(0, 1))
def test_any_colour_is_cmyk_within_the_ink_limit(r: float, g: float, b: float) -> None:
    colour = cmyk((r, g, b))
    inks = (colour.cyan, colour.magenta, colour.yellow, colour.black)
    assert all(-1e-9 <= v <= 1 + 1e-9 for v in inks)
    assert sum(inks) <= INK_LIMIT + 1e-3
    if sum(inks) < INK_LIMIT - 1e-3:  # not capped: the colour is the same colour
        back = [(1 - v) * (1 - colour.black) for v in inks[:3]]
        assert back == pytest.approx([r, g, b], abs=2e-3)


def test_black_is_printed_with_black_ink_only() -> None:
    black = cmyk((0, 0, 0))
    assert (black.cyan, black.magenta, black.yellow, black.black) == (0, 0, 0, 1)
    navy = cmyk((0, 0, 0.2))  # naive: 100 % C + 100 % M + 80 % K = 280 %
    assert navy.cyan + navy.magenta + navy.yellow + navy.black == pytest.approx(INK_LIMIT,
                                                                                 abs=1e-3)


def test_tgc_writes_825_by_1125_pngs_and_each_back_once() -> None:
    zf = _zip("camelot", "tgc")
    names = zf.namelist()
    fronts = [n for n in names if n.endswith(".png") and not n.startswith(("dos-",
                                                                          "autres-"))]
    backs = [n for n in names if n.startswith("dos-")]
    rows = list(csv.DictReader(io.StringIO(zf.read("quantites.csv").decode())))
    cards = [r for r in rows if r["type"] == "carte"]
    assert sorted(fronts) == sorted(r["recto"] for r in cards)  # one image per distinct card
    assert backs == ["dos-1.png"]  # the deck's common back, once
    for name in (*fronts[:3], *backs):
        assert Image.open(io.BytesIO(zf.read(name))).size == (825, 1125)
    assert {r["verso"] for r in cards} == {"dos-1.png"}
    assert sum(int(r["exemplaires"]) for r in cards) == 110


def test_the_cli_names_the_services() -> None:
    options = make_options("noe", only=["archange-noe"])
    with pytest.raises(UsageError, match="mpc, tgc, dtc"):
        export_zips(kit_files(options), options.card_mm, options.bleed, False, None, "kinkos")
