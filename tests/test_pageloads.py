"""The count of the browser tests' cost (tests/pageloads.py, `pytest --page-loads=FILE`): each
worker's counts are added up by file, most loads first, with the total."""

from __future__ import annotations

from pathlib import Path

from pageloads import PageLoads, table


class _Context:
    """A browser context as PageLoads sees it: its « page » listener, and each page's
    « load » listener, called as Chromium would."""

    def __init__(self) -> None:
        self.on_page: list = []

    def on(self, event: str, listener) -> None:  # noqa: ANN001
        assert event == "page"
        self.on_page.append(listener)

    def open_and_load(self, loads: int) -> None:
        page = _Page()
        for listener in self.on_page:
            listener(page)
        for _ in range(loads):
            for listener in page.on_load:
                listener(page)


class _Page:
    def __init__(self) -> None:
        self.on_load: list = []

    def on(self, event: str, listener) -> None:  # noqa: ANN001
        assert event == "load"
        self.on_load.append(listener)


def test_two_workers_counts_are_added_up_by_file(tmp_path: Path) -> None:
    saved = tmp_path / "comptes.jsonl"
    first, second = PageLoads(), PageLoads()
    first.file = "tests/test_a.py"
    context = _Context()
    first.watch(context)
    context.open_and_load(3)
    first.file = "tests/test_b.py"
    first.watch(_Context())  # a context that loaded nothing
    second.file = "tests/test_a.py"
    other = _Context()
    second.watch(other)
    other.open_and_load(2)
    other.open_and_load(1)
    first.save(saved)
    second.save(saved)
    assert table(saved) == [
        " chargements  contextes  fichier",
        "           6          2  tests/test_a.py",
        "           0          1  tests/test_b.py",
        "           6          3  en tout"]


def test_no_counts_is_a_zero_total(tmp_path: Path) -> None:
    assert table(tmp_path / "absent.jsonl")[-1].split() == ["0", "0", "en", "tout"]
