"""`companion print`: files and manifest on disk, progress on stderr, exit 2 with one line for
every bad choice, atomic writes, and no streamlit/pandas import."""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from print_kit import build as build_module
from print_kit.layout.geometry import CARD_SIZES
from tableapp.console import main

ROOT = Path(__file__).resolve().parent.parent


def test_print_one_game_writes_pdfs_and_manifest(tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "kit"
    assert main(["print", "camelot", "--out", str(out), "--url", "http://salon:9000"]) == 0
    err = capsys.readouterr().err
    assert "[1/5] camelot-cartes.pdf" in err and "manifest.json" in err
    manifest = json.loads((out / "manifest.json").read_text(encoding="utf-8"))
    names = [f["file"] for f in manifest["files"]]
    assert names == ["camelot-cartes.pdf", "camelot-jetons.pdf", "camelot-fiche-memoire.pdf",
                     "calibrage-recto-verso.pdf", "credits.pdf"]
    for entry in manifest["files"]:
        data = (out / entry["file"]).read_bytes()
        assert hashlib.sha256(data).hexdigest() == entry["sha256"]
        assert data.startswith(b"%PDF")
    assert manifest["files"][0]["cards"] == 110 and manifest["files"][1]["cards"] == 25
    assert manifest["options"]["url"] == "http://salon:9000"
    assert sorted(p.name for p in out.iterdir()) == sorted(names + ["manifest.json"])


@pytest.mark.parametrize(("args", "message"), [
    (["print", "echecs"], "choix possibles : all, noe, emblemes, labystere, camelot, elsen"),
    (["print", "noe", "--paper", "a5"], "choix possibles : a4, letter"),
    (["print", "noe", "--card-size", "jumbo"], "choix possibles : poker, poker-us, bridge"),
    (["print", "noe", "--layout", "booklet"], "choix possibles : duplex, gutterfold, fronts"),
    (["print", "noe", "--flip", "diagonal"], "choix possibles : long, short"),
    (["print", "noe", "--level", "4"], "niveaux valides : 1, 2, 3"),
    (["print", "elsen", "--players", "3"], "ELSEN se joue de 5 à 15 joueurs"),
    (["print", "camelot", "--players", "3"], "ne concerne que ELSEN"),
    (["print", "noe", "--bleed", "12"], "entre 0 et 6 mm"),
    (["print", "noe", "--calibration", "abc"], "DX,DY,ECHELLE"),
    (["print", "noe", "--url", "localhost"], "http://"),
])
def test_bad_choices_exit_2_with_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                          args: list[str], message: str) -> None:
    out = tmp_path / "kit"
    assert main(args + ["--out", str(out)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and message in err
    assert not out.exists()


def test_a_card_size_that_does_not_fit_names_those_that_do(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(CARD_SIZES, "affiche", (300.0, 400.0))
    assert main(["print", "noe", "--card-size", "affiche", "--out", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert "ne tiennent pas" in err and "poker, poker-us, bridge, euro, tarot, mini" in err


def test_unwritable_folder_is_a_clear_error(tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    blocker = tmp_path / "fichier"
    blocker.write_text("pas un dossier")
    assert main(["print", "camelot", "--out", str(blocker / "kit")]) == 2
    assert "impossible d'écrire dans le dossier" in capsys.readouterr().err


def test_a_failed_write_leaves_no_half_written_pdf(tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    real_replace = os.replace
    calls = {"n": 0}

    def failing_replace(src: str, dst: str) -> None:
        calls["n"] += 1
        if calls["n"] == 2:
            raise OSError(28, "No space left on device")
        real_replace(src, dst)

    monkeypatch.setattr(build_module.os, "replace", failing_replace)
    assert main(["print", "camelot", "--out", str(tmp_path)]) == 2
    assert "écriture impossible" in capsys.readouterr().err
    left = sorted(p.name for p in tmp_path.iterdir())
    assert left == ["camelot-cartes.pdf"]  # the complete first file; no temp file, no partial


def test_print_imports_neither_streamlit_nor_pandas(tmp_path: Path) -> None:
    code = ("import sys; from tableapp.console import main; "
            f"rc = main(['print', 'labystere', '--out', {str(tmp_path)!r}]); "
            "print(rc, 'streamlit' in sys.modules, 'pandas' in sys.modules)")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                          text=True, check=True)
    assert done.stdout.split() == ["0", "False", "False"]


def test_same_command_twice_same_bytes(tmp_path: Path) -> None:
    for run in ("a", "b"):
        assert main(["print", "emblemes", "--out", str(tmp_path / run), "--low-ink",
                     "--layout", "gutterfold", "--paper", "letter"]) == 0
    for f in (tmp_path / "a").iterdir():
        assert f.read_bytes() == (tmp_path / "b" / f.name).read_bytes()


def test_written_files_get_ordinary_permissions(tmp_path: Path) -> None:
    """The atomic write used mkstemp, whose files are private (0600): a kit written for a
    shared printer folder or a web server could not be read by anyone else."""
    old = os.umask(0o022)
    try:
        assert main(["print", "camelot", "--out", str(tmp_path), "--layout", "fronts"]) == 0
    finally:
        os.umask(old)
    modes = {p.name: p.stat().st_mode & 0o777 for p in tmp_path.iterdir()}
    assert modes and set(modes.values()) == {0o644}, modes
