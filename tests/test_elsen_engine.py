"""ELSEN's engine against the rules (elsen.txt): the worked example, the tables, the turn's
order, the settings and every victory condition."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.core.engine import InvalidEvent, replay
from companion.core.errors import RuleError
from companion.games.elsen.engine import ENGINE, ElsenState
from companion.games.elsen.setup import (
    check_special_roles,
    deck,
    elsen_data,
    parse_setup,
    random_deal,
)

EXAMPLE = {"Jean": "saboteur", "Paul": "faineant", "Pierre": "travailleur",
           "Marie": "policier", "Julie": "voyante"}
MR, GHOST = "action-mission-reussie", "action-mission-reussie-fantome"


def start(roles: dict[str, str], **setup: Any) -> ElsenState:
    specials = [r for r in roles.values() if r not in ("saboteur", "passager")]
    state = ENGINE.new_state({"players": list(roles), "special_roles": specials, **setup})
    state.apply({"type": "deal", "method": "cards", "roles": roles})
    state.apply({"type": "recognition"})
    return state


def mission(state: ElsenState, team: list[str], cards: list[str], **extra: Any) -> None:
    state.apply({"type": "mission", "team": team, "cards": cards, **extra})


def refused(state: ElsenState, team: list[str], cards: list[str], **extra: Any) -> RuleError:
    before = state.summary()
    with pytest.raises(RuleError) as err:
        mission(state, team, cards, **extra)
    assert state.summary() == before
    return err.value


def quiet_night(state: ElsenState, victim: str | None = None, protect: str | None = None) -> None:
    """Walk the night's remaining steps with harmless choices."""
    while state.phase == "night":
        step = state.next_step()
        if step == "protect":
            state.apply({"type": "protect", "target": protect or state.aboard[0]})
        elif step == "kill":
            state.apply({"type": "kill", "victim": victim or next(
                p for p in state.aboard if state.alive[p] and p != protect)})
        elif step == "seer":
            state.apply({"type": "seer", "target": state.aboard[0]})
        else:
            state.apply({"type": "dawn"})


def no_vote(state: ElsenState) -> None:
    state.apply({"type": "vote", "target": None, "votes": 0})


# --- the rules' worked example (golden) -------------------------------------------------------


def test_worked_example_day_night_and_vote() -> None:
    state = start(EXAMPLE)
    assert state.first_player == "Jean"
    mission(state, ["Jean", "Paul", "Pierre"],
            ["action-elimination", "action-faineant", "action-travailleur"])
    last = state.missions[-1]
    assert (last["added"], last["progress"], last["missing"]) == (2.5, 2.5, 0.5)
    assert not last["completed"] and last["kill_due"] and last["violations"] == []
    # the night in the rules' order: Policier, saboteur (an Élimination came out), Voyante
    assert state.night_steps == ["protect", "kill", "seer", "dawn"]
    state.apply({"type": "protect", "target": "Julie"})
    state.apply({"type": "kill", "victim": "Marie"})
    assert state.alive["Marie"] is False
    state.apply({"type": "seer", "target": "Pierre"})
    assert state.nights[-1]["seer_alive"] is True
    state.apply({"type": "dawn"})
    # « ils décident de ne pas voter ce tour »
    no_vote(state)
    assert state.excluded == [] and state.turn == 2 and state.first_player == "Paul"
    assert state.progress == 5 and state.winner is None


def test_worked_example_replays_from_its_log() -> None:
    events = [{"type": "deal", "method": "cards", "roles": EXAMPLE}, {"type": "recognition"},
              {"type": "mission", "team": ["Jean", "Paul", "Pierre"],
               "cards": ["action-elimination", "action-faineant", "action-travailleur"]},
              {"type": "protect", "target": "Julie"}, {"type": "kill", "victim": "Marie"},
              {"type": "seer", "target": "Pierre"}, {"type": "dawn"}]
    state = replay("elsen", {"players": list(EXAMPLE),
                             "special_roles": ["voyante", "policier", "travailleur", "faineant"]},
                   events)
    assert state.summary()["alive"]["Marie"] is False and state.phase == "vote"


def test_protected_player_survives_the_kill() -> None:
    state = start(EXAMPLE)
    mission(state, ["Jean", "Paul", "Pierre"],
            ["action-elimination", "action-faineant", "action-travailleur"])
    state.apply({"type": "protect", "target": "Julie"})
    state.apply({"type": "kill", "victim": "Julie"})
    assert state.alive["Julie"] and state.nights[-1]["survived"]


# --- tables -----------------------------------------------------------------------------------

TOKENS = {5: 3, 6: 3, 7: 4, 8: 4, 9: 5, 10: 5, 11: 5, 12: 6, 13: 6, 14: 6, 15: 7}
SABOTEURS = {5: 1, 6: 1, 7: 1, 8: 2, 9: 2, 10: 2, 11: 2, 12: 2, 13: 3, 14: 3, 15: 3}


@pytest.mark.parametrize("n", range(5, 16))
def test_tables_and_random_deal_for_every_player_count(n: int) -> None:
    data = elsen_data()
    names = [f"J{i}" for i in range(n)]
    setup = parse_setup(data, {"players": names})
    state = ENGINE.new_state({"players": names})
    state.apply(random_deal(data, setup, seed=n))
    roles = list(state.roles.values())
    assert roles.count("saboteur") == SABOTEURS[n]
    assert state.needed == TOKENS[n]
    for special in data.default_special_roles[n]:
        assert roles.count(special) == 1
    assert roles.count("passager") == n - SABOTEURS[n] - len(data.default_special_roles[n])


@pytest.mark.parametrize("n", [4, 16])
def test_player_count_outside_5_to_15_is_refused(n: int) -> None:
    with pytest.raises(RuleError):
        ENGINE.new_state({"players": [f"J{i}" for i in range(n)]})


def test_special_roles_at_most_once_and_room_for_saboteurs() -> None:
    data = elsen_data()
    with pytest.raises(RuleError, match="au plus une fois"):
        check_special_roles(data, 6, ["voyante", "voyante"])
    with pytest.raises(RuleError, match="places"):
        check_special_roles(data, 5, ["voyante", "policier", "travailleur", "faineant",
                                      "docteur"])
    with pytest.raises(RuleError, match="inconnu"):
        check_special_roles(data, 8, ["saboteur"])


def test_a_deal_must_be_the_chosen_deck() -> None:
    roles = dict(EXAMPLE, Marie="saboteur")
    state = ENGINE.new_state({"players": list(EXAMPLE),
                              "special_roles": ["voyante", "policier", "travailleur",
                                                "faineant"]})
    with pytest.raises(RuleError, match="paquet"):
        state.apply({"type": "deal", "method": "cards", "roles": roles})
    assert state.phase == "deal" and state.roles == {}


@given(st.integers(min_value=5, max_value=15), st.integers(min_value=0, max_value=2**32))
@settings(max_examples=60, deadline=None)
def test_random_deal_always_deals_the_deck(n: int, seed: int) -> None:
    data = elsen_data()
    setup = parse_setup(data, {"players": [f"P{i}" for i in range(n)]})
    event = random_deal(data, setup, seed)
    assert sorted(event["roles"].values()) == sorted(deck(data, setup).elements())
    assert event == random_deal(data, setup, seed)  # seeded: the same log replays


# --- the turn's order -------------------------------------------------------------------------


def test_events_out_of_order_are_refused_without_trace() -> None:
    state = start(EXAMPLE)
    with pytest.raises(RuleError):
        state.apply({"type": "vote", "target": None, "votes": 0})
    mission(state, ["Jean", "Paul", "Pierre"], [MR, "action-faineant", MR])
    with pytest.raises(RuleError):  # the Policier comes before anything else
        state.apply({"type": "seer", "target": "Pierre"})
    assert state.night_steps == ["protect", "seer", "dawn"]  # no kill due: no Élimination


def test_team_of_at_least_three_aboard_and_one_card_each() -> None:
    state = start(EXAMPLE)
    with pytest.raises(RuleError, match="au moins 3 joueurs "):
        mission(state, ["Jean", "Paul"], [MR, "action-faineant"])
    with pytest.raises(RuleError, match="chaque"):
        mission(state, ["Jean", "Paul", "Pierre"], [MR, "action-faineant"])
    with pytest.raises(RuleError, match="inconnue"):
        mission(state, ["Jean", "Paul", "Pierre"], [MR, "action-faineant", "sabotage"])
    assert state.missions == []


def test_sabotage_resets_unless_ingenieur_and_single_use() -> None:
    roles = {"A": "saboteur", "B": "ingenieur", "C": "passager", "D": "passager",
             "E": "passager", "F": "docteur"}
    state = start(roles)
    mission(state, ["A", "C", "D"], [MR, MR, MR])  # 3 tokens of 3: mission 1 won
    assert state.missions_won == 1 and state.progress == 0
    quiet_night(state)
    no_vote(state)
    mission(state, ["B", "C", "D"], [MR, MR, "action-ingenieur"])  # 2 tokens
    quiet_night(state)
    no_vote(state)
    # « Usage unique »: a second Ingénieur card is impossible, refused by default...
    err = refused(state, ["A", "B", "C"], ["action-sabotage", "action-ingenieur", MR])
    assert "usage unique" in err.reason and "forcer" in err.reason
    # ... and forced by the host, it has no effect: the sabotage lands (registre ELS-16)
    mission(state, ["A", "B", "C"], ["action-sabotage", "action-ingenieur", MR],
            forcer="l'Ingénieur a posé sa carte une seconde fois, vu par toute la table")
    last = state.missions[-1]
    assert last["sabotaged"] and not last["repaired"] and state.progress == 0
    assert state.missions_won == 1
    assert last["forced"].startswith("l'Ingénieur a posé")
    assert [v["cards"] for v in last["violations"]] == [["action-ingenieur"]]
    quiet_night(state)
    no_vote(state)
    mission(state, ["A", "C", "D"], ["action-sabotage", MR, MR])
    assert state.missions[-1]["sabotaged"] and state.progress == 0


def test_elimination_cancelled_by_docteur_and_forced_kill_on_turn_5() -> None:
    roles = {"A": "saboteur", "B": "docteur", "C": "passager", "D": "passager",
             "E": "passager", "F": "policier"}
    state = start(roles)
    mission(state, ["A", "B", "C"], ["action-elimination", "action-docteur", MR])
    assert state.missions[-1]["healed"] and "kill" not in state.night_steps
    quiet_night(state)
    no_vote(state)
    for _ in range(3):
        mission(state, ["C", "D", "E"], [MR, MR, MR])
        quiet_night(state)
        no_vote(state)
    assert state.turn == 5 and state.missions_won == 3
    mission(state, ["A", "C", "D"], [MR, MR, "action-sabotage"])
    assert "kill" in state.night_steps  # turn 5: the saboteurs kill whatever happened


def test_the_dead_play_only_the_ghost_card_and_fill_the_ghost_ladder() -> None:
    roles = dict(EXAMPLE)
    state = start(roles, settings={"ghost_mission_reward": "one_token"})
    mission(state, ["Jean", "Paul", "Pierre"],
            ["action-elimination", "action-faineant", MR])
    state.apply({"type": "protect", "target": "Julie"})
    state.apply({"type": "kill", "victim": "Marie"})
    quiet_night(state)
    no_vote(state)
    err = refused(state, ["Marie", "Julie", "Paul"], [MR, MR, "action-faineant"])
    assert "Marie" in err.reason and "fantôme" in err.reason
    mission(state, ["Marie", "Julie", "Paul"], [MR, MR, "action-faineant"],
            forcer="Marie ne savait pas encore qu'elle était morte")
    reasons = [v["reason"] for v in state.missions[-1]["violations"]]
    assert any("Marie" in r and "fantôme" in r for r in reasons)
    quiet_night(state)
    no_vote(state)
    mission(state, ["Marie", "Julie", "Pierre"], [GHOST, MR, MR])
    last = state.missions[-1]
    assert last["violations"] == [] and last["ghost_progress"] == 1


@pytest.mark.parametrize("reward,bonus", [("one_token", 1), ("complete_mission", None),
                                          ("none", 0)])
def test_ghost_mission_reward_setting(reward: str, bonus: float | None) -> None:
    from companion.games.elsen.checker import Member
    from companion.games.elsen.mission import resolve

    data = elsen_data()
    team = [Member("a", "passager", False), Member("b", "passager", False),
            Member("c", "passager", True)]
    result = resolve(data, 5, 0, 1, team, ["mission-reussie-fantome"] * 2 + ["mission-reussie"],
                     reward)
    assert result.ghost_completed and result.ghost_progress == 0
    if bonus is None:
        assert result.completed
    else:
        assert result.progress == 2 * (1 + bonus) and not result.completed


# --- vote ---------------------------------------------------------------------------------


@pytest.mark.parametrize("threshold,votes,excluded", [
    ("strict_majority", 2, False), ("strict_majority", 3, True),
    ("at_least_half", 2, False), ("at_least_half", 3, True)])
def test_vote_threshold_setting_five_players(threshold: str, votes: int, excluded: bool) -> None:
    state = start(EXAMPLE, settings={"vote_threshold": threshold})
    mission(state, ["Pierre", "Paul", "Julie"], [MR, "action-faineant", MR])
    quiet_night(state)
    state.apply({"type": "vote", "target": "Pierre", "votes": votes})
    assert (state.excluded == ["Pierre"]) is excluded


def test_vote_threshold_differs_on_an_even_count() -> None:
    roles = {"A": "saboteur", "B": "passager", "C": "passager", "D": "passager",
             "E": "passager", "F": "passager"}
    for threshold, expected in (("strict_majority", []), ("at_least_half", ["B"])):
        state = start(roles, settings={"vote_threshold": threshold})
        mission(state, ["B", "C", "D"], [MR, MR, MR])
        quiet_night(state)
        state.apply({"type": "vote", "target": "B", "votes": 3})  # 3 of 6 = 50 %
        assert state.excluded == expected


def test_excluded_player_leaves_and_first_token_skips_them() -> None:
    state = start(EXAMPLE)
    mission(state, ["Pierre", "Paul", "Julie"], [MR, "action-faineant", MR])
    quiet_night(state)
    state.apply({"type": "vote", "target": "Paul", "votes": 4})
    assert state.first_player == "Pierre"  # Jean -> Paul is out -> Pierre
    assert state.public()["excluded"] == ["Paul"] and "roles" not in state.public()
    with pytest.raises(RuleError, match="exclu"):
        mission(state, ["Paul", "Pierre", "Julie"], [MR, MR, MR])


def test_bad_votes_are_refused() -> None:
    state = start(EXAMPLE)
    mission(state, ["Pierre", "Paul", "Julie"], [MR, "action-faineant", MR])
    quiet_night(state)
    for votes in (-1, 6, "3", True):
        with pytest.raises(RuleError):
            state.apply({"type": "vote", "target": "Paul", "votes": votes})
    with pytest.raises(RuleError):
        state.apply({"type": "vote", "target": None, "votes": 2})
    assert state.phase == "vote" and state.votes == []


# --- victory ------------------------------------------------------------------------------


def test_passengers_win_when_every_saboteur_is_excluded() -> None:
    state = start(EXAMPLE)
    mission(state, ["Pierre", "Paul", "Julie"], [MR, "action-faineant", MR])
    quiet_night(state)
    state.apply({"type": "vote", "target": "Jean", "votes": 4})
    assert state.winner == "passagers" and state.phase == "over"
    assert state.turn == 1  # the game ended in turn 1: the public view said « Tour 2 / 10 »
    with pytest.raises(RuleError, match="terminée"):
        mission(state, ["Pierre", "Paul", "Julie"], [MR, "action-faineant", MR])


def test_passengers_win_with_five_missions() -> None:
    roles = {"A": "saboteur", "B": "passager", "C": "passager", "D": "passager",
             "E": "passager"}
    state = start(roles)
    for _ in range(5):
        assert state.winner is None
        mission(state, ["B", "C", "D"], [MR, MR, MR])
        if state.phase == "over":
            break
        quiet_night(state)
        no_vote(state)
    assert state.winner == "passagers" and state.missions_won == 5
    assert "5 missions" in state.win_reason


def test_saboteurs_win_when_every_passenger_is_out() -> None:
    roles = {"A": "saboteur", "B": "passager", "C": "passager", "D": "passager",
             "E": "passager"}
    state = start(roles)
    for team, victim, excluded in ((["A", "B", "C"], "B", "C"), (["A", "D", "E"], "D", None)):
        mission(state, team, ["action-elimination", MR, MR])
        state.apply({"type": "kill", "victim": victim})
        state.apply({"type": "dawn"})
        state.apply({"type": "vote", "target": excluded, "votes": 3 if excluded else 0})
        assert state.winner is None
    mission(state, ["A", "B", "E"], ["action-elimination", GHOST, MR])
    state.apply({"type": "kill", "victim": "E"})
    assert state.winner == "saboteurs" and state.phase == "over"


def test_saboteurs_win_when_turn_10_ends_short() -> None:
    state = start(EXAMPLE)
    for _ in range(10):
        mission(state, ["Jean", "Paul", "Julie"], ["action-sabotage", "action-faineant", MR])
        quiet_night(state, victim="Jean", protect="Jean")
        no_vote(state)
    assert state.winner == "saboteurs" and "10 tours" in state.win_reason
    assert state.turn == 10


@pytest.mark.parametrize(("won", "words"), [(0, "seulement 0 mission réussie"),
                                             (1, "seulement 1 mission réussie"),
                                             (2, "seulement 2 missions réussies")])
def test_the_saboteurs_win_reason_agrees_with_the_missions_won(won: int, words: str) -> None:
    state = start(EXAMPLE)
    for turn in range(10):
        if turn < won:
            mission(state, ["Pierre", "Marie", "Julie"], [MR, MR, MR])
        else:
            mission(state, ["Jean", "Paul", "Julie"], ["action-sabotage", "action-faineant", MR])
        quiet_night(state, victim="Jean", protect="Jean")
        no_vote(state)
    assert state.winner == "saboteurs" and state.missions_won == won
    assert state.win_reason == f"10 tours joués et {words}"


def test_a_refused_mission_counts_its_cards_and_members_in_french() -> None:
    state = start(EXAMPLE)
    team = ["Pierre", "Marie", "Julie"]
    assert str(refused(state, team, [MR])).startswith(
        "1 carte révélée pour 3 membres : chaque membre pose une carte")
    assert str(refused(state, team, [MR, MR])).startswith(
        "2 cartes révélées pour 3 membres : chaque membre pose une carte")
    assert state.missions == []


def test_replay_names_the_bad_event() -> None:
    with pytest.raises(InvalidEvent) as info:
        replay("elsen", {"players": list(EXAMPLE)}, [{"type": "recognition"}])
    assert info.value.index == 0


# --- issue 12: single use, several attacks, impossible cards refused unless forced ------------


def test_a_second_docteur_card_in_a_game_has_no_effect() -> None:
    """elsen.txt › cartes action: « Docteur : ... Usage unique, peut être utilisé pour rien si le
    saboteur n'a pas éliminé le même tour »: once spent, another Docteur card cancels nothing
    (registre ELS-16)."""
    roles = {"A": "saboteur", "B": "docteur", "C": "passager", "D": "passager",
             "E": "passager", "F": "policier"}
    state = start(roles)
    mission(state, ["B", "C", "D"], ["action-docteur", MR, MR])  # « pour rien »: spent
    assert state.used == {"docteur"}
    quiet_night(state)
    no_vote(state)
    refused(state, ["A", "B", "C"], ["action-elimination", "action-docteur", MR])
    mission(state, ["A", "B", "C"], ["action-elimination", "action-docteur", MR],
            forcer="carte posée devant tous")
    last = state.missions[-1]
    assert last["kill_due"] and not last["healed"] and "kill" in state.night_steps


@pytest.mark.parametrize("cards,sabotaged,kill_due", [
    (["action-sabotage", "action-sabotage", MR], True, False),
    (["action-sabotage", "action-sabotage", "action-ingenieur"], True, False),
    (["action-elimination", "action-elimination", MR], False, True),
    (["action-elimination", "action-elimination", "action-docteur"], False, True),
])
def test_several_sabotage_or_elimination_cards_in_one_mission(
        cards: list[str], sabotaged: bool, kill_due: bool) -> None:
    """elsen.txt › cartes action: the Ingénieur « empêche un sabotage », the Docteur « empêche
    une élimination »: one counter card stops one attack card; several Sabotages reset the
    mission once, several Éliminations give one kill that night (registre ELS-18)."""
    from companion.games.elsen.checker import Member
    from companion.games.elsen.mission import resolve

    data = ENGINE.new_state({"players": list("ABCDEFGH")}).data
    team = [Member("A", "saboteur", True), Member("B", "saboteur", True),
            Member("C", "ingenieur" if "action-ingenieur" in cards else "docteur", True)]
    result = resolve(data, 8, 4, 0, team, [c.removeprefix("action-") for c in cards], "none")
    assert result.violations == ()
    assert result.sabotaged is sabotaged and result.kill_due is kill_due
    assert result.progress == (0 if sabotaged else 4 + 2 * cards.count(MR))


def test_an_impossible_card_is_refused_and_a_forced_one_is_logged_with_its_reason() -> None:
    """elsen.txt › cartes action: « Sabotage : Cette carte peut être utilisée que par les
    saboteurs »: a Sabotage from a team without saboteur is refused; the host may force it with
    a reason, kept in the log and the summary (registre ELS-9)."""
    state = start(EXAMPLE)
    team = ["Paul", "Pierre", "Marie"]
    err = refused(state, team, ["action-sabotage", "action-travailleur", MR])
    assert "Sabotage" in err.reason and err.rule.endswith("Sabotage")
    for bad in ("", "   ", 3, None, "x" * 501):
        refused(state, team, ["action-sabotage", "action-travailleur", MR], forcer=bad)
    assert "rien à forcer" in refused(state, team, ["action-faineant", "action-travailleur", MR],
                                      forcer="au cas où").reason
    mission(state, team, ["action-sabotage", "action-travailleur", MR],
            forcer="carte tombée de la main de Jean")
    assert state.missions[-1]["forced"] == "carte tombée de la main de Jean"
    assert state.missions[-1]["sabotaged"]


@pytest.mark.parametrize("cards", [999, "action-sabotage", {"a": 1}, None, [999, MR, MR]])
def test_malformed_mission_cards_are_a_rule_error(cards: object) -> None:
    """Fuzzing found `cards: 999` raising a TypeError in replay, import and the store."""
    state = start(EXAMPLE)
    before = state.summary()
    with pytest.raises(RuleError):
        state.apply({"type": "mission", "team": ["Jean", "Paul", "Pierre"], "cards": cards})
    assert state.summary() == before
