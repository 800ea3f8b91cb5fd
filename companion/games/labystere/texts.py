"""What the play helper says, in the project's own words: the cards at a tap, "que se passe-t-il
si", and one line per logged event. Answers the rules do not give are marked house defaults."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from companion.core.loader import load_game
from companion.games.labystere.data import LabystereData

RULES = "labystere-ptit-jeu-maelys.txt"


def _data() -> LabystereData:
    data = load_game("labystere")
    assert isinstance(data, LabystereData)
    return data


# A tip per Action card, beyond the card's own short text in data/labystere.yaml.
ACTION_TIPS: dict[str, str] = {
    "retour-depart": "Ton pion retourne sur la case Départ.",
    "retour-arrivee": "Ton pion va sur la case Arrivée : tu pourras y annoncer le coupable et le "
                      "lieu pendant ton tour.",
    "regarde-temoin": "Le suspect vu par le témoin a un alibi : il est innocent, barre-le.",
    "regarde-lieu": "Si le drapeau n'est pas caché là, barre ce lieu.",
    "regarde-suspects-ecartes": "Le joueur choisi te tend ses suspects écartés face cachée ; tu "
                                "en regardes un au hasard et tu le lui rends. S'il n'en a "
                                "aucun : tant pis, au joueur suivant.",
    "regarde-lieux-ecartes": "Le joueur choisi te tend ses lieux écartés face cachée ; tu en "
                             "regardes un au hasard et tu le lui rends. S'il n'en a aucun : "
                             "tant pis, au joueur suivant.",
    "rejoue": "Relance tout de suite : tu peux de nouveau avancer ou changer les chemins.",
    "echange-pion": "Après l'échange, chacun ne regarde sous son pion que si c'est un Lieu ou "
                    "un Témoin.",
    "lancer-double": "Seulement ton prochain lancer : un 3 te fait avancer de 6. Ensuite le dé "
                     "redevient normal.",
    "pas-d-action": "Ton tour est fini.",
}

# The cards found on the grid that are not Action cards.
OTHER_CARDS: list[tuple[str, str]] = [
    ("Témoin", "Sous le Témoin se cache un suspect : il était à la fête, il a un alibi, il est "
               "innocent. Barre-le sur ta fiche."),
    ("Lieu", "Sous le Lieu se cache une carte Drapeau : elle dit si le drapeau a été caché "
             "dans ce lieu ou non."),
    ("Départ", "Tous les pions partent d'ici. Pas de chemin dessus : elle se relie à tous les "
               "chemins qui viennent vers elle."),
    ("Arrivée", "C'est ici qu'on vient annoncer le coupable et le lieu. Pas de chemin dessus : "
                "elle se relie à tous les chemins qui viennent vers elle."),
]


@dataclass(frozen=True)
class ActionHelp:
    id: str
    name: str
    effect: str
    tip: str
    copies: int
    house: bool  # the card's count is a house default


def action_help() -> list[ActionHelp]:
    return [ActionHelp(a.id, a.name, a.effect, ACTION_TIPS.get(a.id, ""), a.copies,
                       not a.provenance.is_official)
            for a in _data().actions]


@dataclass(frozen=True)
class Answer:
    question: str
    answer: str
    source: str  # where the rules say it, or the register id of a house decision

    @property
    def house(self) -> bool:
        return self.source.startswith("registre")


FAQ: list[Answer] = [
    Answer("… la carte « regarde au hasard parmi les suspects (ou lieux) écartés » désigne un "
           "joueur qui n'en a écarté aucun ?",
           "Tant pis : rien à regarder, c'est au joueur suivant.",
           f"{RULES} › QUE SE PASSE-T-IL SI"),
    Answer("… je ne peux pas avancer du nombre exact de cases ?",
           "On doit avancer exactement du nombre du dé, sur des chemins qui se suivent. Si ce "
           "n'est pas possible, choisis plutôt de modifier les chemins : échange deux paquets "
           "de chemins vides.",
           f"{RULES} › DÉROULEMENT DE LA PARTIE"),
    Answer("… je veux faire demi-tour ?",
           "Seulement depuis une carte au bord ou dans un coin de la grille.",
           f"{RULES} › DÉROULEMENT DE LA PARTIE"),
    Answer("… je m'arrête sur la case d'un autre pion ?",
           "C'est permis : plusieurs pions peuvent partager une case.",
           f"{RULES} › DÉROULEMENT DE LA PARTIE"),
    Answer("… je veux déplacer un Lieu, un Témoin, le Départ ou l'Arrivée ?",
           "Interdit : on n'échange que des chemins vides, et jamais une carte sous un pion. "
           "Quand on modifie les chemins, on n'avance pas et on ne retourne aucune carte.",
           f"{RULES} › DÉROULEMENT DE LA PARTIE"),
    Answer("… j'ai un « compte double » en attente et je tire « Rejoue » ?",
           "Le lancer de « Rejoue » est ton prochain lancer : c'est lui qui compte double.",
           "registre LAB-6"),
    Answer("… je retourne une carte : je la montre aux autres ?",
           "Non : regarde-la sans la montrer, puis repose le paquet comme il était.",
           "registre LAB-11"),
    Answer("… je suis déjà sur l'Arrivée au début de mon tour ?",
           "Tu peux annoncer ton coupable et ton lieu pendant ton tour, avant ou après avoir "
           "lancé le dé.",
           "registre LAB-8"),
    Answer("… je tire la carte « Rends-toi à la case Départ/Arrivée » ?",
           "Il y a deux cartes : « Au Départ » et « À l'Arrivée ». Tu vas où dit ta carte, tu ne "
           "choisis pas.",
           "registre LAB-16"),
    Answer("… je passe par la case Départ ou Arrivée pendant mon déplacement ?",
           "C'est permis : elles se relient à tous les chemins qui viennent vers elles.",
           "registre LAB-12"),
    Answer("… j'échange deux chemins : je peux les tourner ?",
           "Non : les deux paquets changent de place tels qu'ils sont posés.",
           "registre LAB-13"),
    Answer("… je ne peux ni avancer du nombre exact, ni échanger deux chemins ?",
           "Ton tour passe.",
           "registre LAB-15"),
    Answer("… je me trompe en annonçant le coupable ou le lieu ?",
           "Tu as perdu et tu ne joues plus ; les autres continuent la partie.",
           f"{RULES} › DÉROULEMENT DE LA PARTIE"),
    Answer("… tout le monde s'est trompé ?",
           "La partie s'arrête sans gagnant ; faites une revanche !",
           "registre LAB-8"),
    Answer("… qui commence ?",
           "Le plus jeune. Dans l'application, mets-le à la place 1 ; ensuite on tourne dans le "
           "sens des aiguilles d'une montre.",
           "registre LAB-9"),
]


def describe(event: dict[str, Any]) -> str:
    """One French line for the history (players' names are plain text, shown with st.text).
    It never tells a face-down card: a reveal says where, not what, and a declaration's verdict
    is the engine's, shown elsewhere."""
    data = _data()
    kind = event.get("type")
    names = {a.id: a.name for a in data.actions}
    if kind == "roll":
        source = "dé de l'appli" if event.get("source") == "app" else "dé de la table"
        return f"Dé : {event.get('value')} ({source})"
    if kind == "move":
        path = event.get("path")
        return "Avance : " + " → ".join(map(str, path)) if isinstance(path, list) else "Avance"
    if kind == "swap":
        cells = event.get("cells")
        pair = " et ".join(map(str, cells)) if isinstance(cells, list) else "?"
        return f"Échange les chemins {pair}"
    if kind == "reveal":
        who = f" ({event['player']})" if "player" in event else ""
        return f"Retourne le paquet sous son pion{who}"
    if kind == "action":
        card = names.get(str(event.get("card")), event.get("card"))
        target = event.get("cell") or event.get("player")
        return f"Carte Action : {card}" + (f" → {target}" if target else "")
    if kind == "card":  # rules version 1
        return f"Carte Action : {names.get(str(event.get('card')), event.get('card'))}"
    if kind == "end_turn":
        return "Fin du tour"
    if kind == "declare":
        suspects = {s.id: s.name for s in data.suspects}
        places = {p.id: p.name for p in data.places}
        return (f"Annonce : {suspects.get(str(event.get('suspect')), event.get('suspect'))}, "
                f"{places.get(str(event.get('place')), event.get('place'))}")
    return str(kind)
