"""docs/log-schemas/elsen.json agrees with the data and the engine: its ids are the data's and
the events of a played game (and its setup) validate."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator

from companion.games.elsen.engine import ENGINE
from companion.games.elsen.setup import elsen_data, parse_setup, random_deal

SCHEMA = json.loads((Path(__file__).resolve().parent.parent / "docs" / "log-schemas" /
                     "elsen.json").read_text(encoding="utf-8"))
DATA = elsen_data()


def test_card_and_role_ids_are_the_datas() -> None:
    [mission] = [e for e in SCHEMA["oneOf"] if e["properties"]["type"]["const"] == "mission"]
    assert mission["properties"]["cards"]["items"]["enum"] == [
        f"action-{c.id}" for c in DATA.action_cards]
    specials = SCHEMA["$defs"]["setup"]["properties"]["special_roles"]["items"]["enum"]
    assert specials == [r.id for r in DATA.roles if r.special]


@pytest.mark.parametrize("seed", range(5))
def test_events_of_a_played_game_validate(seed: int) -> None:
    rnd = random.Random(seed)
    names = [f"J{i}" for i in range(rnd.randint(5, 15))]
    setup = {"players": names, "first_player": names[-1],
             "settings": {"vote_threshold": "at_least_half"}}
    Draft202012Validator(SCHEMA["$defs"]["setup"]).validate(setup)
    state = ENGINE.new_state(setup)
    events = [random_deal(DATA, parse_setup(DATA, setup), seed)]
    state.apply(events[0])
    cards = [f"action-{c.id}" for c in DATA.action_cards]
    while state.phase != "over":
        step = state.next_step()
        event: dict = {"type": step}
        if step == "mission":
            team = rnd.sample(state.aboard, state.min_team())
            event.update(team=team, cards=[rnd.choice(cards) for _ in team])
            if state.preview_mission(event).violations:  # random cards: forced (ELS-9)
                event["forcer"] = "partie tirée au hasard"
        elif step in ("protect", "seer"):
            event["target"] = rnd.choice(state.aboard)
        elif step == "kill":
            event["victim"] = rnd.choice([p for p in state.aboard if state.alive[p]])
        elif step == "vote":
            event.update(target=rnd.choice(state.aboard), votes=rnd.randint(0, 3))
        if step in ("protect", "seer") and state.holder(
                "policier" if step == "protect" else "voyante") in state.excluded:
            event["target"] = None
        state.apply(event)
        events.append(event)
    validator = Draft202012Validator(SCHEMA)
    for event in events:
        validator.validate(event)
    assert state.winner in ("passagers", "saboteurs")


def test_schema_refuses_an_unknown_card() -> None:
    bad = {"type": "mission", "team": ["A", "B", "C"], "cards": ["sabotage"] * 3}
    assert not Draft202012Validator(SCHEMA).is_valid(bad)
