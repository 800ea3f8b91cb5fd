"""The Camelot page headless (AppTest): a game created through the setup form and the first
sample tournament of camelot.txt entered card by card; the preview of an action card; an illegal
play refused with its reason and nothing written; the light token tracker; the public view."""

from __future__ import annotations

from typing import Any

from pages import page_app, store
from pages import texts as shown
from streamlit.testing.v1 import AppTest

NAMES = ["Sire Marcel", "Sire Raymond", "Sire Maurice", "Lady Danielle"]


def app(**query: str) -> AppTest:
    return page_app("camelot", "play", **query)


def texts(at: AppTest) -> str:
    return shown(at, unescaped=True)


def entry(at: AppTest, suffix: str) -> Any:
    """The widget of the new-entry form whose key ends with `suffix` (« play_card »…): the
    form's keys name the game and the log's length, so a new entry starts afresh."""
    found = [w for kind in (at.button, at.pills, at.segmented_control, at.toggle) for w in kind
             if w.key and w.key.startswith("cam_new_") and w.key.endswith(f"_{suffix}")]
    assert len(found) == 1, (suffix, [w.key for w in at.button])
    return found[0]


def click(at: AppTest, suffix: str) -> AppTest:
    entry(at, suffix).click()
    return at.run()


def play_card(at: AppTest, card: str) -> AppTest:
    """Pick the card (nothing sent) and « Jouer cette carte »; an action card shows its effect
    first, then a second tap confirms it."""
    entry(at, "play_card").set_value(card)
    click(at, "play_go")
    from companion.games.camelot.cards import ACTION, catalogue

    if catalogue().cards[card].kind == ACTION and not at.error:
        click(at, "play_go")
    return at


def code_of(at: AppTest) -> str:
    code = at.query_params["code"]
    return code[0] if isinstance(code, list) else code


def totals(at: AppTest) -> dict[str, str]:
    """Displayed totals of the players still in the tournament."""
    shown = next(m.value for m in at.markdown if m.value.startswith("**Tournoi"))
    out = {}
    for line in shown.splitlines()[1:]:
        if line.startswith("- **"):
            name, total = line[4:].split("**")[0].rsplit(" : ", 1)
            if total != "—":
                out[name.replace("\\", "")] = total
    return out


def test_first_sample_tournament_entered_through_the_page() -> None:
    at = app().run()
    at.segmented_control(key="np_camelot_count").set_value(4).run()
    for i, name in enumerate(NAMES):
        at.text_input(key=f"np_camelot_seat_{i}").input(name)
    at.run()
    at.segmented_control(key="cam_setup_mode").set_value("table").run()
    next(b for b in at.button if b.key == "np_camelot_start").click()
    at.run()
    code = code_of(at)
    assert store().load(code).setup == {"players": NAMES, "mode": "table", "first_player": 0}
    # « Avant de tirer sa carte, le joueur qui débute un tournoi choisit la couleur » (CAM-1):
    # the starter is asked the colour first, then told to draw
    assert "choisit la couleur du tournoi avant de piocher (main de 8 cartes)" in texts(at)
    entry(at, "colour").set_value("rouge")
    click(at, "go")
    assert "Sire Marcel pioche maintenant sa carte" in texts(at)
    assert store().load(code).state.hand_count(0) == 9
    play_card(at, "rouge-3")
    assert "pioche maintenant" not in texts(at)
    click(at, "end_end")
    # Raymond tries to stay without playing: refused with its reason, nothing written
    seq = store().load(code).seq
    click(at, "end_end")
    assert "au moins une carte" in texts(at) and "choix de la maison" in texts(at)
    assert "CAM-3" not in texts(at)  # register ids stay in the docs (registre TAB-5)
    assert store().load(code).seq == seq
    play_card(at, "rouge-5")
    click(at, "end_end")
    click(at, "end_withdraw")  # Maurice
    play_card(at, "rouge-4")
    play_card(at, "rouge-3")
    # the preview of an action card, before it is confirmed
    entry(at, "play_card").set_value("feinte")
    click(at, "play_go")
    assert "Feinte : Sire Raymond défausse" not in texts(at)
    assert "Ce coup serait refusé" in texts(at)  # every opponent has a lone card
    seq = store().load(code).seq
    click(at, "play_go")  # confirmed all the same: refused, nothing written
    assert store().load(code).seq == seq and at.error
    click(at, "end_end")
    assert totals(at)["Lady Danielle"] == "7"
    play_card(at, "rouge-5")
    click(at, "end_end")
    click(at, "end_withdraw")  # Raymond
    play_card(at, "rouge-3")
    play_card(at, "ecuyer-2")
    click(at, "end_end")
    play_card(at, "dame-6")
    click(at, "end_end")
    assert totals(at) == {"Sire Marcel": "14", "Lady Danielle": "12"}
    play_card(at, "ecuyer-3")
    click(at, "end_end")
    click(at, "end_withdraw")  # Marcel: a dame, but no token to lose
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
    entry(at, "play_card").set_value("riposte")
    click(at, "play_go")  # the effect and the target asked, nothing written
    assert store().load(code).seq == 5
    target = next(p for p in at.pills if p.key.endswith("_riposte_target"))
    assert target.value is None  # never chosen for the table
    target.set_value(0).run()
    assert "Effet : Riposte : Sire Raymond prend Bleu 4 à Sire Marcel" in texts(at)
    click(at, "play_go")
    assert store().load(code).state.displays == [["bleu-3"], ["bleu-5", "bleu-4"]]
    assert "Lancelot : annuler cette action" in [b.label for b in at.button]
    assert not at.exception


def test_token_tracker_records_tournaments_penalties_and_the_winner() -> None:
    code = store().create("camelot", {"players": NAMES, "mode": "jetons"})
    at = app(code=code).run()
    for colour in ("rouge", "bleu", "jaune"):
        entry(at, "t_winner").set_value(3)
        entry(at, "t_colour").set_value(colour).run()
        click(at, "t_go")
    entry(at, "d_player").set_value(3).run()
    entry(at, "d_token").set_value("bleu")
    click(at, "d_go")
    assert "- **Lady Danielle** : 2 jetons" in texts(at)
    entry(at, "t_winner").set_value(3)
    entry(at, "t_colour").set_value("violet").run()
    entry(at, "t_token").set_value("vert")
    click(at, "t_go")
    entry(at, "t_winner").set_value(3)
    entry(at, "t_colour").set_value("violet").run()
    entry(at, "t_token").set_value("rouge")
    click(at, "t_go")  # purple after purple: refused
    assert "deux tournois violets" in texts(at)
    entry(at, "t_colour").set_value("bleu").run()
    click(at, "t_go")
    assert "Lady Danielle a gagné la partie" in texts(at)
    assert store().load(code).state.summary()["winner"] == "Lady Danielle"
    assert not at.exception


def test_public_view_shows_displays_but_no_forms() -> None:
    code = store().create("camelot", {"players": ["<b>Ana</b>", "Bert"], "mode": "table"})
    store().append(code, {"type": "start", "player": 0, "colour": "vert"}, 0)
    at = app(code=code, view="public").run()
    assert not [b for b in at.button if b.key and b.key.startswith("cam_")]
    # shown literally (markdown-escaped), never as HTML
    shown = "\n".join(m.value for m in at.markdown)
    assert "<b>Ana</b>" in shown.replace("\\", "") and "<b>Ana</b>" not in shown
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
    assert "pour rester : au moins 4 points de plus à son tour" in texts(at)
    click(at, "end_withdraw")
    shown = texts(at)
    # each dot in its colour (issue 36: a dot in plain text took the text's colour)
    assert ("Tournoi terminé : Sire Marcel gagne le tournoi :red[●] Rouge et prend le jeton "
            ":red[●] Rouge") in shown
    # tokens are named, not only coloured dots
    assert "- **Sire Marcel** : 1 jeton · :red[●] Rouge" in texts(at)
    assert not at.exception


def test_a_token_already_owned_is_announced_as_bringing_nothing() -> None:
    code = store().create("camelot", {"players": NAMES[:2], "mode": "jetons"})
    s = store()
    for seq in range(2):
        s.append(code, {"type": "tournament", "winner": 1, "colour": "jaune"}, seq)
    at = app(code=code).run()
    assert ("Sire Raymond gagne le tournoi :yellow[●] Jaune mais avait déjà le jeton "
            ":yellow[●] Jaune : rien de plus") in texts(at)
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
    touches a shielded personnage, nor Chute the hand (registre CAM-7): the forms do not offer
    him; the Assommé, laid beside the personnage, still may be (registre CAM-9)."""
    code = _game(SHIELDED)
    at = app(code=code).run()
    entry(at, "play_card").set_value("chute")
    click(at, "play_go")
    target = next(p for p in at.pills if p.key.endswith("_chute_target"))
    assert target.options == ["Sire Marcel"]
    # the Assommé goes through the Bouclier (registre CAM-9): the shielded player is offered
    entry(at, "play_card").set_value("assomme")
    click(at, "play_go")
    target = next(p for p in at.pills if p.key.endswith("_assomme_target"))
    assert target.options == ["Sire Marcel", "Sire Raymond"]
    entry(at, "play_card").set_value("adaptation")
    click(at, "play_go")
    labels = [m.label for m in at.pills if "_adaptation_keep_" in m.key]
    assert any("Sire Marcel" in label for label in labels)
    assert not any("Sire Raymond" in label for label in labels)  # shielded: not asked
    click(at, "play_go")
    assert store().load(code).state.displays[1] == ["rouge-4", "rouge-4"]
    assert not at.exception


def test_cannot_start_sends_the_hand_shown() -> None:
    """camelot.txt › Débuter un tournoi: a starter with only action cards shows the hand; the
    FAQ: « you must if you can » (registre CAM-1): the page offers only cards that cannot
    start, and sends the shown hand to be checked."""
    code = _game([], n=2)
    at = app(code=code).run()
    # the hand shown is the one before the draw: 8 cards (registre CAM-1); only cards that
    # cannot start a tournament are offered: action cards (no purple tournament before)
    entry(at, "cannot").set_value(True).run()
    hand = ["disgrace", *["riposte"] * 3, *["chute"] * 2, "feinte", "charge"]
    assert len(entry(at, "hand").options) == 20  # every copy of every action card
    picked = [f"{card}#{hand[:i].count(card)}" for i, card in enumerate(hand)]
    entry(at, "hand").set_value(picked[:7])
    click(at, "pass")
    assert store().load(code).seq == 0  # seven cards shown for eight: refused
    assert "les 8 cartes montrées" in texts(at)
    entry(at, "hand").set_value(picked)
    click(at, "pass")
    stored = store().load(code)
    assert stored.events[-1]["hand"][0] == "disgrace" and stored.state.current == 1
    assert not at.exception


def test_lancelot_cancels_the_action_just_played() -> None:
    """camelot.txt › Lancelot: a player still in the tournament cancels the action card just
    played; the page asks who (a button per player still in), never chosen for the table."""
    code = _game([{"type": "start", "player": 0, "colour": "bleu"},
                  {"type": "play", "player": 0, "card": "bleu-3"},
                  {"type": "play", "player": 0, "card": "bleu-4"},
                  {"type": "end", "player": 0},
                  {"type": "play", "player": 1, "card": "bleu-5"},
                  {"type": "play", "player": 1, "card": "riposte", "target": 0}], n=2)
    at = app(code=code).run()
    who = entry(at, "lancelot_player")
    assert who.value is None and who.options == ["Sire Marcel", "Sire Raymond"]
    click(at, "lancelot_go")
    assert "Choisissez le joueur qui pose Lancelot" in texts(at)
    entry(at, "lancelot_player").set_value(0)
    click(at, "lancelot_go")
    assert store().load(code).state.displays == [["bleu-3", "bleu-4"], ["bleu-5"]]
    assert not at.exception


def test_the_winner_of_a_purple_tournament_takes_the_token_he_chooses() -> None:
    code = _game([{"type": "start", "player": 0, "colour": "violet"},
                  {"type": "play", "player": 0, "card": "violet-3"},
                  {"type": "end", "player": 0},
                  {"type": "withdraw", "player": 1}], n=2)
    at = app(code=code).run()
    assert "Sire Marcel gagne le tournoi violet et choisit son jeton." in texts(at)
    assert entry(at, "colour").value is None
    entry(at, "colour").set_value("jaune")
    click(at, "go")
    assert store().load(code).state.tokens[0] == {"jaune"}
    assert not at.exception


def test_history_lines_show_each_colour_as_its_chip() -> None:
    """« débute un tournoi ● Rouge » in the toolbar's last line and in the history: the dot in
    red (the entry forms' chip), the name still written; a player's name stays text."""
    code = store().create("camelot", {"players": ["● Rouge *gras*", NAMES[1]],
                                      "mode": "table"})
    store().append(code, {"type": "start", "player": 0, "colour": "rouge"}, 0)
    at = app(code=code).run()
    last = at.button(key="tb_undo").label  # « Annuler : n° 1 · … » (issue 36)
    assert last.endswith("débute un tournoi :red[●] Rouge"), last
    assert "\\*gras\\*" in last  # the name escaped: no emphasis from a name
    at.segmented_control(key="tb_panel").set_value("Historique et corrections").run()
    rows = [b.label for b in at.button if b.key and b.key.startswith("tb_fix_")]
    assert rows and rows[0].endswith("débute un tournoi :red[●] Rouge"), rows
    assert not at.exception
