"""The « Autre jeu » page headless (AppTest): a new named game, rounds entered with one
number field per player and « Manche suivante », a round corrected by tapping it, the end,
the rules of a named game remembered for the next one, and user text kept as text."""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import parse_qs, urlsplit

from hosting import as_host
from streamlit.testing.v1 import AppTest

from companion.events.store import EventStore
from tableapp.device import session
from tableapp.table.gamepage import HISTORY


def app(**query: str) -> AppTest:
    def script() -> None:
        import tableapp.pages.libre as libre

        libre.play()

    at = AppTest.from_function(script, default_timeout=30)
    at.query_params.update(as_host(query))
    return at


def store() -> EventStore:
    return session.EventStore(session.default_path())


def code_of(at: AppTest) -> str:
    code = at.query_params["code"]
    return code[0] if isinstance(code, list) else code


def start(at: AppTest, players: list[str], name: str, **choices: Any) -> str:
    at.run()
    at.segmented_control(key="np_libre_count").set_value(len(players)).run()
    for i, player in enumerate(players):
        at.text_input(key=f"np_libre_seat_{i}").input(player)
    at.run()
    at.text_input(key="lb_name").input(name)
    at.run()
    if "ending" in choices:
        at.segmented_control(key="lb_ending").set_value(choices["ending"]).run()
        at.number_input(key=f"lb_{choices['ending']}").set_value(choices["value"])
    if "winner" in choices:
        at.segmented_control(key="lb_winner").set_value(choices["winner"])
    at.run()
    at.button(key="np_libre_start").click().run()
    return code_of(at)


def enter(at: AppTest, *points: int) -> None:
    for i, value in enumerate(points):
        at.number_input(key=f"lb_entry_pts_{i}").set_value(value)
    at.button(key="lb_entry_next").click().run()


def test_a_game_of_three_rounds_with_a_correction() -> None:
    at = app()
    code = start(at, ["Alice", "Bruno", "Chloé"], "Skull King", ending="rounds", value=3)
    assert store().load(code).setup == {"name": "Skull King", "winner": "high", "rounds": 3,
                                        "players": ["Alice", "Bruno", "Chloé"]}
    assert store().load(code).title == "Skull King · Alice, Bruno, Chloé"
    enter(at, 20, -10, 0)
    assert at.number_input(key="lb_entry_pts_0").value == 0  # the next round starts at zero
    enter(at, 30, 40, 10)
    summary = store().load(code).state.summary()
    assert summary["scores"] == {"Alice": 50, "Bruno": 30, "Chloé": 10}
    assert {m.label: m.value for m in at.metric} == {"Alice": "50", "Bruno": "30", "Chloé": "10"}
    # correct the first round by tapping it
    at.segmented_control(key="tb_panel").set_value(HISTORY).run()
    at.button(key="tb_fix_0").click().run()
    key = f"fix_{code}_0"
    assert at.number_input(key=f"{key}_pts_1").value == -10  # prefilled
    at.number_input(key=f"{key}_pts_1").set_value(60)
    at.button(key=f"{key}_ok").click().run()
    stored = store().load(code)
    assert stored.raw[-1]["type"] == "correct"
    assert stored.state.summary()["scores"]["Bruno"] == 100
    enter(at, 0, 0, 5)
    summary = store().load(code).state.summary()
    assert summary["finished"] and summary["winners"] == ["Bruno"]
    assert any("victoire de Bruno" in s.value for s in at.success)
    # « Envoyer à BG Stats »: a link (and its QR code) the player's phone opens
    at.toggle(key=f"bgstats_{code}").set_value(True).run()
    [link] = at.get("link_button")
    url = link.proto.url
    play = json.loads(parse_qs(urlsplit(url).query)["data"][0])
    assert url.startswith("https://app.bgstatsapp.com/createPlay.html?data=")
    assert play["game"]["name"] == "Skull King"
    assert [(p["name"], p["score"], p["rank"]) for p in play["players"]] == [
        ("Alice", 50, 2), ("Bruno", 100, 1), ("Chloé", 15, 3)]  # JSON numbers
    # the QR code, with a text alternative saying what it opens (issue 25)
    assert any("<img" in e.proto.body and "Envoyer à BG Stats" in e.proto.body
               for e in at.get("html"))
    assert not at.exception


def test_the_table_ends_the_game_and_a_named_game_keeps_its_rules() -> None:
    at = app()
    code = start(at, ["Alice", "Bruno"], "Uno", winner="low", ending="target", value=500)
    enter(at, 12, 3)
    assert store().load(code).state.summary()["target"] == 500
    at.button(key="lb_end").click().run()
    assert store().load(code).state.summary()["winners"] == ["Bruno"]
    # a new game on this device: « Uno » is offered with its rules
    at.button(key="tb_leave").click().run()
    at.segmented_control(key="np_libre_count").set_value(2).run()
    for i, player in enumerate(["Chloé", "David"]):
        at.text_input(key=f"np_libre_seat_{i}").input(player)
    at.run()
    [known] = [b for b in at.button if b.key == "lb_known_0"]
    assert known.label == "Uno"
    known.click().run()
    assert at.text_input(key="lb_name").value == "Uno"
    assert at.segmented_control(key="lb_winner").value == "low"
    assert at.number_input(key="lb_target").value == 500


def test_names_are_text_not_markup() -> None:
    at = app()
    start(at, ["**Alice**", "<b>Bruno</b>"], "*Skull* King")
    assert not at.exception
    assert at.title[0].value.startswith("\\*Skull\\* King")


def test_the_public_view_reads_and_the_rematch_keeps_the_rules() -> None:
    from companion.events.rematch import rematch_setup

    setup = {"name": "Belote", "players": ["A", "B", "C", "D"], "winner": "high",
             "target": 1000, "teams": {"Nous": ["A", "C"], "Eux": ["B", "D"]}}
    code = store().create("libre", setup)
    store().append(code, {"type": "round", "scores": {"Nous": 162, "Eux": 90}}, 0)
    at = app(code=code, view="public").run()
    assert {m.label: m.value for m in at.metric} == {"Nous": "162", "Eux": "90"}
    assert not [b for b in at.button if b.key == "lb_entry_next"]  # read only
    assert not at.exception
    again = rematch_setup("libre", setup)
    assert again["players"] == ["B", "C", "D", "A"] and again["teams"] == setup["teams"]
    assert again["target"] == 1000 and again["name"] == "Belote"


def test_the_night_and_player_pages_group_them_by_name() -> None:
    from companion.hosting.access import ON_SERVER
    from companion.stats.storage import StatsStore

    stats = StatsStore(store())
    night, key = stats.open_night("Soirée libre")
    alice = stats.create_profile("Alice")
    for name in ("Skull King", "skull king"):
        code = stats.events.create("libre", {"name": name, "players": ["Alice", "Bruno"],
                                             "winner": "high"})
        stats.events.append(code, {"type": "round", "scores": {"Alice": 30, "Bruno": 10}}, 0)
        stats.events.append(code, {"type": "end"}, 1)
        stats.seat(code, {0: alice.id}, by=ON_SERVER)
        stats.attach(night.id, code, by=ON_SERVER)

    def script() -> None:
        import tableapp.pages.nights as nights

        nights.render()

    at = AppTest.from_function(script, default_timeout=30)
    at.query_params.update({"soiree": str(night.id), "cle": key})
    at.run()
    assert not at.exception
    assert at.metric[0].label == "1er · Alice" and at.metric[0].value == "2"
    named = at.dataframe[-1].value
    assert list(named["Jeu"]) == ["Skull King"] and list(named["Parties"]) == [2]
    assert list(named["Victoires"]) == ["Alice 2"]

    def players_script() -> None:
        import tableapp.pages.players as players

        players.render()

    profile_page = AppTest.from_function(players_script, default_timeout=30).run()
    assert not profile_page.exception
    assert "Autres jeux, par nom" in [h.value for h in profile_page.subheader]
    mine = next(d.value for d in profile_page.dataframe if "Taux" in d.value.columns
                and list(d.value["Jeu"]) == ["Skull King"])
    assert list(mine["Victoires"]) == [2]


def test_the_optional_countdown_is_the_browsers() -> None:
    code = store().create("libre", {"name": "Uno", "players": ["A", "B"], "winner": "low"})
    at = app(code=code).run()
    assert not [e for e in at.get("html") if "minuteur" in e.proto.body]
    at.toggle(key="lb_timer").set_value(True).run()
    at.number_input(key="lb_timer_seconds").set_value(45).run()
    [timer] = [e for e in at.get("html") if "minuteur" in e.proto.body]
    assert "Lancer le minuteur (45 s)" in timer.proto.body
    assert not at.exception
