"""The documents say what the engines do (issue 37): « Autre jeu »'s player counts in its
register and in the log format, the log envelope's game ids, and Emblèmes' order of counting
the places (registre EMB-19), each read from the document and checked against the code."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from companion.core.errors import RuleError
from companion.core.registry import PLAYABLE
from companion.games.emblemes.cards import Card
from companion.games.emblemes.data import PLACES, Reward
from companion.games.emblemes.scoring import PlaceInput, score_round
from companion.games.libre.engine import MAX_COMPETITORS, MAX_PLAYERS, LibreEngine

DOCS = Path(__file__).resolve().parent.parent / "docs"


def register_entry(game: str, entry: str) -> str:
    """One decision of docs/register/<game>.md: its table row or its section."""
    text = (DOCS / "register" / f"{game}.md").read_text(encoding="utf-8")
    row = re.search(rf"^\| {entry} \|(.*)$", text, re.M)
    if row:
        return row.group(1)
    section = re.search(rf"^## {entry} .*?(?=^## |\Z)", text, re.M | re.S)
    assert section, f"{entry} absent de docs/register/{game}.md"
    return section.group(0)


def libre_setup(players: int, teams: int = 0) -> dict:
    names = [f"Joueur {n}" for n in range(players)]
    setup: dict = {"name": "Tarot", "players": names, "winner": "high"}
    if teams:
        setup["teams"] = {f"Équipe {t}": names[t::teams] for t in range(teams)}
    return setup


def test_libre_s_player_counts_are_the_engine_s() -> None:
    lib1 = register_entry("libre", "LIB-1")
    assert f"1 à {MAX_COMPETITORS} joueurs" in lib1
    assert f"concurrents (1 à {MAX_COMPETITORS})" in lib1
    assert f"{MAX_PLAYERS} joueurs au plus en tout" in lib1
    log_format = (DOCS / "log-format.md").read_text(encoding="utf-8")
    assert f"1 to {MAX_COMPETITORS} without teams" in log_format
    assert f"with {MAX_PLAYERS} players at most in all" in log_format
    engine = LibreEngine()
    engine.new_state(libre_setup(MAX_COMPETITORS))  # as many as the documents say: accepted
    with pytest.raises(RuleError, match=f"1 à {MAX_COMPETITORS} joueurs"):
        engine.new_state(libre_setup(MAX_COMPETITORS + 1))
    engine.new_state(libre_setup(MAX_PLAYERS, teams=MAX_COMPETITORS))
    with pytest.raises(RuleError, match=f"{MAX_PLAYERS} joueurs au plus"):
        engine.new_state(libre_setup(MAX_PLAYERS + 1, teams=MAX_COMPETITORS))
    with pytest.raises(RuleError, match=f"1 à {MAX_COMPETITORS} équipes"):
        engine.new_state(libre_setup(MAX_COMPETITORS + 1, teams=MAX_COMPETITORS + 1))


def test_the_log_envelope_lists_every_game_id() -> None:
    text = (DOCS / "log-format.md").read_text(encoding="utf-8")
    row = re.search(r"^\| `game` \| yes \| a game id: (.*) \|$", text, re.M)
    assert row, "la ligne « game » de l'enveloppe manque dans docs/log-format.md"
    assert re.findall(r"`([a-z]+)`", row.group(1)) == list(PLAYABLE)


def test_emblemes_counts_the_places_from_the_top() -> None:
    """A purse at 0 loses 1 in one place and gains 2 in another: 2 coins when the places are
    counted Château, Village, Port as EMB-19 says, 1 the other way round."""
    assert PLACES == ("chateau", "village", "port")
    entry = register_entry("emblemes", "EMB-19")
    assert "Château, then Village, then Port" in entry
    loss = PlaceInput([Reward(fixed=-1)], [Card("rouge", 9)])
    gain = PlaceInput([Reward(fixed=2)], [Card("rouge", 5)])
    empty = PlaceInput([Reward(fixed=1)], [])
    first_loss = score_round(["rouge", "bleu"], {"rouge": 0, "bleu": 0},
                             {"chateau": loss, "village": empty, "port": gain})
    assert first_loss.coins["rouge"] == 2
    first_gain = score_round(["rouge", "bleu"], {"rouge": 0, "bleu": 0},
                             {"chateau": gain, "village": empty, "port": loss})
    assert first_gain.coins["rouge"] == 1
