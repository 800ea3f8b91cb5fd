"""The Labystère pages, headless (AppTest): the play helper's wiring (new game, die, « Rejoue »,
« compte double », cards, declaration, map, public view) and the private investigation sheet
(survives a new session with the same URL, invisible with another token)."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from hosting import as_host, headings
from streamlit.testing.v1 import AppTest

from companion.core.loader import load_game
from companion.core.log import resolve
from companion.events.store import EventStore
from companion.games.labystere.setup import generate
from companion.games.labystere.sheets import SheetStore, new_token

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
    at.segmented_control(key="lab_colour_0").set_value("bleu")
    at.segmented_control(key="lab_colour_1").set_value("jaune")
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
    at.segmented_control(key="lab_colour_1").set_value("rouge")
    at.run()
    assert at.button(key="np_labystere_start").disabled
    assert any("couleurs différentes" in w.value for w in at.warning)


def example_events() -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The documented example (seed 42, three players), as effective events."""
    log = json.loads((Path(__file__).resolve().parent.parent / "docs" / "log-examples"
                      / "labystere-partie.json").read_text(encoding="utf-8"))
    return log["setup"], [entry.event for entry in resolve(log["events"])]


def game_with(setup: dict[str, Any], events: list[dict[str, Any]]) -> str:
    store = EventStore()
    code = store.create("labystere", setup)
    for event in events:
        store.append(code, event, store.seq(code))
    return code


def test_app_die_is_recorded_then_the_board_offers_the_destinations() -> None:
    code = new_game()
    at = play_app(code=code).run()
    no_failure(at)
    assert "Au tour de Léa" in markdown(at) and "lab_end" not in keys(at)
    assert not [b for b in at.button if b.key.startswith("lab_cell_") and not b.disabled]
    at.button(key="lab_roll").click().run()
    no_failure(at)
    (event,) = EventStore().load(code).events
    assert event["type"] == "roll" and event["source"] == "app" and 1 <= event["value"] <= 6
    assert f"a fait **{event['value']}**" in markdown(at)
    moves = EventStore().load(code).state.summary()["moves"]
    lit = {b.key.removeprefix("lab_cell_") for b in at.button
           if b.key.startswith("lab_cell_") and not b.disabled}
    assert lit == set(moves)


def test_tapping_a_destination_writes_the_path_then_the_pile_is_turned_up() -> None:
    code = new_game({"type": "roll", "value": 3})
    stored = EventStore().load(code)
    destination, path = next(iter(stored.state.summary()["moves"].items()))
    at = play_app(code=code).run()
    at.button(key=f"lab_cell_{destination}").click().run()
    no_failure(at)
    assert EventStore().load(code).events[-1] == {"type": "move", "path": path}
    assert "lab_end" not in keys(at)  # the pile must be turned up first
    at.button(key="lab_reveal_pile").click().run()
    no_failure(at)
    state = EventStore().load(code).state
    assert EventStore().load(code).events[-1] == {"type": "reveal"}
    hidden = state.hidden_card(destination)
    summary = state.summary()
    if summary["phase"] == "action":
        assert summary["pending_action"] == hidden
        assert "lab_end" not in keys(at)  # the action is compulsory
    else:
        assert "lab_end" in keys(at)
        at.toggle(key=f"lab_secret_{EventStore().load(code).seq}_{destination}").set_value(
            True).run()
        assert at.success  # the card under the pile, for that player only


def test_two_taps_swap_two_empty_paths() -> None:
    code = new_game({"type": "roll", "value": 2})
    swappable = EventStore().load(code).state.summary()["swappable"]
    at = play_app(code=code).run()
    at.segmented_control(key=f"lab_mode_{EventStore().load(code).seq}").set_value(
        "Échanger deux chemins").run()
    lit = {b.key.removeprefix("lab_cell_") for b in at.button
           if b.key.startswith("lab_cell_") and not b.disabled}
    assert lit == set(swappable)
    at.button(key=f"lab_cell_{swappable[0]}").click().run()
    assert "lab_swap_cancel" in keys(at)
    at.button(key=f"lab_cell_{swappable[0]}").click().run()  # itself again: the choice let go
    assert "lab_swap_cancel" not in keys(at) and len(EventStore().load(code).events) == 1
    at.button(key=f"lab_cell_{swappable[0]}").click().run()
    at.button(key=f"lab_cell_{swappable[1]}").click().run()
    no_failure(at)
    assert EventStore().load(code).events[-1] == {"type": "swap",
                                                  "cells": swappable[:2]}
    assert "lab_end" in keys(at)


def test_an_action_card_turned_up_must_be_done() -> None:
    setup, events = example_events()
    # Tom has turned up « À l'Arrivée » (example event 6): the card waits to be done
    k = next(i for i, e in enumerate(events) if e.get("card") == "retour-arrivee")
    code = game_with(setup, events[:k])
    at = play_app(code=code).run()
    no_failure(at)
    assert any("À l'Arrivée" in i.value for i in at.info)
    assert "lab_end" not in keys(at)
    at.button(key="lab_do_action").click().run()
    no_failure(at)
    assert EventStore().load(code).events[-1] == {"type": "action", "card": "retour-arrivee"}
    assert "lab_decl_go" in keys(at)  # on Arrivée now


def events_until(goal: Any, setup: dict[str, Any] = SETUP) -> list[dict[str, Any]]:
    """Legal events (chosen by a fixed random walk, never declaring) until `goal(state)`."""
    from companion.games.labystere.engine import ENGINE

    for attempt in range(200):
        rng = random.Random(attempt)
        state = ENGINE.new_state(setup)
        events: list[dict[str, Any]] = []
        for _ in range(300):
            if goal(state):
                return events
            legal = [e for e in state.legal_events() if e["type"] != "declare"]
            event = rng.choice(legal)
            state.apply(event)
            events.append(event)
    raise AssertionError("goal never reached")


def test_double_is_announced_and_applied_to_the_next_roll_only() -> None:
    events = events_until(lambda s: s.phase == "roll" and s.double_pending[s.turn])
    code = game_with(SETUP, events)
    at = play_app(code=code).run()
    no_failure(at)
    assert any("Ce lancer compte double" in i.value for i in at.info)
    at.button(key="lab_face_3").click().run()
    no_failure(at)
    assert "compte double, **6 cases**" in markdown(at)
    assert EventStore().load(code).state.summary()["steps"] == 6


def test_rejoue_asks_the_same_player_to_roll_again() -> None:
    events = events_until(lambda s: s.phase == "roll" and s.last_action is not None
                          and s.last_action["card"] == "rejoue")
    code = game_with(SETUP, events)
    at = play_app(code=code).run()
    no_failure(at)
    assert any("Rejoue" in i.value for i in at.info)
    assert "lab_roll" in keys(at) and "lab_end" not in keys(at)


def test_declaration_on_arrivee_is_judged_by_the_engine() -> None:
    setup, events = example_events()
    code = game_with(setup, events[:-1])  # Léa is on Arrivée, her turn
    at = play_app(code=code).run()
    no_failure(at)
    assert not at.radio  # the table never enters « correct »
    at.pills(key="lab_decl_suspect").set_value("ours")
    at.pills(key="lab_decl_place").set_value("tour").run()
    at.button(key="lab_decl_go").click().run()
    no_failure(at)
    assert EventStore().load(code).events[-1] == {"type": "declare", "suspect": "ours",
                                                  "place": "tour"}
    assert any("Léa a trouvé" in s.value and "juste" in s.value for s in at.success)
    assert "lab_roll" not in keys(at)


def test_a_wrong_declaration_says_faux_without_the_answer() -> None:
    setup, events = example_events()
    code = game_with(setup, events[:-1])
    at = play_app(code=code).run()
    at.pills(key="lab_decl_suspect").set_value("pie")
    at.pills(key="lab_decl_place").set_value("tour").run()
    at.button(key="lab_decl_go").click().run()
    no_failure(at)
    assert any("faux" in w.value for w in at.warning)
    page = markdown(at) + " ".join(w.value for w in at.warning)
    assert "Bruno l'ours" not in page  # the culprit is not shown
    assert "Au tour d’Inès" in markdown(at)


def test_no_declaration_form_away_from_arrivee() -> None:
    at = play_app(code=new_game()).run()
    assert "lab_decl_go" not in keys(at)


def test_map_shows_sorts_and_reveals_only_at_the_end() -> None:
    at = play_app(code=new_game()).run()
    assert "<td " not in markdown(at)  # only the view chosen is drawn
    at.segmented_control(key="lab_view").set_value("Plan").run()
    page = markdown(at)
    assert page.count("<td ") == 25 and page.count("k-drapeau") == 4 + 1  # 4 cells + CSS rule
    assert "Rejoue</span>" not in page and "sans chemin" in page
    assert not at.toggle  # during play nobody sees the answer, not even the host (TAB-3)
    at = play_app(code=game_with(*example_events())).run()  # finished: Léa won
    at.segmented_control(key="lab_view").set_value("Plan").run()
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
    assert not keys(at) & {"lab_roll", "lab_end", "lab_decl_go", "lab_reveal_pile"}
    assert not any(k.startswith(("lab_cell_", "lab_swap", "lab_secret")) for k in keys(at))
    assert not at.toggle
    page = markdown(at)
    assert 'table class="labb"' in page and page.count(" lit\"") >= 1
    names = {c.id: c.name for c in load_game("labystere").components()}
    for _, cell in generate(42).cells():
        if cell.path is not None:
            assert f">{names[cell.action]}<" not in page  # no face-down card


def test_cards_and_questions_are_there() -> None:
    at = play_app(code=new_game()).run()
    at.segmented_control(key="lab_view").set_value("Cartes").run()
    labels = [e.label for e in at.expander]
    assert any(label.startswith("Rejoue") for label in labels)
    at.segmented_control(key="lab_view").set_value("Questions").run()
    labels = [e.label for e in at.expander]
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


def test_regarde_temoin_is_a_tap_on_a_temoin_then_shown_to_that_player_only() -> None:
    events = events_until(lambda s: s.phase == "action" and s.pending == "regarde-temoin")
    code = game_with(SETUP, events)
    at = play_app(code=code).run()
    no_failure(at)
    lit = sorted(b.key.removeprefix("lab_cell_") for b in at.button
                 if b.key.startswith("lab_cell_") and not b.disabled)
    state = EventStore().load(code).state
    temoins = [c["cell"] for row in state.summary()["board"] for c in row
               if c["cover"] == "temoin"]
    assert lit == sorted(temoins) and "lab_end" not in keys(at)
    at.button(key=f"lab_cell_{lit[0]}").click().run()
    no_failure(at)
    stored = EventStore().load(code)
    assert stored.events[-1] == {"type": "action", "card": "regarde-temoin", "cell": lit[0]}
    names = {c.id: c.name for c in load_game("labystere").components()}
    seen = names[stored.state.hidden_card(lit[0])]
    assert not any(seen in s.value for s in at.success)  # hidden until the player taps
    at.toggle(key=f"lab_secret_{stored.seq}_{lit[0]}").set_value(True).run()
    assert any(seen in s.value for s in at.success)
    public = play_app(code=code, view="public").run()
    assert seen not in markdown(public) and not public.success


def test_echange_offers_the_other_players_and_swaps_the_pawns() -> None:
    events = events_until(lambda s: s.phase == "action" and s.pending == "echange-pion")
    code = game_with(SETUP, events)
    before = EventStore().load(code).state.summary()["players"]
    at = play_app(code=code).run()
    no_failure(at)
    assert [b.label for b in at.button if b.key.startswith("lab_target_")] == ["Tom"] or \
        [b.label for b in at.button if b.key.startswith("lab_target_")] == ["Léa"]
    at.button(key="lab_target_0").click().run()
    no_failure(at)
    after = EventStore().load(code).state.summary()["players"]
    assert [p["cell"] for p in after] == [p["cell"] for p in reversed(before)]
    assert "lab_end" in keys(at)


# --- corrections by tapping: the same forms, prefilled, choices from before the entry --------


def open_correction(at: AppTest, code: str, index: int) -> str:
    """Tap the entry n° `index` in the history; the correction form's key prefix."""
    from tableapp.table.gamepage import HISTORY

    at.segmented_control(key="tb_panel").set_value(HISTORY).run()
    at.button(key=f"tb_fix_{index}").click().run()
    no_failure(at)
    assert any("Correction du n° " in h for h in headings(at))
    return f"fix_{code}_{index}"


def test_a_move_is_corrected_by_tapping_another_destination_of_that_roll() -> None:
    code = new_game({"type": "roll", "value": 3})
    moves = EventStore().load(code).state.summary()["moves"]
    first, other = list(moves)[:2]
    at = play_app(code=code).run()
    at.button(key=f"lab_cell_{first}").click().run()
    no_failure(at)
    stored = EventStore().load(code)
    index = stored.entries[-1].index
    key = open_correction(at, code, index)
    assert "lab_reveal_pile" not in keys(at)  # one form at a time
    lit = {b.key.removeprefix(f"{key}_cell_") for b in at.button
           if b.key.startswith(f"{key}_cell_") and not b.disabled}
    assert lit == set(moves)  # the destinations of that roll, as it stood before the move
    at.button(key=f"{key}_cell_{other}").click().run()
    no_failure(at)
    stored = EventStore().load(code)
    assert stored.events[-1] == {"type": "move", "path": moves[other]}
    assert stored.raw[-1]["type"] == "correct" and stored.raw[-1]["index"] == index
    assert any(f"n° {index + 1} corrigé" in s.value for s in at.success)  # shown from 1
    assert stored.state.summary()["players"][0]["cell"] == other


def test_a_declaration_is_corrected_with_its_choices_pressed() -> None:
    setup, events = example_events()
    code = game_with(setup, events[:-1])
    at = play_app(code=code).run()
    at.pills(key="lab_decl_suspect").set_value("pie")
    at.pills(key="lab_decl_place").set_value("tour").run()
    at.button(key="lab_decl_go").click().run()
    index = EventStore().load(code).entries[-1].index
    key = open_correction(at, code, index)
    assert at.pills(key=f"{key}_decl_suspect").value == "pie"  # prefilled
    assert at.pills(key=f"{key}_decl_place").value == "tour"
    at.pills(key=f"{key}_decl_suspect").set_value("ours").run()
    at.button(key=f"{key}_decl_go").click().run()
    no_failure(at)
    state = EventStore().load(code).state.summary()
    assert state["winner"] == "Léa"  # replayed: the corrected declaration is right
    assert any("Léa a trouvé" in s.value for s in at.success)


def test_a_table_die_is_corrected_an_app_die_only_withdrawn() -> None:
    code = new_game({"type": "roll", "value": 2, "source": "table"})
    at = play_app(code=code).run()
    key = open_correction(at, code, 0)
    assert at.button(key=f"{key}_face_2").proto.type == "primary"  # the value typed, pressed
    at.button(key=f"{key}_face_4").click().run()
    no_failure(at)
    assert EventStore().load(code).events == [{"type": "roll", "value": 4, "source": "table"}]
    code = new_game({"type": "roll", "value": 2, "source": "app"})
    at = play_app(code=code).run()
    key = open_correction(at, code, 0)
    assert not [b for b in at.button if b.key.startswith(f"{key}_face_")]
    assert any("seulement être retiré" in c.value for c in at.caption)
    at.button(key="tb_retract").click().run()
    no_failure(at)
    assert EventStore().load(code).events == []


def test_a_swap_is_corrected_by_two_taps_and_a_reveal_only_withdrawn() -> None:
    code = new_game({"type": "roll", "value": 2})
    swappable = EventStore().load(code).state.summary()["swappable"]
    store = EventStore()
    store.append(code, {"type": "swap", "cells": swappable[:2]}, store.seq(code))
    at = play_app(code=code).run()
    key = open_correction(at, code, 1)
    assert any(f"{swappable[0]} ↔ {swappable[1]}" in c.value for c in at.caption)
    at.button(key=f"{key}_cell_{swappable[2]}").click().run()
    at.button(key=f"{key}_cell_{swappable[3]}").click().run()
    no_failure(at)
    assert EventStore().load(code).events[-1] == {"type": "swap", "cells": swappable[2:4]}
    from tableapp.table.history import WITHDRAW_ONLY

    code = game_with(SETUP, events_until(lambda s: s.phase == "done" and s.last_reveal))
    index = next(e.index for e in reversed(EventStore().load(code).entries)
                 if e.event["type"] == "reveal")
    at = play_app(code=code).run()
    open_correction(at, code, index)
    assert any(WITHDRAW_ONLY in i.value for i in at.info)


def test_a_refused_tap_says_why_and_writes_nothing() -> None:
    code = new_game({"type": "roll", "value": 3})
    at = play_app(code=code).run()
    store = EventStore()
    store.undo(code, store.seq(code))  # another device undid the roll meanwhile
    destination = next(b.key for b in at.button
                       if b.key.startswith("lab_cell_") and not b.disabled)
    at.button(key=destination).click().run()
    assert at.error and store.load(code).events == []
