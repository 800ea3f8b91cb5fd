"""Shared things belong to someone (issue 22, registre TAB-8): a player's profile or a soirée is
changed only by the server's organiser or by the device that created it (its creator key; a
soirée's key). Every write is refused without the right, in one French sentence and with the
database unchanged, on both backends; the pages show no editing control to a stranger and a
stale control changes nothing; the organiser's link is made once, printed once on the server's
terminal, and renewed by `companion organisateur`."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import streamlit as st
from backends import raw_execute
from stats_night import build_night, example_log
from streamlit.testing.v1 import AppTest
from test_stats_pages import page, stats, texts

from companion.events.store import EventStore, default_path
from companion.hosting.access import (
    ON_SERVER,
    Access,
    DeviceMemory,
    NotAllowed,
    SharedRights,
    new_secret,
    secret_hash,
)
from companion.stats.ownership import NIGHT_REFUSED, PROFILE_REFUSED
from companion.stats.storage import StatsStore
from tableapp.console import main
from tableapp.device.session import _DEVICE_KEY

TABLES = ("profiles", "game_seats", "nights", "night_games")


def snapshot(location: str | Path) -> dict[str, list[Any]]:
    """Every row of the shared tables, to show a refused write changed nothing."""
    return {table: sorted(raw_execute(location, f"SELECT * FROM {table}"), key=repr)
            for table in TABLES}


@pytest.fixture
def store(db_location: str | Path) -> StatsStore:
    return StatsStore(EventStore(db_location))


# --- the store: every write asks for the right ---------------------------------------------


def test_the_organiser_token_is_made_once_kept_hashed_and_renewed(
        db_location: str | Path) -> None:
    EventStore(db_location)
    access = Access(db_location)
    first = access.ensure_organiser()
    assert first is not None and len(first) == 32  # 192 bits
    assert access.ensure_organiser() is None  # a restart makes no second one
    assert access.is_organiser(first)
    stored = raw_execute(db_location, "SELECT token_hash, revoked FROM organiser")
    assert stored == [(secret_hash(first), None)]  # only its hash, never the token
    second = access.new_organiser()
    assert access.is_organiser(second) and not access.is_organiser(first)
    for wrong in (None, "", first[:-1], "A" * 32, second + "x"):
        assert not access.is_organiser(wrong)


def owner_and_stranger(store: StatsStore) -> tuple[str, str, int, int]:
    """Two devices' creator keys, a profile made by each (Odile by the owner, Sam by the
    stranger), and Odile seated in a game."""
    owner, stranger = new_secret(), new_secret()
    odile = store.create_profile("Odile", creator=owner).id
    sam = store.create_profile("Sam", creator=stranger).id
    code = store.events.import_log(example_log("noe-partie-a-100-points"))
    store.seat(code, {0: odile}, by=ON_SERVER)
    return owner, stranger, odile, sam


PROFILE_WRITES: dict[str, Callable[[StatsStore, int, int, SharedRights], Any]] = {
    "renommer": lambda s, p, other, by: s.update_profile(p, name="Pirate", by=by),
    "couleur": lambda s, p, other, by: s.update_profile(p, colour="#000000", by=by),
    "image": lambda s, p, other, by: s.update_profile(p, picture="openmoji:1F98A", by=by),
    "fusionner (doublon)": lambda s, p, other, by: s.merge(p, other, by=by),
    "fusionner (gardé)": lambda s, p, other, by: s.merge(other, p, by=by),
    "supprimer": lambda s, p, other, by: s.delete_profile(p, by=by),
}


@pytest.mark.parametrize("write", list(PROFILE_WRITES))
def test_a_profile_is_changed_only_by_its_creator_or_the_organiser(
        store: StatsStore, db_location: str | Path, write: str) -> None:
    owner, stranger, odile, sam = owner_and_stranger(store)
    organiser = Access(db_location).new_organiser()
    do = PROFILE_WRITES[write]
    before = snapshot(db_location)
    for refused in (SharedRights(), SharedRights(creator=stranger),
                    SharedRights(organiser="A" * 32, creator="x" * 32),
                    SharedRights(night_key=owner)):  # a key of another kind opens nothing
        with pytest.raises(NotAllowed) as caught:
            do(store, odile, sam, refused)
        assert str(caught.value) == PROFILE_REFUSED
        assert snapshot(db_location) == before
    assert not store.may_change_profile(odile, SharedRights(creator=stranger))
    # the owner holds Odile but not Sam: a merge changes both, so it needs both
    if write.startswith("fusionner"):
        with pytest.raises(NotAllowed):
            do(store, odile, sam, SharedRights(creator=owner))
        assert snapshot(db_location) == before
        do(store, odile, sam, SharedRights(organiser=organiser))
    else:
        do(store, odile, sam, SharedRights(creator=owner))
    assert snapshot(db_location) != before
    Access(db_location).new_organiser()  # the organiser's old link stops working
    with pytest.raises(NotAllowed):
        store.update_profile(sam, name="Encore", by=SharedRights(organiser=organiser))


def test_the_organiser_and_the_server_change_any_profile(store: StatsStore,
                                                         db_location: str | Path) -> None:
    _owner, _stranger, odile, sam = owner_and_stranger(store)
    older = store.create_profile("Ancien").id  # made before creators were kept: no creator
    organiser = Access(db_location).new_organiser()
    by = SharedRights(organiser=organiser)
    assert store.update_profile(older, name="Ancien joueur", by=by).name == "Ancien joueur"
    assert store.merge(sam, odile, by=by).id == odile
    store.delete_profile(older, by=ON_SERVER)  # the server's terminal
    assert [p.name for p in store.profiles()] == ["Odile"]


def test_deleting_a_profile_keeps_its_games(store: StatsStore, db_location: str | Path) -> None:
    owner, _stranger, odile, _sam = owner_and_stranger(store)
    twin = store.create_profile("Odile bis", creator=owner).id
    store.merge(twin, odile, by=SharedRights(creator=owner))
    code = store.profile_codes(odile)[0]
    store.delete_profile(odile, by=SharedRights(creator=owner))
    assert store.seats(code) == {} and store.events.load(code).seq > 0
    assert raw_execute(db_location, "SELECT COUNT(*) FROM profiles WHERE name LIKE 'Odile%'"
                       ) == [(0,)]


NIGHT_WRITES: dict[str, Callable[[StatsStore, int, str, SharedRights], Any]] = {
    "renommer": lambda s, n, code, by: s.rename_night(n, "Pirate", by=by),
    "classement": lambda s, n, code, by: s.set_ranking(n, "points", by=by),
    "rattacher": lambda s, n, code, by: s.attach(n, code, by=by),
    "retirer": lambda s, n, code, by: s.detach(code, by=by),
    "supprimer": lambda s, n, code, by: s.delete_night(n, by=by),
}


@pytest.mark.parametrize("write", list(NIGHT_WRITES))
def test_a_soiree_is_changed_only_with_its_key_or_by_the_organiser(
        store: StatsStore, db_location: str | Path, write: str) -> None:
    night, key = store.open_night("Vendredi")
    other, other_key = store.open_night("Samedi")
    inside = store.events.import_log(example_log("noe-partie-a-100-points"))
    loose = store.events.import_log(example_log("noe-corrections"))
    store.attach(night.id, inside, by=SharedRights(night_key=key))
    code = loose if write == "rattacher" else inside
    organiser = Access(db_location).new_organiser()
    before = snapshot(db_location)
    for refused in (SharedRights(), SharedRights(night_key=other_key),
                    SharedRights(creator=key), SharedRights(organiser=key)):
        with pytest.raises(NotAllowed) as caught:
            NIGHT_WRITES[write](store, night.id, code, refused)
        assert str(caught.value) == NIGHT_REFUSED
        assert snapshot(db_location) == before
    by = SharedRights(night_key=key) if write != "supprimer" else SharedRights(
        organiser=organiser)
    NIGHT_WRITES[write](store, night.id, code, by)
    assert snapshot(db_location) != before
    if store.night_of(inside) == night.id:  # moving a game out of a night changes it too
        with pytest.raises(NotAllowed):
            store.attach(other.id, inside, by=SharedRights(night_key=other_key))


def test_the_podium_ranking_is_kept_with_the_soiree(store: StatsStore) -> None:
    night, key = store.open_night("Vendredi")
    assert store.night(night.id).ranking == "victoires"
    store.set_ranking(night.id, "points", by=SharedRights(night_key=key))
    assert store.night(night.id).ranking == "points"
    with pytest.raises(Exception, match="classement inconnu"):
        store.set_ranking(night.id, "<b>", by=SharedRights(night_key=key))


def test_a_device_remembers_its_keys_beside_its_games() -> None:
    memory = DeviceMemory(organiser="o" * 32, creator="c" * 32)
    for number in range(45):
        memory.join(f"AAA{number:03d}")
    again = DeviceMemory.parse(memory.dump())
    assert again.organiser == "o" * 32 and again.creator == "c" * 32
    assert len(again.games) == 40 and again.codes()[0] == "AAA044"
    assert DeviceMemory.parse("o.short|c.<script>|j.ABC234").organiser is None
    assert DeviceMemory.parse(DeviceMemory().dump()).creator is None


# --- the command line ----------------------------------------------------------------------


def test_companion_organisateur_prints_a_new_link_and_revokes_the_old(
        capsys: pytest.CaptureFixture[str]) -> None:
    EventStore(default_path())
    access = Access(default_path())
    first = access.ensure_organiser()
    assert main(["organisateur", "--url", "http://192.168.1.20:8501/"]) == 0
    out = capsys.readouterr()
    link = out.out.strip()
    assert link.startswith("http://192.168.1.20:8501/?organisateur=")
    token = link.rsplit("=", 1)[1]
    assert access.is_organiser(token) and not access.is_organiser(first)
    assert "L'ancien lien ne marche plus" in out.err


def test_the_cli_podium_follows_the_ranking_the_soiree_chose(
        capsys: pytest.CaptureFixture[str]) -> None:
    store, night, _codes, _profiles = build_night(default_path())
    store.set_ranking(night, "points", by=ON_SERVER)
    assert main(["stats", "--night", str(night)]) == 0
    assert "Podium (points par place)" in capsys.readouterr().out
    assert main(["stats", "--night", str(night), "--ranking", "victoires"]) == 0
    assert "Podium (victoires)" in capsys.readouterr().out
    assert main(["stats", "--night", "999"]) == 2
    assert "aucune soirée n° 999" in capsys.readouterr().err


# --- the pages -----------------------------------------------------------------------------


def device(creator: str | None = None, organiser: str | None = None) -> DeviceMemory:
    return DeviceMemory(creator=creator, organiser=organiser)


def players_page(memory: DeviceMemory, **query: str) -> AppTest:
    at = page("tableapp.pages.players", **query)
    at.session_state[_DEVICE_KEY] = memory
    return at.run()


def keys(at: AppTest) -> set[str]:
    return {w.key for kind in ("button", "text_input", "checkbox", "selectbox", "color_picker")
            for w in at.get(kind) if getattr(w, "key", None)}


def test_a_visitor_adds_a_player_and_owns_it_but_not_the_others() -> None:
    owner = new_secret()
    odile = stats().create_profile("Odile", creator=owner)
    at = players_page(device())  # a fresh browser: no rights
    at.text_input(key="player_new_name").input("Sam")
    at.button[0].click().run()
    assert not at.exception
    sam = stats().find("Sam")
    assert sam is not None and at.session_state[_DEVICE_KEY].creator  # it now owns Sam
    at.selectbox(key="player_pick").set_value(odile.id).run()
    assert not keys(at) & {f"player_save_{odile.id}", f"player_merge_{odile.id}",
                           f"player_delete_{odile.id}"}
    assert "Seul l'organisateur ou l'appareil qui a créé ce profil" in texts(at)
    at.selectbox(key="player_pick").set_value(sam.id).run()
    assert f"player_save_{sam.id}" in keys(at)
    # Sam's merge offers no profile of another device's
    assert f"player_merge_{sam.id}" not in keys(at)


def stale_page(organiser: str, odile: int, sam: int) -> AppTest:
    """The organiser's page with every control of Odile's filled in, then its link renewed on
    the terminal: this device lost the right, the controls are still on its screen."""
    at = players_page(device(organiser=organiser))
    at.selectbox(key="player_pick").set_value(odile).run()
    at.text_input(key=f"player_name_{odile}").input("Pirate")
    at.selectbox(key=f"player_merge_{odile}").set_value(sam)
    at.checkbox(key=f"player_merge_ok_{odile}").check()
    at.checkbox(key=f"player_delete_ok_{odile}").check().run()
    Access(default_path()).new_organiser()
    return at


STALE_BUTTONS = {"renommer": "player_save_{}", "fusionner": "player_merge_go_{}",
                 "supprimer": "player_delete_{}"}


@pytest.mark.parametrize("action", list(STALE_BUTTONS))
def test_a_stale_control_changes_nothing(action: str, monkeypatch: pytest.MonkeyPatch) -> None:
    store = stats()
    odile = store.create_profile("Odile", creator=new_secret()).id
    sam = store.create_profile("Sam", creator=new_secret()).id
    before = snapshot(default_path())
    # the page asks again at the click's run: the control is gone, the sentence says why
    at = stale_page(Access(default_path()).new_organiser(), odile, sam)
    at.button(key=STALE_BUTTONS[action].format(odile)).click().run()
    assert not at.exception and snapshot(default_path()) == before
    assert "Seul l'organisateur ou l'appareil qui a créé ce profil peut le modifier." in \
        texts(at)
    # even when the page's own check is fooled (it says yes), the store refuses the write
    monkeypatch.setattr(StatsStore, "may_change_profile", lambda self, pid, rights: True)
    monkeypatch.setattr(StatsStore, "changeable_profiles", lambda self, rights: {odile, sam})
    at = stale_page(Access(default_path()).new_organiser(), odile, sam)
    at.button(key=STALE_BUTTONS[action].format(odile)).click().run()
    assert not at.exception and snapshot(default_path()) == before
    assert [e.value for e in at.error] == [PROFILE_REFUSED[:1].upper() + PROFILE_REFUSED[1:]]


def test_the_organiser_link_makes_this_device_the_organiser() -> None:
    store = stats()
    older = store.create_profile("Ancien")  # nobody's but the organiser's
    token = Access(default_path()).new_organiser()
    at = players_page(device(), organisateur=token)
    assert "organisateur" not in at.query_params  # the secret leaves the address bar
    assert at.session_state[_DEVICE_KEY].organiser == token
    assert "Cet appareil est l'organisateur" in texts(at)
    at.text_input(key=f"player_name_{older.id}").input("Ancien joueur")
    at.button(key=f"player_save_{older.id}").click().run()
    assert [p.name for p in store.profiles()] == ["Ancien joueur"]
    wrong = players_page(device(), organisateur="A" * 32)
    assert wrong.session_state[_DEVICE_KEY].organiser is None
    assert f"player_save_{older.id}" not in keys(wrong)


def test_the_soiree_page_keeps_its_ranking_and_refuses_a_stale_control() -> None:
    store = stats()
    night, key = store.open_night("Vendredi")
    code = store.events.import_log(example_log("noe-partie-a-100-points"))
    store.attach(night.id, code, by=SharedRights(night_key=key))
    at = page("tableapp.pages.nights", soiree=str(night.id), cle=key).run()
    at.segmented_control(key="night_ranking").set_value("points").run()
    assert store.night(night.id).ranking == "points"
    other = page("tableapp.pages.nights", soiree=str(night.id), cle=key).run()
    assert other.segmented_control(key="night_ranking").value == "points"  # every screen
    # the organiser lists and opens any soirée without its key, until its link is renewed
    organiser = Access(default_path()).new_organiser()
    listing = page("tableapp.pages.nights")
    listing.session_state[_DEVICE_KEY] = device(organiser=organiser)
    listing.run()
    assert "Toutes les soirées (organisateur)" in texts(listing)
    assert f"night_pick_{night.id}" in keys(listing)
    assert "Toutes les soirées" not in texts(page("tableapp.pages.nights").run())
    at = page("tableapp.pages.nights", soiree=str(night.id))
    at.session_state[_DEVICE_KEY] = device(organiser=organiser)
    at.run()
    assert "Vendredi" in [h.value for h in at.header]
    before = snapshot(default_path())
    Access(default_path()).new_organiser()
    at.button(key=f"night_drop_{code}").click().run()
    assert not at.exception
    # the page no longer opens the soirée: the stale control never reaches the store
    assert "Ce lien de soirée n'est pas valide" in texts(at)
    assert snapshot(default_path()) == before
    stranger = page("tableapp.pages.nights", soiree=str(night.id), cle="A" * 32).run()
    assert f"night_drop_{code}" not in keys(stranger)
    assert "Ce lien de soirée n'est pas valide" in texts(stranger)


def test_the_soiree_is_renamed_and_deleted_from_its_page() -> None:
    store = stats()
    night, key = store.open_night("Vendredi")
    at = page("tableapp.pages.nights", soiree=str(night.id), cle=key).run()
    at.text_input(key=f"night_title_{night.id}").input("Vendredi des jeux")
    at.button(key=f"night_rename_{night.id}").click().run()
    assert store.night(night.id).title == "Vendredi des jeux"
    at.checkbox(key=f"night_delete_ok_{night.id}").check().run()
    at.button(key=f"night_delete_{night.id}").click().run()
    assert not at.exception and store.nights() == []


# --- the organiser's first link, printed once by the app ------------------------------------


def test_the_app_prints_the_organiser_link_once(capfd: pytest.CaptureFixture[str]) -> None:
    app = str(Path(__file__).resolve().parent.parent / "streamlit_app.py")
    AppTest.from_file(app, default_timeout=60).run()
    first = capfd.readouterr().err
    assert "lien de l'organisateur" in first and "/?organisateur=" in first
    token = first.split("/?organisateur=")[1].split()[0]
    assert Access(default_path()).is_organiser(token)
    AppTest.from_file(app, default_timeout=60).run()  # the same server process
    assert "organisateur=" not in capfd.readouterr().err
    st.cache_data.clear()  # what any browser's « Clear cache » made Streamlit do (issue 38)
    st.cache_resource.clear()
    AppTest.from_file(app, default_timeout=60).run()
    assert "organisateur" not in capfd.readouterr().err
    with sqlite3.connect(default_path()) as db:
        assert db.execute("SELECT COUNT(*) FROM organiser").fetchone() == (1,)
