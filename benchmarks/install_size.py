"""What an installation weighs (README › Installing): the disk space (blocks, as `du` counts
them) of the Compagnon de table's dependencies, without extras (the CLI and the print kit)
and with [app] (Streamlit and its own), read from the files each installed distribution
records (RECORD) in this venv, beside the baseline of the whole venv measured the same way in
the same run.

The set of distributions is the closure of the requirements pyproject.toml declares (markers
evaluated for this machine), so the figure is that of `pip install '.'` and `pip install
'.[app]'` with today's lock; the project's own files are counted once, from this checkout.

Run: .venv/bin/python benchmarks/install_size.py [--quick]   (--quick measures the same)"""

from __future__ import annotations

import argparse
import re
from importlib import metadata
from pathlib import Path

from packaging.requirements import Requirement

ROOT = Path(__file__).resolve().parent.parent
PROJECT = "compagnon-de-table"


def canonical(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def installed() -> dict[str, metadata.Distribution]:
    return {canonical(d.metadata["Name"]): d for d in metadata.distributions()}


def wanted(requirement: Requirement, extras: set[str]) -> bool:
    """Whether the requirement applies on this machine with these extras asked for."""
    if requirement.marker is None:
        return True
    return any(requirement.marker.evaluate({"extra": extra}) for extra in extras | {""})


def closure(requirements: list[str], extras: set[str],
            dists: dict[str, metadata.Distribution]) -> set[str]:
    """Every installed distribution these requirements pull in, through their own."""
    seen: set[str] = set()
    todo = [(Requirement(r), extras) for r in requirements]
    while todo:
        requirement, asked = todo.pop()
        name = canonical(requirement.name)
        if not wanted(requirement, asked) or name in seen or name not in dists:
            continue
        seen.add(name)
        todo += [(Requirement(sub), set(requirement.extras)) for sub in dists[name].requires or []]
    return seen


def on_disk(path: Path) -> int:
    """The bytes a file takes on the disk (its blocks, as `du` counts them): OpenMoji's 4,000
    small SVGs take twice their length."""
    return path.stat().st_blocks * 512


def size(dist: metadata.Distribution) -> int:
    return sum(on_disk(path) for file in dist.files or []
               if (path := Path(dist.locate_file(file))).is_file())


def project_size() -> int:
    """The project's own files as a wheel installs them (its packages and data)."""
    return sum(on_disk(p) for folder in ("companion", "print_kit", "tableapp", "data")
               for p in (ROOT / folder).rglob("*") if p.is_file() and "__pycache__" not in p.parts)


def main() -> None:
    dists = installed()
    requires = list(dists[canonical(PROJECT)].requires or [])
    base = closure(requires, set(), dists)
    app = closure(requires, {"app"}, dists)
    sizes = {name: size(dists[name]) for name in app | base}
    own = project_size()
    everything = sum(size(d) for d in dists.values())
    mib = 1024 * 1024
    print(f"référence : tout ce venv ({len(dists)} distributions)   {everything / mib:6.0f} Mo")
    for label, names in (("sans extra (CLI, kit d'impression)", base),
                         ("avec [app] (l'assistant de table) ", app)):
        total = sum(sizes[n] for n in names) + own
        biggest = sorted(names, key=sizes.__getitem__, reverse=True)[:3]
        print(f"{label} : {len(names)} distributions + le projet {total / mib:6.0f} Mo  (dont "
              + ", ".join(f"{n} {sizes[n] / mib:.0f} Mo" for n in biggest) + ")")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true",
                        help="la même mesure : elle ne dure qu'une seconde")
    parser.parse_args()
    main()
