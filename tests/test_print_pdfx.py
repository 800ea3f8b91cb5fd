"""DriveThruCards' PDFs as PDF/X-1a:2003 (issue 40), read back from the files with pypdf: the
output intent in the catalog (GTS_PDFX, a registered printing condition), the version and
`Trapped` in the information, PDF 1.4, an ID; and what the standard forbids absent from every
object: RGB images or colour spaces, soft masks and transparency, fonts not embedded,
encryption, annotations, JavaScript. An author's PNG with transparent pixels (`--art`) is a
CMYK image within the ink limit, its transparency a colour key."""

from __future__ import annotations

import io
import zipfile
from pathlib import Path
from typing import Any

import pypdf
import pytest
from PIL import Image
from pypdf.generic import ArrayObject, DictionaryObject

from print_kit.build import kit_files
from print_kit.draw.inks import INK_LIMIT, KEY_MASK
from print_kit.exports.export import export_zips
from print_kit.options import make_options
from tableapp.console import main

EXAMPLE = Path(__file__).resolve().parent.parent / "print_kit" / "decks" / "deck_examples" / \
    "exemple-potager.csv"


def objects(reader: pypdf.PdfReader) -> list[DictionaryObject]:
    """Every dictionary of the file, indirect or nested (streams' dictionaries included)."""
    found: list[DictionaryObject] = []
    seen: set[int] = set()

    def walk(value: Any) -> None:
        value = value.get_object() if hasattr(value, "get_object") else value
        if id(value) in seen:
            return
        seen.add(id(value))
        if isinstance(value, DictionaryObject):
            found.append(value)
            for key, item in value.items():
                if key not in ("/Parent", "/P"):
                    walk(item)
        elif isinstance(value, ArrayObject):
            for item in value:
                walk(item)

    for number in range(1, int(reader.trailer["/Size"])):
        try:
            walk(reader.get_object(number))
        except Exception:  # noqa: BLE001  (a free entry of the cross-reference table)
            continue
    return found


def assert_pdfx_1a(data: bytes) -> pypdf.PdfReader:
    assert data.startswith(b"%PDF-1.4\n")  # PDF/X-1a:2003 allows PDF 1.4 at most
    reader = pypdf.PdfReader(io.BytesIO(data))
    assert not reader.is_encrypted
    root = reader.trailer["/Root"]
    [intent] = root["/OutputIntents"]
    intent = intent.get_object()
    assert intent["/Type"] == "/OutputIntent" and intent["/S"] == "/GTS_PDFX"
    assert intent["/OutputConditionIdentifier"] == "CGATS TR 001"  # registered: no profile
    assert intent["/RegistryName"] == "http://www.color.org"
    info = reader.trailer["/Info"].get_object()
    assert info["/GTS_PDFXVersion"] == "PDF/X-1a:2003"
    assert info["/Trapped"] == "/False"
    assert info["/Title"] and info["/CreationDate"] and info["/ModDate"]
    assert len(reader.trailer["/ID"]) == 2
    assert "/Names" not in root and "/OpenAction" not in root and "/AcroForm" not in root
    for page in reader.pages:
        media = [float(v) for v in page.mediabox]
        bleed = [float(v) for v in page["/BleedBox"]]
        trim = [float(v) for v in page["/TrimBox"]]
        assert media[0] <= bleed[0] <= trim[0] < trim[2] <= bleed[2] <= media[2]
        assert media[1] <= bleed[1] <= trim[1] < trim[3] <= bleed[3] <= media[3]
        assert "/Annots" not in page
    fonts = 0
    for obj in objects(reader):
        assert "/SMask" not in obj or obj["/SMask"] == "/None", obj
        for key in ("/CA", "/ca"):
            assert float(obj.get(key, 1)) == 1, obj
        assert obj.get("/BM", "/Normal") in ("/Normal", "/Compatible")
        assert "/JS" not in obj and obj.get("/S") != "/JavaScript"
        if obj.get("/Subtype") == "/Image" and not obj.get("/ImageMask"):
            assert obj["/ColorSpace"] in ("/DeviceCMYK", "/DeviceGray"), obj["/ColorSpace"]
        if obj.get("/Type") == "/Font" and obj.get("/Subtype") != "/Type0":
            descriptor = obj["/FontDescriptor"].get_object()
            assert any(k in descriptor for k in ("/FontFile", "/FontFile2", "/FontFile3"))
            fonts += 1
        if "/ColorSpace" in obj and obj.get("/Subtype") != "/Image":  # resources' spaces
            spaces = obj["/ColorSpace"]
            if isinstance(spaces, DictionaryObject):
                text = str(list(spaces.values()))
                assert "RGB" not in text and "/Lab" not in text and "ICCBased" not in text
    assert fonts  # the walk reached the pages' resources
    return reader


@pytest.mark.parametrize("game", ["elsen", "emblemes"])
def test_each_deck_of_a_game_is_pdf_x_1a(game: str) -> None:
    options = make_options(game, players=5) if game == "elsen" else make_options(game)
    [(_, data)] = export_zips(kit_files(options), options.card_mm, options.bleed, False, None,
                              "dtc").items()
    zf = zipfile.ZipFile(io.BytesIO(data))
    pdfs = [name for name in zf.namelist() if name.endswith(".pdf")]
    assert pdfs
    for name in pdfs:
        assert_pdfx_1a(zf.read(name))


def test_an_authors_png_with_transparency_is_cmyk_keyed_not_soft_masked(tmp_path: Path) -> None:
    art = tmp_path / "art"
    art.mkdir()
    picture = Image.new("RGBA", (60, 60), (0, 0, 0, 0))  # transparent around
    picture.paste((20, 30, 120, 255), (10, 10, 50, 50))  # a deep navy square: 290 % naively
    picture.save(art / "limace.png")
    out = tmp_path / "kit"
    assert main(["print", "deck", str(EXAMPLE), "--out", str(out), "--only", "limace",
                 "--art", str(art), "--service", "dtc"]) == 0
    with zipfile.ZipFile(out / "dtc.zip") as zf:
        [name] = [n for n in zf.namelist() if n.endswith(".pdf")]
        reader = assert_pdfx_1a(zf.read(name))
    images = [obj for obj in objects(reader) if obj.get("/Subtype") == "/Image"]
    [image] = [obj for obj in images if obj["/Width"] == 60]  # the author's picture
    assert image["/ColorSpace"] == "/DeviceCMYK"
    assert [int(v) for v in image["/Mask"]] == KEY_MASK  # a colour key, not a soft mask
    samples = image.get_object().get_data()
    pixels = [tuple(samples[i:i + 4]) for i in range(0, len(samples), 4)]
    assert len(pixels) == 60 * 60
    keyed = [p for p in pixels if p == (255, 255, 255, 255)]
    shown = [p for p in pixels if p != (255, 255, 255, 255)]
    assert len(keyed) == 60 * 60 - 40 * 40 and len(shown) == 40 * 40
    assert all(sum(p) <= INK_LIMIT * 255 + 2 for p in shown)  # the ink limit holds
    c, m, y, k = shown[0]
    assert k > 0 and c > m > y  # navy: black by K, more cyan than magenta than yellow
