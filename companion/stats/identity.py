"""One person, one name (issue 36; docs/stats.md › Un joueur, un nom).

A seat is a profile when one was picked for it; a name typed without picking one used to count
as another player even when a saved profile had that very name, so « Chloé » saved and
« chloé » typed came out as two people on a night's podium. Here:

- `fold`: the one way names are compared, for profiles (a name is unique among them) and for
  typed names alike: Unicode canonical form (an « é » typed as e + accent is an « é »), spaces
  collapsed, case folded. Accents are kept, as the profiles have always kept them: « Chloe »
  and « Chloé » may sit at one table, and nothing would then tell them apart;
- `with_profiles`: a typed name that folds to a saved profile's name counts as that profile,
  except in a game where that profile already sits at another seat (that seat is the
  profile; the typed name is someone else, who stays a guest);
- `shown_names`: the name each player is shown under: the profile's, else the spelling typed
  most often (the first on a tie); two different players never share one shown name (the
  later one gets « (2) »), so a chart, which groups bars by name, cannot merge them.
"""

from __future__ import annotations

import unicodedata
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import replace
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # figures imports this module: only the type is needed here
    from companion.stats.figures import Played


def fold(name: str) -> str:
    """« chloé », « Chloé », « CHLOÉ » and « Chloé » typed with a combining accent are one
    name; « Chloe » is another."""
    return " ".join(unicodedata.normalize("NFC", name).split()).casefold()


def profile_index(profiles: Mapping[str, str]) -> dict[str, str]:
    """Folded name -> profile key, from {profile key: name} of the active profiles. A folded
    name two profiles share (the store refuses it; a name saved before `fold` knew Unicode
    forms might) belongs to neither: which one a typed name meant cannot be told."""
    index: dict[str, str] = {}
    shared: set[str] = set()
    for key, name in profiles.items():
        folded = fold(name)
        if folded in index and index[folded] != key:
            shared.add(folded)
        index[folded] = key
    return {name: key for name, key in index.items() if name not in shared}


def with_profiles(played: Played, index: Mapping[str, str]) -> Played:
    """The game with each typed name that folds to a profile's name counted as that profile
    (`index`: `profile_index`), unless the profile sits at another seat of this game."""
    taken = set(played.who.values())
    who = dict(played.who)
    for name in played.record.players:
        key = index.get(fold(name))
        if name in who or key is None or key in taken:
            continue
        who[name] = key
        taken.add(key)
    return played if who == played.who else replace(played, who=who)


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
