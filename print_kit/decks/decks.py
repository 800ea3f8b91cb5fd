"""Any deck, without game code: a list of cards with a name, copies, category, colour, value,
text, back and picture becomes a `PrintFile`, printed by the same machinery as the five games
(sizes, bleed, crop marks, duplex, gutterfold, low ink, `--only`, PNG export, preflight,
manifest). An author's spreadsheet only has to be read into `CardSpec`s.

    cards = [CardSpec("dragon", "Dragon", copies=2, category="Monstre", colour="rouge",
                      value="7", text="Brûle une carte.", back="Monstres",
                      art="openmoji:1F409")]
    kit = build_deck_kit("mon-jeu", "Mon jeu", cards, make_options("all", layout="gutterfold"))
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from companion.core.errors import UsageError
from print_kit.draw.faces import Face, colour_of
from print_kit.draw.textfit import PreflightError
from print_kit.kit import PrintFile
from print_kit.layout.sheets import Deck, Item
from print_kit.options import PrintOptions, parse_only


@dataclass(frozen=True)
class CardSpec:
    """One card of an author's deck. `back` names the back: cards with the same back label
    share one back face (drawn once); `art` is « openmoji:CODE », a path to an SVG or PNG, or
    empty (no picture)."""

    id: str
    name: str
    copies: int = 1
    category: str = ""
    colour: str = "ardoise"  # a palette name (print_kit.draw.faces.PALETTE) or « #RRGGBB »
    value: str = ""
    text: str = ""
    back: str = ""
    art: str = ""
    back_colour: str = "marine"
    back_art: str = ""


def art_ref(art: str) -> str | None:
    """« openmoji:CODE » as is, a file path as « file:/absolute/path », empty as None."""
    if not art:
        return None
    if art.startswith(("openmoji:", "file:")):
        return art
    return f"file:{Path(art).resolve()}"


def card_face(game: str, spec: CardSpec, footer: str = "") -> Face:
    return Face(f"{game}:{spec.id}", spec.name, spec.colour, corner=spec.value,
                subtitle=spec.category, art=art_ref(spec.art), text=spec.text, footer=footer,
                rich=True)


def back_face(game: str, spec: CardSpec, footer: str = "") -> Face:
    label = spec.back or footer or game
    return Face(f"{game}:dos:{label}:{spec.back_colour}:{spec.back_art}", footer or label,
                spec.back_colour, style="back", subtitle=spec.back or "",
                art=art_ref(spec.back_art) or "openmoji:1F0CF")


def check_specs(cards: Sequence[CardSpec]) -> None:
    """One clear French line for what would otherwise fail deep in the drawing."""
    seen: set[str] = set()
    for spec in cards:
        if not spec.id or not spec.name:
            raise UsageError("chaque carte doit avoir un identifiant et un nom")
        if spec.id in seen:
            raise UsageError(f"identifiant de carte en double : « {spec.id} »")
        seen.add(spec.id)
        if not 0 <= spec.copies <= 999:
            raise UsageError(f"carte « {spec.id} » : nombre d'exemplaires entre 0 et 999")
        for colour in (spec.colour, spec.back_colour):
            try:
                colour_of(colour)
            except PreflightError as exc:
                raise UsageError(f"carte « {spec.id} » : {exc}") from None


def deck_file(game: str, title: str, cards: Sequence[CardSpec], *, stem: str = "",
              secret: bool = False, footer: str = "",
              size: tuple[float, float] | None = None) -> PrintFile:
    """One PDF of the whole deck, each card `copies` times, in the given order. `secret`
    holds it to one common back and one edge (preflight, docs/print-kit.md PRINT-10)."""
    check_specs(cards)
    items = tuple(Item(card_face(game, spec, footer), back_face(game, spec, footer), spec.id)
                  for spec in cards for _ in range(spec.copies))
    return PrintFile(stem or f"{game}-cartes", game, title,
                     (Deck(title, items, size=size, secret=secret),))


def deck_print_file(game: str, title: str, cards: Sequence[CardSpec], options: PrintOptions,
                    *, only: Sequence[str] | None = None, secret: bool = False,
                    footer: str = "") -> tuple[PrintFile, PrintOptions]:
    """The deck's file with `only` (ids of this deck, « ID=N » for N copies) and the options'
    `art_dir` applied, and the options with `only` resolved: what the PDF and the image export
    (`print_kit.exports.export`) are made from."""
    from print_kit.credits import credits_page
    from print_kit.draw.art import user_art
    from print_kit.kit import select, with_user_art

    pf = deck_file(game, title, cards, secret=secret, footer=footer or title)
    chosen_ids = parse_only(only, {c.id: c.copies for c in cards}) if only else ()
    options = replace(options, only=chosen_ids)
    if chosen_ids:
        chosen = select(pf, dict(chosen_ids))
        if chosen is None:
            raise UsageError("--only : aucune de ces cartes n'est dans le paquet")
        pf = chosen
    pf = with_user_art(pf, user_art(options.art_dir, {c.id for c in cards}))
    openmoji = any((face.art or "").startswith("openmoji:") for deck in pf.decks
                   for item in deck.items for face in (item.front, item.back) if face)
    if openmoji and not chosen_ids:  # a replacement sheet has no credits, as for the games
        pf = replace(pf, pages=(*pf.pages, credits_page(games=False)))
    return pf, options


def build_deck_kit(game: str, title: str, cards: Sequence[CardSpec], options: PrintOptions,
                   *, only: Sequence[str] | None = None, secret: bool = False,
                   footer: str = ""):  # noqa: ANN201 - a build.Kit
    """The deck as a kit (one PDF and its manifest), with `only` and the options' `art_dir`
    applied (`deck_print_file`). The options' games are not used."""
    from print_kit.build import Kit, build_file

    pf, options = deck_print_file(game, title, cards, options, only=only, secret=secret,
                                  footer=footer)
    return Kit(options, (build_file(pf, options),))
