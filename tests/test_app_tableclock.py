"""What the public screen says first (issue 25, tableapp/live/tableclock.py): whose turn it is and
what the table waits for, read from each game's summary of a real game."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.core.engine import replay
from tableapp.live.tableclock import awaited

ROOT = Path(__file__).resolve().parent.parent


def summary_after(example: str, count: int | None) -> tuple[str, dict]:
    log = json.loads((ROOT / "docs" / "log-examples" / example).read_text(encoding="utf-8"))
    events = log["events"] if count is None else log["events"][:count]
    return log["game"], replay(log["game"], log["setup"], events).summary()


@pytest.mark.parametrize("example,count,who,words", [
    ("noe-partie-a-100-points.json", 1, "Chloé", "manche 1"),
    ("emblemes-partie-a-trois.json", 1, "bleu", "retourner sa carte"),
    ("labystere-partie.json", 0, "Léa", "lancer le dé"),
    ("labystere-partie.json", 1, "Léa", "avancer son pion (6 pas au plus)"),
    ("camelot-exemples-de-la-regle.json", 2, "Sire Marcel", "jouer une carte"),
    ("elsen-exemple-de-la-regle.json", 2, "Jean", "choisir l'équipe"),
    ("elsen-exemple-de-la-regle.json", 7, None, "le débat et le vote"),
    # « Autre jeu »: a round said by the whole table; its setup's winner is a rule ("high")
    ("libre-skull-king.json", 2, None, "la manche 3"),
])
def test_whose_turn_and_what_is_awaited(example: str, count: int, who: str | None,
                                        words: str) -> None:
    game, summary = summary_after(example, count)
    whose, text = awaited(game, summary)
    assert whose == who and words in text


@pytest.mark.parametrize("example", ["noe-partie-a-100-points.json",
                                     "emblemes-partie-a-trois.json", "labystere-partie.json",
                                     "libre-skull-king.json"])
def test_a_finished_game_is_nobodys_turn(example: str) -> None:
    game, summary = summary_after(example, None)
    assert awaited(game, summary) == (None, "Partie terminée.")
