"""The immediate effects (♦), applied as soon as the card is placed, with the choices they need.

A choice is read from the reveal event through a Picker: a missing choice raises NeedChoice
(which the page turns into a question and `apply` into a RuleError), a choice outside the legal
options a RuleError. A choice with a single legal option may be omitted; an effect without any
legal target does nothing (EMB-6). So the code that applies an effect is also the code that asks
for its choices: there is one path, not two."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from companion.core.errors import RuleError
from companion.games.emblemes.cards import (
    PLACES,
    RULE_EFFECTS,
    Card,
    card_label,
    character,
    character_id,
    is_immediate,
    place_label,
)
from companion.games.emblemes.coins import Ledger
from companion.games.emblemes.placement import (
    SIDE_LABELS,
    SIDES,
    insertion_index,
    needs_side,
    neighbours,
)

if TYPE_CHECKING:
    from companion.games.emblemes.engine import EmblemesState

RULE_ROI = f"{RULE_EFFECTS} › 15 – Le Roi"
RULE_GARDE = f"{RULE_EFFECTS} › 12 – Le Garde"
RULE_VOLEUSE = f"{RULE_EFFECTS} › 11 – La Voleuse"
RULE_ALCHIMISTE = f"{RULE_EFFECTS} › 10 – L'Alchimiste"
RULE_COURTISANE = f"{RULE_EFFECTS} › 9 – La Courtisane"
RULE_STRATEGE = f"{RULE_EFFECTS} › 8 – Le Stratège"
RULE_GUERRIERE = f"{RULE_EFFECTS} › 5 – La Guerrière"
RULE_BARDE = f"{RULE_EFFECTS} › 4 – Le Barde"
RULE_CHASSEUR = f"{RULE_EFFECTS} › 1 – Le Chasseur"
RULE_CHOICES = "registre EMB-6"
VOLEUSE_STEAL = 2
CHOICE_KEYS = ("card", "to", "side", "victim", "target", "copy")


@dataclass(frozen=True)
class Choice:
    """A question the table must answer: `key` is "side" (the reveal's own side) or
    "choices.<name>"; `options` are the JSON values allowed, `labels` their French wording."""

    key: str
    question: str
    options: list[Any]
    labels: list[str]
    rule: str


class NeedChoice(Exception):
    def __init__(self, choice: Choice) -> None:
        self.choice = choice
        super().__init__(choice.question)


class Picker:
    """Reads the choices of one reveal event and checks each against its legal options."""

    def __init__(self, event: dict[str, Any]) -> None:
        self.event = event
        raw = event.get("choices", {})
        if not isinstance(raw, dict):
            raise RuleError("« choices » est un objet JSON", RULE_CHOICES)
        self.choices: dict[str, Any] = raw
        self.used: set[str] = set()

    def pick(self, name: str, options: list[Any], labels: list[str], question: str,
             rule: str, top: bool = False) -> Any | None:
        """The chosen option; None when there is nothing to choose from (the effect fizzles)."""
        if not options:
            return None
        source = self.event if top else self.choices
        if not top:
            self.used.add(name)
        if name not in source:
            if len(options) == 1:
                return options[0]
            key = name if top else f"choices.{name}"
            raise NeedChoice(Choice(key, question, options, labels, rule))
        value = source[name]
        if value not in options:
            allowed = ", ".join(labels)
            raise RuleError(f"{question} « {value} » n'est pas possible ; choix : {allowed}", rule)
        return value

    def pick_card(self, name: str, cards: list[Card], question: str, rule: str) -> Card | None:
        raw = self.pick(name, [c.as_json() for c in cards], [card_label(c) for c in cards],
                        question, rule)
        return None if raw is None else Card(raw["owner"], raw["value"])

    def pick_side(self, cards: list[Card], value: int, place: str, rule: str,
                  top: bool = False) -> str | None:
        """Left or right of the equal cards already in `place`, when there are some."""
        if not needs_side(cards, value):
            if top and "side" in self.event:
                raise RuleError(f"aucune carte de valeur {value} au {place_label(place)} : pas "
                                "de côté à choisir", rule)
            return None
        labels = [f"{SIDE_LABELS[s]} de la carte de valeur {value}" for s in SIDES]
        question = f"Au {place_label(place)}, une carte vaut déjà {value} : de quel côté ?"
        side = self.pick("side", list(SIDES), labels, question, rule, top=top)
        assert isinstance(side, str)
        return side

    def finish(self) -> None:
        """RuleError for a choice given where nothing asks for it (a typo, a wrong effect)."""
        unexpected = sorted(set(self.choices) - self.used)
        if unexpected:
            raise RuleError(f"choix sans objet pour cette carte : {', '.join(unexpected)}",
                            RULE_CHOICES)


def place_card(state: EmblemesState, card: Card, place: str, side: str | None) -> None:
    cards = state.places[place]
    cards.insert(insertion_index(cards, card.value, side, place), card)


def move_card(state: EmblemesState, card: Card, source: str, target: str, picker: Picker,
              rule: str) -> None:
    """A card moved by an effect keeps its place in the order of its new place (EMB-8: its own
    immediate effect does not apply again)."""
    state.places[source].remove(card)
    side = picker.pick_side(state.places[target], card.value, target, rule)
    place_card(state, card, target, side)
    state.note(f"{card_label(card)} passe du {place_label(source)} au {place_label(target)}")


def apply_immediate(state: EmblemesState, card: Card, place: str, picker: Picker,
                    as_value: int | None = None) -> None:
    """Run the ♦ effect of `card` (or, for an Alchimiste, of the copied value `as_value`)."""
    kind = character_id(card.value if as_value is None else as_value)
    EFFECTS[kind](state, card, place, picker)


def _roi(state: EmblemesState, card: Card, place: str, picker: Picker) -> None:
    """15 – Le Roi: discarded if a Voleuse, whoever owns her, is already in the place
    (EMB-15); an Alchimiste copying the Roi discards itself (EMB-9)."""
    if any(character_id(c.value) == "voleuse" for c in state.places[place] if c != card):
        state.discard(place, card, f"{card_label(card)} fuit : une Voleuse est déjà au "
                      f"{place_label(place)}")


def _adjacent(state: EmblemesState, card: Card, place: str, picker: Picker, verb: str,
              rule: str) -> Card | None:
    """The adjacent card the Garde or the Guerrière acts on (« Quelle carte voisine déplacer
    ? »); None, noted, where it has no neighbour."""
    cards = state.places[place]
    target = picker.pick_card("card", neighbours(cards, cards.index(card)),
                              f"Quelle carte voisine {verb} ?", rule)
    if target is None:
        state.note(f"{card_label(card)} : aucune carte voisine à {verb}")
    return target


def _garde(state: EmblemesState, card: Card, place: str, picker: Picker) -> None:
    """12 – Le Garde: an adjacent card goes to another place."""
    target = _adjacent(state, card, place, picker, "déplacer", RULE_GARDE)
    if target is None:
        return
    others = [p for p in PLACES if p != place]
    to = picker.pick("to", others, [place_label(p) for p in others],
                     f"Vers quel lieu envoyer {card_label(target)} ?", RULE_GARDE)
    move_card(state, target, place, to, picker, RULE_GARDE)


def _voleuse(state: EmblemesState, card: Card, place: str, picker: Picker) -> None:
    """11 – La Voleuse: 2 coins from the owner of an adjacent card (another player — EMB-10)."""
    cards = state.places[place]
    owners: list[str] = []
    for other in neighbours(cards, cards.index(card)):
        if other.owner != card.owner and other.owner not in owners:
            owners.append(other.owner)
    victim = picker.pick("victim", owners, owners, "À qui voler 2 pièces ?", RULE_VOLEUSE)
    if victim is None:
        state.note(f"{card_label(card)} : aucune carte voisine d'un autre joueur, rien à voler")
        return
    ledger = Ledger(state.coins)
    ledger.transfer(card.owner, victim, VOLEUSE_STEAL, f"{card_label(card)} au "
                    f"{place_label(place)}", RULE_VOLEUSE, place, card)
    state.record(ledger)


def _alchimiste(state: EmblemesState, card: Card, place: str, picker: Picker) -> None:
    """10 – L'Alchimiste: copies the ♦ effect of an adjacent card, never an Alchimiste's; the
    copied effect acts from the Alchimiste's position (EMB-9)."""
    cards = state.places[place]
    models = [c for c in neighbours(cards, cards.index(card))
              if is_immediate(c.value) and character_id(c.value) != "alchimiste"]
    model = picker.pick_card("copy", models, "Quel effet immédiat voisin copier ?",
                             RULE_ALCHIMISTE)
    if model is None:
        state.note(f"{card_label(card)} : aucune carte voisine à effet immédiat à copier")
        return
    state.note(f"{card_label(card)} copie l'effet de {character(model.value).name}")
    apply_immediate(state, card, place, picker, as_value=model.value)


def _face_down_players(state: EmblemesState, card: Card) -> list[str]:
    waiting = state.unrevealed()
    if not waiting:
        state.note(f"{card_label(card)} est la dernière carte révélée du tour : sans effet")
    return waiting


def _courtisane(state: EmblemesState, card: Card, place: str, picker: Picker) -> None:
    """9 – La Courtisane: a face-down card is replaced by a random card of its owner's hand;
    the draw is made at the table and recorded as that player's reveal (EMB-11)."""
    waiting = _face_down_players(state, card)
    target = picker.pick("target", waiting, waiting, "Quel joueur doit changer sa carte cachée ?",
                         RULE_COURTISANE)
    if target is not None:
        state.replaced[target] = card.owner
        state.note(f"{card_label(card)} : {target} remplace sa carte cachée par une carte tirée "
                   "au hasard de sa main")


def _stratege(state: EmblemesState, card: Card, place: str, picker: Picker) -> None:
    """8 – Le Stratège: imposes the place of a face-down card (the latest order stands)."""
    waiting = _face_down_players(state, card)
    target = picker.pick("target", waiting, waiting, "Quel joueur reçoit un lieu imposé ?",
                         RULE_STRATEGE)
    if target is None:
        return
    to = picker.pick("to", list(PLACES), [place_label(p) for p in PLACES],
                     f"Lieu imposé à {target} pour sa carte ?", RULE_STRATEGE)  # no gender
    state.imposed[target] = (to, card.owner)
    state.note(f"{card_label(card)} : {target} devra poser sa carte au {place_label(to)}")


def _guerriere(state: EmblemesState, card: Card, place: str, picker: Picker) -> None:
    """5 – La Guerrière: discards an adjacent card."""
    target = _adjacent(state, card, place, picker, "défausser", RULE_GUERRIERE)
    if target is None:
        return
    state.discard(place, target, f"{card_label(card)} défausse {card_label(target)}")


def _barde(state: EmblemesState, card: Card, place: str, picker: Picker) -> None:
    """4 – Le Barde: brings a card from another place into this one."""
    elsewhere = [c for p in PLACES if p != place for c in state.places[p]]
    target = picker.pick_card("card", elsewhere, "Quelle carte faire venir ?", RULE_BARDE)
    if target is None:
        state.note(f"{card_label(card)} : aucune carte dans les autres lieux")
        return
    source = next(p for p in PLACES if target in state.places[p])
    move_card(state, target, source, place, picker, RULE_BARDE)


def _chasseur(state: EmblemesState, card: Card, place: str, picker: Picker) -> None:
    """1 – Le Chasseur: discards the highest card of the place, the leftmost on ties; never
    itself, so alone it does nothing (EMB-2)."""
    others = [c for c in state.places[place] if c != card]
    if not others:
        state.note(f"{card_label(card)} est seul au {place_label(place)} : sans effet")
        return
    top = max(c.value for c in others)
    target = next(c for c in others if c.value == top)  # leftmost: cards are left to right
    state.discard(place, target, f"{card_label(card)} défausse la plus forte carte du "
                  f"{place_label(place)}, {card_label(target)}")


EFFECTS = {"roi": _roi, "garde": _garde, "voleuse": _voleuse, "alchimiste": _alchimiste,
           "courtisane": _courtisane, "stratege": _stratege, "guerriere": _guerriere,
           "barde": _barde, "chasseur": _chasseur}
