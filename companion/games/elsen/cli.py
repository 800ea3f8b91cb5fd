"""`companion elsen setup|mission`: the tables for a player count, and one mission resolved."""

from __future__ import annotations

import argparse
import json
from typing import Any

from companion.cli.base import read_json
from companion.core.errors import UsageError
from companion.core.text import agreed, counted, number
from companion.games.elsen.checker import Member
from companion.games.elsen.mission import card_ids, halves, resolve
from companion.games.elsen.setup import elsen_data, table_for


def cmd_setup(args: argparse.Namespace) -> int:
    data = elsen_data()
    table = table_for(data, args.players)
    if args.json:
        print(json.dumps(table, ensure_ascii=False, indent=2))
        return 0
    roles = ", ".join(data.role(r).name for r in table["default_special_roles"])
    tokens = counted(table["tokens_per_mission"], "jeton réussite", "jetons réussite")
    print(f"{table['players']} joueurs : {counted(table['saboteurs'], 'saboteur')}, "
          f"{tokens} par mission (idem mission fantôme)")
    print(f"rôles spéciaux suggérés (défaut maison) : {roles}")
    return 0


MISSION_KEYS = ("players", "aboard", "team", "cards", "used", "progress", "ghost_progress",
                "ghost_mission_reward")


def _read_mission(path: str) -> dict[str, Any]:
    raw = read_json(path)
    if not isinstance(raw, dict):
        raise UsageError(f"{path} : un objet JSON est attendu")
    unknown = sorted(str(k) for k in raw if k not in MISSION_KEYS)
    if unknown:  # a misspelt « ghost_progres » must not silently count as 0
        raise UsageError(f"{path} : {agreed(len(unknown), 'clé inconnue', 'clés inconnues')} "
                         f"{', '.join(unknown)} ; clés : "
                         f"{', '.join(MISSION_KEYS)}")
    return raw


def _count(raw: dict[str, Any], key: str, default: object, low: int, high: int) -> int:
    value = raw.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise UsageError(f"{key} : un nombre entier de {low} à {high} est attendu")
    return value


def _team(raw: object) -> list[Member]:
    data = elsen_data()
    roles = {r.id for r in data.roles}
    if not isinstance(raw, list):
        raise UsageError("team : une liste de {name, role, alive} est attendue")
    team = []
    for i, entry in enumerate(raw):
        if not isinstance(entry, dict) or not isinstance(entry.get("name"), str):
            raise UsageError(f"team[{i}] : un objet avec name, role, alive est attendu")
        if entry.get("role") not in roles:
            raise UsageError(f"team[{i}] : rôle inconnu {entry.get('role')!r} ; rôles : "
                             f"{', '.join(sorted(roles))}")
        alive = entry.get("alive", True)
        if not isinstance(alive, bool):
            raise UsageError(f"team[{i}].alive : true ou false attendu")
        if any(m.name == entry["name"] for m in team):
            raise UsageError(f"team[{i}] : {entry['name']!r} est déjà dans l'équipe ; chaque "
                             "membre pose une seule carte")
        team.append(Member(entry["name"], entry["role"], alive))
    return team


def _ids(raw: dict[str, Any], key: str, default: object) -> list[object]:
    value = raw.get(key, default)
    if not isinstance(value, list):
        raise UsageError(f"{key} : une liste d'identifiants de cartes (action-...) est attendue")
    return value


def cmd_mission(args: argparse.Namespace) -> int:
    data = elsen_data()
    raw = _read_mission(args.file)
    players = raw.get("players")
    if isinstance(players, bool) or not isinstance(players, int):
        raise UsageError("players : un nombre de joueurs est attendu")
    table_for(data, players)
    # players still aboard (the excluded left the ship): the team's minimum depends on them
    aboard = _count(raw, "aboard", players, 1, players)
    team = _team(raw.get("team"))
    if len(team) > aboard:
        raise UsageError(f"team : {counted(len(team), 'membre')} pour "
                         f"{counted(aboard, 'joueur')} à bord")
    least = min(data.min_team, aboard)
    if len(team) < least:
        raise UsageError(f"team : {counted(len(team), 'membre')} ; une équipe compte au moins "
                         f"{counted(least, 'joueur')} tant qu'il en reste {least} à bord "
                         "(elsen.txt › Phase de jeu jour, registre ELS-6)")
    cards = card_ids(data, _ids(raw, "cards", None))
    used = card_ids(data, _ids(raw, "used", []))
    ghost = _count(raw, "ghost_progress", 0, 0, 1000)
    reward = raw.get("ghost_mission_reward", data.setting("ghost_mission_reward"))
    if not isinstance(reward, str):
        raise UsageError("ghost_mission_reward : un réglage en toutes lettres est attendu")
    result = resolve(data, players, halves(raw.get("progress", 0), "progress"), ghost, team,
                     cards, reward, frozenset(used))
    out = result.as_dict()
    if args.json:
        print(json.dumps(out, ensure_ascii=False, indent=2))
        return 0
    if out["completed"]:  # the ladder is back at 0 afterwards: say the mission that was won
        print(f"+{counted(out['added'], 'jeton')} : {out['needed']}/{out['needed']} — mission "
              "réussie (la suivante repart de 0)")
    else:
        print(f"+{counted(out['added'], 'jeton')} : {number(out['progress'])}/{out['needed']} "
              f"(il manque {number(out['missing'])})")
    if result.sabotaged:
        print("sabotage : la mission retombe à 0")
    if result.kill_due:
        print("élimination : les saboteurs tueront cette nuit")
    for v in result.violations:
        print(f"ANOMALIE : {v.reason} [{v.rule}] (refusée à la table sauf si l'hôte force)")
    return 0


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser("elsen", help="ELSEN : tables et résolution d'une mission")
    sub = parser.add_subparsers(dest="elsen_command", required=True,
                                parser_class=type(parser))
    setup = sub.add_parser("setup", help="saboteurs et jetons par mission pour N joueurs")
    setup.add_argument("--players", type=int, required=True)
    setup.add_argument("--json", action="store_true")
    setup.set_defaults(handler=cmd_setup)
    mission = sub.add_parser("mission", help="résout une mission décrite en JSON")
    mission.add_argument("file", metavar="MISSION.json")
    mission.add_argument("--json", action="store_true")
    mission.set_defaults(handler=cmd_mission)
