"""The printed Emblèmes sheet tells the rules' turn order (issue 12)."""
from companion.core.loader import load_game
from print_kit.games.emblemes import sheet
from print_kit.options import PrintOptions


def test_sheet_says_the_pawn_passes_after_each_turn() -> None:
    """emblemes.txt › Comment se déroule un tour: « Une fois que tout le monde a posé sa carte,
    le pion Premier joueur passe au joueur à gauche. Nouveau tour ! » (register EMB-12)."""
    turn = dict(sheet(load_game("emblemes"), PrintOptions()).blocks)["Un tour"]
    text = " ".join(turn)
    assert "après chaque tour" in text
    assert "Puis le pion passe" not in text
    pawn_line = next(line for line in turn if "pion Premier joueur passe" in line)
    assert "posé sa carte" in pawn_line
