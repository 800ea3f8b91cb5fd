"""What the table sees of a layout: one short label per cell, shared by the CLI and the app.

By default the hidden Action cards are shown by sort only (Drapeau, Suspect, Action): the person
who lays out the grid shuffles each sort face down and so learns no secret (registre LAB-3).
`reveal=True` shows every card, for an adult who sets up without playing.
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.games.labystere.data import LabystereData
from companion.games.labystere.setup import Cell, Layout
from companion.loader import load_game

ROW_NAMES = "ABCDEFGHIJ"

SORT_LABELS = {"depart": "Départ", "arrivee": "Arrivée", "drapeau": "Drapeau",
               "suspect": "Suspect", "action": "Action"}


@dataclass(frozen=True)
class CellLabel:
    kind: str  # depart, arrivee, drapeau, suspect, action
    action: str  # what to lay face down (or face up for Départ/Arrivée)
    path: str  # the path card on top, or "" when uncovered


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


def cell_label(cell: Cell, names: dict[str, str], reveal: bool = False) -> CellLabel:
    action = names[cell.action] if (reveal or not cell.face_down) else SORT_LABELS[cell.kind]
    return CellLabel(cell.kind, action, path_label(cell.path, names))


def position_name(row: int, col: int) -> str:
    """A1 is the top-left cell, rows are letters and columns numbers (like a map)."""
    return f"{ROW_NAMES[row]}{col + 1}"


def text_map(layout: Layout, reveal: bool = False) -> str:
    """A plain-text grid to copy: each cell shows the action card, then the path card on top."""
    names = card_names()
    labels = [[cell_label(cell, names, reveal) for cell in row] for row in layout]
    width = max(max(len(lab.action), len(lab.path)) for row in labels for lab in row)
    rule = "   +" + "+".join("-" * (width + 2) for _ in labels[0]) + "+"
    lines = [f"Labystère — plan de mise en place (graine {layout.seed})", ""]
    header = " ".join(f" {str(c + 1):<{width}} " for c in range(len(labels[0])))
    lines.append(f"    {header}".rstrip())
    lines.append(rule)
    for r, row in enumerate(labels):
        actions = "|".join(f" {lab.action:<{width}} " for lab in row)
        paths = "|".join(f" {(lab.path or '(sans chemin)'):<{width}} " for lab in row)
        lines += [f" {ROW_NAMES[r]} |{actions}|", f"   |{paths}|"]
        lines.append(rule)
    lines.append("")
    lines.append("1re ligne : la carte Action (dos jaune) ; 2e ligne : la carte Chemin posée "
                 "dessus, face visible.")
    if reveal:
        lines.append(f"Suspect mis de côté (le coupable) : {names[layout.guilty]}")
    else:
        lines += [f"- {step}" for step in setup_steps()]
    return "\n".join(lines)


def setup_steps() -> list[str]:
    """How to lay the grid from the map without anyone learning a secret (registre LAB-3)."""
    data = load_game("labystere")
    assert isinstance(data, LabystereData)
    suspects = len(data.suspects)
    flags = sum(f.copies for f in data.flag_cards)
    plain = sum(a.copies for a in data.actions)
    return [
        "Pose Départ et Arrivée face visible sur leurs cases : elles restent sans chemin.",
        f"Mélange les {suspects} cartes Suspect face cachée, mets-en une de côté sans la "
        f"regarder (c'est le coupable), puis pose les {suspects - 1} autres, toujours face "
        "cachée, sur les cases Suspect.",
        f"Mélange les {flags} cartes Drapeau face cachée et pose-les sur les cases Drapeau.",
        f"Mélange les {plain} autres cartes Action face cachée et pose-les sur les cases Action.",
        "Recouvre chaque case de la carte Chemin indiquée, face visible : les Lieux sur les "
        "Drapeaux, les Témoins sur les Suspects, les chemins simples ailleurs.",
    ]
