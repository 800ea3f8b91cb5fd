"""The players' view of a log (companion/events/publiclog.py, registre TAB-4): no role, no night
choice, no plan seed, no shuffled deck leaves through the public view or the players' export;
everything public stays; the players' export cannot be imported as a game."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.core.errors import UsageError
from companion.events.publiclog import PLAYERS_FORMAT, is_public, players_export, public_event
from companion.events.store import EventStore

EXAMPLES = sorted((Path(__file__).resolve().parent.parent / "docs" / "log-examples")
                  .glob("*.json"))
SECRET_FIELDS = {"elsen": {"deal": {"roles", "seed"}, "protect": {"target"}, "mission": {"forcer"},
                           "kill": {"victim"}, "seer": {"target"}},
                 "camelot": {"deal": {"order"}, "reshuffle": {"order"}},
                 # only the attacker saw the hand and chose (registre NOE-14)
                 "noe": {"control": {"seized"}}}


def lines(log: dict[str, Any]) -> list[dict[str, Any]]:
    """Every game event of a raw log, corrections' events included."""
    out = []
    for event in log["events"]:
        out.append(event)
        if event.get("type") == "correct":
            out.append(event["event"])
    return out


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_the_players_export_of_every_example_keeps_no_secret(path: Path) -> None:
    log = json.loads(path.read_text(encoding="utf-8"))
    game = log["game"]
    export = players_export(game, log["setup"], log["events"], log.get("title", ""))
    assert export["format"] == PLAYERS_FORMAT and len(export["events"]) == len(log["events"])
    if game == "labystere":
        assert "seed" not in export["setup"]
    for before, after in zip(lines(log), lines(export), strict=True):
        assert after["type"] == before["type"]
        hidden = SECRET_FIELDS.get(game, {}).get(before["type"], set())
        assert not hidden & set(after), (before["type"], after)
        if not hidden and game != "labystere":
            assert after == before  # what is public stays whole


def test_an_elsen_game_exported_for_players_holds_no_role() -> None:
    roles = {"Jean": "saboteur", "Paul": "faineant", "Pierre": "travailleur",
             "Marie": "policier", "Julie": "voyante"}
    log = {"setup": {"players": list(roles), "special_roles": []},
           "events": [{"type": "deal", "method": "cards", "roles": roles},
                      {"type": "recognition"},
                      {"type": "correct", "index": 0,
                       "event": {"type": "deal", "method": "cards", "roles": roles}},
                      {"type": "kill", "victim": "Marie"}]}
    text = json.dumps(players_export("elsen", log["setup"], log["events"]))
    assert "saboteur" not in text and "Marie\"}" not in text and "victim" not in text
    assert not is_public("elsen", log["events"][0]) and is_public("elsen", {"type": "dawn"})


def test_the_players_export_cannot_be_imported() -> None:
    export = players_export("noe", {"players": ["Alice", "Bruno"]}, [])
    with pytest.raises(UsageError, match="journal de partie"):
        EventStore().import_log(export)


events = st.dictionaries(st.sampled_from(["type", "roles", "target", "victim", "seed", "order",
                                          "value", "index", "event", "x"]),
                         st.one_of(st.integers(), st.text(max_size=5)), max_size=6)


@settings(suppress_health_check=[HealthCheck.too_slow], max_examples=100)
@given(st.sampled_from(["noe", "emblemes", "camelot", "elsen", "labystere", "autre"]), events)
def test_a_public_event_only_ever_removes_fields(game: str, event: dict[str, Any]) -> None:
    shown = public_event(game, event)
    assert shown.get("type") == event.get("type")
    assert public_event(game, shown) == shown  # filtering twice changes nothing
    if event.get("type") not in ("correct",):
        assert all(event[key] == value for key, value in shown.items() if key != "type")
