"""Labystère rules version 1 (before issue 12), frozen so that games stored then still replay:
whose turn, the die (with "rejoue" and "compte double"), who won. Pawns, paths and the
investigation stayed on the table, and the table entered whether a declaration was right.
New games use engine.py (rules version 2, registre LAB-19); do not extend this module.
Setup: {"players": [names in seat order], "colours": [colour ids, one per player], "seed": N}.

Events (version 1; today's schema docs/log-schemas/labystere.json is version 2's):
- {"type": "roll", "value": 1..6, "source"?: "app"|"table"}: the current player's die;
- {"type": "card", "card": <action id>}: the Action card turned up after moving;
- {"type": "end_turn"}: the current player is done, the next one plays;
- {"type": "declare", "suspect": <id>, "place": <id>, "correct": bool}: a declaration at
  Arrivée, checked at the table against the set-aside Suspect and the named Lieu.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from companion.core.errors import RuleError
from companion.games.labystere.data import LabystereData
from companion.games.labystere.rules import (
    ACTIONS,
    DECLARE,
    RULES,
    TURN,
    check_keys,
    declared,
    next_seat,
    roll_value,
)
from companion.games.labystere.start import check_setup

RULES_VERSION = 1
EVENT_TYPES = ("roll", "card", "end_turn", "declare")
# The Action cards of version 1 (data/labystere.yaml then), kept here as they were.
V1_CARDS = ("retour-depart-arrivee", "regarde-temoin", "regarde-lieu", "regarde-suspects-ecartes",
            "regarde-lieux-ecartes", "rejoue", "echange-pion", "lancer-double", "pas-d-action")


@dataclass
class LabystereState:
    players: list[str]
    colours: list[str]
    seed: int
    data: LabystereData
    turn: int = 0
    phase: str = "roll"  # "roll": the current player must roll; "play": move or change paths
    card_seen: bool = False  # an Action card was already turned up after this roll
    double_pending: list[bool] = field(default_factory=list)
    out: list[bool] = field(default_factory=list)
    winner: int | None = None
    finished: bool = False
    last_roll: dict[str, Any] | None = None
    last_card: dict[str, Any] | None = None
    declarations: list[dict[str, Any]] = field(default_factory=list)

    # --- rules, one function each -------------------------------------------------------------

    def check_roll(self, event: dict[str, Any]) -> int:
        """A turn starts with a die roll, and "Rejoue" asks for another one (DÉROULEMENT DE LA
        PARTIE: "à chaque tour de jeu, le joueur lance le dé"; Cartes Action › Rejoue)."""
        value = roll_value(event, self.data.die_faces)
        if self.phase != "roll":
            raise RuleError(f"{self.players[self.turn]} a déjà lancé le dé : qu'il avance ou "
                            "modifie les chemins, puis passe au joueur suivant", TURN)
        return value

    def steps(self, value: int) -> tuple[int, bool]:
        """"Ton prochain lancer de dé compte double": the player's next roll only (a « Rejoue »
        roll included), then it is used up (registre LAB-6)."""
        doubled = self.double_pending[self.turn]
        return (value * 2 if doubled else value), doubled

    def check_card(self, event: dict[str, Any]) -> str:
        """After moving, the player turns up the pile they stopped on, once; its action is
        compulsory (Cartes Action: "les joueurs sont obligés de faire l'action"; registre LAB-7)."""
        check_keys(event, {"card"})
        card = event["card"]
        known = list(V1_CARDS)
        if not isinstance(card, str) or card not in known:
            raise RuleError(f"carte Action inconnue « {card} » ; cartes : {', '.join(known)}",
                            ACTIONS)
        if self.phase != "play":
            raise RuleError("on retourne une carte après avoir avancé : lance d'abord le dé", TURN)
        if self.card_seen:
            raise RuleError("une seule carte retournée par déplacement : celle de la case "
                            "d'arrivée", TURN)
        return str(card)

    def check_end_turn(self, event: dict[str, Any]) -> None:
        """The turn ends once the die was rolled and used; a "Rejoue" must be rolled first
        (Cartes Action: the action is compulsory; registre LAB-7)."""
        check_keys(event, set())
        if self.phase != "play":
            why = "« Rejoue » : relance d'abord le dé" if self.card_seen else "lance d'abord le dé"
            raise RuleError(f"{self.players[self.turn]} n'a pas fini son tour : {why}", ACTIONS)

    def check_declare(self, event: dict[str, Any]) -> tuple[str, str, bool]:
        """The current player declares a suspect and a place from the Arrivée cell; the table
        checks the set-aside Suspect and the named Lieu (DÉROULEMENT DE LA PARTIE, last
        paragraph; registre LAB-8 for when in the turn)."""
        check_keys(event, {"suspect", "place", "correct"})
        suspect, place = declared(event, self.data)
        if not isinstance(event["correct"], bool):
            raise RuleError("« correct » : vrai ou faux, constaté en retournant les cartes",
                            DECLARE)
        return suspect, place, event["correct"]

    # --- protocol -----------------------------------------------------------------------------

    def apply(self, event: dict[str, Any]) -> None:
        if not isinstance(event, dict) or event.get("type") not in EVENT_TYPES:
            kind = event.get("type") if isinstance(event, dict) else event
            raise RuleError(f"type d'événement inconnu {kind!r} ; types : "
                            f"{', '.join(EVENT_TYPES)}", "registre LAB-5")
        if self.finished:
            raise RuleError("la partie est finie", f"{RULES} › FIN DE LA PARTIE")
        kind = event["type"]
        if kind == "roll":
            value = self.check_roll(event)
            steps, doubled = self.steps(value)
            self.double_pending[self.turn] = False
            self.last_roll = {"player": self.turn, "value": value, "doubled": doubled,
                              "steps": steps}
            self.phase, self.card_seen = "play", False
        elif kind == "card":
            card = self.check_card(event)
            self.card_seen = True
            self.last_card = {"player": self.turn, "card": card}
            if card == "rejoue":
                self.phase = "roll"
            elif card == "lancer-double":
                self.double_pending[self.turn] = True
        elif kind == "end_turn":
            self.check_end_turn(event)
            self._next_player()
        else:
            suspect, place, correct = self.check_declare(event)
            self.declarations.append({"player": self.turn, "suspect": suspect, "place": place,
                                      "correct": correct})
            if correct:
                self.winner, self.finished = self.turn, True
            else:
                self.out[self.turn] = True
                if all(self.out):
                    self.finished = True  # registre LAB-8: everyone was wrong, nobody wins
                else:
                    self._next_player()

    def _next_player(self) -> None:
        self.turn, self.phase, self.card_seen = next_seat(self.turn, self.out), "roll", False

    def summary(self) -> dict[str, Any]:
        return {
            "game": "labystere",
            "seed": self.seed,
            "players": [{"name": name, "colour": colour, "out": out, "double_pending": double}
                        for name, colour, out, double in zip(self.players, self.colours,
                                                             self.out, self.double_pending,
                                                             strict=True)],
            "turn": None if self.finished else self.turn,
            "current": None if self.finished else self.players[self.turn],
            "phase": "finished" if self.finished else self.phase,
            "card_turned": self.card_seen,  # with phase "roll": a « Rejoue » is owed
            "last_roll": self.last_roll,
            "last_card": self.last_card,
            "declarations": self.declarations,
            "winner": None if self.winner is None else self.players[self.winner],
            "finished": self.finished,
            "violations": [],
        }


class LabystereEngine:
    game = "labystere"
    rules_version = RULES_VERSION

    def new_state(self, setup: dict[str, Any]) -> LabystereState:
        """2 to 4 players, each with a pawn colour; the game starts with the first seat (the
        youngest, DÉROULEMENT DE LA PARTIE; registre LAB-9) and the layout of `seed`
        (PRÉPARATION)."""
        data, players, colours, seed, _ = check_setup(setup)
        return LabystereState(players=players, colours=colours, seed=seed, data=data,
                              double_pending=[False] * len(players), out=[False] * len(players))


ENGINE = LabystereEngine()
