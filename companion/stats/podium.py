"""A night's running podium, by a ranking the host chooses (docs/stats.md › Podium):

- `victoires`: games won, then place-based points;
- `points`: place-based points normalised per game (1 for first, 0 for last), then wins.

Only finished games count; ties share a rank (1, 1, 3)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from companion.core.errors import UsageError
from companion.stats.figures import Played, display_names, player_keys

RANKINGS = {"victoires": "Victoires", "points": "Points par place"}


@dataclass(frozen=True)
class PodiumRow:
    rank: int
    key: str
    name: str
    wins: int
    points: float
    played: int  # finished games of the night this player sat at

    def as_json(self) -> dict[str, Any]:
        return {"rank": self.rank, "player": self.name, "key": self.key, "wins": self.wins,
                "points": self.points, "played": self.played}


def podium(games: Iterable[Played], profiles: Mapping[str, str],
           ranking: str = "victoires") -> list[PodiumRow]:
    """Every player of these games, best first. `profiles` gives profiles' current names
    (a guest is shown as typed)."""
    if ranking not in RANKINGS:
        raise UsageError(f"classement inconnu « {ranking} » ; classements : "
                         f"{', '.join(RANKINGS)}")
    games = list(games)
    names = display_names(games, profiles)
    rows = []
    for key in player_keys(games):
        wins, points, played = 0, 0.0, 0
        for game in games:
            name = game.name_of(key)
            if name is None or not game.record.finished:
                continue
            played += 1
            wins += int(name in game.record.winners)
            points += game.record.points(name) or 0.0
        rows.append((key, names[key], wins, round(points, 4), played))

    def score(row: tuple[str, str, int, float, int]) -> tuple[float, ...]:
        _, _, wins, points, played = row
        return (wins, points) if ranking == "victoires" else (points, wins)

    rows.sort(key=lambda r: (tuple(-x for x in score(r)), r[1].casefold()))
    out: list[PodiumRow] = []
    for i, row in enumerate(rows):
        rank = out[-1].rank if out and score(row) == score(rows[i - 1]) else i + 1
        out.append(PodiumRow(rank, *row))
    return out
