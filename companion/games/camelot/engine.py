"""Camelot as a state machine replayed from its event log (companion/core/engine.py protocol).

Three modes (setup "mode"):
- "table": the table's tracker. Only public facts: every card played face up; hands are not
  known, draws are counted (registre CAM-17).
- "simulation": real hands and draw pile; the shuffles are recorded in "deal"/"reshuffle" events.
- "jetons": the light token tracker: tournament results and dame penalties only.

Events (documented in docs/log-schemas/camelot.json), players by seat index:
deal, reshuffle, start, cannot_start, play, lancelot, end, withdraw, prize (full modes);
tournament, dame_penalty (jetons mode). The turn's draw is automatic when a turn begins,
except the starter's: the colour is chosen before the draw, so it comes with `start`
(camelot.txt › Débuter un tournoi, registre CAM-1).
"""

from __future__ import annotations

import copy
from typing import Any

from companion.core.errors import RuleError
from companion.games.camelot.cards import (
    COLOUR_CARD,
    GREEN,
    SUPPORTER,
    catalogue,
    printed_values,
)
from companion.games.camelot.refs import (
    R_GOAL,
    R_RESHUFFLE,
    R_SETUP,
    R_STUNNED,
    R_TURN,
)
from companion.games.camelot.texts import describe_event
from companion.games.camelot.tokens import TournamentEnd
from companion.games.camelot.turns import Turns

MODES = ("table", "simulation", "jetons")

# 1: the starter drew, then announced the colour; 2: the colour is chosen before the draw
# (issue 12, registre CAM-1). Table logs without a shown hand replay the same under both.
RULES_VERSION = 2

class CamelotState(Turns, TournamentEnd):
    """The whole game. `apply` checks an event completely before changing anything."""

    def __init__(self, setup: dict[str, Any]) -> None:
        cat = catalogue()
        if not isinstance(setup, dict):
            raise RuleError("la mise en place est un objet JSON", R_SETUP)
        players = setup.get("players")
        if (not isinstance(players, list) or not all(isinstance(x, str) and x.strip()
                                                      for x in players)):
            raise RuleError("« players » : la liste des noms des joueurs", R_SETUP)
        if not cat.min_players <= len(players) <= cat.max_players:
            raise RuleError(f"Camelot se joue de {cat.min_players} à {cat.max_players} joueurs",
                            R_SETUP)
        if len(set(players)) != len(players):
            raise RuleError("deux joueurs portent le même nom", R_SETUP)
        mode = setup.get("mode", "table")
        if mode not in MODES:
            raise RuleError(f"« mode » : l'un de {', '.join(MODES)}", R_SETUP)
        first = setup.get("first_player", 0)
        if not isinstance(first, int) or isinstance(first, bool) or not 0 <= first < len(players):
            raise RuleError("« first_player » : le numéro du joueur qui débute le premier tournoi",
                            "registre CAM-20")
        self.names: list[str] = list(players)
        self.n = len(players)
        self.mode: str = mode
        self.sim = mode == "simulation"
        self.shield_counts_for_charge = bool(setup.get("shield_counts_for_charge", False))
        self.goal = cat.tokens_to_win[self.n]
        self.tokens: list[set[str]] = [set() for _ in range(self.n)]
        self.pool = {c: cat.tokens_per_colour for c in cat.colours}
        self.winner: int | None = None
        self.previous_colour: str | None = None
        self.history: list[dict[str, Any]] = []  # one record per finished tournament
        # tournament state
        self.phase = "deal" if self.sim else ("result" if mode == "jetons" else "start")
        self.current = first
        self.colour: str | None = None
        self.displays: list[list[str]] = [[] for _ in range(self.n)]
        self.active = [True] * self.n
        self.bouclier: int | None = None
        self.assomme: int | None = None
        self.played = 0  # cards played this turn (action cards count, registre CAM-3)
        self.added = 0  # cards added to the current player's display this turn (Assommé)
        self.first_card_due = False
        self.undo: tuple[Any, ...] | None = None  # what Lancelot restores
        self.awaiting_reshuffle = False
        self.pending_draw: int | None = None  # a draw due while pile and discard were empty
        # cards
        self.discard: list[str] = []
        self.hands: list[list[str]] = [[] for _ in range(self.n)]  # simulation only
        self.counts: list[int] = [0] * self.n  # table only
        self.pile: list[str] = []  # simulation only, top = end
        self.pile_count = 0  # table only
        if mode == "table":
            self.counts = [cat.hand_size] * self.n
            self.pile_count = len(cat.deck) - cat.hand_size * self.n
            self._new_tournament(first)

    # --- queries --------------------------------------------------------------------------

    def hand_count(self, p: int) -> int:
        return len(self.hands[p]) if self.sim else self.counts[p]

    def pile_size(self) -> int:
        return len(self.pile) if self.sim else self.pile_count

    def total(self, p: int) -> int:
        """Green: every card counts 1; otherwise printed values (camelot.txt › Tournois verts,
        registre CAM-4)."""
        d = self.displays[p]
        if self.colour == GREEN:
            return len(d)
        return sum(map(printed_values().__getitem__, d))

    def best_other(self, p: int) -> int:
        return max((self.total(q) for q in range(self.n) if q != p and self.active[q]), default=0)

    def can_start(self, p: int) -> bool:
        """Simulation: whether p's hand can open a tournament."""
        return self.startable(self.hands[p])

    def startable(self, hand: list[str]) -> bool:
        """A starter can start with a supporter or a colour card of an allowed colour
        (registre CAM-1)."""
        cards = catalogue().cards
        for c in hand:
            info = cards[c]
            if info.kind == SUPPORTER or (info.kind == COLOUR_CARD and self.colour_allowed(
                    info.colour)):
                return True
        return False

    def check_addition(self, p: int, k: int) -> None:
        """Assommé: one card added per turn to the display, by any means (registre CAM-9)."""
        if self.assomme == p and self.added + k > 1:
            raise RuleError(f"{self.names[p]} est assommé : une seule carte ajoutée à son "
                            "personnage par tour", R_STUNNED)

    def hidden_card_taken(self, q: int, taken: Any) -> str | None:
        """Chute's random card: recorded in simulation, unknown at the table (registre CAM-17)."""
        if not self.sim:
            return None
        if taken not in self.hands[q]:
            raise RuleError("Chute : « taken » doit être une carte de la main visée",
                            "camelot.txt › Carte d'action")
        return str(taken)

    # --- apply ----------------------------------------------------------------------------

    def apply(self, event: dict[str, Any]) -> None:
        self._handler(event)(self, event)

    def _handler(self, event: Any) -> Any:
        """The event's handler, once the checks every event goes through have passed."""
        if not isinstance(event, dict):
            raise RuleError("un événement est un objet JSON avec « type »", R_TURN)
        kind = event.get("type")
        handler = _HANDLERS.get(kind) if isinstance(kind, str) else None
        if handler is None:
            raise RuleError(f"type d'événement inconnu : {kind!r}", R_TURN)
        if self.phase == "over":
            raise RuleError(f"la partie est terminée : {self.names[self.winner or 0]} a gagné",
                            R_GOAL)
        if self.awaiting_reshuffle and kind != "reshuffle":
            raise RuleError("le talon est vide : mélangez la défausse (événement « reshuffle »)",
                            R_RESHUFFLE)
        return handler

    def preview(self, event: dict[str, Any]) -> str:
        """What a play would do, in French, without changing anything (RuleError if illegal)."""
        self._handler(event)
        if event.get("type") == "play":
            p = self._turn_player(event)
            return self._plan_play(p, event).text
        clone = copy.deepcopy(self)
        clone.apply(event)
        return describe_event(event, self.names)

    # --- views ----------------------------------------------------------------------------

    def needs(self, p: int) -> int:
        """Points still missing for p to stay: 0 when p is already strictly highest."""
        return max(0, self.best_other(p) + 1 - self.total(p))

    def summary(self) -> dict[str, Any]:
        cat = catalogue()
        full = self.mode != "jetons"
        players = []
        for p, name in enumerate(self.names):
            row: dict[str, Any] = {"name": name, "tokens": sorted(self.tokens[p])}
            if full:
                row.update(active=self.active[p], display=list(self.displays[p]),
                           total=self.total(p), hand=self.hand_count(p),
                           bouclier=self.bouclier == p, assomme=self.assomme == p)
            players.append(row)
        out: dict[str, Any] = {
            "game": "camelot", "mode": self.mode, "phase": self.phase,
            "current": self.current, "current_name": self.names[self.current],
            "colour": self.colour, "tokens_to_win": self.goal, "players": players,
            "tournaments": [dict(h) for h in self.history],
            "winner": None if self.winner is None else self.names[self.winner],
            "token_pool": dict(self.pool),
            # a player's score is his count of tokens (a correction says which ones moved)
            "scores": {name: len(self.tokens[p]) for p, name in enumerate(self.names)},
            # the keys every engine's summary shares (tests/test_engines_conformance.py):
            # a move against the rules is refused, never recorded, so no violations
            "turn": None if self.phase == "over" else self.names[self.current],
            "violations": [],
        }
        if full:
            out.update(pile=self.pile_size(), discard=len(self.discard),
                       cards_played_this_turn=self.played,
                       lancelot_window=self.undo is not None,
                       must_withdraw=self.phase == "turn" and self.played > 0
                       and self.needs(self.current) > 0,
                       colour_names={c: cat.colour_names[c] for c in cat.colours})
        return out


_HANDLERS = {
    "deal": CamelotState._on_deal,
    "reshuffle": CamelotState._on_reshuffle,
    "start": CamelotState._on_start,
    "cannot_start": CamelotState._on_cannot_start,
    "play": CamelotState._on_play,
    "lancelot": CamelotState._on_lancelot,
    "end": CamelotState._on_end,
    "withdraw": CamelotState._on_withdraw,
    "prize": CamelotState._on_prize,
    "tournament": CamelotState._on_tournament,
    "dame_penalty": CamelotState._on_dame_penalty,
}


class CamelotEngine:
    game = "camelot"

    def new_state(self, setup: dict[str, Any]) -> CamelotState:
        return CamelotState(setup)


ENGINE = CamelotEngine()
