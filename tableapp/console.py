"""The `companion` command (console script, `python -m companion`): the domain's commands
(companion.cli.base) with the print kit's (`companion print`, print_kit.cli) and the app's
(`companion app`, tableapp.process.launch). It sits on the top floor because it is the one
module that may import all three; each floor's module registers its own subcommands, and the
domain never names a floor above it (docs/architecture.md › La commande).

Importing this module imports neither streamlit nor the print kit: each extension is loaded
only when its word is typed, or when the whole command line is built (`--help`)."""

from __future__ import annotations

import argparse
import gc
from collections.abc import Callable, Sequence
from typing import Any, NoReturn

from companion.cli import base as cli


def _print_kit() -> Any:
    from print_kit import cli as print_cli

    return print_cli


def _app() -> Any:
    from tableapp.process import launch  # imports streamlit only when `companion app` runs

    return launch


EXTENSIONS: dict[str, Callable[[], Any]] = {"print": _print_kit, "app": _app}


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    return cli.build_parser(command, EXTENSIONS)


def main(argv: Sequence[str] | None = None) -> int:
    return cli.main(argv, EXTENSIONS)


def run() -> NoReturn:
    """`main`, then exit. At exit CPython collects every generation once more, ~45 ms after a
    print run (the kit's caches, ReportLab's and pydantic's objects); the process is ending and
    what it wrote is closed and synced, so its objects are moved out of the collector's sight
    first."""
    code = main()
    gc.freeze()
    raise SystemExit(code)


if __name__ == "__main__":
    run()
