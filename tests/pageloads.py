"""What the browser tests cost, counted (issue 37: a faster proof): `pytest --page-loads=FILE`
counts, per test file, the browser contexts opened and the documents loaded in them (a
`goto`, a reload, a link that leaves the page), and prints the table at the end of the run.

A document load of the app costs Chromium about 2 s of processor time whatever the test does
with it (benchmarks/phone_pages.py, « navigateur »): the count says where the suite's minutes
go. Each pytest-xdist worker appends its counts to FILE (JSON lines); the controller, which
starts no browser, reads them all once the workers are done. Written with « = »: a FILE given
as a word of its own is taken by pytest for a path to test, before this option is known."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any


class PageLoads:
    """The counts of one pytest process, by test file."""

    def __init__(self) -> None:
        self.file = "?"
        self.contexts: Counter[str] = Counter()
        self.loads: Counter[str] = Counter()

    def watch(self, context: Any) -> None:
        """Count `context` and every document its pages load, for the test file running now."""
        self.contexts[self.file] += 1

        def count(_page: Any) -> None:
            self.loads[self.file] += 1

        context.on("page", lambda page: page.on("load", count))

    def save(self, to: Path) -> None:
        with to.open("a", encoding="utf-8") as out:
            for name in sorted(set(self.contexts) | set(self.loads)):
                out.write(json.dumps({"file": name, "contexts": self.contexts[name],
                                      "loads": self.loads[name]}) + "\n")


def table(path: Path) -> list[str]:
    """The lines to print: each file's contexts and loads, most loads first, then the total."""
    contexts: Counter[str] = Counter()
    loads: Counter[str] = Counter()
    if path.exists():
        for line in path.read_text(encoding="utf-8").splitlines():
            row = json.loads(line)
            contexts[row["file"]] += row["contexts"]
            loads[row["file"]] += row["loads"]
    lines = [f"{'chargements':>12} {'contextes':>10}  fichier"]
    for name, count in loads.most_common():
        lines.append(f"{count:12d} {contexts[name]:10d}  {name}")
    lines.append(f"{sum(loads.values()):12d} {sum(contexts.values()):10d}  en tout")
    return lines
