"""`companion labystere setup --seed N [--json] [--reveal]`: the grid to lay out for a seed."""

from __future__ import annotations

import argparse
import secrets
from typing import Any

from companion.cli import OneLineParser, emit
from companion.games.labystere.mapview import text_map
from companion.games.labystere.setup import SEED_MAX, generate


def cmd_setup(args: argparse.Namespace) -> int:
    seed = args.seed if args.seed is not None else secrets.randbelow(1_000_000)
    layout = generate(seed)
    if args.json:
        emit(layout.as_json())
    else:
        print(text_map(layout, reveal=args.reveal))
    return 0


def register(subparsers: Any) -> None:
    game = subparsers.add_parser("labystere", help="Labystère : plan de mise en place")
    sub = game.add_subparsers(dest="labystere_command", metavar="{setup}", required=True,
                              parser_class=OneLineParser)
    setup = sub.add_parser("setup", help="la grille 5x5 à poser, tirée d'une graine")
    setup.add_argument("--seed", type=int, help=f"graine de 0 à {SEED_MAX} (au hasard sinon)")
    setup.add_argument("--json", action="store_true",
                       help="la grille en JSON (5 lignes de 5 cases : action, path)")
    setup.add_argument("--reveal", action="store_true",
                       help="plan texte : montrer aussi les cartes cachées et le coupable")
    setup.set_defaults(handler=cmd_setup)
