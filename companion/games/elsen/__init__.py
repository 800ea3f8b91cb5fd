"""ELSEN, Entre Le Saboteur Et Nous: data schema, turn engine, rule checker and narration."""

from __future__ import annotations

from companion.core.gameinfo import ALL, NOTHING, GameInfo, LabDefaults, LabOption, Policy
from companion.games.elsen.data import ElsenData

GAME = GameInfo(
    "elsen", "ELSEN, Entre Le Saboteur Et Nous", "elsen.yaml", "elsen.txt", ElsenData,
    # Roles, the Policier's, the saboteurs' and the Voyante's choices stay with the host, and
    # so does the host's own reason for forcing a mission's cards (free text: it may name one).
    public=Policy(events={"deal": frozenset({"method"}), "protect": NOTHING, "kill": NOTHING,
                          "seer": NOTHING, "mission": frozenset({"team", "cards"})},
                  default=ALL),
    seat_name="first_player",
    house_defaults=("settings.vote_threshold", "settings.ghost_mission_reward"),
    lab=LabDefaults(cli_games=300, page_games=200, page_players=(5, 8, 12), run_budget=12000,
                    example="success_tokens.8=3",
                    extra={"mixes": ("Rôles spéciaux", ("defaut", "aucun"),
                                     ("defaut", "aucun"),
                                     {"defaut": "suggérés", "aucun": "aucun"})},
                    cli={"roles": LabOption("mixes", "ELSEN : rôles spéciaux, « defaut » "
                                                     "et/ou « aucun »")}),
    stats="companion.stats.elsen", print_module="print_kit.games.elsen",
    page="tableapp.pages.elsen", cli="companion.games.elsen.cli",
    print_options=lambda options: {"players": options.players},  # ELSEN's table size
)
