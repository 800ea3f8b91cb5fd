"""One person, one name (issue 36; docs/stats.md › Un joueur, un nom).

A seat is a profile when it is tied to one (companion/stats/seats.py). Issue 36 counted a name
typed without a tie as the profile of that name; issue 38 found that this let any visitor
write games into anyone's statistics by typing their name, so a seat is a profile only when
tied, with the profile's right or its owner's acceptance (registre TAB-8). Here:

- `fold`: the one way names are compared, for profiles (a name is unique among them), for
  typed names and for the requests a typed name makes to the profile of that name: Unicode
  canonical form (an « é » typed as e + accent is an « é »), spaces collapsed, case folded.
  Accents are kept, as the profiles have always kept them: « Chloe » and « Chloé » may sit at
  one table, and nothing would then tell them apart;
- `shown_names`: the name each player is shown under: the profile's, else the spelling typed
  most often (the first on a tie); two different players never share one shown name (the
  later one gets « (2) »: a guest who typed a profile's name without its tie), so a chart,
  which groups bars by name, cannot merge them.
"""

from __future__ import annotations

import unicodedata
from collections import Counter
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # figures imports this module: only the type is needed here
    from companion.stats.figures import Played


def fold(name: str) -> str:
    """« chloé », « Chloé », « CHLOÉ » and « Chloé » typed with a combining accent are one
    name; « Chloe » is another."""
    return " ".join(unicodedata.normalize("NFC", name).split()).casefold()


def shown_names(games: Iterable[Played], profiles: Mapping[str, str]) -> dict[str, str]:
    """Player key -> the name to show: the profile's current name, else the spelling typed
    most often (the first typed on a tie); no two players share one (folded) shown name."""
    typed: dict[str, Counter[str]] = {}
    for played in games:
        for name in played.record.players:
            typed.setdefault(played.key(name), Counter())[" ".join(name.split())] += 1
    # a profile keeps its own name; among guests, the first met keeps it
    order = sorted(typed, key=lambda k: k not in profiles)
    out: dict[str, str] = {}
    used: set[str] = set()
    for key in order:
        # Counter.most_common keeps first-met order among equal counts
        name = profiles.get(key) or typed[key].most_common(1)[0][0]
        shown, n = name, 1
        while fold(shown) in used:
            n += 1
            shown = f"{name} ({n})"
        used.add(fold(shown))
        out[key] = shown
    return {key: out[key] for key in typed}
