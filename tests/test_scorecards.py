"""A public view's score cards (tableapp/live/scorecards.py): one element, user text never markup,
the bar said to a screen reader."""

from __future__ import annotations

import re

from tableapp.live.scorecards import Card, markup


def test_each_player_is_a_card_with_its_bar() -> None:
    block = markup((Card("Alice", "150", 150, 400, "150/400"), Card("Bruno", "0", 0, 400,
                                                                  "0/400")), "Scores")
    assert block.count('<li class="cdt-card">') == 2
    assert 'aria-label="Scores"' in block
    assert 'role="progressbar" aria-label="Alice : 150/400" aria-valuemin="0" ' \
           'aria-valuemax="400" aria-valuenow="150"' in block
    assert "width: 37.5%" in block and "width: 0.0%" in block


def test_a_score_past_the_target_fills_the_bar_once() -> None:
    block = markup((Card("Alice", "520", 520, 400, "400/400"),), "Scores")
    assert 'aria-valuenow="400"' in block and "width: 100.0%" in block


def test_no_goal_no_bar() -> None:
    block = markup((Card("Nous", "162"),), "Scores")
    assert "progressbar" not in block and "162" in block


def test_names_are_text_not_markup() -> None:
    hostile = '<img src=x onerror=alert(1)> "quoted" & **gras**'
    block = markup((Card(hostile, "1", 1, 10, f"{hostile} 1/10"),), '"><script>')
    assert "<img" not in block and "<script" not in block
    assert "&lt;img src=x onerror=alert(1)&gt; &quot;quoted&quot; &amp; **gras**" in block
    # every attribute value stays one quoted value: no quote from a name closes it
    for value in re.findall(r'aria-label="([^"]*)"', block):
        assert "<" not in value and '"' not in value


def test_the_markup_is_built_once_per_content() -> None:
    cards = (Card("Alice", "15", 15, 400, "15/400"),)
    assert markup(cards, "Scores") is markup(cards, "Scores")
