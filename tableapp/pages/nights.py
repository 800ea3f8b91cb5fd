"""Soirées: a night groups games of any of the five games; its page shows every game with its
result, a running podium by the ranking the host chooses, « Revanche », and the night to take
home (CSV, JSON, a one-page PDF). A night opens with its link (number + key): its number alone
is guessable, its key is not (companion/stats/nights.py). The key is also the right to change
the night (its games, its title, its podium's ranking, deleting it), with the organiser's
token (registre TAB-8): every write hands them to the store, which checks them."""

from __future__ import annotations

import json
from collections.abc import Callable
from datetime import date

import streamlit as st

from companion.core.errors import CompanionError
from companion.core.registry import PLAYABLE as GAMES
from companion.stats.bgstats import bgg_plays_csv, plays_csv
from companion.stats.charts import podium_spec, podium_value
from companion.stats.figures import Played, display_names, game_stats
from companion.stats.nights import Night
from companion.stats.podium import RANKINGS, PodiumRow, podium
from companion.stats.record import points_text
from companion.stats.report import french_date, game_row, night_csv, night_report
from tableapp.device import ownership, session
from tableapp.look.navigation import game_pages
from tableapp.look.usertext import faults_said, plain, say, sentence
from tableapp.pages.players import per_game_table
from tableapp.pages.players import render as players_page
from tableapp.table import seating, sharing
from tableapp.table.aftergame import start_rematch
from tableapp.table.opening import device_games, open_game

SECTION = "Soirées et joueurs"
NIGHT_PARAM, KEY_PARAM = "soiree", "cle"



def place_label(rank: int) -> str:
    return "1er" if rank == 1 else f"{rank}e"


def _url_night() -> tuple[int | None, str]:
    raw = st.query_params.get(NIGHT_PARAM, "")
    try:
        return int(raw), st.query_params.get(KEY_PARAM, "")
    except ValueError:
        return None, ""


def _open(night_id: int, key: str) -> None:
    if key:
        seating.remember_night(night_id, key)
    st.query_params[NIGHT_PARAM] = str(night_id)
    if key:
        st.query_params[KEY_PARAM] = key
    elif KEY_PARAM in st.query_params:
        del st.query_params[KEY_PARAM]


def _start_or_pick() -> None:
    stats = seating.stats_store()
    st.header("Nouvelle soirée")
    today = french_date(date.today().isoformat())
    title = st.text_input("Nom de la soirée", value=f"Soirée du {today}", max_chars=80,
                          key="night_new_title")
    if st.button("Commencer la soirée", type="primary", key="night_new", width="stretch"):
        try:
            night, key = stats.open_night(title)
        except CompanionError as exc:
            say(exc)
            return
        _open(night.id, key)
        seating.play_in_night(night.id, key)
        st.rerun()
    known = seating.known_nights()
    if ownership.is_organiser():  # the organiser opens every night, without its key
        known = {n.id: known.get(n.id, "") for n in stats.nights()}
    if known:
        st.header("Soirées ouvertes sur cet appareil" if not ownership.is_organiser()
                  else "Toutes les soirées (organisateur)")
        for night_id, key in sorted(known.items(), reverse=True):
            try:
                night = stats.night(night_id)
            except CompanionError:
                continue
            if st.button(f"{plain(night.title)} · {french_date(night.created)}",
                         key=f"night_pick_{night_id}", width="stretch"):
                _open(night_id, key)
                st.rerun()


def _podium(rows: list[PodiumRow], ranking: str) -> None:
    st.subheader("Podium")
    finished = [r for r in rows if r.played]
    if not finished:
        st.caption("Le podium se remplit à la fin de la première partie.")
        return
    st.caption("Victoires" if ranking == "victoires" else
               "Points par place (1 au premier de chaque partie, 0 au dernier)")
    columns = st.columns(3)
    # the podium, its table and its chart write the same rows' figures the same way
    for column, row in zip(columns, finished[:3], strict=False):
        column.metric(f"{place_label(row.rank)} · {plain(row.name)}",
                      podium_value(row, ranking), border=True)
    # points as French text (« 0,33 »): a number column would write « 0.33 »
    table = [{"Rang": r.rank, "Joueur": r.name, "Victoires": r.wins,
              "Points": points_text(r.points), "Parties": r.played} for r in rows]
    st.dataframe(table, hide_index=True, width="stretch", column_config={
        "Rang": st.column_config.NumberColumn(width="small"),
        "Points": st.column_config.TextColumn(width="small",
                                              help="Points par place : 1 au premier de "
                                                   "chaque partie, 0 au dernier"),
        "Parties": st.column_config.NumberColumn(width="small", help="Parties terminées")})
    st.vega_lite_chart(podium_spec(finished, ranking), width="stretch")


def _ranking(night: Night, key: str) -> str:
    """The night's ranking (stored: every screen shows the same podium), chosen by a device
    that may change the night."""
    chosen = st.session_state.pop("_night_ranking_refused", None)
    if chosen:
        st.error(plain(chosen))
    st.session_state["night_ranking"] = night.ranking
    st.segmented_control("Classement", list(RANKINGS), format_func=RANKINGS.get,
                         key="night_ranking", on_change=_rank, args=(night.id, key))
    return night.ranking


def _rank(night_id: int, key: str) -> None:
    ranking = st.session_state.get("night_ranking")
    if ranking is None:  # the chosen segment tapped again: nothing changes
        return
    try:
        seating.stats_store().set_ranking(night_id, ranking,
                                          by=ownership.rights(night_key=key))
    except CompanionError as exc:
        st.session_state["_night_ranking_refused"] = sentence(exc)


def _change(action: Callable[[], object]) -> None:
    """A change of the night, checked by the server: done, the page runs again; refused, its
    French sentence (the night's rights are the server's to say, registre TAB-8)."""
    try:
        action()
    except CompanionError as exc:
        say(exc)
    else:
        st.rerun()


def _settings(night: Night, key: str) -> None:
    """Rename or delete the night (its games stay)."""
    stats = seating.stats_store()
    with st.expander("Modifier ou supprimer la soirée"):
        title = st.text_input("Nom de la soirée", value=night.title, max_chars=80,
                              key=f"night_title_{night.id}")
        if st.button("Renommer", key=f"night_rename_{night.id}", width="stretch"):
            _change(lambda: stats.rename_night(night.id, title,
                                               by=ownership.rights(night_key=key)))
        sure = st.checkbox("Supprimer la soirée : ses parties restent enregistrées",
                           key=f"night_delete_ok_{night.id}")
        if st.button("Supprimer la soirée", key=f"night_delete_{night.id}", width="stretch",
                     disabled=not sure):
            try:
                stats.delete_night(night.id, by=ownership.rights(night_key=key))
            except CompanionError as exc:
                say(exc)
                return
            seating.play_in_night(None)
            for param in (NIGHT_PARAM, KEY_PARAM):
                if param in st.query_params:
                    del st.query_params[param]
            st.rerun()


def _games(night: Night, key: str, games: list[Played], names: dict[str, str]) -> None:
    st.subheader(f"Parties ({len(games)})")
    if not games:
        st.caption("Aucune partie pour l'instant : lancez-en une ci-dessus ou rattachez une "
                   "partie déjà jouée.")
    for number, played in enumerate(games, start=1):
        row = game_row(played, names)
        with st.container(border=True):
            st.markdown(f"**{number}. {plain(row['title'])}** · {plain(row['code'])}")
            st.text(f"{', '.join(row['players'])}\n{row['result']}")
            bar = st.container(horizontal=True)  # side by side, wrapping on a phone
            if bar.button("Ouvrir", key=f"night_open_{row['code']}"):
                open_game(row["code"])
            if row["finished"] and bar.button("Revanche", key=f"night_again_{row['code']}"):
                seating.play_in_night(night.id, key)
                start_rematch(row["code"])
            if bar.button("Retirer de la soirée", key=f"night_drop_{row['code']}",
                          type="tertiary", help="La partie reste enregistrée ; elle quitte "
                                                "seulement la soirée"):
                _change(lambda code=row["code"]: seating.stats_store().detach(
                    code, by=ownership.rights(night_key=key)))


def _play_here(night: Night, key: str) -> None:
    pages = game_pages()
    st.subheader("Jouer une partie")
    game = st.segmented_control("Jeu", list(pages), format_func=lambda g: GAMES[g].title,
                                key="night_play_game")
    if st.button("Nouvelle partie de la soirée", type="primary", key="night_play",
                 disabled=game is None, width="stretch") and game:
        seating.play_in_night(night.id, key)
        session.forget_code(game)
        st.switch_page(pages[game])


def _attach(night: Night, key: str) -> None:
    stats = seating.stats_store()
    hosted = session.device()  # only games this device hosts may be attached
    loose = [g for g in device_games() if g.code not in night.codes and hosted.token(g.code)
             and stats.night_of(g.code) is None]
    if not loose:
        return
    with st.expander("Rattacher une partie déjà jouée"):
        labels = {g.code: f"{GAMES[g.game].title} · {g.title} · {g.code}" for g in loose}
        code = st.selectbox("Partie de cet appareil", list(labels), format_func=labels.get,
                            key="night_attach_choice")
        if st.button("Rattacher à la soirée", key="night_attach", width="stretch") and code:
            _change(lambda: stats.attach(night.id, code, by=ownership.rights(night_key=key)))


def _exports(night: Night, ranking: str) -> None:
    stats = seating.stats_store()
    st.subheader("À emporter")
    name = f"soiree-{night.id}"
    a, b, c = st.columns(3)
    a.download_button("Tableau (CSV)", lambda: night_csv(stats, night.id),
                      file_name=f"{name}.csv", mime="text/csv", key="night_csv",
                      width="stretch", on_click="ignore")
    b.download_button("Données (JSON)", lambda: json.dumps(
        night_report(stats, night.id, ranking), ensure_ascii=False, indent=2),
        file_name=f"{name}.json", mime="application/json", key="night_json",
        width="stretch", on_click="ignore")
    c.download_button("Résumé (PDF)", lambda: _pdf(night.id, ranking),
                      file_name=f"{name}.pdf", mime="application/pdf", key="night_pdf",
                      width="stretch", on_click="ignore")
    d, e = st.columns(2)
    d.download_button("Parties de la soirée (CSV)", lambda: _plays(night.id, plays_csv),
                      file_name=f"{name}-parties.csv", mime="text/csv", key="night_plays",
                      width="stretch", on_click="ignore",
                      help="Une ligne par partie : date, jeu, joueurs, scores, gagnants")
    e.download_button("Pour BoardGameGeek (CSV)", lambda: _plays(night.id, bgg_plays_csv),
                      file_name=f"{name}-bgg.csv", mime="text/csv", key="night_bgg",
                      width="stretch", on_click="ignore",
                      help="Une ligne par joueur, dans les champs d'une partie de "
                           "BoardGameGeek : name, username, startposition, color, score, new, "
                           "win")


def _plays(night_id: int, export: Callable[..., str]) -> str:
    stats = seating.stats_store()
    games = stats.played(stats.night(night_id).codes)
    return export(games, display_names(games, stats.names()))


def _pdf(night_id: int, ranking: str) -> bytes:
    from print_kit.night import night_pdf

    return night_pdf(night_report(seating.stats_store(), night_id, ranking))


def _render_page() -> None:
    st.title("Soirées")
    night_id, key = _url_night()
    if night_id is None:
        _start_or_pick()
        return
    stats = seating.stats_store()
    keyed = stats.night_key_ok(night_id, key)
    if not keyed and not (ownership.is_organiser() and night_id in
                          {n.id for n in stats.nights()}):
        st.error("Ce lien de soirée n'est pas valide : il lui manque sa clé, ou elle est "
                 "fausse. Demandez le lien à qui a commencé la soirée.")
        _start_or_pick()
        return
    key = key if keyed else ""
    if keyed:
        seating.remember_night(night_id, key)
    night = stats.night(night_id)
    st.header(plain(night.title), anchor=False)
    st.caption(f"Commencée le {french_date(night.created)}")
    if keyed:
        with st.expander("Lien de la soirée (pour un autre appareil)"):
            st.caption("Ce lien permet d'ajouter et de retirer des parties : ne le donnez "
                       "qu'aux appareils de la table.")
            st.code(f"{sharing.public_base_url()}/soirees?{NIGHT_PARAM}={night.id}&"
                    f"{KEY_PARAM}={key}", language=None)
    playing = seating.active_night()
    if playing is None or playing.id != night.id:
        # at the tap (a callback runs first thing in the next run): a page of the sidebar
        # tapped before this run reached the button lost the choice (5 times in 6)
        st.button("Les prochaines parties de cet appareil rejoignent cette soirée",
                  key="night_join", width="stretch", on_click=seating.play_in_night,
                  args=(night.id, key))
    _play_here(night, key)
    games = stats.played(night.codes)
    names = display_names(games, stats.names())
    ranking = _ranking(night, key)
    _podium(podium(games, stats.names(), ranking), ranking)
    _games(night, key, games, names)
    if games:
        with st.expander("Statistiques par jeu de la soirée"):
            per_game_table(game_stats(games, stats.names()))
    _attach(night, key)
    _settings(night, key)
    _exports(night, ranking)


render = faults_said(_render_page)


def pages() -> list[st.Page]:
    """This module's pages, built for the current script run (see tableapp/look/navigation.py)."""

    return [
        st.Page(render, title="Soirées", icon=":material/celebration:", url_path="soirees"),
        st.Page(players_page, title="Joueurs", icon=":material/group:", url_path="joueurs"),
    ]
