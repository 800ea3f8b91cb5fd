"""The parse cache of the data files (companion/core/parsecache.py): what comes back is what the
YAML parser gives for that very text, a changed text is parsed again, a damaged or foreign
entry is ignored, and only the games' own data files are kept."""

from __future__ import annotations

import marshal
from pathlib import Path

import pytest

from companion.core import loader, parsecache
from companion.core.datafiles import data_file
from companion.core.errors import DataError


@pytest.fixture()
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("COMPANION_CACHE_DIR", str(tmp_path))
    return tmp_path


def test_a_data_file_loaded_twice_gives_the_same_model_from_the_cache(cache: Path) -> None:
    path = data_file("noe.yaml")
    first = loader.load_path("noe", path, cached=True)
    entries = list(cache.iterdir())
    assert [p.name for p in entries] == ["data-noe.v1.marshal"]
    stamp, value = marshal.loads(entries[0].read_bytes())
    assert value == loader._read_yaml(path.read_text(encoding="utf-8"), "x")  # noqa: SLF001
    again = loader.load_path("noe", path, cached=True)
    assert again == first and again is not first


def test_a_changed_text_is_parsed_again(cache: Path, tmp_path: Path) -> None:
    text = data_file("camelot.yaml").read_text(encoding="utf-8")
    source = tmp_path / "camelot.yaml"
    source.write_text(text, encoding="utf-8")
    loader.load_path("camelot", source, cached=True)
    source.write_text(text + "\nunknown_field: 1\n", encoding="utf-8")
    with pytest.raises(DataError, match="unknown_field"):
        loader.load_path("camelot", source, cached=True)


def test_a_damaged_or_foreign_entry_is_ignored(cache: Path) -> None:
    text = "a: 1\n"
    entry = cache / "data-essai.v1.marshal"
    entry.write_bytes(b"not marshal")
    assert parsecache.get("essai", text, "p") is None
    stamp = parsecache._stamp(text, "p")  # noqa: SLF001
    entry.write_bytes(marshal.dumps((stamp, {"a": (lambda: 1).__code__})))
    assert parsecache.get("essai", text, "p") is None  # not a plain value: never returned
    entry.write_bytes(marshal.dumps((stamp, {"a": 2})))
    assert parsecache.get("essai", text, "other parser") is None
    assert parsecache.get("essai", text + " ", "p") is None
    assert parsecache.get("essai", text, "p") == {"a": 2}


def test_only_plain_values_are_kept(cache: Path) -> None:
    parsecache.put("dates", "d: 2024-01-01", "p", {"d": __import__("datetime").date(2024, 1, 1)})
    assert not (cache / "data-dates.v1.marshal").exists()
    parsecache.put("plain", "x", "p", {"a": [1, 2.5, True, None, "é"], 3: {"b": False}})
    assert parsecache.get("plain", "x", "p") == {"a": [1, 2.5, True, None, "é"], 3: {"b": False}}


def test_texts_given_to_the_parser_are_never_cached(cache: Path) -> None:
    """Uploaded or fuzzed texts go through parse_game without a cache entry."""
    text = data_file("elsen.yaml").read_text(encoding="utf-8")
    loader.parse_game("elsen", text, "data/elsen.yaml")
    assert list(cache.iterdir()) == []


def test_an_unwritable_cache_only_costs_time(tmp_path: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    monkeypatch.setenv("COMPANION_CACHE_DIR", str(blocker / "sub"))
    model = loader.load_path("labystere", data_file("labystere.yaml"), cached=True)
    assert model.game == "labystere"
