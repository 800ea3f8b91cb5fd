"""Resolving one mission: the revealed cards' effects on the mission and ghost ladders.

Tokens are counted in halves (the Fainéant adds ½) so arithmetic stays exact."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from companion.core.errors import RuleError
from companion.core.text import counted
from companion.games.elsen.checker import Member, Violation, check_cards
from companion.games.elsen.data import ElsenData

CARD_PREFIX = "action-"
SABOTAGE, INGENIEUR, ELIMINATION, DOCTEUR = "sabotage", "ingenieur", "elimination", "docteur"
GHOST_REWARDS = ("one_token", "complete_mission", "none")
RULE_RESOLUTION = "elsen.txt › Phase de jeu jour"


def card_ids(data: ElsenData, ids: object) -> list[str]:
    """Card ids as printed by `companion cards elsen` ("action-sabotage") -> data ids."""
    if not isinstance(ids, list):
        raise RuleError(f"cartes : une liste d'identifiants (action-...) attendue (reçu "
                        f"{type(ids).__name__})", "elsen.txt › Installation (cartes action)")
    out = []
    for raw in ids:  # the usual case, read without building the table of printed ids
        if isinstance(raw, str) and raw.startswith(CARD_PREFIX) \
                and data.has_action_card(raw[len(CARD_PREFIX):]):
            out.append(raw[len(CARD_PREFIX):])
        else:
            break
    else:
        return out
    known = {f"{CARD_PREFIX}{c.id}": c.id for c in data.action_cards}
    out = []
    for raw in ids:
        if not isinstance(raw, str) or raw not in known:
            raise RuleError(f"carte action inconnue : {raw!r} ; cartes valides : "
                            f"{', '.join(known)}", "elsen.txt › Installation (cartes action)")
        out.append(known[raw])
    return out


def halves(value: object, what: str, limit: int = 1000) -> int:
    """2.5 -> 5; refuses what is not a whole number of half tokens (NaN, infinity and absurd
    sizes included)."""
    if isinstance(value, bool) or not isinstance(value, int | float) or not 0 <= value <= limit \
            or value * 2 != int(value * 2):
        raise RuleError(f"{what} : un nombre positif de demi-jetons attendu (reçu {value!r})",
                        "elsen.txt › Installation (échelle des jetons)")
    return int(value * 2)


@dataclass(frozen=True)
class MissionResult:
    added: int  # halves put on the mission by this team's cards
    ghost_added: int  # tokens put on the ghost ladder
    progress: int  # halves on the mission ladder afterwards (0 when it was completed)
    needed: int  # tokens the table needs per mission
    completed: bool
    sabotaged: bool  # a Sabotage came out and no Ingénieur countered it
    repaired: bool  # a Sabotage came out and an Ingénieur countered it
    elimination: bool  # an Élimination came out
    healed: bool  # ... and a Docteur card cancelled it
    kill_due: bool
    ghost_progress: int  # tokens on the ghost ladder afterwards
    ghost_completed: bool
    ghost_bonus: int  # halves the completed ghost mission gave the mission (setting)
    violations: tuple[Violation, ...]

    @property
    def missing(self) -> int:
        return 0 if self.completed else 2 * self.needed - self.progress

    def as_dict(self) -> dict[str, Any]:
        return {"added": self.added / 2, "progress": self.progress / 2, "needed": self.needed,
                "missing": self.missing / 2, "completed": self.completed,
                "sabotaged": self.sabotaged, "repaired": self.repaired,
                "elimination": self.elimination, "healed": self.healed,
                "kill_due": self.kill_due, "ghost_added": self.ghost_added,
                "ghost_progress": self.ghost_progress, "ghost_completed": self.ghost_completed,
                "ghost_bonus": self.ghost_bonus / 2,
                "violations": [v.as_dict() for v in self.violations]}


def resolve(data: ElsenData, players: int, progress: int, ghost_progress: int,
            team: Sequence[Member], cards: Sequence[str], ghost_reward: str,
            used: frozenset[str] = frozenset()) -> MissionResult:
    """Apply the revealed cards, in the rules' order (elsen.txt › Phase de jeu jour; order of
    effects: registre ELS-4, ghost reward: ELS-2, leftover tokens: ELS-5).

    1. every revealed card adds its tokens (Mission réussie 1, Travailleur 2, Fainéant ½), the
       ghost cards fill the ghost ladder; the checker's findings are returned (the engine
       refuses them unless the host forces the mission, ELS-9);
    2. a Sabotage puts the mission back to 0 unless an Ingénieur card stops it, one for one,
       and a spent single-use card stops nothing (ELS-16, ELS-18);
    3. a completed ghost mission gives its reward to the (possibly reset) mission;
    4. the mission is won when it reaches the table's number; leftover tokens are lost."""
    needed = data.success_tokens[players]
    if not 0 <= progress < 2 * needed:
        raise RuleError(f"la mission en cours a {counted(progress / 2, 'jeton')} : attendu de 0 "
                        f"à moins de {needed}", "elsen.txt › Installation (échelle des jetons)")
    if not 0 <= ghost_progress < needed:
        raise RuleError(f"la mission fantôme a {counted(ghost_progress, 'jeton')} : attendu de 0 "
                        f"à moins de {needed}", "elsen.txt › Installation (échelle des jetons)")
    if ghost_reward not in GHOST_REWARDS:
        raise RuleError(f"réglage ghost_mission_reward inconnu : {ghost_reward!r} ; valeurs : "
                        f"{', '.join(GHOST_REWARDS)}", "registre ELS-2")
    if len(cards) != len(team):
        revealed = counted(len(cards), "carte révélée", "cartes révélées")
        raise RuleError(f"{revealed} pour {counted(len(team), 'membre')} : chaque membre pose "
                        "une carte", RULE_RESOLUTION)
    specs = [data.action_card(c) for c in cards]
    added = sum(int(2 * s.tokens) for s in specs)
    ghost_added = sum(s.ghost_tokens for s in specs)
    sabotaged, repaired = _countered(cards, SABOTAGE, INGENIEUR, used)
    elimination = ELIMINATION in cards
    kill_due, healed = _countered(cards, ELIMINATION, DOCTEUR, used)

    after = 0 if sabotaged else progress + added
    ghost = ghost_progress + ghost_added
    ghost_completed = ghost >= needed
    bonus = 0
    if ghost_completed:
        ghost = 0
        if ghost_reward == "one_token":
            bonus = 2
        elif ghost_reward == "complete_mission":
            bonus = max(0, 2 * needed - after)
    after += bonus
    completed = after >= 2 * needed
    return MissionResult(
        added=added, ghost_added=ghost_added, progress=0 if completed else after, needed=needed,
        completed=completed, sabotaged=sabotaged, repaired=repaired,
        elimination=elimination, healed=healed, kill_due=kill_due,
        ghost_progress=ghost, ghost_completed=ghost_completed, ghost_bonus=bonus,
        violations=tuple(check_cards(data, team, cards, used)))


def _countered(cards: Sequence[str], attack: str, counter: str, used: frozenset[str]
               ) -> tuple[bool, bool]:
    """(attack still lands, every attack was countered). One counter card (Ingénieur,
    Docteur) stops one attack card (Sabotage, Élimination): « empêche un sabotage / une
    élimination »; several attacks of one kind land once (one reset to 0, one kill at night;
    registre ELS-18). A single-use card already spent in this game has no effect (« Usage
    unique »; registre ELS-16)."""
    attacks = cards.count(attack)
    counters = 0 if counter in used else min(1, cards.count(counter))
    lands = attacks > counters
    return lands, attacks > 0 and not lands
