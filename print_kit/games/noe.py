"""Noé, Complot à l'Élysée: 74 characters + 5 jokers (levels 1-2: 79 cards), + 14 méchants at
level 3 (93 cards). Rules: noe-complot-a-l-elysee.txt."""

from __future__ import annotations

from companion.core.errors import UsageError
from companion.core.loader import load_game
from companion.core.model import Component
from companion.core.provenance import Provenance
from companion.games.noe.data import Announcement, NoeData
from print_kit.draw.faces import Face
from print_kit.kit import PrintFile, group, items
from print_kit.layout.sheets import Deck
from print_kit.options import OwnOption, PrintOptions
from print_kit.reference import Sheet, Table

FOOTER = "Noé, Complot à l'Élysée"
# Each category's (joker's, méchant's) card colour and picture (OpenMoji, print_kit.draw.art):
# a design choice of the print kit, not a value of the game.
LOOK = {
    "etat-major": ("marine", "1F396"), "enqueteurs": ("bleu", "1F575"),
    "espions": ("ardoise", "1F441"), "leonard": ("turquoise", "1F4A1"),
    "alphas": ("orange", "1F43A"), "senechales": ("rose", "1F4DC"),
    "empires": ("violet", "1F3DB"), "pompiers": ("rouge", "1F692"),
    "journalistes": ("brun", "1F4F0"), "famille-duron": ("vert", "1F3E0"),
    "joker": ("or", "1F47C"),
    "attentat": ("rouge", "1F4A5"), "espion-rouge": ("rouge", "1F978"),
    "espion-violet": ("violet", "1F978"), "poseur-bombes": ("noir", "1F4A3"),
}


def _check_level(level: int) -> None:
    valid = load_game("noe").levels()
    if level not in valid:
        raise UsageError(f"niveau {level} inconnu pour noe ; niveaux valides : "
                         f"{', '.join(map(str, valid))}")


# `--level`: Noé's alone (print_kit.options.check_own_options)
OWN_OPTIONS = {"level": OwnOption("Noé", _check_level)}
BACK = Face("noe:dos", FOOTER, "marine", style="back", symbol="etoile", subtitle="Noé",
            art="openmoji:1F3DB")


def art(comp: Component) -> str:
    return f"openmoji:{LOOK[comp.fields['category']][1]}"


def front(data: NoeData, comp: Component) -> Face:
    f = comp.fields
    kind = f["category"]
    badge = ""
    if f.get("grade"):
        badge = f"{f['grade']} · rang {f['grade_rank']}"
    if kind == "joker":
        text = ("Joker : remplace n'importe quelle carte personnage, Noé compris."
                if f["replaces_noe"] else
                "Joker : remplace n'importe quelle carte personnage, sauf Noé.")
        subtitle = "Archange"
    elif comp.group == "mechants":
        group_data = next(m for m in data.mechants if m.kind == kind)
        text = group_data.effect
        subtitle = f"{f['category_name']} · niveau 3"
    else:
        text = data.category(kind).description
        subtitle = f["category_name"]
    note = "Méchant : jamais dans un trio." if comp.group == "mechants" else ""
    return Face(f"noe:{comp.id}", f["first_name"], LOOK[kind][0], subtitle=subtitle,
                symbol=f["symbol"], art=art(comp), text=text, note=note, badge=badge, footer=FOOTER)


def files(data: NoeData, options: PrintOptions) -> list[PrintFile]:
    comps = data.components(level=options.level)
    level = options.level or max(data.levels())
    out = [PrintFile("noe-personnages", "noe", f"{FOOTER} — personnages et jokers",
                     (Deck("Personnages", items(group(comps, "personnages"),
                                                lambda c: front(data, c), BACK), secret=True),),
                     groups=("personnages",))]
    mechants = group(comps, "mechants")
    if mechants:
        out.append(PrintFile("noe-mechants", "noe", f"{FOOTER} — méchants (niveau {level})",
                             (Deck("Méchants", items(mechants, lambda c: front(data, c), BACK),
                                    secret=True),),
                             groups=("mechants",)))
    return out


def sheet(data: NoeData, options: PrintOptions) -> Sheet:
    level = options.level or max(data.levels())
    n_cards = sum(c.copies for c in data.components(level=options.level))
    anns = list(data.announcements)
    classic = Table(["Complot", "Se compose de", "Points"], [
        [a.name, _ann_rule(data, a), str(a.points)] for a in anns if not a.wait_next_turn],
        widths=[1.4, 3.2, 0.8])
    elysee = Table(["Complot à l'Élysée", "Points"], [
        [" ou ".join(", ".join(comp) for comp in a.compositions), str(a.points)]
        for a in anns if a.wait_next_turn], widths=[4.6, 0.8])
    grades = Table(["Grade (du plus haut au plus bas)", "Rang", "Personnages"], [
        [g.name, str(g.rank), ", ".join(ch.name for ch in data.characters if ch.grade == g.id)]
        for g in sorted(data.grades, key=lambda g: -g.rank)], widths=[2.4, 0.6, 3])
    cats = Table(["Catégorie", "Symbole", "Cartes", "Rôle"], [
        [c.plural, c.symbol.label + (" *" if c.symbol.provenance is Provenance.HOUSE else ""),
         str(c.stated_count), c.description] for c in data.categories],
        widths=[1.3, 1.1, 0.6, 5])
    blocks = [
        ("But", [f"Le premier à {data.target_score} points gagne (plusieurs manches). "
                 f"Main de {data.hand_size} cartes ; à votre tour, prenez la carte du dessus "
                 "de la pioche ou de la défausse, puis défaussez-en une."]),
        ("Niveaux", [f"Niveau {lv.level} — {lv.name} : "
                     + ("personnages et jokers" if not lv.mechants else "toutes les cartes")
                     + (", actions des enquêteurs" if lv.actions else "")
                     for lv in data.levels_]
         + [f"Ce kit est imprimé pour le niveau {level} : {n_cards} cartes."]),
    ]
    all_comps = data.components(level=max(data.levels()))
    n_mechants = sum(c.copies for c in all_comps if c.group == "mechants")
    with_noe = [j.name for j in data.jokers if j.replaces_noe]
    others = len(data.jokers) - len(with_noe)
    jokers = [
        f"{len(data.jokers)} jokers (Archanges) remplacent n'importe quel personnage dans un "
        f"complot : {', '.join(with_noe)} remplace aussi Noé, les {others} autres non. Un "
        "joker complète un trio d'Enquêteurs mais n'a pas leur pouvoir d'action.",
    ]
    mechants = [f"{n_mechants} méchants (niveau 3), jamais dans un trio :"] + [
        f"{m.name} ×{len(m.names)} : {m.effect}" for m in data.mechants]
    actions = [
        "Contrôle (niveaux 2-3) : posez un Enquêteur devant un adversaire, regardez son jeu et "
        "prenez-lui une carte ; il se renfloue à la pioche, vous défaussez une carte.",
        "Descente : même chose avec 3 Enquêteurs, pour 3 cartes.",
        "Défense : une carte État-Major de grade strictement supérieur à l'Enquêteur (le plus "
        "gradé pour une descente) bloque l'action.",
    ]
    return Sheet("noe", blocks + [("Jokers", jokers), ("Actions des enquêteurs", actions),
                                  ("Méchants", mechants)],
                 [("Complots classiques (annoncés en défaussant)", classic),
                  ("Complot à l'Élysée (annoncé au tour suivant, sans piocher)", elysee),
                  ("Grades", grades), ("Catégories", cats)],
                 footnote="* symbole choisi par le projet (défaut maison) : la règle le rend "
                          "illisible.")


def _ann_rule(data: NoeData, ann: Announcement) -> str:
    if ann.kind == "two_trios":
        return "deux trios (même catégorie ou même prénom)"
    if ann.kind == "category" and ann.category:
        return f"{ann.count} {data.category(ann.category).plural}"
    return ""
