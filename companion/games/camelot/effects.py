"""What an action card's play changes (`Effect`) and the checks the action cards share: the
opponent a card names, the Bouclier that stops an opponent's card, a card's position in a
display, and the rule that no action takes a display below one card. Apart from actions.py,
which holds the 17 cards one by one: these are the rules of scope that hold for all of them.

Scope (registre CAM-6): "each player" cards (Charge, Contre-charge, Disgrâce, Adaptation) include
the player who plays them, "opponent" cards do not. A Bouclier protects its holder's personnage
(and, as the Ivanhoe FAQ reads, the hand from Chute) from the action cards of opponents; it does
not stop the Assommé, which is laid beside the personnage, not on it (registre CAM-7, CAM-9).
No action takes a display below one card: when every card would go, the earliest stays
(registre CAM-5)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from companion.core.errors import RuleError
from companion.games.camelot.cards import catalogue

if TYPE_CHECKING:
    from companion.games.camelot.engine import CamelotState

R_ACTIONS = "camelot.txt › Carte d'action"
R_DISPLAYS = "camelot.txt › Affecter un ou plusieurs personnages"
R_NO_EFFECT = "registre CAM-5"
R_SCOPE = "registre CAM-6"
R_SHIELD = "registre CAM-7"
R_CHARGE_SHIELD = "registre CAM-8"
R_STUNNED = "registre CAM-9"
R_FINESSE = "registre CAM-10"
R_DAME = "camelot.txt › Soutien"


@dataclass
class Effect:
    """What a play changes; committed by the engine only once fully checked."""

    text: str
    displays: dict[int, list[str]] = field(default_factory=dict)  # replaced displays
    discarded: list[str] = field(default_factory=list)
    colour: str | None = None
    added: int = 0  # cards added to the player's own display (Assommé counts them)
    to_hand: list[tuple[int, str | None]] = field(default_factory=list)  # (player, card)
    from_hand: list[tuple[int, str | None]] = field(default_factory=list)
    specials: dict[str, int | None] = field(default_factory=dict)  # bouclier/assomme -> holder
    keep_card: bool = False  # Bouclier/Assommé stay on the table instead of the discard


def card_name(card: str) -> str:
    return catalogue().name(card)


def card_names(cards: list[str]) -> str:
    return ", ".join(card_name(c) for c in cards) or "rien"


def target(s: CamelotState, p: int, e: dict[str, Any], *, active: bool = True) -> int:
    """The opponent named by the event (registre CAM-6: "opponent" cards never target oneself)."""
    q = e.get("target")
    if not isinstance(q, int) or isinstance(q, bool) or not 0 <= q < s.n:
        raise RuleError("cette carte demande un adversaire (« target »)", R_SCOPE)
    if q == p:
        raise RuleError("cette carte vise un adversaire, pas vous-même", R_SCOPE)
    if active and not s.active[q]:
        raise RuleError(f"{s.names[q]} a abandonné le tournoi", R_DISPLAYS)
    return q


def unshielded(s: CamelotState, p: int, q: int) -> None:
    """An opponent's card has no effect on a shielded personnage (camelot.txt › Cartes
    spéciales: « aucune carte d'action n'a d'effet sur votre personnage »), nor Chute on the
    hand (the Ivanhoe FAQ; registre CAM-7). The Assommé never asks (registre CAM-9)."""
    if shielded_from(s, p, q):
        raise RuleError(f"le Bouclier de {s.names[q]} protège son personnage", R_SHIELD)


def shielded_from(s: CamelotState, p: int, q: int, card: str | None = None) -> bool:
    """Whether q's Bouclier stops the cards p plays against q (registre CAM-7); with `card`,
    whether it stops that card (never the Assommé: registre CAM-9)."""
    return s.bouclier == q and q != p and card not in THROUGH_SHIELD


THROUGH_SHIELD = ("assomme",)  # laid beside the personnage, not on it (registre CAM-9)


def can_touch(s: CamelotState, p: int, q: int) -> bool:
    return s.active[q] and (s.bouclier != q or q == p)


def _remove(display: list[str], drop: Callable[[str], bool]) -> tuple[list[str], list[str]]:
    """Cards left and cards removed; the earliest stays when all would go (registre CAM-5)."""
    kept = [c for c in display if not drop(c)]
    if not kept and display:
        kept = [display[0]]
        return kept, display[1:]
    return kept, [c for c in display if drop(c)]


def position(display: list[str], value: Any, who: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < len(display):
        raise RuleError(f"position de carte invalide sur le personnage de {who}", R_DISPLAYS)
    return value


def no_effect(what: str) -> RuleError:
    return RuleError(f"cette carte n'aurait aucun effet : {what}", R_NO_EFFECT)


def mass_removal(s: CamelotState, p: int, targets: list[int], drop: Callable[[str], bool],
                 title: str) -> Effect:
    effect = Effect(title)
    parts = []
    for q in targets:
        kept, gone = _remove(s.displays[q], drop)
        if gone:
            effect.displays[q] = kept
            effect.discarded += gone
            parts.append(f"{s.names[q]} défausse {card_names(gone)}")
    if not effect.discarded:
        raise no_effect("aucune carte ne serait défaussée")
    effect.text = f"{title} : " + " ; ".join(parts)
    return effect
