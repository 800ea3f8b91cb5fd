"""The registry of the games: the five with their data file and schema (`GAMES`), and the
score sheets that have no data, only an engine (`SHEETS`: « Autre jeu »).

The one place that lists them; `PLAYABLE` is every game a log, a page or a statistic may name."""

from __future__ import annotations

from dataclasses import dataclass

from companion.errors import UsageError
from companion.games.camelot.data import CamelotData
from companion.games.elsen.data import ElsenData
from companion.games.emblemes.data import EmblemesData
from companion.games.labystere.data import LabystereData
from companion.games.noe.data import NoeData
from companion.schema import GameData


@dataclass(frozen=True)
class GameInfo:
    id: str
    title: str
    file: str = ""  # a score sheet has no data file, no rules file and no schema
    rules_file: str = ""
    schema: type[GameData] | None = None
    players: tuple[int, int] | None = None  # a score sheet's span (the five: their data's)


GAMES: dict[str, GameInfo] = {
    info.id: info
    for info in (
        GameInfo("noe", "Noé, Complot à l'Élysée", "noe.yaml", "noe-complot-a-l-elysee.txt",
                 NoeData),
        GameInfo("emblemes", "Emblèmes", "emblemes.yaml", "emblemes.txt", EmblemesData),
        GameInfo(
            "labystere",
            "P'tit jeu Maëlys de Labystère",
            "labystere.yaml",
            "labystere-ptit-jeu-maelys.txt",
            LabystereData,
        ),
        GameInfo("camelot", "Camelot", "camelot.yaml", "camelot.txt", CamelotData),
        GameInfo("elsen", "ELSEN, Entre Le Saboteur Et Nous", "elsen.yaml", "elsen.txt", ElsenData),
    )
}


# Games without data or printed material: an engine, a page and a place in the statistics.
SHEETS: dict[str, GameInfo] = {"libre": GameInfo("libre", "Autre jeu", players=(1, 20))}

PLAYABLE: dict[str, GameInfo] = {**GAMES, **SHEETS}


def game_info(game: str) -> GameInfo:
    try:
        return PLAYABLE[game]
    except (KeyError, TypeError):
        choices = ", ".join(PLAYABLE)
        raise UsageError(f"jeu inconnu « {game} » ; jeux disponibles : {choices}") from None
