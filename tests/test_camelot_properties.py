"""Invariants over random legal games (hypothesis drives the seeds and the style of play):
the 110 cards are always all accounted for, totals follow the colour rule, a finished game has
exactly one winner, logs replay exactly, and the table's public view agrees with the simulation."""

from __future__ import annotations

import copy
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.core.engine import replay
from companion.core.errors import RuleError
from companion.games.camelot.cards import catalogue
from companion.games.camelot.engine import CamelotState
from companion.games.camelot.invariants import InvariantBroken, cards_in_play, check
from companion.games.camelot.simulate import playout

games = given(players=st.integers(2, 5), seed=st.integers(0, 2**32 - 1),
              action_rate=st.sampled_from([0.0, 0.3, 0.8, 1.0]))
fast = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@fast
@games
def test_every_event_keeps_the_invariants_and_the_game_ends_with_one_winner(
        players: int, seed: int, action_rate: float) -> None:
    game = playout(players, seed, check=check, action_rate=action_rate)
    s = game.state
    assert s.phase == "over"
    assert [p for p in range(s.n) if len(s.tokens[p]) >= s.goal] == [s.winner]
    assert len(cards_in_play(s)) == 110


@fast
@games
def test_a_log_replays_to_the_same_state(players: int, seed: int, action_rate: float) -> None:
    game = playout(players, seed, action_rate=action_rate)
    again = replay("camelot", game.setup, game.events)
    assert again.summary() == game.state.summary()
    assert isinstance(again, CamelotState) and again.hands == game.state.hands


def public(event: dict[str, Any]) -> dict[str, Any] | None:
    """What the table sees of a simulation event: no deal, no reshuffle, no hidden card."""
    if event["type"] in ("deal", "reshuffle"):
        return None
    return {k: v for k, v in event.items() if k != "taken"}


@fast
@games
def test_the_table_view_of_a_simulated_game_tracks_the_same_public_facts(
        players: int, seed: int, action_rate: float) -> None:
    game = playout(players, seed, action_rate=action_rate)
    table = CamelotState(dict(game.setup, mode="table"))
    sim = CamelotState(game.setup)
    for event in game.events:
        sim.apply(event)
        seen = public(event)
        if seen is not None:
            table.apply(seen)
            check(table)
            assert table.displays == sim.displays and table.colour == sim.colour
            assert [table.hand_count(p) for p in range(sim.n)] == [len(h) for h in sim.hands]
            assert table.pile_size() + len(table.discard) == len(sim.pile) + len(sim.discard)
    assert table.summary()["winner"] == sim.summary()["winner"]


def test_the_checker_catches_a_lost_card() -> None:
    game = playout(3, 7)
    s = game.state
    s.discard.pop()
    try:
        check(s)
    except InvariantBroken as exc:
        assert "110" in str(exc)
    else:
        raise AssertionError("a missing card went unnoticed")


def test_the_checker_catches_a_total_off_the_colour_rule() -> None:
    s = CamelotState({"players": ["Ana", "Bert"], "mode": "table"})
    s.apply({"type": "start", "player": 0, "colour": "vert"})
    s.apply({"type": "play", "player": 0, "card": "ecuyer-3"})
    check(s)
    s.total = lambda p: 3  # type: ignore[method-assign]  # green counts 1, not 3
    try:
        check(s)
    except InvariantBroken as exc:
        assert "couleurs" in str(exc)
    else:
        raise AssertionError("a wrong green total went unnoticed")


CARD_IDS = [*catalogue().cards, "joker"]
COLOURS = [*catalogue().colours, "noir"]


@st.composite
def any_event(draw: st.DrawFn) -> dict[str, Any]:
    """Any event a table might type, legal or not."""
    kind = draw(st.sampled_from(["start", "cannot_start", "play", "play", "play", "lancelot",
                                 "end", "withdraw", "prize", "tournament", "dame_penalty",
                                 "reshuffle", "deal", "nonsense"]))
    # None: the player whose move it is (filled in by the test), so that many tries are legal
    player = draw(st.one_of(st.none(), st.integers(-1, 5)))
    event: dict[str, Any] = {"type": kind, "player": player}
    optional = {
        "card": st.sampled_from(CARD_IDS), "target": st.integers(-1, 5),
        "colour": st.sampled_from(COLOURS), "position": st.integers(-1, 6),
        "give": st.one_of(st.integers(-1, 4), st.sampled_from(["bouclier", "assomme", "x"])),
        "take": st.one_of(st.integers(-1, 4), st.sampled_from(["bouclier", "assomme", "x"])),
        "token": st.sampled_from(COLOURS), "winner": st.integers(-1, 5),
        "keep": st.dictionaries(st.sampled_from(["0", "1", "2"]),
                                st.lists(st.integers(-1, 4), max_size=4), max_size=2),
        "taken": st.sampled_from(CARD_IDS), "order": st.lists(st.sampled_from(CARD_IDS),
                                                              max_size=3),
    }
    for key, strategy in optional.items():
        if draw(st.booleans()):
            event[key] = draw(strategy)
    if kind == "play" and "card" not in event:
        event["card"] = draw(st.sampled_from(CARD_IDS))
    return event


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), players=st.integers(2, 5), cut=st.floats(0, 1),
       mode=st.sampled_from(["simulation", "table"]), tries=st.lists(any_event(), max_size=6))
def test_a_refused_event_changes_nothing_and_an_accepted_one_keeps_the_invariants(
        seed: int, players: int, cut: float, mode: str, tries: list[dict[str, Any]]) -> None:
    game = playout(players, seed, action_rate=0.5)
    stop = int(cut * (len(game.events) - 1))
    s = CamelotState(dict(game.setup, mode=mode))
    for event in game.events[:stop]:
        seen = event if mode == "simulation" else public(event)
        if seen is not None:
            s.apply(seen)
    for event in tries:
        if event["player"] is None:
            event["player"] = s.current
        before = copy.deepcopy(s.__dict__)
        try:
            s.apply(event)
        except RuleError as exc:
            assert exc.reason
            assert s.__dict__ == before, event
        else:
            check(s)
