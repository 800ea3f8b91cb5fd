"""Correct by tapping on the Noé page (issue 13), headless (AppTest): a past entry tapped in
the history opens the form that entered it, prefilled with it, offering the choices of the game
as it stood just before it; saving writes a correction and says what changed; « Retirer » and
« Annuler la correction »; the end of a manche can only be withdrawn."""

from __future__ import annotations

from typing import Any

from hosting import headings
from test_noe_pages import PLAN_ETARE_HAND, app, new_game, store

from tableapp.table.gamepage import HISTORY


def announce(player: str, ann: str, manche: int = 1, **extra: Any) -> dict[str, Any]:
    return {"type": "announcement", "manche": manche, "player": player, "announcement": ann,
            **extra}


def game_with(*events: dict[str, Any], players: list[str] | None = None,
              level: int = 3) -> str:
    code = new_game(players or ["Alice", "Bruno", "Chloé"], level=level)
    for event in events:
        store().append(code, event, store().seq(code))
    return code


def tap_row(at: Any, index: int) -> None:
    at.segmented_control(key="tb_panel").set_value(HISTORY).run()
    at.button(key=f"tb_fix_{index}").click().run()


def subheaders(at: Any) -> list[str]:
    return headings(at)


def test_correcting_an_announcement_replays_and_says_what_changed() -> None:
    code = game_with(announce("Bruno", "six-duron"), announce("Chloé", "complot"))
    at = app("play", code=code).run()
    tap_row(at, 0)
    assert "Correction du n° 1" in subheaders(at)
    assert "Manche 1 : saisir une annonce" not in subheaders(at)  # the new entry waits
    key = f"fix_{code}_0"
    # the same form, prefilled; the players offered are those who could announce then
    assert at.button_group(key=f"{key}_player_1").value == "Bruno"
    assert at.button_group(key=f"{key}_player_1").options == ["Alice", "Bruno", "Chloé"]
    assert at.button_group(key=f"{key}_announcement").value == "six-duron"
    at.button_group(key=f"{key}_announcement").set_value("six-senechales")
    at.button(key=f"{key}_valid").click().run()
    stored = store().load(code)
    assert stored.events[0] == announce("Bruno", "six-senechales")
    assert stored.raw[-1]["type"] == "correct" and stored.seq == 3  # nothing rewritten
    [said] = [s.value for s in at.success if "corrigé" in s.value]
    assert "n° 1 corrigé" in said and "Duron" in said and "Sénéchales" in said
    assert "Correction du n° 1" not in subheaders(at)
    assert not at.exception


def test_a_correction_can_turn_an_announcement_into_a_false_one() -> None:
    code = game_with(announce("Bruno", "plan-etare"))
    at = app("play", code=code).run()
    tap_row(at, 0)
    at.button(key=f"fix_{code}_0_false").click().run()
    summary = store().load(code).state.summary()
    assert summary["scores"]["Bruno"] == 0 and summary["violations"][0]["player"] == "Bruno"
    [said] = [s.value for s in at.success if "corrigé" in s.value]
    assert "Scores" in said and "Bruno 50 → 0" in said


def test_a_checked_hand_comes_back_with_the_correction() -> None:
    code = game_with(announce("Alice", "plan-etare", cards=PLAN_ETARE_HAND))
    at = app("play", code=code).run()
    tap_row(at, 0)
    key = f"fix_{code}_0"
    assert at.toggle(key=f"{key}_check").value is True
    assert at.multiselect(key=f"{key}_cards_1").value == PLAN_ETARE_HAND
    at.button_group(key=f"{key}_announcement").set_value("cinq-alphas").run()
    at.button(key=f"{key}_valid").click().run()  # this hand does not allow it: refused
    assert at.error and any("ne permet pas" in e.value for e in at.error)
    assert store().load(code).seq == 1
    assert "Correction du n° 1" in subheaders(at)  # still open, nothing lost


def test_a_correction_that_breaks_a_later_entry_is_refused() -> None:
    code = game_with(announce("Bruno", "six-duron"), announce("Chloé", "complot"))
    at = app("play", code=code).run()
    tap_row(at, 0)
    at.button_group(key=f"fix_{code}_0_player_1").set_value("Chloé")
    at.button(key=f"fix_{code}_0_valid").click().run()  # Chloé would announce twice
    assert any("ne serait plus valide" in e.value for e in at.error)
    assert store().load(code).seq == 2


def test_withdraw_and_abandon() -> None:
    code = game_with(announce("Bruno", "six-duron"), {"type": "end_manche", "manche": 1})
    at = app("play", code=code).run()
    tap_row(at, 1)  # the end of a manche: no form, it can only be withdrawn
    assert any("seulement être retiré" in i.value for i in at.info)
    at.button(key="tb_fix_cancel").click().run()
    assert "Correction du n° 2" not in subheaders(at) and store().load(code).seq == 2
    tap_row(at, 1)
    at.button(key="tb_retract").click().run()
    stored = store().load(code)
    assert stored.events == [announce("Bruno", "six-duron")]
    assert stored.state.summary()["manche"] == 1
    assert any("n° 2 retiré" in s.value for s in at.success)


def test_a_control_is_corrected_with_its_own_form() -> None:
    control = {"type": "control", "manche": 1, "player": "Alice", "target": "Bruno",
               "by": ["enqueteurs-arthur"], "defence": "etat-major-sarah"}
    code = game_with(control, level=2)
    at = app("play", code=code).run()
    tap_row(at, 0)
    key = f"fix_{code}_0"
    assert at.segmented_control(key=f"{key}_player_1").value == "Alice"
    assert at.segmented_control(key=f"{key}_target_1").value == "Bruno"
    assert at.multiselect(key=f"{key}_1_by_1").value == ["enqueteurs-arthur"]
    at.segmented_control(key=f"{key}_target_1").set_value("Chloé").run()
    at.selectbox(key=f"{key}_1_against").select("rien").run()
    at.button(key=f"{key}_ok").click().run()
    assert store().load(code).events == [{**control, "target": "Chloé", "defence": None}]


def test_the_public_view_offers_no_correction() -> None:
    code = game_with(announce("Bruno", "six-duron"))
    at = app("play", code=code, view="public").run()
    assert not [b for b in at.button if b.key and b.key.startswith("tb_fix_")]
    assert "Correction du n° 1" not in subheaders(at)


def test_other_screens_are_told_what_a_correction_says() -> None:
    """A public screen that showed the game before the correction is told, in one line, what
    the entry now says (a Noé announcement is public)."""
    code = game_with(announce("Bruno", "six-duron"))
    screen = app("play", code=code, view="public").run()
    store().correct(code, 0, announce("Bruno", "six-senechales"), 1, "host")
    [toast] = [t.value for t in screen.run().toast]
    assert "correction du n° 1" in toast and "Sénéchales" in toast


def test_redo_after_undo_gives_back_the_game_at_every_step() -> None:
    """« Rétablir » (registre TAB-6) over a real game, after each of its events: the event the
    undo cancelled, read from the log, appended again, gives back the same game."""
    import json
    from pathlib import Path

    from companion.core.log import effective_events
    from tableapp.table.history import undone_entry

    log = json.loads((Path(__file__).resolve().parent.parent / "docs" / "log-examples"
                      / "noe-partie-a-100-points.json").read_text(encoding="utf-8"))
    events = effective_events(log["events"])
    code = store().create("noe", log["setup"])
    for event in events:
        s = store()
        s.append(code, event, s.seq(code))
        before = s.load(code).state.summary()
        s.undo(code, s.seq(code))
        undone = undone_entry(s.load(code))
        assert undone == event
        s.append(code, undone, s.seq(code))
        assert s.load(code).state.summary() == before
    assert undone_entry(store().load(code)) is None  # the last line is no undo any more
