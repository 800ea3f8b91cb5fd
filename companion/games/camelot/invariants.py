"""What must hold after every event of a Camelot game, whatever was played. Used by the tests
(hypothesis), the `simulate` command and the benchmark. Each check is written from the rules,
not from the engine's own helpers, so it can catch the engine out."""

from __future__ import annotations

from functools import lru_cache
from itertools import chain

from companion.core.errors import CompanionError
from companion.games.camelot.cards import DAME, GREEN, catalogue, printed_values
from companion.games.camelot.engine import CamelotState

SPECIAL_CARDS = ("bouclier", "assomme")


class InvariantBroken(CompanionError):
    """A state the rules make impossible."""


def cards_in_play(s: CamelotState) -> list[str]:
    """Every card of a simulation, sorted: pile, discard, hands, displays, Bouclier/Assommé."""
    out = [*s.pile, *s.discard, *chain.from_iterable(s.hands), *chain.from_iterable(s.displays)]
    out += [c for c in SPECIAL_CARDS if getattr(s, c) is not None]
    out.sort()
    return out


@lru_cache(maxsize=1)
def _full_deck() -> list[str]:
    return sorted(catalogue().deck)


def check(s: CamelotState) -> None:
    cat = catalogue()
    if s.mode != "jetons":
        if s.sim:
            if s.phase != "deal" and cards_in_play(s) != _full_deck():
                raise InvariantBroken("les 110 cartes ne sont plus toutes comptées")
        else:
            held = sum(s.counts) + s.pile_count + len(s.discard) + sum(map(len, s.displays))
            held += sum(getattr(s, c) is not None for c in SPECIAL_CARDS)
            if held != len(cat.deck):
                raise InvariantBroken(f"{held} cartes comptées au lieu de {len(cat.deck)}")
        value = printed_values().__getitem__
        green = s.colour == GREEN
        for p, d in enumerate(s.displays):
            expected = len(d) if green else sum(map(value, d))
            if s.total(p) != expected:
                raise InvariantBroken(f"total de {s.names[p]} hors de la règle des couleurs")
            if d.count(DAME) > 1:
                raise InvariantBroken(f"deux dames sur le personnage de {s.names[p]}")
            if not s.active[p] and (d or p in (s.bouclier, s.assomme)):
                raise InvariantBroken(f"{s.names[p]} a abandonné mais garde des cartes")
            if s.hand_count(p) < 0:
                raise InvariantBroken(f"main négative pour {s.names[p]}")
    for colour, left in s.pool.items():
        for t in s.tokens:
            if colour in t:
                left += 1
        if left != cat.tokens_per_colour:
            raise InvariantBroken(f"jetons {colour} mal comptés")
    reached = [p for p, t in enumerate(s.tokens) if len(t) >= s.goal]
    if s.phase == "over":
        if reached != [s.winner]:
            raise InvariantBroken("une partie finie doit avoir exactement un vainqueur")
    elif reached:
        raise InvariantBroken("un joueur a atteint l'objectif sans que la partie finisse")
