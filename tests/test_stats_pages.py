"""The nights and players pages, profile seating and the per-round history headless (AppTest):
a night opens only with its key, profiles fill the seats in the order touched and are tied to
the game created, which joins the night being played; a finished game shows its history."""

from __future__ import annotations

from typing import Any

from hosting import as_host
from pages import texts as shown
from stats_night import example_log
from streamlit.testing.v1 import AppTest

from companion.events.store import EventStore, default_path
from companion.hosting.access import ON_SERVER, DeviceMemory, new_secret
from companion.stats.storage import StatsStore
from tableapp.device.session import _DEVICE_KEY


def texts(at: AppTest) -> str:
    return shown(at, "header", "subheader", "title")


def stats() -> StatsStore:
    return StatsStore(EventStore(default_path()))


def page(module: str, function: str = "render", **query: str) -> AppTest:
    def script(module: str, function: str) -> None:
        import importlib

        getattr(importlib.import_module(module), function)()

    at = AppTest.from_function(script, args=(module, function), default_timeout=30)
    at.query_params.update(as_host(query))
    return at


def test_a_night_is_started_then_opened_only_with_its_key() -> None:
    at = page("tableapp.pages.nights").run()
    at.text_input(key="night_new_title").input("Vendredi <b>jeux</b>")
    at.button(key="night_new").click().run()
    assert not at.exception
    night_id, key = int(at.query_params["soiree"]), at.query_params["cle"]
    assert stats().night_key_ok(night_id, key)
    assert "Vendredi \\<b\\>jeux\\</b\\>" in texts(at)  # the title shown literally
    assert "Le podium se remplit" in texts(at)
    wrong = page("tableapp.pages.nights", soiree=str(night_id), cle="x" * 32).run()
    assert "Ce lien de soirée n'est pas valide" in texts(wrong)
    assert "Vendredi" not in "\n".join(h.value for h in wrong.header)


def test_the_night_page_shows_games_results_and_podium() -> None:
    store = stats()
    night, key = store.open_night("Soirée test")
    alice, bruno = store.create_profile("Alice"), store.create_profile("Bruno")
    code = store.events.import_log(example_log("noe-partie-a-100-points"))
    store.seat(code, {0: alice.id, 1: bruno.id}, by=ON_SERVER)
    store.attach(night.id, code, by=ON_SERVER)
    at = page("tableapp.pages.nights", soiree=str(night.id), cle=key).run()
    assert not at.exception
    shown = texts(at)
    assert "victoire : Alice, 150 points" in shown
    # Alice won the only finished game: 1st with 1 win (Chloé 2nd, Bruno 3rd by points)
    assert at.metric[0].label == "1er · Alice" and at.metric[0].value == "1"
    per_game = at.dataframe[-1].value  # the night's statistics per game
    assert list(per_game["Jeu"]) == ["Noé, Complot à l'Élysée"]
    assert list(per_game["Parties"]) == [1] and list(per_game["Terminées"]) == [1]
    at.segmented_control(key="night_ranking").set_value("points").run()
    assert at.metric[1].label == "2e · Chloé" and at.metric[1].value == "0,5"
    # the plays to take away, each named for what it is (issue 40)
    labels = {b.key: b.label for b in at.get("download_button")}
    assert labels["night_plays"] == "Parties de la soirée (CSV)"
    assert labels["night_bgg"] == "Pour BoardGameGeek (CSV)"


def test_profiles_fill_the_seats_and_the_game_joins_the_night() -> None:
    """The device that saved the profiles seats them (it may change them: registre TAB-8; a
    stranger's device is tests/test_seating_rights.py's)."""
    store = stats()
    mine = new_secret()
    for name in ("Alice", "Bruno", "Chloé"):
        store.create_profile(name, creator=mine)
    night, key = store.open_night("Mardi")
    at = page("tableapp.pages.nights", soiree=str(night.id), cle=key).run()
    at.button(key="night_join").click().run()
    game = page("tableapp.pages.noe", "play")
    game.session_state["_compagnon_night"] = (night.id, key)
    game.session_state[_DEVICE_KEY] = DeviceMemory(creator=mine)
    game.run()
    game.segmented_control(key="np_noe_count").set_value(3).run()
    chips = game.button_group(key="np_noe_profiles")
    chips.set_value(["Chloé"]).run()
    game.button_group(key="np_noe_profiles").set_value(["Chloé", "Alice"]).run()
    game.text_input(key="np_noe_seat_2").input("Zoé").run()
    assert [game.text_input(key=f"np_noe_seat_{i}").value for i in range(3)] == [
        "Chloé", "Alice", "Zoé"]
    assert "Cette partie rejoindra la soirée « Mardi »" in texts(game)
    game.button(key="np_noe_start").click().run()
    assert not game.exception
    code = game.query_params["code"]
    seats = store.seats(code)
    assert seats == {0: store.find("Chloé").id, 1: store.find("Alice").id}  # Zoé: a guest
    assert store.night(night.id).codes == [code]


def test_players_page_creates_renames_and_merges() -> None:
    at = page("tableapp.pages.players").run()
    assert "Aucun joueur enregistré" in texts(at)
    for name in ("Alice", "Alicia"):
        at.text_input(key="player_new_name").input(name)
        at.button[0].click().run()
    store = stats()
    assert [p.name for p in store.profiles()] == ["Alice", "Alicia"]
    at.text_input(key="player_new_name").input("alice")
    at.button[0].click().run()
    assert "existe déjà" in texts(at)
    alicia = store.find("Alicia")
    code = store.events.import_log(example_log("noe-partie-a-100-points"))
    store.seat(code, {0: alicia.id}, by=ON_SERVER)
    at.run()  # the same device: it created both profiles, it may merge them
    at.selectbox(key="player_pick").set_value(alicia.id).run()
    at.selectbox(key=f"player_merge_{alicia.id}").set_value(store.find("Alice").id)
    at.checkbox(key=f"player_merge_ok_{alicia.id}").check().run()
    at.button(key=f"player_merge_go_{alicia.id}").click().run()
    assert not at.exception
    assert [p.name for p in store.profiles()] == ["Alice"]
    assert store.profile_codes(store.find("Alice").id) == [code]
    assert "Alice" in [h.value for h in at.header]


def test_a_finished_game_shows_its_history_and_offers_a_rematch() -> None:
    code = stats().events.import_log(example_log("emblemes-partie-a-trois"))
    at = page("tableapp.pages.emblemes", code=code).run()
    toggle = at.toggle(key="rounds_emblemes")
    toggle.set_value(True).run()
    frame = at.dataframe[-1].value
    assert list(frame["vert"]) == ["+3 (6)", "+18 (24)", "+7 (31)"]
    assert any(b.key == "rematch" for b in at.button)
    public = page("tableapp.pages.emblemes", code=code, view="public").run()
    assert not any(b.key == "rematch" for b in public.button)


def test_elsen_history_in_the_public_view_shows_no_role() -> None:
    code = stats().events.import_log(example_log("elsen-exemple-de-la-regle"))
    at = page("tableapp.pages.elsen", code=code, view="public").run()
    at.toggle(key="rounds_elsen").set_value(True).run()
    assert not at.exception
    frame = at.dataframe[-1].value
    assert list(frame["Missions réussies"]) == ["0 (0)"]
    shown = texts(at) + frame.to_csv()
    assert "équipe : Jean, Paul, Pierre" in shown
    for secret in ("saboteur", "Saboteur", "voyante", "policier", "Marie est morte"):
        assert secret not in shown


def test_camelot_history_counts_tokens_per_tournament() -> None:
    code = stats().events.import_log(example_log("camelot-jetons"))
    at = page("tableapp.pages.camelot", "play", code=code).run()
    at.toggle(key="rounds_camelot").set_value(True).run()
    frame = at.dataframe[-1].value
    # tournament 3: Arthur takes jaune, Gauvain has given bleu back (dame)
    assert list(frame["Gauvain"])[:3] == ["0 (0)", "+1 (1)", "-1 (0)"]
    assert list(frame["Arthur"])[-1] == "+1 (5)"


def test_a_storage_fault_is_one_french_sentence(monkeypatch: Any) -> None:
    from companion.core.errors import StorageBusy
    from tableapp.table import seating

    def busy() -> None:
        raise StorageBusy()

    monkeypatch.setattr(seating, "stats_store", busy)
    for module in ("tableapp.pages.players", "tableapp.pages.nights"):
        at = page(module).run()
        assert not at.exception
        assert len(at.error) == 1 and "Traceback" not in at.error[0].value
