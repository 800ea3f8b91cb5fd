"""ELSEN's night, in the rules' order: who is called tonight (Policier, saboteurs when a kill is
due or on turn 5, Voyante, then dawn) and what each step does (elsen.txt › Phase de jeu Nuit).

Apart from engine.py, which holds the state, the deal, the day's mission and the vote: the
night's steps are called one by one in an order of their own (`night_steps`), set when the
mission ends. `Night` is mixed into `engine.ElsenState` (the state's fields are declared there).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from companion.core.errors import RuleError

if TYPE_CHECKING:
    from companion.games.elsen.data import ElsenData
    from companion.games.elsen.setup import Setup

RULE_NIGHT = "elsen.txt › Phase de jeu Nuit"


class Night:
    if TYPE_CHECKING:  # the state's fields and queries (engine.ElsenState)
        data: ElsenData
        setup: Setup
        turn: int
        phase: str
        alive: dict[str, bool]
        excluded: list[str]
        kill_due: bool
        night_steps: list[str]
        nights: list[dict[str, Any]]

        def holder(self, role: str) -> str | None: ...
        def _aboard(self, name: object, what: str, rule: str) -> str: ...

    def forced_kill(self) -> bool:
        """On turn 5 the saboteurs kill at night whatever the day gave (elsen.txt › Phase de
        vote, « Au 5eme tour »)."""
        return self.turn == self.data.forced_kill_turn

    def _night_order(self) -> list[str]:
        """The rules' night order: Policier, saboteurs (if a kill is due), Voyante, then the
        cards go back and everyone wakes (elsen.txt › Phase de jeu Nuit). Roles not in play are
        not called; roles in play but excluded are called anyway, to keep the secret (ELS-11)."""
        steps = []
        if "policier" in self.setup.special_roles:
            steps.append("protect")
        if self.kill_due or self.forced_kill():
            steps.append("kill")
        if "voyante" in self.setup.special_roles:
            steps.append("seer")
        return steps + ["dawn"]

    def _power_target(self, event: dict[str, Any], role: str, what: str) -> str | None:
        """The target of a night power; none when the role's holder left the ship (ELS-11).
        Dead holders keep their power (ELS-12)."""
        target = event.get("target")
        if self.holder(role) in self.excluded:
            if target is not None:
                raise RuleError(f"{what} : la personne qui a ce rôle a été exclue, personne ne "
                                "se réveille (cible : null)", "registre ELS-11")
            return None
        return self._aboard(target, what, RULE_NIGHT)

    def _protect(self, event: dict[str, Any]) -> None:
        """The Policier protects one player from the saboteurs for this night."""
        target = self._power_target(event, "policier", "protection du Policier")
        self.nights[-1]["protected"] = target
        self.night_steps.pop(0)

    def _kill(self, event: dict[str, Any]) -> None:
        """The saboteurs swap one player's life cards; the protected player survives
        (elsen.txt › Phase de jeu Nuit; registre ELS-13 for who may be chosen)."""
        victim = self._aboard(event.get("victim"), "victime", RULE_NIGHT)
        if not self.alive[victim]:
            raise RuleError(f"{victim} est déjà mort : les saboteurs voient les cartes Vivant/Mort "
                            "et désignent un vivant", "registre ELS-13")
        saved = self.nights[-1].get("protected") == victim
        self.nights[-1].update(victim=victim, survived=saved)
        if not saved:
            self.alive[victim] = False
        self.kill_due = False
        self.night_steps.pop(0)

    def _seer(self, event: dict[str, Any]) -> None:
        """The Voyante points at a player; the game master signals alive or dead."""
        target = self._power_target(event, "voyante", "question de la Voyante")
        answer = None if target is None else self.alive[target]
        self.nights[-1].update(seer_target=target, seer_alive=answer)
        self.night_steps.pop(0)

    def _dawn(self, event: dict[str, Any]) -> None:
        """The action cards go back to the team; everyone wakes and checks their life card."""
        self.night_steps = []
        self.phase = "vote"
