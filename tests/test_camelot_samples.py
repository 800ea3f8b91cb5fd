"""The two sample tournaments of camelot.txt (« Exemples de tournois »), replayed play by play
in table mode: each announced total, each withdrawal, the winners and their tokens."""

from __future__ import annotations

from typing import Any

import pytest

from companion.core.engine import replay
from companion.core.errors import RuleError
from companion.games.camelot.engine import ENGINE, CamelotState

MARCEL, RAYMOND, MAURICE, DANIELLE = range(4)
SETUP = {"players": ["Sire Marcel", "Sire Raymond", "Sire Maurice", "Lady Danielle"],
         "mode": "table", "first_player": MARCEL}


def play(p: int, card: str, **choices: Any) -> dict[str, Any]:
    return {"type": "play", "player": p, "card": card, **choices}


def end(p: int) -> dict[str, Any]:
    return {"type": "end", "player": p}


def withdraw(p: int) -> dict[str, Any]:
    return {"type": "withdraw", "player": p}


# Each step: the events of one turn, then (player, total announced) or None for a withdrawal.
FIRST = [
    ([{"type": "start", "player": MARCEL, "colour": "rouge"}, play(MARCEL, "rouge-3"),
      end(MARCEL)], (MARCEL, 3)),
    ([play(RAYMOND, "rouge-5"), end(RAYMOND)], (RAYMOND, 5)),
    ([withdraw(MAURICE)], None),
    ([play(DANIELLE, "rouge-4"), play(DANIELLE, "rouge-3"), end(DANIELLE)], (DANIELLE, 7)),
    ([play(MARCEL, "rouge-5"), end(MARCEL)], (MARCEL, 8)),
    ([withdraw(RAYMOND)], None),
    ([play(DANIELLE, "rouge-3"), play(DANIELLE, "ecuyer-2"), end(DANIELLE)], (DANIELLE, 12)),
    ([play(MARCEL, "dame-6"), end(MARCEL)], (MARCEL, 14)),
    ([play(DANIELLE, "ecuyer-3"), end(DANIELLE)], (DANIELLE, 15)),
    ([withdraw(MARCEL)], None),
]

SECOND = [
    ([{"type": "start", "player": DANIELLE, "colour": "bleu"}, play(DANIELLE, "bleu-3"),
      end(DANIELLE)], (DANIELLE, 3)),
    ([play(MARCEL, "bleu-5"), end(MARCEL)], (MARCEL, 5)),
    ([withdraw(RAYMOND)], None),
    ([play(MAURICE, "bleu-2"), play(MAURICE, "finesse", target=MARCEL, give=0, take=0),
      end(MAURICE)], (MAURICE, 5)),
    ([play(DANIELLE, "bleu-4"), end(DANIELLE)], (DANIELLE, 7)),
    ([play(MARCEL, "riposte", target=DANIELLE), end(MARCEL)], (MARCEL, 6)),
    ([play(MAURICE, "bleu-5"), end(MAURICE)], (MAURICE, 10)),
    ([play(DANIELLE, "bleu-3"), play(DANIELLE, "maladresse"), play(DANIELLE, "vert-1"),
      play(DANIELLE, "vert-1"), end(DANIELLE)], (DANIELLE, 4)),
    ([play(MARCEL, "adaptation"), play(MARCEL, "vert-1"), play(MARCEL, "vert-1"), end(MARCEL)],
     (MARCEL, 4)),
    ([withdraw(MAURICE)], None),
    ([withdraw(DANIELLE)], None),
]


def run(state: CamelotState, steps: list[Any]) -> None:
    for events, announced in steps:
        player = events[-1]["player"]
        assert state.current == player, f"au tour de {state.names[player]}"
        for event in events:
            state.apply(event)
        if announced is not None:
            who, total = announced
            assert state.total(who) == total
        else:  # withdrawn, or the tournament is over and a new one is set up
            assert not state.active[player] or state.colour is None
            assert state.displays[player] == []


def test_first_sample_tournament_danielle_wins_red() -> None:
    state = ENGINE.new_state(SETUP)
    run(state, FIRST)
    assert state.tokens[DANIELLE] == {"rouge"}
    assert all(not state.tokens[p] for p in (MARCEL, RAYMOND, MAURICE))
    # Marcel withdrew with a dame but had no token: nothing to lose
    assert state.history[0] == {"starter": MARCEL, "colour": "rouge", "colours": ["rouge"],
                                "winner": DANIELLE, "token": "rouge", "gained": True}
    # hands: +1 per turn drawn, -1 per card played; Danielle, who starts the next tournament,
    # has not drawn yet: « Avant de tirer sa carte, le joueur qui débute un tournoi choisit la
    # couleur » (registre CAM-1)
    assert [state.hand_count(p) for p in range(4)] == [9, 9, 9, 6]
    assert state.current == DANIELLE and state.phase == "start"
    # the 9 cards played (Marcel 3, Raymond 1, Danielle 5) are all in the discard now
    assert sorted(state.discard) == sorted(["rouge-3", "rouge-5", "dame-6", "rouge-5", "rouge-4",
                                            "rouge-3", "rouge-3", "ecuyer-2", "ecuyer-3"])
    assert not any(state.displays)


def test_maurice_withdrawn_passes_his_turn() -> None:
    state = ENGINE.new_state(SETUP)
    run(state, FIRST[:6])
    assert state.current == DANIELLE  # Maurice, withdrawn, is skipped


def test_second_sample_tournament_marcel_wins_green() -> None:
    state = ENGINE.new_state(SETUP)
    run(state, FIRST)
    run(state, SECOND[:4])
    # Finesse: Maurice's bleu 2 swapped with Marcel's bleu 5
    assert state.displays[MAURICE] == ["bleu-5"] and state.displays[MARCEL] == ["bleu-2"]
    run(state, SECOND[4:6])
    # Riposte: Danielle's bleu 4 now on Marcel's display
    assert state.displays[MARCEL] == ["bleu-2", "bleu-4"]
    assert state.displays[DANIELLE] == ["bleu-3"]
    run(state, SECOND[6:8])
    assert state.colour == "vert"
    assert state.displays[DANIELLE] == ["bleu-3", "bleu-3", "vert-1", "vert-1"]
    run(state, SECOND[8:9])
    # Adaptation: Marcel keeps 2 and 4, Maurice one 5, Danielle one 3 and one 1
    assert state.displays[MAURICE] == ["bleu-5"]
    assert state.displays[DANIELLE] == ["bleu-3", "vert-1"]
    assert state.displays[MARCEL] == ["bleu-2", "bleu-4", "vert-1", "vert-1"]
    run(state, SECOND[9:])
    assert state.tokens[MARCEL] == {"vert"}
    assert state.tokens[DANIELLE] == {"rouge"}
    assert state.history[1]["colours"] == ["bleu", "vert"]
    assert state.history[1]["winner"] == MARCEL
    assert state.current == MARCEL and state.phase == "start"  # he starts the next one


def test_samples_replay_from_the_log() -> None:
    events = [e for steps in (FIRST, SECOND) for turn, _ in steps for e in turn]
    state = replay("camelot", SETUP, events)
    assert isinstance(state, CamelotState)
    assert state.summary()["players"][MARCEL]["tokens"] == ["vert"]
    assert state.summary()["tournaments"][1]["token"] == "vert"


def test_danielle_could_not_stop_at_a_tie() -> None:
    """Strictly highest: announcing 8 against Marcel's 8 is refused (registre CAM-3)."""
    fresh = ENGINE.new_state(SETUP)
    run(fresh, FIRST[:4])
    fresh.apply(play(MARCEL, "rouge-4"))  # 3 + 4 = 7, tied with Danielle
    with pytest.raises(RuleError) as err:
        fresh.apply(end(MARCEL))
    assert "strictement" in err.value.reason and err.value.rule == "registre CAM-3"
