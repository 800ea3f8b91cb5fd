"""Tournament flow: setup, starting, turns, withdrawal, dame penalty, tokens, winning; the
simulation deal and reshuffle; the light token tracker (camelot.txt; registre CAM-1 to CAM-20)."""

from __future__ import annotations

from typing import Any

import pytest

from companion.core.errors import RuleError
from companion.games.camelot.cards import catalogue
from companion.games.camelot.engine import ENGINE, CamelotState
from companion.games.camelot.simulate import playout

A, B, C = range(3)


def new(n: int = 2, **setup: Any) -> CamelotState:
    return ENGINE.new_state({"players": ["Ana", "Bert", "Cleo", "Dan", "Eve"][:n], **setup})


def apply_all(s: CamelotState, *events: dict[str, Any]) -> None:
    for e in events:
        s.apply(e)


def rejected(s: CamelotState, event: dict[str, Any]) -> RuleError:
    before = s.summary()
    with pytest.raises(RuleError) as err:
        s.apply(event)
    assert s.summary() == before
    return err.value


@pytest.mark.parametrize("setup", [
    {"players": ["Ana"]},
    {"players": ["a", "b", "c", "d", "e", "f"]},
    {"players": ["Ana", "Ana"]},
    {"players": ["Ana", "Bert"], "mode": "magie"},
    {"players": ["Ana", "Bert"], "first_player": 2},
    {"players": "Ana, Bert"},
])
def test_bad_setups_are_refused(setup: dict[str, Any]) -> None:
    with pytest.raises(RuleError):
        ENGINE.new_state(setup)


def test_tokens_to_win_depend_on_player_count() -> None:
    assert [new(n).goal for n in (2, 3, 4, 5)] == [5, 5, 4, 4]


def test_the_starter_chooses_the_colour_before_drawing_then_opens_with_colour_or_supporter(
) -> None:
    """camelot.txt › Débuter un tournoi: « Avant de tirer sa carte, le joueur qui débute un
    tournoi choisit la couleur de celui-ci. » (registre CAM-1)"""
    s = new()
    assert s.hand_count(A) == 8 and s.pile_size() == 110 - 16  # not drawn yet
    assert rejected(s, {"type": "play", "player": A, "card": "rouge-3"}).rule == "registre CAM-1"
    s.apply({"type": "start", "player": A, "colour": "rouge"})
    assert s.hand_count(A) == 9 and s.pile_size() == 110 - 16 - 1  # the draw comes after
    assert rejected(s, {"type": "play", "player": A, "card": "feinte"}).rule == "registre CAM-1"
    assert rejected(s, {"type": "withdraw", "player": A}).rule == "registre CAM-1"
    rejected(s, {"type": "play", "player": A, "card": "bleu-3"})
    s.apply({"type": "play", "player": A, "card": "ecuyer-2"})
    assert rejected(s, {"type": "play", "player": B, "card": "rouge-3"}).rule.startswith(
        "camelot.txt")


def test_in_simulation_the_hand_at_start_is_the_one_before_the_draw() -> None:
    """The colour is checked against the 8 cards held before the draw; the drawn card arrives
    with `start` (camelot.txt › Débuter un tournoi, registre CAM-1)."""
    s = new(mode="simulation")
    s.apply({"type": "deal", "order": list(catalogue().deck)})
    before = list(s.hands[A])
    top = s.pile[-1]
    assert len(before) == 8
    colour = next(catalogue().cards[c].colour for c in before
                  if catalogue().cards[c].kind == "couleur")
    s.apply({"type": "start", "player": A, "colour": colour})
    assert s.hands[A] == [*before, top] and len(s.pile) == 110 - 17


def test_a_colour_the_hand_cannot_start_is_refused_even_if_the_draw_would_give_it() -> None:
    """« Il n'a pas besoin de posséder une carte de la couleur en question s'il possède une carte
    de soutien dans sa main »: the hand is the one before the draw (registre CAM-1)."""
    hand = ["bleu-2", "bleu-3", "bleu-4", "feinte", "charge", "chute", "riposte", "esquive"]
    order = deal_order([hand, ["vert-1"] * 8])
    order.insert(16, order.pop(order.index("rouge-5")))  # Ana's draw would be a red card
    s = new(mode="simulation")
    s.apply({"type": "deal", "order": order})
    assert s.pile[-1] == "rouge-5"
    assert rejected(s, {"type": "start", "player": A, "colour": "rouge"}).rule == \
        "registre CAM-1"
    s.apply({"type": "start", "player": A, "colour": "bleu"})
    assert "rouge-5" in s.hands[A]


def test_a_player_who_stays_must_play_a_card_and_be_strictly_highest() -> None:
    s = new()
    apply_all(s, {"type": "start", "player": A, "colour": "jaune"},
              {"type": "play", "player": A, "card": "jaune-3"}, {"type": "end", "player": A})
    assert s.current == B and s.hand_count(B) == 9
    assert rejected(s, {"type": "end", "player": B}).rule == "registre CAM-3"
    s.apply({"type": "play", "player": B, "card": "ecuyer-3"})
    assert s.summary()["must_withdraw"] is True
    assert rejected(s, {"type": "end", "player": B}).rule == "registre CAM-3"
    s.apply({"type": "play", "player": B, "card": "jaune-2"})
    s.apply({"type": "end", "player": B})
    assert s.total(B) == 5 and s.current == A


def _purple_win(s: CamelotState, prize: str) -> None:
    apply_all(s, {"type": "start", "player": A, "colour": "violet"},
              {"type": "play", "player": A, "card": "violet-3"}, {"type": "end", "player": A})
    for q in range(1, s.n):
        s.apply({"type": "withdraw", "player": q})
    assert s.phase == "prize"
    s.apply({"type": "prize", "player": A, "colour": prize})


def test_purple_win_gives_any_token_and_bans_a_second_purple_tournament() -> None:
    s = new()
    _purple_win(s, "jaune")
    assert s.tokens[A] == {"jaune"} and s.current == A and s.phase == "start"
    assert rejected(s, {"type": "start", "player": A, "colour": "violet"}).rule == \
        "registre CAM-2"
    s.apply({"type": "start", "player": A, "colour": "vert"})


def test_withdrawing_with_a_dame_costs_a_token_of_ones_choice() -> None:
    s = new(3)
    _purple_win(s, "rouge")
    s.tokens[A].add("bleu")  # Ana has two tokens now
    s.pool["bleu"] -= 1
    apply_all(s, {"type": "start", "player": A, "colour": "rouge"},
              {"type": "play", "player": A, "card": "dame-6"}, {"type": "end", "player": A},
              {"type": "play", "player": B, "card": "dame-6"},
              {"type": "play", "player": B, "card": "rouge-3"}, {"type": "end", "player": B},
              {"type": "withdraw", "player": C})
    assert rejected(s, {"type": "withdraw", "player": A}).rule == "camelot.txt › Soutien"
    rejected(s, {"type": "withdraw", "player": A, "token": "vert"})
    s.apply({"type": "withdraw", "player": A, "token": "bleu"})
    assert s.tokens[A] == {"rouge"} and s.pool["bleu"] == 5
    assert s.tokens[B] == {"rouge"} and s.current == B  # Bert won the red tournament


def test_no_token_given_when_nothing_is_owed() -> None:
    s = new()
    apply_all(s, {"type": "start", "player": A, "colour": "rouge"},
              {"type": "play", "player": A, "card": "rouge-3"}, {"type": "end", "player": A})
    rejected(s, {"type": "withdraw", "player": B, "token": "rouge"})


def test_table_mode_refuses_a_card_whose_copies_are_all_visible() -> None:
    s = new()
    apply_all(s, {"type": "start", "player": A, "colour": "violet"},
              {"type": "play", "player": A, "card": "violet-7"},
              {"type": "play", "player": A, "card": "violet-7"}, {"type": "end", "player": A})
    assert rejected(s, {"type": "play", "player": B, "card": "violet-7"}).rule == \
        "registre CAM-17"


def test_token_tracker_counts_tokens_and_declares_one_winner() -> None:
    s = new(4, mode="jetons")
    for colour in ("rouge", "bleu", "jaune"):
        s.apply({"type": "tournament", "winner": B, "colour": colour})
    s.apply({"type": "tournament", "winner": B, "colour": "bleu"})  # owned: nothing gained
    assert s.tokens[B] == {"rouge", "bleu", "jaune"} and s.history[-1]["gained"] is False
    s.apply({"type": "dame_penalty", "player": B, "token": "bleu"})
    rejected(s, {"type": "dame_penalty", "player": C, "token": "bleu"})
    s.apply({"type": "tournament", "winner": B, "colour": "violet", "token": "bleu"})
    assert rejected(s, {"type": "tournament", "winner": A, "colour": "violet",
                        "token": "vert"}).rule == "registre CAM-2"
    assert s.winner is None
    s.apply({"type": "tournament", "winner": B, "colour": "vert"})
    assert s.phase == "over" and s.summary()["winner"] == "Bert"
    rejected(s, {"type": "tournament", "winner": A, "colour": "rouge"})


def test_token_tracker_refuses_full_events_and_vice_versa() -> None:
    rejected(new(mode="jetons"), {"type": "start", "player": A, "colour": "rouge"})
    rejected(new(), {"type": "tournament", "winner": A, "colour": "rouge"})
    rejected(new(), {"type": "dame_penalty", "player": A, "token": "rouge"})


# --- simulation ------------------------------------------------------------------------------


def deal_order(hands: list[list[str]]) -> list[str]:
    """A deck order that deals exactly these hands (one card each in turn, top first)."""
    rest = list(catalogue().deck)
    for hand in hands:
        for c in hand:
            rest.remove(c)
    order = [hands[p][k] for k in range(8) for p in range(len(hands))]
    return order + rest


def test_simulation_needs_its_deal_first_and_a_complete_deck() -> None:
    s = new(mode="simulation")
    rejected(s, {"type": "start", "player": A, "colour": "rouge"})
    rejected(s, {"type": "deal", "order": list(catalogue().deck)[:-1]})
    s.apply({"type": "deal", "order": list(catalogue().deck)})
    # the starter chooses the colour before drawing (registre CAM-1)
    assert [len(h) for h in s.hands] == [8, 8] and len(s.pile) == 110 - 16


def test_a_starter_with_only_actions_shows_the_hand_and_the_next_one_starts() -> None:
    """« Si le joueur qui doit choisir la couleur du tournoi ne possède que des cartes d'action
    en main il doit montrer ses cartes à tous et c'est le joueur à sa gauche qui débute »: decided
    on the hand before the draw, even when the draw would have given a supporter; the next player
    chooses before drawing too (registre CAM-1)."""
    actions = ["feinte", "charge", "chute", "chute", "riposte", "riposte", "riposte", "esquive"]
    colours = ["rouge-3"] * 6 + ["rouge-4", "rouge-5"]
    order = deal_order([actions, colours])
    order.insert(16, order.pop(order.index("ecuyer-2")))  # Ana's draw would be a supporter
    s = new(mode="simulation")
    s.apply({"type": "deal", "order": order})
    assert len(s.hands[A]) == 8 and s.pile[-1] == "ecuyer-2"
    assert rejected(s, {"type": "start", "player": A, "colour": "rouge"}).rule == \
        "registre CAM-1"
    s.apply({"type": "cannot_start", "player": A})
    assert len(s.hands[A]) == 8  # Ana did not draw
    assert s.current == B and len(s.hands[B]) == 8 and s.phase == "start"
    assert rejected(s, {"type": "cannot_start", "player": B}).rule == "registre CAM-1"
    s.apply({"type": "start", "player": B, "colour": "rouge"})
    assert s.hands[B][-1] == "ecuyer-2" and len(s.hands[B]) == 9


def test_the_last_card_drawn_calls_for_a_reshuffle_of_the_discards() -> None:
    game = next(g for g in (playout(3, seed) for seed in range(50))
                if any(e["type"] == "reshuffle" for e in g.events))
    at = next(i for i, e in enumerate(game.events) if e["type"] == "reshuffle")
    s = ENGINE.new_state(game.setup)
    for e in game.events[:at]:
        s.apply(e)
    assert s.awaiting_reshuffle and not s.pile
    assert rejected(s, {"type": "end", "player": s.current}).rule == "registre CAM-14"
    rejected(s, {"type": "reshuffle", "order": list(s.discard) + ["rouge-3"]})
    s.apply(game.events[at])
    assert not s.discard and len(s.pile) == len(game.events[at]["order"])


def test_at_the_table_a_shown_hand_is_checked() -> None:
    """The shown hand has the count before the draw (registre CAM-1)."""
    s = new()
    assert s.hand_count(A) == 8
    eight = ["feinte", "charge", "chute", "chute", "riposte", "riposte", "riposte", "esquive"]
    rejected(s, {"type": "cannot_start", "player": A, "hand": [*eight, "lancelot"]})  # 9 shown
    assert rejected(s, {"type": "cannot_start", "player": A,
                        "hand": [*eight[:-1], "ecuyer-2"]}).rule == "registre CAM-1"
    s.apply({"type": "cannot_start", "player": A, "hand": eight})
    assert s.hand_count(A) == 8 and s.current == B and s.hand_count(B) == 8
    s.apply({"type": "start", "player": B, "colour": "bleu"})
    assert s.hand_count(B) == 9


def test_a_draw_due_after_pile_and_discard_ran_out_reshuffles_the_new_discards() -> None:
    """camelot.txt › Tirer une carte: « Lorsque la dernière carte du talon est piochée, les
    cartes défaussées sont mélangées à nouveau ». When pile and discard are both empty, the next
    draw that is due once cards reach the discard reshuffles them (registre CAM-14)."""
    s = new(3, mode="table")
    s.apply({"type": "start", "player": A, "colour": "rouge"})
    s.apply({"type": "play", "player": A, "card": "rouge-3"})
    hidden = s.pile_count + len(s.discard) - 1  # keep one card in the pile, the rest "in hands"
    s.counts[A] += hidden
    s.pile_count, s.discard = 1, []
    s.apply({"type": "end", "player": A})  # B draws the last card: nothing to reshuffle
    assert s.pile_count == 0 and not s.discard
    s.apply({"type": "play", "player": B, "card": "changement-arme", "colour": "bleu"})
    assert s.discard == ["changement-arme"]  # a card reaches the discard
    hand = s.counts[C]
    s.apply({"type": "play", "player": B, "card": "bleu-5"})
    s.apply({"type": "end", "player": B})  # C's draw is due: the discard becomes the pile
    assert s.counts[C] == hand + 1 and s.pile_count == 0 and not s.discard


def test_in_simulation_the_due_draw_waits_for_the_shuffled_discards() -> None:
    """registre CAM-14, simulation: the draw due on an empty pile asks for the reshuffle first,
    then is made from the new pile."""
    s = new(2, mode="simulation")
    s.phase, s.colour, s.first_card_due = "turn", "rouge", False
    s.hands = [["rouge-3", "changement-arme"], ["rouge-4"]]
    s.displays = [["rouge-5"], ["rouge-3"]]
    s.pile, s.discard = [], []
    s.current = A
    s.apply({"type": "play", "player": A, "card": "changement-arme", "colour": "bleu"})
    s.apply({"type": "end", "player": A})  # B's draw is due: pile empty, discard has a card
    assert s.awaiting_reshuffle and s.hands[B] == ["rouge-4"]
    rejected(s, {"type": "withdraw", "player": B})
    s.apply({"type": "reshuffle", "order": ["changement-arme"]})
    assert s.hands[B] == ["rouge-4", "changement-arme"] and not s.pile and not s.discard


def test_the_starters_draw_after_start_may_wait_for_a_reshuffle() -> None:
    """registre CAM-14 with CAM-1's draw after `start`: a starter facing an empty pile announces
    the colour, then the reshuffle comes, then the draw; the first card is still due."""
    s = new(2, mode="simulation")
    s.phase, s.current, s.previous_colour = "start", A, None
    s.hands = [["rouge-3"], ["rouge-4"]]
    s.pile, s.discard = [], ["bleu-2"]
    s.apply({"type": "start", "player": A, "colour": "rouge"})
    assert s.awaiting_reshuffle and s.hands[A] == ["rouge-3"] and s.colour == "rouge"
    rejected(s, {"type": "play", "player": A, "card": "rouge-3"})
    s.apply({"type": "reshuffle", "order": ["bleu-2"]})
    assert s.hands[A] == ["rouge-3", "bleu-2"] and s.first_card_due
    # the starter's draw takes the last card: the reshuffle is called for after `start`
    s = new(2, mode="simulation")
    s.phase, s.current = "start", A
    s.hands = [["ecuyer-2"], ["rouge-4"]]
    s.pile, s.discard = ["vert-1"], ["bleu-2"]
    assert not s.awaiting_reshuffle
    s.apply({"type": "start", "player": A, "colour": "jaune"})
    assert s.hands[A] == ["ecuyer-2", "vert-1"] and s.awaiting_reshuffle
    s.apply({"type": "reshuffle", "order": ["bleu-2"]})
    s.apply({"type": "play", "player": A, "card": "ecuyer-2"})


def test_a_starter_who_cannot_start_keeps_the_hand_undrawn() -> None:
    """« Avant de tirer sa carte... » (registre CAM-1, rules version 2): the player who shows the
    hand never drew (version 1 left that player 9 cards); the one who starts draws with `start`.
    """
    from companion.core.engine import rules_version

    assert rules_version("camelot") == 2
    s = new(3)
    apply_all(s, {"type": "cannot_start", "player": A},
              {"type": "start", "player": B, "colour": "bleu"},
              {"type": "play", "player": B, "card": "bleu-3"}, {"type": "end", "player": B})
    assert [s.hand_count(p) for p in range(3)] == [8, 8, 9]
    assert s.pile_size() == 110 - 24 - 2


def test_a_finished_tournament_is_named_by_its_final_colour() -> None:
    """camelot.txt › Gagner un tournoi: « un jeton de la couleur finale du tournoi gagné »: a red
    tournament turned green is a green tournament in the history and the end message."""
    from companion.games.camelot.texts import tournament_result

    s = new(2, mode="table")
    apply_all(s, {"type": "start", "player": A, "colour": "rouge"},
              {"type": "play", "player": A, "card": "rouge-3"},
              {"type": "play", "player": A, "card": "maladresse"},
              {"type": "play", "player": A, "card": "vert-1"},
              {"type": "end", "player": A},
              {"type": "withdraw", "player": B})
    done = s.history[-1]
    assert done["colour"] == "vert" and done["colours"] == ["rouge", "vert"]
    assert s.tokens[A] == {"vert"}
    line = tournament_result(done, s.names)
    assert "tournoi ● Vert" in line and "Rouge" not in line
