"""ELSEN events in French words, for the game master's history, corrections and forms.

A line may name the target of a night power: it is shown to the host only. A screen without
the host's rights never gets these lines for the secret events (deal, protect, kill, seer, a
forced mission): tableapp/table/notices.py asks companion/events/publiclog.py first."""

from __future__ import annotations

from typing import Any

from companion.games.elsen.setup import elsen_data

STEP_LABELS = {"protect": "Personne protégée par le Policier",
               "kill": "Victime désignée par les saboteurs",
               "seer": "Joueur désigné par la Voyante"}
NOBODY_WAKES = {"protect": "Policier exclu : personne ne se réveille",
                "seer": "Voyante exclue : personne ne se réveille"}


def names_fr(names: list[str]) -> str:
    """["A", "B", "C"] -> « A, B et C »; [] -> « personne »."""
    names = [str(n) for n in names]
    if not names:
        return "personne"
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " et " + names[-1]


def _cards(cards: Any) -> str:
    data, counts = elsen_data(), dict[str, int]()
    for card in cards if isinstance(cards, list) else []:
        cid = str(card).removeprefix("action-")
        try:
            name = data.action_card(cid).name
        except (KeyError, ValueError, StopIteration):
            name = cid
        counts[name] = counts.get(name, 0) + 1
    return ", ".join(name if n == 1 else f"{n} × {name}" for name, n in counts.items())


def describe(event: dict[str, Any]) -> str:
    """One line of history for the game master (the deal's roles are not repeated)."""
    kind = event.get("type")
    if kind == "deal":
        return "Distribution des rôles (" + ("tirage au sort" if event.get("method") == "random"
                                             else "cartes distribuées à la main") + ")"
    if kind == "mission":
        team = event.get("team")
        line = f"Mission : {names_fr(team if isinstance(team, list) else [])}"
        cards = _cards(event.get("cards"))
        return line + (f" · {cards}" if cards else "") + (
            " · cartes forcées" if "forcer" in event else "")
    if kind in ("protect", "seer"):
        target = event.get("target")
        return NOBODY_WAKES[kind] if target is None else f"{STEP_LABELS[kind]} : {target}"
    if kind == "kill":
        return f"{STEP_LABELS['kill']} : {event.get('victim')}"
    if kind == "vote":
        votes = event.get("votes", 0)
        if event.get("target") is None:
            return "Vote : personne n'est désigné"
        return f"Vote contre {event.get('target')} : {votes} voix"
    return {"recognition": "Première nuit : les saboteurs se reconnaissent",
            "dawn": "Réveil : cartes action rendues"}.get(str(kind), str(kind))
