"""French typography of what players read (companion/core/text.py): elision, numbers, dates and
rules cited in plain words (issue 13)."""

from __future__ import annotations

from datetime import datetime

import pytest

from companion.core.text import date_time, de, number, que, rule_line, rule_words, slug


@pytest.mark.parametrize(("name", "expected"), [
    ("Anaïs", "d’Anaïs"), ("Éloi", "d’Éloi"), ("Ulysse", "d’Ulysse"), ("Hélène", "d’Hélène"),
    ("Yves", "d’Yves"), ("Zoé", "de Zoé"), ("Yann", "de Yann"), ("Hugo", "de Hugo"),
    ("Bruno", "de Bruno"), ("Olivier Martin", "d’Olivier Martin"), ("", "de "),
])
def test_de_elides_before_a_vowel_or_a_mute_h(name: str, expected: str) -> None:
    assert de(name) == expected


def test_que_elides_too() -> None:
    assert que("Anaïs") == "qu’Anaïs" and que("Zoé") == "que Zoé"


@pytest.mark.parametrize(("value", "decimals", "expected"), [
    (2.5, 1, "2,5"), (3.0, 1, "3"), (0.25, 2, "0,25"), (1250, 1, "1\u202f250"), (-1.5, 1, "-1,5"),
    (2.0 / 3, 2, "0,67"),
])
def test_numbers_have_a_decimal_comma(value: float, decimals: int, expected: str) -> None:
    assert number(value, decimals) == expected


def test_dates_as_french_writes_them() -> None:
    assert date_time("2026-11-23T18:18:00") == "23 nov. 2026, 18 h 18"
    assert date_time(datetime(2026, 2, 1, 9, 5)) == "1 févr. 2026, 9 h 05"
    assert date_time("pas une date") == "pas une date"


@pytest.mark.parametrize(("rule", "expected"), [
    ("camelot.txt › Soutien", "Règle : soutien"),
    ("noe-complot-a-l-elysee.txt › Niveau 2 › Le contrôle", "Règle : niveau 2, le contrôle"),
    ("emblemes.txt › Comment se déroule un tour: reveal, place in order, immediate effect.",
     "Règle : comment se déroule un tour"),
    ("elsen.txt › Phase de vote", "Règle : phase de vote"),
    ("registre NOE-8", "Règle : choix de la maison, la règle imprimée ne tranche pas"),
    ("camelot.txt › Soutien ; registre CAM-3",
     "Règle : soutien ; choix de la maison, la règle imprimée ne tranche pas"),
    ("", ""), (None, ""),
])
def test_rules_are_cited_in_plain_words(rule: str | None, expected: str) -> None:
    assert rule_line(rule) == expected


def test_no_register_id_or_file_name_reaches_a_player() -> None:
    for rule in ("registre CAM-14", "camelot.txt › Tirer une carte", "registre ELS-3 révisé"):
        words = rule_words(rule)
        assert "registre" not in words and ".txt" not in words and "-" not in words


def test_slug_is_unchanged() -> None:
    assert slug("Archange Noé") == "archange-noe"


def test_a_count_agrees_with_its_noun() -> None:
    from companion.core.text import counted

    assert counted(0, "jeton") == "0 jeton"  # French: singular below 2
    assert counted(1, "carte") == "1 carte"
    assert counted(1.5, "jeton") == "1,5 jeton"
    assert counted(2, "événement") == "2 événements"
    assert counted(2.5, "jeton") == "2,5 jetons"
    assert counted(1250, "pièce") == "1\u202f250 pièces"
    assert counted(3, "cheval", "chevaux") == "3 chevaux"


def test_a_participle_agrees_with_a_count_written_elsewhere() -> None:
    from companion.core.text import agreed, counted

    assert agreed(0, "copiée et vérifiée", "copiées et vérifiées") == "copiée et vérifiée"
    assert agreed(1.5, "rejouée") == "rejouée"
    assert agreed(2, "copiée et vérifiée", "copiées et vérifiées") == "copiées et vérifiées"
    assert counted(1, "mission réussie", "missions réussies") == "1 mission réussie"
    assert counted(2, "mission réussie", "missions réussies") == "2 missions réussies"
    assert counted(-3, "jeton") == "-3 jetons"  # a refused count still reads as French
