"""The kit's credits page: the pictures' set and licence (OpenMoji, CC BY-SA 4.0: credit it,
share changes alike), the fonts' licence, and the tools. The same text goes into the image zips
for print services (`credits_text`)."""

from __future__ import annotations

from reportlab.pdfgen.canvas import Canvas

from print_kit.draw.art import openmoji_set
from print_kit.draw.faces import INK
from print_kit.draw.fonts import BOLD, REGULAR
from print_kit.draw.painter import Painter
from print_kit.draw.textfit import draw_block, french
from print_kit.kit import FreePage, PrintFile
from print_kit.layout.geometry import MM
from print_kit.options import PrintOptions


def credits_lines(games: bool = True) -> list[tuple[str, str]]:
    """(heading, paragraph) pairs, in French; `games` False for an author's own deck (its
    pictures may be its own, and the games' rules are not in it)."""
    om = openmoji_set()
    lines = [
        ("Illustrations", ("Toutes les images des cartes, jetons et dos" if games else
                           "Les images qui ne sont pas les vôtres") + f" viennent d'{om.name} "
         f"{om.version}, le projet libre d'emojis et d'icônes (openmoji.org, {om.source}), "
         f"sous licence {om.licence} ({om.licence_url}). Elles sont dessinées telles quelles, "
         "en vecteurs ; en mode économie d'encre, seul leur trait est dessiné. Si vous "
         "modifiez ces images, partagez vos modifications sous la même licence."),
        ("Vos images", "Les images passées avec --art restent les vôtres : elles ne sont pas "
         "couvertes par ces crédits."),
        ("Polices", "DejaVu Sans et DejaVu Sans Bold (licence libre Bitstream Vera / DejaVu, "
         "fournie avec le kit dans print_kit/fonts/LICENSE-DejaVu.txt)."),
        ("Outils", "Mis en page avec ReportLab, images lues par svglib ; kit produit par "
         "Compagnon de table."),
    ]
    if games:
        # the cards print what a published game would (issue 36): the fiches say which
        # values are the project's, the cards do not
        lines.append(("Jeux", "Règles résumées dans les propres mots du projet ; les valeurs "
                      "choisies par le projet sont signalées sur les fiches mémoire, pas sur "
                      "les cartes."))
    return lines


def credits_text() -> str:
    return "\n\n".join(f"{heading}\n{text}" for heading, text in credits_lines()) + "\n"


def _draw(c: Canvas, painter: Painter, w: float, h: float, games: bool = True) -> None:
    c.setFillColorRGB(*INK)
    c.setFont(BOLD, 16)
    c.drawString(15 * MM, h - 22 * MM, "Crédits")
    y = h - 32 * MM
    for heading, text in credits_lines(games):
        c.setFont(BOLD, 10)
        c.setFillColorRGB(*INK)
        c.drawString(15 * MM, y, french(heading))
        y = draw_block(c, text, REGULAR, 15 * MM, y - 2 * MM, w - 30 * MM, 40 * MM, largest=9,
                       smallest=7, where="credits") - 6 * MM


def credits_page(games: bool = True) -> FreePage:
    """The credits as one page (an author's deck ends with it, `games` False: OpenMoji's
    licence asks for the credit wherever its pictures are printed)."""
    strings = tuple(s for pair in credits_lines(games) for s in pair) + ("Crédits",)

    def draw(c: Canvas, painter: Painter, w: float, h: float) -> None:
        _draw(c, painter, w, h, games)

    return FreePage("Crédits", draw, strings)


def credits_file(options: PrintOptions) -> PrintFile:
    return PrintFile("credits", "kit", "Crédits du kit d'impression", pages=(credits_page(),))
