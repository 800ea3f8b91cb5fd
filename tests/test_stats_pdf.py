"""The one-page PDF summary of a night: it renders (pdftoppm), fits one page, its numbers are
the night report's (the page's), and user text is escaped, never read as markup."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from stats_night import build_night

from companion.hosting.access import ON_SERVER
from companion.stats.report import night_report
from print_kit.night import night_pdf

needs_poppler = pytest.mark.skipif(shutil.which("pdftotext") is None,
                                   reason="poppler-utils (pdftotext, pdftoppm) absent")


def pdf_text(pdf: bytes, tmp_path: Path) -> str:
    path = tmp_path / "soiree.pdf"
    path.write_bytes(pdf)
    return subprocess.run(["pdftotext", "-layout", str(path), "-"], check=True,
                          capture_output=True, text=True).stdout


@needs_poppler
def test_the_summary_renders_on_one_page_with_the_pages_numbers(tmp_path: Path) -> None:
    stats, night, _, _ = build_night(tmp_path / "db.sqlite3")
    report = night_report(stats, night, "points")
    pdf = night_pdf(report)
    path = tmp_path / "soiree.pdf"
    path.write_bytes(pdf)
    info = subprocess.run(["pdfinfo", str(path)], check=True, capture_output=True,
                          text=True).stdout
    assert "Pages:           1" in info
    subprocess.run(["pdftoppm", "-r", "40", "-png", str(path), str(tmp_path / "page")],
                   check=True)
    assert (tmp_path / "page-1.png").stat().st_size > 5000
    text = pdf_text(pdf, tmp_path)
    # the podium rows as the night page shows them (tests/test_stats_night.py: by hand)
    lines = [" ".join(line.split()) for line in text.splitlines()]
    assert "1 Chloé 2 3 5" in lines and "2 Alice 2 2 4" in lines
    assert "3 Bruno 1 1,5 4" in lines
    flat = " ".join(text.split())
    for game in report["games"]:
        assert game["title"].split()[0] in flat  # a long title wraps in its cell
    assert "victoire : Chloé (vert), 31 pièces" in flat


@needs_poppler
def test_user_text_is_escaped(tmp_path: Path) -> None:
    stats, night, codes, profiles = build_night(tmp_path / "db.sqlite3")
    stats.rename_night(night, "<b>Soirée</b> & <font size=40>co</font>", by=ON_SERVER)
    stats.update_profile(profiles["Chloé"], name="Chloé <i>&amp;</i>", by=ON_SERVER)
    pdf = night_pdf(night_report(stats, night))
    text = " ".join(pdf_text(pdf, tmp_path).split())
    assert "<b>Soirée</b> & <font size=40>co</font>" in text
    assert "Chloé <i>&amp;</i>" in text
    # the document's title (metadata, not markup) is the title typed, not its escape
    info = subprocess.run(["pdfinfo", str(tmp_path / "soiree.pdf")], check=True,
                          capture_output=True, text=True).stdout
    assert "Title:           <b>Soirée</b> & <font size=40>co</font>\n" in info
