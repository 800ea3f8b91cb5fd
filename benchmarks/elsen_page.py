"""Server time of ELSEN's game master page (issue 13), beside the trivial page measured in the
same run (benchmarks/app_rerun.py): the whole page (what a written event costs: the log moved,
every part redraws) and the narrator alone (what « Suivant », « Retour », the countdown's
buttons and the entry's widgets cost: the narrator is a fragment, the rest of the page is not
run again), at the vote step of the rules' example, as its host.

Run: `.venv/bin/python benchmarks/elsen_page.py [--runs 60] [--quick]`.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))  # benchmarks/ is not a package
from _timing import QUICK_HELP  # noqa: E402
from app_rerun import ROOT, app_for, compare  # noqa: E402


def whole_page() -> None:
    import tableapp.pages.elsen as page

    page.render()


def narrator_alone() -> None:
    import streamlit as st

    # the function, not `import ….narrator as page`: the package's own `narrator` (the
    # function it re-exports) hides its submodule of that name
    from tableapp.pages.elsen.narrator import narrator
    from tableapp.process import shared

    narrator(shared.store().load(st.query_params["code"]))


def main(runs: int) -> None:
    os.environ["COMPANION_DB"] = str(Path(tempfile.mkdtemp(prefix="elsen-page-")) / "g.sqlite3")
    from companion.events.store import EventStore
    from companion.hosting.access import HOST, Access

    log = json.loads((ROOT / "docs/log-examples/elsen-exemple-de-la-regle.json")
                     .read_text(encoding="utf-8"))
    store = EventStore(os.environ["COMPANION_DB"])
    code = store.create("elsen", log["setup"])
    for seq, event in enumerate(log["events"][:7]):  # the vote step: its entry on screen
        store.append(code, event, seq)
    token, _grant = Access(os.environ["COMPANION_DB"]).issue(code, HOST)
    query = {"code": code, "host": token}
    compare({"ELSEN, page entière (un événement écrit)": app_for(whole_page, query),
             "ELSEN, narrateur seul (« Suivant », saisie)": app_for(narrator_alone, query)},
            runs)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=60)
    parser.add_argument("--quick", action="store_true", help=QUICK_HELP)
    arguments = parser.parse_args()
    main(3 if arguments.quick else arguments.runs)
