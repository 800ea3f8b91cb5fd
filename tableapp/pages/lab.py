"""The « Labo » page: the balance lab for game authors (companion/lab), the same runs as
`companion lab`, with charts (Vega-Lite, shipped with Streamlit) of every figure and its 95 %
interval, and an author's changes to the data played beside the original with the same seeds.
All the work is companion.lab's; this page only wires it."""

from __future__ import annotations

import json
from typing import Any

import streamlit as st

from companion.core.errors import CompanionError, UsageError
from companion.core.gameinfo import LabDefaults
from companion.core.registry import GAMES
from companion.core.text import csv_text, number
from companion.lab.overrides import parse_assignments
from companion.lab.runner import WARNING, Options, compare, lab_module, planned_games
from companion.stats.charts import french
from tableapp.look.usertext import plain
from tableapp.process.workload import slot

SECTION = "Atelier"
MAX_GAMES = 2000  # per condition: the page runs on the server, in one process
CONDITION_KEYS = ("politique", "joueurs", "niveau", "lieux", "roles")


def _defaults(game: str) -> LabDefaults:
    """The game's lab defaults (its GameInfo.lab). Its run budget: games of one run asked
    from the page, both versions of the data counted (the CLI has no limit), about 20 s of one
    core each at the speeds measured (ms a game: Noé 10 to 40, Emblèmes 2, Camelot 5, ELSEN
    1.5, Labystère 4); the page's defaults are far below."""
    defaults = GAMES[game].lab
    assert defaults is not None  # the page lists only games with a lab
    return defaults


def lab_options(raw: dict[str, Any]) -> Options:
    return Options(games=raw["games"], seed=raw["seed"], players=tuple(raw["players"]),
                   policies=tuple(raw["policies"]),
                   extra={k: tuple(v) for k, v in raw["extra"].items()})


def check_budget(game: str, raw: dict[str, Any], changes: tuple[str, ...]) -> None:
    """A run past the page's budget is refused before any game is played."""
    planned = planned_games(game, lab_options(raw), bool(changes))
    budget = _defaults(game).run_budget
    if planned > budget:
        twice = " (deux fois : original et modifié)" if changes else ""
        raise UsageError(f"Ces réglages demandent {number(planned, 0)} parties{twice} ; le labo "
                         f"de l'application en joue {number(budget, 0)} au plus par "
                         f"série pour {GAMES[game].title}. Réduisez les parties par condition "
                         "ou les conditions, ou lancez « companion lab » sur votre ordinateur.")


def run_rows(game: str, raw: dict[str, Any], changes: tuple[str, ...]) -> list[dict[str, Any]]:
    """Play the runs with a progress bar; the rows of the original and of the changed data.
    Within the budget, in the server's one lab slot (tableapp/process/workload.py); each update of
    the bar is where Streamlit stops the run when the visitor taps « Arrêter » or leaves."""
    check_budget(game, raw, changes)
    with slot("labo"):
        bar = st.progress(0.0, text="Parties en cours…")

        def progress(done: int, total: int) -> None:
            bar.progress(done / max(total, 1), text=f"Parties en cours… {done}/{total}")

        original, changed = compare(game, lab_options(raw), parse_assignments(changes), 1,
                                    progress)
        bar.empty()
    return original.rows("original") + (changed.rows("modifie") if changed else [])


def _lab_games() -> list[str]:
    """The games that offer a lab (GameInfo.lab), in the registry's order."""
    return [g for g in GAMES if GAMES[g].lab]


def _form() -> tuple[str, dict[str, Any], tuple[str, ...]] | None:
    game = st.selectbox("Jeu", _lab_games(),
                        format_func=lambda g: GAMES[g].title, key="lab_game")
    module = lab_module(game)
    low, high = GAMES[game].players
    defaults = _defaults(game)
    c1, c2 = st.columns(2)
    games = int(c1.number_input("Parties par condition", 1, MAX_GAMES, defaults.page_games,
                                key=f"lab_games_{game}"))
    seed = int(c2.number_input("Graine", 0, 10**9, 1, key="lab_seed"))
    players = st.multiselect("Nombres de joueurs", list(range(low, high + 1)),
                             list(defaults.page_players), key=f"lab_players_{game}")
    policies = st.multiselect("Politiques", list(module.POLICIES), list(module.POLICIES),
                              key=f"lab_policies_{game}")
    extra: dict[str, list[Any]] = {}
    for key, (label, choices, chosen, *shown) in defaults.extra.items():  # the game's own
        labels = shown[0] if shown else {}
        extra[key] = st.multiselect(label, list(choices), list(chosen), key=f"lab_{key}",
                                    format_func=lambda c, labels=labels: str(labels.get(c, c)))
    changes = st.text_area(
        "Changer des valeurs des données (une par ligne, clé=valeur)", "",
        placeholder=defaults.example, key=f"lab_changes_{game}", max_chars=4000,
        help="Chemin dans data/<jeu>.yaml ; un élément de liste par son id. La valeur est "
             "vérifiée comme le fichier ; les deux versions sont jouées avec les mêmes graines.")
    if not players or not policies or any(not v for v in extra.values()):
        st.info("Choisissez au moins un nombre de joueurs, une politique et une valeur par "
                "option.")
        return None
    options = {"games": games, "seed": seed, "players": sorted(players),
               "policies": policies, "extra": {k: sorted(v) for k, v in extra.items()}}
    lines = tuple(line.strip() for line in changes.splitlines() if line.strip())
    request = (game, options, lines)
    if st.button("Lancer les parties", type="primary", key="lab_go"):
        st.session_state["lab_request"] = request
    prepared = st.session_state.get("lab_request")
    if prepared is not None and prepared != request:
        st.info("Les réglages ont changé : touchez « Lancer les parties » pour refaire les "
                "calculs. Les résultats ci-dessous sont ceux des réglages précédents.")
    return prepared  # type: ignore[no-any-return]


LABEL_FORMS = {"politique": "{}", "joueurs": "{} joueurs", "niveau": "niveau {}",
               "lieux": "lieux {}", "roles": "rôles {}"}


def _label(row: dict[str, Any]) -> str:
    """« hasard · 4 joueurs · niveau 1 »: short enough for a phone's chart."""
    return " · ".join(LABEL_FORMS[k].format(row[k]) for k in CONDITION_KEYS if k in row)


def chart_spec(rows: list[dict[str, Any]]) -> dict[str, Any]:
    """Horizontal bars of one measure by condition (the labels stay readable on a phone), its
    95 % interval as a rule, original and changed data side by side (yOffset)."""
    percent = rows[0]["type"] == "taux"
    scale = 100 if percent else 1
    values = [{"condition": _label(r), "données": "modifié" if r["donnees"] == "modifie"
               else "original", "valeur": r["valeur"] * scale, "bas": r["bas"] * scale,
               "haut": r["haut"] * scale} for r in rows]
    axis = "%" if percent else "valeur"
    y = {"field": "condition", "type": "nominal", "title": None, "sort": None,
         "axis": {"labelLimit": 220}}
    colour = {"field": "données", "type": "nominal", "title": None,
              "legend": {"orient": "top"}}
    return french({
        "data": {"values": values},
        "encoding": {"y": y, "yOffset": {"field": "données"}, "color": colour},
        "layer": [
            {"mark": {"type": "bar"},
             "encoding": {"x": {"field": "valeur", "type": "quantitative", "title": axis}}},
            {"mark": {"type": "rule", "color": "black"},
             "encoding": {"x": {"field": "bas", "type": "quantitative"},
                          "x2": {"field": "haut"}}},
        ],
    })


def _results(game: str, rows: list[dict[str, Any]]) -> None:
    measures = list(dict.fromkeys(r["mesure"] for r in rows))
    measure = st.selectbox("Mesure", measures, key=f"lab_measure_{game}")
    chosen = [r for r in rows if r["mesure"] == measure]
    st.vega_lite_chart(chart_spec(chosen), width="stretch")
    table = []
    originals = [r for r in chosen if r["donnees"] == "original"]
    changed = [r for r in chosen if r["donnees"] == "modifie"]
    for i, r in enumerate(originals):
        line = {"condition": _label(r), "valeur": _figure(r), "n": r["n"]}
        if changed:
            line["modifié"] = _figure(changed[i])
        table.append(line)
    st.dataframe(table, hide_index=True, width="stretch")
    c1, c2 = st.columns(2)
    c1.download_button("Tous les chiffres (CSV)", csv_text(rows), f"labo-{game}.csv", "text/csv",
                       key="lab_dl_csv")
    c2.download_button("Tous les chiffres (JSON)",
                       json.dumps(rows, ensure_ascii=False, indent=2), f"labo-{game}.json",
                       "application/json", key="lab_dl_json")


def _figure(row: dict[str, Any]) -> str:
    if row["type"] == "taux":
        return (f"{number(100 * row['valeur'], 1)} % [{number(100 * row['bas'], 1)} ; "
                f"{number(100 * row['haut'], 1)}]")
    return f"{number(row['valeur'], 2)} [{number(row['bas'], 2)} ; {number(row['haut'], 2)}]"


def render() -> None:
    st.title("Labo d'équilibrage")
    st.warning(WARNING + " Chaque chiffre vient avec son intervalle de confiance à 95 %.")
    request = _form()
    game = st.session_state.get("lab_game") or _lab_games()[0]
    with st.expander("Les politiques de jeu simulées"):
        for policy, text in lab_module(game).POLICIES.items():
            st.text(f"{policy} : {text}")
        st.caption("Détail et choix faits là où la règle se tait : docs/register/atelier.md.")
    if request is None:
        return
    chosen_game, options, lines = request
    key = json.dumps([chosen_game, options, lines], sort_keys=True)
    done: dict[str, list[dict[str, Any]]] = st.session_state.setdefault("lab_results", {})
    if key not in done:
        if st.button("Arrêter les parties", key="lab_stop"):
            # tapped while the run played: Streamlit stopped it at its next progress update
            # and runs the page again; the request goes, so the run does not start over
            st.session_state.pop("lab_request", None)
            st.info("Parties arrêtées. Changez les réglages ou relancez.")
            return
        try:
            rows = run_rows(chosen_game, options, lines)
        except CompanionError as exc:
            st.error(plain(str(exc)))  # repeats what the author typed
            return
        for old in list(done)[:-3]:  # this session keeps its last four runs
            del done[old]
        done[key] = rows
    rows = done[key]
    if lines:
        st.success("Original et modifié (" + plain(", ".join(lines)) + ") joués avec les mêmes "
                   "graines : l'écart vient du changement.")
    _results(chosen_game, rows)


def pages() -> list[st.Page]:
    """This module's pages, built for the current script run (see tableapp/look/navigation.py)."""
    return [st.Page(render, title="Labo d'équilibrage", icon=":material/science:",
                    url_path="labo")]
