"""Noé in the balance lab: whole matches (manche after manche up to the target) played card by
card, every announcement checked by the real engine (`NoeState.apply` with the six cards, so a
wrong announcement would stop the run).

The table's card play is simulated here because the engine records announcements, not draws
(docs/register/noe.md NOE-11). What the policies do (docs/register/atelier.md ATL-1, ATL-2):
- « hasard »: draws from the pile or the discard at random, discards a random card, announces a
  random one of the announcements its hand allows (an Élysée waits for its next turn, as the
  rules say);
- « glouton »: takes the discard when it matches a category or a first name of its hand,
  discards the card that belongs to the smallest group, prefers any discard that gives an
  announcement, and announces the one worth most points (an Élysée if it has one).
Neither uses the actions of levels 2-3 (controls, descents, spies, bombs): they are optional, so
level 2 plays like level 1 here; at level 3 the méchants are dead cards and the Attentats strike
as the rules say (ATL-3 for the refill). A manche ends when the pile is empty (NOE-9)."""

from __future__ import annotations

import random
from typing import Any

from companion.games.noe.engine import ENGINE, NoeState
from companion.lab.noe_hands import Table, allowed, table
from companion.lab.runner import Options
from companion.lab.stats import Figure, mean, rate

GAME = "noe"
UNIT = "manches"
POLICIES = {
    "hasard": "pioche ou défausse au hasard, défausse une carte au hasard, annonce au hasard "
              "parmi ses annonces possibles",
    "glouton": "prend la défausse si elle complète un groupe, défausse la carte du plus petit "
               "groupe, annonce la combinaison qui rapporte le plus",
}
PLAYERS = (2, 3, 4, 5, 6)
LEVELS = (1, 2, 3)
WITHIN = (5, 10, 20)
MAX_MANCHES = 300  # a match of unlucky random players is stopped there (counted in the report)
MAX_TURNS = 40  # turns per player after which the table stops the manche (registre ATL-4)
NAMES = ["J1", "J2", "J3", "J4", "J5", "J6"]


def conditions(options: Options) -> list[dict[str, Any]]:
    levels = options.extra.get("levels") or LEVELS
    return [{"politique": policy, "niveau": level, "joueurs": players}
            for policy in (options.policies or tuple(POLICIES))
            for level in levels for players in (options.players or PLAYERS)]


def units(record: dict[str, Any]) -> int:
    return len(record["manches"])


def play(condition: dict[str, Any], rng: random.Random, log: bool = False) -> dict[str, Any]:
    """One match to the target; per manche: what the first player's dealt hand allowed, the turn
    of each first announcement, how it ended."""
    level, players, policy = condition["niveau"], condition["joueurs"], condition["politique"]
    setup = {"players": NAMES[:players], "level": level}
    state = ENGINE.new_state(setup)
    events: list[dict[str, Any]] = []
    t = table(level)
    manches = []
    while not state.finished and len(manches) < MAX_MANCHES:
        manches.append(_manche(state, t, policy == "glouton", rng, events))
    out: dict[str, Any] = {"manches": manches, "finished": state.finished}
    if log:
        out["log"] = (setup, events)
    return out


def _apply(state: NoeState, events: list[dict[str, Any]], event: dict[str, Any]) -> None:
    state.apply(event)
    events.append(event)


def _manche(state: NoeState, t: Table, greedy: bool, rng: random.Random,
            events: list[dict[str, Any]]) -> dict[str, Any]:
    m = state.current
    n = len(state.players)
    pile = list(range(len(t.cards)))
    rng.shuffle(pile)
    hands: list[list[int]] = [[] for _ in range(n)]
    order = [(m.dealer + 1 + k) % n for k in range(n)]
    for _ in range(t.deck.data.hand_size):
        for seat in order:
            hands[seat].append(pile.pop())
    discard: list[int] = []
    _clear_attentats(t, hands, order, pile, discard)  # Niveau 3 › Les attentats (before play)
    while pile and t.attentat[pile[-1]]:
        discard.append(pile.pop())
    if pile:
        discard.append(pile.pop())
    record: dict[str, Any] = {"dealt": [a.id for a in allowed(t, hands[order[0]])],
                              "first": {}, "turns": 0}
    active = list(order)  # seats still in play, in turn order from the first player
    turns = [0] * n
    pending = [False] * n  # an Élysée held for the next turn
    seat_pos = 0
    while not m.ended:
        seat = active[seat_pos % len(active)]
        if turns[seat] >= MAX_TURNS:
            _apply(state, events, {"type": "end_manche", "manche": m.number})
            break
        turns[seat] += 1
        record["turns"] += 1
        hand = hands[seat]
        announced = None
        if pending[seat]:
            pending[seat] = False
            if any(a.id == "complot-elysee" for a in allowed(t, hand)):
                announced = "complot-elysee"
        if announced is None:
            top = discard[-1] if discard else None
            if top is not None and not t.mechant[top] and _wants(t, hand, top, greedy, rng):
                discard.pop()
                card = top
            elif not pile:
                _apply(state, events, {"type": "end_manche", "manche": m.number})
                break
            else:
                card = pile.pop()
                if t.attentat[card]:
                    _attentat(t, hands, active, seat_pos, card, pile, discard, rng)
                    seat_pos += 1
                    continue
            hand.append(card)
            discard.append(hand.pop(_discard(t, hand, greedy, rng)))
            announced = _choose(t, hand, greedy, rng, pending, seat)
        if announced is not None:
            record["first"].setdefault(announced, turns[seat])
            _apply(state, events, {"type": "announcement", "manche": m.number,
                                   "player": state.players[seat], "announcement": announced,
                                   "cards": [t.cards[p].id for p in hand]})
            active.remove(seat)  # the next player takes this seat's position in the list
            continue
        seat_pos += 1
    record["ended_by"] = m.ended_by
    return record


def _clear_attentats(t: Table, hands: list[list[int]], order: list[int], pile: list[int],
                     discard: list[int]) -> None:
    """Everyone discards their Attentats and refills in turn, until nobody holds one."""
    again = True
    while again and pile:
        again = False
        for seat in order:
            hand = hands[seat]
            while pile and any(t.attentat[p] for p in hand):
                again = True
                for p in [p for p in hand if t.attentat[p]]:
                    hand.remove(p)
                    discard.append(p)
                while len(hand) < 6 and pile:
                    hand.append(pile.pop())


def _attentat(t: Table, hands: list[list[int]], active: list[int], seat_pos: int, card: int,
              pile: list[int], discard: list[int], rng: random.Random) -> None:
    """Drawing an Attentat: the previous player takes a card of the hand blind and kills it;
    the Attentat covers it on the discard; the turn is over (Niveau 3 › Les attentats). The
    victim then refills from the pile (registre ATL-3)."""
    seat = active[seat_pos % len(active)]
    hand = hands[seat]
    discard.append(hand.pop(rng.randrange(len(hand))))
    discard.append(card)
    while len(hand) < 6 and pile:
        drawn = pile.pop()
        if t.attentat[drawn]:
            discard.append(drawn)
            continue
        hand.append(drawn)


def _usefulness(t: Table, hand: list[int], card: int) -> int:
    """How many cards of the hand share this card's category or first name (jokers: always
    useful, méchants: never)."""
    if t.joker[card]:
        return 10
    if t.mechant[card]:
        return -1
    cat, name = t.category_of[card], t.name_of[card]
    same_cat = sum(1 for p in hand if t.category_of[p] == cat)
    same_name = sum(1 for p in hand if t.category_of[p] >= 0 and t.name_of[p] == name)
    return max(same_cat, same_name)


def _wants(t: Table, hand: list[int], top: int, greedy: bool, rng: random.Random) -> bool:
    if not greedy:
        return rng.random() < 0.5
    return _usefulness(t, hand + [top], top) >= 2


def _discard(t: Table, hand: list[int], greedy: bool, rng: random.Random) -> int:
    """Which of the seven cards goes to the discard (its position in `hand`). The greedy
    player weighs its three least useful cards and keeps the hand that announces most."""
    if not greedy:
        return rng.randrange(len(hand))
    ranked = sorted(range(len(hand)), key=lambda i: (_usefulness(t, hand, hand[i]), rng.random()))
    best, best_points = ranked[0], -1
    for i in ranked[:3]:
        points = max((a.points for a in allowed(t, hand[:i] + hand[i + 1:])), default=0)
        if points > best_points:
            best, best_points = i, points
    return best


def _choose(t: Table, hand: list[int], greedy: bool, rng: random.Random, pending: list[bool],
            seat: int) -> str | None:
    """The announcement made now, if any; an Élysée chosen waits for the next turn."""
    options = allowed(t, hand)
    if not options:
        return None
    pick = max(options, key=lambda a: a.points) if greedy else rng.choice(options)
    if pick.wait_next_turn:
        pending[seat] = True
        return None
    return pick.id


def report(condition: dict[str, Any], records: list[dict[str, Any]],
           options: Options) -> list[Figure]:
    manches = [m for r in records for m in r["manches"]]
    within = options.extra.get("within") or WITHIN
    anns = table(condition["niveau"]).announcements
    out = [mean("manches par partie", [len(r["manches"]) for r in records]),
           rate("parties arrêtées au plafond de manches",
                sum(not r["finished"] for r in records), len(records)),
           mean("tours de jeu par manche", [m["turns"] for m in manches]),
           rate("manches finies faute de pioche",
                sum(m["ended_by"] == "table" for m in manches), len(manches))]
    for ann in anns:
        out.append(rate(f"{ann.name} : permise par la main distribuée (1er joueur)",
                        sum(ann.id in m["dealt"] for m in manches), len(manches)))
        for n in within:
            out.append(rate(f"{ann.name} : annoncée en {n} tours ou moins",
                            sum(m["first"].get(ann.id, n + 1) <= n for m in manches),
                            len(manches)))
    return out
