"""Emblèmes: data schema, engine (placement, effects, end-of-round count) and CLI."""

from __future__ import annotations

from companion.core.gameinfo import ALL, GameInfo, LabDefaults, LabOption, Policy
from companion.games.emblemes.data import EmblemesData

_FACES = tuple(f"place_cards[lieu-{s}-{p}].{face}"
               for s in "abc" for p in ("chateau", "village", "port")
               for face in ("face_3_4", "face_5")
               if (s, p, face) != ("a", "chateau", "face_3_4"))  # the one face the rules give

GAME = GameInfo(
    "emblemes", "Emblèmes", "emblemes.yaml", "emblemes.txt", EmblemesData,
    # Every reveal and choice of Emblèmes happens face up.
    public=Policy(default=ALL),
    seat_name="first_player",
    house_defaults=(*(f"families[{f}]" for f in ("lion", "aigle", "cerf", "serpent", "soleil")),
                    *_FACES),
    lab=LabDefaults(cli_games=200, page_games=60, page_players=(3, 4, 5), run_budget=8000,
                    example="starting_coins=5",
                    extra={"sets": ("Sets de lieux", ("A", "B", "C"), ("A",))},
                    cli={"lieux": LabOption("sets", "Emblèmes : sets de lieux, ex. A,B")}),
    stats="companion.stats.emblemes", print_module="print_kit.games.emblemes",
    page="tableapp.pages.emblemes", cli="companion.games.emblemes.cli",
)
