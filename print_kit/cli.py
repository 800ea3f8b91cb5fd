"""`companion print GAME|all --out DIR [...]`: the print kit from the command line.

Imports neither streamlit nor pandas. Bad choices raise UsageError (exit 2, one line naming the
valid choices); progress goes to stderr, one line per file written."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from companion.core.text import counted, number
from print_kit.layout.geometry import CARD_SIZES, PAPERS
from print_kit.options import FLIPS, LABYSTERE_SEED, LAYOUTS, make_options


def register(subparsers: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = subparsers.add_parser("print", help="le kit d'impression (PDF) d'un jeu, de tous, ou "
                              "de votre propre paquet (deck FICHIER)")
    p.add_argument("game", metavar="GAME", help="un jeu (noe, emblemes, labystere, camelot, "
                   "elsen), all, ou deck suivi de votre fichier de cartes")
    p.add_argument("file", metavar="FICHIER", nargs="?", type=Path, default=None,
                   help="deck : votre paquet, une carte par ligne (CSV, XLSX ou YAML)")
    p.add_argument("--out", type=Path, help="dossier de sortie")
    p.add_argument("--png", action="store_true",
                   help="écrit aussi chaque page en PNG (150 ppp) dans DOSSIER/png")
    p.add_argument("--title", default=None, help="deck : le titre du paquet (défaut : celui "
                   "du fichier YAML, sinon le nom du fichier)")
    p.add_argument("--check", action="store_true",
                   help="deck : vérifie le fichier et le rendu sans rien écrire")
    p.add_argument("--template", type=Path, default=None, metavar="FICHIER",
                   help="deck : écrit le modèle de paquet (.csv, .xlsx ou .yaml) à remplir")
    p.add_argument("--paper", default="a4", help=f"{' | '.join(PAPERS)} (défaut a4)")
    p.add_argument("--card-size", default="poker",
                   help=f"{' | '.join(CARD_SIZES)} ou LxH en mm, par exemple 63x88 "
                        "(défaut poker)")
    p.add_argument("--bleed", default=3.0, type=float, help="fond perdu en mm (défaut 3)")
    p.add_argument("--layout", default="duplex", help=f"{' | '.join(LAYOUTS)} (défaut duplex)")
    p.add_argument("--flip", default="long", help=f"{' | '.join(FLIPS)} (défaut long)")
    p.add_argument("--low-ink", action="store_true", help="fonds blancs, contours")
    p.add_argument("--url", default=None,
                   help="adresse de l'assistant pour les QR codes (défaut "
                        "$COMPANION_PUBLIC_URL ou http://localhost:8501)")
    p.add_argument("--level", type=int, default=None, help="Noé : niveau 1, 2 ou 3")
    p.add_argument("--players", type=int, default=None, help="ELSEN : nombre de joueurs")
    p.add_argument("--calibration", default=None, metavar="DX,DY,SCALE",
                   help="correction du verso : décalage en mm et échelle")
    p.add_argument("--seed", type=int, default=LABYSTERE_SEED,
                   help="Labystère : graine du plan de mise en place (défaut 1)")
    p.add_argument("--only", nargs="+", metavar="ID", default=None,
                   help="n'imprimer que ces cartes (une carte perdue, une feuille de "
                        "remplacement) : un exemplaire par ID, ou ID=N ; liste des ID : "
                        "companion cards JEU")
    p.add_argument("--art", type=Path, default=None, metavar="DOSSIER",
                   help="vos images : un fichier SVG ou PNG par carte, nommé d'après son ID "
                        "(par exemple vert-1.svg)")
    p.add_argument("--card-png", type=int, nargs="?", const=300, default=None, metavar="DPI",
                   help="une image PNG par carte, jeton et plateau (recto et verso, avec "
                        "fond perdu), nommée d'après son ID, dans un zip : 300 ppp, ou 600")
    p.add_argument("--service", default=None, metavar="SERVICE",
                   help="pour un imprimeur en ligne, dans un zip : mpc (MakePlayingCards, "
                        "images), tgc (The Game Crafter, images), dtc (DriveThruCards, "
                        "un PDF CMJN par paquet) ou tts (Tabletop Simulator : planches et "
                        "objet sauvegardé, dans DOSSIER/tts)")
    p.add_argument("--tts-url", default=None, metavar="URL",
                   help="--service tts : l'adresse https:// où vous hébergerez les images des "
                        "planches (les objets les y chercheront, pour tous les joueurs) ; sans "
                        "elle, seule la table de cet ordinateur voit les cartes")
    p.set_defaults(handler=cmd_print)


def cmd_print(args: argparse.Namespace) -> int:
    from companion.core.errors import UsageError

    if args.game == "deck":
        from print_kit.decks.deckcli import cmd_deck

        return cmd_deck(args)
    if args.file is not None:
        raise UsageError(f"argument en trop « {args.file} » : un fichier ne se donne qu'avec "
                         "« companion print deck FICHIER »")
    if args.out is None:
        raise UsageError("--out DOSSIER est obligatoire : où écrire le kit")
    # Imported here: `companion --help` stays fast and light.
    from print_kit.build import build_kit, prepare_out_dir, write_kit

    if args.card_png is not None or args.service is not None or args.tts_url is not None:
        from print_kit.exports.export import check_choices

        check_choices(args.card_png, args.service, args.tts_url)  # before anything is built
    options = make_options(args.game, paper=args.paper, card_size=args.card_size,
                           bleed=args.bleed, layout=args.layout, flip=args.flip,
                           low_ink=args.low_ink, url=args.url, level=args.level,
                           players=args.players, calibration=args.calibration, seed=args.seed,
                           only=args.only, art_dir=args.art)

    prepare_out_dir(args.out)

    def progress(index: int, total: int, name: str) -> None:
        print(f"[{index}/{total}] {name}", file=sys.stderr, flush=True)

    kit = build_kit(options, progress)
    paths = write_kit(kit, args.out)
    if args.card_png is not None or args.service is not None:
        from print_kit.build import kit_files
        from print_kit.exports.export import export_zips, write_zips

        zips = export_zips(kit_files(options), options.card_mm, options.bleed, options.low_ink,
                           args.card_png, args.service, out_dir=args.out,
                           tts_url=args.tts_url)
        write_zips(zips, args.out, args.tts_url)
    if args.png:
        from print_kit.decks.deckcli import write_png

        write_png(kit, args.out)
    pages = sum(f.pages for f in kit.files)
    size = sum(len(f.data) for f in kit.files)
    print(f"{counted(len(kit.files), 'fichier PDF', 'fichiers PDF')}, {counted(pages, 'page')}, "
          f"{number(size / 1e6, 2)} Mo → {args.out} "
          f"(manifeste : {paths[-1].name})", file=sys.stderr)
    return 0
