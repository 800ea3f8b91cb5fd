"""`companion lab GAME`: the balance lab from the command line.

    companion lab noe --games 50 --players 4 --level 1 --set announcements.complot.points=20
    companion lab elsen --jobs 2 --csv > elsen.csv

Every figure comes with its 95 % interval; with --set, the original data and the changed one are
played with the same seeds and shown side by side. A progress bar goes to stderr."""

from __future__ import annotations

import argparse
import json
import os
import sys
from typing import Any

from companion.core.errors import UsageError
from companion.core.gameinfo import LabDefaults, LabOption
from companion.core.registry import GAMES
from companion.core.text import counted, csv_text, number
from companion.lab.overrides import describe, parse_assignments
from companion.lab.runner import WARNING, Options, ProgressBar, Run, compare, lab_module


def game_options() -> dict[str, dict[str, LabOption]]:
    """The games' own options (LabDefaults.cli): option name -> {game: what it sets}."""
    out: dict[str, dict[str, LabOption]] = {}
    for game, info in GAMES.items():
        for name, option in (info.lab.cli if info.lab else {}).items():
            out.setdefault(name, {})[game] = option
    return out


def _lab_defaults(game: str) -> LabDefaults:
    defaults = GAMES[game].lab
    assert defaults is not None  # lab_module refused a game without a lab
    return defaults


def _ints(text: str, what: str) -> tuple[int, ...]:
    try:
        values = tuple(int(x) for x in text.split(",") if x.strip())
    except ValueError:
        raise UsageError(f"{what} : des nombres séparés par des virgules (reçu « {text} »)") \
            from None
    if not values:
        raise UsageError(f"{what} : au moins une valeur")
    return values


def options_from(args: argparse.Namespace) -> Options:
    module = lab_module(args.game)
    extra: dict[str, Any] = {}
    for name, per_game in game_options().items():
        value = getattr(args, name)
        if value is None:
            continue
        option = per_game.get(args.game)
        if option is None:
            raise UsageError(f"--{name} ne vaut que pour {', '.join(per_game)}")
        extra[option.key] = _ints(value, f"--{name}") if option.numbers else \
            tuple(v.strip() for v in value.split(",") if v.strip())
    policies = tuple(p.strip() for p in args.policy.split(",")) if args.policy else ()
    for policy in policies:
        if policy not in module.POLICIES:
            raise UsageError(f"politique inconnue « {policy} » ; politiques : "
                             f"{', '.join(module.POLICIES)}")
    games = args.games if args.games is not None else _lab_defaults(args.game).cli_games
    if games < 1 or games > 1_000_000:
        raise UsageError("--games : de 1 à 1 000 000 parties")
    players = _ints(args.players, "--players") if args.players else ()
    options = Options(games=games, seed=args.seed, players=players, policies=policies,
                      extra=extra)
    module.conditions(options)  # an unknown set or mix is refused before anything runs
    return options


def table_rows(original: Run, changed: Run | None) -> list[dict[str, Any]]:
    rows = original.rows("original")
    return rows + (changed.rows("modifie") if changed else [])


def render_text(original: Run, changed: Run | None) -> str:
    module = lab_module(original.game)
    lines = [WARNING, "Politiques :"]
    lines += [f"  {p} : {d}" for p, d in module.POLICIES.items()]
    if changed:
        lines.append(f"Modifié : {describe(changed.assignments)} (mêmes graines que l'original)")
    lines.append(f"{counted(original.options.games, 'partie')} par condition, graine "
                 f"{original.options.seed} ; intervalles de confiance à 95 %")
    second = changed.rows("modifie") if changed else None
    first = original.rows("original")
    current = None
    for i, row in enumerate(first):
        condition = {k: v for k, v in row.items() if k not in (
            "jeu", "donnees", "mesure", "valeur", "bas", "haut", "n", "type")}
        if condition != current:
            current = condition
            lines.append("")
            lines.append(" · ".join(f"{k} {v}" for k, v in condition.items()))
        text = f"  {row['mesure']} : {_figure(row)}"
        if second:
            text += f"  →  modifié : {_figure(second[i])}"
        lines.append(text)
    speed = original.units / original.seconds if original.seconds else 0.0
    lines.append("")
    lines.append(f"{number(original.units)} {module.UNIT} en {number(original.seconds, 2)} s "
                 f"({number(speed, 0)} {module.UNIT}/s)")
    return "\n".join(lines)


def _figure(row: dict[str, Any]) -> str:
    """A figure with its interval, in French numbers: « 46,7 % [44,1 ; 49,3] (n = 1 000) »."""
    if row["type"] == "taux":
        return (f"{number(100 * row['valeur'])} % [{number(100 * row['bas'])} ; "
                f"{number(100 * row['haut'])}] (n = {number(row['n'])})")
    return (f"{number(row['valeur'], 2)} [{number(row['bas'], 2)} ; "
            f"{number(row['haut'], 2)}] (n = {number(row['n'])})")


def cmd_lab(args: argparse.Namespace) -> int:
    options = options_from(args)
    assignments = parse_assignments(args.set or [])
    show = args.progress if args.progress is not None else sys.stderr.isatty()
    bar = ProgressBar(f"labo {args.game}") if show else None
    jobs = args.jobs if args.jobs else (os.cpu_count() or 1)
    original, changed = compare(args.game, options, assignments, jobs, bar)
    if args.json:
        module = lab_module(args.game)
        print(json.dumps({"jeu": args.game, "avertissement": WARNING,
                          "politiques": module.POLICIES, "graine": options.seed,
                          "parties": options.games,
                          "modifications": {k: v for k, v in assignments},
                          "lignes": table_rows(original, changed)},
                         ensure_ascii=False, indent=2))
    elif args.csv:
        sys.stdout.write(csv_text(table_rows(original, changed)))
    else:
        print(render_text(original, changed))
    return 0


def register(sub: Any) -> None:
    lab = sub.add_parser("lab", help="laboratoire d'équilibrage : parties simulées, chiffres "
                                     "avec intervalles de confiance")
    lab.add_argument("game", metavar="GAME", choices=GAMES,
                     help=f"un jeu parmi : {', '.join(GAMES)}")
    lab.add_argument("--games", type=int, help="parties par condition (défaut selon le jeu)")
    lab.add_argument("--seed", type=int, default=1, help="graine maîtresse (défaut 1)")
    lab.add_argument("--players", help="nombres de joueurs, ex. 3,4")
    lab.add_argument("--policy", help="politiques, ex. hasard,glouton (défaut : toutes)")
    for name, per_game in game_options().items():
        lab.add_argument(f"--{name}", help=" ; ".join(o.help for o in per_game.values()))
    lab.add_argument("--set", action="append", metavar="CLÉ=VALEUR",
                     help="change une valeur des données du jeu (répétable), comparée à "
                          "l'original")
    lab.add_argument("--jobs", type=int, default=1,
                     help="processus en parallèle (0 : tous les cœurs ; défaut 1)")
    out = lab.add_mutually_exclusive_group()
    out.add_argument("--json", action="store_true", help="sortie JSON")
    out.add_argument("--csv", action="store_true", help="sortie CSV")
    lab.add_argument("--progress", action=argparse.BooleanOptionalAction, default=None,
                     help="barre de progression sur stderr (défaut : si c'est un terminal)")
    lab.set_defaults(handler=cmd_lab)
