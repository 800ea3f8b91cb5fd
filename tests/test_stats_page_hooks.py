"""What the players' page shows of each game comes from the game's stats hook (issue 39):
tableapp/pages/players.py names no game, so a game whose hook has figures must also say them
(`figure_lines` or `figure_table`), and the hooks say a player's figures in French."""

from __future__ import annotations

from companion.core.registry import PLAYABLE
from companion.stats.record import Mine, stats_hook


def test_every_game_with_figures_says_them_on_the_players_page() -> None:
    silent = [game for game, info in PLAYABLE.items() if info.stats
              and hasattr(stats_hook(game), "player_figures")
              and not any(hasattr(stats_hook(game), name)
                          for name in ("figure_lines", "figure_table"))]
    assert not silent, f"figures jamais montrées sur la page Joueurs : {silent}"


def test_elsen_says_the_sides_and_roles_a_player_won_with() -> None:
    hook = stats_hook("elsen")
    figures = hook.player_figures([Mine({"role": "saboteur", "side": "saboteurs"}, True, True),
                                   Mine({"role": "voyante", "side": "passagers"}, True, False),
                                   Mine({"role": "voyante", "side": "passagers"}, False, False)])
    assert hook.figure_lines(figures) == [
        "ELSEN, côté passagers : 0 victoire sur 1 partie",
        "ELSEN, côté saboteurs : 1 victoire sur 1 partie",
        "ELSEN, rôle Saboteur : 1/1", "ELSEN, rôle Voyante : 0/1"]
    assert hook.game_extra({"wins_by_side": {"saboteurs": 2}}) == "saboteurs 2 victoires"


def test_labystere_says_nothing_before_a_solved_game() -> None:
    hook = stats_hook("labystere")
    assert hook.figure_lines(hook.player_figures([Mine({"turns": 9}, True, False)])) == []
    figures = hook.player_figures([Mine({"turns": 9}, True, True), Mine({"turns": 12}, True, True)])
    assert hook.figure_lines(figures) == [
        "Labystère : 2 énigmes résolues, en 10,5 tours en moyenne"]
    assert hook.game_extra({}) == ""


def test_other_games_by_name_are_a_table_of_the_names_typed() -> None:
    hook = stats_hook("libre")
    figures = hook.player_figures([Mine({"title": "Skull King"}, True, True),
                                   Mine({"title": "skull king "}, True, False)])
    rows = hook.figure_table(figures)
    assert len(rows) == 1 and rows[0]["Parties"] == 2 and rows[0]["Victoires"] == 1
    assert rows[0]["Taux"] == "50 %"
