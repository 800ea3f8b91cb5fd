"""Benchmark of the print kit, whole process: `companion print all` (A4, duplex, defaults, the
five games with their illustrations) in a fresh Python process, beside a bare ReportLab loop in a
fresh process drawing the same number of cards (a frame, a title and a line of text per front,
one shared back form), both measured in this run. Target (issue 14): within 5 × the bare loop.
Also: bytes, the share of embedded font subsets, forms, and whether ReportLab's C accelerator
(rl_accel) is in use.

Both sides run as an installed program runs: the project's modules compiled to bytecode first
(pip does it at install; a checkout with PYTHONDONTWRITEBYTECODE=1 would otherwise compile them
in every run, which the bare loop, importing only installed packages, never does). The kit's
caches (pictures' drawing, parsed data files) are warm after the first run: the median of the
runs is the warm figure, and one run with an empty cache folder is shown beside it.

Run: .venv/bin/python benchmarks/print_pdfs.py [--quick]"""

from __future__ import annotations

import compileall
import json
import os
import re
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))  # its sibling, whichever folder it is run from
from _timing import quick  # noqa: E402

RUNS = 1 if quick() else 3  # --quick: the kit once, cold and warm (CI)

BARE = r'''
import io, sys
from reportlab.lib.pagesizes import A4
from reportlab.pdfgen.canvas import Canvas
MM = 72 / 25.4
cards = int(sys.argv[1])
buf = io.BytesIO()
c = Canvas(buf, pagesize=A4, invariant=1)
w, h = 63 * MM, 88 * MM
c.beginForm("back", -3 * MM, -3 * MM, w + 3 * MM, h + 3 * MM)
c.setFillColorRGB(0.1, 0.16, 0.36)
c.rect(-3 * MM, -3 * MM, w + 6 * MM, h + 6 * MM, stroke=0, fill=1)
c.setFillColorRGB(1, 1, 1)
c.setFont("Helvetica-Bold", 12)
c.drawCentredString(w / 2, h / 2, "Dos")
c.endForm()
slots = [((10.5 + col * 63) * MM, (20 + row * 88) * MM) for row in range(3) for col in range(3)]
for start in range(0, cards, 9):
    chunk = range(start, min(start + 9, cards))
    for i, (x, y) in zip(chunk, slots):
        c.setStrokeColorRGB(0.2, 0.3, 0.6)
        c.roundRect(x + 3 * MM, y + 3 * MM, w - 6 * MM, h - 6 * MM, 6, stroke=1, fill=0)
        c.setFillColorRGB(0, 0, 0)
        c.setFont("Helvetica-Bold", 14)
        c.drawCentredString(x + w / 2, y + h - 25, f"Carte {i}")
        c.setFont("Helvetica", 8)
        c.drawCentredString(x + w / 2, y + 60, "Un effet de carte sur une ligne.")
    c.showPage()
    for _, (x, y) in zip(chunk, slots):
        c.saveState()
        c.translate(x, y)
        c.doForm("back")
        c.restoreState()
    c.showPage()
c.save()
open(sys.argv[2], "wb").write(buf.getvalue())
'''


def _wall(args: list[str], env: dict[str, str] | None = None) -> tuple[float, float]:
    """(wall, CPU) seconds of a whole child process. CPU time (user + system) is the fair
    figure on a shared machine, where the wall clock also counts the other processes' turns."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(args, check=True, capture_output=True, cwd=ROOT,
                   env={**os.environ, **(env or {})})
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def _font_bytes(pdf: bytes) -> int:
    """Bytes of the embedded font programs (FontFile2 streams, as stored)."""
    total = 0
    for match in re.finditer(rb"/Length (\d+)[^>]*?/Length1 \d+", pdf):
        total += int(match.group(1))
    return total


def _cards(manifest: dict) -> int:
    return sum(f["cards"] for f in manifest["files"])


def main() -> None:
    from reportlab.lib import rl_accel

    python = sys.executable
    for package in ("companion", "print_kit"):
        compileall.compile_dir(ROOT / package, quiet=1)
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "kit"
        command = [python, "-m", "companion", "print", "all", "--out", str(out)]
        cold = _wall(command, {"COMPANION_CACHE_DIR": str(Path(tmp) / "cache")})
        _wall(command)  # warms the user's cache
        kit_runs = [_wall(command) for _ in range(RUNS)]
        manifest = json.loads((out / "manifest.json").read_text(encoding="utf-8"))
        pdfs = [(out / f["file"]).read_bytes() for f in manifest["files"]]
        cards = _cards(manifest)
        script = Path(tmp) / "bare.py"
        script.write_text(BARE)
        bare_pdf = Path(tmp) / "bare.pdf"
        bare_runs = [_wall([python, str(script), str(cards), str(bare_pdf)])
                     for _ in range(RUNS)]
        bare_bytes = bare_pdf.stat().st_size
    total = sum(len(p) for p in pdfs)
    fonts = sum(_font_bytes(p) for p in pdfs)
    forms = sum(p.count(b"/Subtype /Form") for p in pdfs)
    pages = sum(f["pages"] for f in manifest["files"])
    kit_time = statistics.median(r[1] for r in kit_runs)
    bare_time = statistics.median(r[1] for r in bare_runs)
    accel = sorted(rl_accel._c_funcs)  # noqa: SLF001 - which functions run in C
    print(f"kit complet : {len(pdfs)} fichiers, {pages} pages, {cards} cartes et jetons "
          f"(illustrés)")
    print("processus entier, kit       : " + ", ".join(f"{w:.2f} s" for w, _ in kit_runs)
          + " (horloge) ; " + ", ".join(f"{c:.2f} s" for _, c in kit_runs) + " (CPU)")
    print("processus entier, boucle nue: " + ", ".join(f"{w:.2f} s" for w, _ in bare_runs)
          + " (horloge) ; " + ", ".join(f"{c:.2f} s" for _, c in bare_runs) + " (CPU)"
          + f" ; {bare_bytes / 1e6:.2f} Mo")
    wall_ratio = statistics.median(w for w, _ in kit_runs) / statistics.median(
        w for w, _ in bare_runs)
    print(f"rapport kit / boucle nue    : {kit_time / bare_time:.2f} × en CPU, "
          f"{wall_ratio:.2f} × à l'horloge   (objectif ≤ 5 ×)")
    print(f"kit, caches vides (1 run)   : {cold[1]:.2f} s CPU, {cold[1] / bare_time:.2f} × "
          "(images relues en SVG, données YAML relues)")
    print(f"taille totale               : {total / 1e6:.2f} Mo, dont sous-ensembles de polices "
          f"{fonts / 1e6:.2f} Mo ({100 * fonts / total:.0f} %)")
    print(f"formes (XObjects)           : {forms} (dos, faces, symboles, images, règles, QR)")
    print(f"accélérateur C (rl_accel)   : {'oui' if accel else 'non'} ({len(accel)} fonctions)")


if __name__ == "__main__":
    main()
