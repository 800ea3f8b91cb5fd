"""Benchmark of the print kit: the full kit of the five games (A4, duplex, defaults), built in
this process, beside a bare ReportLab loop drawing the same number of card faces in the same
run. Targets (issue 3): < 2 s wall, < 3 MB in total, within 4× of the bare loop.

Run: .venv/bin/python benchmarks/print_kit.py"""

from __future__ import annotations

import io
import sys
import time
from pathlib import Path

# This script is named like the package it measures: keep its own folder off the import path.
_HERE = Path(__file__).resolve().parent
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != _HERE]
sys.path.insert(0, str(_HERE.parent))

from reportlab.lib.pagesizes import A4  # noqa: E402
from reportlab.pdfgen.canvas import Canvas  # noqa: E402

from companion.loader import load_all  # noqa: E402
from print_kit.build import build_kit, plans, print_files  # noqa: E402
from print_kit.calibration import calibration_pages  # noqa: E402
from print_kit.fonts import register  # noqa: E402
from print_kit.geometry import MM  # noqa: E402
from print_kit.options import make_options  # noqa: E402


def count_faces(options: object) -> tuple[int, int]:
    """(card faces placed, pages) of the whole kit, from the layout engine's page plans."""
    faces = pages = 0
    files = [pf for game in options.games for pf in print_files(game, options)]  # type: ignore[attr-defined]
    files.append(calibration_pages(options))  # type: ignore[arg-type]
    for pf in files:
        for plan in plans(pf, options):  # type: ignore[arg-type]
            faces += len(plan.placements)
            pages += 1
    return faces, pages


def bare_loop(faces: int) -> tuple[float, int]:
    """A plain ReportLab loop: each face a filled rectangle, a frame and three lines of text,
    9 per A4 page, base-14 font, no forms. Returns (seconds, bytes)."""
    start = time.perf_counter()
    buf = io.BytesIO()
    c = Canvas(buf, pagesize=A4, invariant=1)
    w, h = 63 * MM, 88 * MM
    for i in range(faces):
        slot = i % 9
        x = (12 + (slot % 3) * 66) * MM
        y = (20 + (slot // 3) * 91) * MM
        c.setFillColorRGB(0.2, 0.3, 0.6)
        c.rect(x - 3 * MM, y - 3 * MM, w + 6 * MM, h + 6 * MM, stroke=0, fill=1)
        c.setFillColorRGB(1, 1, 1)
        c.roundRect(x + 2 * MM, y + 2 * MM, w - 4 * MM, h - 4 * MM, 6, stroke=0, fill=1)
        c.setFillColorRGB(0, 0, 0)
        c.setFont("Helvetica-Bold", 14)
        c.drawCentredString(x + w / 2, y + h - 25, f"Carte {i}")
        c.setFont("Helvetica", 8)
        c.drawCentredString(x + w / 2, y + 60, "Un effet de carte sur une ligne,")
        c.drawCentredString(x + w / 2, y + 50, "puis une deuxieme ligne de texte.")
        if slot == 8 or i == faces - 1:
            c.showPage()
    c.save()
    return time.perf_counter() - start, len(buf.getvalue())


def main() -> None:
    t0 = time.perf_counter()
    load_all()
    register()
    setup = time.perf_counter() - t0
    options = make_options("all")
    runs = []
    kit = None
    for _ in range(3):
        start = time.perf_counter()
        kit = build_kit(options)
        runs.append(time.perf_counter() - start)
    assert kit is not None
    total = sum(len(f.data) for f in kit.files)
    faces, pages = count_faces(options)
    bare = [bare_loop(faces) for _ in range(3)]
    bare_time = min(t for t, _ in bare)
    print(f"kit complet : {len(kit.files)} fichiers, {pages} pages, {faces} faces de cartes "
          f"et jetons")
    print(f"chargement données + polices : {setup:.3f} s")
    print("construction (1re, 2e, 3e)    : " + ", ".join(f"{r:.3f} s" for r in runs)
          + "   (objectif < 2 s)")
    print(f"taille totale                 : {total / 1e6:.2f} Mo   (objectif < 3 Mo)")
    print(f"boucle ReportLab nue          : {bare_time:.3f} s, {bare[0][1] / 1e6:.2f} Mo "
          f"pour {faces} faces")
    print(f"rapport kit / boucle nue      : {min(runs) / bare_time:.2f} ×   (objectif < 4 ×)")


if __name__ == "__main__":
    main()
