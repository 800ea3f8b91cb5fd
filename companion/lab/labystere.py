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
from typing import Any

from companion.games.labystere.board import Pos, cell_name, parse_cell
from companion.games.labystere.engine import ENGINE, LabystereState
from companion.lab.runner import Options
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
    return [{"politique": policy, "joueurs": players}
            for policy in (options.policies or tuple(POLICIES))
            for players in (options.players or PLAYERS)]


def units(record: dict[str, Any]) -> int:
    return 1


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
    """One game. Its events are the engine's own offers (a face of the die, one of its walks or
    swaps, its legal events), so they go through the engine's fast path (`play_offered`) unless
    `checked`: then through `apply`, as at the table (tests/test_lab_fastpath.py: same game)."""
    n = condition["joueurs"]
    greedy = condition["politique"] == "glouton"
    setup = {"players": NAMES[:n], "colours": COLOURS[:n], "seed": rng.getrandbits(62)}
    state = ENGINE.new_state(setup)
    data = state.data
    flag_here = {f.id for f in data.flag_cards if f.flag_here}
    suspects, places = len(data.suspects), len(data.places)
    notes = [Notes(suspects, places) for _ in range(n)]
    # Témoins and Lieux never move (only empty paths are swapped): the glouton's goals
    goals = [pos for pos, stack in state.board.cells() if stack.cover in ("temoin", "lieu")]
    events: list[dict[str, Any]] = []
    turns = 0
    known_at: int | None = None
    replay_turn = False

    apply = state.apply if checked else state.play_offered
    record = events.append  # each event is applied then recorded

    while not state.finished and turns < MAX_TURNS:
        seat = state.turn
        mine = notes[seat]
        if state.phase == "roll" and not replay_turn:
            turns += 1
        replay_turn = False
        if mine.known and state.may_declare():
            event = {"type": "declare", "suspect": _culprit(data, mine),
                     "place": _place(data, mine)}
            apply(event)
            record(event)
            continue
        phase = state.phase
        learnt: list[Notes] = []  # whose notes this step may have changed
        if phase == "roll":
            event = {"type": "roll", "value": rng.randint(1, data.die_faces), "source": "app"}
            apply(event)
            record(event)
        elif phase == "play":
            event = _walk_or_swap(state, mine, greedy, goals, rng)
            apply(event)
            record(event)
        elif phase == "reveal":
            pos = state.pawns[seat]
            event = {"type": "reveal"}
            apply(event)
            record(event)
            assert pos is not None
            if state.board[pos].cover in ("temoin", "lieu"):
                _learn(state, mine, pos, flag_here)
                learnt.append(mine)
        elif phase == "action":
            event = _action(state, notes, greedy, rng)
            apply(event)
            record(event)
            replay_turn = event["card"] == "rejoue"
            _after_action(state, notes, seat, event, flag_here, rng)
            learnt.append(mine)
        else:  # done: look under the pawn after an exchange, then end the turn
            # after « Échange » only: each player who may looks (the list shrinks as they do)
            looks = ([{"type": "reveal", "player": state.players[s]} for s in state.may_look]
                     if state.may_look else ())
            for look in looks:
                who = state.players.index(look["player"])
                pos = state.pawns[who]
                apply(look)
                record(look)
                assert pos is not None
                _learn(state, notes[who], pos, flag_here)
                learnt.append(notes[who])
            if not state.finished:
                event = {"type": "end_turn"}
                apply(event)
                record(event)
        # notes change only when a card is looked at, and only the looker's
        if known_at is None and learnt and any(x.known for x in learnt):
            known_at = turns
    out: dict[str, Any] = {"turns": turns, "known_at": known_at, "won": state.winner is not None,
                           "finished": state.finished}
    if log:
        out["log"] = (setup, events)
    return out


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


def _walk_or_swap(state: LabystereState, notes: Notes, greedy: bool, goals: list[Pos],
                  rng: random.Random) -> dict[str, Any]:
    reach = state.legal_reach()  # the ends, sorted; the walk to the end chosen is written out
    walks = reach.ends
    if walks and greedy:
        def far(pos: Pos) -> int:
            return _distance_to_targets(state, notes, goals, pos)
        end = min(walks, key=lambda p: (far(p), rng.random()))
        here = state.pawns[state.turn]
        assert here is not None
        # no walk brings it closer: half the time it reshapes the maze instead
        if far(end) < far(here) or rng.random() < 0.5:
            return {"type": "move", "path": [cell_name(p) for p in reach.walk(end)]}
    elif walks and rng.random() < 0.75:
        end = rng.choice(walks)
        return {"type": "move", "path": [cell_name(p) for p in reach.walk(end)]}
    free = state.swappable()
    if len(free) >= 2:
        a, b = rng.sample(free, 2)
        return {"type": "swap", "cells": [cell_name(a), cell_name(b)]}
    if walks:
        end = rng.choice(walks)
        return {"type": "move", "path": [cell_name(p) for p in reach.walk(end)]}
    return {"type": "end_turn"}


def _action(state: LabystereState, notes: list[Notes], greedy: bool,
            rng: random.Random) -> dict[str, Any]:
    options = state.legal_events()
    if not greedy or len(options) == 1:
        return rng.choice(options)
    mine = notes[state.turn]
    if "cell" in options[0]:
        unseen = [e for e in options if parse_cell(e["cell"], state.board.rows,
                                                   state.board.cols) not in mine.seen]
        return rng.choice(unseen or options)
    if "player" in options[0]:
        def richness(event: dict[str, Any]) -> tuple[int, float]:
            other = notes[state.players.index(event["player"])]
            return len(other.cleared - mine.cleared) + len(other.empty - mine.empty), rng.random()
        return max(options, key=richness)
    return options[0]


def _after_action(state: LabystereState, notes: list[Notes], seat: int, event: dict[str, Any],
                  flag_here: set[str], rng: random.Random) -> None:
    """What the Action card taught the player who carried it out."""
    card = event["card"]
    mine = notes[seat]
    if "cell" in event:
        pos = parse_cell(event["cell"], state.board.rows, state.board.cols)
        assert pos is not None
        _learn(state, mine, pos, flag_here)
    elif card in ("regarde-suspects-ecartes", "regarde-lieux-ecartes") and "player" in event:
        other = notes[state.players.index(event["player"])]
        if card == "regarde-suspects-ecartes" and other.cleared:
            mine.cleared.add(rng.choice(sorted(other.cleared)))
        elif card == "regarde-lieux-ecartes" and other.empty:
            mine.empty.add(rng.choice(sorted(other.empty)))
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
