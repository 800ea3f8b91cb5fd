"""`companion emblemes score STATE.json [--json]`: one end-of-round count, every coin explained.

STATE: {"players": [...clockwise], "first_player": name, "coins": {name: n},
        "places": {"chateau"|"village"|"port": {"rewards": [...] | "place_card": ID,
                                                 "cards": [{"owner", "value"}, ...left to right]}}}
"""

from __future__ import annotations

import argparse
from typing import Any

from companion.cli.base import emit, read_json
from companion.core.errors import RuleError
from companion.games.emblemes.cards import PLACES, RULES, data, parse_card, place_label
from companion.games.emblemes.engine import parse_rewards
from companion.games.emblemes.scoring import PlaceInput, check_table, score_round

RULE_FILE = "emblemes score › STATE.json"


def parse_state(raw: Any) -> tuple[list[str], dict[str, int], dict[str, PlaceInput]]:
    """Validate a STATE object; RuleError naming the first thing wrong."""
    if not isinstance(raw, dict):
        raise RuleError("l'état est un objet JSON {players, first_player, coins, places}",
                        RULE_FILE)
    unknown = set(raw) - {"players", "first_player", "coins", "places"}
    if unknown:
        raise RuleError(f"champ inconnu : {', '.join(sorted(unknown))}", RULE_FILE)
    players = raw.get("players")
    rules = data()
    if (not isinstance(players, list) or not all(isinstance(p, str) and p for p in players)
            or len(set(players)) != len(players)):
        raise RuleError("« players » : des noms distincts, dans le sens horaire", RULE_FILE)
    if not rules.players.min <= len(players) <= rules.players.max:
        raise RuleError(f"Emblèmes se joue de {rules.players.min} à {rules.players.max} joueurs "
                        f"(reçu {len(players)})", f"{RULES} › Le jeu en bref")
    # first_player is checked but plays no part in a count (it only breaks end-of-game ties)
    if raw.get("first_player", players[0]) not in players:
        raise RuleError(f"premier joueur « {raw.get('first_player')} » inconnu", RULE_FILE)
    coins = raw.get("coins")
    if not isinstance(coins, dict) or set(coins) != set(players) or not all(
            isinstance(n, int) and not isinstance(n, bool) and n >= 0 for n in coins.values()):
        raise RuleError("« coins » : un nombre de pièces (entier ≥ 0) pour chaque joueur",
                        RULE_FILE)
    places_raw = raw.get("places")
    if not isinstance(places_raw, dict) or set(places_raw) != set(PLACES):
        raise RuleError("« places » : chateau, village et port", RULE_FILE)
    places = {place: _parse_place(place, places_raw[place], players) for place in PLACES}
    check_table(players, places)
    return list(players), dict(coins), places


def _parse_place(place: str, raw: Any, players: list[str]) -> PlaceInput:
    if not isinstance(raw, dict) or not set(raw) <= {"rewards", "place_card", "cards"}:
        raise RuleError(f"« places.{place} » : {{rewards | place_card, cards}}", RULE_FILE)
    if ("rewards" in raw) == ("place_card" in raw):
        raise RuleError(f"« places.{place} » : soit « rewards », soit « place_card »", RULE_FILE)
    if "place_card" in raw:
        card_id = raw["place_card"]
        known = {c.id: c for c in data().place_cards}
        if not isinstance(card_id, str) or card_id not in known or known[card_id].place != place:
            valid = ", ".join(c.id for c in data().place_cards if c.place == place)
            raise RuleError(f"« places.{place}.place_card » : « {card_id} » n'est pas une carte "
                            f"Lieu du {place_label(place)} ({valid})", RULE_FILE)
        rewards = list(data().place_face(known[card_id].set, place, len(players)).rewards)
    else:
        rewards = parse_rewards(raw["rewards"], f"places.{place}.rewards")
    cards_raw = raw.get("cards", [])
    if not isinstance(cards_raw, list):
        raise RuleError(f"« places.{place}.cards » : une liste de cartes, de gauche à droite",
                        RULE_FILE)
    cards = [parse_card(c, players, f"places.{place}.cards[{i}]")
             for i, c in enumerate(cards_raw)]
    return PlaceInput(rewards, cards)


def cmd_score(args: argparse.Namespace) -> int:
    players, coins, places = parse_state(read_json(args.state))
    score = score_round(players, coins, places)
    if args.json:
        emit(score.as_json())
    else:
        for line in score.explanation():
            print(line)
        print("Pièces après la manche : " + ", ".join(
            f"{p} {n}" for p, n in score.coins.items()))
    return 0


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser("emblemes", help="Emblèmes : décompte d'une fin de manche")
    sub = parser.add_subparsers(dest="emblemes_command", required=True,
                                parser_class=type(parser))
    score = sub.add_parser("score", help="compter une fin de manche, chaque pièce expliquée")
    score.add_argument("state", metavar="STATE.json", help="l'état de la table en fin de manche")
    score.add_argument("--json", action="store_true", help="sortie JSON (coins, movements, kept)")
    score.set_defaults(handler=cmd_score)
