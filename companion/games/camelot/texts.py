"""French wording of Camelot for the table app and the history: card and colour labels, one line
per event. Plain text only (the page shows it with st.text/st.write, never as raw HTML)."""

from __future__ import annotations

from typing import Any

from companion.games.camelot.cards import catalogue

# Marks every font draws (an emoji font is not on every device): the colour is named anyway.
COLOUR_MARK = {"violet": "●", "rouge": "●", "bleu": "●", "jaune": "●", "vert": "●"}


def colour_label(colour: str | None) -> str:
    if colour is None:
        return "—"
    return f"{COLOUR_MARK.get(colour, '')} {catalogue().colour_names[colour]}".strip()


def card_label(card: str) -> str:
    info = catalogue().cards[card]
    mark = COLOUR_MARK.get(info.colour or "", "○" if info.kind == "soutien" else "✦")
    return f"{mark} {info.name}"


def tokens_label(tokens: list[str] | set[str]) -> str:
    """The tokens with their colour names, not only coloured dots (a screen without colour
    emoji, or a colour-blind player, still reads them)."""
    return ", ".join(colour_label(c) for c in sorted(tokens)) or "aucun jeton"


def tournament_result(result: dict[str, Any], names: list[str]) -> str:
    """One line for a won tournament of the history, e.g. « Lady Danielle gagne le tournoi ●
    Rouge et prend le jeton ● Rouge » (or says that the token was already owned)."""
    who = _who(names, result.get("winner"))
    line = f"{who} gagne le tournoi {colour_label(result.get('colour'))}"
    token = colour_label(result.get("token"))
    if result.get("gained"):
        return f"{line} et prend le jeton {token}"
    return f"{line} mais avait déjà le jeton {token} : rien de plus"


def _who(names: list[str], index: Any) -> str:
    return names[index] if isinstance(index, int) and 0 <= index < len(names) else f"joueur {index}"


def describe_event(event: dict[str, Any], names: list[str]) -> str:
    """One history line, e.g. « Lady Danielle joue Riposte contre Sire Marcel »."""
    kind = event.get("type")
    who = _who(names, event.get("player"))
    cards = catalogue().cards
    if kind == "deal":
        return "donne (simulation)"
    if kind == "reshuffle":
        return "défausse mélangée : nouveau talon"
    if kind == "start":
        return f"{who} débute un tournoi {colour_label(event.get('colour'))}"
    if kind == "cannot_start":
        return f"{who} ne peut pas débuter et montre sa main"
    if kind == "play":
        card = event.get("card")
        name = cards[card].name if card in cards else str(card)
        line = f"{who} joue {name}"
        if "target" in event:
            line += f" contre {_who(names, event['target'])}"
        if "colour" in event:
            line += f" : le tournoi devient {colour_label(event['colour'])}"
        return line
    if kind == "lancelot":
        return f"{who} joue Lancelot : la dernière action est annulée"
    if kind == "end":
        return f"{who} reste dans le tournoi"
    if kind == "withdraw":
        token = event.get("token")
        return f"{who} abandonne" + (f" et rend son jeton {colour_label(token)}" if token else "")
    if kind == "prize":
        return f"{who} prend le jeton {colour_label(event.get('colour'))}"
    if kind == "tournament":
        line = (f"{_who(names, event.get('winner'))} gagne un tournoi "
                f"{colour_label(event.get('colour'))}")
        if event.get("token"):
            line += f" (jeton {colour_label(event['token'])})"
        return line
    if kind == "dame_penalty":
        return f"{who} abandonne avec une dame et rend {colour_label(event.get('token'))}"
    return str(kind)
