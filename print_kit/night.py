"""A night's one-page summary (A4 portrait) to print or send: the podium as a table and as a
bar chart drawn in vectors (reportlab.graphics), then every game with its players and result.

Its numbers are the night report's (companion/stats/report.py), the same the night page shows.
Every user text (night title, players' names) is escaped before it reaches Paragraph markup;
a text too long for the page is shortened, never spilled off it."""

from __future__ import annotations

import io
from typing import Any
from xml.sax.saxutils import escape

from reportlab.graphics.shapes import Drawing, Line, Rect, String
from reportlab.lib import colors
from reportlab.lib.pagesizes import A4
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.platypus import KeepInFrame, Paragraph, SimpleDocTemplate, Spacer, Table, TableStyle

from companion.stats.record import count_text, points_text
from companion.stats.report import french_date
from print_kit.draw import fonts

MARGIN = 15 * mm
WIDTH = A4[0] - 2 * MARGIN
BAR = colors.HexColor("#2e86c1")
GOLD = colors.HexColor("#f3c623")
MAX_BARS = 10


def _styles() -> dict[str, ParagraphStyle]:
    fonts.register()
    base = ParagraphStyle("base", fontName=fonts.REGULAR, fontSize=9.5, leading=12)
    return {
        "title": ParagraphStyle("title", parent=base, fontName=fonts.BOLD, fontSize=20,
                                leading=24),
        "sub": ParagraphStyle("sub", parent=base, textColor=colors.HexColor("#555555")),
        "h": ParagraphStyle("h", parent=base, fontName=fonts.BOLD, fontSize=13, leading=16,
                            spaceBefore=6, spaceAfter=4),
        "cell": base,
        "small": ParagraphStyle("small", parent=base, fontSize=8, leading=10),
    }


def _p(text: str, style: ParagraphStyle, limit: int = 200) -> Paragraph:
    text = text if len(text) <= limit else text[:limit - 1] + "…"
    return Paragraph(escape(text), style)


def podium_chart(rows: list[dict[str, Any]], ranking: str, width: float) -> Drawing:
    """Horizontal bars, best on top: wins or place-based points per player (vector shapes)."""
    field = "wins" if ranking == "victoires" else "points"
    rows = rows[:MAX_BARS]
    bar_h, gap, label_w = 12.0, 5.0, 45 * mm
    height = max(1, len(rows)) * (bar_h + gap) + 16
    drawing = Drawing(width, height)
    top = max([float(r[field]) for r in rows] + [1.0])
    span = width - label_w - 30
    for i, row in enumerate(rows):
        y = height - (i + 1) * (bar_h + gap)
        name = row["player"] if len(row["player"]) <= 22 else row["player"][:21] + "…"
        drawing.add(String(label_w - 4, y + 3, name, fontName=fonts.REGULAR, fontSize=9,
                           textAnchor="end"))
        length = span * float(row[field]) / top
        drawing.add(Rect(label_w, y, max(length, 0.5), bar_h, fillColor=GOLD if row["rank"] == 1
                         else BAR, strokeColor=None))
        # each bar written as the night page writes it: « 2 », « 1,67 »
        value = str(row["wins"]) if field == "wins" else points_text(row["points"])
        drawing.add(String(label_w + length + 3, y + 3, value,
                           fontName=fonts.BOLD, fontSize=9))
    drawing.add(Line(label_w, 10, label_w, height, strokeColor=colors.grey, strokeWidth=0.5))
    drawing.add(String(label_w, 0, "Victoires" if ranking == "victoires" else
                       "Points par place (1 au premier, 0 au dernier de chaque partie)",
                       fontName=fonts.REGULAR, fontSize=8, fillColor=colors.grey))
    return drawing


def _table(data: list[list[Any]], widths: list[float]) -> Table:
    table = Table(data, colWidths=widths, repeatRows=1)
    table.setStyle(TableStyle([
        ("FONTNAME", (0, 0), (-1, 0), fonts.BOLD),
        ("FONTNAME", (0, 1), (-1, -1), fonts.REGULAR),
        ("FONTSIZE", (0, 0), (-1, -1), 9),
        ("LINEBELOW", (0, 0), (-1, 0), 0.8, colors.black),
        ("LINEBELOW", (0, 1), (-1, -1), 0.25, colors.lightgrey),
        ("VALIGN", (0, 0), (-1, -1), "TOP"),
        ("TOPPADDING", (0, 0), (-1, -1), 2), ("BOTTOMPADDING", (0, 0), (-1, -1), 2),
    ]))
    return table


def night_pdf(report: dict[str, Any]) -> bytes:
    """The PDF bytes of a night report (companion.stats.report.night_report)."""
    s = _styles()
    night = report["night"]
    ranking = report["ranking"]
    story: list[Any] = [_p(night["title"], s["title"], 80),
                        _p(f"{french_date(night['created'])} · "
                           f"{count_text(len(report['games']), 'parties')} · classement : "
                           f"{report['ranking_name'].lower()}", s["sub"])]
    story.append(_p("Podium", s["h"]))
    podium = [r for r in report["podium"] if r["played"]]
    if podium:
        rows = [[_p(h, s["cell"]) for h in ("Rang", "Joueur", "Victoires", "Points par place",
                                            "Parties terminées")]]
        rows += [[str(r["rank"]), _p(r["player"], s["cell"], 40), str(r["wins"]),
                  points_text(r["points"]), str(r["played"])] for r in podium]
        story.append(_table(rows, [14 * mm, 70 * mm, 22 * mm, 32 * mm, 32 * mm]))
        story.append(Spacer(1, 4 * mm))
        story.append(podium_chart(podium, ranking, WIDTH))
    else:
        story.append(_p("Aucune partie terminée pour l'instant.", s["cell"]))
    story.append(_p("Parties", s["h"]))
    games = [[_p(h, s["cell"]) for h in ("N°", "Jeu", "Joueurs (ordre de la table)",
                                         "Résultat")]]
    for number, game in enumerate(report["games"], start=1):
        games.append([str(number), _p(game["title"], s["small"], 60),
                      _p(", ".join(game["players"]), s["small"], 300),
                      _p(game["result"], s["small"], 200)])
    story.append(_table(games, [10 * mm, 40 * mm, 70 * mm, WIDTH - 120 * mm]))
    story.append(Spacer(1, 3 * mm))
    story.append(_p("Points par place : 1 pour la première place d'une partie, 0 pour la "
                    "dernière, en proportion de la place entre les deux ; seules les parties "
                    "terminées comptent. Compagnon de table.", s["small"]))
    out = io.BytesIO()
    doc = SimpleDocTemplate(out, pagesize=A4, leftMargin=MARGIN, rightMargin=MARGIN,
                            topMargin=MARGIN, bottomMargin=MARGIN,
                            title=night["title"], author="Compagnon de table",  # no markup
                            invariant=1)
    # one page whatever the night: shrink to fit rather than spill onto a second page
    doc.build([KeepInFrame(WIDTH, A4[1] - 2 * MARGIN, story, mode="shrink")])
    return out.getvalue()
