"""The Noé pages headless (AppTest): create a game and record announcements, a hand checked at
entry, the hand checker, the control checker and the rules page; names are escaped and a
refused event writes nothing."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from hosting import headings
from pages import page_app, score_cards, store, texts
from streamlit.testing.v1 import AppTest

from companion.core.engine import replay
from companion.games.noe.board import describe, grid_rows, progress_rows

PLAN_ETARE_HAND = ["pompiers-camille", "pompiers-clara", "pompiers-etienne",
                   "alphas-naomie", "senechales-rose", "espions-franck"]


def app(page: str, **query: str) -> AppTest:
    return page_app("noe", page, **query)


def new_game(players: list[str], level: int = 3) -> str:
    return store().create("noe", {"players": players, "level": level, "target": 400})


def button(at: AppTest, key: str) -> Callable[[], Any]:
    return next(b for b in at.button if b.key == key).click


def test_create_a_game_then_record_a_manche() -> None:
    at = app("play").run()
    assert "Nouvelle partie" in [h.value for h in at.header]
    at.segmented_control(key="np_noe_count").set_value(3).run()
    for i, name in enumerate(["Alice", "Bruno", "Chloé"]):
        at.text_input(key=f"np_noe_seat_{i}").input(name)
    at.run()
    at.segmented_control(key="noe_setup_level").set_value(2)
    at.selectbox(key="noe_setup_dealer").select("Chloé")
    at.run()
    button(at, "np_noe_start")()
    at.run()
    code = at.query_params["code"]
    code = code[0] if isinstance(code, list) else code
    stored = store().load(code)
    assert stored.setup == {"players": ["Alice", "Bruno", "Chloé"], "level": 2, "target": 400,
                            "dealer": "Chloé"}
    assert stored.state.summary()["turn"] == "Alice"  # left of the dealer
    at.button_group(key="noe_entry_player_1").set_value("Bruno")
    at.button_group(key="noe_entry_announcement").set_value("six-duron")
    button(at, "noe_entry_valid")()
    at.run()
    at.button_group(key="noe_entry_player_1").set_value("Alice")
    at.button_group(key="noe_entry_announcement").set_value("complot")
    button(at, "noe_entry_valid")()
    at.run()
    summary = store().load(code).state.summary()
    assert summary["scores"] == {"Alice": 15, "Bruno": 25, "Chloé": 0}
    assert summary["manche"] == 2  # Chloé was left alone
    assert {m.label: m.value for m in at.metric} == {"Alice": "15", "Bruno": "25", "Chloé": "0"}
    # the host's status is the entry's heading (issue 36: one line less above the turn's bar)
    assert "Manche 2 · à Bruno de jouer" in headings(at)
    assert not at.exception
    at.toggle(key="noe_board_chart").set_value(True).run()
    assert at.get("vega_lite_chart") and not at.exception


def test_a_stale_device_cannot_record_a_second_announcement() -> None:
    code = new_game(["Alice", "Bruno", "Chloé"])
    first, second = app("play", code=code).run(), app("play", code=code).run()
    for device in (first, second):
        device.button_group(key="noe_entry_player_1").set_value("Alice")
    button(first, "noe_entry_valid")()
    first.run()
    assert store().load(code).seq == 1
    button(second, "noe_entry_valid")()  # Alice again, from a view that predates her announcement
    second.run()
    assert second.error and store().load(code).seq == 1
    second.run()
    assert "Alice" not in second.button_group(key="noe_entry_player_1").options


def test_announcement_checked_against_the_hand() -> None:
    code = new_game(["Alice", "Bruno"])
    at = app("play", code=code).run()
    at.button_group(key="noe_entry_player_1").set_value("Alice")
    at.button_group(key="noe_entry_announcement").set_value("cinq-alphas")
    at.toggle(key="noe_entry_check").set_value(True).run()
    at.multiselect(key="noe_entry_cards_1").set_value(PLAN_ETARE_HAND).run()
    assert "ne permet pas" in texts(at)
    button(at, "noe_entry_valid")()
    at.run()
    assert store().load(code).seq == 0  # refused by the engine: nothing written
    assert any("ne permet pas" in e.value for e in at.error)
    at.button_group(key="noe_entry_announcement").set_value("plan-etare").run()
    button(at, "noe_entry_valid")()
    at.run()
    stored = store().load(code)
    assert stored.state.summary()["scores"]["Alice"] == 50
    assert stored.events[0]["cards"] == PLAN_ETARE_HAND


def test_false_announcement_is_recorded_without_points() -> None:
    code = new_game(["Alice", "Bruno", "Chloé"])
    at = app("play", code=code).run()
    at.button_group(key="noe_entry_player_1").set_value("Chloé")
    button(at, "noe_entry_false")()
    at.run()
    summary = store().load(code).state.summary()
    assert summary["scores"]["Chloé"] == 0 and summary["violations"][0]["player"] == "Chloé"
    assert "à tort" in texts(at)


def test_names_are_escaped() -> None:
    code = new_game(["**Gras** <b>x</b>", "Bruno"])
    at = app("play", code=code).run()
    status = "\n".join(m.value for m in at.markdown)
    assert r"\*\*Gras\*\* \<b\>x\</b\>" in status
    assert "<b>x</b>" not in status


def test_public_view_shows_scores_without_entry() -> None:
    code = new_game(["Alice", "Bruno"])
    store().append(code, {"type": "announcement", "manche": 1, "player": "Alice",
                          "announcement": "complot"}, 0)
    at = app("play", code=code, view="public").run()
    assert score_cards(at) == {"Alice": "15", "Bruno": "0"}  # one block, not metrics
    assert not at.metric
    assert not [b for b in at.button if b.key == "noe_entry_valid"]


def test_large_scores_and_targets_are_written_as_french_does() -> None:
    """« objectif 5 000 points », « 1 250 », « 1 250/5 000 » (narrow no-break spaces), for the
    host (metrics, progress, grid) and on the public screen (score cards)."""
    code = store().create("noe", {"players": ["Alice", "Bruno"], "level": 3, "target": 5000})
    for seq in range(25):  # Alice scores 50 points a manche (« 6 Léonard »), alone each time
        store().append(code, {"type": "announcement", "manche": seq + 1, "player": "Alice",
                              "announcement": "six-leonard"}, seq)
    score = store().load(code).state.summary()["scores"]["Alice"]
    assert score >= 1000
    shown = f"{score // 1000}\u202f{score % 1000:03d}"
    at = app("play", code=code).run()
    assert not at.exception
    assert "objectif 5\u202f000 points" in texts(at)
    assert {m.label: m.value for m in at.metric}["Alice"] == shown
    assert f"{shown}/5\u202f000" in [p.proto.text for p in at.get("progress")]
    assert f"**{shown}**" in texts(at)  # the grid's total
    public = app("play", code=code, view="public").run()
    assert score_cards(public)["Alice"] == shown
    assert "5000" not in texts(public) + texts(at)


def test_hand_checker() -> None:
    at = page_app("noe.checkers", "hand_checker").run()
    at.multiselect(key="noe_hand_cards").set_value(PLAN_ETARE_HAND[:5]).run()
    assert "5/6" in texts(at)
    at.multiselect(key="noe_hand_cards").set_value(PLAN_ETARE_HAND).run()
    assert "Plan Étaré" in texts(at) and "meilleure annonce" in texts(at)
    at.segmented_control(key="noe_hand_level").set_value(1).run()
    at.multiselect(key="noe_hand_cards").set_value(PLAN_ETARE_HAND[1:] + ["leonard-sally"]).run()
    assert "Aucune annonce" in texts(at)
    at.segmented_control(key="noe_hand_level").set_value(3).run()
    at.multiselect(key="noe_hand_cards").set_value(PLAN_ETARE_HAND[:5] + ["attentat-todorov"])
    at.run()
    assert at.error and "Attentat" in at.error[0].value


def test_control_checker() -> None:
    at = page_app("noe.checkers", "control_checker").run()
    # nothing preselected (issue 12): no action, no card shown, hence no verdict yet
    assert at.segmented_control(key="noe_ctrl_mode").value is None
    assert not at.success and not at.error
    at.segmented_control(key="noe_ctrl_mode").set_value("Contrôle (1 Enquêteur)").run()
    assert at.selectbox(key="noe_ctrl_against").value is None
    at.multiselect(key="noe_ctrl_by_1").set_value(["enqueteurs-arthur"]).run()
    assert not at.success and not at.error
    at.selectbox(key="noe_ctrl_against").select("rien").run()
    assert at.success and "ne montre aucune" in at.success[0].value
    at.selectbox(key="noe_ctrl_against").select("etat-major-sarah").run()
    assert at.error and "Impossible" in at.error[0].value
    at.selectbox(key="noe_ctrl_against").select("etat-major-arthur").run()
    assert at.success and "grade identique" in at.success[0].value
    at.segmented_control(key="noe_ctrl_mode").set_value("Descente (3 Enquêteurs)").run()
    at.multiselect(key="noe_ctrl_by_3").set_value(
        ["enqueteurs-amelie", "enqueteurs-henri", "archange-igor"]).run()
    assert at.error and "joker" in at.error[0].value


def test_rules_page() -> None:
    at = page_app("noe.checkers", "rules").run()
    assert not at.exception
    body = texts(at)
    assert "Complot à l'Élysée" in headings(at)
    assert "400 points" in body
    assert len(at.table) == 2


def test_history_lines() -> None:
    line = describe({"type": "announcement", "manche": 2, "player": "Alice",
                     "announcement": "plan-etare", "cards": PLAN_ETARE_HAND})
    assert line == "Manche 2 : Alice annonce « Plan Étaré » (main vérifiée)"


def test_progress_and_grid_follow_the_manches() -> None:
    events = [{"type": "announcement", "manche": 1, "player": "Alice", "announcement": "complot"},
              {"type": "announcement", "manche": 2, "player": "Fin", "announcement": "six-duron"}]
    summary = replay("noe", {"players": ["Alice", "Fin"]}, events).summary()
    progress = {(r["manche"], r["joueur"]): r["points"] for r in progress_rows(summary)}
    assert progress == {(0, "Alice"): 0, (0, "Fin"): 0, (1, "Alice"): 15, (1, "Fin"): 0,
                        (2, "Alice"): 15, (2, "Fin"): 25}
    grid = grid_rows(summary)
    assert [row["Manche"] for row in grid] == [1, 2, 3]
    assert grid[1]["Fin (joueur)"] == "25" and grid[2]["Alice"] == "—"  # a name never hides
    assert grid[0]["Fin"] == "joueur seul" and grid[2]["Fin"] == "en cours"  # a fixed column


def test_entry_follows_the_turn_after_each_event() -> None:
    """After a false announcement the turn moves on: the entry must offer the next player, not
    keep the previous selection (which would record the wrong player); a hand entered for one
    player is not kept for the next."""
    code = new_game(["Alice", "Bruno", "Chloé"])  # dealer Alice: Bruno plays first
    at = app("play", code=code).run()
    assert at.button_group(key="noe_entry_player_1").value == "Bruno"
    at.button_group(key="noe_entry_player_1").set_value("Chloé")
    at.button_group(key="noe_entry_announcement").set_value("plan-etare")
    at.toggle(key="noe_entry_check").set_value(True).run()
    at.multiselect(key="noe_entry_cards_1").set_value(PLAN_ETARE_HAND).run()
    button(at, "noe_entry_valid")()
    at.run()
    assert store().load(code).state.summary()["turn"] == "Alice"
    assert at.button_group(key="noe_entry_player_1").value == "Alice"
    assert at.button_group(key="noe_entry_announcement").value == "complot"
    # the hand check stops after each entry written (issue 36): no picker, no card kept
    assert at.toggle(key="noe_entry_check").value is False
    assert at.session_state["noe_entry_cards_1"] == []
    button(at, "noe_entry_false")()  # Alice is wrong: the turn goes to Bruno
    at.run()
    assert store().load(code).state.summary()["turn"] == "Bruno"
    assert at.button_group(key="noe_entry_player_1").value == "Bruno"


def test_a_control_is_recorded_in_the_game_log() -> None:
    """noe-complot-a-l-elysee.txt › Niveau 2 › Le contrôle: the control and its outcome are
    facts of the game, written to its log (registre NOE-14)."""
    code = new_game(["Alice", "Bruno", "Chloé"], level=2)
    at = app("play", code=code).run()
    assert not at.get("segmented_control") or "noe_ctl_player_1" not in {
        w.key for w in at.segmented_control}  # drawn only when asked for
    at.toggle(key="noe_ctl_open").set_value(True).run()
    at.segmented_control(key="noe_ctl_player_1").set_value("Alice").run()
    at.segmented_control(key="noe_ctl_target_1").set_value("Bruno").run()
    at.segmented_control(key="noe_ctl_1_mode").set_value("Contrôle (1 Enquêteur)").run()
    at.multiselect(key="noe_ctl_1_by_1").set_value(["enqueteurs-arthur"]).run()
    at.selectbox(key="noe_ctl_1_against").select("etat-major-sarah").run()
    assert at.error and "Impossible" in at.error[0].value
    button(at, "noe_ctl_ok")()
    at.run()
    stored = store().load(code)
    assert stored.events[-1] == {"type": "control", "manche": 1, "player": "Alice",
                                 "target": "Bruno", "by": ["enqueteurs-arthur"],
                                 "defence": "etat-major-sarah"}
    assert stored.state.summary()["controls"][0]["outcome"] == "bloqué"
    assert describe(stored.events[-1]) == ("Manche 1 : contrôle d’Alice chez Bruno (Sarah — "
                                           "État-Major montrée)")
    assert not at.exception


def test_an_incomplete_hand_is_refused_at_the_tap() -> None:
    """The tap writes the announcement itself (one run per tap): a hand of five cards while
    the check is on writes nothing and says why, once."""
    code = new_game(["Alice", "Bruno"])
    at = app("play", code=code).run()
    at.button_group(key="noe_entry_player_1").set_value("Alice")
    at.toggle(key="noe_entry_check").set_value(True).run()
    at.multiselect(key="noe_entry_cards_1").set_value(PLAN_ETARE_HAND[:5]).run()
    button(at, "noe_entry_valid")()
    at.run()
    assert store().load(code).seq == 0
    assert any("Choisissez les 6 cartes" in e.value for e in at.error)
    at.run()
    assert not any("Choisissez les 6 cartes" in e.value for e in at.error)  # said once


def test_the_hand_check_of_a_game_refuses_a_card_used_this_manche() -> None:
    """registre NOE-14: the page's hand check knows the manche's cards out of play (here the
    Enquêteur of a contrôle) and says the rule; the engine refuses the announcement too."""
    code = new_game(["Alice", "Bruno", "Chloé"])
    store().append(code, {"type": "control", "manche": 1, "player": "Bruno", "target": "Chloé",
                          "by": ["enqueteurs-max"], "defence": None}, 0)
    hand = ["enqueteurs-max", "enqueteurs-sarah", "enqueteurs-david",
            "pompiers-camille", "pompiers-clara", "pompiers-etienne"]
    at = app("play", code=code).run()
    at.button_group(key="noe_entry_player_1").set_value("Alice")
    at.button_group(key="noe_entry_announcement").set_value("complot")
    at.toggle(key="noe_entry_check").set_value(True).run()
    at.multiselect(key="noe_entry_cards_1").set_value(hand).run()
    assert "définitivement perdues" in texts(at) and "a servi au contrôle de Bruno" in texts(at)
    button(at, "noe_entry_valid")()
    at.run()
    assert store().load(code).seq == 1  # refused by the engine: nothing written
    assert not at.exception


def _drawn(node: Any) -> list[Any]:
    """The page's elements in the order they are drawn (blocks walked depth first)."""
    children = getattr(node, "children", None)
    if not children:
        return [node]
    return [leaf for key in sorted(children) for leaf in _drawn(children[key])]


def test_a_refused_tap_is_said_beside_its_button() -> None:
    """issue 36: a refusal is said next to the button tapped, not at the top of the page: here
    « Arrêter la manche » from a view the log has moved past, and « Valider l'annonce » with
    the hand check on and four cards."""
    code = new_game(["Alice", "Bruno", "Chloé"])
    at = app("play", code=code).run()
    store().append(code, {"type": "announcement", "manche": 1, "player": "Bruno",
                          "announcement": "complot"}, 0)  # another device wrote meanwhile
    button(at, "noe_entry_end")()
    at.run()
    assert store().load(code).seq == 1
    drawn = _drawn(at.main)
    end = next(i for i, e in enumerate(drawn) if getattr(e, "key", None) == "noe_entry_end")
    assert drawn[end - 1].type == "html" and drawn[end - 2].type == "error"  # its script, error
    assert sum(e.type == "error" for e in drawn[:end - 2]) == 0  # nothing said at the top
    at = app("play", code=code).run()
    at.toggle(key="noe_entry_check").set_value(True).run()
    at.multiselect(key="noe_entry_cards_1").set_value(PLAN_ETARE_HAND[:4]).run()
    button(at, "noe_entry_valid")()
    at.run()
    drawn = _drawn(at.main)
    valid = next(i for i, e in enumerate(drawn) if getattr(e, "key", None) == "noe_entry_valid")
    errors = [i for i, e in enumerate(drawn) if e.type == "error"]
    assert errors and r"\(4/6\)" in drawn[errors[0]].value and valid - 3 <= errors[0] < valid


def test_the_hand_check_stops_after_each_entry_written() -> None:
    """issue 36: a check left on from the previous announcement turned the next player's tap
    into a refusal nobody saw. It is off again once an entry is written, and stays on across
    a refused tap (the same player's hand is still being chosen)."""
    code = new_game(["Alice", "Bruno", "Chloé"])
    at = app("play", code=code).run()
    at.toggle(key="noe_entry_check").set_value(True).run()
    button(at, "noe_entry_valid")()  # no card: refused, the check stays on
    at.run()
    assert at.toggle(key="noe_entry_check").value is True and store().load(code).seq == 0
    button(at, "noe_entry_false")()  # Bruno's false announcement is written
    at.run()
    assert store().load(code).seq == 1
    assert at.toggle(key="noe_entry_check").value is False
    button(at, "noe_entry_valid")()  # one tap writes the next announcement, without cards
    at.run()
    assert store().load(code).events[-1] == {"type": "announcement", "manche": 1,
                                             "player": "Chloé", "announcement": "complot"}
