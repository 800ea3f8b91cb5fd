"""Each game's record extracted from its documented example log, checked against what the log
says when read by hand (the hand computation is in the comments)."""

from __future__ import annotations

import pytest
from stats_night import LOGS, example_log

from companion.stats.labystere import count_turns
from companion.stats.record import place_points, places_by_score, record_of


def record(name: str):
    log = example_log(name)
    return record_of(log["game"], log["setup"], log["events"], "CODE", "2026-11-20")


def test_noe_corrections_is_unfinished_with_points_per_manche() -> None:
    r = record("noe-corrections")
    # Effective events: 0 corrected to Bruno « Plan Étaré » (50), 1 Chloé false « 6 Léonard »,
    # 2 undone by 3, 4 Alice « 6 Sénéchales » (35): only Chloé left -> manche 1 ends « seul ».
    # 6 Chloé « Complot à l'Élysée » (100) ends manche 2; 7 retracted by 8; manche 3 open.
    assert not r.finished and r.winners == [] and r.places == {}
    assert [(row.number, row.gains, row.totals) for row in r.rounds.rows] == [
        (1, {"Alice": 35, "Bruno": 50, "Chloé": 0}, {"Alice": 35, "Bruno": 50, "Chloé": 0}),
        (2, {"Alice": 0, "Bruno": 0, "Chloé": 100}, {"Alice": 35, "Bruno": 50, "Chloé": 100})]
    assert r.figures["Chloé"] == {"announcements": 1, "announcement_points": 100,
                                  "false_announcements": 1,
                                  "by_announcement": {"complot-elysee": 1}}
    assert r.result_line() == "en cours"


def test_noe_match_to_100_points() -> None:
    r = record("noe-partie-a-100-points")
    # Manche 1: Bruno 6 Duron 25, Chloé false 5 Alphas, Alice Plan Étaré 50 -> Chloé alone.
    # Manche 2: Chloé 6 Léonard 50, Alice Complot (undone), Alice Complot à l'Élysée 100.
    # Totals Alice 150 >= 100, Chloé 50, Bruno 25: Alice wins; places 1, 3 (Bruno), 2 (Chloé).
    assert r.finished and r.winners == ["Alice"]
    assert r.scores == {"Alice": 150, "Bruno": 25, "Chloé": 50}
    assert r.places == {"Alice": 1, "Chloé": 2, "Bruno": 3}
    assert [r.points(p) for p in ("Alice", "Chloé", "Bruno")] == [1.0, 0.5, 0.0]
    assert r.figures["Alice"]["announcements"] == 2
    assert r.figures["Alice"]["announcement_points"] == 150
    assert r.rounds.target == 100
    assert r.result_line() == "victoire : Alice, 150 points"


def test_emblemes_coins_per_manche_and_characters() -> None:
    r = record("emblemes-partie-a-trois")
    # rounds_scored gives the coins after each manche (everyone starts with 3):
    # rouge 6, 8, 17; bleu 7, 13, 19; vert 6, 24, 31 -> gains rouge 3, 2, 9; bleu 4, 6, 6;
    # vert 3, 18, 7 (each also the sum of that manche's movements).
    assert r.finished and r.winners == ["vert"]
    assert r.places == {"vert": 1, "bleu": 2, "rouge": 3}
    assert [row.gains for row in r.rounds.rows] == [
        {"rouge": 3, "bleu": 4, "vert": 3}, {"rouge": 2, "bleu": 6, "vert": 18},
        {"rouge": 9, "bleu": 6, "vert": 7}]
    assert r.rounds.rows[-1].totals == {"rouge": 17, "bleu": 19, "vert": 31}
    # 36 reveals, 12 per player, each value at most once in a game.
    assert sum(r.figures["vert"]["characters"].values()) == 12
    # vert's own cards earned: 11 -> 2 + 4, 10 -> 4, 4 -> 3, 3 -> 1, 7 -> 3, 14 -> 1 + 7,
    # 15 -> 5, 9 -> 1 + 1, 6 -> -1
    assert r.figures["vert"]["character_coins"] == {
        "3": 1, "4": 3, "6": -1, "7": 3, "9": 2, "10": 4, "11": 6, "14": 8, "15": 5}


def test_camelot_tokens_per_tournament_with_a_dame_penalty() -> None:
    r = record("camelot-jetons")
    # Tournaments: 1 rouge -> Arthur; 2 bleu -> Gauvain, then Gauvain gives bleu back (dame);
    # 3 violet -> Arthur takes jaune; 4 vert -> Perceval; 5 bleu, 6 vert, 7 violet (token
    # violet) -> Arthur, who then holds 5 tokens (goal for 3 players) and wins.
    assert r.finished and r.winners == ["Arthur"]
    assert [row.totals for row in r.rounds.rows] == [
        {"Arthur": 1, "Gauvain": 0, "Perceval": 0}, {"Arthur": 1, "Gauvain": 1, "Perceval": 0},
        {"Arthur": 2, "Gauvain": 0, "Perceval": 0}, {"Arthur": 2, "Gauvain": 0, "Perceval": 1},
        {"Arthur": 3, "Gauvain": 0, "Perceval": 1}, {"Arthur": 4, "Gauvain": 0, "Perceval": 1},
        {"Arthur": 5, "Gauvain": 0, "Perceval": 1}]
    assert r.scores == {"Arthur": 5, "Gauvain": 0, "Perceval": 1}
    assert r.places == {"Arthur": 1, "Perceval": 2, "Gauvain": 3}
    assert r.figures["Arthur"]["tournaments_won"] == 5
    assert r.figures["Arthur"]["tokens_won_by_colour"] == {
        "bleu": 1, "jaune": 1, "rouge": 1, "vert": 1, "violet": 1}
    assert r.figures["Gauvain"] == {"tokens": [], "tournaments_won": 1,
                                    "tokens_won_by_colour": {"bleu": 1}}
    assert r.rounds.rows[2].note == "tournoi violet : Arthur prend un jeton jaune"


def test_camelot_full_tracker_unfinished() -> None:
    r = record("camelot-exemples-de-la-regle")
    # Tournament 1 (rouge): 2, 1 and 0 withdraw -> Lady Danielle takes rouge; tournament 2
    # (bleu, turned vert): 1, 2, 3 withdraw -> Sire Marcel takes vert. No dame lost a token.
    assert not r.finished
    assert [row.totals for row in r.rounds.rows] == [
        {"Sire Marcel": 0, "Sire Raymond": 0, "Sire Maurice": 0, "Lady Danielle": 1},
        {"Sire Marcel": 1, "Sire Raymond": 0, "Sire Maurice": 0, "Lady Danielle": 1}]


def test_elsen_roles_stay_secret_until_the_end() -> None:
    open_game = record("elsen-exemple-de-la-regle")
    assert not open_game.finished and open_game.figures == {}
    assert "saboteur" not in str(open_game.as_json())
    # Turn 1: team Jean, Paul, Pierre adds 2.5 of 3: mission 1 not yet won.
    assert [(row.number, row.totals) for row in open_game.rounds.rows] == [
        (1, {"Missions réussies": 0})]


def test_elsen_passengers_win_when_the_saboteur_is_voted_out() -> None:
    r = record("elsen-saboteur-exclu")
    # Jean (the only saboteur) gets 4 votes of 5 (3 needed): every saboteur is out.
    assert r.finished and r.facts["winning_side"] == "passagers"
    assert r.winners == ["Paul", "Pierre", "Marie", "Julie"]
    assert r.places == {"Jean": 5, "Paul": 1, "Pierre": 1, "Marie": 1, "Julie": 1}
    assert r.points("Jean") == 0.0 and r.points("Julie") == 1.0
    assert r.figures["Jean"] == {"role": "saboteur", "side": "saboteurs", "won": False}
    assert r.figures["Paul"] == {"role": "faineant", "side": "passagers", "won": True}
    assert "exclusion de Jean" in r.rounds.rows[0].note
    assert r.result_line() == "victoire des passagers (Paul, Pierre, Marie et Julie)"


def test_labystere_turns_to_solve() -> None:
    r = record("labystere-partie")
    # Effective events (0 undone, 2 corrected): Léa rolls, swaps, ends (turn 1). Tom rolls,
    # moves, turns up « retour Arrivée », declares renard/moulin: wrong, out (turn 1). Inès
    # rolls, moves, looks at Léa's eliminated places: Léa has none, « tant pis », next (turn 1).
    # Léa 2: roll, move, reveal, end. Inès 2: roll, move, Rejoue, roll, move, témoin, end.
    # Léa 3: roll, move, retour Arrivée, end. Inès 3: roll, swap, end. Léa 4 declares
    # ours/tour: right. 8 turns; Léa solved on her 4th.
    assert r.finished and r.winners == ["Léa"]
    assert r.facts["turns"] == 8
    assert {p: f["turns"] for p, f in r.figures.items()} == {"Léa": 4, "Tom": 1, "Inès": 3}
    assert r.places == {"Léa": 1, "Tom": 3, "Inès": 3}
    assert r.figures["Tom"]["wrong_declaration"] is True


def test_count_turns_when_a_player_is_left_alone() -> None:
    # seat 1 is out: seat 0 plays turn after turn, the seat never changes
    events = [{"type": "roll"}, {"type": "end_turn"}, {"type": "roll"}, {"type": "end_turn"}]
    assert count_turns(2, 0, events, [0, 0, 0, 0]) == (2, [2, 0])


@pytest.mark.parametrize("name", LOGS)
def test_every_record_is_json_and_rounds_add_up(name: str) -> None:
    r = record(name)
    data = r.as_json()
    assert data["code"] == "CODE" and data["players"] == r.players
    if r.rounds:
        totals = {s: r.rounds.rows[0].totals[s] - r.rounds.rows[0].gains[s]
                  for s in r.rounds.series} if r.rounds.rows else {}
        for row in r.rounds.rows:
            totals = {s: totals[s] + row.gains[s] for s in r.rounds.series}
            assert totals == row.totals
        assert len(r.rounds.chart_rows()) == len(r.rounds.series) * (len(r.rounds.rows) + 1)


def test_places_and_points() -> None:
    assert places_by_score(["a", "b", "c", "d"], {"a": 5, "b": 9, "c": 5, "d": 1}, ["b"]) == {
        "b": 1, "a": 2, "c": 2, "d": 4}
    assert place_points(1, 4) == 1.0 and place_points(4, 4) == 0.0
    assert place_points(2, 3) == 0.5


def test_the_round_chart_takes_the_profiles_colours() -> None:
    from companion.stats.charts import PALETTE, rounds_spec

    r = record("emblemes-partie-a-trois")
    scale = rounds_spec(r.rounds, {"vert": "#27ae60"})["layer"][0]["encoding"]["color"]["scale"]
    assert scale == {"domain": ["rouge", "bleu", "vert"],
                     "range": [PALETTE[0], PALETTE[1], "#27ae60"]}


def test_labystere_one_replay_or_two_give_the_same_record() -> None:
    from companion.core.engine import InvalidEvent, replay
    from companion.stats.record import record_from_state

    log = example_log("labystere-partie")
    once = record_of("labystere", log["setup"], log["events"])
    state = replay("labystere", log["setup"], log["events"])
    events = [e for e in log["events"] if e["type"] not in ("undo", "correct", "retract")]
    assert record_from_state("labystere", log["setup"], [], state.summary()).winners == ["Léa"]
    assert once.facts["turns"] == 8 and len(events) < len(log["events"])
    with pytest.raises(InvalidEvent):
        record_of("labystere", log["setup"], [{"type": "declare"}])
