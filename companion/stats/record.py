"""The one shape of a game's result, whatever the game (docs/stats.md).

Each game has a hook `companion/stats/<game>.py` with
`extract(setup, events, summary) -> GameRecord`: `events` are the effective events (undo and
corrections resolved), `summary` the engine's summary of their replay. `record_of` replays a
stored log and calls the hook: a record is always what the log says, never retyped.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from types import ModuleType
from typing import Any, NamedTuple

from companion.core import registry
from companion.core.engine import replay_entries
from companion.core.errors import UsageError
from companion.core.log import resolve
from companion.core.registry import game_info
from companion.core.text import number

Number = int | float


@dataclass(frozen=True)
class RoundRow:
    """One round (manche, tournament, turn): what each series gained in it, its running
    total after it, and a short public note (« Tournoi rouge gagné par Arthur »)."""

    number: int
    gains: dict[str, Number]
    totals: dict[str, Number]
    note: str = ""


@dataclass(frozen=True)
class Rounds:
    """A game's per-round history: `series` are the lines of the chart (players, or a
    team figure for ELSEN), in seat order; `target` the total that ends the game, if any."""

    label: str  # « Manche », « Tournoi », « Tour »
    unit: str  # « points », « pièces », « jetons », « missions »
    series: list[str]
    rows: list[RoundRow]
    target: Number | None = None

    def chart_rows(self, at_most: int | None = None) -> list[dict[str, Any]]:
        """Long-format rows for a line chart: round 0 at the start values, then each round;
        `at_most`: that many rounds, evenly spread, the last always among them (a curve of
        11,809 rounds drawn through 200 of them keeps its shape, at a bounded cost)."""
        start = {s: self.rows[0].totals[s] - self.rows[0].gains[s] for s in self.series} \
            if self.rows else dict.fromkeys(self.series, 0)
        rows = self.rows
        if at_most is not None and len(rows) > at_most:
            step = len(rows) / at_most
            rows = [rows[min(round((i + 1) * step) - 1, len(rows) - 1)] for i in range(at_most)]
        out = [{"round": 0, "series": s, "total": start[s]} for s in self.series]
        out += [{"round": row.number, "series": s, "total": row.totals[s]}
                for row in rows for s in self.series]
        return out

    def as_json(self) -> dict[str, Any]:
        return {"label": self.label, "unit": self.unit, "series": list(self.series),
                "target": self.target,
                "rows": [{"number": r.number, "gains": r.gains, "totals": r.totals,
                          "note": r.note} for r in self.rows]}


@dataclass(frozen=True)
class GameRecord:
    """A game's result as the statistics see it.

    `players` are the names typed at the table, in seat order (the log's own names: a profile
    renamed later does not change them). `places` (1 = first, ties share the better place)
    exist once the game is finished. `figures` are per player and game-specific (Noé's
    announcements, Emblèmes' characters...); `facts` are about the game as a whole."""

    game: str
    players: list[str]
    finished: bool
    winners: list[str]
    places: dict[str, int]
    scores: dict[str, Number] | None
    score_unit: str
    rounds: Rounds | None
    figures: dict[str, dict[str, Any]] = field(default_factory=dict)
    facts: dict[str, Any] = field(default_factory=dict)
    code: str = ""
    created: str = ""

    @property
    def title(self) -> str:
        """The game's title; « Autre jeu » carries the name the table gave it."""
        return self.facts.get("title") or game_info(self.game).title

    def points(self, player: str) -> float | None:
        """Place-based points normalised per game (docs/stats.md › Points par place): 1 for
        first place, 0 for last, evenly in between; None while the game is not finished."""
        if not self.finished or player not in self.places:
            return None
        return place_points(self.places[player], len(self.players))

    def result_line(self, label: Callable[[str], str] = str) -> str:
        """« victoire : Alice (150 points) », « en cours », « aucun gagnant »: plain text;
        `label` shows a seat's name (a profile's name beside the one typed, say)."""
        if not self.finished:
            return "en cours"
        if not self.winners:
            return "aucun gagnant"
        names = join_names([label(w) for w in self.winners])
        side = self.facts.get("winning_side_name")
        if side:
            return f"victoire des {side} ({names})"
        score = ""
        if self.scores is not None and len(self.winners) == 1:
            score = f", {count_text(self.scores[self.winners[0]], self.score_unit)}"
        return f"victoire : {names}{score}"

    def as_json(self) -> dict[str, Any]:
        return {"game": self.game, "code": self.code, "created": self.created,
                "players": list(self.players), "finished": self.finished,
                "winners": list(self.winners), "places": dict(self.places),
                "points": {p: self.points(p) for p in self.players} if self.finished else {},
                "scores": self.scores, "score_unit": self.score_unit,
                "rounds": None if self.rounds is None else self.rounds.as_json(),
                "figures": self.figures, "facts": self.facts}


def join_names(names: Sequence[str]) -> str:
    """« Alice », « Alice et Bruno », « Alice, Bruno et Chloé »."""
    names = list(names)
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " et " + names[-1]


PLURALS = {"points": "point", "pièces": "pièce", "jetons": "jeton", "missions": "mission",
           "victoires": "victoire", "parties": "partie",
           "parties terminées": "partie terminée", "annonces": "annonce",
           "fausses annonces": "fausse annonce", "manches": "manche",
           "tournois gagnés": "tournoi gagné", "énigmes résolues": "énigme résolue",
           "tours": "tour"}


def count_text(value: Number, unit: str) -> str:
    """« 1 point », « 0 point », « 2,5 points » (French: singular below 2)."""
    singular = PLURALS.get(unit, unit)
    return f"{number_text(value)} {singular if abs(value) < 2 else unit}"


def number_text(value: Number) -> str:
    """A number as French prose writes it: « 2 », « 2,5 »."""
    return str(int(value)) if float(value).is_integer() else f"{value:g}".replace(".", ",")


def rate_text(value: float | None) -> str:
    """A win rate in whole percents, « — » where no game is finished."""
    return "—" if value is None else f"{round(value * 100)} %"


def points_text(value: Number | None) -> str:
    """Place-based points as people read them, the same on the podium, its chart, the tables
    and the exports: « 1,67 » (two decimals at most; a sum of thirds is no « 1,6667 »)."""
    return "" if value is None else number(value, 2)


def place_points(place: int, players: int) -> float:
    """1 for first place, 0 for last (place = number of players), linear in between."""
    if players <= 1:
        return 1.0
    return round(1 - (place - 1) / (players - 1), 6)


def places_by_score(players: Sequence[str], scores: Mapping[str, Number],
                    winners: Sequence[str] = ()) -> dict[str, int]:
    """Standard competition ranking (1, 1, 3): higher is better; `winners` (the engine's
    verdict, which may break a tie by the rules) always take place 1 and come first."""
    others = [p for p in players if p not in winners]
    places = dict.fromkeys(winners, 1)
    for p in others:
        better = sum(1 for q in others if scores[q] > scores[p])
        places[p] = len(winners) + better + 1
    return places


def places_winners_only(players: Sequence[str], winners: Sequence[str]) -> dict[str, int]:
    """A game that only names its winners: they share place 1, everyone else the last place
    (for a team game, the losing side)."""
    return {p: 1 if p in winners else len(players) for p in players}


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


class Mine(NamedTuple):
    """One player's part of one game, as a stats hook's `player_figures` reads it."""

    figures: dict[str, Any]  # the record's figures for this player
    finished: bool
    won: bool


def mean(values: list[float]) -> float | None:
    return None if not values else round(sum(values) / len(values), 4)


def stats_hook(game: str) -> ModuleType:
    """The game's stats module (GameInfo.stats): `extract`, optionally `replay_and_extract`,
    and its figures (`player_figures`, `game_row`); UsageError for an unknown game."""
    if registry.module_name(game, "stats") is None:
        raise UsageError(f"{game_info(game).title} : pas de statistiques pour ce jeu")
    return registry.module(game, "stats")


def record_of(game: str, setup: dict[str, Any], raw: Sequence[Any], code: str = "",
              created: str = "") -> GameRecord:
    """Replay a raw log (meta-events resolved) and extract its record with the game's hook.
    Raises InvalidEvent when the log does not replay."""
    hook = stats_hook(game)
    entries = resolve(raw)
    if hasattr(hook, "replay_and_extract"):  # a hook that follows the replay event by event
        record: GameRecord = hook.replay_and_extract(setup, entries)
        return replace(record, code=code, created=created)
    state = replay_entries(game, setup, entries)
    return record_from_state(game, setup, [e.event for e in entries], state.summary(), code,
                             created)


def record_from_state(game: str, setup: dict[str, Any], events: list[dict[str, Any]],
                      summary: dict[str, Any], code: str = "", created: str = "") -> GameRecord:
    """The record of an already replayed game (a page's StoredGame: no second replay)."""
    hook = stats_hook(game)
    record: GameRecord = hook.extract(setup, events, summary)
    return replace(record, code=code, created=created)
