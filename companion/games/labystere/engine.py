"""Labystère's rule checker: the maze of the game's plan, the pawns, the die, the cards turned up,
the paths swapped and the declarations, judged against the plan (rules version 2).

Setup: {"players": [names in seat order], "colours": [colour ids, one per player], "seed": N}.
The seed's plan (setup.py) is the board: every card on its cell, every path card turned as the
plan says (registre LAB-4); all pawns start on Départ. The face-down cards (and so the culprit and
the flag's place) are known to the engine only: the summary shows what lies face up.

Events (schema: docs/log-schemas/labystere.json), each by the player whose turn it is:
- {"type": "roll", "value": 1..6, "source"?: "app"|"table"}: the die;
- {"type": "move", "path": ["B1", "B2", ...]}: the cells entered, one per step of the die;
- {"type": "swap", "cells": ["C2", "D4"]}: two stacks of empty paths exchanged (instead of moving);
- {"type": "reveal", "player"?: name}: the pile under the pawn turned up (after a move; after
  « Échange », each of the two players may look under their pawn if it is a Lieu or a Témoin);
- {"type": "action", "card": id, "cell"?: "B3", "player"?: name}: the Action card turned up,
  carried out (compulsory); `cell` names the Témoin or Lieu looked under, `player` whom the card
  points at;
- {"type": "end_turn"}: the move or swap is done, the next player plays;
- {"type": "declare", "suspect": id, "place": id}: on Arrivée, judged against the plan.
Rules version 1 (before issue 12) kept only turns and the die: engine_v1.py replays those logs,
and the store opens such a game read only with it (READABLE_VERSIONS; registre LAB-19).
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any

from companion.core.errors import RuleError, UsageError
from companion.games.labystere.board import Pos, cell_name, cell_names, parse_cell
from companion.games.labystere.rules import (
    ACTION,
    ACTIONS,
    DECLARE,
    DONE,
    MOVE,
    PATHS,
    PLAY,
    REVEAL,
    ROLL,
    RULES,
    TURN,
    Checks,
    next_seat,
)
from companion.games.labystere.start import Start, read_setup

RULES_VERSION = 2  # 1: turns and die only (engine_v1.py); 2: the maze (issue 12)
# Games stored under version 1 still open, read only, with their own rules (registre LAB-19).
READABLE_VERSIONS = (1,)
EVENT_TYPES = ("roll", "move", "swap", "reveal", "action", "end_turn", "declare")


@dataclass
class LabystereState(Checks, Start):
    pawns: list[Pos | None]
    turn: int = 0
    phase: str = ROLL
    steps: int = 0  # what the last roll lets the current player walk
    double_pending: list[bool] = field(default_factory=list)
    out: list[bool] = field(default_factory=list)
    knows: list[set[str]] = field(default_factory=list)  # "suspect"/"lieu": has set one aside
    may_look: list[int] = field(default_factory=list)  # after « Échange » (registre LAB-17)
    pending: str | None = None  # the Action card turned up, to carry out
    winner: int | None = None
    finished: bool = False
    last_roll: dict[str, Any] | None = None
    last_move: dict[str, Any] | None = None
    last_swap: dict[str, Any] | None = None
    last_reveal: dict[str, Any] | None = None
    last_action: dict[str, Any] | None = None
    declarations: list[dict[str, Any]] = field(default_factory=list)

    # --- protocol -----------------------------------------------------------------------------

    def apply(self, event: dict[str, Any]) -> None:
        """Validate fully, then change the state; a RuleError leaves everything as it was."""
        kind = event.get("type") if isinstance(event, dict) else event
        handler = HANDLERS.get(kind) if isinstance(event, dict) and isinstance(kind, str) else None
        if handler is None:
            raise RuleError(f"type d'événement inconnu {kind!r} ; types : "
                            f"{', '.join(EVENT_TYPES)}", "registre LAB-5")
        if self.finished:
            raise RuleError("la partie est finie", f"{RULES} › FIN DE LA PARTIE")
        handler(self, event)

    def _do_roll(self, event: dict[str, Any]) -> None:
        self._rolled(self.check_roll(event))

    def _rolled(self, value: int) -> None:
        steps, doubled = self.doubled(value)
        self.double_pending[self.turn] = False
        self.last_roll = {"player": self.turn, "value": value, "doubled": doubled,
                          "steps": steps}
        self.steps, self.phase = steps, PLAY
        self.last_move = self.last_swap = self.last_reveal = self.last_action = None

    def _do_move(self, event: dict[str, Any]) -> None:
        self._moved(self.check_move(event))

    def _moved(self, walk: list[Pos], names: list[str] | None = None) -> None:
        """`names`: the walk's cells as the grid names them, when the event already has them."""
        self.pawns[self.turn] = walk[-1]
        self.last_move = {"player": self.turn, "path": list(names) if names is not None
                          else [cell_name(p) for p in walk]}
        self.phase = REVEAL if self.board.stacks[walk[-1]].path is not None else DONE

    def _do_swap(self, event: dict[str, Any]) -> None:
        self._swapped(*self.check_swap(event))

    def _swapped(self, a: Pos, b: Pos) -> None:
        self.board = self.board.swapped(a, b)
        self.last_swap = {"player": self.turn, "cells": [cell_name(a), cell_name(b)]}
        self.phase = DONE

    def _do_reveal(self, event: dict[str, Any]) -> None:
        self._revealed(self.check_reveal(event))

    def _revealed(self, seat: int) -> None:
        pos = self.pawns[seat]
        assert pos is not None
        stack = self.board.stacks[pos]
        self.last_reveal = {"player": seat, "cell": cell_name(pos), "cover": stack.cover}
        if stack.cover == "temoin":
            self.knows[seat].add("suspect")
        elif stack.cover == "lieu":
            self.knows[seat].add("lieu")
        if self.phase == REVEAL:
            if stack.kind == "action":
                self.pending, self.phase = stack.action, ACTION
                self.last_reveal["action"] = stack.action  # turned up and carried out openly
            else:
                self.phase = DONE
        else:
            self.may_look.remove(seat)

    def _do_action(self, event: dict[str, Any]) -> None:
        self._acted(*self.check_action(event))

    def _acted(self, card: str, target: int | None, cell: Pos | None) -> None:
        self.last_action = {"player": self.turn, "card": card}
        self.pending, self.phase = None, DONE
        if card in ("retour-depart", "retour-arrivee"):
            self.pawns[self.turn] = self.board.find("depart" if card == "retour-depart"
                                                    else "arrivee")
        elif card in ("regarde-temoin", "regarde-lieu"):
            assert cell is not None
            self.knows[self.turn].add("suspect" if card == "regarde-temoin" else "lieu")
            self.last_action["cell"] = cell_name(cell)
        elif card in ("regarde-suspects-ecartes", "regarde-lieux-ecartes"):
            kind = "suspect" if card == "regarde-suspects-ecartes" else "lieu"
            if target is None:  # registre LAB-18: nobody to choose, nothing to look at
                self.last_action["nothing"] = True
                self._next_player()
                return
            self.last_action["player_seen"] = target
            self.last_action["nothing"] = kind not in self.knows[target]
            if kind in self.knows[target]:
                self.knows[self.turn].add(kind)  # an eliminated card seen is eliminated here too
            else:
                self._next_player()  # QUE SE PASSE-T-IL SI: « tant pis ! » next player
        elif card == "echange-pion" and target is not None:
            self.pawns[self.turn], self.pawns[target] = self.pawns[target], self.pawns[self.turn]
            self.last_action["player_seen"] = target
            self.may_look = [seat for seat in (self.turn, target)
                             if self._cover_under(seat) in ("lieu", "temoin")]
        elif card == "rejoue":
            self.phase = ROLL
        elif card == "lancer-double":
            self.double_pending[self.turn] = True

    def _do_end_turn(self, event: dict[str, Any]) -> None:
        self.check_end_turn(event)
        self._next_player()

    def _do_declare(self, event: dict[str, Any]) -> None:
        self._declared(*self.check_declare(event))

    def _declared(self, suspect: str, place: str, correct: bool) -> None:
        self.declarations.append({"player": self.turn, "suspect": suspect, "place": place,
                                  "correct": correct})
        if correct:
            self.winner, self.finished = self.turn, True
            return
        self.out[self.turn] = True
        self.pawns[self.turn] = None  # registre LAB-8: out of the game, pawn off the board
        if all(self.out):
            self.finished = True  # registre LAB-8: everyone was wrong, nobody wins
        else:
            self._next_player()

    def _next_player(self) -> None:
        self.turn, self.phase, self.steps = next_seat(self.turn, self.out), ROLL, 0
        self.pending, self.may_look = None, []

    # --- the balance lab's fast path -----------------------------------------------------------

    def play_offered(self, event: dict[str, Any]) -> None:
        """Apply an event the engine itself offers now (`legal_events`, a walk of `legal_walks`,
        two cells of `swappable`, a face of the die) without checking it again: the balance
        lab's simulations only (docs/lab.md). What a user enters always goes through `apply`;
        tests/test_lab_fastpath.py holds this to `apply` on seeded games, event by event."""
        kind = event["type"]
        if kind == "roll":
            self._rolled(event["value"])
        elif kind == "move":
            cells = cell_names(self.board.rows, self.board.cols)
            path = event["path"]  # the engine's own names: they need no writing out again
            self._moved([cells[name] for name in path], path)
        elif kind == "swap":
            cells = cell_names(self.board.rows, self.board.cols)
            self._swapped(cells[event["cells"][0]], cells[event["cells"][1]])
        elif kind == "reveal":
            self._revealed(self.players.index(event["player"]) if "player" in event
                           else self.turn)
        elif kind == "action":
            cells = cell_names(self.board.rows, self.board.cols)
            self._acted(event["card"],
                        self.players.index(event["player"]) if "player" in event else None,
                        cells[event["cell"]] if "cell" in event else None)
        elif kind == "end_turn":
            self._next_player()
        else:
            self.offer_declare(event["suspect"], event["place"])

    # The same, one method a kind, the event's contents as the engine holds them (cells as
    # positions, players as seats): the lab without a log builds no event to read back.
    offer_roll = _rolled  # (value)
    offer_move = _moved  # (walk: the cells entered, names: their names if already written)
    offer_swap = _swapped  # (a, b)
    offer_reveal = _revealed  # (seat of the player who looks)
    offer_action = _acted  # (card, seat pointed at or None, cell looked under or None)
    offer_end_turn = _next_player

    def offer_declare(self, suspect: str, place: str) -> None:
        self._declared(suspect, place, self.judge(suspect, place))

    # --- views --------------------------------------------------------------------------------

    def hidden_card(self, cell: str) -> str | None:
        """The face-down card of a cell (a secret: for the player who turns it up, never in the
        summary); None on Départ and Arrivée."""
        pos = parse_cell(cell, self.board.rows, self.board.cols)
        if pos is None:
            raise UsageError(f"« {cell} » n'est pas une case de la grille")
        stack = self.board[pos]
        return None if stack.path is None else stack.action

    def board_view(self) -> list[list[dict[str, Any]]]:
        """What lies face up, row by row: path cards with their open sides, pawns on top."""
        rows = []
        for r in range(self.board.rows):
            row = []
            for c in range(self.board.cols):
                stack = self.board[(r, c)]
                row.append({"cell": cell_name((r, c)),
                            "card": stack.path if stack.path else stack.kind,
                            "cover": stack.cover or stack.kind, "sides": stack.sides,
                            "pawns": [seat for seat, pos in enumerate(self.pawns)
                                      if pos == (r, c)]})
            rows.append(row)
        return rows

    def summary(self) -> dict[str, Any]:
        playing = not self.finished
        moves = self.legal_walks() if playing and self.phase == PLAY else {}
        return {
            "game": "labystere",
            "rules_version": RULES_VERSION,
            "players": [{"name": name, "colour": colour, "out": out, "double_pending": double,
                         "cell": None if pos is None else cell_name(pos)}
                        for name, colour, out, double, pos in zip(
                            self.players, self.colours, self.out, self.double_pending,
                            self.pawns, strict=True)],
            "board": self.board_view(),
            "turn": self.turn if playing else None,
            "current": self.players[self.turn] if playing else None,
            "phase": self.phase if playing else "finished",
            "steps": self.steps if self.phase != ROLL else 0,
            "moves": {cell_name(end): [cell_name(p) for p in walk]
                      for end, walk in sorted(moves.items())},
            "swappable": ([cell_name(p) for p in self.swappable()]
                          if playing and self.phase == PLAY else []),
            "pending_action": self.pending,
            "may_look": [self.players[seat] for seat in self.may_look],
            "can_declare": playing and self.may_declare(),
            "last_roll": self.last_roll,
            "last_move": self.last_move,
            "last_swap": self.last_swap,
            "last_reveal": self.last_reveal,
            "last_action": self.last_action,
            "declarations": self.declarations,
            "winner": None if self.winner is None else self.players[self.winner],
            "finished": self.finished,
            "violations": [],
        }


# type -> LabystereState._do_<type>, looked up once instead of at every event
HANDLERS = {kind: getattr(LabystereState, f"_do_{kind}") for kind in EVENT_TYPES}


class LabystereEngine:
    game = "labystere"
    rules_version = RULES_VERSION

    def new_state(self, setup: dict[str, Any]) -> LabystereState:
        """2 to 4 players, each with a pawn colour (start.py `read_setup`); the first seat
        starts (the youngest, DÉROULEMENT DE LA PARTIE; registre LAB-9); the board is the plan
        of `seed` (PRÉPARATION; registre LAB-4) and every pawn starts on Départ (DÉROULEMENT)."""
        start = read_setup(setup)
        n = len(start.players)
        return LabystereState(**{f.name: getattr(start, f.name) for f in fields(Start)},
                              pawns=[start.board.find("depart")] * n,
                              double_pending=[False] * n, out=[False] * n,
                              knows=[set() for _ in range(n)])


ENGINE = LabystereEngine()

__all__ = ["ACTIONS", "DECLARE", "ENGINE", "MOVE", "PATHS", "RULES_VERSION", "TURN",
           "LabystereEngine", "LabystereState"]


def engine_for_version(version: int) -> Any:
    """The engine that replays a game stored under rules `version` (1: engine_v1.py)."""
    from companion.games.labystere import engine_v1

    engines = {1: engine_v1.ENGINE, RULES_VERSION: ENGINE}
    if version not in engines:
        raise UsageError(f"Labystère : version des règles inconnue {version!r} "
                         f"(connues : {', '.join(map(str, engines))})")
    return engines[version]
