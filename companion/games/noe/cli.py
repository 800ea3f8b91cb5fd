"""`companion noe hand` and `companion noe control`: the hand and control checks at the command
line. Errors (unknown card, wrong count, duplicate...) end in exit 2 and one line
(companion.cli.base)."""

from __future__ import annotations

import argparse
from typing import Any

from companion.cli.base import OneLineParser, emit
from companion.games.noe import refs
from companion.games.noe.cards import deck
from companion.games.noe.control import check_control
from companion.games.noe.hand import analyse
from companion.games.noe.inplay import Gone


def register(subparsers: Any) -> None:
    noe = subparsers.add_parser("noe", help="Noé, Complot à l'Élysée : main et contrôle")
    sub = noe.add_subparsers(dest="noe_command", metavar="{hand,control}", required=True,
                             parser_class=OneLineParser)

    hand = sub.add_parser("hand", help="les annonces que permet une main de 6 cartes")
    hand.add_argument("cards", nargs="+", metavar="CARD", help="id de `companion cards noe`")
    hand.add_argument("--level", type=int, default=3, help="niveau de jeu (1, 2 ou 3 ; 3 par "
                      "défaut)")
    hand.add_argument("--gone", action="append", default=[], metavar="CARD", help=GONE_HELP)
    hand.add_argument("--json", action="store_true")
    hand.set_defaults(handler=cmd_hand)

    control = sub.add_parser("control", help="un contrôle (1 Enquêteur) ou une descente (3) "
                             "est-il permis face à une carte État-Major ?")
    control.add_argument("--by", action="append", required=True, metavar="CARD",
                         help="carte Enquêteur de l'attaquant (3 fois pour une descente)")
    control.add_argument("--against", metavar="CARD",
                         help="carte État-Major montrée par le joueur visé (sans : il ne montre "
                         "rien)")
    control.add_argument("--gone", action="append", default=[], metavar="CARD", help=GONE_HELP)
    control.add_argument("--json", action="store_true")
    control.set_defaults(handler=cmd_control)


GONE_HELP = ("carte sortie du jeu dans la manche (posée dans une annonce, ayant servi à une "
             "action, tuée) ; répétable (registre NOE-14)")


def _gone(args: argparse.Namespace) -> dict[str, Gone]:
    """The cards the user says have left play in the manche."""
    return {deck().card(card).id: Gone("est sortie du jeu dans cette manche (--gone)",
                                       refs.register(14)) for card in args.gone}


def cmd_hand(args: argparse.Namespace) -> int:
    result = analyse(args.cards, args.level, _gone(args))
    if args.json:
        emit(result.as_json())
        return 0
    if not result.announcements:
        print("Aucune annonce possible avec cette main.")
        return 0
    for found in result.announcements:
        wait = " (à annoncer au tour suivant)" if found.wait_next_turn else ""
        print(f"{found.name} — {found.points} points{wait}")
        for group in found.groups:
            print(f"  {group.describe()}")
    assert result.best is not None
    print(f"Meilleure annonce : {result.best.name} ({result.best.points} points)")
    return 0


def cmd_control(args: argparse.Namespace) -> int:
    verdict = check_control(args.by, args.against, _gone(args))
    if args.json:
        emit(verdict.as_json())
        return 0
    print(("Permis" if verdict.allowed else "Impossible") + f" : {verdict.reason}")
    print(f"Règle : {verdict.rule}")
    return 0
