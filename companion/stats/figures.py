"""Statistics over many games: per player and per game (docs/stats.md › Statistiques).

A player is a key: `profil:<id>` for a profile picked at the seat, otherwise the name typed
(`nom:<name>`). `Played` ties a record to who sat at each seat, so the same person counts as one
whether they were « rouge » in Emblèmes or « Alice » in Noé. Rates are over finished games
only: a game in progress has no winner yet."""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from companion.catalog import PLAYABLE as GAMES
from companion.stats.libre import name_key, named_games
from companion.stats.record import GameRecord


def guest_key(name: str) -> str:
    """A seat without a profile counts as its typed name (case and spaces ignored)."""
    return "nom:" + " ".join(name.split()).casefold()


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


def _rate(won: int, finished: int) -> float | None:
    return None if finished == 0 else round(won / finished, 4)


@dataclass
class Tally:
    played: int = 0
    finished: int = 0
    won: int = 0

    def add(self, finished: bool, won: bool) -> None:
        self.played += 1
        self.finished += int(finished)
        self.won += int(won)

    def as_json(self) -> dict[str, Any]:
        return {"played": self.played, "finished": self.finished, "won": self.won,
                "win_rate": _rate(self.won, self.finished)}


def _mean(values: list[float]) -> float | None:
    return None if not values else round(sum(values) / len(values), 4)


def player_stats(games: Iterable[Played], key: str) -> dict[str, Any]:
    """Everything the statistics say about one player, JSON-ready."""
    total, points = Tally(), 0.0
    by_game: dict[str, Tally] = defaultdict(Tally)
    by_count: dict[int, Tally] = defaultdict(Tally)
    noe = Counter[str]()
    noe_by: Counter[str] = Counter()
    coins: list[int] = []
    characters: Counter[int] = Counter()
    character_coins: Counter[int] = Counter()
    tournaments_won = 0
    tokens: Counter[str] = Counter()
    sides: dict[str, Tally] = defaultdict(Tally)
    roles: dict[str, Tally] = defaultdict(Tally)
    solved_turns: list[int] = []
    named: dict[str, dict[str, Any]] = {}
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
        mine = record.figures.get(name, {})
        if record.game == "noe":
            noe.update({"announcements": mine["announcements"],
                        "announcement_points": mine["announcement_points"],
                        "false_announcements": mine["false_announcements"]})
            noe_by.update(mine["by_announcement"])
        elif record.game == "emblemes":
            coins += mine["coins_by_manche"]
            characters.update({int(v): n for v, n in mine["characters"].items()})
            character_coins.update({int(v): n for v, n in mine["character_coins"].items()})
        elif record.game == "camelot":
            tournaments_won += mine["tournaments_won"]
            tokens.update(mine["tokens_won_by_colour"])
        elif record.game == "elsen" and record.finished:
            sides[mine["side"]].add(True, won)
            roles[mine["role"]].add(True, won)
        elif record.game == "labystere" and won:
            solved_turns.append(mine["turns"])
        elif record.game == "libre":
            row = named.setdefault(name_key(record.title), {"name": record.title,
                                                            **Tally().as_json()})
            tally = Tally(row["played"], row["finished"], row["won"])
            tally.add(record.finished, won)
            row.update(tally.as_json())
    return {
        **total.as_json(), "points": round(points, 4),
        "by_game": {g: by_game[g].as_json() for g in GAMES if g in by_game},
        "by_player_count": {str(n): by_count[n].as_json() for n in sorted(by_count)},
        "noe": {**{k: noe[k] for k in ("announcements", "announcement_points",
                                       "false_announcements")},
                "by_announcement": dict(sorted(noe_by.items()))},
        "emblemes": {"manches": len(coins), "coins": sum(coins),
                     "coins_per_manche": _mean([float(c) for c in coins]),
                     "favourite_character": favourite(characters, character_coins)},
        "camelot": {"tournaments_won": tournaments_won,
                    "tokens_by_colour": dict(sorted(tokens.items()))},
        "elsen": {"by_side": {s: t.as_json() for s, t in sorted(sides.items())},
                  "by_role": {r: t.as_json() for r, t in sorted(roles.items())}},
        "labystere": {"solved": len(solved_turns), "turns_to_solve": _mean(
            [float(t) for t in solved_turns])},
        "libre": {"by_name": dict(sorted(named.items()))},
    }


def favourite(revealed: Mapping[int, int], earned: Mapping[int, int]) -> int | None:
    """The Emblèmes character a player reveals most; a tie goes to the one whose cards earned
    them most coins, then to the higher value (docs/stats.md › Personnage favori)."""
    if not revealed:
        return None
    return max(revealed, key=lambda v: (revealed[v], earned.get(v, 0), v))


def game_stats(games: Iterable[Played]) -> dict[str, Any]:
    """Per game: games played and finished, rounds, and the game's own figures (« Autre
    jeu »: per named game, `by_name`)."""
    out: dict[str, Any] = {}
    games = list(games)
    for played in games:
        record = played.record
        row = out.setdefault(record.game, {"played": 0, "finished": 0, "players": 0,
                                           "rounds": 0})
        row["played"] += 1
        row["finished"] += int(record.finished)
        row["players"] += len(record.players)
        row["rounds"] += len(record.rounds.rows) if record.rounds else 0
        if record.game == "elsen" and record.finished:
            side = row.setdefault("wins_by_side", {})
            side[record.facts["winning_side"]] = side.get(record.facts["winning_side"], 0) + 1
        if record.game == "labystere" and record.facts["solved"]:
            row.setdefault("turns_to_solve", []).append(record.facts["turns"])
    for row in out.values():
        row["average_players"] = round(row.pop("players") / row["played"], 4)
        if "turns_to_solve" in row:
            row["turns_to_solve"] = _mean([float(t) for t in row["turns_to_solve"]])
    if "libre" in out:
        out["libre"]["by_name"] = named_games(p.record for p in games)
    return {g: out[g] for g in GAMES if g in out}


def display_names(games: Iterable[Played], profiles: Mapping[str, str]) -> dict[str, str]:
    """Player key -> name to show: the profile's current name, else the name as first typed."""
    out: dict[str, str] = {}
    for played in games:
        for name in played.record.players:
            key = played.key(name)
            out.setdefault(key, profiles.get(key, name))
    return out


def player_keys(games: Iterable[Played]) -> list[str]:
    """Every player of these games, in order of first appearance (seat order)."""
    seen: dict[str, None] = {}
    for played in games:
        for name in played.record.players:
            seen.setdefault(played.key(name), None)
    return list(seen)
