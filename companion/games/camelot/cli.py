"""`companion camelot ...`:
- `simulate --players N --seed S [--json] [--log FILE]`: one random legal game in simulation
  mode, every invariant checked after every event; prints the result, optionally writes the
  log (replayable with `companion replay FILE`);
- `check LOG.json EVENT`: would this event (JSON) be legal after that log? Prints what it would
  do, or exits 2 with the reason and the rule reference."""

from __future__ import annotations

import argparse
import json
import secrets
from pathlib import Path
from typing import Any

from companion.cli.base import OneLineParser, emit, read_input
from companion.core import safejson
from companion.core.engine import InvalidEvent
from companion.core.errors import UsageError
from companion.core.text import counted
from companion.events.store import check_log, parse_envelope
from companion.games.camelot.cards import catalogue
from companion.games.camelot.engine import CamelotState
from companion.games.camelot.invariants import check
from companion.games.camelot.simulate import playout


def cmd_simulate(args: argparse.Namespace) -> int:
    cat = catalogue()
    if not cat.min_players <= args.players <= cat.max_players:
        raise UsageError(f"Camelot se joue de {cat.min_players} à {cat.max_players} joueurs "
                         f"(reçu {args.players})")
    seed = args.seed if args.seed is not None else secrets.randbelow(2**32)
    game = playout(args.players, seed, check=check)
    result = {"seed": seed, **game.result()}
    if args.log:
        log = {"format": "compagnon-log", "version": 1, "game": "camelot",
               "title": f"simulation {seed}", "setup": game.setup, "events": game.events}
        try:
            Path(args.log).write_text(json.dumps(log, ensure_ascii=False), encoding="utf-8")
        except OSError as exc:
            raise UsageError(f"impossible d'écrire {args.log} : {exc.strerror or exc}") from None
    if args.json:
        emit(result)
        return 0
    print(f"graine {seed} : {counted(result['tournaments'], 'tournoi')}, "
          f"{counted(result['events'], 'événement')}")
    for name, tokens in result["tokens"].items():
        print(f"  {name:<10} {counted(len(tokens), 'jeton')} : {', '.join(tokens) or '—'}")
    print(f"vainqueur : {result['winner']}")
    return 0


def _read_json(text: str, what: str) -> Any:
    return safejson.loads(text, what)  # deep, huge, NaN: one line (issue 12)


def cmd_check(args: argparse.Namespace) -> int:
    log = parse_envelope(read_input(args.log), expected_game="camelot")
    try:
        _entries, state = check_log("camelot", log["setup"], log["events"])
    except InvalidEvent as exc:
        raise UsageError(f"le journal ne se rejoue pas : {exc}") from None
    event = _read_json(args.event, "événement")
    if not isinstance(event, dict):
        raise UsageError("l'événement est un objet JSON avec « type »")
    assert isinstance(state, CamelotState)
    print(f"permis : {state.preview(event)}")  # RuleError -> exit 2 with reason [rule]
    return 0


def register(subparsers: Any) -> None:
    game = subparsers.add_parser("camelot", help="Camelot : simulation et vérification d'un coup")
    sub = game.add_subparsers(dest="camelot_command", metavar="{simulate,check}", required=True,
                              parser_class=OneLineParser)
    sim = sub.add_parser("simulate", help="une partie aléatoire légale, invariants vérifiés")
    sim.add_argument("--players", type=int, default=3, help="2 à 5 joueurs (3 par défaut)")
    sim.add_argument("--seed", type=int, help="graine (au hasard sinon)")
    sim.add_argument("--json", action="store_true", help="le résultat en JSON")
    sim.add_argument("--log", metavar="FICHIER", help="écrire aussi le journal de la partie")
    sim.set_defaults(handler=cmd_simulate)
    chk = sub.add_parser("check", help="un coup serait-il permis après ce journal ?")
    chk.add_argument("log", metavar="LOG.json", help="journal exporté d'une partie de Camelot")
    chk.add_argument("event", metavar="EVENT",
                     help='l\'événement en JSON, ex. \'{"type": "play", "player": 0, '
                          '"card": "feinte"}\'')
    chk.set_defaults(handler=cmd_check)
