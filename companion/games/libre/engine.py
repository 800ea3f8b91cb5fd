"""The « Autre jeu » engine: a score sheet by rounds for a game the table names (« Skull
King »), with no rules checked beyond the sheet's own (registre LIB-*, docs/register/libre.md).

Setup: {"name": the game's name, "players": [names in seat order: 1-20 without teams, at most
100 with them], "teams": {team name: [players]} (optional: then the teams are the competitors,
1-20 of them, and every player is in exactly one), "winner": "high" | "low", "target": n
(optional: the game ends at the end of the round in which a total reaches n) or "rounds": n
(optional: a fixed count of rounds), not both}.

Events (docs/log-schemas/libre.json):
- {"type": "round", "scores": {competitor: integer}}  a competitor left out scores 0 (LIB-2);
- {"type": "end"}  the table stops the game (LIB-4).

summary(): `name`, `players`, `teams` (or null), `competitors` (seat order: the players, or the
teams in the order given), `winner` ("high" | "low"), `target`, `rounds_limit`, `rounds` (each
round's scores, every competitor filled in), `scores` (totals), `history` (totals after each
round), `ranking` ([{name, total, place}], ties share a place: LIB-5), `leaders`, `winners`
(empty until finished), `winning_players` (the players of the winning teams, or the winners),
`finished`, `ended_by` ("table" | "target" | "rounds" | null), `turn` (always null: a sheet has
no turns), `violations` (always empty)."""

from __future__ import annotations

from typing import Any

from companion.core.errors import RuleError

TYPES = ("round", "end")
MAX_COMPETITORS = 20
MAX_PLAYERS = MAX_COMPETITORS * 5  # with teams: 20 teams of 5 (registre LIB-1)
MAX_NAME = 80  # a game's, a player's or a team's name, in characters
MAX_SCORE = 10**9  # a round's score, either sign: far beyond any game, bounded for JSON readers
MAX_ROUNDS = 1000  # the fixed count of rounds a setup may ask for
RULE_SETUP = "registre LIB-1"
RULE_ROUND = "registre LIB-2"
RULE_END = "registre LIB-4"


class LibreState:
    """State of a score sheet; `apply` checks an event fully before changing anything."""

    def __init__(self, setup: dict[str, Any]) -> None:
        (self.name, self.players, self.teams, self.low, self.target,
         self.rounds_limit) = check_setup(setup)
        self.competitors: list[str] = list(self.teams) if self.teams else list(self.players)
        self.rounds: list[dict[str, int]] = []
        self.ended_by: str | None = None

    # --- reading --------------------------------------------------------------------------

    @property
    def finished(self) -> bool:
        return self.ended_by is not None

    def totals(self) -> dict[str, int]:
        return {c: sum(r[c] for r in self.rounds) for c in self.competitors}

    def ranking(self) -> list[dict[str, Any]]:
        """Best first; equal totals share a place and the next place skips (1, 1, 3: LIB-5);
        equal totals keep the seat order."""
        totals = self.totals()
        sign = 1 if self.low else -1
        order = sorted(self.competitors, key=lambda c: sign * totals[c])
        return [{"name": c, "total": totals[c],
                 "place": 1 + sum(1 for o in self.competitors
                                  if sign * totals[o] < sign * totals[c])}
                for c in order]

    def leaders(self) -> list[str]:
        if not self.rounds:
            return []
        return [row["name"] for row in self.ranking() if row["place"] == 1]

    def winners(self) -> list[str]:
        return self.leaders() if self.finished else []

    def players_of(self, competitors: list[str]) -> list[str]:
        if not self.teams:
            return list(competitors)
        return [p for c in competitors for p in self.teams[c]]

    def summary(self) -> dict[str, Any]:
        running = dict.fromkeys(self.competitors, 0)
        history = []
        for scores in self.rounds:
            running = {c: running[c] + scores[c] for c in self.competitors}
            history.append(dict(running))
        winners = self.winners()
        return {
            "name": self.name, "players": list(self.players),
            "teams": {t: list(m) for t, m in self.teams.items()} if self.teams else None,
            "competitors": list(self.competitors), "winner": "low" if self.low else "high",
            "target": self.target, "rounds_limit": self.rounds_limit,
            "rounds": [dict(r) for r in self.rounds], "scores": self.totals(),
            "history": history, "ranking": self.ranking(), "leaders": self.leaders(),
            "winners": winners, "winning_players": self.players_of(winners),
            "finished": self.finished, "ended_by": self.ended_by, "turn": None,
            "violations": [],
        }

    # --- changing -------------------------------------------------------------------------

    def apply(self, event: dict[str, Any]) -> None:
        if not isinstance(event, dict):
            raise RuleError("un événement est un objet JSON", RULE_ROUND)
        kind = event.get("type")
        if kind not in TYPES:
            raise RuleError(f"type d'événement inconnu « {kind} » ; types : {', '.join(TYPES)}",
                            RULE_ROUND)
        if self.finished:
            raise RuleError("la partie est terminée : plus aucune manche", RULE_END)
        if kind == "round":
            scores = self._check_scores(event)
            self.rounds.append(scores)
            self._end_by_count()
        else:
            if set(event) != {"type"}:
                raise RuleError("« end » ne prend aucun autre champ", RULE_END)
            if not self.rounds:
                raise RuleError("aucune manche n'a été jouée : rien à terminer", RULE_END)
            self.ended_by = "table"

    def _check_scores(self, event: dict[str, Any]) -> dict[str, int]:
        extra = set(event) - {"type", "scores"}
        if extra:
            raise RuleError(f"champ inconnu dans une manche : {', '.join(sorted(map(str, extra)))}",
                            RULE_ROUND)
        scores = event.get("scores")
        if not isinstance(scores, dict):
            raise RuleError("« scores » : les points de la manche, par "
                            + ("équipe" if self.teams else "joueur"), RULE_ROUND)
        for who, points in scores.items():
            if who not in self.competitors:
                kind = "équipe inconnue" if self.teams else "joueur inconnu"
                raise RuleError(f"{kind} « {who} » dans les points de la manche", RULE_ROUND)
            if not isinstance(points, int) or isinstance(points, bool):
                raise RuleError(f"les points de « {who} » doivent être un nombre entier "
                                f"(reçu {points!r})", RULE_ROUND)
            if abs(points) > MAX_SCORE:
                raise RuleError(f"les points de « {who} » dépassent un milliard", RULE_ROUND)
        return {c: int(scores.get(c, 0)) for c in self.competitors}

    def _end_by_count(self) -> None:
        """A fixed count ends with its last round; a target at the end of the round in which
        a total reaches it (LIB-3)."""
        if self.rounds_limit is not None and len(self.rounds) >= self.rounds_limit:
            self.ended_by = "rounds"
        elif self.target is not None and any(t >= self.target for t in self.totals().values()):
            self.ended_by = "target"


def _name(value: Any, what: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise RuleError(f"{what} : un nom non vide", RULE_SETUP)
    if len(value) > MAX_NAME:
        raise RuleError(f"{what} : {MAX_NAME} caractères au plus", RULE_SETUP)
    return value.strip()


def _distinct(names: list[str], what: str) -> None:
    if len({n.casefold() for n in names}) != len(names):
        raise RuleError(f"chaque {what} a un nom, distinct des autres", RULE_SETUP)


def _positive(setup: dict[str, Any], key: str, ceiling: int) -> int | None:
    value = setup.get(key)
    if value is None:
        return None
    if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= ceiling:
        raise RuleError(f"« {key} » : un nombre entier de 1 à {ceiling:_}".replace("_", " "),
                        RULE_SETUP)
    return value


def check_setup(setup: Any) -> tuple[str, list[str], dict[str, list[str]], bool, int | None,
                                      int | None]:
    if not isinstance(setup, dict):
        raise RuleError("la mise en place doit être un objet JSON", RULE_SETUP)
    extra = set(setup) - {"name", "players", "teams", "winner", "target", "rounds"}
    if extra:
        raise RuleError("champ inconnu dans la mise en place : "
                        + ", ".join(sorted(map(str, extra))), RULE_SETUP)
    name = _name(setup.get("name"), "« name » (le nom du jeu)")
    players = setup.get("players")
    if not isinstance(players, list) or not players:
        raise RuleError("« players » : la liste des noms des joueurs, dans l'ordre des places",
                        RULE_SETUP)
    names = [_name(p, "chaque joueur") for p in players]
    _distinct(names, "joueur")
    teams: dict[str, list[str]] = {}
    raw_teams = setup.get("teams")
    if raw_teams is not None:
        if not isinstance(raw_teams, dict) or not raw_teams:
            raise RuleError("« teams » : chaque équipe et la liste de ses joueurs", RULE_SETUP)
        for team, members in raw_teams.items():
            label = _name(team, "chaque équipe")
            if not isinstance(members, list) or not members:
                raise RuleError(f"l'équipe « {label} » doit compter au moins un joueur",
                                RULE_SETUP)
            for member in members:
                if member not in names:
                    raise RuleError(f"l'équipe « {label} » compte un joueur inconnu « {member} »",
                                    RULE_SETUP)
            teams[label] = [m.strip() for m in members]
        _distinct(list(teams), "équipe")
        seated = [m for members in teams.values() for m in members]
        if sorted(seated) != sorted(names):
            raise RuleError("chaque joueur est dans une équipe et une seule", RULE_SETUP)
    count = len(teams) if teams else len(names)
    if not 1 <= count <= MAX_COMPETITORS:
        kind = "équipes" if teams else "joueurs"
        raise RuleError(f"1 à {MAX_COMPETITORS} {kind} (reçu {count})", RULE_SETUP)
    if len(names) > MAX_PLAYERS:
        raise RuleError(f"{MAX_PLAYERS} joueurs au plus", RULE_SETUP)
    winner = setup.get("winner")
    if winner not in ("high", "low"):
        raise RuleError("« winner » : « high » (le plus haut total gagne) ou « low » (le plus "
                        "bas)", RULE_SETUP)
    target = _positive(setup, "target", MAX_SCORE)
    rounds = _positive(setup, "rounds", MAX_ROUNDS)
    if target is not None and rounds is not None:
        raise RuleError("une partie se joue en un nombre de points (« target ») ou en un nombre "
                        "de manches (« rounds »), pas les deux", RULE_SETUP)
    return name, names, teams, winner == "low", target, rounds


class LibreEngine:
    game = "libre"

    def new_state(self, setup: dict[str, Any]) -> LibreState:
        return LibreState(setup)


ENGINE = LibreEngine()
