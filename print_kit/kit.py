"""What a game's print kit is made of: files, each of decks (grids of cards or tokens) and free
pages (die net, ladders, setup map). Each game module builds its files from its data."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace

from reportlab.pdfgen.canvas import Canvas

from companion.core.model import Component
from print_kit.draw.faces import Face
from print_kit.draw.painter import Painter
from print_kit.layout.sheets import Deck, Item

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
class Board:
    """A component a free page draws among others (a mission ladder...), also drawn alone at
    its own size for the image export: `draw(canvas, painter, w, h)` in (0, 0)-(w, h) points."""

    component: str
    size: tuple[float, float]  # mm, without bleed
    draw: Callable[[Canvas, Painter, float, float], None]
    copies: int = 1


@dataclass(frozen=True)
class PrintFile:
    stem: str  # file name without .pdf, e.g. « noe-personnages »
    game: str
    title: str
    decks: tuple[Deck, ...] = ()
    pages: tuple[FreePage, ...] = ()
    groups: tuple[str, ...] = ()  # data groups whose every copy this file prints
    boards: tuple[Board, ...] = ()  # the boards its pages draw, one by one (image export)


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


def select(pf: PrintFile, only: dict[str, int]) -> PrintFile | None:
    """The file cut down to the asked components, `only[id]` copies each (`--only`); None when
    it prints none of them. A free page comes whole when it prints one of them."""
    decks = []
    for deck in pf.decks:
        chosen: list[Item] = []
        for cid, copies in only.items():
            first = next((it for it in deck.items if it.component == cid), None)
            if first is not None:
                chosen += [first] * copies
        if chosen:
            decks.append(replace(deck, items=tuple(chosen)))
    pages = tuple(p for p in pf.pages if any(cid in only for cid, _ in p.components))
    if not decks and not pages:
        return None
    boards = tuple(b for b in pf.boards if b.component in only)
    return replace(pf, decks=tuple(decks), pages=pages, groups=(), boards=boards)


def with_user_art(pf: PrintFile, arts: dict[str, str]) -> PrintFile:
    """The user's picture (`--art DIR`) on the front of every component that has one (and on
    both sides of a token, whose back is its front)."""
    if not arts:
        return pf

    def swap(face: Face | None, cid: str) -> Face | None:
        if face is None or cid not in arts:
            return face
        return replace(face, art=arts[cid], key=f"{face.key}@{arts[cid]}")

    decks = tuple(replace(deck, items=tuple(
        Item(swap(it.front, it.component) or it.front,
             swap(it.back, it.component) if it.back is it.front else it.back, it.component)
        for it in deck.items)) for deck in pf.decks)
    return replace(pf, decks=decks)
