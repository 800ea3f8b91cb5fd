"""ELSEN's narrator never loses its place (issue 11, Deliver 7): the line, the countdown and the
durations live with the game on the server; a refresh (a new session with the same URL), a
sleeping tablet or a restart find them again."""

from __future__ import annotations

import json
import re

from hosting import host_token
from streamlit.testing.v1 import AppTest

from companion.events.store import EventStore
from tableapp.process import perprocess

ROLES = {"Jean": "saboteur", "Paul": "faineant", "Pierre": "travailleur", "Marie": "policier",
         "Julie": "voyante"}


def tablet(code: str, token: str) -> AppTest:
    """The host's tablet opening its link: a fresh session each time (a refresh)."""
    def script() -> None:
        import tableapp.pages.elsen as page

        page.render()

    at = AppTest.from_function(script, default_timeout=30)
    at.query_params.update(code=code, host=token)
    return at.run()


def narrated(at: AppTest) -> dict:
    """The data the narrator's script was given (line, countdown)."""
    body = "\n".join(str(h.body) for h in at.get("html"))
    [count] = re.findall(r"· (\d+/\d+)</div>", body)
    [data] = re.findall(r'\("elsen-[^"]+", (\{.*\})\);</script>', body)
    return {"count": count, **json.loads(data)}


def click(at: AppTest, key: str) -> AppTest:
    next(b for b in at.button if b.key == key).click()
    return at.run()


def game(*events: dict) -> tuple[str, str]:
    store = EventStore()
    code = store.create("elsen", {"players": list(ROLES),
                                  "special_roles": ["voyante", "policier", "travailleur",
                                                    "faineant"]})
    for seq, event in enumerate(events):
        store.append(code, event, seq)
    return code, host_token(code)


def test_the_line_survives_a_refresh_and_a_restart() -> None:
    code, token = game({"type": "deal", "method": "cards", "roles": ROLES})
    at = click(click(tablet(code, token), "elsen_next"), "elsen_next")
    assert narrated(at)["count"] == "3/5"
    assert narrated(tablet(code, token))["count"] == "3/5"  # a refresh
    perprocess.store_at.clear()
    perprocess.positions_at.clear()  # a restart: nothing kept survives, the file does
    at = click(tablet(code, token), "elsen_back")
    assert narrated(at)["count"] == "2/5"
    assert narrated(tablet(code, token))["count"] == "2/5"


def test_the_countdown_keeps_running_and_pausing_across_refreshes() -> None:
    code, token = game({"type": "deal", "method": "cards", "roles": ROLES},
                       {"type": "recognition"},
                       {"type": "mission", "team": ["Jean", "Paul", "Pierre"],
                        "cards": ["action-elimination", "action-faineant",
                                  "action-travailleur"]},
                       {"type": "protect", "target": "Julie"}, {"type": "kill", "victim": "Marie"},
                       {"type": "seer", "target": "Pierre"}, {"type": "dawn"})
    at = tablet(code, token)
    for _ in range(10):  # walk to the discussion's countdown, before the vote
        if any(b.key == "elsen_timer_go" for b in at.button):
            break
        at = click(at, "elsen_next")
    before = narrated(at)
    assert before["timer"] and not before["running"] and before["left"] == before["timer"]
    click(at, "elsen_timer_go")  # start
    running = narrated(tablet(code, token))  # the tablet slept, then woke up
    assert running["count"] == before["count"] and running["running"]
    assert 0 < running["left"] <= before["timer"]
    paused = narrated(click(tablet(code, token), "elsen_timer_go"))
    assert not paused["running"] and paused["left"] <= running["left"]
    again = narrated(tablet(code, token))
    assert not again["running"] and again["left"] == paused["left"]
    reset = narrated(click(tablet(code, token), "elsen_timer_reset"))
    assert reset["left"] == before["timer"]


def test_the_durations_chosen_by_the_host_stay_with_the_game() -> None:
    code, token = game({"type": "deal", "method": "cards", "roles": ROLES})
    at = tablet(code, token)
    at.toggle(key="elsen_settings").set_value(True).run()
    at.segmented_control(key="elsen_discussion").set_value(300).run()
    again = tablet(code, token)
    again.toggle(key="elsen_settings").set_value(True).run()
    assert again.segmented_control(key="elsen_discussion").value == 300


def test_a_new_step_starts_at_its_first_line() -> None:
    code, token = game({"type": "deal", "method": "cards", "roles": ROLES})
    at = tablet(code, token)
    for _ in range(4):
        at = click(at, "elsen_next")
    assert narrated(at)["count"] == "5/5"
    at = click(at, "elsen_next")  # the step's last « Suivant » writes the step to the log
    assert narrated(at)["count"].startswith("1/")
    assert narrated(tablet(code, token))["count"].startswith("1/")


def test_night_countdowns_switched_on_start_by_themselves_and_stay_with_the_game() -> None:
    """Registre ELS-19: off by default; switched on in « Réglages du meneur », the line that
    wakes the Policier carries its countdown, running as soon as « Suivant » reaches it."""
    code, token = game({"type": "deal", "method": "cards", "roles": ROLES},
                       {"type": "recognition"},
                       {"type": "mission", "team": ["Jean", "Paul", "Pierre"],
                        "cards": ["action-elimination", "action-faineant",
                                  "action-travailleur"]})
    at = tablet(code, token)
    assert not narrated(at)["timer"]
    at.toggle(key="elsen_settings").set_value(True).run()
    at.toggle(key="elsen_night").set_value(True).run()
    at.segmented_control(key="elsen_night_policier").set_value(20).run()
    at = tablet(code, token)  # another run, another session: the switch is the game's
    assert at.toggle(key="elsen_settings").set_value(True).run().toggle(
        key="elsen_night").value is True
    while len(set(narrated(at)["count"].split("/"))) == 2:  # up to the step's last line
        assert not narrated(at)["timer"]  # the day's results and nightfall: no countdown
        at = click(at, "elsen_next")
    data = narrated(at)
    assert data["spoken"].startswith("Policier, ouvre les yeux")
    assert data["timer"] == 20 and data["running"] and data["night"]
    assert 0 < data["left"] <= 20
    paused = narrated(click(tablet(code, token), "elsen_timer_go"))
    assert not paused["running"]


def test_undo_redo_and_a_correction_keep_the_narrators_line() -> None:
    """Issue 25: the narrator at the last line of a step writes it; an undo finds that step
    at its last line again (not at line 1), a redo the next step at the line it had reached,
    and a correction of a past entry moves nothing."""
    deal = {"type": "deal", "method": "cards", "roles": ROLES}
    code, token = game(deal)
    at = tablet(code, token)
    while len(set(narrated(at)["count"].split("/"))) == 2:  # up to the step's last line
        at = click(at, "elsen_next")
    last = narrated(at)["count"]
    at = click(click(click(at, "elsen_next"), "elsen_next"), "elsen_next")  # written, 3/..
    ahead = narrated(at)["count"]
    assert ahead.startswith("3/")
    store = EventStore()
    store.undo(code, store.seq(code))
    assert narrated(tablet(code, token))["count"] == last
    store.append(code, {"type": "recognition"}, store.seq(code))  # « Rétablir »: appended again
    assert narrated(tablet(code, token))["count"] == ahead
    swapped = {**ROLES, "Jean": ROLES["Paul"], "Paul": ROLES["Jean"]}
    store.correct(code, 0, {**deal, "roles": swapped}, store.seq(code))
    assert narrated(tablet(code, token))["count"] == ahead
