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

from companion.core.errors import RuleError, UsageError
from companion.core.loader import load_game
from companion.games.labystere.data import LabystereData
from companion.games.labystere.setup import generate

RULES = "labystere-ptit-jeu-maelys.txt"
TURN = f"{RULES} › DÉROULEMENT DE LA PARTIE"
ACTIONS = f"{TURN} › Cartes Action"
DECLARE = f"{TURN} › déclarer ses résultats"
PLAYERS = f"{RULES} › en-tête (2 à 4 joueurs)"
PREP = f"{RULES} › PRÉPARATION"

RULES_VERSION = 1
EVENT_TYPES = ("roll", "card", "end_turn", "declare")
# The Action cards of version 1 (data/labystere.yaml then), kept here as they were.
V1_CARDS = ("retour-depart-arrivee", "regarde-temoin", "regarde-lieu", "regarde-suspects-ecartes",
            "regarde-lieux-ecartes", "rejoue", "echange-pion", "lancer-double", "pas-d-action")


def _data() -> LabystereData:
    data = load_game("labystere")
    assert isinstance(data, LabystereData)
    return data


def _check_keys(event: dict[str, Any], required: set[str], optional: frozenset[str] = frozenset(),
                ) -> None:
    allowed = required | optional | {"type"}
    unknown = sorted(set(event) - allowed)
    if unknown:
        raise RuleError(f"champ inconnu dans l'événement : {', '.join(unknown)}", "registre LAB-5")
    missing = sorted(required - set(event))
    if missing:
        raise RuleError(f"champ manquant dans l'événement : {', '.join(missing)}",
                        "registre LAB-5")


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
        _check_keys(event, {"value"}, frozenset({"source"}))
        value = event["value"]
        faces = self.data.die_faces
        if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= faces:
            raise RuleError(f"un dé donne un nombre de 1 à {faces} (reçu {value!r})", TURN)
        if event.get("source", "table") not in ("app", "table"):
            raise RuleError("source du lancer : « app » ou « table »", "registre LAB-5")
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
        _check_keys(event, {"card"})
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
        _check_keys(event, set())
        if self.phase != "play":
            why = "« Rejoue » : relance d'abord le dé" if self.card_seen else "lance d'abord le dé"
            raise RuleError(f"{self.players[self.turn]} n'a pas fini son tour : {why}", ACTIONS)

    def check_declare(self, event: dict[str, Any]) -> tuple[str, str, bool]:
        """The current player declares a suspect and a place from the Arrivée cell; the table
        checks the set-aside Suspect and the named Lieu (DÉROULEMENT DE LA PARTIE, last
        paragraph; registre LAB-8 for when in the turn)."""
        _check_keys(event, {"suspect", "place", "correct"})
        suspects = [s.id for s in self.data.suspects]
        places = [p.id for p in self.data.places]
        if not isinstance(event["suspect"], str) or event["suspect"] not in suspects:
            raise RuleError(f"suspect inconnu « {event['suspect']} »", DECLARE)
        if not isinstance(event["place"], str) or event["place"] not in places:
            raise RuleError(f"lieu inconnu « {event['place']} »", DECLARE)
        if not isinstance(event["correct"], bool):
            raise RuleError("« correct » : vrai ou faux, constaté en retournant les cartes",
                            DECLARE)
        return str(event["suspect"]), str(event["place"]), event["correct"]

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
        """Clockwise, i.e. seat order, skipping players out after a wrong declaration
        (DÉROULEMENT DE LA PARTIE: "il a perdu et laisse les autres joueurs continuer")."""
        seat = self.turn
        for _ in self.players:
            seat = (seat + 1) % len(self.players)
            if not self.out[seat]:
                break
        self.turn, self.phase, self.card_seen = seat, "roll", False

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
        data = _data()
        if not isinstance(setup, dict):
            raise RuleError("mise en place : une table {players, colours, seed}", PREP)
        unknown = sorted(set(setup) - {"players", "colours", "seed"})
        if unknown:
            raise RuleError(f"champ inconnu dans la mise en place : {', '.join(unknown)}", PREP)
        players = setup.get("players")
        if not isinstance(players, list) or not all(isinstance(p, str) and p.strip()
                                                    for p in players):
            raise RuleError("joueurs : une liste de noms non vides", PLAYERS)
        if not data.players.min <= len(players) <= data.players.max:
            raise RuleError(f"Labystère se joue de {data.players.min} à {data.players.max} "
                            f"joueurs (reçu {len(players)})", PLAYERS)
        if len({p.strip().casefold() for p in players}) != len(players):
            raise RuleError("deux joueurs portent le même nom", PLAYERS)
        colours = setup.get("colours")
        known = [c.id for c in data.colours]
        if not isinstance(colours, list) or len(colours) != len(players):
            raise RuleError("une couleur de pion par joueur", PREP)
        for colour in colours:
            if not isinstance(colour, str) or colour not in known:
                raise RuleError(f"couleur inconnue {colour!r} ; couleurs : {', '.join(known)}",
                                PREP)
        if len(set(colours)) != len(colours):
            raise RuleError("chaque joueur a son propre pion : deux couleurs identiques", PREP)
        seed = setup.get("seed")
        try:
            generate(seed, data)  # type: ignore[arg-type]
        except UsageError as exc:
            raise RuleError(str(exc), "registre LAB-2") from None
        return LabystereState(players=list(players), colours=list(colours), seed=int(seed),  # type: ignore[arg-type]
                              data=data, double_pending=[False] * len(players),
                              out=[False] * len(players))


ENGINE = LabystereEngine()
