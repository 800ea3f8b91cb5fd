"""ELSEN's record: missions per turn, the winning side, and each player's role once the game is
over (roles are secret while it lasts: an unfinished record names none). docs/stats.md."""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from companion.stats.record import (
    GameRecord,
    Mine,
    RoundRow,
    Rounds,
    Tally,
    count_text,
    number_text,
    places_winners_only,
)

SERIES = "Missions réussies"
SIDES = {"passagers": "passagers", "saboteurs": "saboteurs"}


def side_of(role: str) -> str:
    return "saboteurs" if role == "saboteur" else "passagers"


def extract(setup: dict[str, Any], events: list[dict[str, Any]],
            summary: dict[str, Any]) -> GameRecord:
    players = list(summary["players"])
    excluded = {vote["turn"]: vote["excluded"] for vote in summary["votes"] if vote["excluded"]}
    rows, won = [], 0
    for mission in summary["missions"]:
        gain = 1 if mission["completed"] else 0
        won += gain
        verdict = "réussie" if mission["completed"] else "pas encore réussie"
        note = (f"équipe : {', '.join(mission['team'])} · +{number_text(mission['added'])} · "
                f"mission {mission['mission']} {verdict}")
        if mission["turn"] in excluded:
            note += f" · vote : exclusion de {excluded[mission['turn']]}"
        rows.append(RoundRow(mission["turn"], {SERIES: gain}, {SERIES: won}, note))
    side = summary["winner"]
    finished = side is not None
    roles = summary["roles"] if finished else {}
    winners = [p for p in players if side_of(roles[p]) == side] if finished else []
    figures = {p: {"role": roles[p], "side": side_of(roles[p]), "won": p in winners}
               for p in roles}
    return GameRecord(
        game="elsen", players=players, finished=finished, winners=winners,
        places=places_winners_only(players, winners) if finished else {},
        scores=None, score_unit="missions",
        rounds=Rounds("Tour", "missions", [SERIES], rows, summary["missions_to_win"]),
        figures=figures,
        facts={"winning_side": side, "winning_side_name": SIDES.get(side or "", ""),
               "win_reason": summary["win_reason"], "turns": summary["turn"],
               "missions_won": summary["missions_won"]})


def player_figures(games: list[Mine]) -> dict[str, Any]:
    """A player's ELSEN figures over their finished games (companion.stats.figures)."""
    sides: dict[str, Tally] = defaultdict(Tally)
    roles: dict[str, Tally] = defaultdict(Tally)
    for mine in games:
        if mine.finished:
            sides[mine.figures["side"]].add(True, mine.won)
            roles[mine.figures["role"]].add(True, mine.won)
    return {"by_side": {s: t.as_json() for s, t in sorted(sides.items())},
            "by_role": {r: t.as_json() for r, t in sorted(roles.items())}}


def game_row(row: dict[str, Any], record: GameRecord) -> None:
    """Wins by side, in the per-game table."""
    if record.finished:
        side = row.setdefault("wins_by_side", {})
        side[record.facts["winning_side"]] = side.get(record.facts["winning_side"], 0) + 1


ROLE_NAMES = {"saboteur": "Saboteur", "passager": "Passager", "voyante": "Voyante",
              "travailleur": "Travailleur", "faineant": "Fainéant", "docteur": "Docteur",
              "ingenieur": "Ingénieur", "policier": "Policier"}


def figure_lines(figures: dict[str, Any]) -> list[str]:
    """A player's ELSEN figures as the players' page says them: wins by side, then by role."""
    lines = [f"ELSEN, côté {side} : {count_text(tally['won'], 'victoires')} sur "
             f"{count_text(tally['finished'], 'parties')}"
             for side, tally in figures["by_side"].items()]
    return lines + [f"ELSEN, rôle {ROLE_NAMES.get(role, role)} : {tally['won']}/"
                    f"{tally['finished']}" for role, tally in figures["by_role"].items()]


def game_extra(row: dict[str, Any]) -> str:
    """The per-game table's « En plus » cell: the wins of each side."""
    return ", ".join(f"{side} {count_text(n, 'victoires')}"
                     for side, n in row.get("wins_by_side", {}).items())
