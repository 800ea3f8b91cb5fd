"""Correct by tapping on the Camelot page (issue 13), headless (AppTest): a past entry tapped
in the history opens the form that entered it, prefilled with it, over the game as it stood just
before it; a corrected card replays the tournament's totals; a corrected tournament winner moves
the tokens (the scores) and says so; an action card comes back with its target."""

from __future__ import annotations

from typing import Any

from hosting import headings
from test_camelot_page import NAMES, app, store, totals

from tableapp.table.gamepage import HISTORY


def game(events: list[dict[str, Any]], mode: str = "table", n: int = 4) -> str:
    code = store().create("camelot", {"players": NAMES[:n], "mode": mode})
    for seq, event in enumerate(events):
        store().append(code, event, seq)
    return code


def tap_row(at: Any, index: int) -> None:
    at.segmented_control(key="tb_panel").set_value(HISTORY).run()
    at.button(key=f"tb_fix_{index}").click().run()


def said(at: Any) -> str:
    return "\n".join(s.value for s in at.success).replace("\\", "")


TOURNAMENT = [{"type": "start", "player": 0, "colour": "rouge"},
              {"type": "play", "player": 0, "card": "rouge-3"},
              {"type": "end", "player": 0},
              {"type": "play", "player": 1, "card": "rouge-5"},
              {"type": "end", "player": 1}]


def test_a_corrected_card_replays_the_totals() -> None:
    """n° 1: Sire Marcel played a red 4, not a red 3: his total is 4, and the game goes on
    from there (Raymond's 5 still beats it)."""
    code = game(TOURNAMENT)
    at = app(code=code).run()
    assert totals(at)["Sire Marcel"] == "3"
    tap_row(at, 1)
    key = f"fix_{code}_1"
    assert "Correction du n° 2" in headings(at)
    card = at.pills(key=f"{key}_card")
    assert card.value == "rouge-3"  # prefilled
    # the cards offered are those of a red tournament (as it stood then)
    assert ":red[●] Rouge 4" in card.options and ":blue[●] Bleu 3" not in card.options
    card.set_value("rouge-4")
    at.button(key=f"{key}_go").click().run()
    stored = store().load(code)
    assert stored.events[1] == {"type": "play", "player": 0, "card": "rouge-4"}
    assert stored.state.total(0) == 4
    assert totals(at)["Sire Marcel"] == "4"
    assert "n° 2 corrigé : Sire Marcel joue Rouge 3 → Sire Marcel joue Rouge 4" in said(at)
    assert not at.exception


def test_a_corrected_winner_moves_the_tokens_and_says_so() -> None:
    code = game([{"type": "tournament", "winner": 0, "colour": "rouge"},
                 {"type": "tournament", "winner": 1, "colour": "bleu"}], mode="jetons")
    at = app(code=code).run()
    tap_row(at, 0)
    key = f"fix_{code}_0"
    assert at.pills(key=f"{key}_winner").value == 0
    assert at.pills(key=f"{key}_colour").value == "rouge"
    at.pills(key=f"{key}_winner").set_value(3)
    at.button(key=f"{key}_go").click().run()
    state = store().load(code).state
    assert state.tokens[0] == set() and state.tokens[3] == {"rouge"}
    text = said(at)
    assert "n° 1 corrigé" in text and "Lady Danielle gagne un tournoi" in text
    assert "Sire Marcel 1 → 0" in text and "Lady Danielle 0 → 1" in text
    assert not at.exception


def test_an_action_card_comes_back_with_its_target() -> None:
    """n° 5: Raymond's Riposte took Marcel's last card; the correction shows the card, its
    target and its effect at once, as they were."""
    code = game([{"type": "start", "player": 0, "colour": "bleu"},
                 {"type": "play", "player": 0, "card": "bleu-3"},
                 {"type": "play", "player": 0, "card": "bleu-4"},
                 {"type": "end", "player": 0},
                 {"type": "play", "player": 1, "card": "bleu-5"},
                 {"type": "play", "player": 1, "card": "riposte", "target": 0}], n=2)
    at = app(code=code).run()
    tap_row(at, 5)
    key = f"fix_{code}_5"
    assert at.pills(key=f"{key}_card").value == "riposte"
    assert at.pills(key=f"{key}_riposte_target").value == 0
    assert "Effet : Riposte : Sire Raymond prend Bleu 4 à Sire Marcel" in \
        "\n".join(i.value for i in at.info).replace("\\", "")
    seq = store().load(code).seq
    at.button(key=f"{key}_go").click().run()
    assert store().load(code).seq == seq  # unchanged: nothing written
    assert any("Rien n'a changé" in i.value for i in at.info)
    assert not at.exception
