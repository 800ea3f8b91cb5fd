"""Labystère at the table: whose turn and the die (with « Rejoue » and « compte double »), the
cards at a tap, « que se passe-t-il si », the setup map of the game's seed; and, on each
player's phone, a private investigation sheet. Logic lives in companion/games/labystere."""

from __future__ import annotations

import html
import secrets
from typing import Any
from urllib.parse import urlencode

import streamlit as st

from companion.catalog import game_info
from companion.errors import CompanionError
from companion.games.labystere.data import LabystereData
from companion.games.labystere.mapview import (
    ROW_NAMES,
    card_names,
    cell_label,
    setup_steps,
)
from companion.games.labystere.setup import SEED_MAX, generate
from companion.games.labystere.sheets import (
    Sheet,
    SheetStore,
    is_valid_token,
    new_token,
    random_crossed,
    sheets_location,
)
from companion.games.labystere.texts import FAQ, OTHER_CARDS, action_help, describe
from companion.loader import load_game
from companion.store import is_valid_code, normalize_code
from tableapp import session
from tableapp.aftergame import after_game
from tableapp.gamepage import StoredGame, current_game, is_public_view, toolbar
from tableapp.pages.labystere_board import (
    BOARD_CSS,
    DOTS,
    board_html,
    declare_form,
    last_declaration,
    last_roll_line,
    turn_panel,
)
from tableapp.session import plain

GAME = "labystere"
SECTION = game_info(GAME).title
SHEET_PATH = f"{GAME}-enquete"
_SHEET_KEY = "_labystere_sheet_tokens"  # code -> token, so menu navigation keeps the sheet

# Static styles of the map and the die; no user text is ever put in this HTML.
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
td.k-depart, td.k-arrivee {background: #fff3b0;}
td.k-drapeau {background: #ffd6d6;}
td.k-suspect {background: #d9e8ff;}
td.k-action {background: #f4f4f4;}
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
    names = {c.id: c.name for c in _data().colours}
    return f"{DOTS.get(colour, '○')} {names.get(colour, colour)}"


# --- new game -------------------------------------------------------------------------------


def setup_form(players: list[str]) -> dict[str, Any] | None:
    """A pawn colour per player; the plan (the seed) is drawn by the server and never shown:
    whoever knew it could print the culprit (`companion labystere setup --seed N --reveal`)."""
    data = _data()
    ids = [c.id for c in data.colours]
    st.caption("La place 1 commence : mettez-y le plus jeune. On joue ensuite dans le sens des "
               "aiguilles d'une montre.")
    columns = st.columns(len(players))
    colours = [columns[i].selectbox(f"Pion de {plain(name)}", ids, index=i % len(ids),
                                    format_func=_colour_name, key=f"lab_colour_{i}")
               for i, name in enumerate(players)]
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


def _players_line(summary: dict[str, Any]) -> None:
    for seat, player in enumerate(summary["players"]):
        marks = [f"en {player['cell']}"] if player["cell"] else []
        if seat == summary["turn"]:
            marks.append("◀ à toi !")
        if player["double_pending"]:
            marks.append("prochain lancer ×2")
        if player["out"]:
            marks.append("hors jeu (annonce fausse)")
        st.markdown(f"{DOTS.get(player['colour'], '○')} **{plain(player['name'])}** "
                    + " · ".join(marks))


def _turn_tab(stored: StoredGame) -> None:
    summary = stored.state.summary()
    public = is_public_view()
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
    st.markdown(f"## {DOTS.get(current['colour'], '○')} Au tour de {plain(current['name'])}")
    last_declaration(summary)
    if current["double_pending"]:
        # before the roll it is this one; after turning the card up, the one of the next turn
        st.info("Ce lancer compte double !" if summary["phase"] == "roll"
                else "Ton prochain lancer, à ton prochain tour, comptera double.")
    if public:
        if summary["phase"] != "roll":
            last_roll_line(summary)
        st.markdown(BOARD_CSS + board_html(summary, set(summary["moves"])),
                    unsafe_allow_html=True)
    else:
        st.markdown(BOARD_CSS, unsafe_allow_html=True)
        declare_form(stored, summary)
        turn_panel(stored, summary)
    st.divider()
    _players_line(summary)


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


def _map_tab(stored: StoredGame) -> None:
    seed = stored.setup["seed"]  # a secret: never shown (registre TAB-3)
    st.markdown("**Le plan de cette partie** — en haut de chaque case la carte cachée (par "
                "sorte), au milieu le trait du chemin (les côtés où il sort : pose la carte "
                "tournée ainsi), en bas la carte Chemin posée dessus, face visible. C'est la "
                "grille du début : le plateau du moment, avec les échanges, est dans « Tour ».")
    reveal = False
    if not is_public_view() and stored.state.summary().get("finished"):
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
    return f"{session.public_base_url()}/{SHEET_PATH}?{urlencode({'code': code})}"


def _sheet_invite(stored: StoredGame) -> None:
    with st.expander("Fiche d'enquête sur ton téléphone"):
        url = sheet_url(stored.code)
        left, right = st.columns([1, 2])
        left.image(session.qr_png(url), width=180)
        right.write("Chaque joueur scanne ce code avec son téléphone : il y barre les suspects "
                    "et les lieux qu'il élimine. Sa fiche reste secrète, sur son téléphone.")
        right.code(url, language=None)


def play() -> None:
    st.title(SECTION)
    stored = current_game(GAME, setup_form)
    tabs = st.tabs(["Tour", "Plan", "Cartes", "Que se passe-t-il si"])
    with tabs[0]:
        _turn_tab(stored)
    with tabs[1]:
        _map_tab(stored)
    with tabs[2]:
        _cards_tab()
    with tabs[3]:
        _faq_tab()
    _sheet_invite(stored)
    after_game(stored)
    toolbar(stored, describe)


# --- the private investigation sheet --------------------------------------------------------


@st.cache_resource(show_spinner=False)
def _sheet_store_at(path: str) -> SheetStore:
    return SheetStore(path)


def sheet_store() -> SheetStore:
    return _sheet_store_at(str(sheets_location()))


def _sheet_code() -> str | None:
    """The game of the sheet: ?code=, else the one opened in this session, else typed in."""
    code = session.code_param() or session.remembered_code(GAME)
    if code is None:
        typed = st.text_input("Code de la partie (affiché sur la tablette)", key="lab_sheet_code",
                              max_chars=12)
        if st.button("Ouvrir", key="lab_sheet_open") and typed.strip():
            session.set_code(GAME, normalize_code(typed))
            st.rerun()
        return None
    if not is_valid_code(code) or session.store().game_of(code) != GAME:
        st.error(plain(f"Aucune partie de Labystère avec le code « {code} »."))
        session.forget_code(GAME)
        return None
    st.query_params["code"] = code
    return code


def _sheet_token(code: str) -> str | None:
    """This phone's secret for the sheet: in the URL (survives a reload) and in the session
    (survives moving between pages, which drops the query string)."""
    remembered: dict[str, str] = st.session_state.setdefault(_SHEET_KEY, {})
    token = st.query_params.get("sheet") or remembered.get(code)
    if token and is_valid_token(token):
        st.query_params["sheet"] = token
        remembered[code] = token
        return token
    if token:
        st.error("Cette adresse de fiche est abîmée : ouvre une nouvelle fiche.")
    st.write("Ta fiche d'enquête garde en secret, sur ce téléphone, les suspects et les lieux que "
             "tu as éliminés.")
    if st.button("Ouvrir ma fiche sur ce téléphone", type="primary", key="lab_sheet_new"):
        token = new_token()
        st.query_params["sheet"] = token
        remembered[code] = token
        st.rerun()
    return None


def _sheet_rows(code: str, sheet: Sheet, title: str, items: list[tuple[str, str]]) -> None:
    """One big button per suspect or place: a tap crosses it out, another tap restores it."""
    st.subheader(title)
    for item, name in items:
        crossed = item in sheet.crossed
        label = f"✗ ~~{name}~~ — écarté" if crossed else name
        if st.button(label, key=f"lab_sheet_{item}", use_container_width=True,
                     type="secondary" if crossed else "primary",
                     help="Toucher pour le remettre" if crossed else "Toucher pour l'écarter"):
            _save(code, sheet.token, item, not crossed)


def _save(code: str, token: str, item: str, crossed: bool) -> None:
    try:
        sheet_store().set_crossed(code, token, item, crossed)
    except CompanionError as exc:
        st.error(plain(str(exc)))
        return
    st.rerun()


def _show_random(sheet: Sheet, kind: str, label: str) -> None:
    if st.button(f"Montrer un {label} écarté au hasard", key=f"lab_sheet_random_{kind}",
                 use_container_width=True):
        pick = random_crossed(sheet, kind)
        names = {f"suspect-{s.id}": s.name for s in _data().suspects}
        names.update({f"lieu-{p.id}": p.name for p in _data().places})
        if pick is None:
            st.info(f"Aucun {label} écarté : tant pis, c'est au joueur suivant.")
        else:
            st.success(f"Montre seulement ceci : {names[pick]}")


def sheet() -> None:
    st.title("Fiche d'enquête")
    if session.is_public_view():  # a player's seat: its own token, not the host's
        st.info("La fiche d'enquête est secrète : ouvre-la sur ton propre téléphone.")
        return
    code = _sheet_code()
    if code is None:
        return
    token = _sheet_token(code)
    if token is None:
        return
    try:
        current = sheet_store().load(code, token)
    except CompanionError as exc:
        st.error(plain(str(exc)))
        return
    st.caption(f"Partie {code} · fiche secrète de ce téléphone : ne la montre pas, garde "
               "cette page (favori). Recharger la page ne l'efface pas.")
    data = _data()
    suspects = [(f"suspect-{s.id}", s.name) for s in data.suspects]
    places = [(f"lieu-{p.id}", p.name) for p in data.places]
    _sheet_rows(code, current, "Suspects", suspects)
    _sheet_rows(code, current, "Lieux", places)
    left_s = [name for item, name in suspects if item not in current.crossed]
    left_p = [name for item, name in places if item not in current.crossed]
    if len(left_s) == 1 and len(left_p) == 1:
        st.success(f"Tu crois savoir : {left_s[0]}, {left_p[0]}. Va sur l'Arrivée pour "
                   "l'annoncer !")
    st.divider()
    st.caption("Un autre joueur a tiré « regarde au hasard parmi tes écartés » :")
    columns = st.columns(2)
    with columns[0]:
        _show_random(current, "suspect", "suspect")
    with columns[1]:
        _show_random(current, "lieu", "lieu")


def pages() -> list[st.Page]:
    """This module's pages, built for the current script run (see tableapp/navigation.py)."""
    return [
        st.Page(play, title="Labystère : partie",
                icon=":material/casino:", url_path=GAME),
        st.Page(sheet, title="Labystère : fiche d'enquête",
                icon=":material/edit_note:", url_path=SHEET_PATH),
    ]
