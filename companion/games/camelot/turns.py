"""Camelot's full modes (table and simulation): the deal and the reshuffles, a tournament's
start, the turns with their draw, the cards played and Lancelot, staying in at the end of a turn.
`Turns` is mixed into `engine.CamelotState` (the state's fields are declared there); how a
tournament ends and what it gives is in tokens.py."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from companion.core.errors import RuleError
from companion.games.camelot.actions import PLANS
from companion.games.camelot.cards import (
    ACTION,
    COLOUR_CARD,
    DAME,
    GREEN,
    PURPLE,
    SUPPORTER,
    catalogue,
)
from companion.games.camelot.effects import Effect
from companion.games.camelot.refs import (
    R_DAME,
    R_LANCELOT,
    R_PLAY,
    R_PUBLIC,
    R_PURPLE,
    R_RESHUFFLE,
    R_SETUP,
    R_START,
    R_STAY,
    R_TURN,
    read_player,
)


class Turns:
    if TYPE_CHECKING:  # the state's fields and queries (engine.CamelotState)
        n: int
        names: list[str]
        sim: bool
        phase: str
        current: int
        colour: str | None
        previous_colour: str | None
        displays: list[list[str]]
        active: list[bool]
        bouclier: int | None
        assomme: int | None
        played: int
        added: int
        first_card_due: bool
        undo: tuple[Any, ...] | None
        awaiting_reshuffle: bool
        pending_draw: int | None
        discard: list[str]
        hands: list[list[str]]
        counts: list[int]
        pile: list[str]
        pile_count: int
        history: list[dict[str, Any]]

        def total(self, p: int) -> int: ...
        def best_other(self, p: int) -> int: ...
        def startable(self, hand: list[str]) -> bool: ...
        def check_addition(self, p: int, k: int) -> None: ...

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
        p = read_player(self, e)
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
        p = read_player(self, e)
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
        p = read_player(self, e)
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
        q = read_player(self, e)
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
