"""ELSEN events in French words, for the game master's history and forms."""

from __future__ import annotations

from typing import Any

STEP_LABELS = {"protect": "Personne protégée par le Policier",
               "kill": "Victime désignée par les saboteurs",
               "seer": "Joueur désigné par la Voyante"}


def describe(event: dict[str, Any]) -> str:
    """One line of history for the game master (the deal's roles are not repeated)."""
    kind = event.get("type")
    if kind == "deal":
        return "Distribution des rôles (" + ("tirage" if event.get("method") == "random"
                                             else "cartes") + ")"
    if kind == "mission":
        return f"Mission : {', '.join(map(str, event.get('team', [])))}"
    if kind in ("protect", "seer"):
        return f"{STEP_LABELS[kind]} : {event.get('target') or 'personne'}"
    if kind == "kill":
        return f"{STEP_LABELS['kill']} : {event.get('victim')}"
    if kind == "vote":
        return f"Vote : {event.get('target') or 'personne'} ({event.get('votes', 0)} voix)"
    return {"recognition": "Première nuit", "dawn": "Réveil"}.get(str(kind), str(kind))
