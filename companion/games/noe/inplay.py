"""Which cards have left play within a manche, from what the log names (registre NOE-14).

« Chaque carte est unique » (Les 10 catégories), and within one manche some cards leave play for
good:
- the six cards of a valid announcement are laid on the table (« nous posons notre jeu sur la
  table ») and stay there until the manche ends;
- the Enquêteur card(s) of a contrôle or a descente, seizure or not: « les cartes utilisées pour
  lancer une action sont définitivement perdues après le tour de jeu », « déposées face visible
  sur la pile de la défausse », and « nous n'avons pas le droit de prendre une carte ayant servi
  à une action sur la pile de la défausse » (Niveau 2);
- the character killed by an Attentat, and the Attentat that covers it on the discard
  (Niveau 3 › Les attentats; a house reading, NOE-14: the pile is never reshuffled in Noé, so
  a covered card never comes back).
A card named again after that, in the same manche, is refused with the rule in plain words. The
next manche deals every card again, so each manche starts with nothing out of play.

What the log cannot know: the cards in hands, the draws and ordinary discards (a card discarded
by one player may be taken by the next), the card hidden under the Enquêteur after a seizure,
spies' and bombers' actions. Those are not checked."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from companion.core.errors import RuleError
from companion.core.text import de
from companion.games.noe import refs
from companion.games.noe.cards import check_held, deck


@dataclass(frozen=True)
class Gone:
    """Why a card has left play in this manche (a French clause) and the rule that says so."""

    why: str
    rule: str

    def as_json(self) -> dict[str, str]:
        return {"reason": self.why, "rule": self.rule}


OutOfPlay = Mapping[str, Gone]


def laid_down(player: str) -> Gone:
    return Gone(f"est déjà posée sur la table dans l'annonce {de(player)} : chaque carte est "
                "unique", refs.CATEGORIES)


def used_for_action(player: str, kind: str, blocked: bool) -> Gone:
    action, stopped = ("à la descente", "bloquée") if kind == "descente" else \
        ("au contrôle", "bloqué")
    if blocked:
        return Gone(f"a servi {action} {de(player)} dans cette manche ({stopped}) : "
                    "déposée face visible sur la défausse, une carte ayant servi à une action ne "
                    "se reprend pas", refs.CONTROL_LIMITS)
    return Gone(f"a servi {action} {de(player)} dans cette manche : les cartes utilisées pour "
                "lancer une action sont définitivement perdues après le tour de jeu", refs.ACTIONS)


def killed(player: str) -> Gone:
    return Gone(f"a été tuée par un Attentat chez {player} dans cette manche : elle est sous la "
                "carte Attentat, dans la défausse", refs.ATTENTATS)


def used_attentat(player: str) -> Gone:
    return Gone(f"a déjà frappé {player} dans cette manche : elle couvre sa victime dans la "
                "défausse", refs.ATTENTATS)


def check_in_play(card_ids: Iterable[str], gone: OutOfPlay | None, role: str) -> None:
    """Refuse the first card that has left play in the manche; `role` says where the event
    names it (« dans cette annonce », « pour ce contrôle »…)."""
    if not gone:
        return
    for card_id in card_ids:
        if card_id in gone:
            out = gone[card_id]
            name = deck().cards[card_id].name if card_id in deck().cards else card_id
            raise RuleError(f"la carte « {name} » ne peut pas figurer {role} : elle {out.why}",
                            out.rule)


def as_json(gone: OutOfPlay) -> dict[str, dict[str, str]]:
    return {card_id: out.as_json() for card_id, out in gone.items()}


def from_json(value: object) -> dict[str, Gone]:
    """The manche's cards out of play as the summary gives them (the pages pass them to the
    checkers)."""
    if not isinstance(value, dict):
        return {}
    return {str(k): Gone(str(v.get("reason", "")), str(v.get("rule", "")))
            for k, v in value.items() if isinstance(v, dict)}


def check_attentat(attentat: object, victim: object, level: int,
                   gone: OutOfPlay | None = None) -> tuple[str, str]:
    """An Attentat drawn at the start of a turn and the character it kills: a real Attentat
    card, a card the player could hold (never an Attentat, a méchant only at level 3), neither
    out of play in the manche (Niveau 3 › Les attentats; registre NOE-14)."""
    if not isinstance(attentat, str) or not deck().card(attentat).is_attentat:
        raise RuleError("« attentat » : la carte Attentat piochée (voir `companion cards noe`)",
                        refs.ATTENTATS)
    if not isinstance(victim, str):
        raise RuleError("« killed » : la carte tuée, prise au hasard dans le jeu du joueur",
                        refs.ATTENTATS)
    check_held([deck().card(victim)], level)
    check_in_play([attentat], gone, "comme Attentat pioché")
    check_in_play([victim], gone, "comme victime de l'Attentat")
    return attentat, victim
