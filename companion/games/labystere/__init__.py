"""P'tit jeu Maëlys de Labystère: data schema, setup generator, die and investigation sheet."""

from __future__ import annotations

from typing import Any

from companion.core.gameinfo import ALL, GameInfo, LabDefaults, Policy
from companion.games.labystere.data import LabystereData


def _rematch(old: dict[str, Any], new: dict[str, Any], seed: int | None) -> None:
    """Pawn colours follow their players; a new plan drawn from the whole range, never shown
    (registre TAB-3)."""
    import secrets

    from companion.games.labystere.setup import SEED_MAX

    new["colours"] = old["colours"][1:] + old["colours"][:1]
    new["seed"] = secrets.randbelow(SEED_MAX + 1) if seed is None else seed


GAME = GameInfo(
    "labystere", "P'tit jeu Maëlys de Labystère", "labystere.yaml",
    "labystere-ptit-jeu-maelys.txt", LabystereData,
    # The plan's seed gives the culprit and the flag (registre TAB-3). The lines themselves
    # hold what the table sees (a move, the Action card turned up, a declaration): what lies
    # under a Lieu or a Témoin is the engine's, from the plan, never in a line.
    public=Policy(default=ALL, secret_setup=frozenset({"seed"})),
    rematch=_rematch,
    house_defaults=(*(f"suspects[{x}]" for x in ("renard", "pie", "ours", "souris")),
                    *(f"places[{x}]" for x in ("moulin", "cabane", "puits", "tour")),
                    *(f"path_shapes[{i}]" for i in range(4)),
                    *(f"flag_cards[{x}]" for x in ("drapeau-ici", "drapeau-absent")),
                    *(f"actions[{x}]" for x in (
                        "retour-depart", "retour-arrivee", "regarde-temoin", "regarde-lieu",
                        "regarde-suspects-ecartes", "regarde-lieux-ecartes", "rejoue",
                        "echange-pion", "lancer-double", "pas-d-action")),
                    *(f"colours[{x}]" for x in ("rouge", "bleu", "vert", "jaune"))),
    lab=LabDefaults(cli_games=300, page_games=20, page_players=(2, 3, 4), run_budget=5000,
                    example="die_faces=4"),
    stats="companion.stats.labystere", print_module="print_kit.games.labystere",
    page="tableapp.pages.labystere", cli="companion.games.labystere.cli",
    side_store="companion.games.labystere.sheets",
)
