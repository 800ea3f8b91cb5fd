"""Labystère in the balance lab: whole games through the real engine (rules version 2: the plan
is the board, pawns walk the paths, cards turned up, paths swapped, declarations judged).

Each simulated player keeps its own notes, as with its Enquête cards: the suspects seen under
the Témoins it turned up or looked under (innocent), the places seen under the Lieux (flag
there or not), and what it saw among another player's set-aside cards. It declares only when it
knows the culprit (three suspects cleared) and the place, from Arrivée. Policies
(docs/register/atelier.md ATL-9):
- « hasard »: the die is rolled, then a random walk of the die's length (three times in four
  when it has one) or a random swap of two empty paths; every choice an Action card asks is
  random;
- « glouton »: walks to a Témoin or Lieu it has not seen (the nearest by the grid), or towards
  Arrivée once it knows both; when no walk brings it closer, it swaps two random empty paths
  half the time; Action cards aim at what it has not seen and at the player who has set most
  aside.
Figures: turns (one turn = one player's go) until some player knows both answers, and until the
game is won; games that reach the cap of turns are counted apart."""

from __future__ import annotations

import random
from typing import Any, TypeVar

from companion.games.labystere.board import Pos, cell_name
from companion.games.labystere.engine import ENGINE, LabystereState
from companion.games.labystere.rules import ACTION, CARD_CELL, CARD_PLAYER, DONE, REVEAL
from companion.lab.runner import Options, one_game, policies_by_players
from companion.lab.stats import Figure, mean, rate

GAME = "labystere"
UNIT = "parties"
POLICIES = {
    "hasard": "avance au hasard du nombre exact de cases (ou échange deux chemins), actions au "
              "hasard ; déclare dès qu'il sait",
    "glouton": "va vers le Témoin ou le Lieu le plus proche qu'il n'a pas vu, puis vers "
               "l'Arrivée",
}
PLAYERS = (2, 3, 4)
NAMES = ["Léa", "Tom", "Inès", "Noé"]
COLOURS = ["rouge", "bleu", "vert", "jaune"]
MAX_TURNS = 400
T = TypeVar("T")


class Notes:
    """What one player has learnt (its Enquête cards set aside)."""

    def __init__(self, suspects: int, places: int) -> None:
        self.cleared: set[str] = set()  # innocent suspects
        self.empty: set[str] = set()  # places without the flag
        self.place: str | None = None  # where the flag is, once seen
        self.seen: set[Pos] = set()  # cells looked under
        self.suspects, self.places = suspects, places
        # read at every step of the game, changed only when a card is looked at: kept, and
        # read anew by `learnt` after every change
        self.known = False  # knows the culprit and the place
        self.targets: list[Pos] | None = None  # « glouton »: where it heads (`_targets`)
        self.far: dict[Pos, int] = {}  # « glouton »: cells' distances to them, once asked

    def learnt(self) -> None:
        """After any change of the notes: whether they tell both answers, and forget the
        distances read from them."""
        self.known = len(self.cleared) >= self.suspects - 1 and (
            self.place is not None or len(self.empty) >= self.places - 1)
        self.targets, self.far = None, {}


def conditions(options: Options) -> list[dict[str, Any]]:
    return policies_by_players(options, POLICIES, PLAYERS)


units = one_game


def _learn(state: LabystereState, notes: Notes, pos: Pos, flag_here: set[str]) -> None:
    stack = state.board[pos]
    notes.seen.add(pos)
    if stack.cover == "temoin":
        notes.cleared.add(stack.action.removeprefix("suspect-"))
    elif stack.cover == "lieu" and stack.path is not None:
        place = stack.path.removeprefix("chemin-lieu-")
        if stack.action in flag_here:
            notes.place = place
        else:
            notes.empty.add(place)
    notes.learnt()


def play(condition: dict[str, Any], rng: random.Random, log: bool = False,
         checked: bool = False) -> dict[str, Any]:
    """One game, a turn at a time. What is played is what the engine offers (a face of the die,
    one of its walks or swaps, its legal events), so it takes the engine's fast path: each
    choice goes to the state's `offer_*` method as the engine holds it (cells, seats), with no
    event built (`Offered`). With `log`, each choice is also written as its event, applied by
    `play_offered`; with `checked`, by `apply`, as at the table (`Written`;
    tests/test_lab_fastpath.py: the three play the same game)."""
    n = condition["joueurs"]
    greedy = condition["politique"] == "glouton"
    setup = {"players": NAMES[:n], "colours": COLOURS[:n], "seed": rng.getrandbits(62)}
    state = ENGINE.new_state(setup)
    data = state.data
    flag_here = {f.id for f in data.flag_cards if f.flag_here}
    suspects, places = len(data.suspects), len(data.places)
    notes = [Notes(suspects, places) for _ in range(n)]
    # Témoins and Lieux never move (only empty paths are swapped): the glouton's goals
    goals = [*state.board.covered("temoin"), *state.board.covered("lieu")] if greedy else []
    draw = Draws(rng)
    walk_or_swap = _greedy_walk_or_swap if greedy else _random_walk_or_swap
    faces = data.die_faces
    events: list[dict[str, Any]] = []
    table = (Written(state, state.apply if checked else state.play_offered, events)
             if log or checked else Offered(state))
    roll, move, swap, reveal = table.roll, table.move, table.swap, table.reveal
    act, end_turn, declare = table.act, table.end_turn, table.declare
    turns = 0
    known_at: int | None = None

    while not state.finished and turns < MAX_TURNS:
        seat = state.turn
        mine = notes[seat]
        turns += 1
        while True:  # the player's turn; once more after « Rejoue » (same turn)
            if mine.known and state.may_declare():
                declare(_culprit(data, mine), _place(data, mine))
                break
            roll(draw.below(faces) + 1)
            if turns >= MAX_TURNS:
                break  # the cap: the game stops on this last turn's roll
            walk, pair = walk_or_swap(state, mine, goals, draw)
            if walk:
                move(walk)
            elif pair:
                swap(*pair)
            else:
                end_turn()  # neither a walk nor two empty paths: the turn passes
                break
            if state.phase == REVEAL:
                pos = walk[-1]  # type: ignore[index]
                reveal(seat)
                if state.board.stacks[pos].cover in ("temoin", "lieu"):
                    _learn(state, mine, pos, flag_here)
                    if known_at is None and mine.known:
                        known_at = turns
                if state.phase == ACTION:
                    card, target, cell = _action(state, notes, greedy, draw)
                    act(card, target, cell)
                    _after_action(state, notes, seat, card, target, cell, flag_here, draw)
                    if known_at is None and mine.known:
                        known_at = turns
                    if card == "rejoue":
                        continue
                    if state.phase != DONE:
                        break  # « tant pis ! »: the card passed the turn on (registre LAB-18)
            # done: declare from Arrivée, or look under the pawn after an exchange, and end
            if mine.known and state.may_declare():
                declare(_culprit(data, mine), _place(data, mine))
                break
            if state.may_look:  # after « Échange » only: each player who may looks, in turn
                for who in list(state.may_look):
                    pos = state.pawns[who]
                    assert pos is not None
                    reveal(who)
                    _learn(state, notes[who], pos, flag_here)
                    if known_at is None and notes[who].known:
                        known_at = turns
            end_turn()
            break
    out: dict[str, Any] = {"turns": turns, "known_at": known_at, "won": state.winner is not None,
                           "finished": state.finished}
    if log:
        out["log"] = (setup, events)
    return out


class Offered:
    """The choices go straight to the state's fast path (`offer_*`), as the engine holds them:
    nothing is written."""

    def __init__(self, state: LabystereState) -> None:
        self.roll, self.move, self.swap = state.offer_roll, state.offer_move, state.offer_swap
        self.reveal, self.act = state.offer_reveal, state.offer_action
        self.end_turn, self.declare = state.offer_end_turn, state.offer_declare


class Written:
    """The choices written as the log's events, each applied by `apply` then recorded."""

    def __init__(self, state: LabystereState, apply: Any, events: list[dict[str, Any]]) -> None:
        self.state, self.apply, self.events = state, apply, events

    def _play(self, event: dict[str, Any]) -> None:
        self.apply(event)
        self.events.append(event)

    def roll(self, value: int) -> None:
        self._play({"type": "roll", "value": value, "source": "app"})

    def move(self, walk: list[Pos]) -> None:
        self._play({"type": "move", "path": [cell_name(p) for p in walk]})

    def swap(self, a: Pos, b: Pos) -> None:
        self._play({"type": "swap", "cells": [cell_name(a), cell_name(b)]})

    def reveal(self, seat: int) -> None:
        state = self.state
        self._play({"type": "reveal"} if seat == state.turn and state.phase == REVEAL
                   else {"type": "reveal", "player": state.players[seat]})

    def act(self, card: str, target: int | None, cell: Pos | None) -> None:
        event: dict[str, Any] = {"type": "action", "card": card}
        if cell is not None:
            event["cell"] = cell_name(cell)
        if target is not None:
            event["player"] = self.state.players[target]
        self._play(event)

    def end_turn(self) -> None:
        self._play({"type": "end_turn"})

    def declare(self, suspect: str, place: str) -> None:
        self._play({"type": "declare", "suspect": suspect, "place": place})


class Draws:
    """The lab's random choices, read from the game's generator by `getrandbits` (and `random`)
    alone: the draws CPython's `randrange`, `choice` and `sample` make today, without their
    layers of calls (a game draws about 360 times), and written here, so that a later Python
    changing those functions does not change a seed's games."""

    def __init__(self, rng: random.Random) -> None:
        self.bits = rng.getrandbits
        self.random = rng.random

    def below(self, n: int) -> int:
        """A whole number from 0 to n - 1, each as likely (rejection of k-bit draws)."""
        k = n.bit_length()
        value = self.bits(k)
        while value >= n:
            value = self.bits(k)
        return value

    def choice(self, items: list[T] | tuple[T, ...]) -> T:
        return items[self.below(len(items))]

    def two(self, items: list[T]) -> tuple[T, T]:
        """Two different items, the second drawn among the rest (`random.sample(items, 2)`)."""
        size = len(items)
        first = self.below(size)
        second = self.below(size - 1)
        return items[first], items[size - 1 if second == first else second]


def _culprit(data: Any, notes: Notes) -> str:
    return next(s.id for s in data.suspects if s.id not in notes.cleared)


def _place(data: Any, notes: Notes) -> str:
    return notes.place or next(p.id for p in data.places if p.id not in notes.empty)


def _targets(state: LabystereState, notes: Notes, goals: list[Pos]) -> list[Pos]:
    """Arrivée once it knows both answers, else the Témoins and Lieux it has not seen."""
    if notes.known:
        return [state.board.find("arrivee")]
    return [pos for pos in goals if pos not in notes.seen]


def _distance_to_targets(state: LabystereState, notes: Notes, goals: list[Pos], pos: Pos) -> int:
    """`_distance` of `pos` to the `_targets`, both kept in the notes until they change."""
    far = notes.far.get(pos)
    if far is None:
        if notes.targets is None:
            notes.targets = _targets(state, notes, goals)
        far = notes.far[pos] = _distance(pos, notes.targets)
    return far


def _distance(a: Pos, targets: list[Pos]) -> int:
    return min((abs(a[0] - t[0]) + abs(a[1] - t[1]) for t in targets), default=0)


def _greedy_walk_or_swap(state: LabystereState, notes: Notes, goals: list[Pos], draw: Draws,
                         ) -> tuple[list[Pos] | None, tuple[Pos, Pos] | None]:
    """« glouton »: (the walk, None), (None, the two cells to swap), or (None, None): the turn
    passes."""
    reach = state.legal_reach()  # the ends, sorted; the walk to the end chosen is written out
    walks = reach.ends
    if walks:
        def far(pos: Pos) -> int:
            return _distance_to_targets(state, notes, goals, pos)
        random = draw.random
        end = min(walks, key=lambda p: (far(p), random()))
        here = state.pawns[state.turn]
        assert here is not None
        # no walk brings it closer: half the time it reshapes the maze instead
        if far(end) < far(here) or random() < 0.5:
            return reach.walk(end), None
    free = state.swappable()
    if len(free) >= 2:
        return None, draw.two(free)
    if walks:
        return reach.walk(draw.choice(walks)), None
    return None, None


def _random_walk_or_swap(state: LabystereState, notes: Notes, goals: list[Pos], draw: Draws,
                         ) -> tuple[list[Pos] | None, tuple[Pos, Pos] | None]:
    """« hasard » (its notes and goals unread): a walk three times in four when there is one,
    else a swap when there are two empty paths to swap, else a walk. Whether to walk is drawn
    first, so that the walks are searched only when a walk may be played (a quarter of the
    searches spared; the same odds as drawing it after the search)."""
    if draw.random() < 0.75:
        reach = state.legal_reach()
        if reach.ends:
            return reach.walk(draw.choice(reach.ends)), None
        free = state.swappable()
        return (None, draw.two(free)) if len(free) >= 2 else (None, None)
    free = state.swappable()
    if len(free) >= 2:
        return None, draw.two(free)
    reach = state.legal_reach()
    return (reach.walk(draw.choice(reach.ends)), None) if reach.ends else (None, None)


def _action(state: LabystereState, notes: list[Notes], greedy: bool,
            draw: Draws) -> tuple[str, int | None, Pos | None]:
    """The Action card turned up, carried out: (card, the seat it points at, the cell it looks
    under), chosen among what the engine allows (`legal_events`)."""
    card = state.pending
    assert card is not None
    if card in CARD_CELL:
        cells = state.board.covered(CARD_CELL[card])
        if greedy and len(cells) > 1:
            mine = notes[state.turn]
            cells = [pos for pos in cells if pos not in mine.seen] or cells
        return card, None, draw.choice(cells)
    seats = state.others() if card in CARD_PLAYER else []
    if not seats:  # a card without a choice (registre LAB-18 when nobody is left to choose)
        return card, None, None
    if not greedy or len(seats) == 1:
        return card, draw.choice(seats), None
    mine = notes[state.turn]

    def richness(seat: int) -> tuple[int, float]:
        other = notes[seat]
        return (len(other.cleared - mine.cleared) + len(other.empty - mine.empty),
                draw.random())
    return card, max(seats, key=richness), None


def _after_action(state: LabystereState, notes: list[Notes], seat: int, card: str,
                  target: int | None, cell: Pos | None, flag_here: set[str],
                  draw: Draws) -> None:
    """What the Action card taught the player who carried it out."""
    mine = notes[seat]
    if cell is not None:
        _learn(state, mine, cell, flag_here)
    elif card in ("regarde-suspects-ecartes", "regarde-lieux-ecartes") and target is not None:
        other = notes[target]
        if card == "regarde-suspects-ecartes" and other.cleared:
            mine.cleared.add(draw.choice(sorted(other.cleared)))
        elif card == "regarde-lieux-ecartes" and other.empty:
            mine.empty.add(draw.choice(sorted(other.empty)))
    mine.learnt()


def report(condition: dict[str, Any], records: list[dict[str, Any]],
           options: Options) -> list[Figure]:
    n = len(records)
    return [rate("parties gagnées (coupable et lieu trouvés)", sum(r["won"] for r in records), n),
            mean("tours avant qu'un joueur sache le coupable et le lieu",
                 [r["known_at"] for r in records if r["known_at"] is not None]),
            mean("tours jusqu'à la victoire", [r["turns"] for r in records if r["won"]]),
            rate(f"parties arrêtées à {MAX_TURNS} tours",
                 sum(not r["finished"] for r in records), n)]
