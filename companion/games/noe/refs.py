"""Where the Noé rules say each thing: the references carried by RuleError.rule and the verdicts.

One constant per section of noe-complot-a-l-elysee.txt (or decision of docs/register/noe.md), so
a reference is spelled the same way everywhere."""

from __future__ import annotations

FILE = "noe-complot-a-l-elysee.txt"

GENERAL = f"{FILE} › Règles générales du jeu"
CATEGORIES = f"{FILE} › Niveau 1 › Les 10 catégories"
JOKERS = f"{FILE} › Niveau 1 › Les 5 jokers"
START = f"{FILE} › Niveau 1 › Démarrage du jeu"
TRIOS = f"{FILE} › Niveau 1 › Démarrage du jeu (trios)"
FALSE_ANNOUNCEMENT = f"{FILE} › Niveau 1 › Démarrage du jeu (« Complot ! » erroné)"
ALONE = f"{FILE} › Niveau 1 › Démarrage du jeu (joueur seul)"
COMBOS = f"{FILE} › Niveau 1 › Démarrage du jeu (combinaisons)"
ELYSEE = f"{FILE} › Niveau 1 › Le Complot à l'Élysée"
SPECIALS = f"{FILE} › Niveau 1 › Annonces spéciales"
ACTIONS = f"{FILE} › Niveau 2 › Enquêteurs"
DESCENTE = f"{FILE} › Niveau 2 › La descente"
CONTROL_LIMITS = f"{FILE} › Niveau 2 › Le contrôle ou la descente sont impossibles"
MECHANTS = f"{FILE} › Niveau 3 › méchants"
ATTENTATS = f"{FILE} › Niveau 3 › Les attentats"
CHARACTERS = f"{FILE} › Les 26 personnages du jeu"


def register(number: int) -> str:
    """A decision of docs/register/noe.md, where the rules are silent or contradict themselves."""
    return f"registre NOE-{number}"
