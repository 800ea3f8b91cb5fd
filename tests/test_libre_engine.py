"""« Autre jeu » (companion/games/libre/engine.py): golden totals, ties, teams, `low`, `target`
and `rounds`; refusals in French that change nothing; and, whatever undos and corrections the
log holds, the totals are the sums of the effective rounds."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.core.engine import InvalidEvent, engine_for, replay
from companion.core.errors import RuleError
from companion.core.log import resolve

EXAMPLES = Path(__file__).resolve().parent.parent / "docs" / "log-examples"
TRIO = {"name": "Skull King", "players": ["Alice", "Bruno", "Chloé"], "winner": "high"}


def rnd(**scores: int) -> dict[str, Any]:
    return {"type": "round", "scores": scores}


def play(setup: dict[str, Any], *events: dict[str, Any]) -> dict[str, Any]:
    return replay("libre", setup, list(events)).summary()


def test_totals_and_ranking_high() -> None:
    out = play(TRIO, rnd(Alice=20, Bruno=-10, Chloé=10), rnd(Alice=30, Bruno=40),
               {"type": "end"})
    assert out["scores"] == {"Alice": 50, "Bruno": 30, "Chloé": 10}
    assert [(r["name"], r["place"]) for r in out["ranking"]] == [
        ("Alice", 1), ("Bruno", 2), ("Chloé", 3)]
    assert out["winners"] == ["Alice"] and out["finished"] and out["ended_by"] == "table"
    assert out["history"] == [{"Alice": 20, "Bruno": -10, "Chloé": 10},
                              {"Alice": 50, "Bruno": 30, "Chloé": 10}]
    assert out["rounds"][1] == {"Alice": 30, "Bruno": 40, "Chloé": 0}  # missing scores 0


def test_ties_share_a_place_and_the_victory() -> None:
    out = play(TRIO, rnd(Alice=5, Bruno=5, Chloé=1), {"type": "end"})
    assert [(r["name"], r["place"]) for r in out["ranking"]] == [
        ("Alice", 1), ("Bruno", 1), ("Chloé", 3)]
    assert out["winners"] == ["Alice", "Bruno"]


def test_low_wins_with_the_lowest_total() -> None:
    out = play({**TRIO, "winner": "low"}, rnd(Alice=5, Bruno=-3, Chloé=1), {"type": "end"})
    assert out["winners"] == ["Bruno"]
    assert [r["place"] for r in out["ranking"]] == [1, 2, 3]


def test_no_winner_until_the_end_but_leaders() -> None:
    out = play(TRIO, rnd(Alice=5))
    assert out["winners"] == [] and out["leaders"] == ["Alice"] and not out["finished"]


def test_target_ends_at_the_round_that_reaches_it_and_ties_there_share() -> None:
    setup = {**TRIO, "target": 100}
    state = replay("libre", setup, [rnd(Alice=60, Bruno=90), rnd(Alice=50, Bruno=20)])
    out = state.summary()
    assert out["finished"] and out["ended_by"] == "target"
    assert out["winners"] == ["Alice", "Bruno"]  # 110 and 110 reached together
    with pytest.raises(RuleError, match="terminée"):
        state.apply(rnd(Alice=1))


def test_low_target_the_lowest_wins_when_someone_reaches_the_limit() -> None:
    out = json.loads((EXAMPLES / "libre-equipes-au-plus-bas.json").read_text(encoding="utf-8"))
    summary = replay("libre", out["setup"], out["events"]).summary()
    assert summary["scores"] == {"Nord-Sud": 104, "Est-Ouest": 36}
    assert summary["winners"] == ["Est-Ouest"]
    assert summary["winning_players"] == ["Bruno", "David"]


def test_teams_are_the_competitors() -> None:
    setup = {**TRIO, "players": ["A", "B", "C", "D"], "teams": {"Rouge": ["A", "C"],
                                                                  "Bleu": ["B", "D"]}}
    out = play(setup, rnd(Rouge=3, Bleu=7), {"type": "end"})
    assert out["competitors"] == ["Rouge", "Bleu"]
    assert out["winners"] == ["Bleu"] and out["winning_players"] == ["B", "D"]
    with pytest.raises(InvalidEvent, match="équipe inconnue « A »"):
        play(setup, rnd(A=3))


def test_fixed_rounds_end_by_themselves() -> None:
    out = play({**TRIO, "rounds": 2}, rnd(Alice=1), rnd(Bruno=2))
    assert out["finished"] and out["ended_by"] == "rounds" and out["winners"] == ["Bruno"]


def test_the_documented_example_with_undo_and_correction() -> None:
    log = json.loads((EXAMPLES / "libre-skull-king.json").read_text(encoding="utf-8"))
    out = replay("libre", log["setup"], log["events"]).summary()
    assert out["scores"] == {"Alice": 70, "Bruno": 70, "Chloé": 60}
    assert out["winners"] == ["Alice", "Bruno"] and out["ended_by"] == "rounds"


@pytest.mark.parametrize(("setup", "words"), [
    ({**TRIO, "target": 100, "rounds": 3}, "pas les deux"),
    ({**TRIO, "players": []}, "players"),
    ({**TRIO, "players": [f"J{i}" for i in range(21)]}, "1 à 20 joueurs"),
    ({**TRIO, "players": ["Alice", "alice"]}, "distinct"),
    ({**TRIO, "name": " "}, "nom du jeu"),
    ({**TRIO, "winner": "max"}, "high"),
    ({**TRIO, "target": 0}, "target"),
    ({**TRIO, "rounds": 2.5}, "rounds"),
    ({**TRIO, "teams": {"Rouge": ["Alice"], "Bleu": ["Bruno"]}}, "une équipe et une seule"),
    ({**TRIO, "teams": {"Rouge": ["Zoé"]}}, "joueur inconnu"),
    ({**TRIO, "players": [f"J{i}" for i in range(22)],
      "teams": {f"T{i}": [f"J{i}"] for i in range(22)}}, "1 à 20 équipes"),
])
def test_a_bad_setup_is_refused_in_french(setup: dict[str, Any], words: str) -> None:
    with pytest.raises(RuleError, match=words):
        engine_for("libre").new_state(setup)


def test_a_single_player_is_a_game() -> None:
    assert play({**TRIO, "players": ["Solo"]}, rnd(Solo=3), {"type": "end"})["winners"] == [
        "Solo"]


@pytest.mark.parametrize(("event", "words"), [
    (rnd(Zoé=3), "joueur inconnu « Zoé »"),
    ({"type": "round", "scores": {"Alice": 2.5}}, "nombre entier"),
    ({"type": "round", "scores": {"Alice": True}}, "nombre entier"),
    ({"type": "round", "scores": {"Alice": "3"}}, "nombre entier"),
    ({"type": "round", "scores": [3, 4]}, "scores"),
    ({"type": "round", "scores": {"Alice": 10**10}}, "milliard"),
    ({"type": "round", "scores": {}, "bonus": 1}, "champ inconnu"),
    ({"type": "deal"}, "type d'événement inconnu"),
    ({"type": "end", "why": "tard"}, "aucun autre champ"),
])
def test_a_bad_round_is_refused_and_changes_nothing(event: dict[str, Any], words: str) -> None:
    state = replay("libre", TRIO, [rnd(Alice=1)])
    before = json.dumps(state.summary())
    with pytest.raises(RuleError, match=words):
        state.apply(event)
    assert json.dumps(state.summary()) == before


def test_end_before_any_round_and_round_after_the_end_are_refused() -> None:
    state = engine_for("libre").new_state(TRIO)
    with pytest.raises(RuleError, match="aucune manche"):
        state.apply({"type": "end"})
    state.apply(rnd(Alice=1))
    state.apply({"type": "end"})
    with pytest.raises(RuleError, match="terminée"):
        state.apply(rnd(Alice=1))


PLAYERS = TRIO["players"]
scores_st = st.dictionaries(st.sampled_from(PLAYERS), st.integers(-500, 500), max_size=3)
meta_st = st.one_of(
    st.builds(lambda s: ("round", s), scores_st),
    st.just(("undo", None)),
    st.builds(lambda i, s: ("correct", (i, s)), st.integers(0, 40), scores_st),
    st.builds(lambda i: ("retract", i), st.integers(0, 40)),
)


@settings(max_examples=150, deadline=None, derandomize=True)
@given(st.lists(meta_st, max_size=25))
def test_totals_are_the_sums_of_the_effective_rounds(steps: list[tuple[str, Any]]) -> None:
    """Build a log as the app would (a meta-event is written only if the log still replays),
    then check the replayed totals against the rounds the resolved log keeps."""
    raw: list[dict[str, Any]] = []
    for kind, arg in steps:
        if kind == "round":
            line: dict[str, Any] = rnd(**arg)
        elif kind == "undo":
            line = {"type": "undo"}
        elif kind == "correct":
            line = {"type": "correct", "index": arg[0], "event": rnd(**arg[1])}
        else:
            line = {"type": "retract", "index": arg}
        try:
            replay("libre", TRIO, raw + [line])
        except InvalidEvent:
            continue
        raw.append(line)
    effective = [entry.event for entry in resolve(raw)]
    out = replay("libre", TRIO, raw).summary()
    for player in PLAYERS:
        assert out["scores"][player] == sum(e["scores"].get(player, 0) for e in effective)
    assert len(out["rounds"]) == len(effective)
    if out["history"]:
        assert out["history"][-1] == out["scores"]


def test_companion_replay_and_games_include_it() -> None:
    path = EXAMPLES / "libre-skull-king.json"
    done = subprocess.run([sys.executable, "-m", "companion", "replay", str(path)],
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["scores"]["Chloé"] == 60
    listed = subprocess.run([sys.executable, "-m", "companion", "games", "--format", "json"],
                            capture_output=True, text=True, check=False)
    rows = {row["id"]: row for row in json.loads(listed.stdout)}
    assert rows["libre"]["title"] == "Autre jeu" and rows["libre"]["players"] == "1-20"


def test_the_pages_texts_and_the_rules_a_name_remembers() -> None:
    from companion.games.libre.board import describe, remembered_rules, rules_line

    assert describe(rnd(Alice=20, Bruno=-10)) == "Manche : Alice +20, Bruno -10"
    assert describe({"type": "end"}) == "Fin de partie décidée par la table"
    assert rules_line(play({**TRIO, "winner": "low", "rounds": 3}, rnd(Alice=1))) == (
        "le plus bas total gagne · en 3 manches")
    known = remembered_rules([
        {**TRIO, "name": "Skull King", "target": 100},
        {**TRIO, "name": "skull  king", "rounds": 10, "teams": {"X": ["Alice"]}},
        {**TRIO, "name": "Uno", "winner": "low"}])
    assert known == {"skull king": {"name": "skull  king", "winner": "high", "rounds": 10},
                     "uno": {"name": "Uno", "winner": "low"}}
