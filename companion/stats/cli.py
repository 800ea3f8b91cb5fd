"""`companion stats`: the statistics of the games stored on this machine ($COMPANION_DB).

    companion stats                      every game and every player
    companion stats --night 3            a night: its games, its podium, its players
    companion stats --player Alice       a player's history and statistics
    --json (everything, JSON) · --csv (a night or a player's history) · --ranking points
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from companion.cli.base import emit
from companion.core.errors import UsageError
from companion.core.registry import PLAYABLE as GAMES
from companion.core.text import agreed
from companion.events.store import EventStore
from companion.stats.figures import display_names, game_stats, player_keys, player_stats
from companion.stats.podium import RANKINGS
from companion.stats.record import count_text, points_text, rate_text, stats_hook, tally_text
from companion.stats.report import french_date, night_csv, night_report, player_csv, player_report
from companion.stats.storage import StatsStore


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser("stats", help="parties, soirées et statistiques des joueurs")
    which = parser.add_mutually_exclusive_group()
    which.add_argument("--night", type=_night_number, metavar="N",
                       help="une soirée (son numéro)")
    which.add_argument("--player", metavar="NOM", help="un joueur (nom de son profil)")
    parser.add_argument("--ranking", choices=list(RANKINGS), default=None,
                        help="classement du podium d'une soirée (défaut : celui qu'elle a "
                             "choisi)")
    out = parser.add_mutually_exclusive_group()
    out.add_argument("--json", action="store_true", help="tout, en JSON")
    out.add_argument("--csv", action="store_true", help="une soirée ou un joueur, en CSV")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    stats = StatsStore(EventStore())
    if args.night is not None:
        if args.csv:
            sys.stdout.write(night_csv(stats, args.night))
            return 0
        report = night_report(stats, args.night,
                              args.ranking or stats.night(args.night).ranking)
        if args.json:
            emit(report)
        else:
            _print_night(report)
        return 0
    if args.player is not None:
        profile = stats.find(args.player)
        if profile is None:
            raise UsageError(f"aucun profil « {args.player} » ; profils : "
                             + (", ".join(p.name for p in stats.profiles()) or "aucun"))
        report = player_report(stats, profile)
        if args.csv:
            sys.stdout.write(player_csv(report))
        elif args.json:
            emit(report)
        else:
            _print_player(report)
        return 0
    if args.csv:
        raise UsageError("--csv exporte une soirée (--night) ou un joueur (--player)")
    games = stats.played(stats.all_codes())
    names = display_names(games, stats.names())
    overview = {"games": game_stats(games, stats.names()),
                "players": {names[k]: player_stats(games, k) for k in player_keys(games)},
                "nights": [{"id": n.id, "title": n.title, "games": len(n.codes)}
                           for n in stats.nights()]}
    if args.json:
        emit(overview)
        return 0
    _print_overview(overview)
    return 0


def _own_lines(game: str, hook_name: str, figures: dict[str, Any]) -> list[str]:
    """The game's own lines (its stats hook's `game_lines(row)` or `player_lines(figures)`,
    « Autre jeu »'s named games): none where the game has nothing more to say."""
    lines = getattr(stats_hook(game), hook_name, None)
    return lines(figures) if lines is not None else []


def _print_night(report: dict[str, Any]) -> None:
    print(f"Soirée {report['night']['id']} : {report['night']['title']}")
    for number, game in enumerate(report["games"], start=1):
        print(f"  {number}. {game['title']} ({game['code']}) — {', '.join(game['players'])} — "
              f"{game['result']}")
    print(f"Podium ({report['ranking_name'].lower()}) :")
    for row in report["podium"]:
        print(f"  {row['rank']}. {row['player']} — {count_text(row['wins'], 'victoires')}, "
              f"{points_text(row['points'])} {agreed(row['points'], 'point')} par place, "
              f"{count_text(row['played'], 'parties terminées')}")


def _print_player(report: dict[str, Any]) -> None:
    s = report["stats"]
    print(f"{report['profile']['name']} : {count_text(s['played'], 'parties')}, "
          f"{count_text(s['won'], 'victoires')} sur "
          f"{count_text(s['finished'], 'parties terminées')} ({rate_text(s['win_rate'])})")
    for game, tally in s["by_game"].items():
        print(f"  {GAMES[game].title} : {tally_text(tally)}")
        for line in _own_lines(game, "player_lines", s.get(game, {})):
            print(f"    {line}")
    for game in report["games"]:
        print(f"  {french_date(game['created'])} {game['title']} ({game['code']}) — "
              f"{game['result']}")


def _print_overview(overview: dict[str, Any]) -> None:
    for game, row in overview["games"].items():
        print(f"{GAMES[game].title} : {count_text(row['played'], 'parties')}, dont "
              f"{count_text(row['finished'], 'parties terminées')}")
        for line in _own_lines(game, "game_lines", row):
            print(f"  {line}")
    for name, s in overview["players"].items():
        print(f"  {name} : {tally_text(s)}")
    for night in overview["nights"]:
        print(f"Soirée {night['id']} : {night['title']} ({count_text(night['games'], 'parties')})")


def _night_number(text: str) -> int:
    """A night's number as SQLite can hold it (a 20-digit number overflowed it: issue 12)."""
    value = int(text)  # ValueError: argparse's « valeur invalide »
    if not 1 <= value < 2**63:
        raise ValueError(text)
    return value
