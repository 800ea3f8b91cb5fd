"""Emblèmes' record: coins per manche, and the characters each player revealed (docs/stats.md)."""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Mapping
from typing import Any

from companion.games.emblemes.cards import character
from companion.stats.record import (
    GameRecord,
    Mine,
    RoundRow,
    Rounds,
    count_text,
    mean,
    number_text,
    places_by_score,
)


def character_name(value: int) -> str:
    return f"{character(value).name} ({value})"


def extract(setup: dict[str, Any], events: list[dict[str, Any]],
            summary: dict[str, Any]) -> GameRecord:
    players = list(summary["players"])
    gained: dict[int, Counter[str]] = defaultdict(Counter)  # round -> player -> coins moved
    own_card_coins: dict[str, Counter[int]] = {p: Counter() for p in players}
    for move in summary["movements"]:
        gained[move["round"]][move["player"]] += move["amount"]
        card = move.get("card")
        if card and card["owner"] == move["player"]:  # what a player's own card earned them
            own_card_coins[move["player"]][card["value"]] += move["amount"]
    rows = []
    for number, scored in enumerate(summary["rounds_scored"], start=1):
        rows.append(RoundRow(number, {p: gained[number][p] for p in players},
                             dict(scored["coins"]), f"manche {number} comptée"))
    revealed: dict[str, Counter[int]] = {p: Counter() for p in players}
    for event in events:
        if event.get("type") == "reveal" and event.get("player") in revealed:
            revealed[event["player"]][event["value"]] += 1
    figures = {p: {"coins_by_manche": [row.gains[p] for row in rows],
                   "characters": {str(v): n for v, n in sorted(revealed[p].items())},
                   "character_coins": {str(v): n for v, n in sorted(own_card_coins[p].items())}}
               for p in players}
    finished = bool(summary["finished"])
    winners = [summary["winner"]] if summary["winner"] else []
    scores = dict(summary["coins"])
    return GameRecord(
        game="emblemes", players=players, finished=finished, winners=winners,
        places=places_by_score(players, scores, winners) if finished else {},
        scores=scores, score_unit="pièces",
        rounds=Rounds("Manche", "pièces", players, rows), figures=figures,
        facts={"place_set": summary["place_set"], "manches": len(rows)})


def player_figures(games: list[Mine]) -> dict[str, Any]:
    """A player's Emblèmes figures over their games (companion.stats.figures)."""
    coins: list[int] = []
    characters: Counter[int] = Counter()
    character_coins: Counter[int] = Counter()
    for mine in games:
        coins += mine.figures["coins_by_manche"]
        characters.update({int(v): n for v, n in mine.figures["characters"].items()})
        character_coins.update({int(v): n for v, n in mine.figures["character_coins"].items()})
    return {"manches": len(coins), "coins": sum(coins),
            "coins_per_manche": mean([float(c) for c in coins]),
            "favourite_character": favourite(characters, character_coins)}


def favourite(revealed: Mapping[int, int], earned: Mapping[int, int]) -> int | None:
    """The Emblèmes character a player reveals most; a tie goes to the one whose cards earned
    them most coins, then to the higher value (docs/stats.md › Personnage favori)."""
    if not revealed:
        return None
    return max(revealed, key=lambda v: (revealed[v], earned.get(v, 0), v))


def figure_lines(figures: dict[str, Any]) -> list[str]:
    """A player's Emblèmes figures as the players' page says them (plain text)."""
    if not figures["manches"]:
        return []
    return [f"Emblèmes : {count_text(figures['coins'], 'pièces')} en "
            f"{count_text(figures['manches'], 'manches')}, "
            f"{number_text(round(figures['coins_per_manche'], 1))} par manche ; "
            f"personnage favori : {character_name(figures['favourite_character'])}"]
