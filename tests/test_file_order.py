"""The order tests/conftest.py hands whole test files to pytest-xdist's workers in: every file
once (a file left out was an INTERNALERROR when two plain files were asked for alone), the long
ones first, the browser ones in their order with the others' first half between them, the
others' second half last."""

from __future__ import annotations

from conftest import file_order
from hypothesis import given
from hypothesis import strategies as st

ranks = st.dictionaries(st.text("abcdefgh", min_size=1, max_size=4), st.integers(0, 2),
                        max_size=40)


@given(ranks)
def test_every_file_once_the_long_ones_first(rank: dict[str, int]) -> None:
    order = file_order(rank)
    assert sorted(order) == sorted(rank)
    longs = [name for name in rank if rank[name] == 0]
    assert order[:len(longs)] == longs
    for rank_of in (1, 2):  # each rank keeps the order it was collected in
        assert [n for n in order if rank[n] == rank_of] == [n for n in rank if rank[n] == rank_of]


@given(ranks)
def test_half_of_the_others_go_last_after_every_browser_file(rank: dict[str, int]) -> None:
    order = file_order(rank)
    others = [name for name in rank if rank[name] == 2]
    browser = [name for name in rank if rank[name] == 1]
    tail = others[len(others) // 2:] if browser else others
    assert order[len(order) - len(tail):] == tail
    if browser:
        assert order.index(browser[-1]) < len(order) - len(tail)


def test_two_plain_files_alone() -> None:
    assert file_order({"tests/test_deck.py": 2, "tests/test_access.py": 2}) == [
        "tests/test_deck.py", "tests/test_access.py"]
    assert file_order({"b.py": 1, "x.py": 2, "y.py": 2, "z.py": 2, "l.py": 0}) == [
        "l.py", "b.py", "x.py", "y.py", "z.py"]
