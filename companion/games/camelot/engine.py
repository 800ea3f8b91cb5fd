"""Camelot as a state machine replayed from its event log (companion/engine.py protocol).

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
from collections import Counter
from typing import Any

from companion.errors import RuleError
from companion.games.camelot.actions import PLANS, Effect
from companion.games.camelot.cards import (
    ACTION,
    COLOUR_CARD,
    DAME,
    GREEN,
    PURPLE,
    SUPPORTER,
    catalogue,
    printed_values,
)
from companion.games.camelot.texts import describe_event

MODES = ("table", "simulation", "jetons")

# 1: the starter drew, then announced the colour; 2: the colour is chosen before the draw
# (issue 12, registre CAM-1). Table logs without a shown hand replay the same under both.
RULES_VERSION = 2

R_SETUP = "camelot.txt › Préparation"
R_DRAW = "camelot.txt › Tirer une carte"
R_START = "registre CAM-1"
R_PURPLE = "registre CAM-2"
R_STAY = "registre CAM-3"
R_PLAY = "camelot.txt › Jouer des cartes"
R_DAME = "camelot.txt › Soutien"
R_WITHDRAW = "camelot.txt › Abandonnée ?"
R_WIN_TOURNEY = "camelot.txt › Gagner un tournoi"
R_GOAL = "camelot.txt › But du jeu"
R_STUNNED = "registre CAM-9"
R_LANCELOT = "registre CAM-11"
R_TURN = "camelot.txt › Déroulement du jeu"
R_PUBLIC = "registre CAM-17"
R_RESHUFFLE = "registre CAM-14"


def _player(s: CamelotState, e: dict[str, Any], key: str = "player") -> int:
    p = e.get(key)
    if not isinstance(p, int) or isinstance(p, bool) or not 0 <= p < s.n:
        raise RuleError(f"« {key} » doit être un numéro de joueur de 0 à {s.n - 1}", R_TURN)
    return p


def _colour_or_none(value: Any) -> str | None:
    """A token colour given by an event: a known colour, or absent."""
    if value is None:
        return None
    if not isinstance(value, str) or value not in catalogue().colours:
        raise RuleError(f"jeton : une couleur parmi {', '.join(catalogue().colours)}",
                        R_WIN_TOURNEY)
    return value


class CamelotState:
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

    # --- full modes: setup and turns ----------------------------------------------------------

    def _on_deal(self, e: dict[str, Any]) -> None:
        """Simulation deal: the shuffled deck, top first; 8 cards each (camelot.txt › Préparation).
        """
        if self.phase != "deal":
            raise RuleError("la donne n'a lieu qu'une fois, en simulation", R_SETUP)
        order = e.get("order")
        cat = catalogue()
        if not isinstance(order, list) or Counter(order) != Counter(cat.deck):
            raise RuleError("« order » doit contenir les 110 cartes du jeu, une fois chacune",
                            R_SETUP)
        pile = list(reversed(order))
        for _ in range(cat.hand_size):
            for p in range(self.n):
                self.hands[p].append(pile.pop())
        self.pile = pile
        self._new_tournament(self.current)

    def _on_reshuffle(self, e: dict[str, Any]) -> None:
        """The last card drawn: the discards, shuffled, make the new pile (camelot.txt › Tirer)."""
        if not self.awaiting_reshuffle:
            raise RuleError("le talon n'est pas vide", R_RESHUFFLE)
        order = e.get("order")
        if not isinstance(order, list) or Counter(order) != Counter(self.discard):
            raise RuleError("« order » doit contenir exactement les cartes de la défausse",
                            R_RESHUFFLE)
        self.pile = list(reversed(order))
        self.discard = []
        self.awaiting_reshuffle = False
        if self.pending_draw is not None:
            p, self.pending_draw = self.pending_draw, None
            self._draw(p)

    def _new_tournament(self, starter: int) -> None:
        self.phase = "start"
        self.colour = None
        self.displays = [[] for _ in range(self.n)]
        self.active = [True] * self.n
        self.bouclier = self.assomme = None
        self._begin_turn(starter, draw=False)

    def _begin_turn(self, p: int, draw: bool = True) -> None:
        """A turn begins with its draw, except a starter's: « Avant de tirer sa carte, le joueur
        qui débute un tournoi choisit la couleur » (registre CAM-1), so `start` draws."""
        self.current = p
        self.played = self.added = 0
        self.undo = None
        if draw:
            self._draw(p)

    def _draw(self, p: int) -> None:
        """Each turn begins with a draw; the last card drawn triggers the reshuffle. When pile and
        discard were both empty, the next draw due once cards reach the discard reshuffles them
        first (camelot.txt › Tirer une carte, registre CAM-14)."""
        if self.sim:
            if not self.pile and self.discard:
                self.awaiting_reshuffle = True  # the shuffled order comes in the next event
                self.pending_draw = p
                return
            if self.pile:
                self.hands[p].append(self.pile.pop())
                if not self.pile and self.discard:
                    self.awaiting_reshuffle = True
            return
        if not self.pile_count and self.discard:
            self.pile_count = len(self.discard)
            self.discard = []
        if self.pile_count:
            self.pile_count -= 1
            self.counts[p] += 1
            if not self.pile_count:
                self.pile_count = len(self.discard)
                self.discard = []

    def colour_allowed(self, colour: str | None) -> bool:
        return colour is not None and not (colour == PURPLE and self.previous_colour == PURPLE)

    def _on_start(self, e: dict[str, Any]) -> None:
        """The starter announces the colour before drawing, checked against the hand held before
        the draw; then the draw, then the first card is due (camelot.txt › Débuter un tournoi,
        registre CAM-1, CAM-2)."""
        p = _player(self, e)
        cat = catalogue()
        if self.phase != "start" or p != self.current:
            raise RuleError(self._whose_move(), R_START)
        colour = e.get("colour")
        if colour not in cat.colours:
            raise RuleError(f"couleur inconnue ; au choix : {', '.join(cat.colours)}", R_START)
        if not self.colour_allowed(colour):
            raise RuleError("deux tournois violets ne se suivent jamais", R_PURPLE)
        if self.sim and not any(cat.cards[c].kind == SUPPORTER or cat.cards[c].colour == colour
                                for c in self.hands[p]):
            raise RuleError(f"{self.names[p]} n'a ni carte {colour} ni carte de soutien", R_START)
        self.colour = str(colour)
        self.phase = "turn"
        self.first_card_due = True
        self.history.append({"starter": p, "colour": self.colour, "colours": [self.colour]})
        self._draw(p)  # may await a reshuffle first (registre CAM-14)

    def _on_cannot_start(self, e: dict[str, Any]) -> None:
        """A starter who cannot start shows the hand, before drawing; the next player clockwise
        starts, choosing the colour before drawing too (registre CAM-1)."""
        p = _player(self, e)
        if self.phase != "start" or p != self.current:
            raise RuleError(self._whose_move(), R_START)
        shown = e.get("hand")
        if not self.sim and shown is not None:
            if (not isinstance(shown, list) or len(shown) != self.counts[p]
                    or any(c not in catalogue().cards for c in shown)):
                raise RuleError(f"« hand » : les {self.counts[p]} cartes montrées par "
                                f"{self.names[p]}", R_START)
        hand = self.hands[p] if self.sim else shown
        if hand is not None and self.startable(hand):
            raise RuleError(f"{self.names[p]} peut débuter le tournoi, donc doit le faire", R_START)
        self._begin_turn((p + 1) % self.n, draw=False)

    def _turn_player(self, e: dict[str, Any]) -> int:
        p = _player(self, e)
        if self.phase != "turn" or p != self.current:
            raise RuleError(self._whose_move(), R_START if self.phase == "start" else R_TURN)
        return p

    def _whose_move(self) -> str:
        who = self.names[self.current]
        if self.phase == "start":
            return f"c'est à {who} d'annoncer la couleur du tournoi (ou de montrer sa main)"
        if self.phase == "prize":
            return f"{who} doit choisir la couleur de son jeton"
        if self.phase == "deal":
            return "la donne (« deal ») doit venir d'abord"
        return f"c'est le tour de {who}"

    def _take_from_hand(self, p: int, card: str) -> None:
        if self.sim:
            self.hands[p].remove(card)
        else:
            self.counts[p] -= 1

    def _check_in_hand(self, p: int, card: str) -> None:
        if self.sim:
            if card not in self.hands[p]:
                raise RuleError(f"{self.names[p]} n'a pas {catalogue().name(card)} en main",
                                R_PLAY)
            return
        if self.counts[p] < 1:
            raise RuleError(f"{self.names[p]} n'a plus de carte en main", R_PLAY)
        if self._visible(card) >= catalogue().copies[card]:
            raise RuleError(f"tous les exemplaires de {catalogue().name(card)} sont déjà visibles",
                            R_PUBLIC)

    def _visible(self, card: str) -> int:
        """Copies of a card seen face up (table mode: what no hand can hold)."""
        n = self.discard.count(card) + sum(d.count(card) for d in self.displays)
        return n + (card == "bouclier" and self.bouclier is not None) + (
            card == "assomme" and self.assomme is not None)

    def _plan_play(self, p: int, e: dict[str, Any]) -> Effect:
        card = e.get("card")
        cat = catalogue()
        info = cat.cards.get(card) if isinstance(card, str) else None
        if info is None:
            raise RuleError(f"carte inconnue : {card!r}", R_PLAY)
        self._check_in_hand(p, info.id)
        if self.first_card_due and info.kind == ACTION:
            raise RuleError("la première carte du tournoi est une carte de couleur ou de soutien",
                            R_START)
        if info.kind == ACTION:
            return PLANS[info.id](self, p, e)
        if info.kind == COLOUR_CARD and info.colour != self.colour:
            raise RuleError(f"{info.name} n'est pas de la couleur du tournoi "
                            f"({cat.colour_names[self.colour or '']})", R_PLAY)
        if info.id == DAME and DAME in self.displays[p]:
            raise RuleError("une seule dame par personnage", R_DAME)
        self.check_addition(p, 1)
        new = self.displays[p] + [info.id]
        total = len(new) if self.colour == GREEN else self.total(p) + info.value
        return Effect(f"{self.names[p]} pose {info.name} : total {total}", displays={p: new},
                      added=1)

    def _on_play(self, e: dict[str, Any]) -> None:
        p = self._turn_player(e)
        effect = self._plan_play(p, e)
        card = str(e["card"])
        self._take_from_hand(p, card)
        self.undo = self._snapshot() if catalogue().cards[card].kind == ACTION else None
        self._commit(effect)
        if not effect.keep_card and catalogue().cards[card].kind == ACTION:
            self.discard.append(card)
        self.played += 1
        self.first_card_due = False
        if effect.colour is not None and self.history:
            self.history[-1]["colours"].append(effect.colour)
        if self.undo is not None:
            self.undo = (*self.undo, p, card)

    def _commit(self, effect: Effect) -> None:
        for q, d in effect.displays.items():
            self.displays[q] = d
        self.discard.extend(effect.discarded)
        if effect.colour is not None:
            self.colour = effect.colour
        self.added += effect.added
        for q, c in effect.from_hand:
            if self.sim:
                self.hands[q].remove(str(c))
            else:
                self.counts[q] -= 1
        for q, c in effect.to_hand:
            if self.sim:
                self.hands[q].append(str(c))
            else:
                self.counts[q] += 1
        for which, holder in effect.specials.items():
            setattr(self, which, holder)

    def _snapshot(self) -> tuple[Any, ...]:
        hands = [h[:] for h in self.hands] if self.sim else self.counts[:]
        return (self.colour, [d[:] for d in self.displays], hands, len(self.discard),
                self.bouclier, self.assomme, self.added)

    def _on_lancelot(self, e: dict[str, Any]) -> None:
        """Lancelot: any player still in cancels the action card just played, before the next
        card and before the turn ends; that card is discarded without effect (registre CAM-11)."""
        q = _player(self, e)
        if self.phase != "turn" or self.undo is None:
            raise RuleError("Lancelot annule une carte d'action qui vient d'être jouée", R_LANCELOT)
        if not self.active[q]:
            raise RuleError(f"{self.names[q]} a abandonné le tournoi", R_LANCELOT)
        self._check_in_hand(q, "lancelot")
        colour, displays, hands, discard_len, bouclier, assomme, added, p, card = self.undo
        self.colour, self.displays, self.bouclier, self.assomme, self.added = (
            colour, displays, bouclier, assomme, added)
        if self.sim:
            self.hands = hands
        else:
            self.counts = hands
        del self.discard[discard_len:]
        self._take_from_hand(q, "lancelot")
        self.discard += [card, "lancelot"]
        if q == self.current:
            self.played += 1
        if self.history and len(self.history[-1]["colours"]) > 1 and card in (
                "desarconne", "changement-arme", "maladresse"):
            self.history[-1]["colours"].pop()
        self.undo = None

    def _on_end(self, e: dict[str, Any]) -> None:
        """Staying: at least one card this turn and a total strictly above every other player
        still in the tournament (registre CAM-3)."""
        p = self._turn_player(e)
        if self.played < 1:
            raise RuleError("pour rester dans le tournoi, jouez au moins une carte ce tour-ci",
                            R_STAY)
        mine, best = self.total(p), self.best_other(p)
        if mine <= best:
            raise RuleError(f"total {mine} : il faut dépasser strictement {best}, sinon "
                            "abandonner", R_STAY)
        self._begin_turn(self._next_active(p))

    def _next_active(self, p: int) -> int:
        """Players who withdrew pass their turn (camelot.txt › Abandonnée ?, registre CAM-16)."""
        for k in range(1, self.n + 1):
            q = (p + k) % self.n
            if self.active[q]:
                return q
        return p

    def _on_withdraw(self, e: dict[str, Any]) -> None:
        """Withdrawing discards the display and the Bouclier/Assommé; with a dame, a token of the
        player's choice is lost if they have one (camelot.txt › Abandonnée ?, Soutien;
        registre CAM-12)."""
        p = self._turn_player(e)
        if self.first_card_due:
            raise RuleError("le joueur qui débute doit poser au moins une carte", R_START)
        token = _colour_or_none(e.get("token"))
        owes = DAME in self.displays[p] and bool(self.tokens[p])
        if owes and token not in self.tokens[p]:
            raise RuleError(f"{self.names[p]} abandonne avec une dame : choisissez un de ses "
                            f"jetons à défausser ({', '.join(sorted(self.tokens[p]))})", R_DAME)
        if not owes and token is not None:
            raise RuleError("aucun jeton à défausser (pas de dame, ou aucun jeton)", R_DAME)
        if owes:
            self.tokens[p].discard(str(token))
            self.pool[str(token)] += 1
        self._clear_player(p)
        self.active[p] = False
        still = [q for q in range(self.n) if self.active[q]]
        if len(still) == 1:
            self._tournament_won(still[0])
        else:
            self._begin_turn(self._next_active(p))

    def _clear_player(self, p: int) -> None:
        self.discard += self.displays[p]
        self.displays[p] = []
        for which in ("bouclier", "assomme"):
            if getattr(self, which) == p:
                setattr(self, which, None)
                self.discard.append(which)

    def _tournament_won(self, w: int) -> None:
        """The last player in wins a token of the final colour; purple: any colour
        (registre CAM-13)."""
        self._clear_player(w)
        self.current = w
        self.undo = None
        if self.colour == PURPLE:
            self.phase = "prize"
        else:
            self._award(w, str(self.colour))

    def _on_prize(self, e: dict[str, Any]) -> None:
        """After a purple tournament the winner takes a token of any colour (registre CAM-13)."""
        p = _player(self, e)
        if self.phase != "prize" or p != self.current:
            raise RuleError(self._whose_move(), R_WIN_TOURNEY)
        colour = e.get("colour")
        if colour not in catalogue().colours:
            raise RuleError("choisissez une couleur de jeton", R_WIN_TOURNEY)
        self._award(p, str(colour))

    def _award(self, w: int, token: str) -> None:
        gained = token not in self.tokens[w]
        if gained:
            self.tokens[w].add(token)
            self.pool[token] -= 1
        if self.history:
            # « colour » of a finished tournament is its final colour (camelot.txt › Gagner un
            # tournoi: « un jeton de la couleur finale »); « colours » keeps every change
            self.history[-1].update(winner=w, token=token, gained=gained, colour=self.colour)
        self.previous_colour = self.colour
        if len(self.tokens[w]) >= self.goal:
            self.winner = w
            self.phase = "over"
            self.current = w
            return
        self._new_tournament(w)

    # --- jetons mode ----------------------------------------------------------------------

    def _on_tournament(self, e: dict[str, Any]) -> None:
        """Light tracker: a tournament's winner and final colour, and the token taken
        (registre CAM-18, CAM-13)."""
        if self.mode != "jetons":
            raise RuleError("« tournament » sert au suivi des jetons seulement", R_TURN)
        w = _player(self, e, "winner")
        cat = catalogue()
        colour = e.get("colour")
        if colour not in cat.colours:
            raise RuleError("« colour » : la couleur finale du tournoi", R_WIN_TOURNEY)
        if colour == PURPLE and self.previous_colour == PURPLE:
            raise RuleError("deux tournois violets ne se suivent jamais", R_PURPLE)
        token = e.get("token", colour) if colour == PURPLE else colour
        if token not in cat.colours:
            raise RuleError("après un tournoi violet, choisissez la couleur du jeton",
                            R_WIN_TOURNEY)
        self.colour = str(colour)
        self.history.append({"starter": self.current, "colour": colour, "colours": [colour]})
        self._award_light(w, str(token))

    def _award_light(self, w: int, token: str) -> None:
        gained = token not in self.tokens[w]
        if gained:
            self.tokens[w].add(token)
            self.pool[token] -= 1
        self.history[-1].update(winner=w, token=token, gained=gained)
        self.previous_colour = self.colour
        self.current = w
        if len(self.tokens[w]) >= self.goal:
            self.winner = w
            self.phase = "over"

    def _on_dame_penalty(self, e: dict[str, Any]) -> None:
        """Light tracker: a player withdrew with a dame and gives back a token of their choice."""
        if self.mode != "jetons":
            raise RuleError("en suivi complet, la pénalité vient avec l'abandon", R_TURN)
        p = _player(self, e)
        token = _colour_or_none(e.get("token"))
        if token not in self.tokens[p]:
            raise RuleError(f"{self.names[p]} n'a pas ce jeton ; un joueur sans jeton ne perd "
                            "rien", R_DAME)
        self.tokens[p].discard(str(token))
        self.pool[str(token)] += 1

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
