"""`companion host CODE [--co-host] [--url URL]`: a host (or co-host) link for a game, printed on
the server's own terminal. Whoever runs it can already read the database, so it grants nothing
new; it is how the machine's owner takes back a game whose host links were all lost, or one
created before rights existed (registre TAB-1). Exit 2 and one line for an unknown code."""

from __future__ import annotations

import argparse
from typing import Any
from urllib.parse import urlencode

from companion.access import COHOST, HOST, Access
from companion.store import EventStore, UnknownGame, default_location, normalize_code

DEFAULT_URL = "http://localhost:8501"


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


def register(subparsers: Any) -> None:
    host = subparsers.add_parser(
        "host", help="un lien d'hôte pour une partie (à ouvrir sur l'appareil qui la mène)")
    host.add_argument("code", metavar="CODE", help="le code de la partie (6 lettres ou chiffres)")
    host.add_argument("--co-host", action="store_true", help="un lien de co-hôte")
    host.add_argument("--url", default=DEFAULT_URL,
                      help=f"adresse de l'application (défaut : {DEFAULT_URL})")
    host.set_defaults(handler=cmd_host)
