"""The printed path cards open where the engine says: every path card of the data, rendered as
the kit prints it (normal and low-ink), shows its roads on the sides SHAPE_SIDES gives its shape
at rotation 0, the card upright (north at the top). The printed plan and the app's map turn
those same sides by each cell's rotation (registre LAB-4), so a card laid as the plan shows
opens where the app says; the printed T once opened west-east-south against the engine's
north-east-south."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from companion.core.loader import load_game
from companion.games.labystere.board import SHAPE_SIDES
from print_kit.build import kit_files
from print_kit.draw.faces import PALETTE, tint
from print_kit.exports.export import card_images, pixels
from print_kit.options import make_options

DPI = 300
INSIDE_MM = 2.5  # how far inside the cut line the edge is read: past any trim, before any text


def _is_road(pixel: tuple[int, int, int], road: tuple[float, float, float]) -> bool:
    return all(abs(p / 255 - r) < 0.08 for p, r in zip(pixel, road, strict=True))


def open_sides(png: bytes, card_mm: tuple[float, float], bleed_mm: float,
               road: tuple[float, float, float]) -> str:
    """The sides (N, E, S, W order) where a line along the edge, `INSIDE_MM` inside the cut
    line, crosses road ink in the middle third of that edge."""
    image = Image.open(io.BytesIO(png)).convert("RGB")
    w, h = (pixels(mm, DPI) for mm in card_mm)
    left, top = (image.width - w) // 2, (image.height - h) // 2
    inset = pixels(INSIDE_MM, DPI)
    across = {  # per side: the pixels of its reading line, in the edge's middle third
        "N": [(left + x, top + inset) for x in range(w // 3, 2 * w // 3)],
        "E": [(left + w - 1 - inset, top + y) for y in range(h // 3, 2 * h // 3)],
        "S": [(left + x, top + h - 1 - inset) for x in range(w // 3, 2 * w // 3)],
        "W": [(left + inset, top + y) for y in range(h // 3, 2 * h // 3)],
    }
    return "".join(side for side, line in across.items()
                   if any(_is_road(image.getpixel(xy), road) for xy in line))


@pytest.mark.parametrize("low_ink", [False, True])
def test_every_printed_path_card_opens_as_the_engine_says(low_ink: bool) -> None:
    data = load_game("labystere")
    paths = {c.id: str(c.fields["shape"]) for c in data.components() if c.group == "chemins"}
    assert set(paths.values()) == set(SHAPE_SIDES)  # every shape is printed and checked
    options = make_options("labystere", low_ink=low_ink)
    files = [pf for pf in kit_files(options) if pf.stem == "labystere-chemins"]
    images = {i.component: i for i in card_images(files, options.card_mm, options.bleed, DPI,
                                                  low_ink=low_ink)}
    assert set(images) == set(paths)
    # the roads' ink: a light brown band, or in low ink the road's brown edges only
    road = PALETTE["brun"] if low_ink else tint(PALETTE["brun"], 0.55)
    drawn = {cid: open_sides(images[cid].front, options.card_mm, options.bleed, road)
             for cid in paths}
    assert drawn == {cid: SHAPE_SIDES[shape] for cid, shape in paths.items()}
    assert drawn["chemin-t"] == "NES"  # the T opens north, east and south (LAB-D2)
