"""ELSEN's printed material says what the engine and the register say (registre ELS-2,
ELS-12; docs/print-kit.md PRINT-6)."""

from __future__ import annotations

import io
import re

import pypdf
import pytest

from print_kit.build import Kit, build_kit
from print_kit.options import make_options


@pytest.fixture(scope="module")
def kit() -> Kit:
    return build_kit(make_options("elsen", players=5, layout="fronts"))


def text(kit: Kit, name: str) -> str:
    pages = pypdf.PdfReader(io.BytesIO(kit.file(name).data)).pages
    return re.sub(r"\s+", " ", " ".join(p.extract_text() for p in pages)
                  .replace("\xa0", " ").replace("\u202f", " "))


def test_ghost_ladder_holds_whole_tokens_and_says_the_leader_sets_its_reward(kit: Kit) -> None:
    """The ghost ladder said « Un demi-jeton compte pour ½ » (only the Fainéant's card gives a
    half, to the current mission) and « elle aide les vivants » without saying how."""
    ladders = text(kit, "elsen-echelles.pdf")
    mission, ghost = ladders.split("Échelle de mission fantôme")
    assert "demi-jeton" in mission and "demi" not in ghost
    # the board says what it gives and who decides, not where the value comes from (issue 36)
    assert "au choix du meneur : +1 jeton sur la mission en cours" in ghost


def test_life_cards_say_what_the_living_and_the_dead_may_play(kit: Kit) -> None:
    """The Vivant card said « Vous pouvez jouer « Mission réussie » » only (registre ELS-12:
    the living play every card of their role, never the ghost card)."""
    cards = text(kit, "elsen-vivant-mort.pdf")
    assert cards.count("Vous jouez vos cartes action, sauf « Mission réussie fantôme ».") == 5
    assert cards.count("Vous ne jouez plus que « Mission réussie fantôme ».") == 5
    assert "Vous pouvez jouer" not in cards


def test_fiche_marks_the_vote_threshold_as_a_house_default(kit: Kit) -> None:
    fiche = text(kit, "elsen-fiche-memoire.pdf")
    assert "plus de la moitié des joueurs à bord*" in fiche
    assert "* Seuil du vote" in fiche
    assert "Élimination sans carte Docteur" in fiche
    for who in ("Les saboteurs vivants seulement.", "Le Docteur vivant seulement.",
                "Les morts seulement."):
        assert who in fiche
