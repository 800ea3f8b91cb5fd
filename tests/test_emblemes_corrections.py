"""Correct by tapping on the Emblèmes page (issue 13), headless (AppTest): a past reveal
tapped in the history opens the reveal form, prefilled with it (card, place, the answers to its
questions), over the game as it stood just before it; a correction that moves a card to another
place replays the round and its count; an unchanged correction writes nothing."""

from __future__ import annotations

import json
from pathlib import Path

from hosting import as_host, headings
from pages import store
from streamlit.testing.v1 import AppTest

from tableapp.table.gamepage import HISTORY

EXAMPLE = Path(__file__).resolve().parent.parent / "docs" / "log-examples" / \
    "emblemes-partie-a-trois.json"


def game(count: int) -> str:
    """The example game of docs/log-examples with its first `count` reveals."""
    log = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    code = store().create("emblemes", log["setup"])
    for seq, event in enumerate(log["events"][:count]):
        store().append(code, event, seq)
    return code


def page(code: str) -> AppTest:
    def script() -> None:
        from tableapp.pages.emblemes import render

        render()

    at = AppTest.from_function(script, default_timeout=30)
    at.query_params.update(as_host({"code": code}))
    return at.run()


def tap_row(at: AppTest, index: int) -> None:
    at.segmented_control(key="tb_panel").set_value(HISTORY).run()
    at.button(key=f"tb_fix_{index}").click().run()


def said(at: AppTest) -> str:
    return "\n".join(s.value for s in at.success).replace("\\", "")


def test_a_corrected_place_replays_the_round_and_its_count() -> None:
    """n° 0: rouge's Marchand (6) was entered at the Château; it was at the Village. The round
    is counted again: rouge ends it with 10 coins instead of 6."""
    code = game(12)
    assert store().load(code).state.coins == {"rouge": 6, "bleu": 7, "vert": 6}
    at = page(code)
    tap_row(at, 0)
    assert "Correction du n° 1" in headings(at)
    key = f"fix_{code}_0"
    card, place = at.pills(key=f"{key}_card"), at.segmented_control(key=f"{key}_place")
    assert (card.value, place.value) == (6, "chateau")  # prefilled from the entry
    # the cards rouge could reveal then: all fifteen (the first reveal of the game)
    assert len(card.options) == 15
    assert not [b for b in at.button if b.key and b.key.startswith("emb_new_")]  # one form
    place.set_value("village")
    at.button(key=f"{key}_go").click().run()
    stored = store().load(code)
    assert stored.events[0] == {"type": "reveal", "player": "rouge", "value": 6,
                                "place": "village"}
    assert stored.raw[-1]["type"] == "correct"
    assert stored.state.coins == {"rouge": 10, "bleu": 7, "vert": 6}
    text = said(at)
    assert "n° 1 corrigé : rouge pose Le Marchand (6) au Château → rouge pose Le Marchand " \
        "(6) au Village" in text
    assert "rouge 6 → 10" in text  # the scores that moved
    assert "Correction du n° 1" not in headings(at)
    assert not at.exception


def test_a_reveal_with_a_choice_comes_back_with_its_answer() -> None:
    """n° 9: rouge's Guerrière discarded vert's Chasseur: the question comes back answered; the
    choices offered are those of the game just before n° 9 (vert's Chasseur or Voleuse)."""
    code = game(12)
    at = page(code)
    tap_row(at, 9)
    key = f"fix_{code}_9"
    question = next(p for p in at.pills if p.key.startswith(f"{key}_q_choices.card_"))
    assert question.value is not None
    labels = [label.replace("\\", "") for label in question.options]
    assert labels[question.value] == "Le Chasseur 1 (vert)"
    seq = store().load(code).seq
    at.button(key=f"{key}_go").click().run()  # nothing changed: nothing written
    assert store().load(code).seq == seq
    assert any("Rien n'a changé" in i.value for i in at.info)
    # the other neighbour instead: a correction that changes what the effect did
    other = next(i for i, label in enumerate(labels) if "Chasseur" not in label)
    next(p for p in at.pills if p.key == question.key).set_value(other)
    at.button(key=f"{key}_go").click().run()
    corrected = store().load(code).events[9]
    assert corrected["choices"]["card"]["value"] != 1
    assert not at.exception


def test_a_correction_the_rest_of_the_log_refuses_writes_nothing() -> None:
    """n° 0 corrected to rouge's Voleuse (11): rouge reveals her again at n° 5, so the rest of
    the log no longer replays; the correction is refused with its reason, nothing is written
    and the correction stays open."""
    code = game(12)
    at = page(code)
    tap_row(at, 0)
    key = f"fix_{code}_0"
    seq = store().load(code).seq
    at.pills(key=f"{key}_card").set_value(11)
    at.button(key=f"{key}_go").click().run()
    assert store().load(code).seq == seq
    assert at.error and "11" in at.error[0].value
    assert "Correction du n° 1" in headings(at)
    assert not at.exception
