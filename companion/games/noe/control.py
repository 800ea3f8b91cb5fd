"""Control and descente check (Niveau 2): may these Enquêteurs cards act against a player who
shows this État-Major card?

The rule, stated three times: the action is impossible when the État-Major card has a grade
strictly higher than the investigator's (for a descente, the highest of the three). Two of the
rules' examples read otherwise for equal grades; registre NOE-4 settles it: equal grades allow the
action (as the David example says)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from companion.core.errors import RuleError
from companion.games.noe import refs
from companion.games.noe.cards import JOKER, Card, check_held, deck
from companion.games.noe.inplay import OutOfPlay, check_in_play

DESCENTE_SIZE = 3


@dataclass(frozen=True)
class Verdict:
    allowed: bool
    reason: str
    rule: str

    def as_json(self) -> dict[str, Any]:
        return {"allowed": self.allowed, "reason": self.reason, "rule": self.rule}


def check_control(by: Sequence[str], against: str | None,
                  gone: OutOfPlay | None = None) -> Verdict:
    """Check the ids (known, distinct, one or three attackers, none out of play in the manche:
    `gone`, registre NOE-14), then judge the action. `against` is the État-Major card the
    defender shows, or None when he shows nothing."""
    if not isinstance(by, list | tuple) or not all(isinstance(c, str) for c in by):
        raise RuleError("« by » : la liste des cartes Enquêteur posées", refs.ACTIONS)
    if against is not None and not isinstance(against, str):
        raise RuleError("« defence » : la carte montrée par le joueur visé, ou rien (null)",
                        refs.CONTROL_LIMITS)
    if len(by) not in (1, DESCENTE_SIZE):
        raise RuleError(f"un contrôle se lance avec 1 carte Enquêteur, une descente avec "
                        f"{DESCENTE_SIZE} (reçu {len(by)})", refs.DESCENTE)
    if len(set(by)) != len(by):
        raise RuleError("la même carte figure deux fois parmi les attaquants : chaque carte "
                        "est unique", refs.CATEGORIES)
    if against in by:
        raise RuleError("une même carte ne peut pas attaquer et défendre", refs.CATEGORIES)
    attackers = [deck().card(card_id) for card_id in by]
    check_in_play(by, gone, "parmi les cartes Enquêteur posées")
    if against is not None:
        deck().card(against)
        check_in_play([against], gone, "comme défense")
    return judge(attackers, None if against is None else deck().card(against))


def judge(attackers: Sequence[Card], defender: Card | None) -> Verdict:
    descente = len(attackers) == DESCENTE_SIZE
    action = "la descente" if descente else "le contrôle"
    permis = "permise" if descente else "permis"  # the past participle agrees with the action
    powerless = _powerless(attackers)
    if powerless is not None:
        return powerless
    leader = max(attackers, key=lambda c: c.grade_rank)
    led_by = (f"{leader.name} ({leader.grade}), le plus gradé des trois"
              if len(attackers) == DESCENTE_SIZE else f"{leader.name} ({leader.grade})")
    if defender is None:
        return Verdict(True, f"le joueur visé ne montre aucune carte État-Major : {action} par "
                       f"{led_by} est {permis}", refs.CONTROL_LIMITS)
    if defender.category != "etat-major":
        return Verdict(True, f"« {defender.name} » n'est pas une carte État-Major : elle ne "
                       f"protège pas ; {action} par {led_by} est {permis}", refs.register(6))
    if defender.grade_rank > leader.grade_rank:
        return Verdict(False, f"{defender.name} ({defender.grade}) a un grade strictement "
                       f"supérieur à {led_by} : {action} est impossible", refs.CONTROL_LIMITS)
    same = " (grade identique)" if defender.grade_rank == leader.grade_rank else ""
    rule = refs.register(4) if same else refs.CONTROL_LIMITS
    return Verdict(True, f"{defender.name} ({defender.grade}) n'a pas un grade strictement "
                   f"supérieur à {led_by}{same} : {action} est {permis}", rule)


def _powerless(attackers: Sequence[Card]) -> Verdict | None:
    """Only Enquêteurs cards act; jokers replace them in trios but have no power (Niveau 2)."""
    for card in attackers:
        if card.kind == JOKER:
            return Verdict(False, f"{card.name} est un joker : il peut remplacer un Enquêteur "
                           "dans un trio mais n'a pas son pouvoir d'action", refs.ACTIONS)
        if card.category != "enqueteurs":
            return Verdict(False, f"« {card.name} » n'est pas une carte Enquêteur : seuls les "
                           "Enquêteurs lancent un contrôle ou une descente", refs.register(5))
    return None


def check_seizure(seized: Any, by: Sequence[str], verdict: Verdict, level: int,
                  gone: OutOfPlay | None = None) -> list[str]:
    """The cards taken in a seizure, when the table records them (`seized`, optional): one per
    Enquêteur laid down (« une carte » for a contrôle, « trois cartes » for a descente), cards
    the target could hold, none of the attacking cards nor a card out of play; nothing is
    seized when the action is blocked (Niveau 2 › Le contrôle, La descente; registre NOE-14)."""
    if seized is None:
        return []
    if not isinstance(seized, list) or not all(isinstance(c, str) for c in seized):
        raise RuleError("« seized » : la liste des cartes saisies", refs.ACTIONS)
    if not verdict.allowed:
        raise RuleError("l'action est bloquée par la carte État-Major montrée : rien n'est "
                        "saisi", refs.CONTROL_LIMITS)
    if len(seized) != len(by):
        action = "une descente saisit 3 cartes" if len(by) == DESCENTE_SIZE else \
            "un contrôle saisit 1 carte"
        raise RuleError(f"{action} (reçu {len(seized)})",
                        refs.DESCENTE if len(by) == DESCENTE_SIZE else refs.ACTIONS)
    if len(set(seized)) != len(seized):
        raise RuleError("la même carte figure deux fois parmi les cartes saisies : chaque carte "
                        "est unique", refs.CATEGORIES)
    cards = [deck().card(card_id) for card_id in seized]
    for card in cards:  # the card shown in a failed defence is still in the hand: it may go
        if card.id in by:
            raise RuleError(f"« {card.name} » est posée sur la table pour cette action : elle ne "
                            "peut pas être saisie dans le jeu du joueur visé", refs.CATEGORIES)
    check_held(cards, level)
    check_in_play(seized, gone, "parmi les cartes saisies")
    return list(seized)
