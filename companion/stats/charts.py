"""Charts as Vega-Lite specifications (plain data: the pages give them to Streamlit's
st.vega_lite_chart, the same shape as Noé's score chart), one per kind of figure."""

from __future__ import annotations

from typing import Any

from companion.stats.podium import PodiumRow
from companion.stats.record import Rounds, points_text

# Vega's default category colours, for a series without a profile colour
PALETTE = ["#4c78a8", "#f58518", "#e45756", "#72b7b2", "#54a24b", "#eeca3b", "#b279a2",
           "#ff9da6", "#9d755d", "#bab0ac"]

# How Vega writes numbers and dates in every chart: French, « 2,5 », « 1 250 », « 46,7 % »
# (d3-format and d3-time-format locales, Vega-Lite's `config.locale`).
FRENCH_LOCALE: dict[str, Any] = {
    "number": {"decimal": ",", "thousands": "\u202f", "grouping": [3],
               "currency": ["", "\u00a0€"], "percent": "\u202f%"},
    "time": {"dateTime": "%A %e %B %Y à %X", "date": "%d/%m/%Y", "time": "%H:%M:%S",
             "periods": ["", ""],
             "days": ["dimanche", "lundi", "mardi", "mercredi", "jeudi", "vendredi", "samedi"],
             "shortDays": ["dim.", "lun.", "mar.", "mer.", "jeu.", "ven.", "sam."],
             "months": ["janvier", "février", "mars", "avril", "mai", "juin", "juillet", "août",
                        "septembre", "octobre", "novembre", "décembre"],
             "shortMonths": ["janv.", "févr.", "mars", "avr.", "mai", "juin", "juil.", "août",
                             "sept.", "oct.", "nov.", "déc."]},
}


def french(spec: dict[str, Any]) -> dict[str, Any]:
    """`spec` with French numbers and dates on its axes, legends and tooltips."""
    return {**spec, "config": {**spec.get("config", {}), "locale": FRENCH_LOCALE}}


def rounds_spec(rounds: Rounds, colours: dict[str, str] | None = None,
                at_most: int | None = None) -> dict[str, Any]:
    """One line per series (player, or a team figure) through the rounds; the target, if any,
    as a dashed rule. `colours`: a series' colour (a player's profile colour), if any;
    `at_most`: the rounds drawn, evenly spread (Rounds.chart_rows)."""
    colours = colours or {}
    scale = {"domain": list(rounds.series),
             "range": [colours.get(s, PALETTE[i % len(PALETTE)])
                       for i, s in enumerate(rounds.series)]}
    y: dict[str, Any] = {"field": "total", "type": "quantitative",
                         "title": rounds.unit.capitalize()}
    if rounds.target is not None:
        y["scale"] = {"domainMax": rounds.target}
    layers: list[dict[str, Any]] = [{
        "data": {"values": rounds.chart_rows(at_most)},
        "mark": {"type": "line", "point": True},
        "encoding": {
            "x": {"field": "round", "type": "quantitative", "title": rounds.label,
                  "axis": {"tickMinStep": 1}},
            "y": y,
            "color": {"field": "series", "type": "nominal", "title": "",
                      "sort": list(rounds.series), "scale": scale,
                      # two columns: a row of five names is cut off on a 360 px phone
                      "legend": {"orient": "bottom", "columns": 2, "labelLimit": 140}}}}]
    if rounds.target is not None:
        layers.append({"data": {"values": [{"objectif": rounds.target}]},
                       "mark": {"type": "rule", "strokeDash": [6, 4], "color": "firebrick"},
                       "encoding": {"y": {"field": "objectif", "type": "quantitative"}}})
    return french({"layer": layers})


def podium_value(row: PodiumRow, ranking: str) -> str:
    """The figure a podium ranks by, as the podium, its chart and the PDF write it: « 2 »
    wins, « 1,67 » points (companion.stats.record.points_text)."""
    return str(row.wins) if ranking == "victoires" else points_text(row.points)


def podium_spec(rows: list[PodiumRow], ranking: str) -> dict[str, Any]:
    """Horizontal bars, best at the top: wins or place-based points per player, each bar
    written with the podium's own figure. One bar per podium row: the rows' names are unique
    (companion/stats/identity.py › shown_names), so Vega, which groups by name, merges none."""
    field = "wins" if ranking == "victoires" else "points"
    title = "Victoires" if ranking == "victoires" else "Points par place"
    # field names are what a screen reader says of each bar (« Victoires: 2; Joueur: Chloé »)
    values = [{"Joueur": r.name, "wins": r.wins, "points": r.points,
               "valeur": podium_value(r, ranking)} for r in rows]
    y = {"field": "Joueur", "type": "nominal", "title": "", "sort": [r.name for r in rows]}
    # room on the right for the longest bar's figure (Vega clips a text past its plot)
    top = max([r.wins if field == "wins" else r.points for r in rows] + [1])
    x = {"field": field, "type": "quantitative", "title": title, "axis": {"tickMinStep": 1},
         "scale": {"domainMax": round(top * 1.15, 4)}}
    return french({
        # what a screen reader says of the chart (Vega's aria-label of its picture)
        "description": f"{title} : " + ", ".join(f"{v['Joueur']} {v['valeur']}"
                                                 for v in values),
        "data": {"values": values},
        "encoding": {"y": y, "x": x},
        "layer": [{"mark": {"type": "bar"}},
                  # the bar's figure written beside it; its bar already says it aloud
                  {"mark": {"type": "text", "align": "left", "dx": 3, "aria": False},
                   "encoding": {"text": {"field": "valeur", "type": "nominal"}}}],
    })


def tally_spec(rows: list[dict[str, Any]]) -> dict[str, Any]:
    """Horizontal stacked bars per row (« Jeu »): its wins, then its other games."""
    values = []
    for r in rows:
        values.append({"Jeu": r["Jeu"], "part": "Victoires", "parties": r["Victoires"]})
        values.append({"Jeu": r["Jeu"], "part": "Autres parties",
                       "parties": r["Parties"] - r["Victoires"]})
    return french({
        "data": {"values": values},
        "mark": {"type": "bar"},
        "encoding": {
            "y": {"field": "Jeu", "type": "nominal", "title": None, "sort": None},
            "x": {"field": "parties", "type": "quantitative", "title": "Parties",
                  "axis": {"tickMinStep": 1, "format": "d"}},
            "color": {"field": "part", "type": "nominal", "title": None,
                      "scale": {"domain": ["Victoires", "Autres parties"],
                                "range": ["#c0392b", "#d5d8dc"]},
                      "legend": {"orient": "top"}},
            "order": {"field": "part", "sort": "descending"}}},
    )
