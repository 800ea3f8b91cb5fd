"""AppTest of tableapp/pages/emblemes/: a whole round entered through the page (reveals, a tie
side, an effect's choice), the count shown with every coin, the public view, the place-card
editor whose values are offered again at the next game."""

from __future__ import annotations

from typing import Any

from streamlit.testing.v1 import AppTest

from companion.core.engine import replay
from companion.events.store import EventStore, default_path
from companion.games.emblemes.placecards import load_table_values

PLAYERS = ["rouge", "bleu", "vert"]


def _game_page() -> None:
    from tableapp.pages.emblemes import render

    render()


def _editor_page() -> None:
    from tableapp.pages.emblemes import editor

    editor()


def start_game(at: AppTest) -> AppTest:
    at.run()
    for i, name in enumerate(PLAYERS):
        at.text_input(key=f"np_emblemes_seat_{i}").input(name)
    at.run()
    at.button(key="np_emblemes_start").click().run()
    assert not at.exception
    return at


def keyed(elements: Any, prefix: str) -> Any:
    found = [e for e in elements if e.key and e.key.startswith(prefix)]
    assert len(found) == 1, [e.key for e in elements]
    return found[0]


def question(at: AppTest, name: str) -> Any:
    """The question (pills) about `name` (« side », « choices.to »…) of the new-entry form."""
    return keyed(at.pills, f"emb_new_{_marker(at)}_q_{name}_")


def enter(at: AppTest, value: int, place: str, answers: dict[str, int] | None = None) -> None:
    """Choose the card and the place (nothing sent), validate, answer the questions the page
    then asks (by option index) and validate again."""
    keyed(at.pills, "emb_new_").set_value(value)
    keyed(at.segmented_control, "emb_new_").set_value(place)
    keyed(at.button, "emb_new_").click().run()
    for key, index in (answers or {}).items():
        question(at, key).set_value(index)
    if answers:
        keyed(at.button, "emb_new_").click().run()
    assert not at.exception and not at.error, [e.value for e in at.error]


def _marker(at: AppTest) -> str:
    """« CODE_SEQ »: the new-entry form's keys name the game and the log's length."""
    return keyed(at.button, "emb_new_").key.removeprefix("emb_new_").removesuffix("_go")


def stored_game(at: AppTest) -> Any:
    return EventStore(default_path()).load(at.query_params["code"])


def test_a_whole_round_through_the_page() -> None:
    at = start_game(AppTest.from_function(_game_page, default_timeout=30))
    assert "**Au tour de rouge** de retourner sa carte." in [t.value for t in at.markdown]
    # turn 1: rouge, bleu, vert — bleu's Princesse ties rouge's: the page asks the side
    enter(at, 14, "chateau")
    enter(at, 14, "chateau", {"side": 1})
    enter(at, 6, "port")
    # turn 2: bleu, vert, rouge — bleu's Voleuse robs vert in the Port
    enter(at, 11, "port")
    enter(at, 13, "village")
    enter(at, 12, "port", {"choices.to": 1})  # Garde: sends its neighbour to the Village
    # turn 3: vert, rouge, bleu
    enter(at, 3, "village")
    enter(at, 2, "port")
    enter(at, 13, "chateau")
    # turn 4: rouge, bleu, vert
    enter(at, 7, "village")
    enter(at, 6, "village")
    enter(at, 2, "chateau")

    stored = stored_game(at)
    assert len(stored.events) == 12
    assert stored.events[1]["side"] == "right"
    state = replay("emblemes", stored.setup, stored.events)
    assert state.round == 2 and len(state.results) == 1
    # the page shows the engine's coins, in seat order, and the count of round 1
    status = next(m.value for m in at.markdown if m.value.startswith("Manche 2/3"))
    assert [line.split(" : **")[1].split("**")[0] for line in status.splitlines()[1:]] \
        == [f"{state.coins[p]} pièces" for p in PLAYERS]
    assert "Décompte de la manche 1" in [e.label for e in at.expander]
    shown = "\n".join(t.value for t in [*at.text, *at.markdown]).replace("\\", "")
    for movement in state.results[0].movements:
        assert movement.cause in shown
    assert "**Au tour de bleu** de retourner sa carte." in [t.value for t in at.markdown]


def test_public_view_shows_the_game_without_the_form() -> None:
    at = start_game(AppTest.from_function(_game_page, default_timeout=30))
    enter(at, 14, "chateau")
    code = at.query_params["code"]
    public = AppTest.from_function(_game_page, default_timeout=30)
    public.query_params["code"] = code
    public.query_params["view"] = "public"
    public.run()
    assert not public.exception
    assert not [b for b in public.button if b.key and b.key.startswith("emb_new_")]
    assert any("La Princesse" in t.value for t in public.markdown)


def test_place_card_editor_saves_and_offers_the_values() -> None:
    at = AppTest.from_function(_editor_page, default_timeout=30)
    at.run()
    at.segmented_control(key="emb_ed_set").set_value("A").run()
    at.segmented_control(key="emb_ed_place").set_value("village").run()
    prefix = "emb_ed_lieu-a-village_face_3_4"
    at.number_input(key=f"{prefix}_count").set_value(2).run()
    at.pills(key=f"{prefix}_kind_1").set_value("fixed").run()
    at.number_input(key=f"{prefix}_amount_1_fixed").set_value(5).run()
    at.pills(key=f"{prefix}_kind_2").set_value("steal").run()
    at.button(key="emb_ed_save").click().run()
    assert not at.exception
    assert [s.value for s in at.success]
    saved = load_table_values()["lieu-a-village"]["face_3_4"]
    assert [r.model_dump(exclude_none=True) for r in saved] == [{"fixed": 5}, {"steal": 1}]
    assert any("Vos valeurs enregistrées" in t.value for t in at.text)

    # the next game offers them, labelled as the table's own
    game = AppTest.from_function(_game_page, default_timeout=30)
    game.run()
    for i, name in enumerate(PLAYERS):
        game.text_input(key=f"np_emblemes_seat_{i}").input(name)
    game.run()
    assert game.checkbox(key="emb_setup_own").value is True
    assert any("Village" in c.value and "valeurs de la table" in c.value for c in game.caption)
    game.button(key="np_emblemes_start").click().run()
    stored = stored_game(game)
    assert stored.setup["places"]["village"] == {"rewards": [{"fixed": 5}, {"steal": 1}],
                                                 "provenance": "table"}

    at.button(key="emb_ed_reset").click().run()
    assert "lieu-a-village" not in load_table_values()


def test_an_effect_choice_is_never_made_for_the_table() -> None:
    """A question (here the side of a tie) starts unanswered and « Valider » waits for it: a
    hurried tap must not record the first option as the table's choice."""
    at = start_game(AppTest.from_function(_game_page, default_timeout=30))
    enter(at, 14, "chateau")
    seq = stored_game(at).seq
    enter(at, 14, "chateau")  # validated with the side unanswered: asked, nothing written
    assert question(at, "side").value is None
    assert any("répondez à la question" in i.value for i in at.info)
    keyed(at.button, "emb_new_").click().run()
    assert stored_game(at).seq == seq
    question(at, "side").set_value(0)
    keyed(at.button, "emb_new_").click().run()
    assert stored_game(at).events[1]["side"] == "left"


def test_card_and_place_send_nothing_until_validated() -> None:
    """The card and the place are buttons that send nothing (on_change="ignore"): one round
    trip per reveal; validated without a card, the form says what is missing."""
    at = start_game(AppTest.from_function(_game_page, default_timeout=30))
    card = keyed(at.pills, "emb_new_")
    place = keyed(at.segmented_control, "emb_new_")
    assert card.value is None and place.value is None  # nothing chosen for the table
    assert card.options == ["15 Le Roi ♦", "14 La Princesse □", "13 La Sorcière □",
                            "12 Le Garde ♦", "11 La Voleuse ♦", "10 L'Alchimiste ♦",
                            "9 La Courtisane ♦", "8 Le Stratège ♦", "7 Le Traître □",
                            "6 Le Marchand □", "5 La Guerrière ♦", "4 Le Barde ♦",
                            "3 L'Espionne □", "2 Le Matelot □", "1 Le Chasseur ♦"]
    keyed(at.button, "emb_new_").click().run()
    assert "Choisissez la carte révélée et le lieu" in at.warning[0].value
    assert stored_game(at).seq == 0
    enter(at, 3, "port")
    assert stored_game(at).events == [{"type": "reveal", "player": "rouge", "value": 3,
                                       "place": "port"}]


def test_a_later_question_that_does_not_depend_on_the_first_is_asked_with_it() -> None:
    """The Garde asks which neighbour, then where to: the places offered do not depend on the
    neighbour chosen, so both are asked at once (one « Valider » for both)."""
    at = start_game(AppTest.from_function(_game_page, default_timeout=30))
    enter(at, 14, "port")
    enter(at, 3, "port")  # bleu: an Espionne
    enter(at, 12, "port")  # vert: a Garde between the Princesse and the Espionne
    assert question(at, "choices.card").value is None
    assert question(at, "choices.to").options == ["Château", "Village"]
    question(at, "choices.card").set_value(1)
    question(at, "choices.to").set_value(1)
    keyed(at.button, "emb_new_").click().run()
    assert not at.error
    last = stored_game(at).events[-1]
    assert last["choices"] == {"card": {"owner": "bleu", "value": 3}, "to": "village"}


def test_setup_shows_names_as_typed_in_the_first_player_list() -> None:
    at = AppTest.from_function(_game_page, default_timeout=30)
    at.run()
    for i, name in enumerate(["<b>Zoé</b>", "*Max*", "Léa"]):
        at.text_input(key=f"np_emblemes_seat_{i}").input(name)
    at.run()
    first = at.segmented_control(key="emb_setup_first")
    assert first.value == "<b>Zoé</b>"  # the value as typed, the label escaped
    assert [o.replace("\\", "") for o in first.options] == ["<b>Zoé</b>", "*Max*", "Léa"]
    assert "<b>" not in first.options[0]  # escaped: never drawn as HTML or markdown


def test_history_lines_are_in_words() -> None:
    """The history reads as French, not as the JSON of the event (sides, places, cards)."""
    from companion.games.emblemes.texts import describe

    line = describe({"type": "reveal", "player": "rouge", "value": 12, "place": "port",
                     "side": "left", "choices": {"card": {"owner": "bleu", "value": 11},
                                                 "to": "chateau"}})
    assert line == ("rouge pose Le Garde (12) au Port, à gauche de la carte de même valeur ; "
                    "déplace La Voleuse (11) de bleu vers le Château")
    assert "{" not in describe({"type": "reveal", "player": "vert", "value": 11,
                                "place": "port", "choices": {"victim": "bleu"}})
