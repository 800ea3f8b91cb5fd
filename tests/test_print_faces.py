"""Printed card faces carry what a published game would print (issue 36): no provenance (« défaut
maison », register ids) on any card, token, die or board of any game, and each Emblèmes family
has its own emblem picture (the Lion's was a sunburst with a face, told from the Soleil's sun by
its colour only). The fiches mémoire keep their labelled house defaults: they are not faces."""

from __future__ import annotations

import io
import itertools
import re
import unicodedata

import pypdfium2 as pdfium
import pytest
from PIL import Image, ImageChops, ImageFilter, ImageStat
from reportlab.pdfgen.canvas import Canvas

from companion.core.loader import load_game
from companion.core.registry import GAMES
from print_kit.build import build_file, kit_files, print_files
from print_kit.draw.painter import Painter
from print_kit.exports.export import card_images
from print_kit.exports.render import render_png
from print_kit.games import emblemes as emb
from print_kit.options import make_options

# Words of a register, not of a game: the house-default mark, the register and its ids
# (« EMB-3 », « LAB-D2 », « ELS-19 »), a value's provenance.
PROVENANCE_WORDS = re.compile(r"\b(défauts?|maison|registre|provenance|reconcili\w*)\b",
                              re.IGNORECASE)
REGISTER_ID = re.compile(r"\b[A-Z]{2,6}-D?\d+\b")

PRINTED_GAMES = sorted(g for g, info in GAMES.items() if info.print_module)


def _text(data: bytes) -> str:
    """The text of a PDF as a reader's tool extracts it (pdfium: 30 times faster than pypdf)."""
    doc = pdfium.PdfDocument(data)
    try:
        text = "\n".join(doc[i].get_textpage().get_text_range() for i in range(len(doc)))
    finally:
        doc.close()
    return unicodedata.normalize("NFC", text.replace("\xa0", " ").replace("\u202f", " "))


@pytest.mark.parametrize("game", PRINTED_GAMES)
def test_no_card_face_of_any_game_prints_a_provenance(game: str) -> None:
    """Every file of the game's kit but its fiche mémoire (the last one): decks of cards and
    tokens, Labystère's die and pawns, ELSEN's ladders. Their text is read back from the PDF."""
    options = make_options(game)
    faces = print_files(game, options)[:-1]
    assert faces and all("fiche" not in pf.stem for pf in faces)
    found = []
    for pf in faces:
        for line in _text(build_file(pf, options).data).splitlines():
            if PROVENANCE_WORDS.search(line) or REGISTER_ID.search(line):
                found.append(f"{pf.stem}: {line.strip()}")
    assert not found, f"{len(found)} lignes de registre sur les faces : {sorted(set(found))[:8]}"


# --- Emblèmes' families ---------------------------------------------------------------------

# The family's animal (or star) as Unicode names the OpenMoji picture drawn for it.
ANIMAL = {"lion": "LION", "aigle": "EAGLE", "cerf": "DEER", "serpent": "SNAKE", "soleil": "SUN"}
DPI = 300


def _px(mm: float) -> int:
    return round(mm / 25.4 * DPI)


def _corner(png: bytes) -> Image.Image:
    """The emblem's square in the top-right corner of a poker card front without bleed, where
    print_kit/draw/faces.py puts it: inside the 2 mm white edge, the 1.5 mm frame and the 1.3 mm
    padding, 0.95 × 0.105 of the card's height wide."""
    inset, side = 2.0 + 1.5 + 1.3, 0.95 * 0.105 * 88
    image = Image.open(io.BytesIO(png)).convert("RGB")
    right, top = image.width - _px(inset), _px(inset)
    return image.crop((right - _px(side), top, right, top + _px(side)))


def _alone(ref: str, side_px: int) -> Image.Image:
    """The picture `ref` drawn alone by the kit's painter, `side_px` square at DPI."""
    size = side_px * 72 / DPI
    buf = io.BytesIO()
    c = Canvas(buf, pagesize=(size, size))
    Painter(c, bleed_mm=0, low_ink=False, where="test").art(c, ref, 0, 0, size)
    c.showPage()
    c.save()
    return Image.open(io.BytesIO(render_png(buf.getvalue(), dpi=DPI))).convert("RGB")


def _distance(a: Image.Image, b: Image.Image) -> float:
    """Mean difference of two pictures (0 same, 1 opposite), slightly blurred: half a pixel
    of placement is not a different picture."""
    a, b = (im.resize((32, 32), Image.LANCZOS).filter(ImageFilter.GaussianBlur(1))
            for im in (a, b))
    return sum(ImageStat.Stat(ImageChops.difference(a, b)).mean) / 3 / 255


def test_each_family_prints_its_own_emblem_picture() -> None:
    data = load_game("emblemes")
    first = {fam.id: next(c for c in data.components() if c.group == "personnages"
                          and c.fields["family"] == fam.id) for fam in data.families}
    refs: dict[str, str] = {}
    for fam in data.families:
        front = emb.character(data, first[fam.id])
        ref = getattr(front, "emblem", None)
        assert ref and ref.startswith("openmoji:"), (
            f"Famille {fam.name} : l'emblème n'est pas une image, seulement le symbole "
            f"vectoriel « {front.symbol} »")
        code = ref.removeprefix("openmoji:")
        name = unicodedata.name(chr(int(code.split("-")[0], 16)))
        assert ANIMAL[fam.id] in name.split(), f"Famille {fam.name} : {code} est « {name} »"
        # the back shows the same picture: a family reads alike on both sides
        assert emb.family_back(data, first[fam.id]).art == ref
        refs[fam.id] = ref
    assert len(set(refs.values())) == len(refs), refs

    # What is printed: each family's card corner, rendered, is its own picture and no other's.
    files = kit_files(make_options("emblemes", only=[c.id for c in first.values()], bleed=0))
    images = {img.component: img.front for img in card_images(files, (63, 88), 0, dpi=DPI)}
    corners = {fid: _corner(images[first[fid].id]) for fid in refs}
    side = next(iter(corners.values())).width
    pictures = {fid: _alone(ref, side) for fid, ref in refs.items()}
    for fid, corner in corners.items():
        own = _distance(corner, pictures[fid])
        nearest_other = min(_distance(corner, pictures[o]) for o in refs if o != fid)
        assert own < 0.04 and nearest_other > 3 * own, (fid, own, nearest_other)
    for a, b in itertools.combinations(refs, 2):
        assert _distance(corners[a], corners[b]) > 0.06, (a, b)
