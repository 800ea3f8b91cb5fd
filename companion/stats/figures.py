"""Statistics over many games: per player and per game (docs/stats.md › Statistiques).

A player is a key: `profil:<id>` for a profile picked at the seat, or whose name was typed
there (companion/stats/identity.py), otherwise the name typed (`nom:<name>`). `Played` ties a
record to who sat at each seat, so the same person counts as one whether they were « rouge »
in Emblèmes or « Alice » in Noé. Rates are over finished games only: a game in progress has
no winner yet."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field, replace
from types import ModuleType
from typing import Any

from companion.core.registry import PLAYABLE
from companion.stats.identity import fold, shown_names
from companion.stats.record import GameRecord, Mine, Tally, mean, stats_hook


def guest_key(name: str) -> str:
    """A seat without a profile counts as its typed name (folded as profiles' names are)."""
    return "nom:" + fold(name)


@dataclass(frozen=True)
class Played:
    """A game and who sat where: `who` maps each name in the log to a player key."""

    record: GameRecord
    who: dict[str, str] = field(default_factory=dict)
    _names: dict[str, str] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        # key -> name in the log, once: statistics ask it for every player of every game
        object.__setattr__(self, "_names", {self.key(n): n for n in self.record.players})

    def key(self, name: str) -> str:
        return self.who.get(name) or guest_key(name)

    def name_of(self, key: str) -> str | None:
        """The name this player had in this game's log."""
        return self._names.get(key)


def _mean(values: list[float]) -> float | None:
    return mean(values)


def _hooks() -> Iterator[tuple[str, ModuleType]]:
    """Each game with a stats hook, in the registry's order."""
    for game, info in PLAYABLE.items():
        if info.stats:
            yield game, stats_hook(game)


def player_stats(games: Iterable[Played], key: str) -> dict[str, Any]:
    """Everything the statistics say about one player, JSON-ready; each game's own figures
    come from its stats hook's `player_figures` (docs/adding-a-game.md)."""
    total, points = Tally(), 0.0
    by_game: dict[str, Tally] = defaultdict(Tally)
    by_count: dict[int, Tally] = defaultdict(Tally)
    mine: dict[str, list[Mine]] = defaultdict(list)
    for played in games:
        name = played.name_of(key)
        if name is None:
            continue
        record = played.record
        won = name in record.winners
        total.add(record.finished, won)
        by_game[record.game].add(record.finished, won)
        by_count[len(record.players)].add(record.finished, won)
        points += record.points(name) or 0.0
        mine[record.game].append(Mine(record.figures.get(name, {}), record.finished, won))
    return {
        **total.as_json(), "points": round(points, 4),
        "by_game": {g: by_game[g].as_json() for g in PLAYABLE if g in by_game},
        "by_player_count": {str(n): by_count[n].as_json() for n in sorted(by_count)},
        **{game: hook.player_figures(mine[game]) for game, hook in _hooks()
           if hasattr(hook, "player_figures")},
    }


def game_stats(games: Iterable[Played],
               profiles: Mapping[str, str] | None = None) -> dict[str, Any]:
    """Per game: games played and finished, rounds, and the game's own figures. With
    `profiles` (key -> profile name), a game's own figures name its winners as the statistics
    show them (« Chloé » for « chloé » typed: one person, one row of « Autre jeu »'s wins)."""
    games = list(games)
    shown = None if profiles is None else display_names(games, profiles)
    out: dict[str, Any] = {}
    for played in games:
        record = played.record
        if shown is not None:
            record = replace(record, winners=[shown.get(played.key(w), w)
                                              for w in record.winners])
        row = out.setdefault(record.game, {"played": 0, "finished": 0, "players": 0,
                                           "rounds": 0})
        row["played"] += 1
        row["finished"] += int(record.finished)
        row["players"] += len(record.players)
        row["rounds"] += len(record.rounds.rows) if record.rounds else 0
        hook = stats_hook(record.game)
        if hasattr(hook, "game_row"):  # the game's own figures (ELSEN's sides, Labystère's turns)
            hook.game_row(row, record)
    for game, row in out.items():
        row["average_players"] = round(row.pop("players") / row["played"], 4)
        hook = stats_hook(game)
        if hasattr(hook, "game_row_done"):
            hook.game_row_done(row)
    return {g: out[g] for g in PLAYABLE if g in out}


def display_names(games: Iterable[Played], profiles: Mapping[str, str]) -> dict[str, str]:
    """Player key -> name to show: the profile's current name, else the spelling typed most
    often; never one name for two players (companion/stats/identity.py › shown_names)."""
    return shown_names(games, profiles)


def player_keys(games: Iterable[Played]) -> list[str]:
    """Every player of these games, in order of first appearance (seat order)."""
    seen: dict[str, None] = {}
    for played in games:
        for name in played.record.players:
            seen.setdefault(played.key(name), None)
    return list(seen)
