"""Noé, Complot à l'Élysée: data schema, hand analysis, control check and match engine."""

from __future__ import annotations

from companion.core.gameinfo import ALL, GameInfo, LabDefaults, LabOption, Policy
from companion.games.noe.data import NoeData

GAME = GameInfo(
    "noe", "Noé, Complot à l'Élysée", "noe.yaml", "noe-complot-a-l-elysee.txt", NoeData,
    # Announcements, their cards and the manches are said aloud and shown at the table.
    # The cards seized in a contrôle are chosen by the attacker alone, who saw the hand
    # (« uniquement à celle-ci »): the table knows that a seizure happened, not what was taken.
    public=Policy(events={"control": frozenset({"type", "manche", "player", "target", "by",
                                                "defence"})}, default=ALL),
    seat_name="dealer",
    house_defaults=(*(f"categories[{c}].symbol" for c in (
        "etat-major", "espions", "leonard", "empires", "pompiers", "journalistes",
        "famille-duron")), "joker_symbol", "mechants[poseur-bombes].symbol"),
    lab=LabDefaults(cli_games=40, page_games=10, page_players=(4,), run_budget=600,
                    example="announcements.complot.points=20",
                    extra={"levels": ("Niveaux", (1, 2, 3), (1, 3))},
                    cli={"level": LabOption("levels", "Noé : niveaux, ex. 1,3", numbers=True),
                         "within": LabOption("within", "Noé : annonces en N tours ou moins, "
                                                       "ex. 5,10,20", numbers=True)}),
    stats="companion.stats.noe", print_module="print_kit.games.noe",
    page="tableapp.pages.noe", cli="companion.games.noe.cli",
    print_options=lambda options: {"level": options.level},  # Noé's level (79 or 93 cards)
)
