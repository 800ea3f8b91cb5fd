"""The CLI on any machine (issue 26): a console that cannot show accents (PYTHONIOENCODING=ascii,
an old Windows code page), paths with spaces and accents, files with Windows line endings.
Each runs `python -m companion` in a subprocess, as a user's shell would."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "docs" / "log-examples"


def companion(*args: str, cwd: Path, encoding: str = "ascii") -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONIOENCODING=encoding)
    return subprocess.run([sys.executable, "-m", "companion", *args], capture_output=True,
                          cwd=cwd, env=env, timeout=120, text=True, encoding="utf-8",
                          errors="strict")


def test_an_ascii_console_gets_replacement_marks_never_a_traceback(tmp_path: Path) -> None:
    games = companion("games", cwd=tmp_path)
    assert games.returncode == 0, games.stderr
    assert "No?, Complot" in games.stdout and "93 cartes" in games.stdout
    bad = companion("cards", "inconnu", cwd=tmp_path)
    assert bad.returncode == 2 and "Traceback" not in bad.stderr
    assert bad.stderr.startswith("companion : erreur : jeu inconnu")
    version = companion("--version", cwd=tmp_path)
    assert version.returncode == 0 and "OpenMoji" in version.stdout


def test_paths_with_spaces_and_accents(tmp_path: Path) -> None:
    folder = tmp_path / "Soirées du club" / "été 2026"
    folder.mkdir(parents=True)
    db = folder / "parties n°1.sqlite3"
    log = json.loads((EXAMPLES / "camelot-jetons.json").read_text(encoding="utf-8"))
    source = folder / "partie à rejouer.json"
    source.write_text(json.dumps(log, ensure_ascii=False), encoding="utf-8")
    for encoding in ("ascii", "utf-8"):
        replay = companion("replay", str(source), cwd=tmp_path, encoding=encoding)
        assert replay.returncode == 0, replay.stderr
    from companion.events.store import EventStore

    code = EventStore(db).import_log(log)
    copy = folder / "sauvegarde d'été.sqlite3"
    saved = companion("backup", "--db", str(db), "--out", str(copy), cwd=tmp_path,
                      encoding="utf-8")
    assert saved.returncode == 0, saved.stderr
    assert str(copy) in saved.stdout
    restored = companion("restore", str(copy), "--db", str(db), cwd=tmp_path)
    assert restored.returncode == 0, restored.stderr
    assert "base restaur?e" in restored.stdout  # ascii console: « é » shown as « ? »
    assert EventStore(db).export(code) == EventStore(copy).export(code)
    template = folder / "mon jeu à moi.csv"
    made = companion("print", "deck", "--template", str(template), cwd=tmp_path)
    assert made.returncode == 0, made.stderr
    checked = companion("print", "deck", str(template), "--check", cwd=tmp_path)
    assert checked.returncode == 0, checked.stderr


def test_windows_line_endings(tmp_path: Path) -> None:
    log = (EXAMPLES / "camelot-jetons.json").read_text(encoding="utf-8")
    crlf = tmp_path / "partie.json"
    crlf.write_bytes(log.replace("\n", "\r\n").encode("utf-8"))
    lf = tmp_path / "partie-lf.json"
    lf.write_bytes(log.encode("utf-8"))
    one = companion("replay", str(crlf), cwd=tmp_path, encoding="utf-8")
    other = companion("replay", str(lf), cwd=tmp_path, encoding="utf-8")
    assert one.returncode == 0, one.stderr
    assert one.stdout == other.stdout
    template = tmp_path / "modele.csv"
    assert companion("print", "deck", "--template", str(template), cwd=tmp_path).returncode == 0
    windows = tmp_path / "modele windows.csv"
    windows.write_bytes(template.read_bytes().replace(b"\r\n", b"\n").replace(b"\n", b"\r\n"))
    checked = companion("print", "deck", str(windows), "--check", cwd=tmp_path,
                        encoding="utf-8")
    plain = companion("print", "deck", str(template), "--check", cwd=tmp_path,
                      encoding="utf-8")
    assert checked.returncode == 0, checked.stderr
    assert checked.stdout.replace("modele windows", "modele") == plain.stdout
