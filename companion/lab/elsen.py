"""ELSEN in the balance lab: whole games through the real engine (deal, opening night, ten turns
of mission, night and vote), every choice made by a documented policy (docs/register/atelier.md
ATL-5):
- « hasard »: the leader takes a random team (the minimum to everyone aboard), every member
  reveals a random card among those it may play (`checker.can_play`: role, alive or dead,
  single use; the Fainéant always reveals his), night powers pick random targets, the vote names
  a random player with a random number of votes;
- « glouton »: the passengers play for tokens (Travailleur, then Mission réussie; the Docteur and
  the Ingénieur hold their card back) and the leader picks the least suspected players; a
  saboteur sabotages when the mission could be won this turn, otherwise calls an Élimination;
  the saboteurs kill a passenger, the Policier protects himself, the Voyante asks about the most
  suspected player; the table votes out the most suspected player (one who was in two failed
  missions more than anyone else), everyone but that player's fellow saboteurs voting for it.
Suspicion is public: how many sabotaged or eliminating missions a player was in."""

from __future__ import annotations

import random
from typing import Any

from companion.games.elsen.checker import Member, can_play
from companion.games.elsen.engine import ENGINE, ElsenState
from companion.games.elsen.setup import random_deal
from companion.lab.runner import Options, one_game, policies_by_players
from companion.lab.stats import Figure, mean, rate

GAME = "elsen"
UNIT = "parties"
POLICIES = {
    "hasard": "équipes, cartes, cibles et votes au hasard parmi les choix permis",
    "glouton": "les passagers jouent les jetons et écartent les suspects, les saboteurs "
               "sabotent quand la mission peut aboutir",
}
PLAYERS = (5, 7, 9, 11, 13, 15)
MIXES = ("defaut", "aucun")
NAMES = [f"P{i:02d}" for i in range(1, 16)]
PREFIX = "action-"


def conditions(options: Options) -> list[dict[str, Any]]:
    mixes = options.extra.get("mixes") or MIXES
    return [{**base, "roles": mix}
            for base in policies_by_players(options, POLICIES, PLAYERS) for mix in mixes]


units = one_game


def _setup(players: int, mix: str) -> dict[str, Any]:
    setup: dict[str, Any] = {"players": NAMES[:players]}
    if mix == "aucun":
        setup["special_roles"] = []
    return setup


def play(condition: dict[str, Any], rng: random.Random, log: bool = False) -> dict[str, Any]:
    setup = _setup(condition["joueurs"], condition["roles"])
    state = ENGINE.new_state(setup)
    events: list[dict[str, Any]] = []
    greedy = condition["politique"] == "glouton"
    suspicion = dict.fromkeys(state.players, 0)
    # this game's only: what each role may play (see _cards)
    choices: dict[tuple[str, bool, frozenset[str]], tuple[list[Any], Any]] = {}

    def apply(event: dict[str, Any]) -> None:
        state.apply(event)
        events.append(event)

    apply(random_deal(state.data, state.setup, rng.getrandbits(32)))
    apply({"type": "recognition"})
    while state.phase != "over":
        step = state.next_step()
        if step == "mission":
            team = _team(state, greedy, suspicion, rng)
            apply({"type": "mission", "team": team,
                   "cards": _cards(state, team, greedy, rng, choices)})
            last = state.missions[-1]
            if last["sabotaged"] or last["kill_due"]:
                for p in team:
                    suspicion[p] += 1
        elif step == "protect":
            apply({"type": "protect", "target": _power(state, "policier", greedy, suspicion, rng)})
        elif step == "kill":
            apply({"type": "kill", "victim": _victim(state, greedy, rng)})
        elif step == "seer":
            apply({"type": "seer", "target": _power(state, "voyante", greedy, suspicion, rng)})
        elif step == "dawn":
            apply({"type": "dawn"})
        else:
            apply(_vote(state, greedy, suspicion, rng))
    out: dict[str, Any] = {"winner": state.winner, "missions": state.missions_won,
                           "turns": state.turn}
    if log:
        out["log"] = (setup, events)
    return out


def _team(state: ElsenState, greedy: bool, suspicion: dict[str, int],
          rng: random.Random) -> list[str]:
    aboard = state.aboard
    size = state.min_team()
    if not greedy:
        return rng.sample(aboard, rng.randint(size, len(aboard)))
    leader = state.first_player
    others = sorted((p for p in aboard if p != leader), key=lambda p: (suspicion[p], rng.random()))
    if state.roles[leader] == "saboteur":  # a saboteur leader brings no fellow saboteur along
        others = [p for p in others if state.roles[p] != "saboteur"] or others
    return [leader] + others[:size - 1]


def _cards(state: ElsenState, team: list[str], greedy: bool, rng: random.Random,
           choices: dict[tuple[str, bool, frozenset[str]], tuple[list[Any], Any]]) -> list[str]:
    """Each member's card. `choices` keeps, for this game, the cards a role alive or dead may
    play once these single-use cards are spent, and the best of them for « glouton » when no
    Sabotage is due (`can_play` asked once per case, not per card of every member of every
    mission)."""
    cards = list(state.data.action_cards)
    used = frozenset(state.used)
    out = []
    spent: set[str] = set()
    for p in team:
        member = Member(p, state.roles[p], state.alive[p])
        taken = used | spent if spent else used
        key = (member.role, member.alive, taken)
        known = choices.get(key)
        if known is None:
            playable = [c for c in cards if can_play(c, member, taken)]
            if member.role == "faineant" and member.alive:
                playable = [c for c in playable if c.id == "faineant"] or playable
            known = choices[key] = (playable, _best_card(playable))
        playable, best = known
        if not greedy:
            choice = rng.choice(playable)
        elif member.role == "saboteur" and member.alive:
            choice = _saboteur_card(state, playable, len(team))
        else:
            choice = best
        if choice.play.single_use:
            spent.add(choice.id)
        out.append(PREFIX + choice.id)
    return out


def _saboteur_card(state: ElsenState, playable: list[Any], team: int) -> Any:
    """A living saboteur sabotages when the mission would otherwise be won, else eliminates."""
    likely = state.progress + 2 * (team - 1) >= 2 * state.needed
    wanted = "sabotage" if likely else "elimination"
    return {c.id: c for c in playable}[wanted]


def _best_card(playable: list[Any]) -> Any:
    """The card that gives the mission the most (then the ghost mission), a reusable one first."""
    return max(playable, key=lambda c: (c.tokens, c.ghost_tokens, not c.play.single_use),
               default=None)


def _power(state: ElsenState, role: str, greedy: bool, suspicion: dict[str, int],
           rng: random.Random) -> str | None:
    holder = state.holder(role)
    if holder is None or holder in state.excluded:
        return None
    if greedy:
        if role == "policier":
            return holder
        others = [p for p in state.aboard if p != holder]
        return max(others, key=lambda p: (suspicion[p], rng.random())) if others else holder
    return rng.choice(state.aboard)


def _victim(state: ElsenState, greedy: bool, rng: random.Random) -> str:
    alive = [p for p in state.aboard if state.alive[p]]
    if greedy:
        passengers = [p for p in alive if state.roles[p] != "saboteur"]
        alive = passengers or alive
    return rng.choice(alive)


def _vote(state: ElsenState, greedy: bool, suspicion: dict[str, int],
          rng: random.Random) -> dict[str, Any]:
    aboard = state.aboard
    if not greedy:
        target = rng.choice(aboard)
        return {"type": "vote", "target": target, "votes": rng.randint(0, len(aboard))}
    ranked = sorted(aboard, key=lambda p: (-suspicion[p], rng.random()))
    gap = suspicion[ranked[0]] - (suspicion[ranked[1]] if len(ranked) > 1 else 0)
    if suspicion[ranked[0]] < 2 or gap < 1:
        return {"type": "vote", "target": None, "votes": 0}
    target = ranked[0]
    fellows = [p for p in aboard if p != target and state.roles[target] == "saboteur"
               and state.roles[p] == "saboteur"]
    return {"type": "vote", "target": target, "votes": len(aboard) - 1 - len(fellows)}


def report(condition: dict[str, Any], records: list[dict[str, Any]],
           options: Options) -> list[Figure]:
    n = len(records)
    return [rate("victoire des passagers", sum(r["winner"] == "passagers" for r in records), n),
            rate("victoire des saboteurs", sum(r["winner"] == "saboteurs" for r in records), n),
            mean("missions réussies par partie", [r["missions"] for r in records]),
            mean("tours joués par partie", [r["turns"] for r in records])]
