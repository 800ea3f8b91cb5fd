"""An author's card text (issue 29): a French word too long for the card is hyphenated at a
legal point (pyphen's `fr` dictionary) before the type shrinks, and `:piece:`, `:epee:`… are
drawn inline from OpenMoji; an unknown `:nom:` is refused with its row and column. Checked on
the deck's PDF read back with pypdf."""

from __future__ import annotations

import io
import re
from dataclasses import replace

import pytest
from pypdf import PdfReader
from reportlab.lib.rl_accel import fp_str

from print_kit.build import build_file
from print_kit.decks.deckfile import DeckFileError, parse_deck
from print_kit.decks.decks import CardSpec, build_deck_kit, deck_file
from print_kit.draw.art import openmoji_path
from print_kit.draw.icons import ICONS
from print_kit.draw.textfit import breaks
from print_kit.options import make_options

LONG = "d’hexakosioihexekontahexaphobie"  # the fear of 666: wider than a poker card's text
TEXT = f"Ce dragon souffre {LONG}."
LARGEST = 9.4  # a poker card's effect text, unshrunk (print_kit/draw/faces.py)


def chunks(pdf: bytes) -> list[tuple[str, object, float, float, float]]:
    """In drawing order: (« T », text, size, x, y) for each text shown on the first page and
    (« Do », form name, scale, x, y) for each form placed."""
    page = PdfReader(io.BytesIO(pdf)).pages[0]
    out: list[tuple[str, object, float, float, float]] = []

    def text(value: str, cm: list[float], tm: list[float], _font: object, size: float) -> None:
        if value.strip():
            out.append(("T", value.strip("\n"), size, cm[4] + tm[4] * cm[0],
                        cm[5] + tm[5] * cm[3]))

    def operator(op: bytes, args: list[object], cm: list[float], _tm: list[float]) -> None:
        if op == b"Do":
            out.append(("Do", args[0], cm[0], cm[4], cm[5]))

    page.extract_text(visitor_text=text, visitor_operand_before=operator)
    return out


def effect_lines(found: list[tuple[str, object, float, float, float]],
                 first: str) -> list[tuple[str, float]]:
    """The effect's lines from the one starting with `first`: (text, size)."""
    start = next(i for i, c in enumerate(found) if c[0] == "T" and str(c[1]).startswith(first))
    return [(str(c[1]), c[2]) for c in found[start:start + 3] if c[0] == "T"]


def test_a_long_french_word_is_hyphenated_at_a_legal_point_and_the_type_keeps_its_size() -> None:
    options = make_options("all")
    card = CardSpec("peur", "Peur", text=TEXT)
    pdf = build_deck_kit("t", "T", [card], options).files[0].data
    lines = effect_lines(chunks(pdf), "Ce dragon")
    head = next(text for text, _ in lines if text.endswith("-"))
    tail = lines[[t for t, _ in lines].index(head) + 1][0].strip()
    word_head = head.split(" ")[-1].removesuffix("-")
    assert word_head + tail == LONG + "."  # the word, cut once, nothing lost
    assert len(word_head) in breaks(LONG)  # where the French dictionary allows it
    assert {size for _, size in lines} == {LARGEST}  # hyphenation sufficed: no shrinking
    # the same face without hyphenation (the five games' texts) shrinks instead, unbroken
    pf = deck_file("t", "T", [card])
    plain = replace(pf, decks=tuple(
        replace(deck, items=tuple(replace(item, front=replace(item.front, rich=False))
                                  for item in deck.items)) for deck in pf.decks))
    lines = effect_lines(chunks(build_file(plain, options).data), "Ce dragon")
    assert all(size < LARGEST for _, size in lines)
    assert any(LONG in text for text, _ in lines) and not any(t.endswith("-") for t, _ in lines)


def test_a_text_that_fits_unbroken_is_not_hyphenated() -> None:
    text = "Piochez deux cartes anticonstitutionnellement."
    pdf = build_deck_kit("t", "T", [CardSpec("a", "A", text=text)], make_options("all"))
    lines = effect_lines(chunks(pdf.files[0].data), "Piochez")
    assert not any(t.endswith("-") for t, _ in lines) and lines[0][1] == LARGEST


def test_icons_are_drawn_inline_where_their_names_were() -> None:
    card = CardSpec("tresor", "Trésor", text="Gagnez 2 :piece: par tour, puis :épée:.")
    data = build_deck_kit("t", "T", [card], make_options("all")).files[0].data
    found = chunks(data)
    start = next(i for i, c in enumerate(found) if c[1] == "Gagnez 2 ")
    kinds = [c[0] for c in found[start:start + 5]]
    assert kinds == ["T", "Do", "T", "Do", "T"]
    before, coin, middle, sword, after = found[start:start + 5]
    assert (middle[1], after[1]) == (" par tour, puis ", ".")
    # on the line, in reading order, one em square at the text's size (a 100-unit form)
    assert before[3] < coin[3] < middle[3] < sword[3] < after[3]
    assert abs(coin[2] * 100 - LARGEST) < 0.01 and abs(coin[4] - before[4]) < LARGEST / 2
    # the forms are OpenMoji's coin and dagger: their own fill colours are in them
    forms = PdfReader(io.BytesIO(data)).pages[0]["/Resources"]["/XObject"]
    for placed, code in ((coin, ICONS["piece"]), (sword, ICONS["epee"])):
        drawing = forms[placed[1]].get_object().get_data().decode("latin-1")
        svg = openmoji_path(code).read_text(encoding="utf-8")
        for colour in set(re.findall(r'fill="#([0-9A-Fa-f]{6})"', svg)):
            rgb = (int(colour[i:i + 2], 16) / 255 for i in (0, 2, 4))
            assert f"{fp_str(*rgb)} rg" in drawing, (code, colour)


def test_an_unknown_icon_is_refused_with_its_row_and_column() -> None:
    header = "nom;exemplaires;texte\n"
    good = "A;1;\"Gagnez :piece: à 10:30 ; Effet : rien\"\n"
    with pytest.raises(DeckFileError) as caught:
        parse_deck("jeu.csv", (header + good + "B;1;Volez un :tresor: et :cœur:\n").encode())
    assert caught.value.problems == [
        "jeu.csv, ligne 3, colonne C (texte) : icône inconnue « :tresor: » ; icônes possibles "
        ": :piece:, :epee:, :bouclier:, :coeur:, :etoile:, :couronne:, :fleche:, :de:, :gemme:, "
        ":cle:, :feu:, :sablier:"]
    deck = parse_deck("jeu.yaml", "cartes:\n  - nom: A\n    texte: ':epee: :épée: :Épée:'\n"
                      .encode())
    assert deck.cards[0].text == ":epee: :épée: :Épée:"
    with pytest.raises(DeckFileError, match=r"carte 1 \(ligne 2\), champ « texte » : icônes "
                                            r"inconnues « :x: », « :y: »"):
        parse_deck("jeu.yaml", b"cartes:\n  - nom: A\n    texte: ':x: :y:'\n")
