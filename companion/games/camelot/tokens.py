"""How a Camelot tournament ends and what it gives: withdrawing (with a dame, a token lost), the
last player in wins a token of the final colour (after a purple tournament, any colour), the game
won at the table's number of tokens; and the light tracker of tokens alone (mode « jetons »).
`TournamentEnd` is mixed into `engine.CamelotState` (the state's fields are declared there)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from companion.core.errors import RuleError
from companion.games.camelot.cards import DAME, PURPLE, catalogue
from companion.games.camelot.refs import (
    R_DAME,
    R_PURPLE,
    R_START,
    R_TURN,
    R_WIN_TOURNEY,
    read_player,
    read_token,
)


class TournamentEnd:
    if TYPE_CHECKING:  # the state's fields and turns (engine.CamelotState, turns.Turns)
        n: int
        names: list[str]
        mode: str
        goal: int
        tokens: list[set[str]]
        pool: dict[str, int]
        winner: int | None
        phase: str
        current: int
        colour: str | None
        previous_colour: str | None
        history: list[dict[str, Any]]
        displays: list[list[str]]
        active: list[bool]
        first_card_due: bool
        undo: tuple[Any, ...] | None
        discard: list[str]

        def _turn_player(self, e: dict[str, Any]) -> int: ...
        def _whose_move(self) -> str: ...
        def _begin_turn(self, p: int, draw: bool = True) -> None: ...
        def _next_active(self, p: int) -> int: ...
        def _new_tournament(self, starter: int) -> None: ...

    def _on_withdraw(self, e: dict[str, Any]) -> None:
        """Withdrawing discards the display and the Bouclier/Assommé; with a dame, a token of the
        player's choice is lost if they have one (camelot.txt › Abandonnée ?, Soutien;
        registre CAM-12)."""
        p = self._turn_player(e)
        if self.first_card_due:
            raise RuleError("le joueur qui débute doit poser au moins une carte", R_START)
        token = read_token(e.get("token"))
        owes = DAME in self.displays[p] and bool(self.tokens[p])
        if owes and token not in self.tokens[p]:
            raise RuleError(f"{self.names[p]} abandonne avec une dame : choisissez un de ses "
                            f"jetons à défausser ({', '.join(sorted(self.tokens[p]))})", R_DAME)
        if not owes and token is not None:
            raise RuleError("aucun jeton à défausser (pas de dame, ou aucun jeton)", R_DAME)
        if owes:
            self.tokens[p].discard(str(token))
            self.pool[str(token)] += 1
        self._clear_player(p)
        self.active[p] = False
        still = [q for q in range(self.n) if self.active[q]]
        if len(still) == 1:
            self._tournament_won(still[0])
        else:
            self._begin_turn(self._next_active(p))

    def _clear_player(self, p: int) -> None:
        self.discard += self.displays[p]
        self.displays[p] = []
        for which in ("bouclier", "assomme"):
            if getattr(self, which) == p:
                setattr(self, which, None)
                self.discard.append(which)

    def _tournament_won(self, w: int) -> None:
        """The last player in wins a token of the final colour; purple: any colour
        (registre CAM-13)."""
        self._clear_player(w)
        self.current = w
        self.undo = None
        if self.colour == PURPLE:
            self.phase = "prize"
        else:
            self._award(w, str(self.colour))

    def _on_prize(self, e: dict[str, Any]) -> None:
        """After a purple tournament the winner takes a token of any colour (registre CAM-13)."""
        p = read_player(self, e)
        if self.phase != "prize" or p != self.current:
            raise RuleError(self._whose_move(), R_WIN_TOURNEY)
        colour = e.get("colour")
        if colour not in catalogue().colours:
            raise RuleError("choisissez une couleur de jeton", R_WIN_TOURNEY)
        self._award(p, str(colour))

    def _award(self, w: int, token: str) -> None:
        # « colour » of a finished tournament is its final colour (camelot.txt › Gagner un
        # tournoi: « un jeton de la couleur finale »); « colours » keeps every change
        if self._take_token(w, token, colour=self.colour):
            self.current = w
            return
        self._new_tournament(w)

    def _take_token(self, w: int, token: str, **noted: Any) -> bool:
        """The tournament's winner takes its token (nothing more when already held), noted in
        the history; True when that wins the game."""
        gained = token not in self.tokens[w]
        if gained:
            self.tokens[w].add(token)
            self.pool[token] -= 1
        if self.history:
            self.history[-1].update(winner=w, token=token, gained=gained, **noted)
        self.previous_colour = self.colour
        if len(self.tokens[w]) >= self.goal:
            self.winner = w
            self.phase = "over"
            return True
        return False

    # --- jetons mode ----------------------------------------------------------------------

    def _on_tournament(self, e: dict[str, Any]) -> None:
        """Light tracker: a tournament's winner and final colour, and the token taken
        (registre CAM-18, CAM-13)."""
        if self.mode != "jetons":
            raise RuleError("« tournament » sert au suivi des jetons seulement", R_TURN)
        w = read_player(self, e, "winner")
        cat = catalogue()
        colour = e.get("colour")
        if colour not in cat.colours:
            raise RuleError("« colour » : la couleur finale du tournoi", R_WIN_TOURNEY)
        if colour == PURPLE and self.previous_colour == PURPLE:
            raise RuleError("deux tournois violets ne se suivent jamais", R_PURPLE)
        token = e.get("token", colour) if colour == PURPLE else colour
        if token not in cat.colours:
            raise RuleError("après un tournoi violet, choisissez la couleur du jeton",
                            R_WIN_TOURNEY)
        self.colour = str(colour)
        self.history.append({"starter": self.current, "colour": colour, "colours": [colour]})
        self.current = w
        self._take_token(w, str(token))

    def _on_dame_penalty(self, e: dict[str, Any]) -> None:
        """Light tracker: a player withdrew with a dame and gives back a token of their choice."""
        if self.mode != "jetons":
            raise RuleError("en suivi complet, la pénalité vient avec l'abandon", R_TURN)
        p = read_player(self, e)
        token = read_token(e.get("token"))
        if token not in self.tokens[p]:
            raise RuleError(f"{self.names[p]} n'a pas ce jeton ; un joueur sans jeton ne perd "
                            "rien", R_DAME)
        self.tokens[p].discard(str(token))
        self.pool[str(token)] += 1
