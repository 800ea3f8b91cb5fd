"""`companion print deck FICHIER --out DOSSIER` (and `--check`, `--template FICHIER`): an
author's deck printed with the print kit's options (paper, card size, bleed, duplex or
gutterfold and flip, low ink, calibration, `--only`, `--art`, page PNGs with `--png`, card
images with `--card-png` and `--service`). Three commands from an empty folder:

    companion print deck --template mon-jeu.csv      # the template, to fill in a spreadsheet
    companion print deck mon-jeu.csv --check         # every problem, row and column named
    companion print deck mon-jeu.csv --out impression
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from companion.core.errors import UsageError
from companion.core.text import counted, number
from print_kit.build import Kit, prepare_out_dir, write_atomic, write_kit
from print_kit.decks.deckfile import read_deck
from print_kit.decks.deckprint import deck_images, deck_kit, png_pages, template
from print_kit.draw.icons import listing
from print_kit.options import LABYSTERE_SEED, make_options


def cmd_deck(args: argparse.Namespace) -> int:
    if args.template is not None:
        return _write_template(args.template)
    if args.file is None:
        raise UsageError("companion print deck FICHIER : votre paquet (CSV, XLSX ou YAML), ou "
                         "--template FICHIER pour écrire le modèle")
    if args.out is None and not args.check:
        raise UsageError("--out DOSSIER est obligatoire (ou --check pour seulement vérifier)")
    _refuse_game_options(args)
    images = args.card_png is not None or args.service is not None
    if images or args.tts_url is not None:
        from print_kit.exports.export import check_choices

        check_choices(args.card_png, args.service, args.tts_url)
    deck = read_deck(args.file, args.title)
    options = make_options("all", paper=args.paper, card_size=args.card_size, bleed=args.bleed,
                           layout=args.layout, flip=args.flip, low_ink=args.low_ink,
                           calibration=args.calibration, art_dir=args.art)
    kit = deck_kit(deck, options, only=args.only)
    built = kit.files[0]
    different = counted(len(deck.cards), "carte différente", "cartes différentes")
    summary = (f"« {deck.title} » : {different}, {built.cards} à imprimer, "
               f"{counted(built.pages, 'page')}")
    if args.check:
        print(f"{summary} ; aucun problème trouvé (rien n'a été écrit)", file=sys.stderr)
        return 0
    zips = deck_images(deck, options, args.only, args.card_png, args.service,
                       args.out, args.tts_url) if images else {}
    prepare_out_dir(args.out)
    paths = write_kit(kit, args.out)
    if zips:
        from print_kit.exports.export import write_zips

        write_zips(zips, args.out, args.tts_url)
    if args.png:
        write_png(kit, args.out)
    print(f"{summary}, {number(len(built.data) / 1e6, 2)} Mo → {paths[0]} (manifeste : "
          f"{paths[-1].name})", file=sys.stderr)
    return 0


def _refuse_game_options(args: argparse.Namespace) -> None:
    """Options of the five games' kits that mean nothing for an author's deck: said, not
    silently ignored."""
    given = [name for name, value in (("--level", args.level), ("--players", args.players),
                                      ("--url", args.url),
                                      ("--seed", None if args.seed == LABYSTERE_SEED
                                       else args.seed))
             if value is not None]
    if given:
        raise UsageError(f"{', '.join(given)} : option des jeux fournis, sans effet sur un "
                         "paquet (companion print deck)")


def write_png(kit: Kit, out: Path) -> None:
    folder = out / "png"
    try:
        folder.mkdir(exist_ok=True)
    except OSError as exc:
        raise UsageError(f"{folder} : dossier impossible à créer ({exc.strerror})") from None
    count = 0
    for built in kit.files:
        for name, data in png_pages(built):
            write_atomic(folder / name, data)
            count += 1
    print(f"{count} pages en PNG → {folder}", file=sys.stderr)


def _write_template(path: Path) -> int:
    kind = path.suffix.lower().lstrip(".")
    data = template(kind)
    if path.exists():
        raise UsageError(f"{path} existe déjà : choisissez un autre nom (rien n'a été écrasé)")
    try:
        write_atomic(path, data)
    except OSError as exc:
        raise UsageError(f"{path} : écriture impossible ({exc.strerror})") from None
    print(f"modèle écrit : {path} — une ligne par carte ; puis « companion print deck {path} "
          f"--check » ; icônes dans le texte : {listing()}", file=sys.stderr)
    return 0
