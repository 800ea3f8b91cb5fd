"""Control and descente against the rules (Niveau 2 › Le contrôle ou la descente sont impossibles)
and the examples under the decision of registre NOE-4: the stated rule (blocked only by a
strictly higher grade) governs; the Noé and Arthur examples hold except for the equal grade."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.core.errors import RuleError
from companion.games.noe.cards import JOKER, deck
from companion.games.noe.control import check_control

CARDS = deck().cards
INVESTIGATORS = [c.id for c in CARDS.values() if c.category == "enqueteurs"]
STAFF = [c.id for c in CARDS.values() if c.category == "etat-major"]
JOKERS = [c.id for c in CARDS.values() if c.kind == JOKER]


def test_example_david_investigator_may_control_david_staff_equal_grade() -> None:
    verdict = check_control(["enqueteurs-david"], "etat-major-david")
    assert verdict.allowed and "grade identique" in verdict.reason


def test_example_max_investigator_may_control_sarah_staff() -> None:
    assert check_control(["enqueteurs-max"], "etat-major-sarah").allowed


def test_example_nobody_controls_noe_staff_except_noe_investigator_noe_4() -> None:
    for card in INVESTIGATORS:
        verdict = check_control([card], "etat-major-noe")
        assert verdict.allowed == (card == "enqueteurs-noe"), card
    assert check_control(["enqueteurs-noe"], "etat-major-noe").rule == "registre NOE-4"


def test_example_arthur_investigator_controls_no_staff_but_arthur_noe_4() -> None:
    for card in STAFF:
        verdict = check_control(["enqueteurs-arthur"], card)
        assert verdict.allowed == (card == "etat-major-arthur"), card
        if not verdict.allowed:
            assert "Niveau 2" in verdict.rule


def test_descente_uses_the_highest_grade_of_the_three() -> None:
    trio = ["enqueteurs-amelie", "enqueteurs-clara", "enqueteurs-henri"]  # officers + Henri
    assert check_control(trio, "etat-major-sarah").allowed  # Henri outranks Sarah
    assert not check_control(trio, "etat-major-max").allowed  # Max outranks Henri
    low = ["enqueteurs-amelie", "enqueteurs-clara", "enqueteurs-emma"]
    assert not check_control(low, "etat-major-arthur").allowed


@pytest.mark.parametrize("joker", JOKERS)
def test_jokers_have_no_power(joker: str) -> None:
    verdict = check_control([joker], "etat-major-arthur")
    assert not verdict.allowed and "joker" in verdict.reason
    trio = ["enqueteurs-noe", "enqueteurs-max", joker]
    assert not check_control(trio, "etat-major-arthur").allowed


def test_a_card_that_is_not_an_investigator_cannot_act_noe_5() -> None:
    verdict = check_control(["etat-major-noe"], "etat-major-arthur")
    assert not verdict.allowed and verdict.rule == "registre NOE-5"


def test_a_defending_card_that_is_not_staff_does_not_protect_noe_6() -> None:
    verdict = check_control(["enqueteurs-emma"], "espions-noe")
    assert verdict.allowed and verdict.rule == "registre NOE-6"


@pytest.mark.parametrize(("by", "against", "words"), [
    (["enqueteurs-emma", "enqueteurs-max"], "etat-major-noe", "descente"),
    (["enqueteurs-emma"] * 3, "etat-major-noe", "deux fois"),
    (["enqueteurs-emma"], "enqueteurs-emma", "attaquer et défendre"),
    (["enqueteurs-zorro"], "etat-major-noe", "inconnue"),
    (["enqueteurs-emma"], "etat-major-zorro", "inconnue"),
])
def test_bad_requests_are_refused(by: list[str], against: str, words: str) -> None:
    with pytest.raises(RuleError, match=words):
        check_control(by, against)


@given(st.lists(st.sampled_from(INVESTIGATORS), min_size=1, max_size=3, unique=True)
       .filter(lambda x: len(x) != 2), st.sampled_from(STAFF))
def test_blocked_exactly_when_the_staff_grade_is_strictly_higher(by: list[str],
                                                                 against: str) -> None:
    top = max(CARDS[c].grade_rank for c in by)
    verdict = check_control(by, against)
    assert verdict.allowed == (CARDS[against].grade_rank <= top)
    assert verdict.reason and verdict.rule


def test_the_verdict_reads_as_french_for_a_descente_and_a_control() -> None:
    descente = check_control(["enqueteurs-max", "enqueteurs-arthur", "enqueteurs-clara"],
                             "etat-major-sarah")
    assert descente.reason.endswith("la descente est permise")
    control = check_control(["enqueteurs-max"], "etat-major-sarah")
    assert control.reason.endswith("le contrôle est permis")
    not_staff = check_control(["enqueteurs-max", "enqueteurs-arthur", "enqueteurs-clara"],
                              "leonard-sarah")
    assert not_staff.reason.endswith("est permise")
