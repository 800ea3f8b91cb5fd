"""Secret cards cannot be told apart from their backs or edges (docs/print-kit.md PRINT-10):
ELSEN's roles and vivant/mort cards, every Labystère card laid face down (the set-aside suspect
among them), Noé's and Camelot's draw piles. Checked on rendered pixels, and preflight refuses
a design that would break it."""

from __future__ import annotations

import io

import pytest
from PIL import Image, ImageChops

from print_kit.build import build_file, check_secret, plans, print_files
from print_kit.draw.faces import Face
from print_kit.draw.textfit import PreflightError
from print_kit.exports.render import render_png
from print_kit.games.labystere import Roads
from print_kit.kit import PrintFile
from print_kit.layout.geometry import MM, Rect
from print_kit.layout.sheets import Deck, Item
from print_kit.options import make_options

DPI = 100
SECRET = [("elsen", "elsen-roles"), ("elsen", "elsen-vivant-mort"),
          ("labystere", "labystere-actions")]


def _px(mm: float) -> int:
    return round(mm / 25.4 * DPI)


def _crop(page: Image.Image, rect: Rect, page_h: float, grow: float) -> Image.Image:
    r = rect.grow(grow)
    return page.crop((_px(r.x), _px(page_h - r.top), _px(r.x) + _px(r.w),
                      _px(page_h - r.top) + _px(r.h)))


def _edge(page: Image.Image, rect: Rect, page_h: float, inside: float,
          outside: float) -> Image.Image:
    """The band a faulty cut can show: `inside` mm in from the cut line to `outside` mm out;
    the middle of the card is painted over."""
    band = _crop(page, rect, page_h, outside).convert("RGB")
    inner = (_px(outside + inside), _px(outside + inside),
             band.width - _px(outside + inside), band.height - _px(outside + inside))
    band.paste((0, 0, 0), inner)
    return band


def _same(images: list[Image.Image]) -> bool:
    """Alike but for a card placed up to a pixel further (rounding) and its anti-aliasing."""
    size = (images[0].width // 10, images[0].height // 10)  # 2.5 mm cells

    def cells(image: Image.Image) -> Image.Image:
        return image.resize(size, Image.Resampling.BOX)

    first = cells(images[0])
    for other in images[1:]:
        diff = ImageChops.difference(first, cells(other.resize(images[0].size)))
        if max(high for _, high in diff.getextrema()) > 45:  # another colour gives > 100
            return False
    return True


@pytest.mark.parametrize(("game", "stem"), SECRET)
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_edges_and_backs_within_a_secret_group_look_alike(game: str, stem: str,
                                                          paper: str) -> None:
    options = make_options(game, paper=paper)
    [pf] = [f for f in print_files(game, options) if f.stem == stem]
    built = build_file(pf, options)
    page_plans = plans(pf, options)
    page_h = options.paper_mm[1]
    bleed = options.bleed
    front_edges, backs = [], []
    for index, plan in enumerate(page_plans[:4]):
        page = Image.open(io.BytesIO(render_png(built.data, index, DPI))).convert("RGB")
        for placement in plan.placements:
            if placement.is_back:
                backs.append(_crop(page, placement.rect, page_h, -0.5))
            else:
                # from the bleed width inside the cut line to 0.8 mm outside it, where no
                # crop mark reaches
                front_edges.append(_edge(page, placement.rect, page_h, bleed - 0.3, 0.8))
    assert len(front_edges) >= 9 and len(backs) >= 9
    assert _same(front_edges), f"{stem}: fronts differ at the edge"
    assert _same(backs), f"{stem}: backs differ"


def _file(*items: Item) -> PrintFile:
    return PrintFile("essai", "elsen", "Essai", (Deck("Essai", items, secret=True),))


def test_preflight_refuses_secret_cards_with_different_backs() -> None:
    a = Face("t:a", "A", "rouge")
    back1 = Face("t:dos1", "Dos", "marine", style="back")
    back2 = Face("t:dos2", "Dos", "rouge", style="back")
    options = make_options("elsen")
    pf = _file(Item(a, back1, "a"), Item(a, back2, "b"))
    with pytest.raises(PreflightError, match="dos différents"):
        check_secret(pf, pf.decks[0], options)


def test_preflight_refuses_secret_cards_drawn_through_the_bleed() -> None:
    back = Face("t:dos", "Dos", "marine", style="back")
    road = Face("t:route", "Route", "vert", parts=(Roads("droit"),))
    plain = Face("t:b", "B", "vert")
    options = make_options("elsen")
    pf = _file(Item(road, back, "a"), Item(plain, back, "b"))
    with pytest.raises(PreflightError, match="bord diffère"):
        build_file(pf, options)


def test_secret_fronts_share_one_frame_colour() -> None:
    """Through thin paper a red saboteur and a blue passenger could be told apart: the roles
    and the vivant/mort cards share one colour per deck."""
    options = make_options("elsen")
    for stem in ("elsen-roles", "elsen-vivant-mort"):
        [pf] = [f for f in print_files("elsen", options) if f.stem == stem]
        assert len({it.front.accent for it in pf.decks[0].items}) == 1, stem


def test_white_margin_is_at_least_the_bleed() -> None:
    from print_kit.draw.faces import edge_margin

    for bleed in (0, 1, 3, 6):
        assert edge_margin(bleed * MM, 1.0) >= bleed * MM
