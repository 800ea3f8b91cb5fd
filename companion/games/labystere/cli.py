"""`companion labystere setup --seed N [--json] [--reveal]`: the grid to lay out for a seed;
`companion labystere board LOG.json [--json]`: the board of a game (rules version 2), its pawns
and whose turn, from an exported log (face-up facts only)."""

from __future__ import annotations

import argparse
import secrets
from typing import Any

from companion.cli.base import OneLineParser, emit, read_input
from companion.core.engine import InvalidEvent
from companion.core.errors import UsageError
from companion.games.labystere.mapview import text_board, text_map
from companion.games.labystere.setup import SEED_MAX, generate


def cmd_setup(args: argparse.Namespace) -> int:
    seed = args.seed if args.seed is not None else secrets.randbelow(1_000_000)
    layout = generate(seed)
    if args.json:
        emit(layout.as_json())
    else:
        print(text_map(layout, reveal=args.reveal))
    return 0


def cmd_board(args: argparse.Namespace) -> int:
    from companion.events.store import check_log, parse_envelope

    envelope = parse_envelope(read_input(args.log), expected_game="labystere")
    try:
        _, state = check_log("labystere", envelope["setup"], envelope["events"])
    except InvalidEvent as exc:
        raise UsageError(f"journal invalide : {exc}") from None
    summary = state.summary()
    if "board" not in summary:
        raise UsageError("ce journal suit les règles version 1 : il n'a pas de plateau")
    if args.json:
        emit({"board": summary["board"], "players": summary["players"],
              "current": summary["current"], "phase": summary["phase"],
              "moves": summary["moves"]})
    else:
        print(text_board(summary))
    return 0


def register(subparsers: Any) -> None:
    game = subparsers.add_parser("labystere", help="Labystère : plan de mise en place, plateau")
    sub = game.add_subparsers(dest="labystere_command", metavar="{setup,board}", required=True,
                              parser_class=OneLineParser)
    setup = sub.add_parser("setup", help="la grille 5x5 à poser, tirée d'une graine")
    setup.add_argument("--seed", type=int, help=f"graine de 0 à {SEED_MAX} (au hasard sinon)")
    setup.add_argument("--json", action="store_true",
                       help="la grille en JSON (5 lignes de 5 cases : action, path)")
    setup.add_argument("--reveal", action="store_true",
                       help="plan texte : montrer aussi les cartes cachées et le coupable")
    setup.set_defaults(handler=cmd_setup)
    board = sub.add_parser("board", help="le plateau d'une partie (pions, au tour de qui, "
                                         "cases possibles) d'après son journal exporté")
    board.add_argument("log", metavar="LOG.json", help="journal exporté ; - : entrée standard")
    board.add_argument("--json", action="store_true", help="le plateau en JSON")
    board.set_defaults(handler=cmd_board)
