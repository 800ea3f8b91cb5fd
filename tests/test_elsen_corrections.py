"""Correct by tapping on the ELSEN page (issue 13), headless (AppTest): a past entry tapped in
the history opens the form that entered it, prefilled, over the game as it stood just before it;
saving writes a correction (nothing rewritten), replays, and says what changed; an entry the
assistant confirms by itself (the first night, the dawn) can only be withdrawn."""

from __future__ import annotations

from typing import Any

from hosting import headings
from test_elsen_page import EXAMPLE, app, new_game, store

from tableapp.table.gamepage import HISTORY

DAY = {"type": "mission", "team": ["Jean", "Paul", "Pierre"],
       "cards": ["action-elimination", "action-faineant", "action-travailleur"]}
NIGHT = [{"type": "protect", "target": "Julie"}, {"type": "kill", "victim": "Marie"},
         {"type": "seer", "target": "Pierre"}, {"type": "dawn"}]


def game_with(*events: dict[str, Any]) -> str:
    code = new_game(list(EXAMPLE))
    for event in [{"type": "deal", "method": "cards", "roles": EXAMPLE},
                  {"type": "recognition"}, *events]:
        store().append(code, event, store().seq(code))
    return code


def tap_row(at: Any, index: int) -> Any:
    at.segmented_control(key="tb_panel").set_value(HISTORY).run()
    return at.button(key=f"tb_fix_{index}").click().run()


def said(at: Any) -> str:
    [line] = [s.value for s in at.success if "corrigé" in s.value]
    return str(line)


def test_a_past_mission_is_corrected_with_its_own_form_prefilled() -> None:
    """The Élimination was in fact a Mission réussie: 3,5 tokens, mission 1 won, no kill due
    (elsen.txt › Phase de jeu jour); the night already entered still replays (the Policier's
    choice), so the correction is accepted and the night order follows it."""
    code = game_with(DAY, NIGHT[0])
    at = tap_row(app(code=code).run(), 2)
    assert "Correction du n° 3" in headings(at)
    assert "elsen-narrator" not in "".join(str(h.body) for h in at.get("html"))  # it waits
    key = f"fix_{code}_2"
    assert at.pills(key=f"{key}_team").value == ["Jean", "Paul", "Pierre"]
    counts = {n.key.removeprefix(f"{key}_card_"): n.value for n in at.number_input
              if n.key and n.key.startswith(f"{key}_card_")}
    assert {card: n for card, n in counts.items() if n} == {
        "elimination": 1, "faineant": 1, "travailleur": 1}
    at.number_input(key=f"{key}_card_elimination").set_value(0)
    at.number_input(key=f"{key}_card_mission-reussie").set_value(1).run()
    assert any("réussie !" in str(m.value) for m in at.markdown)  # the live preview
    at.button(key=f"{key}_mission_ok").click().run()
    stored = store().load(code)
    assert stored.raw[-1]["type"] == "correct" and stored.seq == 5  # appended, not rewritten
    assert stored.events[2]["cards"] == ["action-mission-reussie", "action-faineant",
                                         "action-travailleur"]
    state = stored.state
    assert state.missions_won == 1 and state.night_steps == ["seer", "dawn"]
    line = said(at)
    assert "n° 3 corrigé" in line and "Élimination" in line and "Mission réussie" in line
    assert not at.exception


def test_a_night_choice_is_corrected_among_the_players_of_that_night() -> None:
    code = game_with(DAY, *NIGHT[:2])
    at = tap_row(app(code=code).run(), 3)
    key = f"fix_{code}_3"
    choice = at.pills(key=f"{key}_protect_choice")
    assert choice.value == "Julie" and choice.options == list(EXAMPLE)
    choice.set_value("Marie")
    at.button(key=f"{key}_protect_ok").click().run()
    state = store().load(code).state
    assert state.nights[-1]["protected"] == "Marie"
    assert state.alive["Marie"]  # protected: the saboteurs' victim survives
    assert "Julie" in said(at) and "Marie" in said(at)


def test_a_vote_count_is_corrected_and_the_exclusion_follows() -> None:
    code = game_with(DAY, *NIGHT, {"type": "vote", "target": "Paul", "votes": 2})
    assert store().load(code).state.excluded == []
    at = tap_row(app(code=code).run(), 7)
    key = f"fix_{code}_7"
    assert at.pills(key=f"{key}_vote_target").value == "Paul"
    assert at.pills(key=f"{key}_vote_count").value == 2
    at.pills(key=f"{key}_vote_count").set_value(3).run()
    at.button(key=f"{key}_vote_ok").click().run()
    assert store().load(code).state.excluded == ["Paul"]
    assert "2 voix" in said(at) and "3 voix" in said(at)


def test_a_random_deal_is_corrected_into_the_cards_really_dealt() -> None:
    code = new_game(list(EXAMPLE))
    swapped = {**EXAMPLE, "Jean": "faineant", "Paul": "saboteur"}
    store().append(code, {"type": "deal", "method": "random", "seed": 7, "roles": EXAMPLE}, 0)
    at = tap_row(app(code=code).run(), 0)
    key = f"fix_{code}_0"
    assert [at.pills(key=f"{key}_deal_{i}").value for i in range(5)] == list(EXAMPLE.values())
    at.button(key=f"{key}_deal_cards").click().run()  # unchanged: nothing to write
    assert store().load(code).seq == 1
    at.pills(key=f"{key}_deal_0").set_value("faineant")
    at.pills(key=f"{key}_deal_1").set_value("saboteur")
    at.button(key=f"{key}_deal_cards").click().run()
    assert store().load(code).state.roles == swapped
    assert store().load(code).events[0]["method"] == "cards"


def test_the_first_night_can_only_be_withdrawn_and_a_refusal_writes_nothing() -> None:
    code = game_with(DAY)
    at = tap_row(app(code=code).run(), 1)
    assert any("seulement être retiré" in i.value for i in at.info)
    at.button(key="tb_retract").click().run()  # the mission cannot come before the night
    assert at.error and store().load(code).seq == 3
    assert not at.exception


def test_a_public_screen_learns_a_night_choice_was_corrected_but_not_what_it_is() -> None:
    """What a player may read (companion/events/publiclog.py): a correction of the Policier's choice
    is announced on a public screen as a correction, never with the names it holds."""
    code = game_with(DAY, *NIGHT[:2])
    screen = app(code=code, view="public").run()
    store().correct(code, 3, {"type": "protect", "target": "Marie"}, store().seq(code),
                    author="host")
    [toast] = [t.value for t in screen.run().toast]
    assert "correction" in toast and "n° 4" in toast
    assert "Marie" not in toast and "Julie" not in toast and "Policier" not in toast
    shown = "\n".join(repr(node) for node in screen._tree)
    assert "protégée" not in shown and "Policier" not in shown  # nothing else sent either
