"""The 17 action cards. Each `plan_<card>` checks a play against the rules and the state and
returns the Effect it would have, without changing anything; the engine commits it. The same
plan gives the French preview shown before a play is confirmed. What every card shares (the
Effect, the opponent named, the Bouclier, the lone card that stays: registre CAM-5 to CAM-9)
is companion/games/camelot/effects.py."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from companion.core.errors import RuleError
from companion.games.camelot.cards import DAME, PURPLE, SUPPORTER, WEAPONS, catalogue
from companion.games.camelot.effects import (
    R_ACTIONS,
    R_DAME,
    R_DISPLAYS,
    R_FINESSE,
    Effect,
    can_touch,
    card_name,
    card_names,
    mass_removal,
    no_effect,
    position,
    target,
    unshielded,
)

if TYPE_CHECKING:
    from companion.games.camelot.engine import CamelotState

SPECIALS = ("bouclier", "assomme")


def _dames(cards: list[str]) -> int:
    return sum(1 for c in cards if c == DAME)


# --- colour changes (camelot.txt › Changer la couleur du tournoi) ----------------------------

R_COLOUR = "camelot.txt › Changer la couleur du tournoi"


def _colour_choice(s: CamelotState, e: dict[str, Any], allowed: tuple[str, ...]) -> str:
    colour = e.get("colour")
    if colour not in allowed:
        names = ", ".join(catalogue().colour_names[c] for c in allowed)
        raise RuleError(f"choisissez la nouvelle couleur parmi : {names}", R_COLOUR)
    return str(colour)


def plan_desarconne(s: CamelotState, p: int, e: dict[str, Any]) -> Effect:
    """Désarçonné: a purple tournament becomes red, blue or yellow (camelot.txt › Changer...)."""
    if s.colour != PURPLE:
        raise RuleError("Désarçonné ne se joue que dans un tournoi violet", R_COLOUR)
    colour = _colour_choice(s, e, WEAPONS)
    return Effect(f"le tournoi devient {catalogue().colour_names[colour].lower()}", colour=colour)


def plan_changement_arme(s: CamelotState, p: int, e: dict[str, Any]) -> Effect:
    """Changement d'arme: red/blue/yellow becomes another of the three (no-effect ban, CAM-5)."""
    if s.colour not in WEAPONS:
        raise RuleError("Changement d'arme ne se joue que dans un tournoi rouge, bleu ou jaune",
                        R_COLOUR)
    colour = _colour_choice(s, e, tuple(c for c in WEAPONS if c != s.colour))
    return Effect(f"le tournoi devient {catalogue().colour_names[colour].lower()}", colour=colour)


def plan_maladresse(s: CamelotState, p: int, e: dict[str, Any]) -> Effect:
    """Maladresse: a red, blue or yellow tournament becomes green."""
    if s.colour not in WEAPONS:
        raise RuleError("Maladresse ne se joue que dans un tournoi rouge, bleu ou jaune", R_COLOUR)
    return Effect("le tournoi devient vert (chaque carte vaut 1)", colour="vert")


# --- one display ------------------------------------------------------------------------------


def plan_lance_brisee(s: CamelotState, p: int, e: dict[str, Any]) -> Effect:
    """Lance brisée: an opponent discards every purple card of their display."""
    q = target(s, p, e)
    unshielded(s, p, q)
    cards = catalogue().cards
    return mass_removal(s, p, [q], lambda c: cards[c].colour == PURPLE, "Lance brisée")


def _more_than_one(s: CamelotState, q: int, verb: str) -> list[str]:
    """An action may take a card from a display only if another card stays in it."""
    theirs = s.displays[q]
    if len(theirs) < 2:
        raise RuleError(f"le personnage de {s.names[q]} n'a qu'une carte : elle ne peut pas "
                        f"être {verb}", R_DISPLAYS)
    return theirs


def plan_riposte(s: CamelotState, p: int, e: dict[str, Any]) -> Effect:
    """Riposte: take the last card of an opponent's display onto yours (registre CAM-15)."""
    q = target(s, p, e)
    unshielded(s, p, q)
    theirs = _more_than_one(s, q, "prise")
    card = theirs[-1]
    mine = s.displays[p]
    if card == DAME and DAME in mine:
        raise RuleError("une seule dame par personnage", R_DAME)
    s.check_addition(p, 1)
    return Effect(f"Riposte : {s.names[p]} prend {card_name(card)} à {s.names[q]}",
                  displays={q: theirs[:-1], p: mine + [card]}, added=1)


def plan_esquive(s: CamelotState, p: int, e: dict[str, Any]) -> Effect:
    """Esquive: discard one card of your choice from an opponent's display."""
    q = target(s, p, e)
    unshielded(s, p, q)
    theirs = _more_than_one(s, q, "retirée")
    i = position(theirs, e.get("position"), s.names[q])
    return Effect(f"Esquive : {s.names[q]} défausse {card_name(theirs[i])}",
                  displays={q: theirs[:i] + theirs[i + 1:]}, discarded=[theirs[i]])


def plan_retraite(s: CamelotState, p: int, e: dict[str, Any]) -> Effect:
    """Retraite: take one card of your own display back into your hand."""
    mine = s.displays[p]
    if len(mine) < 2:
        raise RuleError("votre personnage n'a qu'une carte : elle ne peut pas être reprise",
                        R_DISPLAYS)
    i = position(mine, e.get("position"), s.names[p])
    return Effect(f"Retraite : {s.names[p]} reprend {card_name(mine[i])} en main",
                  displays={p: mine[:i] + mine[i + 1:]}, to_hand=[(p, mine[i])])


def plan_chute(s: CamelotState, p: int, e: dict[str, Any]) -> Effect:
    """Chute: take a random card from an opponent's hand, even one who has withdrawn (CAM-6).
    A Bouclier stops it like every other opponent's action card (registre CAM-7)."""
    q = target(s, p, e, active=False)
    unshielded(s, p, q)
    if s.hand_count(q) < 1:
        raise no_effect(f"{s.names[q]} n'a pas de carte en main")
    taken = s.hidden_card_taken(q, e.get("taken"))
    return Effect(f"Chute : {s.names[p]} prend une carte au hasard dans la main de {s.names[q]}",
                  from_hand=[(q, taken)], to_hand=[(p, taken)])


# --- several displays -------------------------------------------------------------------------


def plan_feinte(s: CamelotState, p: int, e: dict[str, Any]) -> Effect:
    """Feinte: every opponent discards the last card of their display (a lone card stays)."""
    effect = Effect("Feinte")
    parts = []
    for q in range(s.n):
        d = s.displays[q]
        if q != p and can_touch(s, p, q) and len(d) >= 2:
            effect.displays[q] = d[:-1]
            effect.discarded.append(d[-1])
            parts.append(f"{s.names[q]} défausse {card_name(d[-1])}")
    if not parts:
        raise no_effect("aucun adversaire n'a de dernière carte à perdre")
    effect.text = "Feinte : " + " ; ".join(parts)
    return effect


def _charge(s: CamelotState, p: int, pick: Callable[[list[int]], int], title: str) -> Effect:
    """Charge/Contre-charge use printed values, even in green (camelot.txt › Changer la couleur).
    Shielded opponents' displays are left out of the search unless the setting says otherwise
    (registre CAM-8)."""
    cards = catalogue().cards
    touched = [q for q in range(s.n) if can_touch(s, p, q)]
    seen = [q for q in range(s.n) if s.active[q]] if s.shield_counts_for_charge else touched
    values = [cards[c].value for q in seen for c in s.displays[q]]
    if not values:
        raise no_effect("aucune carte sur les personnages")
    value = pick(values)
    effect = mass_removal(s, p, touched, lambda c: cards[c].value == value, title)
    effect.text = f"{title} (valeur {value}) : " + effect.text.split(" : ", 1)[1]
    return effect


def plan_charge(s: CamelotState, p: int, e: dict[str, Any]) -> Effect:
    """Charge: every player discards the cards of the lowest printed value in play."""
    return _charge(s, p, min, "Charge")


def plan_contre_charge(s: CamelotState, p: int, e: dict[str, Any]) -> Effect:
    """Contre-charge: every player discards the cards of the highest printed value in play."""
    return _charge(s, p, max, "Contre-charge")


def plan_disgrace(s: CamelotState, p: int, e: dict[str, Any]) -> Effect:
    """Disgrâce: every player discards their supporters."""
    cards = catalogue().cards
    touched = [q for q in range(s.n) if can_touch(s, p, q)]
    return mass_removal(s, p, touched, lambda c: cards[c].kind == SUPPORTER, "Disgrâce")


def plan_adaptation(s: CamelotState, p: int, e: dict[str, Any]) -> Effect:
    """Adaptation: every player keeps one card of each printed value, of their choice; a player
    whose choice is not given keeps the earliest of each value (registre CAM-19)."""
    keep = e.get("keep") or {}
    if not isinstance(keep, dict):
        raise RuleError("« keep » : positions gardées par joueur", R_ACTIONS)
    effect = Effect("Adaptation")
    parts = []
    for q in range(s.n):
        if not can_touch(s, p, q):
            continue
        d = s.displays[q]
        chosen = keep.get(str(q))
        if chosen is None:
            kept_at = earliest_per_value(d)
        else:
            kept_at = _adaptation_choice(s, q, d, chosen)
        if len(kept_at) < len(d):
            gone = [c for i, c in enumerate(d) if i not in kept_at]
            effect.displays[q] = [d[i] for i in kept_at]
            effect.discarded += gone
            parts.append(f"{s.names[q]} défausse {card_names(gone)}")
    if not parts:
        raise no_effect("aucun personnage n'a deux cartes de même valeur")
    effect.text = "Adaptation : " + " ; ".join(parts)
    return effect


def earliest_per_value(display: list[str]) -> list[int]:
    """Adaptation's default choice: the positions of the earliest card of each printed value."""
    cards = catalogue().cards
    first: dict[int, int] = {}
    for i, c in enumerate(display):
        first.setdefault(cards[c].value, i)
    return sorted(first.values())


def _adaptation_choice(s: CamelotState, q: int, d: list[str], chosen: Any) -> list[int]:
    cards = catalogue().cards
    if not isinstance(chosen, list):
        raise RuleError(f"Adaptation : positions gardées invalides pour {s.names[q]}", R_ACTIONS)
    positions = sorted({position(d, i, s.names[q]) for i in chosen})
    values = [cards[d[i]].value for i in positions]
    if len(positions) != len(chosen) or len(set(values)) != len(values) or set(values) != {
            cards[c].value for c in d}:
        raise RuleError(f"Adaptation : {s.names[q]} garde exactement une carte de chaque valeur",
                        R_ACTIONS)
    return positions


def plan_finesse(s: CamelotState, p: int, e: dict[str, Any]) -> Effect:
    """Finesse: swap one of your face-up cards for one of an opponent's; either may be a Bouclier
    or an Assommé. Display cards swap places; a display card traded for a Bouclier/Assommé goes on
    top of its new display. A shielded display cannot be reached (nothing taken from it or put on
    it) unless the swap takes the Bouclier itself (registre CAM-10)."""
    q = target(s, p, e)
    give, take = e.get("give"), e.get("take")
    mine, theirs = s.displays[p], s.displays[q]
    new_mine, new_theirs = list(mine), list(theirs)
    effect = Effect("Finesse", added=0)  # a swap is not an addition (registre CAM-9)
    given, i = _finesse_side(s, effect, give, p, q,
                             lambda card: f"vous n'avez pas de {card} devant vous")
    if take not in SPECIALS:
        unshielded(s, p, q)
    taken, j = _finesse_side(s, effect, take, q, p,
                             lambda card: f"{s.names[q]} n'a pas de {card} devant soi")
    if give not in SPECIALS and take in SPECIALS and take != "bouclier":
        unshielded(s, p, q)  # a card put on a shielded display reaches it too
    if i is not None and j is not None:
        if mine[i] == theirs[j]:
            raise no_effect("les deux cartes sont identiques")
        new_mine[i], new_theirs[j] = theirs[j], mine[i]
    elif i is not None:
        new_theirs.append(new_mine.pop(i))
    elif j is not None:
        new_mine.append(new_theirs.pop(j))
    if (mine and not new_mine) or (theirs and not new_theirs):
        raise RuleError("un personnage ne peut pas rester sans carte", R_DISPLAYS)
    if _dames(new_mine) > 1 or _dames(new_theirs) > 1:
        raise RuleError("une seule dame par personnage", R_DAME)
    effect.displays = {p: new_mine, q: new_theirs}
    effect.text = f"Finesse : {s.names[p]} échange {given} contre {taken} de {s.names[q]}"
    return effect


def _finesse_side(s: CamelotState, effect: Effect, card: Any, owner: int, other: int,
                  lacking: Callable[[str], str]) -> tuple[str, int | None]:
    """One side of a Finesse: a Bouclier or an Assommé `owner` has in front of them, which
    goes to `other` (its name, None), or a card of `owner`'s display (its name, its position)."""
    if card in SPECIALS:
        name = _specialcard_name(str(card))
        if getattr(s, card) != owner:
            raise RuleError(lacking(name), R_FINESSE)
        effect.specials[str(card)] = other
        return name, None
    i = position(s.displays[owner], card, s.names[owner])
    return card_name(s.displays[owner][i]), i


def _specialcard_name(which: str) -> str:
    return "Bouclier" if which == "bouclier" else "Assommé"


# --- special cards ----------------------------------------------------------------------------


def plan_bouclier(s: CamelotState, p: int, e: dict[str, Any]) -> Effect:
    """Bouclier: placed in front of you, beside your display (camelot.txt › Cartes spéciales)."""
    return Effect(f"{s.names[p]} pose le Bouclier devant soi : les actions des adversaires ne "
                  "touchent plus son personnage", specials={"bouclier": p}, keep_card=True)


def plan_assomme(s: CamelotState, p: int, e: dict[str, Any]) -> Effect:
    """Assommé: placed in front of an opponent « à l'écart de son personnage ». The Bouclier
    guards the personnage, and the Bouclier and the Assommé « ne font partie de votre
    personnage »: a shielded opponent is stunned like any other (camelot.txt › Cartes
    spéciales; Knizia's FAQ: the Shield does not protect against Stunned; registre CAM-9)."""
    q = target(s, p, e)
    return Effect(f"{s.names[q]} est assommé : une seule carte ajoutée par tour à son personnage",
                  specials={"assomme": q}, keep_card=True)


def plan_lancelot(s: CamelotState, p: int, e: dict[str, Any]) -> Effect:
    raise RuleError("Lancelot s'annonce par l'événement « lancelot », juste après la carte "
                    "d'action à annuler", "registre CAM-11")


PLANS: dict[str, Callable[[CamelotState, int, dict[str, Any]], Effect]] = {
    "desarconne": plan_desarconne,
    "changement-arme": plan_changement_arme,
    "maladresse": plan_maladresse,
    "lance-brisee": plan_lance_brisee,
    "riposte": plan_riposte,
    "esquive": plan_esquive,
    "retraite": plan_retraite,
    "chute": plan_chute,
    "feinte": plan_feinte,
    "charge": plan_charge,
    "contre-charge": plan_contre_charge,
    "disgrace": plan_disgrace,
    "adaptation": plan_adaptation,
    "finesse": plan_finesse,
    "bouclier": plan_bouclier,
    "assomme": plan_assomme,
    "lancelot": plan_lancelot,
}
