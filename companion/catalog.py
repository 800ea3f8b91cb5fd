"""The registry of the five games: id, title, data file and schema.

The one place that lists them."""

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
    file: str
    rules_file: str
    schema: type[GameData]


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


def game_info(game: str) -> GameInfo:
    try:
        return GAMES[game]
    except KeyError:
        choices = ", ".join(GAMES)
        raise UsageError(f"jeu inconnu « {game} » ; jeux disponibles : {choices}") from None
