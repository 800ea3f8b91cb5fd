"""« Revanche »: same players, same options, seats rotated; every game's rematch setup is one its
engine accepts."""

from __future__ import annotations

import pytest
from stats_night import LOGS, example_log

from companion.core.engine import engine_for
from companion.core.errors import UsageError
from companion.events.rematch import rematch_seats, rematch_setup


@pytest.mark.parametrize("name", LOGS)
def test_every_rematch_setup_is_accepted(name: str) -> None:
    log = example_log(name)
    setup = rematch_setup(log["game"], log["setup"], seed=7)
    players = log["setup"]["players"]
    assert setup["players"] == players[1:] + players[:1]
    engine_for(log["game"]).new_state(setup)  # raises RuleError if refused


def test_what_follows_the_person_and_what_stays_with_the_seat() -> None:
    noe = rematch_setup("noe", {"players": ["A", "B", "C"], "level": 2, "target": 300,
                                "dealer": "B"})
    # B dealt from seat 2; C now sits there and deals first. Options unchanged.
    assert noe == {"players": ["B", "C", "A"], "level": 2, "target": 300, "dealer": "C"}
    laby = rematch_setup("labystere", {"players": ["A", "B"], "colours": ["vert", "bleu"],
                                       "seed": 1}, seed=99)
    assert laby == {"players": ["B", "A"], "colours": ["bleu", "vert"], "seed": 99}
    emb = rematch_setup("emblemes", {"players": ["A", "B", "C"], "place_set": "B",
                                     "families": {"A": "lion", "B": "cerf", "C": "aigle"}})
    assert emb["families"] == {"A": "lion", "B": "cerf", "C": "aigle"}
    assert emb["place_set"] == "B"
    camelot = rematch_setup("camelot", {"players": ["A", "B", "C"], "first_player": 1,
                                        "mode": "jetons"})
    assert camelot["first_player"] == 1 and camelot["mode"] == "jetons"


def test_profiles_follow_their_players() -> None:
    # seat 0 (A, profile 10) moves to the last seat; seat 2 (C, 12) to seat 1
    assert rematch_seats({0: 10, 2: 12}, 3) == {2: 10, 1: 12}


def test_no_players_no_rematch() -> None:
    with pytest.raises(UsageError, match="revanche impossible"):
        rematch_setup("noe", {"players": []})
