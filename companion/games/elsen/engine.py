"""ELSEN's turn engine: deal, opening night, then 10 turns of day (mission), night (Policier,
saboteurs' kill, Voyante, dawn) and vote. The state is the replay of the events:

    {"type": "deal", "method": "random"|"cards", "seed"?: int, "roles": {name: role}}
    {"type": "recognition"}                       the saboteurs have recognised each other
    {"type": "mission", "team": [names], "cards": ["action-..."], "forcer"?: reason}
    {"type": "protect", "target": name|null}      the Policier's choice (null: Policier excluded)
    {"type": "kill", "victim": name}              when a kill is due (Élimination, turn 5)
    {"type": "seer", "target": name|null}         the Voyante's question (null: Voyante excluded)
    {"type": "dawn"}                              cards given back, everyone wakes
    {"type": "vote", "target": name|null, "votes": int}

The night's steps (protect, kill, seer, dawn) and their order are night.py's `Night`, mixed
into `ElsenState`. Schema: docs/log-schemas/elsen.json; decisions: docs/register/elsen.md."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from companion.core.errors import RuleError
from companion.core.text import counted
from companion.games.elsen.checker import Member
from companion.games.elsen.data import ElsenData
from companion.games.elsen.mission import MissionResult, card_ids, resolve
from companion.games.elsen.night import Night
from companion.games.elsen.setup import Setup, check_deal, elsen_data, parse_setup

PHASES = ("deal", "opening", "day", "night", "vote", "over")
RULE_DAY = "elsen.txt › Phase de jeu jour"
RULE_VOTE = "elsen.txt › Phase de vote"
RULE_GOAL = "elsen.txt › But du jeu"
RULE_FORCE = "registre ELS-9"
FORCE_REASON_MAX = 500
# What each phase but the night expects next (the night follows its own order of steps).
NEXT_STEP = {"deal": "deal", "opening": "recognition", "day": "mission", "vote": "vote",
             "over": ""}


class ElsenState(Night):
    def __init__(self, data: ElsenData, setup: Setup) -> None:
        self.data = data
        self.setup = setup
        self.players = list(setup.players)
        self.roles: dict[str, str] = {}
        self.deal_method = ""
        self.alive = {p: True for p in self.players}
        self.excluded: list[str] = []
        self.phase = "deal"
        self.turn = 1
        self.first_player = setup.first_player
        self.progress = 0  # halves on the current mission
        self.ghost_progress = 0  # tokens on the ghost mission
        self.missions_won = 0
        self.used: set[str] = set()  # single-use cards already spent
        self.night_steps: list[str] = []  # what remains of tonight, in the rules' order
        self.kill_due = False
        self.missions: list[dict[str, Any]] = []
        self.nights: list[dict[str, Any]] = []
        self.votes: list[dict[str, Any]] = []
        self.winner: str | None = None
        self.win_reason = ""
        self.events = 0
        self.last_event = ""  # type of the last event applied (what the narration follows)
        # Asked after every event (victory, night powers); the roles are fixed at the deal.
        self._holders: dict[str, str] | None = None
        self._sides: tuple[list[str], list[str]] | None = None  # (saboteurs, passengers)

    # --- facts ------------------------------------------------------------------------------

    @property
    def needed(self) -> int:
        return self.data.success_tokens[len(self.players)]

    @property
    def aboard(self) -> list[str]:
        """Players still in the ship (excluded players left it), in seat order."""
        if not self.excluded:
            return list(self.players)
        return [p for p in self.players if p not in self.excluded]

    def out(self, player: str) -> bool:
        """Out of the game for the goals: excluded or dead (registre ELS-10)."""
        return player in self.excluded or not self.alive[player]

    def holder(self, role: str) -> str | None:
        if self._holders is None:  # the roles never change after the deal: indexed once
            self._holders = {}
            for p, r in self.roles.items():
                self._holders.setdefault(r, p)
        return self._holders.get(role)

    def saboteurs(self) -> list[str]:
        return [p for p in self.players if self.roles.get(p) == "saboteur"]

    def min_team(self) -> int:
        """At least 3 (elsen.txt › Phase de jeu jour), or everyone aboard if fewer (ELS-6)."""
        return min(self.data.min_team, len(self.players) - len(self.excluded))

    def votes_needed(self) -> int:
        """Votes to exclude someone: setting vote_threshold (registre ELS-1). Voters are the
        players aboard, dead ones included (the dead go on playing)."""
        voters = len(self.players) - len(self.excluded)
        if self.setup.settings["vote_threshold"] == "at_least_half":
            return (voters + 1) // 2
        return voters // 2 + 1

    def next_step(self) -> str:
        """The event type the game expects now."""
        if self.phase == "night":
            return self.night_steps[0]
        return NEXT_STEP[self.phase]

    # --- applying events --------------------------------------------------------------------

    def apply(self, event: dict[str, Any]) -> None:
        if not isinstance(event, dict) or not isinstance(event.get("type"), str):
            raise RuleError("un événement est un objet JSON avec un champ « type »",
                            "docs/log-format.md")
        kind = event["type"]
        if kind not in HANDLERS:
            raise RuleError(f"type d'événement inconnu : {kind!r} ; types : "
                            f"{', '.join(HANDLERS)}", "docs/log-schemas/elsen.json")
        if self.phase == "over":
            raise RuleError("la partie est terminée", RULE_GOAL)
        expected = self.next_step()
        if kind != expected:
            raise RuleError(f"« {kind} » arrive trop tôt ou trop tard : le jeu attend "
                            f"« {expected} » (tour {self.turn}, phase {self.phase})",
                            "registre ELS-3")
        HANDLERS[kind](self, event)
        self.events += 1
        self.last_event = kind
        if kind in DECISIVE:
            self._check_victory()

    def _deal(self, event: dict[str, Any]) -> None:
        """The roles dealt at random (seed and result recorded) or with physical cards
        (elsen.txt › Installation)."""
        method = event.get("method")
        if method not in ("random", "cards"):
            raise RuleError("distribution : method vaut « random » ou « cards »",
                            "elsen.txt › Installation")
        roles = check_deal(self.data, self.setup, event.get("roles"))
        self.roles = roles
        self._holders = self._sides = None
        self.deal_method = str(method)
        self.phase = "opening"

    def _recognition(self, event: dict[str, Any]) -> None:
        """First night: the saboteurs wake and recognise each other (elsen.txt › Déroulement)."""
        self.phase = "day"

    def _names(self, value: object, what: str, rule: str) -> list[str]:
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise RuleError(f"{what} : une liste de noms de joueurs attendue", rule)
        for name in value:
            self._aboard(name, what, rule)
        if len(set(value)) != len(value):
            raise RuleError(f"{what} : un joueur ne peut y être deux fois", rule)
        return list(value)

    def _aboard(self, name: object, what: str, rule: str) -> str:
        if name not in self.players:
            raise RuleError(f"{what} : joueur inconnu {name!r}", rule)
        if name in self.excluded:
            raise RuleError(f"{what} : {name} a été exclu du vaisseau", RULE_VOTE)
        return str(name)

    def team_members(self, team: list[str]) -> list[Member]:
        return [Member(p, self.roles[p], self.alive[p]) for p in team]

    def preview_mission(self, event: dict[str, Any]) -> MissionResult:
        """What a "mission" event would give, without changing anything (for live checking)."""
        return self._read_mission(event)[2]

    def _read_mission(self, event: dict[str, Any]) -> tuple[list[str], list[str], MissionResult]:
        """The team (at least the minimum, registre ELS-6), its cards' ids and what they give."""
        team = self._names(event.get("team"), "équipe", RULE_DAY)
        if len(team) < self.min_team():
            raise RuleError(f"une équipe compte au moins {counted(self.min_team(), 'joueur')} "
                            f"(reçu {len(team)})", RULE_DAY)
        cards = card_ids(self.data, event.get("cards"))
        return team, cards, resolve(self.data, len(self.players), self.progress,
                                    self.ghost_progress, self.team_members(team), cards,
                                    self.setup.settings["ghost_mission_reward"],
                                    frozenset(self.used))

    def _mission(self, event: dict[str, Any]) -> None:
        """Day: the first player's team reveals its cards; resolution (elsen.txt › Phase de jeu
        jour). Cards the team's roles and states do not allow are refused unless the host forces
        them with a reason, which the log keeps (registre ELS-9)."""
        forced = _force_reason(event)
        team, cards, result = self._read_mission(event)
        if result.violations and forced is None:
            found = " ; ".join(v.reason for v in result.violations)
            raise RuleError(f"cartes impossibles, refusées ({found}) ; l'hôte peut forcer la "
                            "mission en donnant une raison (« forcer »)",
                            result.violations[0].rule)
        if forced is not None and not result.violations:
            raise RuleError("rien à forcer : toutes ces cartes sont possibles", RULE_FORCE)
        spent = {c for c in cards if self.data.action_card(c).play.single_use
                 and any(self.roles[p] in (self.data.action_card(c).play.roles or [])
                         for p in team)}
        self.used |= spent
        self.progress = result.progress
        self.ghost_progress = result.ghost_progress
        self.missions_won += int(result.completed)
        self.kill_due = result.kill_due
        self.missions.append({"turn": self.turn, "leader": self.first_player, "team": team,
                              "cards": list(event["cards"]), "mission": self.missions_won
                              + (0 if result.completed else 1), **result.as_dict(),
                              **({"forced": forced} if forced is not None else {})})
        self.night_steps = self._night_order()
        self.nights.append({"turn": self.turn, "kill_due": result.kill_due,
                            "forced_kill": self.forced_kill(),
                            "order": list(self.night_steps)})
        self.phase = "night"

    def _vote(self, event: dict[str, Any]) -> None:
        """Exclusion by vote (threshold: ELS-1); the excluded player leaves with their role
        secret; the first-player token passes left (elsen.txt › Phase de vote; ELS-7)."""
        target = event.get("target")
        votes = event.get("votes", 0)
        if isinstance(votes, bool) or not isinstance(votes, int) or not \
                0 <= votes <= len(self.aboard):
            raise RuleError(f"votes : un nombre de 0 à {len(self.aboard)} (joueurs à bord) "
                            f"attendu (reçu {votes!r})", RULE_VOTE)
        if target is not None:
            self._aboard(target, "vote", RULE_VOTE)
        elif votes:
            raise RuleError("des voix sans personne désignée", RULE_VOTE)
        needed = self.votes_needed()
        excluded = target if target is not None and votes >= needed else None
        if excluded:
            self.excluded.append(excluded)
        self.first_player = self._left_of(self.first_player)
        self.votes.append({"turn": self.turn, "target": target, "votes": votes,
                           "needed": needed, "excluded": excluded,
                           "first_player": self.first_player})
        if self.turn >= self.data.turns:
            self.phase = "ended"  # the last turn is over; victory decides below
        elif self._outcome() is None:  # a vote that ends the game stays in its own turn
            self.turn += 1
            self.phase = "day"

    def _left_of(self, player: str) -> str:
        """Next player aboard in seat order (registre ELS-7)."""
        seat = self.players.index(player)
        for step in range(1, len(self.players) + 1):
            candidate = self.players[(seat + step) % len(self.players)]
            if candidate not in self.excluded:
                return candidate
        return player

    # --- the end ----------------------------------------------------------------------------

    def _check_victory(self) -> None:
        """After every event that can decide it (DECISIVE): passengers win when every saboteur
        is out or 5 missions are won; saboteurs when every passenger is out or turn 10 ends
        short (elsen.txt › But du jeu)."""
        outcome = self._outcome()
        if outcome is not None:
            self._end(*outcome)

    def _outcome(self) -> tuple[str, str] | None:
        """The winning side and why, if the game is won now (registre ELS-10)."""
        if not self.roles:
            return None
        if self._sides is None:
            self._sides = (self.saboteurs(),
                           [p for p in self.players if self.roles[p] != "saboteur"])
        saboteurs, passengers = self._sides
        excluded, alive = self.excluded, self.alive  # `out` inlined: asked after every event
        if not any(alive[p] and p not in excluded for p in saboteurs):
            return "passagers", "tous les saboteurs sont hors jeu"
        if self.missions_won >= self.data.missions_to_win:
            return "passagers", f"{self.data.missions_to_win} missions réussies"
        if not any(alive[p] and p not in excluded for p in passengers):
            return "saboteurs", "tous les passagers sont hors jeu"
        if self.phase == "ended":
            won = counted(self.missions_won, "mission réussie", "missions réussies")
            return "saboteurs", f"{self.data.turns} tours joués et seulement {won}"
        return None

    def _end(self, winner: str, reason: str) -> None:
        self.winner, self.win_reason, self.phase = winner, reason, "over"
        self.night_steps = []

    # --- views ------------------------------------------------------------------------------

    def public(self) -> dict[str, Any]:
        """What anyone at the table may see: no roles, no lives, no night choices."""
        return {"game": "elsen", "players": self.players, "turn": self.turn,
                "turns": self.data.turns, "phase": self.phase,
                "first_player": self.first_player, "progress": self.progress / 2,
                "needed": self.needed, "ghost_progress": self.ghost_progress,
                "missions_won": self.missions_won,
                "missions_to_win": self.data.missions_to_win, "excluded": list(self.excluded),
                "winner": self.winner, "win_reason": self.win_reason}

    def summary(self) -> dict[str, Any]:
        """The game master's full view (secrets included)."""
        return {**self.public(), "next": self.next_step(), "roles": dict(self.roles),
                "alive": dict(self.alive), "kill_due": self.kill_due,
                "night_steps": list(self.night_steps), "used": sorted(self.used),
                "special_roles": list(self.setup.special_roles),
                "settings": dict(self.setup.settings), "deal_method": self.deal_method,
                "missions": self.missions, "nights": self.nights, "votes": self.votes,
                "violations": [v for m in self.missions for v in m["violations"]]}


def _force_reason(event: dict[str, Any]) -> str | None:
    """The host's reason for forcing an impossible mission, if given: a short non-empty text."""
    if "forcer" not in event:
        return None
    reason = event["forcer"]
    if not isinstance(reason, str) or not reason.strip() or len(reason) > FORCE_REASON_MAX:
        raise RuleError(f"« forcer » : la raison, en toutes lettres (1 à {FORCE_REASON_MAX} "
                        "caractères)", RULE_FORCE)
    return reason.strip()


HANDLERS: dict[str, Callable[[ElsenState, dict[str, Any]], None]] = {
    "deal": ElsenState._deal, "recognition": ElsenState._recognition,
    "mission": ElsenState._mission, "protect": ElsenState._protect, "kill": ElsenState._kill,
    "seer": ElsenState._seer, "dawn": ElsenState._dawn, "vote": ElsenState._vote}
# The events that change what the victory reads (roles, missions won, who is dead or excluded,
# the last turn played); after the others the game cannot have been won (it was not before).
DECISIVE = frozenset({"deal", "mission", "kill", "vote"})


class ElsenEngine:
    game = "elsen"

    def new_state(self, setup: dict[str, Any]) -> ElsenState:
        data = elsen_data()
        if not isinstance(setup, dict):
            raise RuleError("la mise en place est un objet JSON", "docs/log-schemas/elsen.json")
        return ElsenState(data, parse_setup(data, setup))


ENGINE = ElsenEngine()
