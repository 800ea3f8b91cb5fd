"""The pictures' drawing cache (print_kit.draw.artdraw): a run that reads the SVGs and a run that
replays them from the cache give the same bytes; a broken cache file only costs time."""

from __future__ import annotations

from pathlib import Path

import pytest

from print_kit.build import build_kit
from print_kit.draw import art, artdraw
from print_kit.options import make_options


def _fresh(monkeypatch: pytest.MonkeyPatch, folder: Path) -> None:
    monkeypatch.setenv("COMPANION_CACHE_DIR", str(folder))
    monkeypatch.setattr(artdraw, "_disk", None)
    monkeypatch.setattr(artdraw, "_disk_dirty", False)
    monkeypatch.setattr(artdraw, "_OPERATORS", {})


def test_cold_and_warm_runs_give_the_same_bytes(tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    options = make_options("elsen", players=5)
    _fresh(monkeypatch, tmp_path)
    cold = build_kit(options)
    assert artdraw.cache_path().is_file()
    _fresh(monkeypatch, tmp_path)
    warm = build_kit(options)
    assert [f.sha256 for f in cold.files] == [f.sha256 for f in warm.files]
    assert cold.manifest_bytes() == warm.manifest_bytes()


def test_a_broken_cache_is_ignored(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _fresh(monkeypatch, tmp_path)
    artdraw.cache_path().parent.mkdir(parents=True, exist_ok=True)
    artdraw.cache_path().write_text("{pas du json")
    kit = build_kit(make_options("camelot", only=["vert-1"]))
    assert kit.files[0].components == {"vert-1": 1}


def _draw(ref: str) -> None:
    import io

    from reportlab.pdfgen.canvas import Canvas

    artdraw.draw_art(Canvas(io.BytesIO()), ref, False, 100.0)


SVG = ('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">'
       '<rect width="10" height="{w}" fill="#c00"/></svg>')


def test_a_changed_picture_replaces_its_entry(tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """One entry per picture: a redrawn or reinstalled file does not add one more (the cache
    grew with every install before)."""
    _fresh(monkeypatch, tmp_path / "cache")
    monkeypatch.setattr(artdraw, "_used", set())
    picture = tmp_path / "carte.svg"
    picture.write_text(SVG.format(w=4))
    ref = f"file:{picture}"
    _draw(ref)
    artdraw.save_cache()
    first = artdraw._disk_cache()[artdraw._slot(ref, False, 100.0)]  # noqa: SLF001
    picture.write_text(SVG.format(w=7))
    art.load.cache_clear()
    monkeypatch.setattr(artdraw, "_OPERATORS", {})
    assert not artdraw.cached(ref, False)
    _draw(ref)
    artdraw.save_cache()
    monkeypatch.setattr(artdraw, "_disk", None)
    disk = artdraw._disk_cache()  # noqa: SLF001
    assert list(disk) == [artdraw._slot(ref, False, 100.0)]  # noqa: SLF001
    assert disk[artdraw._slot(ref, False, 100.0)] != first  # noqa: SLF001
    assert artdraw.cached(ref, False)


def test_a_full_cache_keeps_this_runs_pictures_and_old_versions_go(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _fresh(monkeypatch, tmp_path)
    monkeypatch.setattr(artdraw, "_used", set())
    monkeypatch.setattr(artdraw, "MAX_CACHED", 3)
    old = tmp_path / "art-operators-v1.json"
    old.write_text("{}")
    stale = {f"openmoji:X{i}|0|100": ["0|0|old", ["0 0 m"]] for i in range(5)}
    artdraw.cache_path().write_text(__import__("json").dumps(stale))
    _draw("openmoji:1F981")
    artdraw.save_cache()
    monkeypatch.setattr(artdraw, "_disk", None)
    assert list(artdraw._disk_cache()) == ["openmoji:1F981|0|100"]  # noqa: SLF001
    assert not old.exists()
