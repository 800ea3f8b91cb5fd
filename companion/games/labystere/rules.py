"""Labystère's rules, one function each with where the rules say it: the checks `apply` runs
before it changes anything, and what is legal now (for the app and the tests).

`Checks` is mixed into `engine.LabystereState`; it reads the state and never changes it.
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

from companion.core.errors import RuleError
from companion.games.labystere.board import Board, Pos, Reach, cell_name, parse_cell
from companion.games.labystere.data import LabystereData
from companion.games.labystere.setup import Layout

RULES = "labystere-ptit-jeu-maelys.txt"
PREP = f"{RULES} › PRÉPARATION"
TURN = f"{RULES} › DÉROULEMENT DE LA PARTIE"
MOVE = f"{TURN} › Le joueur veut avancer"
PATHS = f"{TURN} › Le joueur veut modifier les chemins"
ACTIONS = f"{TURN} › Cartes Action"
DECLARE = f"{TURN} › déclarer ses résultats"
WHAT_IF = f"{RULES} › QUE SE PASSE-T-IL SI"

ROLL, PLAY, REVEAL, ACTION, DONE = "roll", "play", "reveal", "action", "done"
# What each Action card needs besides its id: the Témoin or Lieu chosen, or the player chosen.
CARD_CELL = {"regarde-temoin": "temoin", "regarde-lieu": "lieu"}
CARD_PLAYER = ("regarde-suspects-ecartes", "regarde-lieux-ecartes", "echange-pion")
EFFECTS = ("retour-depart", "retour-arrivee", "regarde-temoin", "regarde-lieu",
           "regarde-suspects-ecartes", "regarde-lieux-ecartes", "rejoue", "echange-pion",
           "lancer-double", "pas-d-action")


def check_keys(event: dict[str, Any], required: set[str],
               optional: frozenset[str] = frozenset()) -> None:
    """Events carry exactly their fields (registre LAB-5)."""
    for key in event:  # the usual case, checked without building sets (every event asks)
        if key not in required and key not in optional and key != "type":
            break
    else:
        if event.keys() >= required:
            return
    unknown = sorted(str(k) for k in set(event) - (required | optional | {"type"}))
    if unknown:
        raise RuleError(f"champ inconnu dans l'événement : {', '.join(unknown)}", "registre LAB-5")
    missing = sorted(required - set(event))
    if missing:
        raise RuleError(f"champ manquant dans l'événement : {', '.join(missing)}",
                        "registre LAB-5")


def roll_value(event: dict[str, Any], faces: int) -> int:
    """A die roll's value, 1 to `faces`, from the app or the table (DÉROULEMENT DE LA PARTIE:
    « à chaque tour de jeu, le joueur lance le dé »): the same in both versions of the rules."""
    check_keys(event, {"value"}, frozenset({"source"}))
    value = event["value"]
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= faces:
        raise RuleError(f"un dé donne un nombre de 1 à {faces} (reçu {value!r})", TURN)
    if event.get("source", "table") not in ("app", "table"):
        raise RuleError("source du lancer : « app » ou « table »", "registre LAB-5")
    return value


def declared(event: dict[str, Any], data: LabystereData) -> tuple[str, str]:
    """The suspect and the place a declaration names, each one of the game's (DÉROULEMENT DE
    LA PARTIE › déclarer ses résultats): the same in both versions of the rules."""
    suspect, place = event["suspect"], event["place"]
    if not isinstance(suspect, str) or suspect not in {s.id for s in data.suspects}:
        raise RuleError(f"suspect inconnu {suspect!r}", DECLARE)
    if not isinstance(place, str) or place not in {p.id for p in data.places}:
        raise RuleError(f"lieu inconnu {place!r}", DECLARE)
    return suspect, place


def next_seat(turn: int, out: list[bool]) -> int:
    """Clockwise, i.e. seat order, skipping players out after a wrong declaration
    (DÉROULEMENT DE LA PARTIE: « il a perdu et laisse les autres joueurs continuer »)."""
    seat = turn
    for _ in out:
        seat = (seat + 1) % len(out)
        if not out[seat]:
            break
    return seat


class Checks:
    players: list[str]
    data: LabystereData
    layout: Layout
    board: Board
    pawns: list[Pos | None]
    turn: int
    phase: str
    steps: int
    double_pending: list[bool]
    out: list[bool]
    knows: list[set[str]]
    may_look: list[int]
    pending: str | None

    # --- small helpers ------------------------------------------------------------------------

    def _name(self) -> str:
        return self.players[self.turn]

    def _cell(self, value: object, what: str, rule: str) -> Pos:
        pos = parse_cell(value, self.board.rows, self.board.cols)
        if pos is None:
            raise RuleError(f"{what} : une case de la grille, de A1 à "
                            f"{cell_name((self.board.rows - 1, self.board.cols - 1))} "
                            f"(reçu {value!r})", rule)
        return pos

    def _cover_under(self, seat: int) -> str:
        pos = self.pawns[seat]
        return "" if pos is None else self.board[pos].cover

    def _seat_of(self, value: object, rule: str) -> int:
        """Another player still in the game, by name (« le joueur de ton choix »)."""
        if not isinstance(value, str) or value not in self.players:
            raise RuleError(f"joueur inconnu {value!r} ; joueurs : {', '.join(self.players)}",
                            rule)
        seat = self.players.index(value)
        if seat == self.turn:
            raise RuleError("choisis un autre joueur que toi", rule)
        if self.out[seat]:
            raise RuleError(f"{value} ne joue plus (annonce fausse)", DECLARE)
        return seat

    def _phase_is(self, phase: str, doing: str, rule: str) -> None:
        """What the turn asks for now, in the rules' order: roll, then move or swap, turn up
        the pile, carry out its action, end (DÉROULEMENT DE LA PARTIE)."""
        if self.phase == phase:
            return
        owed = {ROLL: "lancer le dé", PLAY: "avancer ou modifier les chemins",
                REVEAL: "retourner le paquet sous son pion",
                ACTION: f"faire l'action de la carte « {self.pending} » (obligatoire)",
                DONE: "passer au joueur suivant"}[self.phase]
        raise RuleError(f"{self._name()} ne peut pas {doing} maintenant : il doit d'abord "
                        f"{owed}", rule)

    # --- the die ------------------------------------------------------------------------------

    def check_roll(self, event: dict[str, Any]) -> int:
        """A turn starts with a die roll, and « Rejoue » asks for another one (DÉROULEMENT DE LA
        PARTIE: « à chaque tour de jeu, le joueur lance le dé »; Cartes Action › Rejoue)."""
        value = roll_value(event, self.data.die_faces)
        self._phase_is(ROLL, "lancer le dé", TURN)
        return value

    def doubled(self, value: int) -> tuple[int, bool]:
        """« Ton prochain lancer de dé compte double »: the player's next roll only (a « Rejoue »
        roll included), then it is used up (Cartes Action; registre LAB-6)."""
        doubled = self.double_pending[self.turn]
        return (value * 2 if doubled else value), doubled

    # --- moving -------------------------------------------------------------------------------

    def check_move(self, event: dict[str, Any]) -> list[Pos]:
        """« Il avance d'autant de cases que de points sur le dé » — exactly that many, « que
        verticalement et horizontalement, et uniquement sur des chemins qui se suivent », going
        back only « s'il est sur une carte qui constitue un coin ou un côté de la grille »
        (Le joueur veut avancer; registres LAB-12, LAB-14)."""
        check_keys(event, {"path"})
        self._phase_is(PLAY, "avancer", MOVE)
        path = event["path"]
        if not isinstance(path, list):
            raise RuleError("le chemin suivi : la liste des cases traversées, une par pas", MOVE)
        if len(path) != self.steps:
            raise RuleError(f"on avance du nombre exact du dé : {self.steps} case"
                            f"{'s' if self.steps > 1 else ''}, pas {len(path)}", MOVE)
        walk = [self._cell(name, "chemin suivi", MOVE) for name in path]
        start = self.pawns[self.turn]
        assert start is not None
        fault = self.board.walk_fault(start, walk)
        if fault:
            raise RuleError(fault, MOVE)
        return walk

    def legal_walks(self) -> dict[Pos, list[Pos]]:
        """Where the current player may end after this roll, with one walk to each."""
        start = self.pawns[self.turn]
        return {} if start is None else self.board.walks(start, self.steps)

    def legal_reach(self) -> Reach:
        """`legal_walks` with each walk written out only when asked (the lab plays one)."""
        start = self.pawns[self.turn]
        board = self.board
        return Reach(board.grid, [], {}) if start is None else board.reach(start, self.steps)

    # --- changing the paths -------------------------------------------------------------------

    def swappable(self) -> list[Pos]:
        """« On ne peut échanger que des chemins vides (donc pas les cartes Lieu, Témoin, Départ
        et Arrivée) » and « on ne peut pas déplacer des cartes sur lesquelles se trouve un pion »
        (Le joueur veut modifier les chemins)."""
        pawns = set(self.pawns)
        return [pos for pos in self.board.plain_cells() if pos not in pawns]

    def check_swap(self, event: dict[str, Any]) -> tuple[Pos, Pos]:
        """« Il peut échanger 2 paquets de cartes »: empty paths, no pawn on them; « le joueur
        n'avance pas et ne retourne pas de cartes » (Le joueur veut modifier les chemins;
        registre LAB-13: the stacks keep their orientation)."""
        check_keys(event, {"cells"})
        self._phase_is(PLAY, "modifier les chemins", PATHS)
        cells = event["cells"]
        if not isinstance(cells, list) or len(cells) != 2:
            raise RuleError("on échange 2 paquets : deux cases", PATHS)
        a, b = (self._cell(name, "paquet à échanger", PATHS) for name in cells)
        if a == b:
            raise RuleError("deux paquets différents", PATHS)
        allowed = self.swappable()
        for pos in (a, b):
            if pos in allowed:
                continue
            stack = self.board[pos]
            if not stack.plain_path:
                what = {"lieu": "un Lieu", "temoin": "un Témoin"}.get(
                    stack.cover, "le Départ" if stack.kind == "depart" else "l'Arrivée")
                raise RuleError(f"{cell_name(pos)} est {what} : on n'échange que des chemins "
                                "vides", PATHS)
            raise RuleError(f"un pion est sur {cell_name(pos)} : on ne déplace pas une carte "
                            "sous un pion", PATHS)
        return a, b

    # --- turning cards up and the Action cards ------------------------------------------------

    def check_reveal(self, event: dict[str, Any]) -> int:
        """After moving, « il retourne le paquet de 2 cartes sur lequel il est arrivé »; after
        « Échange », « les joueurs peuvent regarder les cartes sous leur pion, seulement s'il
        s'agit de cartes Lieu ou Témoin » (Le joueur veut avancer; Cartes Action; registre
        LAB-17)."""
        check_keys(event, set(), frozenset({"player"}))
        seat = self.turn
        if "player" in event:
            if not isinstance(event["player"], str) or event["player"] not in self.players:
                raise RuleError(f"joueur inconnu {event['player']!r}", MOVE)
            seat = self.players.index(event["player"])
        if self.phase == REVEAL and seat == self.turn:
            return seat
        if self.phase == DONE and seat in self.may_look:
            return seat
        if self.phase == DONE and self.may_look:
            raise RuleError("seuls les deux joueurs de l'échange regardent sous leur pion, une "
                            "fois, et seulement un Lieu ou un Témoin", ACTIONS)
        self._phase_is(REVEAL, "retourner un paquet", MOVE)
        raise RuleError("on ne retourne que le paquet sous son propre pion", MOVE)

    def check_action(self, event: dict[str, Any]) -> tuple[str, int | None, Pos | None]:
        """« Les joueurs sont obligés de faire l'action indiquée par les cartes Action » — the
        card turned up, and only it (Cartes Action); what it needs is checked by its own rule
        below."""
        card = event.get("card")
        if isinstance(card, str) and card in CARD_CELL:
            check_keys(event, {"card", "cell"})
        elif isinstance(card, str) and card in CARD_PLAYER and self.others():
            check_keys(event, {"card", "player"})
        else:
            check_keys(event, {"card"})
        self._phase_is(ACTION, "faire une action", ACTIONS)
        if card != self.pending:
            raise RuleError(f"la carte retournée est « {self.pending} » : c'est son action qui "
                            "est obligatoire", ACTIONS)
        if card in CARD_CELL:
            return card, None, self.check_look_under(event, CARD_CELL[card])
        if card in CARD_PLAYER and self.others():
            return card, self._seat_of(event["player"], ACTIONS), None
        return str(card), None, None

    def others(self) -> list[int]:
        """The players « de ton choix » for a card: the others still in the game. With nobody
        left, such a card does nothing (registre LAB-18)."""
        return [seat for seat in range(len(self.players))
                if seat != self.turn and not self.out[seat]]

    def check_look_under(self, event: dict[str, Any], cover: str) -> Pos:
        """« Regarde sous la carte Témoin (Lieu) de ton choix : le joueur regarde sans déplacer
        son pion » (Cartes Action)."""
        pos = self._cell(event["cell"], "carte choisie", ACTIONS)
        if self.board[pos].cover != cover:
            what = "Témoin" if cover == "temoin" else "Lieu"
            raise RuleError(f"{cell_name(pos)} n'est pas une carte {what}", ACTIONS)
        return pos

    def check_end_turn(self, event: dict[str, Any]) -> None:
        """The turn ends once the die was used: a move (its pile turned up, its action done) or
        a swap (« soit avancer, soit modifier les chemins »); if neither is possible the turn
        passes (registre LAB-15)."""
        check_keys(event, set())
        if self.phase == PLAY and not self.legal_walks() and len(self.swappable()) < 2:
            return
        self._phase_is(DONE, "finir son tour", TURN)

    # --- declaring ----------------------------------------------------------------------------

    def may_declare(self) -> bool:
        """« Il doit se rendre sur la case Arrivée pour pouvoir déclarer ses résultats », during
        his own turn, not in the middle of turning a card up (registre LAB-8)."""
        pos = self.pawns[self.turn]
        return (pos is not None and self.board.stacks[pos].kind == "arrivee"
                and self.phase in (ROLL, PLAY, DONE))

    def check_declare(self, event: dict[str, Any]) -> tuple[str, str, bool]:
        """A suspect and a place, judged against the plan: « il regarde la carte Suspect qui
        avait été écartée au début du jeu et la carte Lieu qu'il a nommé. Si tout est bon, il a
        gagné » (DÉROULEMENT DE LA PARTIE; registre LAB-8)."""
        check_keys(event, {"suspect", "place"})
        suspect, place = declared(event, self.data)
        if not self.may_declare():
            pos = self.pawns[self.turn]
            where = "" if pos is None else f" (son pion est en {cell_name(pos)})"
            if pos is not None and self.board[pos].kind == "arrivee":
                raise RuleError(f"{self._name()} finit d'abord ce qu'il a commencé : "
                                "retourner le paquet ou faire l'action", DECLARE)
            raise RuleError(f"{self._name()} doit être sur la case Arrivée pour annoncer"
                            f"{where}", DECLARE)
        return suspect, place, self.judge(suspect, place)

    def judge(self, suspect: str, place: str) -> bool:
        """Judged against the plan: « il regarde la carte Suspect qui avait été écartée au début
        du jeu et la carte Lieu qu'il a nommé. Si tout est bon, il a gagné » (DÉROULEMENT DE LA
        PARTIE; registre LAB-8)."""
        guilty = self.layout.guilty.removeprefix("suspect-")
        hidden = self.layout.hiding_place.removeprefix("chemin-lieu-")
        return (suspect, place) == (guilty, hidden)

    # --- everything legal now (the app's choices; random legal games in the tests) -----------

    def legal_events(self) -> list[dict[str, Any]]:
        if getattr(self, "finished", False):
            return []
        out: list[dict[str, Any]] = []
        if self.may_declare():
            out += [{"type": "declare", "suspect": s.id, "place": p.id}
                    for s in self.data.suspects for p in self.data.places]
        if self.phase == ROLL:
            out += [{"type": "roll", "value": v, "source": "app"}
                    for v in range(1, self.data.die_faces + 1)]
        elif self.phase == PLAY:
            out += [{"type": "move", "path": [cell_name(p) for p in walk]}
                    for walk in self.legal_walks().values()]
            out += [{"type": "swap", "cells": [cell_name(a), cell_name(b)]}
                    for a, b in combinations(self.swappable(), 2)]
            if not out:
                out.append({"type": "end_turn"})
        elif self.phase == REVEAL:
            out.append({"type": "reveal"})
        elif self.phase == ACTION:
            out += self._legal_actions()
        else:
            out.append({"type": "end_turn"})
            out += [{"type": "reveal", "player": self.players[s]} for s in self.may_look]
        return out

    def _legal_actions(self) -> list[dict[str, Any]]:
        card = self.pending
        if card in CARD_CELL:
            return [{"type": "action", "card": card, "cell": cell_name(pos)}
                    for pos in self.board.covered(CARD_CELL[card])]
        if card in CARD_PLAYER and self.others():
            return [{"type": "action", "card": card, "player": self.players[seat]}
                    for seat in self.others()]
        return [{"type": "action", "card": card}]
