"""Random legal playouts in simulation mode: every shuffle and every choice comes from one seeded
random generator and is written into the events, so the log replays exactly. The engine is the
only judge of legality: a try it refuses (RuleError) is simply not played.

Two policies (the balance lab's, docs/register/atelier.md ATL-7): « glouton » (the default)
opens with its heaviest colour (of its hand before the draw, registre CAM-1) and plays just
enough of its highest cards to take the lead; « hasard » opens with a random allowed colour and
plays its playable cards in random order until it leads (or withdraws). Both play an action
card they hold with probability `action_rate`."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from companion.core.errors import RuleError
from companion.games.camelot.cards import ACTION, COLOUR_CARD, DAME, GREEN, WEAPONS, catalogue
from companion.games.camelot.engine import CamelotState

KNIGHTS = ["Arthur", "Gauvain", "Perceval", "Yvain", "Tristan"]


@dataclass
class Playout:
    setup: dict[str, Any]
    state: CamelotState
    events: list[dict[str, Any]] = field(default_factory=list)

    def result(self) -> dict[str, Any]:
        s = self.state
        return {
            "players": s.names,
            "winner": None if s.winner is None else s.names[s.winner],
            "tokens": {s.names[p]: sorted(s.tokens[p]) for p in range(s.n)},
            "tournaments": len(s.history),
            "events": len(self.events),
            "finished": s.phase == "over",
        }


def playout(players: int, seed: int | random.Random, *,
            check: Callable[[CamelotState], None] | None = None,
            action_rate: float = 0.3, max_events: int = 50_000, policy: str = "glouton",
            observe: Callable[[dict[str, Any], CamelotState], None] | None = None) -> Playout:
    """One complete random game; `check` (e.g. invariants.check) runs after every event,
    `observe(event, state)` too (the lab counts action cards with it)."""
    rng = seed if isinstance(seed, random.Random) else random.Random(seed)
    greedy = policy == "glouton"
    cat = catalogue()
    setup = {"players": KNIGHTS[:players], "mode": "simulation",
             "first_player": rng.randrange(players)}
    game = Playout(setup, CamelotState(setup))
    s = game.state

    def apply(event: dict[str, Any]) -> None:
        s.apply(event)
        game.events.append(event)
        if check is not None:
            check(s)
        if observe is not None:
            observe(event, s)

    deck = list(cat.deck)
    rng.shuffle(deck)
    apply({"type": "deal", "order": deck})
    while s.phase != "over" and len(game.events) < max_events:
        if s.awaiting_reshuffle:
            order = list(s.discard)
            rng.shuffle(order)
            apply({"type": "reshuffle", "order": order})
        elif s.phase == "start":
            _start(s, rng, apply, greedy)
        elif s.phase == "prize":
            missing = [c for c in cat.colours if c not in s.tokens[s.current]]
            apply({"type": "prize", "player": s.current, "colour": rng.choice(missing)})
        else:
            _turn(s, rng, apply, action_rate, greedy)
    return game


Apply = Callable[[dict[str, Any]], None]


def _start(s: CamelotState, rng: random.Random, apply: Apply, greedy: bool = True) -> None:
    """The starter picks the colour from the hand held before drawing (« Avant de tirer sa
    carte... », registre CAM-1): in the start phase the engine has not drawn for it yet."""
    p = s.current
    if not s.can_start(p):
        apply({"type": "cannot_start", "player": p})
        return
    cards = catalogue().cards
    weight: dict[str, int] = {}
    for c in s.hands[p]:
        colour = cards[c].colour
        if cards[c].kind == COLOUR_CARD and s.colour_allowed(colour):
            weight[str(colour)] = weight.get(str(colour), 0) + cards[c].value
    if weight and not greedy:
        colour = rng.choice(sorted(weight))
    elif weight:
        colour = max(weight, key=lambda k: (weight[k], rng.random()))
    else:  # only supporters: any allowed colour
        colour = rng.choice([c for c in catalogue().colours if s.colour_allowed(c)])
    apply({"type": "start", "player": p, "colour": colour})


def _try(apply: Apply, event: dict[str, Any]) -> bool:
    try:
        apply(event)
    except RuleError:
        return False
    return True


def _playable(s: CamelotState, p: int) -> list[str]:
    cards = catalogue().cards
    dame_ok = DAME not in s.displays[p]
    return [c for c in s.hands[p] if (cards[c].kind == "soutien" and (dame_ok or c != DAME))
            or (cards[c].kind == COLOUR_CARD and cards[c].colour == s.colour)]


def _turn(s: CamelotState, rng: random.Random, apply: Apply, action_rate: float,
          greedy: bool = True) -> None:
    p = s.current
    cards = catalogue().cards
    if s.first_card_due:
        first = _playable(s, p)
        apply({"type": "play", "player": p, "card": max(first, key=lambda c: cards[c].value)})
    actions = [c for c in s.hands[p] if cards[c].kind == ACTION and c != "lancelot"]
    if actions and rng.random() < action_rate:
        card = rng.choice(actions)
        if _try(apply, _action_event(s, p, card, rng)):
            _maybe_lancelot(s, p, rng, apply)
    worth = (lambda c: 1) if s.colour == GREEN else (lambda c: cards[c].value)
    plan: list[str] = []
    need = s.needs(p)
    pool = sorted(_playable(s, p), key=worth, reverse=True)
    if not greedy:
        rng.shuffle(pool)
    limit = max(0, 1 - s.added) if s.assomme == p else 3
    dames = 0
    for c in pool:
        if need <= 0 or len(plan) >= limit:
            break
        if c == DAME:
            if dames:
                continue
            dames += 1
        plan.append(c)
        need -= worth(c)
    if not plan and s.played == 0 and pool and limit:
        plan = [min(pool, key=worth)]  # already highest: one card is still due to stay
    if need > 0 or (not plan and s.played == 0):
        _withdraw(s, p, rng, apply)
        return
    for c in plan:
        apply({"type": "play", "player": p, "card": c})
    apply({"type": "end", "player": p})


def _withdraw(s: CamelotState, p: int, rng: random.Random, apply: Apply) -> None:
    event: dict[str, Any] = {"type": "withdraw", "player": p}
    if DAME in s.displays[p] and s.tokens[p]:
        event["token"] = rng.choice(sorted(s.tokens[p]))
    apply(event)


def _maybe_lancelot(s: CamelotState, p: int, rng: random.Random, apply: Apply) -> None:
    for q in range(s.n):
        if q != p and s.active[q] and "lancelot" in s.hands[q] and rng.random() < 0.5:
            apply({"type": "lancelot", "player": q})
            return


def _action_event(s: CamelotState, p: int, card: str, rng: random.Random) -> dict[str, Any]:
    """A random, plausible play of an action card; the engine decides whether it is legal."""
    event: dict[str, Any] = {"type": "play", "player": p, "card": card}
    others = [q for q in range(s.n) if q != p and s.active[q]]
    if card in ("desarconne", "changement-arme"):
        event["colour"] = rng.choice(WEAPONS)
    elif card == "chute":
        event["target"] = q = rng.choice([q for q in range(s.n) if q != p])
        if s.hands[q]:
            event["taken"] = rng.choice(s.hands[q])
    elif card in ("lance-brisee", "riposte", "esquive", "assomme", "finesse") and others:
        event["target"] = q = rng.choice(others)
        if card == "esquive" and s.displays[q]:
            event["position"] = rng.randrange(len(s.displays[q]))
        if card == "finesse":
            event["give"] = _face_up(s, p, rng)
            event["take"] = _face_up(s, q, rng)
    elif card == "retraite" and s.displays[p]:
        event["position"] = rng.randrange(len(s.displays[p]))
    return event


def _face_up(s: CamelotState, q: int, rng: random.Random) -> int | str | None:
    options: list[int | str] = list(range(len(s.displays[q])))
    options += [w for w in ("bouclier", "assomme") if getattr(s, w) == q]
    return rng.choice(options) if options else None
