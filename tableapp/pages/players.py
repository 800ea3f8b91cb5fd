"""Joueurs: profiles created once (name, colour), renamed without rewriting any game, duplicates
merged; each player's history and statistics across the five games, with charts, sortable
tables and exports (CSV, JSON). Everything is read from the stored logs (companion/stats)."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from types import ModuleType
from typing import Any

import streamlit as st

from companion.core.errors import CompanionError
from companion.core.registry import PLAYABLE as GAMES
from companion.core.text import number
from companion.stats.charts import tally_spec
from companion.stats.figures import game_stats, player_stats
from companion.stats.record import points_text, rate_text, stats_hook
from companion.stats.report import french_date, player_csv, player_report
from companion.stats.storage import COLOURS, PICTURES, Profile
from print_kit.draw.art import art_path
from tableapp.device import ownership
from tableapp.look import a11y
from tableapp.look.usertext import faults_said, plain, say
from tableapp.table import seating


def _stats_hooks() -> Iterator[tuple[str, ModuleType]]:
    """Each game's stats hook (companion/stats/<id>.py), in the registry's order: how the
    game says its own figures on this page (`figure_lines`, `figure_table`, `game_extra`,
    `game_table`; docs/adding-a-game.md)."""
    for game, info in GAMES.items():
        if info.stats:
            yield game, stats_hook(game)


def _create() -> None:
    with st.form("player_new", clear_on_submit=True, border=True):
        a11y.heading("Nouveau joueur")
        name = st.text_input("Nom", max_chars=40, key="player_new_name")
        colour = st.color_picker("Couleur", value=COLOURS[0], key="player_new_colour")
        picture = st.pills("Image (facultative)", list(PICTURES), format_func=PICTURES.get,
                           key="player_new_picture")
        if st.form_submit_button("Enregistrer le joueur", type="primary", width="stretch"):
            try:
                profile = seating.stats_store().create_profile(
                    name, colour, picture or "", creator=ownership.creator_key())
            except CompanionError as exc:
                say(exc)
            else:
                st.session_state["player_chosen"] = profile.id
                st.session_state.pop("player_pick", None)
                st.success(f"{plain(profile.name)} est enregistré·e.")


def _roster(profiles: list[Profile]) -> None:
    stats = seating.stats_store()
    rows = []
    # every game once (records are cached): a profile counts where a seat is tied to it
    # (companion/stats/seats.py)
    games = stats.played(stats.all_codes())
    for profile in profiles:
        s = player_stats(games, profile.key)
        rows.append({"Joueur": profile.name, "Parties": s["played"], "Terminées": s["finished"],
                     "Victoires": s["won"], "Taux de victoire": s["win_rate"],
                     "Points par place": points_text(s["points"])})
    # French numbers: a rate in whole percents, points as text (« 0,33 », never « 0.33 »)
    for row in rows:
        rate = row["Taux de victoire"]
        row["Taux de victoire"] = None if rate is None else round(100 * rate)
    st.dataframe(rows, hide_index=True, width="stretch", column_config={
        "Taux de victoire": st.column_config.ProgressColumn(min_value=0, max_value=100,
                                                            format="%d %%")})


def _tally_rows(tallies: dict[str, dict[str, Any]], label: str,
                name: Any = str) -> list[dict[str, Any]]:
    return [{label: name(k), "Parties": t["played"], "Terminées": t["finished"],
             "Victoires": t["won"], "Taux": rate_text(t["win_rate"])} for k, t in tallies.items()]


def _statistics(report: dict[str, Any]) -> None:
    s = report["stats"]
    a, b, c = st.columns(3)
    a.metric("Parties", s["played"], border=True)
    b.metric("Victoires", s["won"], border=True)
    c.metric("Taux de victoire", rate_text(s["win_rate"]), border=True,
             help="Victoires sur parties terminées")
    if s["by_game"]:
        st.subheader("Par jeu")
        rows = _tally_rows(s["by_game"], "Jeu", lambda g: GAMES[g].title)
        st.dataframe(rows, hide_index=True, width="stretch")
        st.vega_lite_chart(tally_spec(rows), width="stretch")
        _game_tables(s, "figure_table", st.subheader)
        st.subheader("Par nombre de joueurs")
        st.dataframe(_tally_rows(s["by_player_count"], "Joueurs à la table"),
                     hide_index=True, width="stretch")
    _game_figures(s)


def _game_figures(s: dict[str, Any]) -> None:
    lines = [line for game, hook in _stats_hooks() if hasattr(hook, "figure_lines")
             and game in s for line in hook.figure_lines(s[game])]
    if lines:
        st.subheader("Dans chaque jeu")
        st.text("\n".join(lines))


def _history(report: dict[str, Any]) -> None:
    if not report["games"]:
        st.caption("Aucune partie encore : choisissez ce joueur en lançant une partie.")
        return
    st.subheader("Historique")
    st.dataframe([{"Date": french_date(g["created"]), "Jeu": g["title"],
                   "À table sous le nom": g["seat"],
                   "Joueurs": ", ".join(g["players"]), "Résultat": g["result"],
                   "Classement": g["place"], "Points par place": points_text(g["points"])}
                  for g in reversed(report["games"])], hide_index=True, width="stretch")


def _edit(profile: Profile, profiles: list[Profile]) -> None:
    """Rename, restyle, merge, delete: offered only to a device the server says may change the
    profile (registre TAB-8); each write hands the rights over again to be checked."""
    stats = seating.stats_store()
    rights = ownership.rights()
    if not stats.may_change_profile(profile.id, rights):
        st.caption("Seul l'organisateur ou l'appareil qui a créé ce profil peut le modifier.")
        return
    _requests(profile)
    with st.expander("Modifier, fusionner ou supprimer"):
        name = st.text_input("Nom", value=profile.name, max_chars=40,
                             key=f"player_name_{profile.id}")
        colour = st.color_picker("Couleur", value=profile.colour,
                                 key=f"player_colour_{profile.id}")
        picture = st.pills("Image", list(PICTURES), format_func=PICTURES.get,
                           default=profile.picture or None, key=f"player_picture_{profile.id}")
        st.caption("Renommer ne change pas les parties passées : elles gardent le nom tapé "
                   "ce jour-là.")
        if st.button("Enregistrer", key=f"player_save_{profile.id}", width="stretch"):
            try:
                stats.update_profile(profile.id, by=ownership.rights(), name=name,
                                     colour=colour, picture=picture or "")
            except CompanionError as exc:
                say(exc)
            else:
                st.rerun()
        mine = stats.changeable_profiles(rights)
        others = [p for p in profiles if p.id != profile.id and p.id in mine]
        if others:
            _merge(profile, others)
        _delete(profile)


def _requests(profile: Profile) -> None:
    """The games where this profile's name was typed at a seat without the profile's right
    (registre TAB-8): they count for it only once accepted here, by a device that may change
    it. The latest few; each accepted one by one, the write checked again by the store."""
    stats = seating.stats_store()
    requests, total = stats.seat_requests(profile.id)
    if not requests:
        return
    with st.expander(f"Parties à accepter ({total})", expanded=True):
        st.caption(f"Le nom « {plain(profile.name)} » a été tapé à ces parties par un appareil "
                   "qui ne peut pas modifier ce profil : elles comptent pour un invité tant "
                   "que vous ne les acceptez pas."
                   + (f" Les {len(requests)} plus récentes :" if total > len(requests) else ""))
        for request in requests:
            text, button = st.columns([3, 1])
            game = GAMES[request.game].title if request.game in GAMES else request.game
            text.text(f"{french_date(request.created)} · {game} · {request.title} · "
                      f"place {request.seat + 1} : {request.name}")
            if button.button("C'est ce joueur", key=f"player_accept_{request.code}_"
                             f"{request.seat}", width="stretch"):
                try:
                    stats.seat(request.code, {request.seat: profile.id},
                               by=ownership.rights())
                except CompanionError as exc:
                    say(exc)
                else:
                    st.rerun()


def _merge(profile: Profile, others: list[Profile]) -> None:
    into = st.selectbox("Fusionner avec (doublon)", [p.id for p in others],
                        format_func=lambda i: next(p.name for p in others if p.id == i),
                        index=None, placeholder="Choisir le profil à garder",
                        key=f"player_merge_{profile.id}")
    sure = st.checkbox("Les parties de ce profil passent au profil choisi",
                       key=f"player_merge_ok_{profile.id}")
    if st.button("Fusionner", key=f"player_merge_go_{profile.id}", width="stretch",
                 disabled=into is None or not sure) and into is not None:
        try:
            kept = seating.stats_store().merge(profile.id, into, by=ownership.rights())
        except CompanionError as exc:
            say(exc)
        else:
            st.session_state["player_chosen"] = kept.id
            st.session_state.pop("player_pick", None)
            st.rerun()


def _delete(profile: Profile) -> None:
    sure = st.checkbox("Supprimer ce profil : ses parties restent, sous le nom tapé ce jour-là",
                       key=f"player_delete_ok_{profile.id}")
    if st.button("Supprimer le profil", key=f"player_delete_{profile.id}", width="stretch",
                 disabled=not sure):
        try:
            seating.stats_store().delete_profile(profile.id, by=ownership.rights())
        except CompanionError as exc:
            say(exc)
        else:
            st.session_state.pop("player_chosen", None)
            st.session_state.pop("player_pick", None)
            st.rerun()


def _game_tables(figures: dict[str, Any], kind: str, title: Callable[[str], Any]) -> None:
    """The tables a game's stats hook gives from its figures (`figure_table` of a player's,
    `game_table` of the per-game statistics), each under its title: « Autre jeu » by the name
    the table gave it (names are user text: a dataframe shows them as text)."""
    for game, hook in _stats_hooks():
        table = getattr(hook, kind, None)
        rows = table(figures[game]) if table is not None and game in figures else []
        if rows:
            title(getattr(hook, "TABLE_TITLE", GAMES[game].title))
            st.dataframe(rows, hide_index=True, width="stretch")


def per_game_table(per_game: dict[str, Any]) -> None:
    """Statistics per game (sortable): games, finished, players, rounds, and each game's own
    figure from its stats hook (`game_extra`: ELSEN's winning sides, Labystère's turns to
    solve), then the tables it adds (`game_table`)."""
    rows = []
    for game, row in per_game.items():
        extra = getattr(stats_hook(game), "game_extra", None)
        rows.append({"Jeu": GAMES[game].title, "Parties": row["played"],
                     "Terminées": row["finished"],
                     "Joueurs en moyenne": number(row["average_players"], 1),
                     "Manches, tournois ou tours": row["rounds"],
                     "En plus": extra(row) if extra is not None else ""})
    st.dataframe(rows, hide_index=True, width="stretch")
    _game_tables(per_game, "game_table", lambda text: st.markdown(f"**{text}**"))


def _portrait(profile: Profile) -> None:
    """The name in the profile's colour, and its picture if it has one."""
    row = st.container(horizontal=True, vertical_alignment="center")
    if profile.picture:
        path = art_path(profile.picture)
        mime = "image/svg+xml" if path.suffix == ".svg" else "image/png"
        a11y.picture(path.read_bytes(), f"Image de {profile.name}", width=64, mime=mime,
                     where=row)
    row.header(plain(profile.name), divider=False, anchor=False)
    st.html(f'<div style="height:6px;border-radius:3px;background:{profile.colour}"></div>')
    if profile.picture:
        st.caption("Image : OpenMoji (openmoji.org), CC BY-SA 4.0")


def _render_page() -> None:
    st.title("Joueurs")
    stats = seating.stats_store()
    if ownership.is_organiser():
        st.caption("Cet appareil est l'organisateur : il peut modifier tous les joueurs et "
                   "toutes les soirées.")
    _create()
    profiles = stats.profiles()
    if not profiles:
        st.caption("Aucun joueur enregistré pour l'instant.")
        return
    _roster(profiles)
    ids = [p.id for p in profiles]
    chosen = st.session_state.get("player_chosen")
    profile_id = st.selectbox("Joueur", ids, index=ids.index(chosen) if chosen in ids else 0,
                              format_func=lambda i: next(p.name for p in profiles if p.id == i),
                              key="player_pick")
    profile = next(p for p in profiles if p.id == profile_id)
    st.session_state["player_chosen"] = profile.id
    _portrait(profile)
    report = player_report(stats, profile)
    _statistics(report)
    _history(report)
    _edit(profile, profiles)
    with st.expander("Statistiques par jeu (toutes les parties)"):
        per_game_table(game_stats(stats.played(stats.all_codes()), stats.names()))
    # the page's exports name no game code: a player's history is not a list of the server's
    # games (the CLI, run on the server itself, gives them)
    report = {**report, "games": [{k: v for k, v in g.items() if k != "code"}
                                  for g in report["games"]]}
    left, right = st.columns(2)
    slug = f"joueur-{profile.id}"
    left.download_button("Historique (CSV)", player_csv(report), file_name=f"{slug}.csv",
                         mime="text/csv", key="player_csv", width="stretch",
                         on_click="ignore")
    right.download_button("Historique (JSON)", json.dumps(report, ensure_ascii=False,
                                                          indent=2),
                          file_name=f"{slug}.json", mime="application/json",
                          key="player_json", width="stretch", on_click="ignore")


render = faults_said(_render_page)
