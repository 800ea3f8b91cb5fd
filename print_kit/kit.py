"""What a game's print kit is made of: files, each of decks (grids of cards or tokens) and free
pages (die net, ladders, setup map). Each game module builds its files from its data."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from reportlab.pdfgen.canvas import Canvas

from companion.model import Component
from companion.provenance import Provenance
from print_kit.faces import Face
from print_kit.painter import Painter
from print_kit.sheets import Deck, Item

TOKEN = (25.0, 25.0)  # mm: coins, success tokens, Camelot's tokens
BIG_TOKEN = (40.0, 40.0)  # mm: first-player tokens


@dataclass(frozen=True)
class FreePage:
    """A page drawn by its own function in mm-free points (die net, ladders, setup map)."""

    label: str
    draw: Callable[[Canvas, Painter, float, float], None]  # (canvas, painter, page_w, page_h) pt
    strings: tuple[str, ...] = ()
    components: tuple[tuple[str, int], ...] = ()  # (component id, copies) it prints
    back: bool = False  # a back page (duplex): drawn with the printer calibration


@dataclass(frozen=True)
class PrintFile:
    stem: str  # file name without .pdf, e.g. « noe-personnages »
    game: str
    title: str
    decks: tuple[Deck, ...] = ()
    pages: tuple[FreePage, ...] = ()
    groups: tuple[str, ...] = ()  # data groups whose every copy this file prints


def is_house(component: Component) -> bool:
    return component.provenance is Provenance.HOUSE


def items(components: Iterable[Component], front: Callable[[Component], Face],
          back: Callable[[Component], Face | None] | Face | None) -> tuple[Item, ...]:
    """One item per copy of every component, in data order."""
    out: list[Item] = []
    for comp in components:
        face = front(comp)
        back_face = back(comp) if callable(back) else back
        out.extend(Item(face, back_face, comp.id) for _ in range(comp.copies))
    return tuple(out)


def group(components: Sequence[Component], *names: str) -> list[Component]:
    return [c for c in components if c.group in names]
