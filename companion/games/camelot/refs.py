"""Where the Camelot rules say each thing (the references carried by RuleError.rule), and the
two readers every kind of event shares: a player by seat number, a token colour. One constant per
section of camelot.txt or decision of docs/register/camelot.md, spelled the same everywhere."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from companion.core.errors import RuleError
from companion.games.camelot.cards import catalogue

if TYPE_CHECKING:
    from companion.games.camelot.engine import CamelotState

R_SETUP = "camelot.txt › Préparation"
R_DRAW = "camelot.txt › Tirer une carte"
R_START = "registre CAM-1"
R_PURPLE = "registre CAM-2"
R_STAY = "registre CAM-3"
R_PLAY = "camelot.txt › Jouer des cartes"
R_DAME = "camelot.txt › Soutien"
R_WITHDRAW = "camelot.txt › Abandonnée ?"
R_WIN_TOURNEY = "camelot.txt › Gagner un tournoi"
R_GOAL = "camelot.txt › But du jeu"
R_STUNNED = "registre CAM-9"
R_LANCELOT = "registre CAM-11"
R_TURN = "camelot.txt › Déroulement du jeu"
R_PUBLIC = "registre CAM-17"
R_RESHUFFLE = "registre CAM-14"


def read_player(s: CamelotState, e: dict[str, Any], key: str = "player") -> int:
    """A player given by an event, by seat number."""
    p = e.get(key)
    if not isinstance(p, int) or isinstance(p, bool) or not 0 <= p < s.n:
        raise RuleError(f"« {key} » doit être un numéro de joueur de 0 à {s.n - 1}", R_TURN)
    return p


def read_token(value: Any) -> str | None:
    """A token colour given by an event: a known colour, or absent."""
    if value is None:
        return None
    if not isinstance(value, str) or value not in catalogue().colours:
        raise RuleError(f"jeton : une couleur parmi {', '.join(catalogue().colours)}",
                        R_WIN_TOURNEY)
    return value
