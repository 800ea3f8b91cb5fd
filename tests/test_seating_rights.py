"""Every link to a profile needs the profile's right (issue 38, item 5; registre TAB-8): a seat
tied to a profile puts the game in that player's statistics, so it is written only by the
organiser or the device that created the profile, and otherwise becomes a request its owner
accepts on the « Joueurs » page (companion/stats/seats.py). Before, a stranger's new game
seated any saved profile by typing its name and wrote its games into that player's
statistics. In two roles: a stranger's device (a script or the app's own forms) and the
profile's owner or the organiser, with the store checked on both backends."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from backends import raw_execute
from hosting import host_token
from pages import texts as words
from stats_night import example_log
from test_stats_pages import page, stats

from companion.events.store import EventStore, default_path
from companion.hosting.access import (
    ON_SERVER,
    Access,
    DeviceMemory,
    NotAllowed,
    SharedRights,
    new_secret,
)
from companion.stats.report import player_report
from companion.stats.storage import StatsStore
from tableapp.device.session import _DEVICE_KEY


def seats_table(location: str | Path) -> list[Any]:
    return sorted(raw_execute(location, "SELECT * FROM game_seats"), key=repr)


@pytest.fixture
def store(db_location: str | Path) -> StatsStore:
    return StatsStore(EventStore(db_location))


def played(store: StatsStore, profile_id: int) -> int:
    return int(player_report(store, store.profile(profile_id))["stats"]["played"])


def finished_game(store: StatsStore, players: list[str]) -> str:
    """« Autre jeu » of one round, over: what a stranger's script makes in two requests."""
    code = store.events.create("libre", {"name": "Yams", "players": players,
                                         "winner": "high", "rounds": 1})
    store.events.append(code, {"type": "round",
                               "scores": {n: 10 * (i + 1) for i, n in enumerate(players)}}, 0)
    return code


# --- the store --------------------------------------------------------------------------------


def test_a_stranger_cannot_seat_someone_elses_profile(store: StatsStore,
                                                      db_location: str | Path) -> None:
    owner, stranger = new_secret(), new_secret()
    chloe = store.create_profile("Chloé", creator=owner).id
    code = finished_game(store, ["Chloé", "Zoé"])
    before = seats_table(db_location)
    with pytest.raises(NotAllowed, match="seul l'organisateur ou l'appareil qui a créé"):
        store.seat(code, {0: chloe}, by=SharedRights(creator=stranger))
    assert seats_table(db_location) == before and played(store, chloe) == 0
    # typing the name, as the form does, ties nothing: the name waits for its owner
    assert store.seat_by_name(code, ["Chloé", "Zoé"], by=SharedRights(creator=stranger)) == [
        "Chloé"]
    assert seats_table(db_location) == before and played(store, chloe) == 0
    assert store.profile_codes(chloe) == []
    requests, total = store.seat_requests(chloe)
    assert total == 1 and (requests[0].code, requests[0].seat, requests[0].name) == (
        code, 0, "Chloé")
    # the owner's device accepts: the game counts, the request is gone
    store.seat(code, {0: chloe}, by=SharedRights(creator=owner))
    assert played(store, chloe) == 1 and store.seat_requests(chloe) == ([], 0)


def test_the_organiser_and_the_owner_seat_at_once(store: StatsStore,
                                                  db_location: str | Path) -> None:
    owner = new_secret()
    chloe = store.create_profile("Chloé", creator=owner).id
    old = store.create_profile("Odile").id  # made before creators were kept: organiser only
    organiser = Access(db_location).new_organiser()
    code = finished_game(store, ["chloé", "odile", "Zoé"])
    assert store.seat_by_name(code, ["chloé", "odile", "Zoé"],
                              by=SharedRights(creator=owner)) == ["odile"]
    assert store.seats(code) == {0: chloe}
    assert store.seat_by_name(code, ["chloé", "odile", "Zoé"],
                              by=SharedRights(organiser=organiser)) == []
    assert store.seats(code) == {0: chloe, 1: old}


def test_a_seat_tied_to_someone_is_not_taken_from_them(store: StatsStore) -> None:
    """Retying a seat takes the game from the profile it held: that needs its right too."""
    mine, theirs = new_secret(), new_secret()
    me = store.create_profile("Moi", creator=mine).id
    chloe = store.create_profile("Chloé", creator=theirs).id
    code = finished_game(store, ["Chloé", "Zoé"])
    store.seat(code, {0: chloe}, by=SharedRights(creator=theirs))
    with pytest.raises(NotAllowed):
        store.seat(code, {0: me}, by=SharedRights(creator=mine))
    assert store.seats(code) == {0: chloe}
    with pytest.raises(Exception, match="qu'à une place"):  # one profile, one seat
        store.seat(code, {1: chloe}, by=SharedRights(creator=theirs))


# --- the app: a stranger's new game, the owner's « Joueurs » page, a rematch ---------------


def new_noe_game(memory: DeviceMemory, names: list[str]) -> Any:
    game = page("tableapp.pages.noe", "play")
    game.session_state[_DEVICE_KEY] = memory
    game.run()
    game.segmented_control(key="np_noe_count").set_value(len(names)).run()
    for seat, name in enumerate(names):
        game.text_input(key=f"np_noe_seat_{seat}").input(name)
    game.run()
    game.button(key="np_noe_start").click().run()
    assert not game.exception
    return game


def test_a_strangers_new_game_leaves_the_profile_alone_until_its_owner_accepts() -> None:
    store = stats()
    owner = new_secret()
    chloe = store.create_profile("Chloé", creator=owner).id
    before = played(store, chloe)
    # a stranger's browser: types « chloé » (or touches her chip: it fills the same field)
    game = new_noe_game(DeviceMemory(creator=new_secret()), ["chloé", "Zoé", "Yves"])
    code = game.query_params["code"]
    assert store.seats(code) == {} and played(store, chloe) == before
    assert "« chloé » : ce profil est à un autre appareil" in words(game, unescaped=True)
    # a stranger's « Joueurs » page: no request to accept, no control
    stranger_page = page("tableapp.pages.players")
    stranger_page.session_state[_DEVICE_KEY] = DeviceMemory(creator=new_secret())
    stranger_page.run()
    assert not any(b.key.startswith("player_accept_") for b in stranger_page.button)
    # the owner's device: the request, accepted with one tap
    owners_page = page("tableapp.pages.players")
    owners_page.session_state[_DEVICE_KEY] = DeviceMemory(creator=owner)
    owners_page.run()
    assert "Parties à accepter (1)" in [e.label for e in owners_page.expander]
    owners_page.button(key=f"player_accept_{code}_0").click().run()
    assert not owners_page.exception
    assert store.seats(code) == {0: chloe} and played(store, chloe) == before + 1


def test_the_organisers_new_game_seats_the_profile() -> None:
    store = stats()
    chloe = store.create_profile("Chloé", creator=new_secret()).id
    EventStore(default_path())
    organiser = Access(default_path()).new_organiser()
    game = new_noe_game(DeviceMemory(organiser=organiser), ["Chloé", "Zoé", "Yves"])
    assert store.seats(game.query_params["code"]) == {0: chloe}
    assert "autre appareil" not in words(game, unescaped=True)


def test_a_rematch_by_a_stranger_does_not_carry_the_profile() -> None:
    """A table's host rematches a game where the organiser seated Chloé: the rematch seats
    only the profiles that host may change; Chloé's is a request to her owner."""
    store = stats()
    chloe = store.create_profile("Chloé", creator=new_secret()).id
    code = store.events.import_log(example_log("emblemes-partie-a-trois"))
    players = store.events.load(code).setup["players"]
    store.seat(code, {0: chloe}, by=ON_SERVER)
    before = {c for c in store.all_codes()}
    host = page("tableapp.pages.emblemes", code=code, host=host_token(code))
    host.session_state[_DEVICE_KEY] = DeviceMemory(creator=new_secret())
    host.run()
    host.button(key="rematch").click().run()
    (new,) = set(store.all_codes()) - before
    # Chloé sat as « rouge » (another name): the rematch plays « rouge » as a guest, and says so
    assert f"« {players[0]} » : son profil est à un autre appareil" in words(
        host, unescaped=True)
    assert store.seats(new) == {} and store.profile_codes(chloe) == [code]
    assert store.events.load(new).setup["players"][-1] == players[0]
