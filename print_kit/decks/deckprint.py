"""An author's deck file printed as a kit: `read_deck` (print_kit/decks/deckfile.py) then the
generic deck machinery (print_kit/decks/decks.py), with the preflight's findings placed back on
the file's row and column. Also the PNG export of any built kit."""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path

from companion.core.errors import UsageError
from print_kit.build import BuiltFile, Kit
from print_kit.decks.deckfile import LABELS, DeckFile, DeckFileError, slug
from print_kit.decks.decks import build_deck_kit
from print_kit.draw.fonts import BOLD, REGULAR, register
from print_kit.draw.textfit import PreflightError, check_glyphs, french
from print_kit.options import PrintOptions

# what the drawing calls each text (faces.py `where`) -> the deck file's column
PARTS = {"nom": "name", "sous-titre": "category", "index": "value", "effet": "text"}
FIELDS = {"name": "name", "category": "category", "value": "value", "text": "text",
          "back": "back"}
TEMPLATES = Path(__file__).resolve().parent / "deck_examples"


def deck_game(deck: DeckFile) -> str:
    return slug(deck.title) or "paquet"


def preflight_glyphs(deck: DeckFile) -> None:
    """Every character of every card's texts exists in the embedded fonts, else the row and the
    column that hold it (one problem per card and column)."""
    register()
    problems = []
    for card in deck.cards:
        for field, column in FIELDS.items():
            text = getattr(card, field)
            for font in (REGULAR, BOLD):
                try:
                    check_glyphs(french(text), font, "")
                except PreflightError as exc:
                    missing = str(exc).split(":", 2)[-1].strip()
                    problems.append(f"{deck.where[card.id]}, {LABELS[column]} : caractère "
                                    f"impossible à imprimer (absent de la police) : {missing}")
                    break
    if problems:
        raise DeckFileError(problems)


def locate(message: str, deck: DeckFile, game: str) -> str:
    """A preflight message about « game:card-id › part » said with the file's row and column."""
    match = re.search(rf"{re.escape(game)}:([^ ›]+) › ([^:]+?) :", message)
    if match and match.group(1) in deck.where:
        column = PARTS.get(match.group(2).strip())
        label = f", {LABELS[column]}" if column else ""
        detail = message[match.end():].strip()
        return f"{deck.where[match.group(1)]}{label} : {detail}"
    return message


def deck_kit(deck: DeckFile, options: PrintOptions, only: Sequence[str] | None = None) -> Kit:
    """The deck's PDF and manifest (sizes, bleed, marks, duplex or gutterfold, low ink, `only`,
    the options' `art_dir`), after the deck's own preflight."""
    game = deck_game(deck)
    preflight_glyphs(deck)
    try:
        kit: Kit = build_deck_kit(game, deck.title, deck.cards, options, only=only)
    except PreflightError as exc:
        raise UsageError(locate(str(exc), deck, game)) from None
    expected = {c.id: c.copies for c in deck.cards if c.copies}
    printed = kit.files[0].components
    if not only and printed != expected:  # counts: what the pages hold is what the file asks
        raise UsageError(f"{deck.title} : exemplaires imprimés {printed} ≠ demandés {expected}")
    return kit


def deck_images(deck: DeckFile, options: PrintOptions, only: Sequence[str] | None,
                dpi: int | None, service: str | None,
                out_dir: Path | None = None, tts_url: str | None = None) -> dict[str, bytes]:
    """The deck's card images as zips (`--card-png`, `--service`): {file name: zip bytes},
    the same faces as its PDF (`print_kit.exports.export`)."""
    from print_kit.decks.decks import deck_print_file
    from print_kit.exports.export import export_zips

    pf, options = deck_print_file(deck_game(deck), deck.title, deck.cards, options, only=only)
    return export_zips([pf], options.card_mm, options.bleed, options.low_ink, dpi, service,
                       out_dir=out_dir, tts_url=tts_url)


def png_pages(built: BuiltFile, dpi: int = 150) -> list[tuple[str, bytes]]:
    """Every page of a built PDF as PNG: (file name, bytes)."""
    from print_kit.exports.render import render_png

    stem = built.name.removesuffix(".pdf")
    return [(f"{stem}-page-{i + 1:02d}.png", render_png(built.data, i, dpi))
            for i in range(built.pages)]


def template(kind: str) -> bytes:
    """The shipped template, as CSV, YAML or XLSX bytes."""
    if kind in ("csv", "yaml", "yml"):
        return (TEMPLATES / f"modele.{'yaml' if kind == 'yml' else kind}").read_bytes()
    if kind == "xlsx":
        return _xlsx_template()
    raise UsageError(f"modèle : format inconnu « {kind} » ; formats : csv, xlsx, yaml")


def _xlsx_template() -> bytes:
    """The CSV template as a workbook (sheet « cartes »); needs openpyxl."""
    import csv
    import io

    try:
        import openpyxl
    except ModuleNotFoundError:
        raise UsageError("un modèle XLSX demande le module openpyxl (l'extra [xlsx] : pip "
                         "install '.[xlsx]' depuis le dossier du Compagnon de table) ; le "
                         "modèle CSV s'ouvre aussi dans un tableur") from None
    book = openpyxl.Workbook()
    sheet = book.active
    sheet.title = "cartes"
    text = (TEMPLATES / "modele.csv").read_text(encoding="utf-8")
    for row in csv.reader(io.StringIO(text), delimiter=";"):
        sheet.append([int(v) if v.lstrip("-").isdigit() else v for v in row])
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()
