"""What the Noé scoreboard shows, as plain data built from `NoeState.summary()`: the progress
toward the target, the grid by manche, and one French line per event for the history."""

from __future__ import annotations

from typing import Any

from companion.core.text import de
from companion.games.noe.cards import deck

ENDINGS = {"seul": "joueur seul", "elysee": "Élysée",
           "table": "arrêt table"}


def announcement_name(announcement_id: str | None) -> str:
    for ann in deck().data.announcements:
        if ann.id == announcement_id:
            return ann.name
    return announcement_id or "une annonce"


def progress_rows(summary: dict[str, Any]) -> list[dict[str, Any]]:
    """Cumulative score of each player after each finished manche (manche 0: everyone at 0)."""
    totals = {p: 0 for p in summary["players"]}
    rows = [{"manche": 0, "joueur": p, "points": 0} for p in summary["players"]]
    for manche in summary["manches"]:
        if not manche["ended"]:
            continue
        for p in summary["players"]:
            totals[p] += manche["points"][p] or 0
            rows.append({"manche": manche["number"], "joueur": p, "points": totals[p]})
    return rows


GRID_FIXED = ("Manche", "Donneur", "Fin")


def grid_column(player: str) -> str:
    """A player's column in the grid (a name may not hide a fixed column)."""
    return f"{player} (joueur)" if player in GRID_FIXED else player


def grid_rows(summary: dict[str, Any]) -> list[dict[str, Any]]:
    """One row per manche: the dealer, each player's points (— while not scored), the ending."""
    rows = []
    for manche in summary["manches"]:
        row: dict[str, Any] = {"Manche": manche["number"], "Donneur": manche["dealer"]}
        for p in summary["players"]:
            points = manche["points"][p]
            row[grid_column(p)] = "—" if points is None else str(points)
        row["Fin"] = ENDINGS.get(manche["ended_by"] or "", "en cours")
        rows.append(row)
    return rows


def describe(event: dict[str, Any]) -> str:
    """One line of the history for an event of the log."""
    kind = event.get("type")
    manche = event.get("manche", "?")
    player = event.get("player", "?")
    if kind == "announcement":
        checked = " (main vérifiée)" if event.get("cards") else ""
        return (f"Manche {manche} : {player} annonce « "
                f"{announcement_name(event.get('announcement'))} »{checked}")
    if kind == "false_announcement":
        what = f"« {announcement_name(event['announcement'])} »" if event.get(
            "announcement") else "une annonce"
        return f"Manche {manche} : {player} annonce {what} à tort (tour perdu)"
    if kind == "end_manche":
        return f"Manche {manche} arrêtée par la table"
    if kind == "control":
        by = event.get("by")
        what = "descente" if isinstance(by, list) and len(by) == 3 else "contrôle"
        defence = event.get("defence")
        shown = (f"{player_card_name(defence)} montrée" if isinstance(defence, str)
                 else "rien de montré")
        target = event.get("target", "?")
        seized = event.get("seized")
        taken = f", {len(seized)} carte{'s' * (len(seized) > 1)} saisie" \
            f"{'s' * (len(seized) > 1)}" if isinstance(seized, list) and seized else ""
        return f"Manche {manche} : {what} {de(str(player))} chez {target} ({shown}{taken})"
    if kind == "attentat":
        victim = event.get("killed")
        dead = player_card_name(victim) if isinstance(victim, str) else "?"
        return f"Manche {manche} : un Attentat frappe {player}, « {dead} » est tuée"
    return str(kind)


def player_card_name(card_id: str) -> str:
    """A card's name for the history, or its id when unknown (an old or hand-written log)."""
    card = deck().cards.get(card_id)
    return card.name if card else card_id


def chart_spec(summary: dict[str, Any]) -> dict[str, Any]:
    """Vega-Lite: one line per player toward the target, the target as a rule."""
    return {
        "layer": [
            {"data": {"values": progress_rows(summary)},
             "mark": {"type": "line", "point": True},
             "encoding": {
                 "x": {"field": "manche", "type": "quantitative", "title": "Manche",
                       "axis": {"tickMinStep": 1}},
                 "y": {"field": "points", "type": "quantitative", "title": "Points",
                       "scale": {"domainMax": summary["target"]}},
                 "color": {"field": "joueur", "type": "nominal", "title": "Joueur",
                           "sort": summary["players"]}}},
            {"data": {"values": [{"objectif": summary["target"]}]},
             "mark": {"type": "rule", "strokeDash": [6, 4], "color": "firebrick"},
             "encoding": {"y": {"field": "objectif", "type": "quantitative"}}},
        ],
    }
