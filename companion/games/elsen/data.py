"""Schema of data/elsen.yaml: tables by player count, roles, action cards, tokens, ladders and
the settings the rules leave open. Rules: elsen.txt."""

from __future__ import annotations

from functools import cached_property
from typing import Literal

from pydantic import Field

from companion.core.model import Component
from companion.core.provenance import Provenance
from companion.core.schema import GameData, Positive, Sourced, Strict, expect, expect_unique

Team = Literal["saboteurs", "passagers"]


class Role(Strict):
    id: str
    name: str
    team: Team
    power: str
    special: bool  # a role the game master chooses to put in play (saboteur and passager are not)


class PlayRule(Strict):
    """Who may reveal a card: alive (True), dead (False) or either (None); which roles."""

    alive: bool | None = None
    roles: list[str] | None = None  # None: any role
    excluded_roles: list[str] = []
    single_use: bool = False


class ActionCard(Strict):
    id: str
    name: str
    effect: str
    who: str  # the project's own words, shown on the card
    play: PlayRule
    tokens: float = Field(default=0, ge=0)  # added to the current mission (halves: Fainéant)
    ghost_tokens: int = Field(default=0, ge=0)  # added to the ghost mission


class Setting(Sourced):
    value: str | float | int | bool


class ElsenData(GameData):
    turns: int = Field(ge=1)
    missions_to_win: int = Field(ge=1)
    min_team: int = Field(ge=1)
    forced_kill_turn: int = Field(ge=1)
    success_tokens: dict[int, Positive]  # 0 tokens would win a mission with no card
    saboteurs: dict[int, Positive]
    roles: list[Role]
    default_special_roles: dict[int, list[str]]
    default_special_roles_provenance: Provenance = Provenance.HOUSE
    action_cards: list[ActionCard]
    half_tokens_per_ladder: int = Field(ge=0)
    settings: dict[str, Setting]

    def check(self) -> None:
        expect_unique([r.id for r in self.roles], "roles")
        expect_unique([c.id for c in self.action_cards], "action_cards")
        expect(len(self.action_cards) == 8, "action_cards", "8 cartes action par joueur",
               len(self.action_cards))
        role_ids = {r.id for r in self.roles}
        expect({"saboteur", "passager"} <= role_ids, "roles", "les rôles saboteur et passager")
        for n in range(self.players.min, self.players.max + 1):
            expect(n in self.success_tokens, "success_tokens", f"une valeur pour {n} joueurs")
            expect(n in self.saboteurs, "saboteurs", f"une valeur pour {n} joueurs")
            expect(n in self.default_special_roles, "default_special_roles",
                   f"une liste pour {n} joueurs")
            specials = self.default_special_roles[n]
            for j, role in enumerate(specials):
                expect(role in role_ids and self.role(role).special,
                       f"default_special_roles.{n}[{j}]", "un rôle spécial connu", role)
            expect(len(set(specials)) == len(specials), f"default_special_roles.{n}",
                   "chaque rôle spécial au plus une fois")
            expect(self.saboteurs[n] + len(specials) <= n, f"default_special_roles.{n}",
                   f"au plus {n - self.saboteurs[n]} rôles spéciaux", len(specials))
        for i, card in enumerate(self.action_cards):
            for role in (card.play.roles or []) + card.play.excluded_roles:
                expect(role in role_ids, f"action_cards[{i}].play", "des rôles connus", role)
            expect(card.tokens * 2 == int(card.tokens * 2) and card.tokens >= 0,
                   f"action_cards[{i}].tokens", "un nombre de demi-jetons positif", card.tokens)

    # --- interface -------------------------------------------------------------------------

    def role(self, role_id: str) -> Role:
        return next(r for r in self.roles if r.id == role_id)

    def action_card(self, card_id: str) -> ActionCard:
        card = self._cards_by_id.get(card_id)
        return card if card is not None else next(c for c in self.action_cards if c.id == card_id)

    def has_action_card(self, card_id: str) -> bool:
        return card_id in self._cards_by_id

    @cached_property
    def _cards_by_id(self) -> dict[str, ActionCard]:
        """Looked up at every card of every mission: an index, built once (first card wins)."""
        index: dict[str, ActionCard] = {}
        for card in self.action_cards:
            index.setdefault(card.id, card)
        return index

    def setting(self, name: str) -> str | float | int | bool:
        return self.settings[name].value

    def components(self, level: int | None = None, players: int | None = None) -> list[Component]:
        n = players or self.players.max
        out: list[Component] = []
        for role in self.roles:
            if role.id == "saboteur":
                copies = self.saboteurs[n]
            elif role.id == "passager":
                copies = n - self.saboteurs[n]  # enough whatever special roles are chosen
            else:
                copies = 1
            out.append(Component(f"role-{role.id}", role.name, "card", copies, "roles",
                                 {"team": role.team, "power": role.power},
                                 Provenance.RULES if role.special or role.id == "saboteur"
                                 else Provenance.HOUSE))
        for card in self.action_cards:
            out.append(Component(f"action-{card.id}", card.name, "card", n, "actions",
                                 {"effect": card.effect, "who": card.who}))
        out.append(Component("vivant", "Vivant", "card", n, "vie", {}))
        out.append(Component("mort", "Mort", "card", n, "vie", {}))
        needed = self.success_tokens[n]
        out.append(Component("jeton-reussite", "Jeton réussite", "token", 2 * (needed + 1),
                             "jetons", {"value": 1}, Provenance.HOUSE))
        out.append(Component("demi-jeton-reussite", "Demi-jeton réussite", "token",
                             2 * self.half_tokens_per_ladder, "jetons", {"value": 0.5},
                             Provenance.HOUSE))
        out.append(Component("jeton-premier-joueur", "Jeton premier joueur", "token", 1, "jetons"))
        out.append(Component("echelle-mission", "Échelle de mission", "board", 1, "echelles",
                             {"steps": needed}))
        out.append(Component("echelle-fantome", "Échelle de mission fantôme", "board", 1,
                             "echelles", {"steps": needed}))
        return out
