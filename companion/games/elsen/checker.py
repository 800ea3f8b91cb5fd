"""Rule checker: could this team have revealed these action cards?

The revealed cards are shuffled, so nobody knows who played which. The question is therefore
whether the *multiset* of cards can be shared out among the members, one card each, every
member getting a card they were allowed to play (role, alive/dead, single use). That is a
perfect matching in the bipartite graph members × cards (edge = "may play"), found here with
augmenting paths (Kuhn; teams have at most 15 members).

When no perfect matching exists, König/Hall say where the fault lies: start from the cards left
unmatched by a maximum matching and follow alternating paths (card -> a member who may play it ->
the card that member is matched to). The cards reached, Z, can only come from the members
reached, N(Z), and |Z| - |N(Z)| of them are too many. That set does not depend on which maximum
matching was found (it is the "surplus" part of the Dulmage-Mendelsohn decomposition), so the
report is the same whatever the shuffle. Z is split into connected groups so two independent
faults (a Sabotage without saboteur *and* two Docteur cards) are reported separately. The
symmetric search from unmatched members finds members who could have played none of the
revealed cards (a living Fainéant whose Fainéant card did not come out). Reasoning recorded in
docs/register/elsen.md, ELS-8.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from companion.core.text import agreed, counted
from companion.games.elsen.data import ActionCard, ElsenData

RULE_CARDS = "elsen.txt › Installation (cartes action)"
RULE_DEAD = "elsen.txt › Phase de jeu Nuit (les morts ne jouent que la carte fantôme)"


@dataclass(frozen=True)
class Member:
    name: str
    role: str
    alive: bool


@dataclass(frozen=True)
class Violation:
    """A fault found in one mission's cards, for the game master's eyes (may name people)."""

    code: str  # "cartes-en-trop" | "membre-sans-carte"
    reason: str
    rule: str
    cards: tuple[str, ...] = ()  # card ids (without the "action-" prefix)
    members: tuple[str, ...] = ()
    excess: int = 0

    def as_dict(self) -> dict[str, Any]:
        return {"code": self.code, "reason": self.reason, "rule": self.rule,
                "cards": [f"action-{c}" for c in self.cards], "members": list(self.members),
                "excess": self.excess}


def can_play(card: ActionCard, member: Member, used: frozenset[str] = frozenset()) -> bool:
    """Who may reveal a card, from its PlayRule in data/elsen.yaml (elsen.txt › cartes action)."""
    rule = card.play
    if rule.alive is not None and member.alive != rule.alive:
        return False
    if rule.roles is not None and member.role not in rule.roles:
        return False
    if member.role in rule.excluded_roles:
        return False
    return not (rule.single_use and card.id in used)


def _max_matching(adjacency: list[list[int]], members: int) -> list[int | None]:
    """Kuhn's augmenting paths; returns, for each member, the index of its card (or None)."""
    owner: list[int | None] = [None] * members

    def augment(card: int, seen: set[int]) -> bool:
        for member in adjacency[card]:
            if member in seen:
                continue
            seen.add(member)
            previous = owner[member]
            if previous is None or augment(previous, seen):
                owner[member] = card
                return True
        return False

    for card in range(len(adjacency)):
        augment(card, set())
    return owner


def _groups(starts: Iterable[int], step: dict[int, list[int]], back: list[int | None]
            ) -> list[tuple[set[int], set[int]]]:
    """Alternating-path search from each unmatched vertex of one side; groups that share a
    vertex are merged. Returns (same-side vertices, other-side neighbours) per group."""
    groups: list[tuple[set[int], set[int]]] = []
    for start in starts:
        own, other, todo = {start}, set(), [start]
        while todo:
            vertex = todo.pop()
            for neighbour in step.get(vertex, []):
                if neighbour in other:
                    continue
                other.add(neighbour)
                partner = back[neighbour]
                if partner is not None and partner not in own:
                    own.add(partner)
                    todo.append(partner)
        for group in [g for g in groups if g[0] & own or g[1] & other]:
            groups.remove(group)
            own |= group[0]
            other |= group[1]
        groups.append((own, other))
    return groups


def check_cards(data: ElsenData, team: Sequence[Member], cards: Sequence[str],
                used: frozenset[str] = frozenset()) -> list[Violation]:
    """Every card nobody on the team could have played, and every member who could have played
    none of the revealed cards. `cards` are card ids without prefix, one per member."""
    rows: dict[str, list[int]] = {}  # a card's row, asked once however many copies came out
    adjacency = []
    for card in cards:
        row = rows.get(card)
        if row is None:
            spec = data.action_card(card)
            row = rows[card] = [i for i, m in enumerate(team) if can_play(spec, m, used)]
        adjacency.append(row)
    owner = _max_matching(adjacency, len(team))
    if None not in owner and len(cards) == len(team):
        return []  # every member matched to a card of their own: nothing to report
    card_owner: list[int | None] = [None] * len(cards)
    for member, card in enumerate(owner):
        if card is not None:
            card_owner[card] = member
    violations: list[Violation] = []

    unmatched_cards = [j for j in range(len(cards)) if card_owner[j] is None]
    by_card = {j: adjacency[j] for j in range(len(cards))}
    for group_cards, group_members in _groups(unmatched_cards, by_card, owner):
        violations.append(_card_violation(data, team, [cards[j] for j in sorted(group_cards)],
                                          [team[i] for i in sorted(group_members)], used))

    by_member: dict[int, list[int]] = {i: [] for i in range(len(team))}
    for j, members in enumerate(adjacency):
        for i in members:
            by_member[i].append(j)
    unmatched_members = [i for i in range(len(team)) if owner[i] is None]
    for group_members, group_cards in _groups(unmatched_members, by_member, card_owner):
        if not group_cards:  # they could have played nothing that came out
            for i in sorted(group_members):
                violations.append(_member_violation(data, team[i]))
    return violations


def _names(members: Iterable[Member]) -> str:
    return ", ".join(m.name for m in members)


def _card_violation(data: ElsenData, team: Sequence[Member], cards: list[str],
                    could: list[Member], used: frozenset[str]) -> Violation:
    excess = len(cards) - len(could)
    kinds = sorted(set(cards), key=cards.index)
    if len(kinds) == 1:
        card = data.action_card(kinds[0])
        if not could:
            reason = f"« {card.name} » : {_why_nobody(data, card, team, used)}"
        else:
            reason = (f"{counted(len(cards), 'carte')} « {card.name} » pour "
                      f"{counted(len(could), 'membre')} qui "
                      f"{agreed(len(could), 'pouvait', 'pouvaient')} la jouer ({_names(could)})")
            if card.play.single_use:
                reason += " ; carte à usage unique"
        rule = f"{RULE_CARDS} › {card.name}"
    else:
        listed = ", ".join(f"{cards.count(k)} × « {data.action_card(k).name} »" for k in kinds)
        who = f" ({_names(could)})" if could else ""
        reason = (f"ces cartes ({listed}) ne peuvent venir que de "
                  f"{counted(len(could), 'membre')}{who} : {excess} de trop")
        rule = RULE_CARDS
    return Violation("cartes-en-trop", reason, rule, tuple(cards), tuple(m.name for m in could),
                     excess)


def _why_nobody(data: ElsenData, card: ActionCard, team: Sequence[Member],
                used: frozenset[str]) -> str:
    """Why no member could play this card, in the game master's words."""
    rule = card.play
    if rule.roles is not None:
        roles = " ou ".join(data.role(r).name for r in rule.roles)
        holders = [m for m in team if m.role in rule.roles]
        if not holders:
            return f"aucun {roles} dans l'équipe"
        if rule.alive and not any(m.alive for m in holders):
            return f"{_names(holders)} ({roles}) est mort : un mort ne joue que la carte fantôme"
        if rule.single_use and card.id in used:
            return "usage unique, déjà jouée lors d'une mission précédente"
    if rule.alive is False:
        return "aucun mort dans l'équipe"
    excluded = " ni ".join(data.role(r).name for r in rule.excluded_roles)
    return "aucun membre vivant dans l'équipe" + (f" (le {excluded} ne peut pas la jouer)"
                                                   if excluded else "")


def _member_violation(data: ElsenData, member: Member) -> Violation:
    role = data.role(member.role).name
    if member.alive:
        allowed = [c.name for c in data.action_cards
                   if can_play(c, member) and not c.play.single_use]
        reason = (f"{member.name} ({role}, vivant) ne pouvait jouer aucune des cartes révélées "
                  f"(seulement : {', '.join(allowed)})")
        rule = RULE_CARDS
    else:
        reason = (f"{member.name} ({role}, mort) devait jouer « Mission réussie fantôme », "
                  "qui n'est pas sortie")
        rule = RULE_DEAD
    return Violation("membre-sans-carte", reason, rule, (), (member.name,), 1)

