"""Statistics of a night built from the eight example logs of the five games (tests/stats_night.py
says who sat where). Every figure is checked against a hand computation from those logs.

Finished games and places (place-based points: 1 first, 0 last, linear between):
- noe-partie-a-100-points: Alice 150 (1st: 1), Chloé 50 (2nd: 0.5), Bruno 25 (3rd: 0);
- emblemes: vert/Chloé 31 (1), bleu/Bruno 19 (0.5), rouge/Alice 17 (0);
- labystere: Léa (a guest) solves (1); Tom and Inès/Chloé last (0);
- camelot-jetons: Arthur/Bruno 5 tokens (1), Perceval/Chloé 1 (0.5), Gauvain/Alice 0 (0);
- elsen-saboteur-exclu: passengers Paul/Alice, Pierre, Marie, Julie/Chloé (1); Jean/Bruno (0).
Unfinished: noe-corrections, camelot-exemples-de-la-regle, elsen-exemple-de-la-regle.

Alice: played 7 (noe ×2, emblemes, camelot ×2, elsen ×2), finished 4, won 2 (noe, elsen),
points 1 + 0 + 0 + 1 = 2. Bruno: played 7, finished 4, won 1 (camelot), points
0 + 0.5 + 1 + 0 = 1.5. Chloé: played 7 (noe ×2, emblemes, labystere, camelot, elsen ×2),
finished 5, won 2 (emblemes, elsen), points 0.5 + 1 + 0 + 0.5 + 1 = 3.
Guests: Pierre, Marie (elsen ×2: 1 finished, won, 1 point); Léa (labystere, won, 1 point);
Tom (labystere, lost);
Sire Raymond, Sire Maurice (camelot unfinished: nothing finished).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from stats_night import build_night

from companion.core.errors import UsageError
from companion.stats.figures import game_stats, player_stats
from companion.stats.podium import podium


@pytest.fixture
def night(tmp_path: Path):
    stats, night_id, codes, profiles = build_night(tmp_path / "db.sqlite3")
    games = stats.played(stats.night(night_id).codes)
    return stats, games, profiles


def key(profiles: dict[str, int], name: str) -> str:
    return f"profil:{profiles[name]}"


def test_every_game_of_the_night_is_read(night) -> None:
    stats, games, _ = night
    assert len(games) == 8
    assert sum(g.record.finished for g in games) == 5


def test_played_won_and_rates(night) -> None:
    _, games, profiles = night
    alice = player_stats(games, key(profiles, "Alice"))
    assert (alice["played"], alice["finished"], alice["won"]) == (7, 4, 2)
    assert alice["win_rate"] == 0.5 and alice["points"] == 2.0
    bruno = player_stats(games, key(profiles, "Bruno"))
    assert (bruno["played"], bruno["finished"], bruno["won"], bruno["points"]) == (7, 4, 1, 1.5)
    chloe = player_stats(games, key(profiles, "Chloé"))
    assert (chloe["played"], chloe["finished"], chloe["won"], chloe["points"]) == (7, 5, 2, 3.0)
    assert chloe["win_rate"] == 0.4


def test_win_rate_by_game_and_by_player_count(night) -> None:
    _, games, profiles = night
    chloe = player_stats(games, key(profiles, "Chloé"))
    # noe: 2 played, 1 finished (lost); emblemes: won; labystere: lost; camelot: jetons only
    # (2nd); elsen: 2 played, 1 finished, won.
    assert chloe["by_game"] == {
        "noe": {"played": 2, "finished": 1, "won": 0, "win_rate": 0.0},
        "emblemes": {"played": 1, "finished": 1, "won": 1, "win_rate": 1.0},
        "labystere": {"played": 1, "finished": 1, "won": 0, "win_rate": 0.0},
        "camelot": {"played": 1, "finished": 1, "won": 0, "win_rate": 0.0},
        "elsen": {"played": 2, "finished": 1, "won": 1, "win_rate": 1.0}}
    # 3 players: noe ×2, emblemes, labystere, camelot-jetons (4 finished, won emblemes);
    # 5 players: elsen ×2 (1 finished, won).
    assert chloe["by_player_count"] == {
        "3": {"played": 5, "finished": 4, "won": 1, "win_rate": 0.25},
        "5": {"played": 2, "finished": 1, "won": 1, "win_rate": 1.0}}
    alice = player_stats(games, key(profiles, "Alice"))
    # Alice also sat at the 4-player Camelot (unfinished): no rate yet.
    assert alice["by_player_count"]["4"] == {"played": 1, "finished": 0, "won": 0,
                                             "win_rate": None}


def test_noe_announcements_and_points(night) -> None:
    _, games, profiles = night
    # Alice: 6 Sénéchales 35 (corrections log); Plan Étaré 50 and Complot à l'Élysée 100.
    assert player_stats(games, key(profiles, "Alice"))["noe"] == {
        "announcements": 3, "announcement_points": 185, "false_announcements": 0,
        "by_announcement": {"complot-elysee": 1, "plan-etare": 1, "six-senechales": 1}}
    # Chloé: Complot à l'Élysée 100 (+ false 6 Léonard); 6 Léonard 50 (+ false 5 Alphas).
    chloe = player_stats(games, key(profiles, "Chloé"))["noe"]
    assert (chloe["announcements"], chloe["announcement_points"],
            chloe["false_announcements"]) == (2, 150, 2)
    # Bruno: Plan Étaré 50 (corrected from Complot), 6 Duron 25.
    bruno = player_stats(games, key(profiles, "Bruno"))["noe"]
    assert (bruno["announcements"], bruno["announcement_points"]) == (2, 75)


def test_emblemes_coins_per_manche_and_favourite_character(night) -> None:
    _, games, profiles = night
    # rouge/Alice 3 + 2 + 9 = 14 over 3 manches; every character revealed once, so the tie
    # goes to the one that earned most: 13 La Sorcière (7 coins at the Port, manche 3).
    assert player_stats(games, key(profiles, "Alice"))["emblemes"] == {
        "manches": 3, "coins": 14, "coins_per_manche": 4.6667, "favourite_character": 13}
    # bleu/Bruno 4 + 6 + 6 = 16; best earner 12 Le Garde (4 coins, Château, manche 3).
    assert player_stats(games, key(profiles, "Bruno"))["emblemes"] == {
        "manches": 3, "coins": 16, "coins_per_manche": 5.3333, "favourite_character": 12}
    # vert/Chloé 3 + 18 + 7 = 28; best earner 14 La Princesse (1 + 7 coins).
    assert player_stats(games, key(profiles, "Chloé"))["emblemes"] == {
        "manches": 3, "coins": 28, "coins_per_manche": 9.3333, "favourite_character": 14}


def test_camelot_tokens_by_colour_and_tournaments_won(night) -> None:
    _, games, profiles = night
    # Bruno: Sire Marcel took vert (tournament 2 of the full tracker); Arthur took rouge,
    # jaune, bleu, vert, violet.
    assert player_stats(games, key(profiles, "Bruno"))["camelot"] == {
        "tournaments_won": 6,
        "tokens_by_colour": {"bleu": 1, "jaune": 1, "rouge": 1, "vert": 2, "violet": 1}}
    # Alice: Lady Danielle took rouge; Gauvain took bleu (given back later, still won).
    assert player_stats(games, key(profiles, "Alice"))["camelot"] == {
        "tournaments_won": 2, "tokens_by_colour": {"bleu": 1, "rouge": 1}}


def test_elsen_wins_by_side_and_by_role(night) -> None:
    _, games, profiles = night
    one_win = {"played": 1, "finished": 1, "won": 1, "win_rate": 1.0}
    one_loss = {"played": 1, "finished": 1, "won": 0, "win_rate": 0.0}
    assert player_stats(games, key(profiles, "Bruno"))["elsen"] == {
        "by_side": {"saboteurs": one_loss}, "by_role": {"saboteur": one_loss}}
    assert player_stats(games, key(profiles, "Chloé"))["elsen"] == {
        "by_side": {"passagers": one_win}, "by_role": {"voyante": one_win}}


def test_labystere_turns_to_solve(night) -> None:
    _, games, profiles = night
    assert player_stats(games, "nom:léa")["labystere"] == {"solved": 1, "turns_to_solve": 4.0}
    assert player_stats(games, key(profiles, "Chloé"))["labystere"] == {
        "solved": 0, "turns_to_solve": None}


def test_statistics_per_game(night) -> None:
    _, games, _ = night
    per_game = game_stats(games)
    assert list(per_game) == ["noe", "emblemes", "labystere", "camelot", "elsen"]
    assert per_game["noe"]["played"] == 2 and per_game["noe"]["finished"] == 1
    assert per_game["labystere"]["turns_to_solve"] == 8.0
    assert per_game["elsen"]["wins_by_side"] == {"passagers": 1}
    # Camelot: 2 tournaments (full tracker) + 7 (jetons); players 4 and 3.
    assert per_game["camelot"]["rounds"] == 9 and per_game["camelot"]["average_players"] == 3.5


def test_podium_by_wins(night) -> None:
    stats, games, profiles = night
    rows = podium(games, stats.names(), "victoires")
    top = [(r.rank, r.name, r.wins, r.points, r.played) for r in rows[:5]]
    # Chloé and Alice 2 wins each: Chloé's 3 points before Alice's 2; then 1 win each: Bruno
    # (1.5 points) before Léa, Marie and Pierre (1 point each, sharing 4th place).
    assert top == [(1, "Chloé", 2, 3.0, 5), (2, "Alice", 2, 2.0, 4), (3, "Bruno", 1, 1.5, 4),
                   (4, "Léa", 1, 1.0, 1), (4, "Marie", 1, 1.0, 1)]
    assert rows[5].name == "Pierre" and rows[5].rank == 4
    assert {r.rank for r in rows[6:]} == {7}  # Tom, Sire Raymond, Sire Maurice


def test_podium_by_points_and_a_wrong_ranking(night) -> None:
    stats, games, _ = night
    rows = podium(games, stats.names(), "points")
    assert [(r.rank, r.name, r.points) for r in rows[:3]] == [
        (1, "Chloé", 3.0), (2, "Alice", 2.0), (3, "Bruno", 1.5)]
    with pytest.raises(UsageError, match="classement inconnu"):
        podium(games, stats.names(), "hasard")
