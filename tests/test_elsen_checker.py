"""The rule checker: which revealed cards no member of the team could have played
(elsen.txt › cartes action, Phase de jeu Nuit; matching reasoning: registre ELS-8)."""

from __future__ import annotations

import itertools
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games.elsen.checker import Member, can_play, check_cards
from companion.games.elsen.setup import elsen_data

DATA = elsen_data()
CARDS = [c.id for c in DATA.action_cards]
ROLES = [r.id for r in DATA.roles]


def check(team: list[tuple[str, str, bool]], cards: list[str],
          used: frozenset[str] = frozenset()) -> list[dict]:
    members = [Member(*m) for m in team]
    return [v.as_dict() for v in check_cards(DATA, members, cards, used)]


def flagged(violations: list[dict]) -> list[str]:
    return sorted(c for v in violations if v["code"] == "cartes-en-trop" for c in v["cards"])


def test_worked_example_is_legal() -> None:
    team = [("Jean", "saboteur", True), ("Paul", "faineant", True),
            ("Pierre", "travailleur", True)]
    assert check(team, ["elimination", "faineant", "travailleur"]) == []


def test_sabotage_without_saboteur_in_the_team() -> None:
    team = [("A", "passager", True), ("B", "voyante", True), ("C", "policier", True)]
    [violation, *_] = check(team, ["sabotage", "mission-reussie", "mission-reussie"])
    assert violation["cards"] == ["action-sabotage"] and violation["excess"] == 1
    assert "aucun Saboteur" in violation["reason"] and "Sabotage" in violation["rule"]


def test_mission_reussie_when_every_member_is_dead() -> None:
    team = [("A", "passager", False), ("B", "saboteur", False), ("C", "docteur", False)]
    violations = check(team, ["mission-reussie", "mission-reussie-fantome",
                              "mission-reussie-fantome"])
    assert flagged(violations) == ["action-mission-reussie"]
    assert "aucun membre vivant" in violations[0]["reason"]


def test_faineant_card_without_the_faineant() -> None:
    team = [("A", "passager", True), ("B", "travailleur", True), ("C", "passager", True)]
    violations = check(team, ["faineant", "travailleur", "mission-reussie"])
    assert flagged(violations) == ["action-faineant"]
    assert "aucun Fainéant" in violations[0]["reason"]


def test_two_docteur_cards() -> None:
    team = [("A", "docteur", True), ("B", "passager", True), ("C", "saboteur", True)]
    violations = check(team, ["docteur", "docteur", "elimination"])
    assert flagged(violations) == ["action-docteur", "action-docteur"]
    assert violations[0]["excess"] == 1 and "usage unique" in violations[0]["reason"]


def test_mission_reussie_played_by_the_faineant() -> None:
    team = [("Paul", "faineant", True), ("A", "passager", True), ("B", "passager", True)]
    violations = check(team, ["mission-reussie"] * 3)
    assert flagged(violations) == ["action-mission-reussie"] * 3
    assert violations[0]["excess"] == 1
    [member] = [v for v in violations if v["code"] == "membre-sans-carte"]
    assert member["members"] == ["Paul"] and "Fainéant" in member["reason"]


def test_single_use_card_used_twice() -> None:
    team = [("A", "ingenieur", True), ("B", "passager", True), ("C", "saboteur", True)]
    assert check(team, ["ingenieur", "mission-reussie", "sabotage"]) == []
    violations = check(team, ["ingenieur", "mission-reussie", "sabotage"],
                       used=frozenset({"ingenieur"}))
    assert flagged(violations) == ["action-ingenieur"]
    assert "déjà jouée" in violations[0]["reason"]


def test_dead_saboteur_cannot_sabotage_and_living_cannot_play_ghost() -> None:
    team = [("A", "saboteur", False), ("B", "passager", True), ("C", "passager", True)]
    violations = check(team, ["sabotage", "mission-reussie", "mission-reussie"])
    assert flagged(violations) == ["action-sabotage"] and "mort" in violations[0]["reason"]
    team = [("A", "saboteur", True), ("B", "passager", True), ("C", "passager", True)]
    violations = check(team, ["mission-reussie-fantome", "mission-reussie", "mission-reussie"])
    assert flagged(violations) == ["action-mission-reussie-fantome"]
    assert "aucun mort" in violations[0]["reason"]


def test_two_cards_one_saboteur_is_one_card_too_many() -> None:
    """Neither card alone is impossible: together they need two saboteurs (Hall's condition)."""
    team = [("A", "saboteur", True), ("B", "passager", True), ("C", "passager", True)]
    [violation] = check(team, ["sabotage", "elimination", "mission-reussie"])
    assert violation["excess"] == 1
    assert sorted(violation["cards"]) == ["action-elimination", "action-sabotage"]
    assert violation["members"] == ["A"]


def test_independent_faults_are_reported_separately() -> None:
    team = [("A", "docteur", True), ("B", "passager", True), ("C", "passager", True),
            ("D", "passager", True)]
    violations = check(team, ["docteur", "docteur", "sabotage", "mission-reussie"])
    groups = sorted(tuple(sorted(v["cards"])) for v in violations if v["code"] == "cartes-en-trop")
    assert groups == [("action-docteur", "action-docteur", "action-mission-reussie"),
                      ("action-sabotage",)] or groups == [("action-docteur", "action-docteur"),
                                                          ("action-sabotage",)]


members = st.builds(Member, st.sampled_from("ABCDEFG"), st.sampled_from(ROLES), st.booleans())


def brute_force_best(team: list[Member], cards: list[str]) -> int:
    """How many cards at most can be given to members allowed to play them (all orders)."""
    specs = [DATA.action_card(c) for c in cards]
    best = 0
    for order in itertools.permutations(range(len(cards))):
        best = max(best, sum(can_play(specs[j], m) for m, j in zip(team, order, strict=True)))
    return best


@given(st.lists(members, min_size=3, max_size=6), st.data())
@settings(max_examples=150, deadline=None)
def test_flagged_excess_is_what_no_assignment_can_explain(team: list[Member],
                                                          data: st.DataObject) -> None:
    cards = data.draw(st.lists(st.sampled_from(CARDS), min_size=len(team),
                               max_size=len(team)))
    violations = check_cards(DATA, team, cards)
    excess = sum(v.excess for v in violations if v.code == "cartes-en-trop")
    assert excess == len(cards) - brute_force_best(team, cards)


@given(st.lists(members, min_size=3, max_size=7), st.data(), st.randoms())
@settings(max_examples=100, deadline=None)
def test_report_does_not_depend_on_the_shuffle(team: list[Member], data: st.DataObject,
                                               rnd: random.Random) -> None:
    cards = data.draw(st.lists(st.sampled_from(CARDS), min_size=len(team),
                               max_size=len(team)))
    def key(vs: list) -> list:
        return sorted((v.code, tuple(sorted(v.cards)), tuple(sorted(v.members)), v.excess)
                      for v in vs)
    shuffled_cards, shuffled_team = cards[:], team[:]
    rnd.shuffle(shuffled_cards)
    rnd.shuffle(shuffled_team)
    assert key(check_cards(DATA, team, cards)) == key(check_cards(DATA, shuffled_team,
                                                                  shuffled_cards))


def test_printed_who_text_says_what_the_checker_enforces() -> None:
    """The « qui la joue » line printed on each action card and on the fiche mémoire says who
    may play it as the checker does (registre ELS-12): « vivant » for the cards of the living,
    « morts » for the ghost card, the roles allowed and the role excluded."""
    for card in DATA.action_cards:
        who = card.who.casefold()
        rule = card.play
        assert ("vivant" in who) == (rule.alive is True), card.id
        assert ("mort" in who) == (rule.alive is False), card.id
        for role in rule.roles or []:
            assert DATA.role(role).name.casefold() in who, (card.id, role)
        for role in rule.excluded_roles:
            assert "sauf" in who and DATA.role(role).name.casefold() in who, (card.id, role)


def test_reasons_agree_with_the_number_of_members() -> None:
    """What the table reads says « 1 membre qui pouvait », « 2 membres qui pouvaient », never
    « membre(s) » or « pouvai(en)t »."""
    one = [("A", "saboteur", True), ("B", "passager", True), ("C", "passager", True)]
    two = [("A", "saboteur", True), ("B", "saboteur", True), ("C", "passager", True),
           ("D", "passager", True)]
    [reason] = [v["reason"] for v in check(one, ["sabotage", "sabotage", "mission-reussie"])]
    assert reason == "2 cartes « Sabotage » pour 1 membre qui pouvait la jouer (A)"
    [reason] = [v["reason"] for v in check(two, ["sabotage"] * 3 + ["mission-reussie"])]
    assert reason == "3 cartes « Sabotage » pour 2 membres qui pouvaient la jouer (A, B)"
    [reason] = [v["reason"] for v in check(one, ["sabotage", "elimination", "mission-reussie"])]
    assert reason.endswith("ne peuvent venir que de 1 membre (A) : 1 de trop")
    [reason] = [v["reason"] for v in check(
        two, ["sabotage", "elimination", "sabotage", "mission-reussie"])]
    assert reason.endswith("ne peuvent venir que de 2 membres (A, B) : 1 de trop")
