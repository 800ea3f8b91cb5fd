"""Noé hand analysis against the rules: the examples of trios, the table of combinations, the
Complot à l'Élysée, the special announcements, jokers and méchants (noe-complot-a-l-elysee.txt;
decisions in docs/register/noe.md)."""

from __future__ import annotations

from itertools import combinations, product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.core.errors import RuleError
from companion.games.noe.cards import CHARACTER, JOKER, MECHANT, deck
from companion.games.noe.hand import analyse, analyse_cards, compose, trio_kind

CARDS = deck().cards
NOE = "Noé"


def ids(kind: int | None = None, *, category: str | None = None, name: str | None = None,
        exclude: tuple[str, ...] = ()) -> list[str]:
    """Card ids from the data, filtered: tests choose cards by their traits, not by hand."""
    return [c.id for c in CARDS.values()
            if (kind is None or c.kind == kind) and (category is None or c.category == category)
            and (name is None or c.first_name == name) and c.id not in exclude]


def allowed(hand: list[str], level: int = 3) -> dict[str, int]:
    return {f.id: f.points for f in analyse(hand, level).announcements}


# --- the rules' examples of two trios (Niveau 1 › Démarrage du jeu) -----------------------

TRIO_EXAMPLES = [
    # « 3 Léonard et 3 journalistes »
    ids(category="leonard")[:3] + ids(category="journalistes"),
    # « 3 Pompiers et 3 Duron » (the same first names twice)
    ids(category="pompiers") + ["famille-duron-camille", "famille-duron-clara",
                                "famille-duron-etienne"],
    # « 3 Enquêteurs et 3 Pompiers »
    ["enqueteurs-amelie", "enqueteurs-arthur", "enqueteurs-david"] + ids(category="pompiers"),
    # « 3 Sarah et 3 Pompiers »
    ["etat-major-sarah", "espions-sarah", "senechales-sarah"] + ids(category="pompiers"),
    # « 3 Arthur et 3 Clara »
    ids(name="Arthur", kind=CHARACTER)[:3] + ids(name="Clara", kind=CHARACTER)[:3],
]


@pytest.mark.parametrize("hand", TRIO_EXAMPLES)
def test_rules_trio_examples_are_a_complot_worth_15(hand: list[str]) -> None:
    result = analyse(hand)
    assert result.allows("complot")
    complot = next(f for f in result.announcements if f.id == "complot")
    assert complot.points == 15
    assert sorted(complot.cards) == sorted(hand)
    assert len(complot.groups) == 2 and all(len(g.cards) == 3 for g in complot.groups)


def test_two_unrelated_trios_of_mixed_cards_are_no_complot() -> None:
    hand = ["etat-major-noe", "espions-franck", "alphas-naomie",
            "senechales-rose", "journalistes-marc", "pompiers-camille"]
    assert analyse(hand).announcements == ()
    assert analyse(hand).best is None


# --- the table of combinations (Fiche mémoire › Listes des Complots classiques) --------------

@pytest.mark.parametrize(("announcement", "category", "count", "points"), [
    ("six-duron", "famille-duron", 6, 25),
    ("six-senechales", "senechales", 6, 35),
    ("six-leonard", "leonard", 6, 50),
    ("six-empires", "empires", 6, 50),
    ("cinq-alphas", "alphas", 5, 75),
])
def test_combinations_table(announcement: str, category: str, count: int, points: int) -> None:
    members = ids(category=category)[:count]
    filler = [] if count == 6 else ["espions-franck"]
    found = allowed(members + filler)
    assert found[announcement] == points
    best = analyse(members + filler).best
    assert best is not None and best.points == max(found.values())


def test_six_of_a_category_is_also_two_trios() -> None:
    assert set(allowed(ids(category="famille-duron")[:6])) >= {"complot", "six-duron"}


def test_five_of_a_six_card_category_is_not_the_combination() -> None:
    hand = ids(category="leonard")[:5] + ["espions-franck"]
    assert "six-leonard" not in allowed(hand)


def test_a_joker_completes_a_combination() -> None:
    hand = ids(category="alphas")[:4] + ["archange-igor", "espions-franck"]
    assert allowed(hand)["cinq-alphas"] == 75


# --- Complot à l'Élysée and the special announcements ----------------------------------------

def test_elysee_three_noe_any_categories() -> None:
    hand = ["etat-major-noe", "espions-noe", "famille-duron-noe",
            "alphas-naomie", "senechales-rose", "journalistes-marc"]
    found = analyse(hand)
    assert allowed(hand) == {"complot-elysee": 100}
    assert found.best is not None and found.best.wait_next_turn


def test_elysee_five_names_any_categories() -> None:
    hand = ["empires-noe", "leonard-sarah", "etat-major-max", "senechales-marie",
            "espions-arthur", "alphas-naomie"]
    assert allowed(hand)["complot-elysee"] == 100


def test_elysee_five_names_with_one_missing_is_nothing() -> None:
    hand = ["empires-noe", "leonard-sarah", "etat-major-max", "senechales-marie",
            "espions-franck", "alphas-naomie"]
    assert "complot-elysee" not in allowed(hand)


def test_archange_noe_may_be_the_third_noe_but_another_archange_may_not() -> None:
    base = ["etat-major-noe", "espions-noe", "alphas-naomie", "senechales-rose",
            "journalistes-marc"]
    assert "complot-elysee" in allowed(base + ["archange-noe"])
    for joker in ids(JOKER, exclude=("archange-noe",)):
        assert "complot-elysee" not in allowed(base + [joker])


def test_a_non_noe_archange_stands_for_sarah_max_marie_or_arthur() -> None:
    hand = ["famille-duron-noe", "archange-sarah", "empires-max", "senechales-marie",
            "leonard-arthur", "alphas-naomie"]
    assert "complot-elysee" in allowed(hand)
    without_noe = ["archange-gabrielle", "leonard-sarah", "empires-max", "senechales-marie",
                   "leonard-arthur", "alphas-naomie"]
    assert "complot-elysee" not in allowed(without_noe)


@pytest.mark.parametrize(("category", "announcement"), [("journalistes", "prix-pulitzer"),
                                                       ("pompiers", "plan-etare")])
def test_special_announcements_worth_50(category: str, announcement: str) -> None:
    hand = ids(category=category) + ["alphas-naomie", "senechales-rose", "espions-franck"]
    assert allowed(hand) == {announcement: 50}


# --- jokers (Les 5 jokers; registre NOE-1, NOE-2) ---------------------------------------------

def test_names_shown_fewer_than_three_times_are_completed_by_jokers() -> None:
    hand = ["leonard-sally", "alphas-sally", "archange-igor",
            "famille-duron-jacquotte", "archange-gabrielle", "archange-ismaelle"]
    complot = next(f for f in analyse(hand).announcements if f.id == "complot")
    labels = {g.label for g in complot.groups}
    assert "3 Sally" in labels


def test_two_noe_and_a_non_noe_joker_are_no_trio() -> None:
    a, b = CARDS["etat-major-noe"], CARDS["espions-noe"]
    assert trio_kind(a, b, CARDS["archange-igor"]) is None
    assert trio_kind(a, b, CARDS["archange-noe"]) == ("name", a.name_index)


def test_three_jokers_make_a_trio() -> None:
    hand = ids(JOKER)[:3] + ids(category="pompiers")
    assert "complot" in allowed(hand)


def test_jokers_roles_are_recorded() -> None:
    hand = ["leonard-sally", "alphas-sally", "archange-igor"] + ids(category="pompiers")
    complot = next(f for f in analyse(hand).announcements if f.id == "complot")
    roles = dict(role for g in complot.groups for role in g.roles)
    assert roles == {"archange-igor": "Sally"}


# --- méchants (Niveau 3) and bad hands --------------------------------------------------------

def test_mechants_never_form_a_trio() -> None:
    spies = ids(MECHANT, exclude=tuple(ids(category="attentat")))
    for trio in combinations(spies, 3):
        assert trio_kind(*(CARDS[c] for c in trio)) is None


def test_a_mechant_is_allowed_beside_an_announcement_at_level_3() -> None:
    hand = ids(category="journalistes") + ["espion-rouge-olga", "poseur-bombes-irina",
                                           "espion-violet-valentina"]
    assert allowed(hand) == {"prix-pulitzer": 50}


@pytest.mark.parametrize(("hand", "level", "words"), [
    (ids(category="pompiers") + ["espions-noe", "alphas-naomie"], 3, "6 cartes"),
    (ids(category="pompiers") + ids(category="journalistes") + ["espions-noe"], 3, "6 cartes"),
    (ids(category="pompiers") * 2, 3, "deux fois"),
    (ids(category="pompiers") + ["espions-noe", "alphas-naomie", "carte-inconnue"], 3, "inconnue"),
    (ids(category="pompiers") + ["espions-noe", "alphas-naomie", "attentat-todorov"], 3,
     "Attentat"),
    (ids(category="pompiers") + ["espions-noe", "alphas-naomie", "espion-rouge-olga"], 2,
     "niveau 3"),
    (ids(category="pompiers") + ["espions-noe", "alphas-naomie", "espions-max"], 4, "niveau"),
])
def test_bad_hands_are_refused_with_a_reason(hand: list[str], level: int, words: str) -> None:
    with pytest.raises(RuleError, match=words):
        analyse(hand, level)


# --- properties --------------------------------------------------------------------------------

PLAYABLE = [c for c in CARDS.values() if not c.is_attentat]


@st.composite
def hands(draw: st.DrawFn, max_jokers: int = 5) -> list:
    jokers = draw(st.integers(0, max_jokers))
    picked = draw(st.lists(st.sampled_from([c for c in PLAYABLE if c.kind == JOKER]),
                           min_size=jokers, max_size=jokers, unique=True))
    others = draw(st.lists(st.sampled_from([c for c in PLAYABLE if c.kind != JOKER]),
                           min_size=6 - len(picked), max_size=6 - len(picked), unique=True))
    return draw(st.permutations(picked + others))


def _noe_count(hand: list) -> int:
    return sum(c.kind == CHARACTER and c.first_name == NOE for c in hand)


@settings(max_examples=400, deadline=None)
@given(hands())
def test_no_joker_but_archange_noe_makes_a_three_noe_elysee(hand: list) -> None:
    three_noe = compose([NOE] * 3, hand) is not None
    has_archange_noe = any(c.id == "archange-noe" for c in hand)
    assert three_noe == (_noe_count(hand) + has_archange_noe >= 3)
    if _noe_count(hand) == 0 and not has_archange_noe:
        assert not analyse_cards(hand).allows("complot-elysee")


@settings(max_examples=300, deadline=None)
@given(hands())
def test_mechants_never_appear_in_a_proof(hand: list) -> None:
    for found in analyse_cards(hand).announcements:
        for group in found.groups:
            assert all(CARDS[c].kind != MECHANT for c in group.cards)
            assert set(group.cards) <= {c.id for c in hand}
            assert len(set(group.cards)) == len(group.cards)


def _oracle_two_trios(hand: list) -> bool:
    """Independent check: give every joker each identity it may take (a first name and a
    category from the hand, or a fresh one; Noé only for Archange Noé), then try every split."""
    names = {c.first_name for c in hand if c.kind == CHARACTER} | {"?"}
    cats = {c.category for c in hand if c.kind == CHARACTER} | {"?"}
    options = []
    for c in hand:
        if c.kind == MECHANT:
            options.append([None])
        elif c.kind == CHARACTER:
            options.append([(c.first_name, c.category)])
        else:
            options.append([(n, k) for n in names for k in cats
                            if n != NOE or c.replaces_noe])
    for identity in product(*options):
        for first in combinations(range(6), 3):
            if 0 not in first:
                continue
            second = [i for i in range(6) if i not in first]
            if all(_oracle_trio([identity[i] for i in g]) for g in (first, second)):
                return True
    return False


def _oracle_trio(members: list) -> bool:
    if any(m is None for m in members):
        return False
    return len({m[0] for m in members}) == 1 or len({m[1] for m in members}) == 1


@settings(max_examples=150, deadline=None)
@given(hands(max_jokers=2))
def test_two_trios_match_an_independent_oracle(hand: list) -> None:
    assert analyse_cards(hand).allows("complot") == _oracle_two_trios(hand)


@settings(max_examples=200, deadline=None)
@given(hands())
def test_best_is_the_most_points(hand: list) -> None:
    result = analyse_cards(hand)
    if result.announcements:
        assert result.best is not None
        assert result.best.points == max(f.points for f in result.announcements)
    else:
        assert result.best is None
