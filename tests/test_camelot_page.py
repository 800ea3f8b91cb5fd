"""The Camelot page headless (AppTest): a game created through the setup form and the first
sample tournament of camelot.txt entered card by card; the preview of an action card; an illegal
play refused with its reason and nothing written; the light token tracker; the public view."""

from __future__ import annotations

from typing import Any

from hosting import as_host
from streamlit.testing.v1 import AppTest

from companion.store import EventStore
from tableapp import session

NAMES = ["Sire Marcel", "Sire Raymond", "Sire Maurice", "Lady Danielle"]


def app(**query: str) -> AppTest:
    def script() -> None:
        import tableapp.pages.camelot as camelot

        camelot.play()

    at = AppTest.from_function(script, default_timeout=30)
    at.query_params.update(as_host(query))
    return at


def store() -> EventStore:
    return session.EventStore(session.default_path())


def texts(at: AppTest) -> str:
    parts: list[Any] = [*at.markdown, *at.text, *at.caption, *at.success, *at.error, *at.info,
                        *at.warning]
    # markdown escapes (« ce tour\-ci ») removed: the words as the user reads them
    return "\n".join(str(p.value) for p in parts).replace("\\", "")


def click(at: AppTest, key: str) -> AppTest:
    next(b for b in at.button if b.key == key).click()
    return at.run()


def play_card(at: AppTest, card: str) -> AppTest:
    at.selectbox(key="cam_card").select(card)
    at.run()
    return click(at, "cam_play")


def code_of(at: AppTest) -> str:
    code = at.query_params["code"]
    return code[0] if isinstance(code, list) else code


def totals(at: AppTest) -> dict[str, str]:
    """Displayed totals of the players still in the tournament."""
    return {m.label[2:]: m.value for m in at.metric if m.label.startswith("⚔ ") and m.value != "—"}


def test_first_sample_tournament_entered_through_the_page() -> None:
    at = app().run()
    at.segmented_control(key="np_camelot_count").set_value(4).run()
    for i, name in enumerate(NAMES):
        at.text_input(key=f"np_camelot_seat_{i}").input(name)
    at.run()
    at.radio(key="cam_setup_mode").set_value("table").run()
    click(at, "np_camelot_start")
    code = code_of(at)
    assert store().load(code).setup == {"players": NAMES, "mode": "table", "first_player": 0}
    # « Avant de tirer sa carte, le joueur qui débute un tournoi choisit la couleur » (CAM-1):
    # the starter is asked the colour first, then told to draw
    assert "choisit la couleur du tournoi avant de piocher (main de 8 carte(s))" in texts(at)
    at.selectbox(key="cam_start_colour").select("rouge").run()
    click(at, "cam_start_go")
    assert "Sire Marcel pioche maintenant sa carte" in texts(at)
    assert store().load(code).state.hand_count(0) == 9
    play_card(at, "rouge-3")
    assert "pioche maintenant" not in texts(at)
    click(at, "cam_end")
    # Raymond tries to stay without playing: refused with its reason, nothing written
    seq = store().load(code).seq
    click(at, "cam_end")
    assert "au moins une carte" in texts(at) and "choix de la maison" in texts(at)
    assert "CAM-3" not in texts(at)  # register ids stay in the docs (registre TAB-5)
    assert store().load(code).seq == seq
    play_card(at, "rouge-5")
    click(at, "cam_end")
    click(at, "cam_withdraw")  # Maurice
    play_card(at, "rouge-4")
    play_card(at, "rouge-3")
    # the preview of an action card, before it is confirmed
    at.selectbox(key="cam_card").select("feinte").run()
    assert "Feinte : Sire Raymond défausse" not in texts(at)
    assert "Ce coup serait refusé" in texts(at)  # every opponent has a lone card
    at.selectbox(key="cam_card").select("rouge-3").run()
    click(at, "cam_end")
    assert totals(at)["Lady Danielle"] == "7"
    play_card(at, "rouge-5")
    click(at, "cam_end")
    click(at, "cam_withdraw")  # Raymond
    play_card(at, "rouge-3")
    play_card(at, "ecuyer-2")
    click(at, "cam_end")
    play_card(at, "dame-6")
    click(at, "cam_end")
    assert totals(at) == {"Sire Marcel": "14", "Lady Danielle": "12"}
    play_card(at, "ecuyer-3")
    click(at, "cam_end")
    click(at, "cam_withdraw")  # Marcel: a dame, but no token to lose
    state = store().load(code).state
    assert state.summary()["players"][3]["tokens"] == ["rouge"]
    assert "Lady Danielle choisit la couleur du tournoi avant de piocher" in texts(at)
    assert not at.exception


def test_an_action_preview_says_what_will_happen() -> None:
    code = store().create("camelot", {"players": NAMES[:2], "mode": "table"})
    s = store()
    for seq, event in enumerate([
            {"type": "start", "player": 0, "colour": "bleu"},
            {"type": "play", "player": 0, "card": "bleu-3"},
            {"type": "play", "player": 0, "card": "bleu-4"},
            {"type": "end", "player": 0},
            {"type": "play", "player": 1, "card": "bleu-5"}]):
        s.append(code, event, seq)
    at = app(code=code).run()
    at.selectbox(key="cam_card").select("riposte").run()
    at.selectbox(key="cam_target").select(0).run()
    assert "Effet : Riposte : Sire Raymond prend Bleu 4 à Sire Marcel" in texts(at)
    click(at, "cam_play")
    assert store().load(code).state.displays == [["bleu-3"], ["bleu-5", "bleu-4"]]
    assert "Lancelot : annuler cette action" in [b.label for b in at.button]
    assert not at.exception


def test_token_tracker_records_tournaments_penalties_and_the_winner() -> None:
    code = store().create("camelot", {"players": NAMES, "mode": "jetons"})
    at = app(code=code).run()
    for colour in ("rouge", "bleu", "jaune"):
        at.selectbox(key="cam_t_winner").select(3)
        at.selectbox(key="cam_t_colour").select(colour).run()
        click(at, "cam_t_go")
    at.selectbox(key="cam_d_player").select(3).run()
    at.selectbox(key="cam_d_token").select("bleu").run()
    click(at, "cam_d_go")
    assert {m.label: m.value for m in at.metric}["Lady Danielle"] == "2"
    at.selectbox(key="cam_t_winner").select(3)
    at.selectbox(key="cam_t_colour").select("violet").run()
    at.selectbox(key="cam_t_token").select("vert").run()
    click(at, "cam_t_go")
    at.selectbox(key="cam_t_winner").select(3)
    at.selectbox(key="cam_t_colour").select("violet").run()
    click(at, "cam_t_go")  # purple after purple: refused
    assert "deux tournois violets" in texts(at)
    at.selectbox(key="cam_t_colour").select("bleu").run()
    click(at, "cam_t_go")
    assert "Lady Danielle a gagné la partie" in texts(at)
    assert store().load(code).state.summary()["winner"] == "Lady Danielle"
    assert not at.exception


def test_public_view_shows_displays_but_no_forms() -> None:
    code = store().create("camelot", {"players": ["<b>Ana</b>", "Bert"], "mode": "table"})
    store().append(code, {"type": "start", "player": 0, "colour": "vert"}, 0)
    at = app(code=code, view="public").run()
    assert not [b for b in at.button if b.key and b.key.startswith("cam_")]
    # shown literally (markdown-escaped), never as HTML
    assert "⚔ <b>Ana</b>" in [m.label.replace("\\", "") for m in at.metric]
    assert "⚔ <b>Ana</b>" not in [m.label for m in at.metric]
    assert not at.exception


def test_the_end_of_a_tournament_is_announced_with_its_token_by_name() -> None:
    code = store().create("camelot", {"players": NAMES[:2], "mode": "table"})
    s = store()
    for seq, event in enumerate([
            {"type": "start", "player": 0, "colour": "rouge"},
            {"type": "play", "player": 0, "card": "rouge-3"},
            {"type": "end", "player": 0}]):
        s.append(code, event, seq)
    at = app(code=code).run()
    # Raymond is told how much he still needs, in words a table understands
    assert "pour rester : au moins 4 point(s) de plus à son tour" in texts(at)
    click(at, "cam_withdraw")
    shown = texts(at)
    assert "Tournoi terminé : Sire Marcel gagne le tournoi ● Rouge et prend le jeton ● Rouge" \
        in shown
    # tokens are named, not only coloured dots
    assert "● Rouge" in [t.value for t in at.text]
    assert not at.exception


def test_a_token_already_owned_is_announced_as_bringing_nothing() -> None:
    code = store().create("camelot", {"players": NAMES[:2], "mode": "jetons"})
    s = store()
    for seq in range(2):
        s.append(code, {"type": "tournament", "winner": 1, "colour": "jaune"}, seq)
    at = app(code=code).run()
    assert ("Sire Raymond gagne le tournoi ● Jaune mais avait déjà le jeton ● Jaune : rien "
            "de plus") in texts(at)
    assert not at.exception


def _game(events: list[dict[str, Any]], n: int = 3) -> str:
    code = store().create("camelot", {"players": NAMES[:n], "mode": "table"})
    s = store()
    for seq, event in enumerate(events):
        s.append(code, event, seq)
    return code


SHIELDED = [{"type": "start", "player": 0, "colour": "rouge"},
            {"type": "play", "player": 0, "card": "rouge-3"},
            {"type": "play", "player": 0, "card": "rouge-3"},
            {"type": "end", "player": 0},
            {"type": "play", "player": 1, "card": "rouge-4"},
            {"type": "play", "player": 1, "card": "rouge-4"},
            {"type": "play", "player": 1, "card": "bouclier"},
            {"type": "end", "player": 1},
            {"type": "play", "player": 2, "card": "rouge-5"},
            {"type": "play", "player": 2, "card": "rouge-5"}]


def test_a_shielded_player_is_neither_a_chute_target_nor_asked_by_adaptation() -> None:
    """camelot.txt › Cartes spéciales (Bouclier) and the author's FAQ: no opponent's action card
    touches a shielded player (registre CAM-7): the forms do not offer him."""
    code = _game(SHIELDED)
    at = app(code=code).run()
    at.selectbox(key="cam_card").select("chute").run()
    assert at.selectbox(key="cam_target").options == ["Sire Marcel"]
    at.selectbox(key="cam_card").select("adaptation").run()
    labels = [m.label for m in at.multiselect]
    assert any("Sire Marcel" in label for label in labels)
    assert not any("Sire Raymond" in label for label in labels)  # shielded: not asked
    click(at, "cam_play")
    assert store().load(code).state.displays[1] == ["rouge-4", "rouge-4"]
    assert not at.exception


def test_cannot_start_sends_the_hand_shown_and_a_startable_hand_is_refused() -> None:
    """camelot.txt › Débuter un tournoi: a starter with only action cards shows the hand; the
    FAQ: « you must if you can » (registre CAM-1): the page sends the shown hand to be checked."""
    code = _game([], n=2)
    at = app(code=code).run()
    # the hand shown is the one before the draw: 8 cards (registre CAM-1)
    hand = ["rouge-3", *["riposte"] * 3, *["chute"] * 2, "feinte", "charge"]
    assert len(at.multiselect(key="cam_start_hand").options) == 110  # every copy of every card
    picked = [f"{card}#{hand[:i].count(card)}" for i, card in enumerate(hand)]
    at.multiselect(key="cam_start_hand").set_value(picked).run()
    click(at, "cam_start_pass")
    assert store().load(code).seq == 0  # a red 3 could start: refused, nothing written
    assert "peut débuter le tournoi, donc doit le faire" in texts(at)
    picked[0] = "disgrace#0"
    at.multiselect(key="cam_start_hand").set_value(picked).run()
    click(at, "cam_start_pass")
    stored = store().load(code)
    assert stored.events[-1]["hand"][0] == "disgrace" and stored.state.current == 1
    assert not at.exception
