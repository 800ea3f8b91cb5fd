"""`companion host CODE [--co-host] [--url URL]`: a host (or co-host) link for a game, printed on
the server's own terminal. Whoever runs it can already read the database, so it grants nothing
new; it is how the machine's owner takes back a game whose host links were all lost, or one
created before rights existed (registre TAB-1). Exit 2 and one line for an unknown code.

`companion organisateur [--url URL]`: a new organiser link (registre TAB-8), every older one
revoked: how the server's organiser recovers a lost link (the first one is printed once by
the app on this terminal)."""

from __future__ import annotations

import argparse
import sys
from typing import Any
from urllib.parse import urlencode

from companion.events.store import EventStore, UnknownGame, default_location, normalize_code
from companion.hosting.access import COHOST, HOST, Access

ORGANISER_PARAM = "organisateur"  # the same as tableapp/device/ownership.py reads

DEFAULT_URL = "http://localhost:8501"


def organiser_link(base_url: str, token: str) -> str:
    """The link that makes a device the organiser (here, and at the app's start)."""
    return f"{base_url.rstrip('/')}/?{urlencode({ORGANISER_PARAM: token})}"


def cmd_host(args: argparse.Namespace) -> int:
    code = normalize_code(args.code)
    store = EventStore(default_location())
    game = store.game_of(code)
    if game is None:
        raise UnknownGame(code)
    role = COHOST if args.co_host else HOST
    token, _grant = Access(store.path).issue(code, role, label="donné en ligne de commande")
    print(f"{args.url.rstrip('/')}/{game}?{urlencode({'code': code, 'host': token})}")
    return 0


def cmd_organiser(args: argparse.Namespace) -> int:
    """A new organiser token (every older organiser link stops working), as a link."""
    store = EventStore(default_location())
    token = Access(store.path).new_organiser()
    print(organiser_link(args.url, token))
    print("Ouvrez ce lien sur l'appareil de l'organisateur : il pourra modifier tous les "
          "joueurs et toutes les soirées. L'ancien lien ne marche plus.", file=sys.stderr)
    return 0


def register(subparsers: Any) -> None:
    host = subparsers.add_parser(
        "host", help="un lien d'hôte pour une partie (à ouvrir sur l'appareil qui la mène)")
    host.add_argument("code", metavar="CODE", help="le code de la partie (6 lettres ou chiffres)")
    host.add_argument("--co-host", action="store_true", help="un lien de co-hôte")
    host.add_argument("--url", default=DEFAULT_URL,
                      help=f"adresse de l'application (défaut : {DEFAULT_URL})")
    host.set_defaults(handler=cmd_host)
    organiser = subparsers.add_parser(
        "organisateur", help="un nouveau lien d'organisateur (l'ancien ne marche plus)")
    organiser.add_argument("--url", default=DEFAULT_URL,
                           help=f"adresse de l'application (défaut : {DEFAULT_URL})")
    organiser.set_defaults(handler=cmd_organiser)
