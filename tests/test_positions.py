"""The narrator's place kept with the game (companion/hosting/positions.py, issue 11): the same line
and
the same remaining time after a refresh or a restart (a new Positions on the same file)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.events.store import EventStore
from companion.hosting.access import Access
from companion.hosting.positions import LEFT_KEPT, Countdown, NarratorPlace, Positions

pytestmark = pytest.mark.usefixtures("db_location")  # each test on both backends


def test_a_countdown_runs_pauses_and_resets() -> None:
    clock = Countdown.fresh(180)
    assert not clock.running and clock.remaining(1000) == 180
    running = clock.toggled(1000)
    assert running.running and running.remaining(1030) == 150
    paused = running.toggled(1030)
    assert not paused.running and paused.remaining(5000) == 150  # a sleeping tablet: still 150
    assert paused.toggled(6000).remaining(6100) == 50
    assert running.remaining(2000) == 0 and running.reset() == clock


def test_the_place_survives_a_restart_and_follows_the_log() -> None:
    store = EventStore()
    code = store.create("noe", {"players": ["Alice", "Bruno"]})
    place = NarratorPlace(seq=3, line=2, countdown=Countdown.fresh(60).toggled(100.0),
                          durations={"discussion": 240, "vote": 45})
    Positions(store.path).set_narrator(code, place)
    again = Positions(store.path).narrator(code.lower())  # a restarted server, a typed code
    assert again == place
    assert again.at(3) == place  # same step: same line, same countdown
    assert again.at(4) == NarratorPlace(4, 0, None, {"discussion": 240, "vote": 45},
                                        left={"3": 2})  # step 3 was left at its line 2
    assert again.at(4).at(3) == NarratorPlace(3, 2, None, {"discussion": 240, "vote": 45},
                                              left={"4": 0})  # an undo finds it again
    assert again.moved(-1).line == 0 and again.moved(5).countdown is None


def test_a_deleted_game_takes_its_place_along() -> None:
    store = EventStore()
    code = store.create("noe", {"players": ["Alice", "Bruno"]})
    Positions(store.path).set_narrator(code, NarratorPlace(0, 1))
    access = Access(store.path)
    _token, grant = access.issue(code)
    access.delete_game(code, grant)
    assert Positions(store.path).narrator(code) == NarratorPlace()


@given(st.one_of(st.none(), st.integers(), st.text(max_size=5),
                 st.dictionaries(st.sampled_from(["seq", "line", "countdown", "durations"]),
                                 st.one_of(st.integers(), st.text(max_size=3), st.none(),
                                           st.dictionaries(st.text(max_size=3),
                                                           st.integers())))))
def test_an_unreadable_place_is_the_start_never_an_error(data: object) -> None:
    assert isinstance(NarratorPlace.from_json(data), NarratorPlace)


@pytest.mark.parametrize("place", [NarratorPlace(), NarratorPlace(2, 1, Countdown(60, 12.5)),
                                   NarratorPlace(5, 3, left={"4": 5, "6": 1}),
                                   NarratorPlace(3, 0, None, {"policier": 20}, night=True)])
def test_a_place_round_trips_through_json(place: NarratorPlace) -> None:
    assert NarratorPlace.from_json(place.as_json()) == place


def test_the_night_countdowns_switch_stays_with_the_game_from_step_to_step() -> None:
    place = NarratorPlace(3, 2, Countdown.fresh(15), {"policier": 20}, night=True)
    assert place.at(4) == NarratorPlace(4, 0, None, {"policier": 20}, night=True,
                                        left={"3": 2})
    assert NarratorPlace.from_json({**place.as_json(), "night": "oui"}).night is False


def test_the_lines_left_behind_are_bounded() -> None:
    """A long game keeps the line of the few steps nearest to the current one, not of all."""
    place = NarratorPlace()
    for step in range(1, 40):
        place = place.at(step).moved(step % 5)
    assert place.left is not None and len(place.left) <= LEFT_KEPT
    assert place.at(38).line == 38 % 5
    assert place.at(2).line == 0  # too far back: its line was forgotten
