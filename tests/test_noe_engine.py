"""The Noé match engine against the rules: one announcement per player and manche, the player
left alone scores 0, the Complot à l'Élysée ends the manche, false announcements, the rotating
dealer, the end of the match at 400 (noe-complot-a-l-elysee.txt; docs/register/noe.md)."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.core.engine import InvalidEvent, replay
from companion.core.errors import RuleError
from companion.events.store import EventStore
from companion.games.noe.engine import ENGINE
from companion.games.noe.hand import announcement

PLAYERS = ["Alice", "Bruno", "Chloé", "Driss"]
POINTS = {a: announcement(a).points for a in ("complot", "six-duron", "plan-etare",
                                               "cinq-alphas", "complot-elysee")}
PLAN_ETARE_HAND = ["pompiers-camille", "pompiers-clara", "pompiers-etienne",
                   "alphas-naomie", "senechales-rose", "espions-franck"]


def ann(player: str, announcement_id: str, manche: int = 1, **extra: Any) -> dict[str, Any]:
    return {"type": "announcement", "manche": manche, "player": player,
            "announcement": announcement_id, **extra}


def state(events: list[dict[str, Any]], players: list[str] = PLAYERS, **setup: Any) -> Any:
    return replay("noe", {"players": players, "level": 3, "target": 400, **setup}, events)


def test_a_valid_announcement_scores_its_points() -> None:
    s = state([ann("Bruno", "complot")])
    assert s.summary()["scores"] == {"Alice": 0, "Bruno": POINTS["complot"], "Chloé": 0,
                                     "Driss": 0}


def test_a_player_announces_at_most_once_per_manche() -> None:
    s = state([ann("Bruno", "complot")])
    with pytest.raises(RuleError, match="déjà annoncé"):
        s.apply(ann("Bruno", "plan-etare"))
    assert s.summary()["scores"]["Bruno"] == POINTS["complot"]


def test_the_player_left_alone_scores_zero_and_a_new_manche_opens() -> None:
    s = state([ann("Alice", "complot"), ann("Bruno", "six-duron"), ann("Chloé", "complot")])
    summary = s.summary()
    first = summary["manches"][0]
    assert first["ended_by"] == "seul" and first["points"]["Driss"] == 0
    assert summary["manche"] == 2


def test_dealer_rotates_clockwise_and_the_player_on_the_left_starts() -> None:
    s = state([], dealer="Chloé")
    assert s.summary()["dealer"] == "Chloé" and s.summary()["turn"] == "Driss"
    s.apply({"type": "end_manche", "manche": 1})
    assert s.summary()["dealer"] == "Driss" and s.summary()["turn"] == "Alice"


def test_turn_passes_to_the_next_player_still_in_play() -> None:
    s = state([ann("Alice", "complot")])
    assert s.summary()["turn"] == "Bruno"
    s.apply(ann("Chloé", "complot"))
    assert s.summary()["turn"] == "Driss"
    s.apply({"type": "false_announcement", "manche": 1, "player": "Driss"})
    assert s.summary()["turn"] == "Bruno"  # Alice and Chloé have laid down their hands


def test_elysee_ends_the_manche_players_without_points_get_zero() -> None:
    s = state([ann("Alice", "complot"), ann("Chloé", "complot-elysee")])
    first = s.summary()["manches"][0]
    assert first["ended_by"] == "elysee"
    assert first["points"] == {"Alice": POINTS["complot"], "Bruno": 0,
                               "Chloé": POINTS["complot-elysee"], "Driss": 0}
    with pytest.raises(RuleError, match="terminée"):
        s.apply(ann("Bruno", "complot"))


def test_no_elysee_once_every_other_player_has_announced() -> None:
    s = state([ann("Alice", "complot"), ann("Bruno", "complot"), ann("Chloé", "complot")])
    with pytest.raises(RuleError, match="plus personne à attaquer") as refused:
        s.apply(ann("Driss", "complot-elysee", manche=1))
    assert "Élysée" in refused.value.rule


def test_false_announcement_scores_nothing_and_is_a_violation_with_its_rule() -> None:
    s = state([{"type": "false_announcement", "manche": 1, "player": "Bruno",
                "announcement": "complot"}])
    summary = s.summary()
    assert summary["scores"]["Bruno"] == 0
    (violation,) = summary["violations"]
    assert violation["player"] == "Bruno" and "Démarrage du jeu" in violation["rule"]
    s.apply(ann("Bruno", "complot"))  # the player is still in play
    assert s.summary()["scores"]["Bruno"] == POINTS["complot"]


def test_announcement_checked_against_the_hand() -> None:
    s = state([])
    with pytest.raises(RuleError, match="ne permet pas"):
        s.apply(ann("Bruno", "cinq-alphas", cards=PLAN_ETARE_HAND))
    with pytest.raises(RuleError, match="Attentat"):
        s.apply(ann("Bruno", "complot", cards=PLAN_ETARE_HAND[:5] + ["attentat-todorov"]))
    s.apply(ann("Alice", "plan-etare", cards=PLAN_ETARE_HAND))
    assert s.summary()["scores"]["Alice"] == POINTS["plan-etare"]


def test_level_two_hands_hold_no_mechant() -> None:
    hand = PLAN_ETARE_HAND[:5] + ["espion-rouge-olga"]
    assert state([ann("Alice", "plan-etare", cards=hand)]).summary()["scores"]["Alice"] == 50
    with pytest.raises(InvalidEvent, match="niveau 3"):
        state([ann("Alice", "plan-etare", cards=hand)], level=2)


def test_match_ends_at_the_target_equal_scores_share_the_win() -> None:
    events = [ann(p, "complot-elysee", m) for m, p in enumerate(["Alice", "Bruno"] * 3, 1)]
    events += [ann("Alice", "cinq-alphas", 7), ann("Bruno", "cinq-alphas", 7),
               {"type": "end_manche", "manche": 7},
               ann("Alice", "six-duron", 8), ann("Bruno", "six-duron", 8),
               {"type": "end_manche", "manche": 8}]
    s = state(events[:-1])
    assert not s.summary()["finished"] and s.summary()["winners"] == []
    s.apply(events[-1])
    summary = s.summary()
    assert summary["finished"] and summary["scores"]["Alice"] == summary["scores"]["Bruno"]
    assert summary["scores"]["Alice"] >= 400 and summary["manche"] == 8
    assert summary["winners"] == ["Alice", "Bruno"] and summary["turn"] is None
    with pytest.raises(RuleError, match="terminée"):
        s.apply(ann("Chloé", "complot", 9))


def test_the_highest_score_wins_when_several_pass_the_target() -> None:
    events = [ann(p, "complot-elysee", m) for m, p in enumerate(["Alice", "Bruno"] * 3, 1)]
    events += [ann("Alice", "cinq-alphas", 7), ann("Bruno", "cinq-alphas", 7),
               {"type": "end_manche", "manche": 7},
               ann("Alice", "six-duron", 8), ann("Bruno", "complot-elysee", 8)]
    summary = state(events).summary()
    assert summary["finished"] and summary["winners"] == ["Bruno"]
    assert summary["scores"]["Alice"] >= 400 and summary["scores"]["Bruno"] >= 400


@pytest.mark.parametrize(("setup", "words"), [
    ({"players": ["Solo"]}, "2 à 6"),
    ({"players": [f"J{i}" for i in range(7)]}, "2 à 6"),
    ({"players": ["Anne", "anne"]}, "distinct"),
    ({"players": ["Anne", " "]}, "distinct"),
    ({"players": ["Anne", "Bob"], "level": 4}, "niveau"),
    ({"players": ["Anne", "Bob"], "target": 0}, "target"),
    ({"players": ["Anne", "Bob"], "dealer": "Zoé"}, "donneur"),
])
def test_bad_setups(setup: dict[str, Any], words: str) -> None:
    with pytest.raises(RuleError, match=words):
        ENGINE.new_state(setup)


@pytest.mark.parametrize(("event", "words"), [
    ({"type": "tirage", "manche": 1}, "inconnu"),
    ({"type": "announcement", "player": "Alice", "announcement": "complot"}, "manche"),
    (ann("Zoé", "complot"), "joueur inconnu"),
    (ann("Alice", "sept-familles"), "annonce inconnue"),
    (ann("Alice", "complot", manche=3), "inconnue"),
    (ann("Alice", "complot", cards="pompiers"), "liste"),
    (ann("Alice", "complot", cards=PLAN_ETARE_HAND[:5]), "6 cartes"),
    ([1, 2], "objet"),
])
def test_events_that_do_not_fit_change_nothing(event: Any, words: str) -> None:
    s = state([ann("Bruno", "complot")])
    before = copy.deepcopy(s.summary())
    with pytest.raises(RuleError, match=words):
        s.apply(event)
    assert s.summary() == before


def test_the_store_refuses_a_second_announcement_and_writes_nothing(tmp_path: Any) -> None:
    store = EventStore(tmp_path / "g.sqlite3")
    code = store.create("noe", {"players": PLAYERS, "level": 1, "target": 400})
    seq = store.append(code, ann("Alice", "complot"), 0)
    with pytest.raises(RuleError, match="déjà annoncé"):
        store.append(code, ann("Alice", "complot"), seq)
    assert store.load(code).seq == seq


# --- properties --------------------------------------------------------------------------------

EVENT_KINDS = ["complot", "six-duron", "plan-etare", "complot-elysee", "false", "end"]


@st.composite
def attempts(draw: st.DrawFn) -> tuple[list[str], list[tuple[str, str, int]]]:
    players = PLAYERS[: draw(st.integers(2, len(PLAYERS)))]
    moves = draw(st.lists(st.tuples(st.sampled_from(players), st.sampled_from(EVENT_KINDS),
                                    st.integers(-1, 0)), max_size=60))
    return players, moves


def _event(player: str, kind: str, manche: int) -> dict[str, Any]:
    if kind == "false":
        return {"type": "false_announcement", "manche": manche, "player": player}
    if kind == "end":
        return {"type": "end_manche", "manche": manche}
    return ann(player, kind, manche)


@settings(max_examples=150, deadline=None)
@given(attempts())
def test_replay_of_the_accepted_log_equals_the_live_state(case: Any) -> None:
    players, moves = case
    setup = {"players": players, "level": 3, "target": 400}
    live = ENGINE.new_state(setup)
    accepted: list[dict[str, Any]] = []
    for player, kind, offset in moves:
        event = _event(player, kind, live.summary()["manche"] + offset)
        before = live.summary()
        try:
            live.apply(event)
        except RuleError:
            assert live.summary() == before  # refused: nothing changed
            continue
        accepted.append(event)
    assert replay("noe", setup, accepted).summary() == live.summary()
    # scores come only from valid announcements
    expected = {p: 0 for p in players}
    for event in accepted:
        if event["type"] == "announcement":
            expected[event["player"]] += POINTS[event["announcement"]]
    assert live.summary()["scores"] == expected
    # at most one announcement per player and manche
    for m in live.summary()["manches"]:
        assert sum(1 for e in accepted if e["type"] == "announcement"
                   and e["manche"] == m["number"]) == len(m["announcements"])


@settings(max_examples=15, deadline=None)
@given(attempts())
def test_a_stored_game_replays_to_the_live_state(tmp_path_factory: Any, case: Any) -> None:
    players, moves = case
    setup = {"players": players, "level": 3, "target": 400}
    store = EventStore(tmp_path_factory.mktemp("noe") / "g.sqlite3")
    code = store.create("noe", setup)
    live = ENGINE.new_state(setup)
    seq = 0
    for player, kind, offset in moves[:25]:
        event = _event(player, kind, live.summary()["manche"] + offset)
        try:
            live.apply(event)
        except RuleError:
            with pytest.raises(RuleError):
                store.append(code, event, seq)
            continue
        seq = store.append(code, event, seq)
    exported = store.export(code)
    assert store.load(code).state.summary() == live.summary()
    assert replay("noe", exported["setup"], exported["events"]).summary() == live.summary()


# --- contrôles and descentes in the log (issue 12) --------------------------------------------


def control(player: str, target: str, by: list[str], defence: str | None,
            manche: int = 1) -> dict[str, Any]:
    return {"type": "control", "manche": manche, "player": player, "target": target, "by": by,
            "defence": defence}


def test_controls_and_descentes_are_events_of_the_log() -> None:
    """noe-complot-a-l-elysee.txt › Niveau 2: « Nous pouvons positionner la carte Enquêteurs face
    à un adversaire »; « Si nous sommes contrôlés par une carte Enquêteurs, nous pouvons nous
    défendre à l'aide d'une carte État Major » of a strictly higher grade; for a descente, « le
    plus gradé des trois ». Each control is written, with its outcome (registre NOE-14)."""
    s = state([
        control("Alice", "Bruno", ["enqueteurs-arthur"], "etat-major-sarah"),  # blocked
        control("Bruno", "Chloé", ["enqueteurs-max"], "etat-major-sarah"),  # Max > Sarah
        control("Chloé", "Driss", ["enqueteurs-amelie"], None),  # shows nothing
        control("Driss", "Alice", ["enqueteurs-clara", "enqueteurs-henri", "enqueteurs-emma"],
                "etat-major-henri"),  # same grade: allowed (NOE-4)
    ])
    controls = s.summary()["controls"]
    assert [(c["player"], c["target"], c["kind"], c["outcome"]) for c in controls] == [
        ("Alice", "Bruno", "controle", "bloqué"), ("Bruno", "Chloé", "controle", "saisie"),
        ("Chloé", "Driss", "controle", "saisie"), ("Driss", "Alice", "descente", "saisie")]
    assert controls[2]["defence"] is None and "ne montre aucune" in controls[2]["reason"]
    assert s.summary()["turn"] == "Alice"  # after Driss's turn


@pytest.mark.parametrize(("event", "said"), [
    (control("Alice", "Bruno", ["archange-noe"], None), "joker"),
    (control("Alice", "Bruno", ["etat-major-noe"], None), "pas une carte Enquêteur"),
    (control("Alice", "Alice", ["enqueteurs-max"], None), "adversaire"),
    (control("Alice", "Zoé", ["enqueteurs-max"], None), "adversaire"),
    (control("Alice", "Bruno", ["enqueteurs-max", "enqueteurs-noe"], None), "descente"),
    (control("Alice", "Bruno", "enqueteurs-max", None), "by"),  # type: ignore[arg-type]
    (control("Alice", "Bruno", [["enqueteurs-max"]], None), "by"),  # type: ignore[list-item]
    (control("Alice", "Bruno", ["enqueteurs-max"], ["x"]), "defence"),  # type: ignore[arg-type]
    (control("Alice", "Bruno", ["enqueteurs-max"], "enqueteurs-max"), "attaquer et défendre"),
    (control("Alice", "Bruno", ["enqueteurs-zorro"], None), "inconnue"),
])
def test_an_impossible_control_is_refused_and_nothing_written(event: dict[str, Any],
                                                             said: str) -> None:
    s = state([])
    before = s.summary()
    with pytest.raises(RuleError) as err:
        s.apply(event)
    assert said in err.value.reason and s.summary() == before


def test_controls_need_level_two_and_a_target_still_in_the_manche() -> None:
    """Niveau 2 adds the actions; a player who has laid down his hand has nothing to seize."""
    s = state([], level=1)
    with pytest.raises(RuleError, match="niveaux 2 et 3"):
        s.apply(control("Alice", "Bruno", ["enqueteurs-max"], None))
    s = state([ann("Bruno", "complot")])
    with pytest.raises(RuleError, match="déjà étalé"):
        s.apply(control("Alice", "Bruno", ["enqueteurs-max"], None))
