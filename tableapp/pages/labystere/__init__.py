"""Labystère at the table: whose turn and the die (with « Rejoue » and « compte double »), the
cards at a tap, « que se passe-t-il si », the setup map of the game's seed; and, on each
player's phone, a private investigation sheet. Logic lives in companion/games/labystere."""

from __future__ import annotations

import html
import secrets
from functools import partial
from typing import Any
from urllib.parse import urlencode

import streamlit as st

from companion.core.loader import load_game
from companion.core.registry import game_info
from companion.core.text import de
from companion.events.store import StoredGame
from companion.games.labystere.data import LabystereData
from companion.games.labystere.engine import LabystereState
from companion.games.labystere.mapview import (
    ROW_NAMES,
    card_names,
    cell_label,
    setup_steps,
)
from companion.games.labystere.setup import SEED_MAX, generate
from companion.games.labystere.texts import FAQ, OTHER_CARDS, action_help, describe
from tableapp.device.writing import is_public_view
from tableapp.live import tableclock
from tableapp.look import a11y
from tableapp.look.usertext import plain
from tableapp.pages.labystere.board import (
    BOARD_CSS,
    DIE_FACES,
    PAWN_INK,
    board_html,
    last_declaration,
    last_roll_line,
)
from tableapp.pages.labystere.sheet import SHEET_PATH, sheet, sheet_store  # noqa: F401
from tableapp.pages.labystere.turn import FORMS, declare_entry, turn_panel
from tableapp.table import sharing
from tableapp.table.aftergame import after_game
from tableapp.table.gamepage import current_game, live_view, toolbar
from tableapp.table.history import correction

GAME = "labystere"
SECTION = game_info(GAME).title

# Labystère's turn on a phone (tableapp/look/phone.py gathers every game's): « Suivant » of
# the entry stays at the bottom of the screen
PHONE_STICKY = [".st-key-lb_entry_next"]

# Static styles of the map and the die; no user text is ever put in this HTML. Every light
# background carries its own dark text: in dark mode the page's text is light.
MAP_CSS = """
<style>
table.laby {border-collapse: collapse; width: 100%; table-layout: fixed;}
table.laby td, table.laby th {border: 2px solid #555; padding: 4px; text-align: center;
  font-size: 0.95rem; line-height: 1.2; overflow-wrap: normal; word-break: normal;
  hyphens: none;}
table.laby th {border: none; font-weight: bold;}
table.laby tr:first-child th:first-child {width: 1.6rem;}
table.laby td .a {font-weight: bold; display: block;}
table.laby td .p {display: block; font-size: 0.85rem;}
table.laby td .g {display: block; font-size: 1.4rem; line-height: 1.1;}
td.k-depart, td.k-arrivee {background: #fff3b0; color: #222;}
td.k-drapeau {background: #ffd6d6; color: #222;}
td.k-suspect {background: #d9e8ff; color: #222;}
td.k-action {background: #f4f4f4; color: #222;}
.laby-die {font-size: 7rem; line-height: 1; text-align: center;}
@media (max-width: 640px) {
  /* a phone: five columns of whole words ("Drapeau", "Suspect"), never cut mid-word */
  table.laby td, table.laby th {font-size: 0.68rem; padding: 3px 1px; border-width: 1px;}
  table.laby td .p {font-size: 0.62rem;}
}
</style>
"""


def _data() -> LabystereData:
    data = load_game(GAME)
    assert isinstance(data, LabystereData)
    return data


def _colour_name(colour: str) -> str:
    """« ● Rouge », its dot in its colour (a segmented control's options render Markdown)."""
    names = {c.id: c.name for c in _data().colours}
    return f"{_dot(colour)} {names.get(colour, colour)}"


def _dot(colour: str) -> str:
    """The pawn's colour as a coloured dot (markdown colours: drawn in light and dark mode)."""
    return f":{PAWN_INK.get(colour, 'gray')}[●]"


# --- new game -------------------------------------------------------------------------------


def setup_form(players: list[str]) -> dict[str, Any] | None:
    """A pawn colour per player; the plan (the seed) is drawn by the server and never shown:
    whoever knew it could print the culprit (`companion labystere setup --seed N --reveal`)."""
    data = _data()
    ids = [c.id for c in data.colours]
    st.caption("La place 1 commence : mettez-y le plus jeune. On joue ensuite dans le sens des "
               "aiguilles d'une montre.")
    colours = [st.segmented_control(plain(f"Pion {de(name)}"), ids, default=ids[i % len(ids)],
                                    format_func=_colour_name, key=f"lab_colour_{i}")
               for i, name in enumerate(players)]
    if None in colours:
        st.info("Choisissez la couleur du pion de chaque joueur.")
        return None
    if len(set(colours)) < len(colours):
        st.warning("Chaque joueur a son propre pion : choisissez des couleurs différentes.")
        return None
    st.caption("Le plan de la grille est tiré au hasard et gardé secret par l'application.")
    return {"colours": colours, "seed": secret_seed()}


def secret_seed() -> int:
    """A plan drawn from the generator's whole range (2⁶³ seeds: no one can try them all to
    match the face-up cards), by the server, for this game only (registre TAB-3)."""
    return secrets.randbelow(SEED_MAX + 1)


# --- the turn -------------------------------------------------------------------------------


def _players_line(summary: dict[str, Any], public: bool = False) -> None:
    """Each player, their pawn's colour (dot and name), where it stands, whose turn it is:
    « à toi » only on the phone of that seat (tableclock.my_seat), « son tour » on every
    other screen (the host's tablet, a phone of another seat or of none)."""
    names = [p["name"] for p in summary["players"]]
    mine = tableclock.my_seat(names) if public else None
    for seat, player in enumerate(summary["players"]):
        marks = [f"pion {player['colour']}"]
        if player["cell"]:
            marks.append(f"en {player['cell']}")
        if seat == summary["turn"]:
            marks.append("◀ à toi !" if mine == player["name"] else "◀ son tour")
        if player["double_pending"]:
            marks.append("prochain lancer ×2")
        if player["out"]:
            marks.append("hors jeu (annonce fausse)")
        st.markdown(f"{_dot(player['colour'])} **{plain(player['name'])}** · "
                    + " · ".join(marks))


def _turn_tab(stored: StoredGame, public: bool, fixing: bool = False) -> None:
    summary = stored.state.summary()
    if summary["finished"]:
        if summary["winner"] is not None:
            st.success(f"{plain(summary['winner'])} a trouvé le coupable et le lieu : juste, "
                       "gagné !")
        else:
            st.warning("Tout le monde s'est trompé : personne ne gagne. Une revanche ?")
        st.markdown(BOARD_CSS + board_html(summary), unsafe_allow_html=True)
        _players_line(summary)
        return
    current = summary["players"][summary["turn"]]
    if public:  # the table's scoreboard: whose turn and what is awaited (issue 25)
        tableclock.banner(GAME, summary, [p["name"] for p in summary["players"]])
        _turn_notes(summary)
        if summary["phase"] != "roll":
            last_roll_line(summary)
        st.markdown(BOARD_CSS + board_html(summary, set(summary["moves"])),
                    unsafe_allow_html=True)
    elif fixing:  # one form at a time: the correction above, then the turn
        _turn_heading(current)
        st.info("Une correction est ouverte ci-dessus : validez-la ou abandonnez-la pour "
                "reprendre le tour.")
        st.markdown(BOARD_CSS + board_html(summary), unsafe_allow_html=True)
    else:
        # the turn's action right under whose turn it is, then what the table should know:
        # notes drawn above it pushed « Lancer le dé » off a phone's first screen (issue 36)
        _turn_heading(current, summary)
        st.html(BOARD_CSS)  # styles alone: st.html gives them no room
        turn_panel(stored, summary, notes=partial(_turn_notes, summary, stored))
    st.divider()
    _players_line(summary, public)


def _turn_heading(current: dict[str, Any], summary: dict[str, Any] | None = None) -> None:
    """« ● Au tour d'Alice », or once she rolled « ● Alice a fait 2 ⚁ »: one line above the
    board to tap, which then fits in the first screen of a tablet held sideways (issue 36)."""
    dot, name = _dot(current["colour"]), plain(current["name"])
    roll = summary["last_roll"] if summary and summary["phase"] == "play" else None
    if roll is None:
        st.markdown(f"## {dot} Au tour {plain(de(current['name']))}")
        return
    face = DIE_FACES[roll["value"] - 1] if roll["value"] <= 6 else ""
    doubled = f" : compte double, **{roll['steps']} cases** !" if roll["doubled"] else ""
    st.markdown(f"## {dot} {name} a fait **{roll['value']}** {face}{doubled}")


def _turn_notes(summary: dict[str, Any], stored: StoredGame | None = None) -> None:
    """The last declaration's verdict, a double roll to come, and on the host's tablet the
    declaration when the player stands on Arrivée (under the turn's action, above a board
    that waits for no tap)."""
    if stored is not None:
        declare_entry(stored, summary)
    last_declaration(summary)
    if summary["players"][summary["turn"]]["double_pending"]:
        # before the roll it is this one; after turning the card up, the one of the next turn
        st.info("Ce lancer compte double !" if summary["phase"] == "roll"
                else "Ton prochain lancer, à ton prochain tour, comptera double.")


def _old_rules_view(summary: dict[str, Any]) -> None:
    """A game played under rules version 1, before the maze (registre LAB-19): read only, as
    it was played — whose turn, the die, the declarations and who won. The plan stays secret."""
    st.info("Cette partie a été jouée avec les règles d'avant (les tours et le dé, sans le "
            "plateau) : elle se consulte et s'exporte, mais ne se continue pas. Pour rejouer, "
            "commencez une nouvelle partie.")
    if summary["finished"]:
        if summary["winner"] is not None:
            st.success(f"{plain(summary['winner'])} a trouvé le coupable et le lieu : gagné !")
        else:
            st.warning("Tout le monde s'est trompé : personne n'a gagné.")
    else:
        st.markdown(f"Partie arrêtée au tour {plain(de(summary['current']))}.")
    roll = summary["last_roll"]
    if roll is not None:
        who = plain(summary["players"][roll["player"]]["name"])
        st.markdown(f"Dernier lancer : {who} a fait {roll['value']}"
                    + (f" (compte double : {roll['steps']} cases)" if roll["doubled"] else ""))
    names = {s.id: s.name for s in _data().suspects} | {p.id: p.name for p in _data().places}
    for declaration in summary["declarations"]:
        who = plain(summary["players"][declaration["player"]]["name"])
        verdict = "juste" if declaration["correct"] else "faux"
        st.markdown(f"Annonce de {who} : {names.get(declaration['suspect'], '?')}, "
                    f"{names.get(declaration['place'], '?')} — {verdict}")
    for player in summary["players"]:
        st.markdown(f"{_dot(player['colour'])} **{plain(player['name'])}**"
                    + (" · hors jeu (annonce fausse)" if player["out"] else ""))


# --- the map, the cards, the questions ------------------------------------------------------


def map_html(seed: int, reveal: bool) -> str:
    """The grid as an HTML table (labels come from the data file and are escaped anyway)."""
    layout = generate(seed)
    names = card_names()
    cols = len(layout[0])
    out = ['<table class="laby"><tr><th></th>']
    out += [f"<th>{c + 1}</th>" for c in range(cols)]
    out.append("</tr>")
    for r, row in enumerate(layout):
        out.append(f"<tr><th>{ROW_NAMES[r]}</th>")
        for cell in row:
            label = cell_label(cell, names, reveal)
            path = label.path or "sans chemin"
            out.append(f'<td class="k-{html.escape(label.kind)}"><span class="a">'
                       f'{html.escape(label.action)}</span><span class="g">'
                       f'{html.escape(label.glyph)}</span><span class="p">'
                       f"{html.escape(path)}</span></td>")
        out.append("</tr>")
    out.append("</table>")
    return "".join(out)


def _map_tab(stored: StoredGame, public: bool) -> None:
    seed = stored.setup["seed"]  # a secret: never shown (registre TAB-3)
    st.markdown("**Le plan de cette partie** — en haut de chaque case la carte cachée (par "
                "sorte), au milieu le trait du chemin (les côtés où il sort : pose la carte "
                "tournée ainsi), en bas la carte Chemin posée dessus, face visible. C'est la "
                "grille du début : le plateau du moment, avec les échanges, est dans "
                "«\u00a0Tour\u00a0».")
    reveal = False
    if not public and stored.state.summary().get("finished"):
        # the answer is for the end of the game: during play the app judges declarations
        reveal = st.toggle("Montrer les cartes cachées et la solution", key="lab_reveal")
    st.markdown(MAP_CSS + map_html(seed, reveal), unsafe_allow_html=True)
    if reveal:
        layout = generate(seed)
        names = card_names()
        st.warning(f"Suspect à mettre de côté : {names[layout.guilty]} · drapeau caché sous "
                   f"{names[layout.hiding_place]}")
    st.markdown("**Comment poser la grille sans connaître les secrets**")
    for step in setup_steps():
        st.markdown(f"- {step}")
    data = _data()
    st.caption(f"Départ et Arrivée sont à au moins {data.min_start_finish_distance} pas l'un de "
               "l'autre et aucune carte spéciale n'en touche une autre par un côté (défaut "
               "maison).")


def _cards_tab() -> None:
    st.caption("Touchez une carte pour voir ce qu'elle fait. Les actions sont obligatoires.")
    for card in action_help():
        count = f"×{card.copies}" + (" (défaut maison)" if card.house else "")
        with st.expander(f"{card.name} — {count}"):
            st.write(card.effect)
            if card.tip:
                st.caption(card.tip)
    st.markdown("**Les autres cartes de la grille**")
    for name, text in OTHER_CARDS:
        with st.expander(name):
            st.write(text)


def _faq_tab() -> None:
    for answer in FAQ:
        with st.expander(f"Que se passe-t-il si {answer.question}"):
            st.write(answer.answer)
            st.caption(("Défaut maison — " if answer.house else "Règle — ") + answer.source)


def sheet_url(code: str) -> str:
    """The sheet page for this game; each phone adds its own secret token when it opens it."""
    return f"{sharing.public_base_url()}/{SHEET_PATH}?{urlencode({'code': code})}"


def _sheet_invite(stored: StoredGame) -> None:
    with st.expander("Fiche d'enquête sur ton téléphone"):
        url = sheet_url(stored.code)
        left, right = st.columns([1, 2])
        a11y.picture(sharing.qr_png(url), "QR code : ouvre la fiche d'enquête de la partie "
                     f"{stored.code} sur le téléphone qui le scanne", width=180, where=left)
        right.write("Chaque joueur scanne ce code avec son téléphone : il y barre les suspects "
                    "et les lieux qu'il élimine. Sa fiche reste secrète, sur son téléphone.")
        right.code(url, language=None, wrap_lines=True)  # wrapped: nothing to scroll


VIEWS = ["Tour", "Plan", "Cartes", "Questions"]


def play() -> None:
    st.title(SECTION)
    live_view(current_game(GAME, setup_form), _game)


def _game(stored: StoredGame) -> None:
    """The whole game below the title, one fragment (gamepage.live_view): a tap in it (the
    board, the die, the history) reruns it alone, and only the view chosen is drawn (the plan,
    the cards and the questions cost nothing while the table plays)."""
    public = is_public_view()
    if not isinstance(stored.state, LabystereState):  # rules version 1 (registre LAB-19)
        _old_rules_view(stored.state.summary())
        toolbar(stored, describe)
        return
    fixing = not public and correction(stored, describe, FORMS)
    view = st.segmented_control("Vue", VIEWS, default=VIEWS[0], key="lab_view",
                                label_visibility="collapsed") or VIEWS[0]
    if view == "Plan":
        _map_tab(stored, public)
    elif view == "Cartes":
        _cards_tab()
    elif view == "Questions":
        _faq_tab()
    else:
        _turn_tab(stored, public, fixing)
    _sheet_invite(stored)
    after_game(stored)
    toolbar(stored, describe)


def pages() -> list[st.Page]:
    """This module's pages, built for the current script run (see tableapp/look/navigation.py)."""
    return [st.Page(page, title=title, icon=icon, url_path=path)
            for page, title, icon, path in (
        (play, "Labystère : partie", ":material/casino:", GAME),
        (sheet, "Labystère : fiche d'enquête", ":material/edit_note:", SHEET_PATH),
    )]


def print_controls() -> dict[str, Any]:
    """The print page's choices for Labystère (tableapp.pages.printing): the plan's seed."""
    return {"seed": int(st.number_input("Labystère : graine du plan", 0, 10**9, 1,
                                        key="print_seed"))}


def forget_game(code: str) -> None:
    """A deleted game takes its players' sheets with it (tableapp.device.rights)."""
    sheet_store().delete_game(code)


def awaited(summary: dict[str, Any]) -> tuple[str | None, str]:
    """Whose turn and what the table waits for (tableapp.live.tableclock's banner)."""
    phase = summary["phase"]
    if phase == "roll":
        text = "lancer le dé"
    elif phase == "play":
        steps = summary.get("steps") or 0
        text = f"avancer son pion ({steps} pas au plus)" if steps else "avancer son pion"
    elif phase == "reveal":
        text = "retourner le paquet sous son pion"
    elif phase == "action":
        text = "jouer sa carte Action"
    else:
        text = "finir son tour"
    return summary["current"], text
