"""ELSEN: role cards, 8 action cards per player, vivant/mort cards, success tokens (with
halves), first-player token and the two mission ladders, for the chosen player count
(data.components(players=N) adapts the copies). Rules: elsen.txt."""

from __future__ import annotations

from reportlab.pdfgen.canvas import Canvas

from companion.core.errors import UsageError
from companion.core.loader import load_game
from companion.core.model import Component
from companion.games.elsen.data import ElsenData
from print_kit.draw.faces import INK, PALETTE, SOFT, Face, tint
from print_kit.draw.fonts import BOLD, REGULAR
from print_kit.draw.painter import Painter
from print_kit.draw.textfit import french
from print_kit.kit import BIG_TOKEN, TOKEN, Board, FreePage, PrintFile, group, items
from print_kit.layout.geometry import MM
from print_kit.layout.sheets import Deck
from print_kit.options import OwnOption, PrintOptions
from print_kit.reference import Sheet, Table

FOOTER = "ELSEN"


def _check_players(players: int) -> None:
    rng = load_game("elsen").players
    if not rng.min <= players <= rng.max:
        raise UsageError(f"ELSEN se joue de {rng.min} à {rng.max} joueurs (reçu {players})")


# `--players`: ELSEN's alone (print_kit.options.check_own_options)
OWN_OPTIONS = {"players": OwnOption("ELSEN", _check_players)}
ROLE_SYMBOLS = {"saboteur": "cle", "passager": "personne", "voyante": "oeil",
                "travailleur": "marteau", "faineant": "lune", "docteur": "croix-medicale",
                "ingenieur": "engrenage", "policier": "bouclier"}
ACTION_LOOK = {
    "mission-reussie": ("vert", "coche"), "mission-reussie-fantome": ("gris", "fantome"),
    "sabotage": ("rouge", "eclair"), "elimination": ("rouge", "cible"),
    "docteur": ("turquoise", "croix-medicale"), "ingenieur": ("orange", "engrenage"),
    "faineant": ("violet", "lune"), "travailleur": ("brun", "marteau"),
}
ROLE_BACK = Face("elsen:dos-role", FOOTER, "marine", style="back", symbol="fusee",
                 subtitle="Rôle", art="openmoji:1F680")
ACTION_BACK = Face("elsen:dos-action", FOOTER, "ardoise", style="back", symbol="fusee",
                   subtitle="Action", art="openmoji:1F6F0")
LIFE_BACK = Face("elsen:dos-vie", FOOTER, "noir", style="back", symbol="fusee",
                 subtitle="Vivant ou mort ?", art="openmoji:1FA90")
# Secret cards (roles, vivant/mort) share one frame colour per deck: nothing but the text and
# the picture tells them apart, even through thin paper (docs/print-kit.md PRINT-10).
ROLE_ACCENT = "marine"
LIFE_ACCENT = "ardoise"
# Pictures (OpenMoji, print_kit.draw.art).
ROLE_ART = {"saboteur": "1F527", "passager": "1F9D1-200D-1F680", "voyante": "1F52E",
            "travailleur": "1F528", "faineant": "1F634", "docteur": "1F9D1-200D-2695-FE0F",
            "ingenieur": "1F9D1-200D-1F527", "policier": "1F46E"}
ACTION_ART = {"mission-reussie": "2705", "mission-reussie-fantome": "1F47B",
              "sabotage": "1F4A5", "elimination": "1F3AF", "docteur": "1FA7A",
              "ingenieur": "2699", "faineant": "1F4A4", "travailleur": "1F6E0"}
LIFE_ART = {"vivant": "1F49A", "mort": "1FAA6"}
TOKEN_ART = {"jeton-reussite": "1F31F", "demi-jeton-reussite": "1F31F",
             "jeton-premier-joueur": "1F680"}


def art(comp: Component) -> str:
    if comp.group == "roles":
        return f"openmoji:{ROLE_ART[comp.id.removeprefix('role-')]}"
    if comp.group == "actions":
        return f"openmoji:{ACTION_ART[comp.id.removeprefix('action-')]}"
    if comp.group == "vie":
        return f"openmoji:{LIFE_ART[comp.id]}"
    return f"openmoji:{TOKEN_ART.get(comp.id, '1F680')}"


def role(comp: Component) -> Face:
    rid = comp.id.removeprefix("role-")
    team = comp.fields["team"]
    return Face(f"elsen:{comp.id}", comp.name, ROLE_ACCENT,
                subtitle="Équipe des saboteurs" if team == "saboteurs" else
                "Équipe des passagers", symbol=ROLE_SYMBOLS[rid], art=art(comp),
                text=comp.fields["power"], footer=FOOTER)


def action(comp: Component) -> Face:
    colour, symbol = ACTION_LOOK[comp.id.removeprefix("action-")]
    return Face(f"elsen:{comp.id}", comp.name, colour, subtitle="Carte action", symbol=symbol,
                art=art(comp), text=comp.fields["effect"], note=comp.fields["who"],
                footer=FOOTER)


def life(comp: Component) -> Face:
    alive = comp.id == "vivant"
    return Face(f"elsen:{comp.id}", comp.name, LIFE_ACCENT,
                symbol="coeur" if alive else "tombe", art=art(comp),
                text="Vous jouez vos cartes action, sauf « Mission réussie fantôme »."
                if alive else "Vous ne jouez plus que « Mission réussie fantôme ».",
                footer=FOOTER)


def token(comp: Component) -> Face:
    if comp.id == "demi-jeton-reussite":
        return Face("elsen:demi", "demi-jeton", "vert", style="half-token", corner="½",
                    art=art(comp))
    if comp.id == "jeton-reussite":
        return Face("elsen:jeton", "réussite", "vert", style="token", symbol="coche",
                    art=art(comp))
    return Face("elsen:premier", "Premier joueur", "or", style="token", symbol="etoile",
                art=art(comp))


VOTE_THRESHOLDS = {"strict_majority": "plus de la moitié des joueurs à bord",
                   "at_least_half": "au moins la moitié des joueurs à bord"}
GHOST_REWARDS = {"one_token": "+1 jeton sur la mission en cours",
                 "complete_mission": "la mission en cours est réussie",
                 "none": "rien, l'échelle fantôme repart à 0"}


def _ladder_lines(data: ElsenData, steps: int, ghost: bool) -> list[str]:
    """The explanation under a ladder's name. Only the Fainéant's card gives half tokens, and
    only to the current mission: the ghost ladder holds whole tokens (registre ELS-2)."""
    if not ghost:
        return [f"{steps} jetons réussite valident la mission. Un demi-jeton (carte Fainéant) "
                "compte pour ½."]
    reward = GHOST_REWARDS[str(data.setting("ghost_mission_reward"))]
    return [f"{steps} cartes « Mission réussie fantôme » (jouées par les morts) valident la "
            "mission fantôme ; elle aide alors les vivants.",
            f"Ce qu'elle apporte, au choix du meneur : {reward}."]


LADDER_H = 62.0  # mm
LADDER_W = 186.0  # mm: the width of an A4 page less its margins (the ladder alone)


def _ladder(c: Canvas, data: ElsenData, board: Component, x: float, top: float,
            width: float) -> None:
    """One mission ladder, its top-left corner at (x, top), `width` wide (points)."""
    steps = int(board.fields["steps"])
    ghost = board.id == "echelle-fantome"
    accent = PALETTE["gris" if ghost else "vert"]
    height = LADDER_H * MM
    slot = min(27 * MM, (width - 10 * MM) / steps)
    c.setFillColorRGB(*tint(accent, 0.85))
    c.setStrokeColorRGB(*accent)
    c.setLineWidth(1.2)
    c.roundRect(x, top - height, width, height, 4 * MM, stroke=1, fill=1)
    c.setFillColorRGB(*accent)
    c.setFont(BOLD, 13)
    c.drawString(x + 5 * MM, top - 9 * MM, french(board.name))
    c.setFont(REGULAR, 8.5)
    c.setFillColorRGB(*SOFT)
    for k, text in enumerate(_ladder_lines(data, steps, ghost)):
        c.drawString(x + 5 * MM, top - (14 + 4 * k) * MM, french(text))
    x0 = x + (width - steps * slot) / 2
    for i in range(steps):
        cx = x0 + (i + 0.5) * slot
        cy = top - 38 * MM
        c.setStrokeColorRGB(*accent)
        c.setFillColorRGB(1, 1, 1)
        c.setDash(3, 2)
        c.circle(cx, cy, 12.5 * MM, stroke=1, fill=1)
        c.setDash()
        c.setFillColorRGB(*accent)
        c.setFont(BOLD, 16)
        c.drawCentredString(cx, cy - 5.5, str(i + 1))


def _ladders(data: ElsenData, boards: list[Component], players: int):  # noqa: ANN202
    def draw(c: Canvas, painter: Painter, page_w: float, page_h: float) -> None:
        y = page_h - 30 * MM
        c.setFillColorRGB(*INK)
        c.setFont(BOLD, 14)
        c.drawString(15 * MM, page_h - 18 * MM, french(f"ELSEN — échelles de mission "
                                                       f"({players} joueurs)"))
        for board in boards:
            _ladder(c, data, board, 12 * MM, y, page_w - 24 * MM)
            y -= (LADDER_H + 12) * MM
        c.setFont(REGULAR, 7)
        c.setFillColorRGB(*SOFT)
        c.drawString(15 * MM, y, french("Posez les jetons réussite sur les cases ; un "
                                        "sabotage remet la mission à 0."))
    return draw


def _board(data: ElsenData, board: Component) -> Board:
    def draw(c: Canvas, painter: Painter, w: float, h: float) -> None:
        _ladder(c, data, board, 0, h, w)

    return Board(board.id, (LADDER_W, LADDER_H), draw, board.copies)


def files(data: ElsenData, options: PrintOptions) -> list[PrintFile]:
    n = options.players or data.players.max
    comps = data.components(players=n)
    tokens = group(comps, "jetons")
    small = [c for c in tokens if c.id != "jeton-premier-joueur"]
    big = [c for c in tokens if c.id == "jeton-premier-joueur"]
    boards = group(comps, "echelles")
    tag = f"{n} joueurs"
    return [
        PrintFile("elsen-roles", "elsen", f"{FOOTER} — cartes rôle ({tag})",
                  (Deck("Rôles", items(group(comps, "roles"), role, ROLE_BACK), secret=True),),
                  groups=("roles",)),
        PrintFile("elsen-actions", "elsen", f"{FOOTER} — 8 cartes action par joueur ({tag})",
                  (Deck("Actions", items(group(comps, "actions"), action, ACTION_BACK)),),
                  groups=("actions",)),
        PrintFile("elsen-vivant-mort", "elsen", f"{FOOTER} — cartes vivant et mort ({tag})",
                  (Deck("Vivant / mort", items(group(comps, "vie"), life, LIFE_BACK),
                         secret=True),),
                  groups=("vie",)),
        PrintFile("elsen-jetons", "elsen", f"{FOOTER} — jetons ({tag})",
                  (Deck("Jetons réussite", items(small, token, token), TOKEN),
                   Deck("Jeton premier joueur", items(big, token, token), BIG_TOKEN)),
                  groups=("jetons",)),
        PrintFile("elsen-echelles", "elsen", f"{FOOTER} — échelles de mission ({tag})",
                  pages=(FreePage(f"{FOOTER} — échelles ({tag})", _ladders(data, boards, n),
                                  tuple(b.name for b in boards),
                                  tuple((b.id, b.copies) for b in boards)),),
                  groups=("echelles",), boards=tuple(_board(data, b) for b in boards)),
    ]


def sheet(data: ElsenData, options: PrintOptions) -> Sheet:
    n = options.players
    counts = range(data.players.min, data.players.max + 1)
    table = Table(["Joueurs"] + [str(k) for k in counts],
                  [["Saboteurs"] + [str(data.saboteurs[k]) for k in counts],
                   ["Jetons par mission"] + [str(data.success_tokens[k]) for k in counts]],
                  widths=[2.6] + [1.0] * len(counts))
    roles = Table(["Rôle", "Équipe", "Pouvoir"], [
        [r.name, r.team, r.power] for r in data.roles], widths=[1.3, 1.2, 6])
    cards = Table(["Carte action", "Qui la joue", "Effet"], [
        [a.name, a.who, a.effect] for a in data.action_cards], widths=[2, 2.6, 4])
    night = [
        "Première nuit seulement : les saboteurs se reconnaissent.",
        "1. Le Policier désigne le joueur qu'il protège.",
        "2. S'il y a eu une Élimination sans carte Docteur : les saboteurs échangent les cartes "
        f"vivant et mort d'un joueur (au tour {data.forced_kill_turn}, ils éliminent de toute "
        "façon) ; le joueur protégé survit.",
        "3. La Voyante désigne un joueur ; le meneur indique s'il est vivant ou mort.",
        "4. Le meneur rend les cartes action ; chacun regarde sa carte vivant/mort.",
    ]
    blocks = [
        ("But", [f"Passagers : démasquer les saboteurs ou réussir {data.missions_to_win} "
                 "missions. Saboteurs : éliminer les passagers ou empêcher les missions. "
                 f"Fin après {data.turns} tours. Un meneur anime sans jouer."]),
        ("Un tour : jour, nuit, vote", [
            f"Jour : le premier joueur choisit l'équipe (au moins {data.min_team}). Chacun pose "
            "une carte action face cachée ; on mélange, on révèle, on applique.",
            f"Vote : {VOTE_THRESHOLDS[str(data.setting('vote_threshold'))]}* peut exclure "
            "quelqu'un (rôle gardé secret) ; le jeton premier joueur passe à gauche.",
        ] + ([f"Ce kit est imprimé pour {n} joueurs."] if n else [])),
    ]
    return Sheet("elsen", blocks, [("Selon le nombre de joueurs", table), ("Rôles", roles),
                                   ("Cartes action", cards)],
                 footnote="* Seuil du vote, effet de la mission fantôme, rôles spéciaux proposés : "
                          "défauts maison réglables par le meneur (registre ELSEN).",
                 accent="ardoise", extra=[("Ordre de la nuit", night)])
