"""The Labystère pages, headless (AppTest): the play helper's wiring (new game, die, « Rejoue »,
« compte double », cards, declaration, map, public view) and the private investigation sheet
(survives a new session with the same URL, invisible with another token)."""

from __future__ import annotations

from typing import Any

import pytest
from hosting import as_host
from streamlit.testing.v1 import AppTest

from companion.games.labystere.sheets import SheetStore, new_token
from companion.store import EventStore

SETUP = {"players": ["Léa", "Tom"], "colours": ["vert", "jaune"], "seed": 42}


def play_app(**query: str) -> AppTest:
    at = AppTest.from_string("from tableapp.pages.labystere import play\nplay()",
                             default_timeout=30)
    at.query_params.update(as_host(query))
    return at


def sheet_app(**query: str) -> AppTest:
    at = AppTest.from_string("from tableapp.pages.labystere import sheet\nsheet()",
                             default_timeout=30)
    at.query_params.update(as_host(query))
    return at


def new_game(*events: dict[str, Any]) -> str:
    store = EventStore()
    code = store.create("labystere", SETUP)
    for event in events:
        store.append(code, event, store.seq(code))
    return code


def markdown(at: AppTest) -> str:
    return "\n".join(m.value for m in at.markdown)


def keys(at: AppTest) -> set[str]:
    return {b.key for b in at.button}


def no_failure(at: AppTest) -> None:
    assert not at.exception, [e.value for e in at.exception]
    assert not at.error, [e.value for e in at.error]


def test_new_game_with_colours_and_seed() -> None:
    at = play_app().run()
    at.text_input(key="np_labystere_seat_0").input("Léa")
    at.text_input(key="np_labystere_seat_1").input("Tom")
    at.run()
    at.selectbox(key="lab_colour_0").select("bleu")
    at.selectbox(key="lab_colour_1").select("jaune")
    at.run()
    assert not at.number_input  # the plan is the server's secret, not the table's choice
    at.button(key="np_labystere_start").click().run()
    no_failure(at)
    (game,) = EventStore().list_games("labystere")
    stored = EventStore().load(game.code)
    seed = stored.setup.pop("seed")
    assert stored.setup == {"players": ["Léa", "Tom"], "colours": ["bleu", "jaune"]}
    assert isinstance(seed, int) and 0 <= seed < 2**63
    assert "Au tour de Léa" in markdown(at)
    shown = " ".join(str(e.value) for kind in ("markdown", "caption", "text", "code")
                     for e in at.get(kind))
    assert str(seed) not in shown and "Plan n°" not in shown  # registre TAB-3


def test_same_colour_twice_blocks_the_start() -> None:
    at = play_app().run()
    at.text_input(key="np_labystere_seat_0").input("Léa")
    at.text_input(key="np_labystere_seat_1").input("Tom")
    at.run()
    at.selectbox(key="lab_colour_1").select("rouge")
    at.run()
    assert at.button(key="np_labystere_start").disabled
    assert any("couleurs différentes" in w.value for w in at.warning)


def test_app_die_is_recorded_then_card_and_end_turn() -> None:
    code = new_game()
    at = play_app(code=code).run()
    no_failure(at)
    assert "Au tour de Léa" in markdown(at) and "lab_end" not in keys(at)
    at.button(key="lab_roll").click().run()
    no_failure(at)
    (event,) = EventStore().load(code).events
    assert event["type"] == "roll" and event["source"] == "app" and 1 <= event["value"] <= 6
    assert f"a fait **{event['value']}**" in markdown(at)
    at.button(key="lab_card_pas-d-action").click().run()
    assert "lab_card_rejoue" not in keys(at)  # one card per move
    at.button(key="lab_end").click().run()
    no_failure(at)
    assert "Au tour de Tom" in markdown(at)


def test_rejoue_asks_the_same_player_to_roll_again() -> None:
    code = new_game({"type": "roll", "value": 2})
    at = play_app(code=code).run()
    at.button(key="lab_card_rejoue").click().run()
    no_failure(at)
    assert "Au tour de Léa" in markdown(at)
    assert any("Rejoue" in i.value for i in at.info)
    assert "lab_roll" in keys(at) and "lab_end" not in keys(at)
    at.button(key="lab_face_5").click().run()
    assert EventStore().load(code).events[-1] == {"type": "roll", "value": 5, "source": "table"}


def test_double_is_announced_and_applied_to_the_next_roll_only() -> None:
    code = new_game({"type": "roll", "value": 1}, {"type": "card", "card": "lancer-double"},
                    {"type": "end_turn"}, {"type": "roll", "value": 1}, {"type": "end_turn"})
    at = play_app(code=code).run()
    assert any("compte double" in i.value for i in at.info)
    at.button(key="lab_face_3").click().run()
    no_failure(at)
    assert "compte double, **6 cases**" in markdown(at)
    at.button(key="lab_end").click().run()
    at.button(key="lab_face_3").click().run()  # Tom
    at.button(key="lab_end").click().run()
    at.button(key="lab_face_3").click().run()  # Léa again: plain 3
    assert "a fait **3**" in markdown(at) and "compte double, **" not in markdown(at)
    assert not any("compte double" in i.value for i in at.info)


def test_a_double_turned_up_speaks_of_the_next_turn_not_of_this_one() -> None:
    code = new_game({"type": "roll", "value": 3}, {"type": "card", "card": "lancer-double"})
    at = play_app(code=code).run()
    no_failure(at)
    infos = [i.value for i in at.info]
    assert any("Ton prochain lancer, à ton prochain tour, comptera double" in i for i in infos)
    assert not any("Ce lancer compte double" in i for i in infos)  # nothing to roll now


def test_declaration_form_records_the_winner() -> None:
    code = new_game({"type": "roll", "value": 4})
    at = play_app(code=code).run()
    assert at.button(key="lab_decl_go").disabled  # no verdict chosen yet
    at.selectbox(key="lab_decl_suspect").select("ours")
    at.selectbox(key="lab_decl_place").select("tour")
    at.radio(key="lab_decl_result").set_value("Tout est juste")
    at.run()
    at.button(key="lab_decl_go").click().run()
    no_failure(at)
    assert EventStore().load(code).events[-1] == {"type": "declare", "suspect": "ours",
                                                  "place": "tour", "correct": True}
    assert any("Léa a trouvé" in s.value for s in at.success)
    assert "lab_roll" not in keys(at)


def test_map_shows_sorts_and_reveals_only_at_the_end() -> None:
    at = play_app(code=new_game()).run()
    page = markdown(at)
    assert page.count("<td ") == 25 and page.count("k-drapeau") == 4 + 1  # 4 cells + CSS rule
    assert "Rejoue</span>" not in page and "sans chemin" in page
    assert not at.toggle  # during play nobody sees the answer, not even the host (TAB-3)
    at = play_app(code=new_game({"type": "roll", "value": 4},
                                {"type": "declare", "suspect": "ours", "place": "tour",
                                 "correct": True})).run()
    at.toggle(key="lab_reveal").set_value(True).run()
    assert "Rejoue</span>" in markdown(at)
    assert any("Suspect à mettre de côté" in w.value for w in at.warning)


def test_player_names_are_escaped() -> None:
    store = EventStore()
    code = store.create("labystere", {"players": ["<b>Léa</b>", "*Tom*"],
                                      "colours": ["rouge", "bleu"], "seed": 1})
    at = play_app(code=code).run()
    no_failure(at)
    page = markdown(at)
    assert "<b>Léa</b>" not in page and r"\<b\>Léa\</b\>" in page and r"\*Tom\*" in page


def test_public_view_has_no_controls_and_no_reveal() -> None:
    code = new_game({"type": "roll", "value": 2})
    at = play_app(code=code, view="public").run()
    no_failure(at)
    assert "Au tour de Léa" in markdown(at)
    assert not keys(at) & {"lab_roll", "lab_end", "lab_decl_go", "lab_card_rejoue"}
    assert not at.toggle


def test_cards_and_questions_are_there() -> None:
    at = play_app(code=new_game()).run()
    labels = [e.label for e in at.expander]
    assert any(label.startswith("Rejoue") for label in labels)
    assert any("n'en a écarté aucun" in label for label in labels)


# --- the investigation sheet --------------------------------------------------------------


def test_sheet_survives_a_new_session_with_the_same_url() -> None:
    code = new_game()
    at = sheet_app(code=code).run()
    no_failure(at)
    at.button(key="lab_sheet_new").click().run()
    token = at.query_params["sheet"]
    token = token[0] if isinstance(token, list) else token
    at.button(key="lab_sheet_suspect-ours").click().run()
    at.button(key="lab_sheet_lieu-puits").click().run()
    no_failure(at)
    assert SheetStore().load(code, token).crossed == {"suspect-ours", "lieu-puits"}

    reloaded = sheet_app(code=code, sheet=token).run()  # a reload: a brand new session
    no_failure(reloaded)
    assert reloaded.button(key="lab_sheet_suspect-ours").label == "✗ ~~Bruno l'ours~~ — écarté"
    assert reloaded.button(key="lab_sheet_lieu-puits").label.startswith("✗ ~~")
    assert reloaded.button(key="lab_sheet_suspect-pie").label == "Lila la pie"
    reloaded.button(key="lab_sheet_suspect-ours").click().run()  # a second tap restores it
    assert SheetStore().load(code, token).crossed == {"lieu-puits"}

    other = sheet_app(code=code, sheet=new_token()).run()  # another phone
    assert not any(b.label.startswith("✗") for b in other.button)
    assert other.button(key="lab_sheet_suspect-ours").label == "Bruno l'ours"


def test_sheet_random_discarded_card_and_none_case() -> None:
    code = new_game()
    token = new_token()
    at = sheet_app(code=code, sheet=token).run()
    at.button(key="lab_sheet_random_suspect").click().run()
    assert any("tant pis" in i.value for i in at.info)
    SheetStore().set_crossed(code, token, "suspect-pie", True)
    at.button(key="lab_sheet_random_suspect").click().run()
    assert any("Lila la pie" in s.value for s in at.success)


def test_sheet_is_never_shown_in_public_view() -> None:
    code = new_game()
    token = new_token()
    SheetStore().set_crossed(code, token, "suspect-pie", True)
    at = sheet_app(code=code, sheet=token, view="public").run()
    assert not at.button and "Lila" not in markdown(at)


@pytest.mark.parametrize("code", ["ZZZZZZ", "nimporte"])
def test_sheet_with_unknown_game_is_an_error_not_a_traceback(code: str) -> None:
    at = sheet_app(code=code).run()
    assert not at.exception and at.error


def test_sheet_with_a_damaged_token_offers_a_new_one() -> None:
    at = sheet_app(code=new_game(), sheet="abc").run()
    assert not at.exception and at.error and "lab_sheet_new" in keys(at)
