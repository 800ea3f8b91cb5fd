"""Each of the 17 action cards, and the Bouclier, Assommé and Lancelot interactions
(camelot.txt › Carte d'action ... Cartes spéciales; docs/register/camelot.md CAM-5 to CAM-11)."""

from __future__ import annotations

from typing import Any

import pytest

from companion.core.errors import RuleError
from companion.games.camelot.engine import ENGINE, CamelotState

NAMES = ["Ana", "Bert", "Cleo", "Dan"]
A, B, C, D = range(4)


def table(displays: list[list[str]], colour: str = "rouge", current: int = A,
          **setup: Any) -> CamelotState:
    """A table-mode tournament of len(displays) players whose displays are already laid out."""
    s = ENGINE.new_state({"players": NAMES[:len(displays)], "mode": "table", **setup})
    s.apply({"type": "start", "player": A, "colour": colour})
    s.displays = [list(d) for d in displays]
    s.first_card_due = False
    s.current = current
    return s


def play(s: CamelotState, card: str, player: int | None = None, **choices: Any) -> None:
    s.apply({"type": "play", "player": s.current if player is None else player, "card": card,
             **choices})


def refused(s: CamelotState, card: str, rule: str | None = None, **choices: Any) -> RuleError:
    before = s.summary()
    with pytest.raises(RuleError) as err:
        play(s, card, **choices)
    assert s.summary() == before  # nothing changed
    if rule is not None:
        assert err.value.rule == rule
    return err.value


# --- colour changes ---------------------------------------------------------------------------


def test_desarconne_turns_purple_into_a_weapon_colour() -> None:
    s = table([["violet-7"], ["violet-4"]], colour="violet")
    play(s, "desarconne", colour="bleu")
    assert s.colour == "bleu" and s.total(A) == 7  # cards already played keep their value
    assert "desarconne" in s.discard
    refused(table([["rouge-3"], ["rouge-4"]]), "desarconne", colour="bleu")
    refused(table([["violet-7"], ["violet-4"]], colour="violet"), "desarconne", colour="vert")


def test_changement_arme_needs_another_weapon_colour() -> None:
    s = table([["rouge-3"], ["rouge-4"]])
    play(s, "changement-arme", colour="jaune")
    assert s.colour == "jaune"
    refused(table([["rouge-3"], ["rouge-4"]]), "changement-arme", colour="rouge")
    refused(table([["violet-3"], ["violet-4"]], colour="violet"), "changement-arme",
            colour="rouge")


def test_maladresse_makes_green_where_every_card_counts_one() -> None:
    s = table([["bleu-5", "ecuyer-3"], ["bleu-4"]], colour="bleu")
    play(s, "maladresse")
    assert s.colour == "vert" and s.total(A) == 2 and s.total(B) == 1
    refused(s, "maladresse")  # already green
    with pytest.raises(RuleError):
        play(s, "bleu-2")  # new colour cards must be green now


# --- one display ------------------------------------------------------------------------------


def test_lance_brisee_discards_purple_keeping_the_earliest_if_all_go() -> None:
    s = table([["ecuyer-2"], ["violet-3", "ecuyer-3", "violet-5"]], colour="violet")
    play(s, "lance-brisee", target=B)
    assert s.displays[B] == ["ecuyer-3"]
    s = table([["ecuyer-2"], ["violet-3", "violet-5"]], colour="violet")
    play(s, "lance-brisee", target=B)
    assert s.displays[B] == ["violet-3"]
    refused(table([["ecuyer-2"], ["violet-7"]], colour="violet"), "lance-brisee",
            "registre CAM-5", target=B)
    refused(table([["ecuyer-2"], ["violet-7", "violet-3"]], colour="violet"), "lance-brisee",
            "registre CAM-6", target=A)


def test_riposte_takes_the_last_card_of_an_opponent() -> None:
    s = table([["rouge-3"], ["rouge-4", "dame-6"]])
    play(s, "riposte", target=B)
    assert s.displays == [["rouge-3", "dame-6"], ["rouge-4"]]
    refused(s, "riposte", target=B)  # a lone card cannot be taken
    refused(table([["dame-6"], ["rouge-4", "dame-6"]]), "riposte", "camelot.txt › Soutien",
            target=B)


def test_esquive_discards_the_chosen_card() -> None:
    s = table([["rouge-3"], ["rouge-4", "rouge-5", "ecuyer-2"]])
    play(s, "esquive", target=B, position=1)
    assert s.displays[B] == ["rouge-4", "ecuyer-2"] and "rouge-5" in s.discard
    refused(table([["rouge-3"], ["rouge-4"]]), "esquive", target=B, position=0)
    refused(table([["rouge-3"], ["rouge-4", "rouge-3"]]), "esquive", target=B, position=5)


def test_retraite_takes_a_card_back_into_the_hand() -> None:
    s = table([["rouge-3", "ecuyer-3"], ["rouge-4"]])
    hand = s.hand_count(A)
    play(s, "retraite", position=0)
    assert s.displays[A] == ["ecuyer-3"] and s.hand_count(A) == hand - 1 + 1
    refused(s, "retraite", position=0)  # lone card


def test_chute_moves_a_hidden_card_even_from_a_withdrawn_player() -> None:
    s = table([["rouge-3"], ["rouge-4"], ["rouge-5"]])
    s.active[C] = False
    s.displays[C] = []
    hands = [s.hand_count(p) for p in range(3)]
    play(s, "chute", target=C)
    assert s.hand_count(A) == hands[A] - 1 + 1 and s.hand_count(C) == hands[C] - 1
    s.counts[B] = 0
    refused(s, "chute", "registre CAM-5", target=B)


def test_chute_in_simulation_records_the_card_taken() -> None:
    s = ENGINE.new_state({"players": NAMES[:2], "mode": "simulation"})
    s.hands = [["rouge-3", "chute"], ["rouge-4", "dame-6"]]
    s.phase, s.colour, s.current = "turn", "rouge", A
    play(s, "chute", target=B, taken="dame-6")
    assert s.hands == [["rouge-3", "dame-6"], ["rouge-4"]]
    s.hands[A].append("chute")
    with pytest.raises(RuleError):
        play(s, "chute", target=B, taken="dame-6")  # not in that hand any more


# --- several displays -------------------------------------------------------------------------


def test_feinte_strikes_every_opponent_but_not_lone_cards() -> None:
    s = table([["rouge-3", "rouge-4"], ["rouge-4", "rouge-5"], ["rouge-5"]])
    play(s, "feinte")
    assert s.displays == [["rouge-3", "rouge-4"], ["rouge-4"], ["rouge-5"]]
    refused(s, "feinte", "registre CAM-17")  # the only Feinte is in the discard now
    refused(table([["rouge-3", "rouge-4"], ["rouge-4"]]), "feinte", "registre CAM-5")


def test_charge_uses_printed_values_even_in_green_and_includes_oneself() -> None:
    s = table([["vert-1", "ecuyer-2"], ["ecuyer-3", "vert-1", "vert-1"], ["vert-1"]],
              colour="vert")
    play(s, "charge")
    # only the green 1s go; C's lone card stays (earliest card rule)
    assert s.displays == [["ecuyer-2"], ["ecuyer-3"], ["vert-1"]]
    s = table([["rouge-3", "rouge-5"], ["rouge-3", "rouge-4"]])
    play(s, "charge")
    assert s.displays == [["rouge-5"], ["rouge-4"]]


def test_contre_charge_takes_the_highest_value() -> None:
    s = table([["rouge-3", "dame-6"], ["rouge-4", "dame-6", "rouge-5"]])
    play(s, "contre-charge")
    assert s.displays == [["rouge-3"], ["rouge-4", "rouge-5"]]
    refused(table([["dame-6"], ["dame-6"]]), "contre-charge", "registre CAM-5")


def test_disgrace_removes_every_supporter() -> None:
    s = table([["ecuyer-2", "rouge-3", "dame-6"], ["ecuyer-3", "ecuyer-2"]])
    play(s, "disgrace")
    assert s.displays == [["rouge-3"], ["ecuyer-3"]]


def test_adaptation_keeps_one_card_per_value_by_choice() -> None:
    s = table([["rouge-3", "ecuyer-3", "rouge-4"], ["rouge-5", "rouge-5"]])
    play(s, "adaptation", keep={"0": [1, 2]})
    assert s.displays == [["ecuyer-3", "rouge-4"], ["rouge-5"]]
    bad = table([["rouge-3", "ecuyer-3"], ["rouge-5"]])
    refused(bad, "adaptation", keep={"0": [0, 1]})  # two cards of value 3
    refused(table([["rouge-3"], ["rouge-5"]]), "adaptation", "registre CAM-5")


def test_finesse_swaps_in_place_and_respects_the_dame_limit() -> None:
    s = table([["rouge-3", "rouge-5"], ["rouge-4"]])
    play(s, "finesse", target=B, give=0, take=0)
    assert s.displays == [["rouge-4", "rouge-5"], ["rouge-3"]]  # a lone card can be swapped
    refused(table([["dame-6", "rouge-3"], ["dame-6", "rouge-4"]]), "finesse",
            "camelot.txt › Soutien", target=B, give=1, take=0)
    refused(table([["rouge-3"], ["rouge-3"]]), "finesse", "registre CAM-5", target=B, give=0,
            take=0)


# --- Bouclier ----------------------------------------------------------------------------------


def test_bouclier_protects_from_opponents_but_not_from_ones_own_cards() -> None:
    s = table([["rouge-3", "rouge-5"], ["rouge-3", "rouge-4"]])
    play(s, "bouclier")
    assert s.bouclier == A and "bouclier" not in s.discard
    s.current = B
    refused(s, "esquive", "registre CAM-7", target=A, position=0)
    play(s, "charge")  # B's Charge: only B's 3 goes
    assert s.displays == [["rouge-3", "rouge-5"], ["rouge-4"]]
    s.current = A
    play(s, "contre-charge")  # A's own card hits A too
    assert s.displays == [["rouge-3"], ["rouge-4"]]


def test_bouclier_preview_speaks_of_any_player_not_only_a_man() -> None:
    s = table([["rouge-3"], ["rouge-4"]])
    text = s.preview({"type": "play", "player": A, "card": "bouclier"})
    assert "pose le Bouclier devant soi" in text and "lui" not in text


def test_bouclier_stops_chute_but_not_colour_changes() -> None:
    """camelot.txt › Cartes spéciales: « Tant que vous possédez cette carte, aucune carte
    d'action n'a d'effet sur votre personnage »; the Ivanhoe FAQ: Knock Down (Chute) is stopped
    too; a colour change (type 1) is not (registre CAM-7)."""
    s = table([["rouge-3"], ["rouge-4"], ["rouge-5"]])
    s.bouclier = B
    refused(s, "chute", "registre CAM-7", target=B)
    play(s, "chute", target=C)  # an unshielded opponent still can be robbed
    play(s, "maladresse")
    assert s.colour == "vert" and s.assomme is None
    s.current = B
    play(s, "assomme", target=A)  # the shielded player's own cards work as usual
    assert s.assomme == A


def test_assomme_reaches_a_shielded_player() -> None:
    """camelot.txt › Cartes spéciales: « ASSOMME : placez cette carte … devant un adversaire à
    l'écart de son personnage »; « Les cartes BOUCLIER et ASSOMME ne font partie de votre
    personnage … Toutes les autres cartes d'action n'affectent que les cartes jouées sur les
    personnages »; the Bouclier: « aucune carte d'action n'a d'effet sur votre personnage »;
    Knizia's FAQ: the Shield does not protect against Stunned (registre CAM-7, CAM-9)."""
    s = table([["rouge-3"], ["rouge-4"], ["rouge-5"]])
    s.bouclier = B
    play(s, "assomme", target=B)
    assert (s.bouclier, s.assomme) == (B, B) and "assomme" not in s.discard
    refused(s, "esquive", "registre CAM-7", target=B, position=0)  # the personnage still is
    s.current = B
    play(s, "rouge-4")  # the stun binds the shielded player: one card added per turn
    refused(s, "rouge-5", "registre CAM-9")
    assert s.displays[B] == ["rouge-4", "rouge-4"]


def test_assomme_on_a_shielded_player_is_played_from_a_whole_game() -> None:
    """The same through the log of a table game: Bouclier laid, then the Assommé on its
    holder is accepted and written."""
    from companion.core.engine import replay
    events = [{"type": "start", "player": 0, "colour": "rouge"},
              {"type": "play", "player": 0, "card": "rouge-3"},
              {"type": "end", "player": 0},
              {"type": "play", "player": 1, "card": "rouge-4"},
              {"type": "play", "player": 1, "card": "bouclier"},
              {"type": "end", "player": 1},
              {"type": "play", "player": 2, "card": "rouge-5"},
              {"type": "play", "player": 2, "card": "assomme", "target": 1},
              {"type": "end", "player": 2}]
    state = replay("camelot", {"players": NAMES[:3], "mode": "table"}, events)
    assert (state.bouclier, state.assomme) == (1, 1)  # type: ignore[attr-defined]


def test_shielded_display_is_left_out_of_the_charge_search() -> None:
    """registre CAM-8: by default the shielded display is not looked at; the setting turns it on."""
    layout = [["rouge-3", "rouge-5"], ["ecuyer-2", "rouge-3"], ["rouge-3", "rouge-4"]]
    s = table(layout)
    s.bouclier = B
    play(s, "charge")  # value 3, not B's 2
    assert s.displays == [["rouge-5"], ["ecuyer-2", "rouge-3"], ["rouge-4"]]
    s = table(layout, shield_counts_for_charge=True)
    s.bouclier = B
    refused(s, "charge", "registre CAM-5")  # lowest value 2 is only behind the Bouclier


def test_bouclier_and_assomme_go_to_the_discard_on_withdrawal() -> None:
    s = table([["rouge-3"], ["rouge-4"], ["rouge-5"]])
    play(s, "bouclier")
    play(s, "assomme", target=B)
    s.apply({"type": "withdraw", "player": A})
    assert s.bouclier is None and "bouclier" in s.discard


# --- Assommé -----------------------------------------------------------------------------------


def test_assomme_allows_one_added_card_per_turn_riposte_included() -> None:
    s = table([["rouge-3"], ["rouge-4", "rouge-5"]])
    s.assomme = A
    play(s, "rouge-3")
    refused(s, "rouge-4", "registre CAM-9")
    refused(s, "riposte", "registre CAM-9", target=B)
    play(s, "finesse", target=B, give=0, take=1)  # a swap is not an addition
    assert s.displays == [["rouge-5", "rouge-3"], ["rouge-4", "rouge-3"]]


def test_finesse_can_move_the_bouclier_and_the_assomme() -> None:
    s = table([["rouge-3", "rouge-4"], ["rouge-5"]])
    s.bouclier, s.assomme = B, A
    refused(s, "finesse", "registre CAM-7", target=B, give=0, take=0)  # display is shielded
    play(s, "finesse", target=B, give="assomme", take="bouclier")
    assert (s.bouclier, s.assomme) == (A, B)
    s = table([["rouge-3"], ["rouge-5"]])
    s.bouclier = B
    refused(s, "finesse", target=B, give=0, take="bouclier")  # A would have no card left
    s = table([["rouge-3", "rouge-4"], ["rouge-5"]])
    s.bouclier = s.assomme = B
    refused(s, "finesse", "registre CAM-7", target=B, give=1, take="assomme")  # onto a shield
    play(s, "finesse", target=B, give=1, take="bouclier")  # the Bouclier itself can be taken
    assert s.displays == [["rouge-3"], ["rouge-5", "rouge-4"]] and s.bouclier == A


# --- Lancelot ----------------------------------------------------------------------------------


def test_lancelot_cancels_the_action_just_played() -> None:
    s = table([["rouge-3", "rouge-4"], ["rouge-5", "rouge-3"], ["rouge-4"]])
    before = [list(d) for d in s.displays]
    play(s, "esquive", target=B, position=0)
    hand_b = s.hand_count(B)
    s.apply({"type": "lancelot", "player": B})
    assert s.displays == before and s.hand_count(B) == hand_b - 1
    assert s.discard[-2:] == ["esquive", "lancelot"]
    with pytest.raises(RuleError):
        s.apply({"type": "lancelot", "player": C})  # nothing left to cancel


def test_lancelot_restores_the_colour_and_discards_a_cancelled_bouclier() -> None:
    s = table([["rouge-3"], ["rouge-4"]])
    play(s, "maladresse")
    s.apply({"type": "lancelot", "player": B})
    assert s.colour == "rouge" and s.history[-1]["colours"] == ["rouge"]
    s = table([["rouge-3"], ["rouge-4"]])
    play(s, "bouclier")
    s.apply({"type": "lancelot", "player": B})
    assert s.bouclier is None and "bouclier" in s.discard


def test_lancelot_window_closes_with_the_next_card_and_needs_a_player_still_in() -> None:
    s = table([["rouge-3", "rouge-4"], ["rouge-5", "rouge-3"], ["rouge-4"]])
    play(s, "feinte")
    s.active[C], s.displays[C] = False, []
    with pytest.raises(RuleError) as err:
        s.apply({"type": "lancelot", "player": C})
    assert err.value.rule == "registre CAM-11"
    play(s, "rouge-5")
    with pytest.raises(RuleError):
        s.apply({"type": "lancelot", "player": B})
    refused(s, "lancelot", "registre CAM-11")


def test_preview_describes_without_changing_anything() -> None:
    s = table([["rouge-3", "rouge-4"], ["rouge-5", "rouge-3"]])
    before = s.summary()
    text = s.preview({"type": "play", "player": A, "card": "feinte"})
    assert text == "Feinte : Bert défausse Rouge 3"
    assert s.summary() == before
    with pytest.raises(RuleError):
        s.preview({"type": "play", "player": A, "card": "desarconne", "colour": "bleu"})
