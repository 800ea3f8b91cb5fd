"""`companion replay LOG.json`: replay an exported game log (docs/log-format.md) through its
game's engine and print the resulting state as JSON.

Exit 0 with the state (scores, whose turn, winner, violations with rule references); exit 1
when the log is well formed but an event does not replay (its raw index and the reason); exit 2
for an unreadable file, corrupt JSON or a file that is not a game log."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from companion.cli.base import emit, read_input
from companion.core.engine import InvalidEvent
from companion.events.store import check_log, parse_envelope


def cmd_replay(args: argparse.Namespace) -> int:
    envelope = parse_envelope(read_input(args.log))
    try:
        entries, state = check_log(envelope["game"], envelope["setup"], envelope["events"])
    except InvalidEvent as exc:
        emit({"valid": False, "index": exc.index, "reason": exc.reason, "rule": exc.rule})
        print(f"companion : journal invalide : {exc}", file=sys.stderr)
        return 1
    summary = state.summary()
    for violation in summary.get("violations", []):
        # an engine counts the events it was given (effective); a reader of the log counts
        # its lines (raw): name the line, as every other index of the format does
        position = violation.get("event")
        if isinstance(position, int) and 0 <= position < len(entries):
            violation["event"] = entries[position].source
    emit(summary)
    return 0


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "replay", help="rejoue un journal de partie exporté et affiche l'état obtenu (JSON)")
    parser.add_argument("log", metavar="LOG.json",
                        help="journal exporté par l'assistant (docs/log-format.md) ; - : entrée "
                             "standard")
    parser.set_defaults(handler=cmd_replay)
