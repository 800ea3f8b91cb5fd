"""« Les règles en bref » for Noé: the project's own summary of noe-complot-a-l-elysee.txt (never
the rule file's sentences), with points and grades read from data/noe.yaml and the project's
decisions pointed out (docs/register/noe.md)."""

from __future__ import annotations

from companion.games.noe.cards import deck


def points_table() -> list[dict[str, object]]:
    data = deck().data
    rows: list[dict[str, object]] = []
    for ann in data.announcements:
        if ann.kind == "two_trios":
            what = "deux trios (même catégorie ou même prénom)"
        elif ann.kind == "category":
            assert ann.category is not None
            what = f"{ann.count} cartes {data.category(ann.category).plural}"
        else:
            what = " ou ".join(" + ".join(c) for c in ann.compositions)
        rows.append({"Annonce": ann.name, "Il faut": what, "Points": ann.points})
    return rows


def grades_table() -> list[dict[str, object]]:
    grades = sorted(deck().data.grades, key=lambda g: -g.rank)
    out = []
    for grade in grades:
        holders = [c.name for c in deck().data.characters if c.grade == grade.id]
        out.append({"Grade": grade.name, "Personnages": ", ".join(holders)})
    return out


SECTIONS: list[tuple[str, str]] = [
    ("But", "Premier à **{target} points** ou plus. La partie se joue en plusieurs manches ; "
     "si plusieurs joueurs franchissent le seuil dans la même manche, le plus haut score gagne, "
     "et une égalité se partage. De 2 à 6 joueurs."),
    ("Une manche", "Chacun reçoit 6 cartes ; le joueur à gauche du donneur commence, et le "
     "donneur change à chaque manche (sens horaire). À son tour on prend la carte du dessus de "
     "la pioche ou de la défausse, puis on en rejette une pour revenir à 6."),
    ("Annoncer", "En rejetant sa carte, un joueur qui tient une combinaison étale son jeu et "
     "l'annonce : il marque ses points et sort de la manche (une seule annonce par manche). "
     "Une annonce fausse : il reprend ses cartes, ne marque rien et passe son tour. Quand il ne "
     "reste qu'un joueur, la manche s'arrête et il marque 0."),
    ("Trios", "Trois cartes de la même catégorie, ou trois cartes du même prénom. Deux trios "
     "peuvent partager un prénom. Les méchants (niveau 3) n'entrent dans aucun trio."),
    ("Jokers (Archanges)", "Un Archange complète n'importe quel trio ou combinaison, y compris "
     "avec un prénom présent moins de trois fois. Seul l'Archange Noé peut compter comme un "
     "Noé (choix du projet détaillé au registre NOE-1)."),
    ("Complot à l'Élysée", "3 Noé, ou Noé + Sarah + Max + Marie + Arthur, toutes catégories. "
     "On se tait et on l'annonce au début de son tour suivant, sans piocher. La manche s'arrête : "
     "qui n'a pas encore marqué a 0. Impossible si tous les autres joueurs ont déjà annoncé."),
    ("Niveau 2 : contrôle et descente", "Après avoir pioché, un Enquêteur posé devant un "
     "adversaire permet de voir son jeu et de lui prendre 1 carte (3 Enquêteurs : une descente, "
     "3 cartes). L'adversaire l'empêche en montrant une carte État-Major d'un grade "
     "strictement plus élevé (pour une descente, que le plus gradé des trois). Grade égal : "
     "l'action passe (registre NOE-4). Les jokers n'ont aucun pouvoir d'action. Les cartes "
     "utilisées sont perdues."),
    ("Niveau 3 : les méchants", "On ne garde jamais un Attentat : défaussé à la donne, il tue "
     "au hasard un personnage s'il est pioché en début de tour. Espionnes rouges (1 carte volée "
     "au hasard), violettes (1 carte chez deux adversaires), poseuses de bombes (3 cartes "
     "tuées)."),
]


def sections() -> list[tuple[str, str]]:
    target = deck().data.target_score
    return [(title, body.replace("{target}", str(target))) for title, body in SECTIONS]
