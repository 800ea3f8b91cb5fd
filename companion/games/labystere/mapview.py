"""What the table sees of a layout: one short label per cell, shared by the CLI and the app.

By default the hidden cards are shown by sort only (Drapeau, Suspect, Action): the table lays
only the face-up layer and the app keeps the face-down one (registre LAB-3). `reveal=True` shows
every card (the host's page does so once the game is over, registre TAB-3). Each path card
is drawn with its open sides, turned as the plan says (registre LAB-4).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from companion.core.loader import load_game
from companion.games.labystere.board import GLYPHS, SHAPE_SIDES, SIDES, turn
from companion.games.labystere.data import LabystereData
from companion.games.labystere.setup import Cell, Layout

ROW_NAMES = "ABCDEFGHIJ"

SORT_LABELS = {"depart": "Départ", "arrivee": "Arrivée", "drapeau": "Drapeau",
               "suspect": "Suspect", "action": "Action"}


@dataclass(frozen=True)
class CellLabel:
    kind: str  # depart, arrivee, drapeau, suspect, action
    action: str  # what to lay face down (or face up for Départ/Arrivée)
    path: str  # the path card on top, or "" when uncovered
    glyph: str = ""  # its open sides as a line drawing (┼ on Départ and Arrivée)


def card_names() -> dict[str, str]:
    data = load_game("labystere")
    assert isinstance(data, LabystereData)
    return {c.id: c.name for c in data.components()}


def path_label(path: str | None, names: dict[str, str]) -> str:
    if path is None:
        return ""
    if path.startswith("chemin-lieu-"):
        return f"Lieu : {names[path]}"
    return names[path]


def path_shapes() -> dict[str, str]:
    data = load_game("labystere")
    return {c.id: str(c.fields["shape"]) for c in data.components() if "shape" in c.fields}


def glyph(cell: Cell, shapes: dict[str, str]) -> str:
    if cell.path is None:
        return GLYPHS[SIDES]
    return GLYPHS[turn(SHAPE_SIDES[shapes[cell.path]], cell.rotation)]


def cell_label(cell: Cell, names: dict[str, str], reveal: bool = False,
               shapes: dict[str, str] | None = None) -> CellLabel:
    action = names[cell.action] if (reveal or not cell.face_down) else SORT_LABELS[cell.kind]
    return CellLabel(cell.kind, action, path_label(cell.path, names),
                     glyph(cell, shapes or path_shapes()))


def position_name(row: int, col: int) -> str:
    """A1 is the top-left cell, rows are letters and columns numbers (like a map)."""
    return f"{ROW_NAMES[row]}{col + 1}"


def text_map(layout: Layout, reveal: bool = False) -> str:
    """A plain-text grid to copy: each cell shows the action card, then the path card on top."""
    names = card_names()
    shapes = path_shapes()
    labels = [[cell_label(cell, names, reveal, shapes) for cell in row] for row in layout]
    width = max(max(len(lab.action), len(lab.path or "(sans chemin)") + 2)
                for row in labels for lab in row)
    rule = "   +" + "+".join("-" * (width + 2) for _ in labels[0]) + "+"
    lines = [f"Labystère — plan de mise en place (graine {layout.seed})", ""]
    header = " ".join(f" {str(c + 1):<{width}} " for c in range(len(labels[0])))
    lines.append(f"    {header}".rstrip())
    lines.append(rule)
    for r, row in enumerate(labels):
        actions = "|".join(f" {lab.action:<{width}} " for lab in row)
        paths = "|".join(f" {lab.glyph} {(lab.path or '(sans chemin)'):<{width - 2}} "
                         for lab in row)
        lines += [f" {ROW_NAMES[r]} |{actions}|", f"   |{paths}|"]
        lines.append(rule)
    lines.append("")
    lines.append("1re ligne : la carte Action (dos jaune) ; 2e ligne : la carte Chemin posée "
                 "dessus, face visible, tournée comme le trait (│ ─ └ ┌ ┐ ┘ ├ ┬ ┤ ┴ ┼ : "
                 "les côtés où le chemin sort).")
    if reveal:
        lines.append(f"Suspect mis de côté (le coupable) : {names[layout.guilty]}")
    else:
        lines += [f"- {step}" for step in setup_steps()]
    return "\n".join(lines)


def setup_steps() -> list[str]:
    """How to lay the grid from the map without anyone learning a secret (registre LAB-3)."""
    data = load_game("labystere")
    assert isinstance(data, LabystereData)
    return [
        "Pose Départ et Arrivée face visible sur leurs cases : elles restent sans chemin.",
        "Pose chaque carte Chemin sur sa case, face visible, tournée comme le trait du plan "
        "(le trait montre les côtés par où le chemin sort).",
        f"Laisse les {len(data.suspects)} cartes Suspect, les cartes Drapeau et les cartes Action "
        "dans la boîte : l'application sait ce qu'il y a sous chaque chemin et le montre, au "
        "moment de retourner le paquet, au seul joueur concerné.",
    ]


def text_board(summary: dict[str, Any]) -> str:
    """The board of a game in progress (an engine summary: face-up facts only): each cell's
    path drawing, its sort (D Départ, A Arrivée, L Lieu, T Témoin) and the pawns' seats."""
    marks = {"depart": "D", "arrivee": "A", "lieu": "L", "temoin": "T"}
    cols = len(summary["board"][0])
    lines = ["    " + "".join(f"{c + 1:<7}" for c in range(cols)).rstrip()]
    for r, row in enumerate(summary["board"]):
        cells = []
        for cell in row:
            pawns = "".join(str(seat + 1) for seat in cell["pawns"])
            cells.append(f"{GLYPHS[cell['sides']]}{marks.get(cell['cover'], ' ')}{pawns:<4}")
        lines.append(f" {ROW_NAMES[r]}  " + " ".join(cells).rstrip())
    lines.append("")
    for seat, player in enumerate(summary["players"]):
        where = f"en {player['cell']}" if player["cell"] else "éliminé"
        lines.append(f"{seat + 1}. {player['name']} ({player['colour']}) {where}")
    if summary["finished"]:
        winner = summary["winner"]
        lines.append(f"Partie finie : {winner} a gagné." if winner
                     else "Partie finie : personne n'a gagné.")
    else:
        lines.append(f"Au tour de {summary['current']} : {PHASES[summary['phase']]}.")
        if summary["moves"]:
            lines.append(f"Cases possibles en {summary['steps']} pas : "
                         + ", ".join(summary["moves"]))
    return "\n".join(lines)


PHASES = {"roll": "lancer le dé", "play": "avancer ou échanger deux chemins",
          "reveal": "retourner le paquet sous son pion", "action": "faire l'action de la carte",
          "done": "finir son tour"}
