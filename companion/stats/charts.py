"""Charts as Vega-Lite specifications (plain data: the pages give them to Streamlit's
st.vega_lite_chart, the same shape as Noé's score chart), one per kind of figure."""

from __future__ import annotations

from typing import Any

from companion.stats.podium import PodiumRow
from companion.stats.record import Rounds

# Vega's default category colours, for a series without a profile colour
PALETTE = ["#4c78a8", "#f58518", "#e45756", "#72b7b2", "#54a24b", "#eeca3b", "#b279a2",
           "#ff9da6", "#9d755d", "#bab0ac"]


def rounds_spec(rounds: Rounds, colours: dict[str, str] | None = None) -> dict[str, Any]:
    """One line per series (player, or a team figure) through the rounds; the target, if any,
    as a dashed rule. `colours`: a series' colour (a player's profile colour), if any."""
    colours = colours or {}
    scale = {"domain": list(rounds.series),
             "range": [colours.get(s, PALETTE[i % len(PALETTE)])
                       for i, s in enumerate(rounds.series)]}
    y: dict[str, Any] = {"field": "total", "type": "quantitative",
                         "title": rounds.unit.capitalize()}
    if rounds.target is not None:
        y["scale"] = {"domainMax": rounds.target}
    layers: list[dict[str, Any]] = [{
        "data": {"values": rounds.chart_rows()},
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
    return {"layer": layers}


def podium_spec(rows: list[PodiumRow], ranking: str) -> dict[str, Any]:
    """Horizontal bars, best at the top: wins or place-based points per player."""
    field = "wins" if ranking == "victoires" else "points"
    title = "Victoires" if ranking == "victoires" else "Points par place"
    return {
        "data": {"values": [{"player": r.name, "wins": r.wins, "points": r.points}
                            for r in rows]},
        "mark": {"type": "bar"},
        "encoding": {
            "y": {"field": "player", "type": "nominal", "title": "",
                  "sort": [r.name for r in rows]},
            "x": {"field": field, "type": "quantitative", "title": title,
                  "axis": {"tickMinStep": 1}}},
    }
