"""The data model of the five games against the counts the rules state."""

from __future__ import annotations

from collections import Counter

import pytest

from companion.core.loader import load_game
from companion.core.model import _GROUP_LABELS, count_label, group_label, total_copies
from companion.core.provenance import Provenance
from companion.core.registry import GAMES


def copies(game: str, **kw: int) -> Counter[str]:
    out: Counter[str] = Counter()
    for c in load_game(game).components(**kw):
        out[c.kind] += c.copies
    return out


@pytest.mark.parametrize("game", list(GAMES))
def test_every_game_loads_with_unique_ids(game: str) -> None:
    components = load_game(game).components()
    ids = [c.id for c in components]
    assert len(ids) == len(set(ids))
    assert all(c.copies >= 1 for c in components)


def test_noe_93_cards_and_79_without_mechants() -> None:
    data = load_game("noe")
    assert total_copies(data.components(level=3)) == 93
    assert total_copies(data.components(level=1)) == 79
    assert total_copies(data.components(level=2)) == 79
    level3 = data.components(level=3)
    by_category = Counter(c.fields["category"] for c in level3)
    assert by_category["joker"] == 5
    assert by_category["attentat"] == 5
    assert by_category["espion-rouge"] + by_category["espion-violet"] == 6
    assert by_category["poseur-bombes"] == 3
    assert sum(by_category[c.id] for c in data.categories) == 74


def test_noe_reconciled_table_meets_every_row_and_column_total() -> None:
    data = load_game("noe")
    # rows: as many categories as the row total printed in the rules
    stated_rows = {"Abigaïl": 3, "Amélie": 3, "Arthur": 4, "Camille": 2, "Clara": 5, "David": 3,
                   "Elena": 2, "Emma": 5, "Estelle": 2, "Étienne": 2, "Franck": 1, "Henri": 5,
                   "Jacquotte": 1, "Karl": 4, "Marc": 2, "Marie": 3, "Max": 4, "Naomie": 1,
                   "Noé": 5, "Rose": 1, "Sally": 2, "Sandy": 1, "Sarah": 7, "Sindy": 1,
                   "Sophie": 4, "Susy": 1}
    assert {ch.name: len(ch.categories) for ch in data.characters} == stated_rows
    # columns: the totals printed under the table and in the list of the 10 categories
    stated_columns = {"etat-major": 9, "enqueteurs": 9, "espions": 15, "leonard": 6, "alphas": 5,
                      "senechales": 6, "empires": 7, "pompiers": 3, "journalistes": 3,
                      "famille-duron": 11}
    columns = Counter(cat for ch in data.characters for cat in ch.categories)
    assert dict(columns) == stated_columns
    assert sum(columns.values()) == 74


def test_noe_grades_table_matches_etat_major_and_enqueteurs_columns() -> None:
    data = load_game("noe")
    graded = {ch.name for ch in data.characters if ch.grade}
    staff = {ch.name for ch in data.characters if "etat-major" in ch.categories}
    investigators = {ch.name for ch in data.characters if "enqueteurs" in ch.categories}
    assert staff == {"Noé", "Sophie", "Abigaïl", "Karl", "Max", "Henri", "Sarah", "David",
                     "Arthur"}
    assert investigators == {"Noé", "Max", "Henri", "Sarah", "David", "Arthur", "Amélie",
                             "Clara", "Emma"}
    assert graded == staff | investigators
    assert data.grade_rank("major-general") > data.grade_rank("contre-amirale") > \
        data.grade_rank("general-etat-major") > data.grade_rank("general-corps") > \
        data.grade_rank("colonel") > data.grade_rank("lieutenant-colonel") > \
        data.grade_rank("commandant") > data.grade_rank("officier")


def test_noe_fewer_than_three_cards_list_agrees_with_the_table() -> None:
    rare = {"Sally", "Sandy", "Susy", "Marc", "Naomie", "Rose", "Camille", "Estelle", "Elena",
            "Étienne", "Franck", "Sindy", "Jacquotte"}
    data = load_game("noe")
    assert {ch.name for ch in data.characters if len(ch.categories) < 3} == rare


def test_noe_combinations_table() -> None:
    points = {a.name: a.points for a in load_game("noe").announcements}
    assert points == {"Complot": 15, "6 Duron": 25, "6 Sénéchales": 35, "6 Léonard": 50,
                      "6 Empires": 50, "5 Alphas": 75, "Prix Pulitzer": 50, "Plan Étaré": 50,
                      "Complot à l'Élysée": 100}


def test_emblemes_84_cards_96_coins() -> None:
    counts = copies("emblemes")
    assert counts["card"] == 84 and counts["token"] == 96 and counts["pawn"] == 1
    data = load_game("emblemes")
    characters = [c for c in data.components() if c.group == "personnages"]
    assert len(characters) == 75
    assert Counter(c.fields["family"] for c in characters) == {f.id: 15 for f in data.families}
    timings = {data.character(v).timing for v in (15, 12, 11, 10, 9, 8, 5, 4, 1)}
    assert timings == {"immediate"}
    assert {data.character(v).timing for v in (14, 13, 7, 6, 3, 2)} == {"end_of_round"}
    assert data.turns_per_round == {3: 4, 4: 3, 5: 3}


def test_emblemes_only_set_a_chateau_3_4_is_official() -> None:
    data = load_game("emblemes")
    official = [(p.id, face) for p in data.place_cards
                for face, f in (("3-4", p.face_3_4), ("5", p.face_5))
                if f.provenance is not Provenance.HOUSE]
    assert official == [("lieu-a-chateau", "3-4")]
    rewards = data.place_face("A", "chateau", 3).rewards
    assert [r.fixed for r in rewards] == [4, 3, 1]


def test_labystere_85_cards_for_4_colours() -> None:
    counts = copies("labystere")
    assert counts["card"] == 85 and counts["pawn"] == 4 and counts["die"] == 1
    groups = Counter()
    for c in load_game("labystere").components():
        groups[c.group] += c.copies
    assert groups["chemins"] == 23 and groups["actions"] == 22 and groups["suspects"] == 4
    assert all(groups[f"enquete-{col}"] == 9 for col in ("rouge", "bleu", "vert", "jaune"))


def test_camelot_110_cards_and_25_tokens() -> None:
    counts = copies("camelot")
    assert counts["card"] == 110 and counts["token"] == 25
    by_colour: Counter[tuple[str, int]] = Counter()
    for c in load_game("camelot").components():
        if c.fields.get("type") == "couleur":
            by_colour[(c.fields["colour"], c.fields["value"])] += c.copies
    assert by_colour == {("violet", 3): 4, ("violet", 4): 4, ("violet", 5): 4, ("violet", 7): 2,
                         ("rouge", 3): 6, ("rouge", 4): 6, ("rouge", 5): 2,
                         ("bleu", 2): 4, ("bleu", 3): 4, ("bleu", 4): 4, ("bleu", 5): 2,
                         ("jaune", 2): 4, ("jaune", 3): 8, ("jaune", 4): 2, ("vert", 1): 14}
    actions = {c.id: c.copies for c in load_game("camelot").components()
               if c.fields.get("type") == "action"}
    assert len(actions) == 17 and sum(actions.values()) == 20
    assert actions["riposte"] == 3 and actions["chute"] == 2


@pytest.mark.parametrize("players", range(5, 16))
def test_elsen_components_follow_the_player_count(players: int) -> None:
    data = load_game("elsen")
    rows = {c.id: c for c in data.components(players=players)}
    assert rows["role-saboteur"].copies == data.saboteurs[players]
    assert sum(rows[f"action-{card.id}"].copies for card in data.action_cards) == 8 * players
    assert rows["vivant"].copies == rows["mort"].copies == players
    assert rows["echelle-mission"].fields["steps"] == data.success_tokens[players]


def test_elsen_tables_as_printed() -> None:
    data = load_game("elsen")
    assert [data.success_tokens[n] for n in range(5, 16)] == [3, 3, 4, 4, 5, 5, 5, 6, 6, 6, 7]
    assert [data.saboteurs[n] for n in range(5, 16)] == [1, 1, 1, 2, 2, 2, 2, 2, 3, 3, 3]
    assert data.turns == 10 and data.missions_to_win == 5


@pytest.mark.parametrize("game", list(GAMES))
def test_every_group_and_kind_has_a_french_label(game: str) -> None:
    """The home page and the sheets name groups in French, never by their data ids."""
    for comp in load_game(game).components():
        known = comp.group in _GROUP_LABELS or comp.group.startswith("enquete-")
        assert known, f"{game}: groupe « {comp.group} » sans nom français"
    assert group_label("mechants") == "Méchants"
    assert group_label("enquete-rouge") == "Cartes Enquête (rouge)"
    assert count_label("pawn", 1) == "1 pion" and count_label("pawn", 4) == "4 pions"
    assert count_label("board", 2) == "2 plateaux"
