"""Invariants of the records over random complete games (the games' own simulators): the
per-round history ends where the engine's summary ends, places and points are well formed."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.games.camelot import simulate as camelot
from companion.games.emblemes import simulate as emblemes
from companion.stats.record import GameRecord, record_of


def check_places(record: GameRecord) -> None:
    assert record.finished and record.winners
    assert set(record.places) == set(record.players)
    assert all(record.places[w] == 1 for w in record.winners)
    for player in record.players:
        assert 0.0 <= (record.points(player) or 0.0) <= 1.0
    if record.scores is not None:  # a better score never has a worse place (winners aside)
        others = [p for p in record.players if p not in record.winners]
        for a in others:
            for b in others:
                if record.scores[a] > record.scores[b]:
                    assert record.places[a] < record.places[b]


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(2, 5), seed=st.integers(0, 10_000))
def test_camelot_tokens_per_tournament_end_at_the_tokens_held(players: int, seed: int) -> None:
    # full simulation: withdrawing with a dame gives a token back, in the middle of a tournament
    game = camelot.playout(players, seed)
    record = record_of("camelot", game.setup, game.events)
    final = {name: len(tokens) for name, tokens in game.result()["tokens"].items()}
    assert record.rounds is not None and record.rounds.rows[-1].totals == final
    assert record.scores == final
    assert len(record.rounds.rows) == game.result()["tournaments"]
    assert sum(f["tournaments_won"] for f in record.figures.values()) == len(record.rounds.rows)
    check_places(record)


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(3, 5), seed=st.integers(0, 10_000),
       place_set=st.sampled_from(["A", "B", "C"]))
def test_emblemes_coins_per_manche_add_up_to_the_coins(players: int, seed: int,
                                                       place_set: str) -> None:
    setup, events, state = emblemes.playout(players, seed, place_set)
    record = record_of("emblemes", setup, events)
    assert record.rounds is not None and record.rounds.rows[-1].totals == state.coins
    start = {p: record.rounds.rows[0].totals[p] - record.rounds.rows[0].gains[p]
             for p in record.players}
    for p in record.players:
        assert start[p] + sum(record.figures[p]["coins_by_manche"]) == state.coins[p]
        assert sum(record.figures[p]["characters"].values()) == len(
            [e for e in events if e["player"] == p])
    check_places(record)
