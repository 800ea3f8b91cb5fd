"""What the « Autre jeu » page and its history say, as plain text (no Streamlit here)."""

from __future__ import annotations

from typing import Any

from companion.core.text import counted

WINNER_LABELS = {"high": "le plus haut total gagne", "low": "le plus bas total gagne"}
SETUP_RULES = ("winner", "target", "rounds")  # what a named game remembers (not the players)


def signed(value: int) -> str:
    return f"+{value}" if value > 0 else str(value)


def describe(event: dict[str, Any]) -> str:
    """One history line: « Manche : Alice +20, Bruno −10 » (names as typed: user text)."""
    if event.get("type") == "end":
        return "Fin de partie décidée par la table"
    scores = event.get("scores") or {}
    if not scores:
        return "Manche : aucun point"
    return "Manche : " + ", ".join(f"{who} {signed(points)}" for who, points in scores.items())


def rules_line(summary: dict[str, Any]) -> str:
    """« le plus haut total gagne · en 300 points » (plain text)."""
    parts = [WINNER_LABELS[summary["winner"]]]
    if summary["target"] is not None:
        parts.append(f"fin à {summary['target']} points")
    elif summary["rounds_limit"] is not None:
        parts.append(f"en {counted(summary['rounds_limit'], 'manche')}")
    else:
        parts.append("fin quand la table l'arrête")
    return " · ".join(parts)


def remembered_rules(setups: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """Name (case and spaces ignored) -> the rules of its latest game: `setups` are the setups
    of earlier games, oldest first; « the next Skull King starts with the same rules »."""
    out: dict[str, dict[str, Any]] = {}
    for setup in setups:
        name = setup.get("name")
        if isinstance(name, str) and name.strip():
            out[" ".join(name.split()).casefold()] = {
                "name": name.strip(), **{k: setup[k] for k in SETUP_RULES if k in setup}}
    return out
