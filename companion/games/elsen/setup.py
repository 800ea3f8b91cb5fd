"""Setting up a game: players, the role deck the game master picks, settings, the deal."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from typing import Any

from companion.core.errors import RuleError
from companion.core.loader import load_game
from companion.games.elsen.data import ElsenData
from companion.games.elsen.mission import GHOST_REWARDS

VOTE_THRESHOLDS = ("strict_majority", "at_least_half")
SETTINGS = {"vote_threshold": VOTE_THRESHOLDS, "ghost_mission_reward": GHOST_REWARDS}
RULE_PLAYERS = "elsen.txt › Installation"
RULE_ROLES = "elsen.txt › Installation (cartes rôles)"


def elsen_data() -> ElsenData:
    data = load_game("elsen")
    assert isinstance(data, ElsenData)
    return data


@dataclass(frozen=True)
class Setup:
    players: tuple[str, ...]  # in seat order; "left" is the next one (registre ELS-7)
    special_roles: tuple[str, ...]
    settings: dict[str, str]
    first_player: str


def table_for(data: ElsenData, players: int) -> dict[str, Any]:
    """The rules' tables for one player count (elsen.txt › Installation)."""
    if not data.players.min <= players <= data.players.max:
        raise RuleError(f"ELSEN se joue de {data.players.min} à {data.players.max} joueurs "
                        f"(reçu {players})", RULE_PLAYERS)
    return {"players": players, "saboteurs": data.saboteurs[players],
            "tokens_per_mission": data.success_tokens[players],
            "missions_to_win": data.missions_to_win, "turns": data.turns,
            "min_team": data.min_team, "forced_kill_turn": data.forced_kill_turn,
            "default_special_roles": list(data.default_special_roles[players]),
            "default_special_roles_provenance": data.default_special_roles_provenance.value}


def parse_setup(data: ElsenData, raw: dict[str, Any]) -> Setup:
    """Check a setup dict: {"players": [...], "special_roles"?: [...], "settings"?: {...},
    "first_player"?: name}. Special roles default to the house suggestion for the count."""
    players = raw.get("players")
    if not isinstance(players, list) or not all(isinstance(p, str) and p.strip()
                                                for p in players):
        raise RuleError("la liste des joueurs doit contenir des noms non vides", RULE_PLAYERS)
    names = [p.strip() for p in players]
    if len(set(names)) != len(names):
        double = next(n for n in names if names.count(n) > 1)
        raise RuleError(f"deux joueurs portent le même nom : « {double} »", RULE_PLAYERS)
    table = table_for(data, len(names))
    specials = raw.get("special_roles", table["default_special_roles"])
    check_special_roles(data, len(names), specials)
    settings = {name: str(data.setting(name)) for name in SETTINGS}
    given = raw.get("settings") or {}
    if not isinstance(given, dict):
        raise RuleError("les réglages doivent être une table nom: valeur", "registre ELS-1")
    for name, value in given.items():
        if name not in SETTINGS:
            raise RuleError(f"réglage inconnu « {name} » ; réglages : {', '.join(SETTINGS)}",
                            "registre ELS-1")
        if value not in SETTINGS[name]:
            raise RuleError(f"réglage {name} : valeur {value!r} inconnue ; valeurs : "
                            f"{', '.join(SETTINGS[name])}", "registre ELS-1")
        settings[name] = value
    first = raw.get("first_player", names[0])
    if first not in names:
        raise RuleError(f"premier joueur inconnu : {first!r}", RULE_PLAYERS)
    return Setup(tuple(names), tuple(specials), settings, first)


def check_special_roles(data: ElsenData, players: int, specials: object) -> None:
    """The game master's choice: known special roles, each at most once, room left for the
    table's saboteurs (elsen.txt › Installation, registre ELS-D2)."""
    if not isinstance(specials, list) or not all(isinstance(r, str) for r in specials):
        raise RuleError("les rôles spéciaux doivent être une liste d'identifiants", RULE_ROLES)
    valid = [r.id for r in data.roles if r.special]
    for role in specials:
        if role not in valid:
            raise RuleError(f"rôle spécial inconnu : {role!r} ; rôles : {', '.join(valid)}",
                            RULE_ROLES)
    if len(set(specials)) != len(specials):
        raise RuleError("chaque rôle spécial est au plus une fois dans la partie", RULE_ROLES)
    room = players - data.saboteurs[players]
    if len(specials) > room:
        raise RuleError(f"{len(specials)} rôles spéciaux pour {room} places hors saboteurs",
                        RULE_ROLES)


def deck(data: ElsenData, setup: Setup) -> Counter[str]:
    """Exactly the table's saboteurs, each chosen special role once, the rest passengers."""
    n = len(setup.players)
    cards = Counter({"saboteur": data.saboteurs[n]})
    cards.update(setup.special_roles)
    cards["passager"] += n - sum(cards.values())
    return cards


def check_deal(data: ElsenData, setup: Setup, roles: object) -> dict[str, str]:
    """A deal gives every player one card of the deck (elsen.txt › Installation)."""
    if (not isinstance(roles, dict) or set(roles) != set(setup.players)
            or not all(isinstance(r, str) for r in roles.values())):
        raise RuleError("la distribution doit donner un rôle à chaque joueur, et à eux seuls",
                        RULE_ROLES)
    dealt = Counter(roles.values())
    expected = deck(data, setup)
    if dealt != expected:
        want = ", ".join(f"{data.role(r).name} ×{k}" for r, k in sorted(expected.items()))
        raise RuleError(f"les rôles distribués ne forment pas le paquet choisi ({want})",
                        RULE_ROLES)
    return {p: str(roles[p]) for p in setup.players}


def random_deal(data: ElsenData, setup: Setup, seed: int) -> dict[str, Any]:
    """A secret random deal as a "deal" event: the seed *and* its result are recorded, so the
    log replays whatever random module version reads it."""
    cards = sorted(deck(data, setup).elements())
    random.Random(seed).shuffle(cards)
    return {"type": "deal", "method": "random", "seed": seed,
            "roles": dict(zip(setup.players, cards, strict=True))}
