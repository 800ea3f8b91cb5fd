"""The pictures' drawing cache (print_kit.art): a run that reads the SVGs and a run that replays
them from the cache give the same bytes; a broken cache file only costs time."""

from __future__ import annotations

from pathlib import Path

import pytest

from print_kit import art
from print_kit.build import build_kit
from print_kit.options import make_options


def _fresh(monkeypatch: pytest.MonkeyPatch, folder: Path) -> None:
    monkeypatch.setenv("COMPANION_CACHE_DIR", str(folder))
    monkeypatch.setattr(art, "_disk", None)
    monkeypatch.setattr(art, "_disk_dirty", False)
    monkeypatch.setattr(art, "_OPERATORS", {})


def test_cold_and_warm_runs_give_the_same_bytes(tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    options = make_options("elsen", players=5)
    _fresh(monkeypatch, tmp_path)
    cold = build_kit(options)
    assert art.cache_path().is_file()
    _fresh(monkeypatch, tmp_path)
    warm = build_kit(options)
    assert [f.sha256 for f in cold.files] == [f.sha256 for f in warm.files]
    assert cold.manifest_bytes() == warm.manifest_bytes()


def test_a_broken_cache_is_ignored(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _fresh(monkeypatch, tmp_path)
    art.cache_path().parent.mkdir(parents=True, exist_ok=True)
    art.cache_path().write_text("{pas du json")
    kit = build_kit(make_options("camelot", only=["vert-1"]))
    assert kit.files[0].components == {"vert-1": 1}
