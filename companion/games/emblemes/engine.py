"""Emblèmes engine: the state of a game is the replay of its reveals.

One event type, `reveal` {player, value, place, side?, choices?}: the players reveal in turn
from the first player clockwise; the card goes to its place in order, its immediate effect
applies with the choices recorded in the event; after each turn the first-player pawn passes to
the left; after the round's last turn the end of round is scored automatically, rewarded cards
are discarded and hands refilled; after the last round the richest player wins.

The app never sees hands: a player's cards not yet played (hand and deck together) are tracked
as a set, and the Courtisane's random draw is recorded as the value of the target's reveal."""

from __future__ import annotations

import copy
from typing import Any

from companion.core.errors import RuleError
from companion.core.text import counted
from companion.games.emblemes.cards import (
    PLACES,
    RULES,
    Card,
    card_label,
    data,
    is_immediate,
    place_label,
)
from companion.games.emblemes.coins import Ledger, Movement
from companion.games.emblemes.data import Reward
from companion.games.emblemes.effects import (
    RULE_STRATEGE,
    Choice,
    NeedChoice,
    Picker,
    apply_immediate,
    place_card,
)
from companion.games.emblemes.placement import RULE_PLACEMENT
from companion.games.emblemes.scoring import PlaceInput, RoundScore, score_round

RULE_SETUP = f"{RULES} › Mise en place de la partie"
RULE_ROUNDS = f"{RULES} › Déroulement d'une partie"
RULE_TURN = f"{RULES} › Comment se déroule un tour"
RULE_END_OF_ROUND = f"{RULES} › Fin d'une manche"
RULE_END_OF_GAME = f"{RULES} › Fin de la partie et décompte final"
RULE_PAWN = "registre EMB-12"
PROVENANCES = ("regles", "defaut-maison", "table")
PROVENANCE_LABELS = {"regles": "règle", "defaut-maison": "défaut maison",
                     "table": "valeurs de la table"}


def parse_rewards(raw: Any, where: str) -> list[Reward]:
    """A place card's rewards by rank, each {fixed|per_card|steal|half_value} (data.Reward)."""
    if not isinstance(raw, list) or not raw:
        raise RuleError(f"{where} : une liste non vide de récompenses par rang", RULE_SETUP)
    rewards = []
    for rank, item in enumerate(raw, 1):
        if isinstance(item, Reward):
            rewards.append(item)
            continue
        try:
            rewards.append(Reward.model_validate(item))
        except ValueError:
            raise RuleError(f"{where}, rang {rank} : une récompense est {{\"fixed\": N}}, "
                            "{\"per_card\": true}, {\"steal\": N} ou {\"half_value\": true} "
                            f"(reçu {item!r})", RULE_SETUP) from None
    return rewards


def winner(players: list[str], coins: dict[str, int], pawn: str) -> str:
    """emblemes.txt › Fin de la partie et décompte final: most coins; on a tie the pawn's
    holder, else the tied player nearest to them clockwise (EMB-12: the holder after the last
    turn)."""
    best = max(coins.values())
    start = players.index(pawn)
    for offset in range(len(players)):
        player = players[(start + offset) % len(players)]
        if coins[player] == best:
            return player
    raise AssertionError("unreachable")


class EmblemesState:
    """A game in progress. Mutable containers are copied by `_copy`, so `apply` can work on a
    copy and keep this state untouched when the event is refused."""

    def __init__(self, setup: dict[str, Any]) -> None:
        rules = data()
        players = setup.get("players")
        if (not isinstance(players, list) or not all(isinstance(p, str) and p.strip()
                                                      for p in players)):
            raise RuleError("« players » : la liste des noms des joueurs, dans le sens horaire",
                            RULE_SETUP)
        if len(set(players)) != len(players):
            raise RuleError("deux joueurs portent le même nom", RULE_SETUP)
        if not rules.players.min <= len(players) <= rules.players.max:
            raise RuleError(f"Emblèmes se joue de {rules.players.min} à {rules.players.max} "
                            f"joueurs (reçu {len(players)})", f"{RULES} › Le jeu en bref")
        self.players: list[str] = list(players)
        self.place_set: str = setup.get("place_set", "A")
        if self.place_set not in ("A", "B", "C"):
            raise RuleError(f"set de cartes Lieu « {self.place_set} » inconnu (A, B ou C)",
                            RULE_SETUP)
        self.pawn: str = setup.get("first_player", players[0])
        if self.pawn not in players:
            raise RuleError(f"premier joueur « {self.pawn} » inconnu", RULE_ROUNDS)
        self.families: dict[str, str] = self._families(setup.get("families"))
        self.rewards, self.provenance = self._rewards(setup.get("places") or {})
        self.turns: int = rules.turns_per_round[len(players)]
        self.rounds: int = rules.rounds
        self.round = 1
        self.turn = 1
        self.revealed: list[str] = []
        self.places: dict[str, list[Card]] = {p: [] for p in PLACES}
        self.coins: dict[str, int] = {p: rules.starting_coins for p in players}
        values = {c.value for c in rules.characters}
        self.unplayed: dict[str, set[int]] = {p: set(values) for p in players}
        self.hand: dict[str, int] = {p: rules.hand_size for p in players}
        self.discards: dict[str, list[int]] = {p: [] for p in players}
        self.imposed: dict[str, tuple[str, str]] = {}  # target -> (place, Stratège's owner)
        self.replaced: dict[str, str] = {}  # target -> Courtisane's owner
        self.movements: list[tuple[int, Movement]] = []  # (round, movement)
        self.journal: list[dict[str, Any]] = []
        self.results: list[RoundScore] = []
        self.winner: str | None = None

    def _families(self, raw: Any) -> dict[str, str]:
        ids = [f.id for f in data().families]
        if raw is None:
            return dict(zip(self.players, ids, strict=False))
        if (not isinstance(raw, dict) or set(raw) != set(self.players)
                or not all(isinstance(f, str) for f in raw.values())
                or len(set(raw.values())) != len(raw) or not set(raw.values()) <= set(ids)):
            raise RuleError(f"« families » : une famille différente par joueur parmi "
                            f"{', '.join(ids)}", RULE_SETUP)
        return dict(raw)

    def _rewards(self, raw: Any) -> tuple[dict[str, list[Reward]], dict[str, str]]:
        """The place cards of the chosen set, face for the player count; a table's own values
        (`places` {place: {rewards, provenance}}) replace them place by place."""
        if not isinstance(raw, dict) or not set(raw) <= set(PLACES):
            raise RuleError("« places » : une table lieu -> {rewards, provenance}", RULE_SETUP)
        rewards: dict[str, list[Reward]] = {}
        provenance: dict[str, str] = {}
        for place in PLACES:
            face = data().place_face(self.place_set, place, len(self.players))
            given = raw.get(place)
            if given is None:
                rewards[place] = list(face.rewards)
                provenance[place] = face.provenance.value
                continue
            if not isinstance(given, dict) or given.get("provenance", "table") not in PROVENANCES:
                raise RuleError(f"« places.{place} » : {{rewards: [...], provenance: "
                                f"{' | '.join(PROVENANCES)}}}", RULE_SETUP)
            rewards[place] = parse_rewards(given.get("rewards"), f"places.{place}.rewards")
            provenance[place] = given.get("provenance", "table")
        return rewards, provenance

    # --- helpers the effects use -------------------------------------------------------------

    def _copy(self) -> EmblemesState:
        new = copy.copy(self)
        new.places = {p: list(cards) for p, cards in self.places.items()}
        new.coins = dict(self.coins)
        new.unplayed = {p: set(v) for p, v in self.unplayed.items()}
        new.hand = dict(self.hand)
        new.discards = {p: list(v) for p, v in self.discards.items()}
        new.imposed = dict(self.imposed)
        new.replaced = dict(self.replaced)
        new.revealed = list(self.revealed)
        # movements, journal and results are only ever appended to: the copy shares them and
        # the caller cuts them back to their length (_rollback) when the copy is dropped, so a
        # turn no longer copies the whole game's history twice.
        return new

    def _history(self) -> tuple[int, int, int]:
        return len(self.movements), len(self.journal), len(self.results)

    def _rollback(self, lengths: tuple[int, int, int]) -> None:
        del self.movements[lengths[0]:], self.journal[lengths[1]:], self.results[lengths[2]:]

    def note(self, text: str) -> None:
        self.journal.append({"round": self.round, "turn": self.turn, "text": text})

    def record(self, ledger: Ledger) -> None:
        """Keep the movements of an immediate effect (ledger.coins is this state's purse)."""
        self.movements.extend((self.round, m) for m in ledger.movements)
        for m in ledger.movements:
            self.note(f"{m.player} {m.amount:+d} : {m.cause}")

    def discard(self, place: str, card: Card, why: str) -> None:
        self.places[place].remove(card)
        self.discards[card.owner].append(card.value)
        self.note(why)

    def unrevealed(self) -> list[str]:
        """Players whose card is still face down this turn, in reveal order (emblemes.txt ›
        Comment se déroule un tour: from the first player, clockwise)."""
        return [p for p in self.reveal_order() if p not in self.revealed]

    def reveal_order(self) -> list[str]:
        start = self.players.index(self.pawn)
        return self.players[start:] + self.players[:start]

    @property
    def finished(self) -> bool:
        return self.winner is not None

    def next_player(self) -> str | None:
        waiting = self.unrevealed()
        return None if self.finished or not waiting else waiting[0]

    # --- events ------------------------------------------------------------------------------

    def apply(self, event: dict[str, Any]) -> None:
        need = self.settle(event)
        if need is not None:
            raise RuleError(f"choix manquant : {need.question}", need.rule)

    def settle(self, event: dict[str, Any]) -> Choice | None:
        """Apply `event` when it is complete and say None; when it still needs an answer, the
        next question, with the state untouched (`next_choice` then `apply` in one trial, for
        the simulations). RuleError if it cannot be played as given."""
        lengths = self._history()
        new = self._copy()
        try:
            new._apply(event)
        except NeedChoice as need:
            self._rollback(lengths)
            return need.choice
        except BaseException:
            self._rollback(lengths)
            raise
        self.__dict__.update(new.__dict__)
        return None

    def next_choice(self, event: dict[str, Any]) -> Choice | None:
        """The next question this reveal needs answered, or None when it is complete.
        RuleError if it cannot be played as given. Leaves the state untouched."""
        lengths = self._history()
        try:
            self._copy()._apply(event)
        except NeedChoice as need:
            return need.choice
        finally:
            self._rollback(lengths)
        return None

    def _apply(self, event: dict[str, Any]) -> None:
        if not isinstance(event, dict):
            raise RuleError("un événement est un objet JSON avec « type »", RULE_TURN)
        if event.get("type") != "reveal":
            raise RuleError(f"événement inconnu « {event.get('type')} » (attendu : reveal)",
                            RULE_TURN)
        unknown = set(event) - {"type", "player", "value", "place", "side", "choices"}
        if unknown:
            raise RuleError(f"champ inconnu : {', '.join(sorted(unknown))}", RULE_TURN)
        if self.finished:
            raise RuleError("la partie est terminée", RULE_END_OF_GAME)
        player, value, place = self._check_reveal(event)
        self._reveal(player, value, place, event)
        if not self.unrevealed():
            self._end_turn()

    def _check_reveal(self, event: dict[str, Any]) -> tuple[str, int, str]:
        """Reveal order, a card the player has not played yet (EMB-16: hands are secret), a place
        that exists, or the one a Stratège imposed."""
        player, value, place = event.get("player"), event.get("value"), event.get("place")
        expected = self.next_player()
        if player != expected:
            raise RuleError(f"c'est à {expected} de révéler sa carte (reçu : {player})",
                            RULE_TURN)
        if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 15:
            raise RuleError(f"valeur {value!r} hors de 1-15", f"{RULES} › Le matériel")
        if self.hand[player] == 0:
            raise RuleError(f"{player} n'a plus de carte en main", RULE_TURN)
        if value not in self.unplayed[player]:
            raise RuleError(f"{player} a déjà joué sa carte de valeur {value}",
                            f"{RULES} › Le matériel")
        if place not in PLACES:
            raise RuleError(f"lieu « {place} » inconnu (chateau, village, port)", RULE_TURN)
        if player in self.imposed and self.imposed[player][0] != place:
            to, by = self.imposed[player]
            raise RuleError(f"le Stratège de {by} impose à {player} le {place_label(to)}",
                            RULE_STRATEGE)
        return player, value, place

    def _reveal(self, player: str, value: int, place: str, event: dict[str, Any]) -> None:
        """emblemes.txt › Comment se déroule un tour: reveal, place in order, immediate effect."""
        self.unplayed[player].discard(value)
        self.hand[player] -= 1
        self.revealed.append(player)
        self.imposed.pop(player, None)
        drawn = self.replaced.pop(player, None)
        card = Card(player, value)
        picker = Picker(event)
        side = picker.pick_side(self.places[place], value, place, RULE_PLACEMENT, top=True)
        place_card(self, card, place, side)
        origin = f" (tirée au hasard, Courtisane de {drawn})" if drawn else ""
        self.note(f"{player} pose {card_label(card)}{origin} au {place_label(place)}")
        if is_immediate(value):
            apply_immediate(self, card, place, picker)
        picker.finish()

    def _end_turn(self) -> None:
        """After every reveal the pawn passes to the left (next clockwise); the round ends after
        its last turn (EMB-12: the pawn passes after the game's last turn too)."""
        self.revealed = []
        self.pawn = self.players[(self.players.index(self.pawn) + 1) % len(self.players)]
        if self.turn < self.turns:
            self.turn += 1
            return
        self._end_round()

    def _end_round(self) -> None:
        """emblemes.txt › Fin d'une manche: count, discard rewarded cards, refill to 6."""
        places = {p: PlaceInput(self.rewards[p], self.places[p]) for p in PLACES}
        score = score_round(self.players, self.coins, places)
        self.coins = dict(score.coins)
        self.movements.extend((self.round, m) for m in score.movements)
        self.results.append(score)
        for place, result in score.places.items():
            self.places[place] = list(result.kept)
            for card in result.rewarded:
                self.discards[card.owner].append(card.value)
        hand_size = data().hand_size
        for player in self.players:
            in_deck = len(self.unplayed[player]) - self.hand[player]
            self.hand[player] += min(hand_size - self.hand[player], in_deck)
        if self.round == self.rounds:
            self.winner = winner(self.players, self.coins, self.pawn)
            self.note(f"fin de la partie : {self.winner} l'emporte avec "
                      f"{counted(self.coins[self.winner], 'pièce')}")
            return
        self.round += 1
        self.turn = 1

    # --- views -------------------------------------------------------------------------------

    def deck(self, player: str) -> int:
        return len(self.unplayed[player]) - self.hand[player]

    def summary(self) -> dict[str, Any]:
        return {
            "players": list(self.players),
            "families": dict(self.families),
            "place_set": self.place_set,
            "rewards": {p: [r.model_dump(exclude_none=True) for r in rs]
                        for p, rs in self.rewards.items()},
            "rewards_provenance": dict(self.provenance),
            "round": self.round, "rounds": self.rounds,
            "turn": self.turn, "turns": self.turns,
            "first_player": self.pawn,
            "next_player": self.next_player(),
            "imposed": {t: {"place": p, "by": by} for t, (p, by) in self.imposed.items()},
            "replaced": dict(self.replaced),
            "places": {p: [c.as_json() for c in cards] for p, cards in self.places.items()},
            "coins": dict(self.coins),
            "scores": dict(self.coins),  # the shared summary key: coins are the score
            "hand": dict(self.hand),
            "deck": {p: self.deck(p) for p in self.players},
            "discards": {p: sorted(v, reverse=True) for p, v in self.discards.items()},
            "movements": [dict(m.as_detail(), round=r) for r, m in self.movements],
            "rounds_scored": [s.as_detail() for s in self.results],
            "journal": list(self.journal),
            "finished": self.finished,
            "winner": self.winner,
            "violations": [],  # an event against the rules is refused, never recorded
        }


class EmblemesEngine:
    game = "emblemes"

    def new_state(self, setup: dict[str, Any]) -> EmblemesState:
        if not isinstance(setup, dict):
            raise RuleError("la mise en place est un objet JSON", RULE_SETUP)
        return EmblemesState(setup)


ENGINE = EmblemesEngine()
