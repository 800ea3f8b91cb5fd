"""Inline icons in an author's card text: « Gagnez 2 :piece: » draws OpenMoji's coin where
`:piece:` is written, at the text's size, in the line's flow (docs/print-kit.md › « Icônes »).

A known icon becomes one character of Unicode's private use area before the text is measured
and wrapped (so « : » typography, wrapping and widths treat it as one glyph ICON_EM wide);
`runs` splits a line back into text and icons for drawing. Names are written without accents
or with them (`:epee:` and `:épée:` are the same icon)."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator

# name -> OpenMoji code: a small, stable list (the deck template and the docs list it)
ICONS: dict[str, str] = {
    "piece": "1FA99",  # pièce (coin)
    "epee": "1F5E1",  # épée (dagger)
    "bouclier": "1F6E1",  # bouclier (shield)
    "coeur": "2764",  # cœur (red heart)
    "etoile": "2B50",  # étoile (star)
    "couronne": "1F451",  # couronne (crown)
    "fleche": "27A1",  # flèche (right arrow)
    "de": "1F3B2",  # dé (game die)
    "gemme": "1F48E",  # gemme (gem stone)
    "cle": "1F5DD",  # clé (old key)
    "feu": "1F525",  # feu (fire)
    "sablier": "23F3",  # sablier (hourglass)
}
SHOWN = ("pièce", "épée", "bouclier", "cœur", "étoile", "couronne", "flèche", "dé", "gemme",
         "clé", "feu", "sablier")  # the names as the template and the docs write them
FIRST = 0xE000  # ICONS' n-th name is drawn for chr(FIRST + n)
CODES = tuple(ICONS.values())
LAST = FIRST + len(CODES) - 1
ICON_EM = 1.15  # an icon's advance, in ems: a 1-em picture and a little air on each side
PATTERN = re.compile(r":([^\W\d_][\w-]{0,30}):")  # « :piece: », « :épée: »; not « 10:30 »
PRIVATE = re.compile("[\ue000-\uf8ff]")
_ICON = re.compile(f"[{chr(FIRST)}-{chr(LAST)}]")  # searched in C: every text drawn is asked


def icon_key(name: str) -> str:
    """« Épée » -> « epee », « cœur » -> « coeur »."""
    name = name.lower().replace("œ", "oe").replace("æ", "ae")
    return unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()


def listing() -> str:
    """« :piece:, :epee:, … » for messages and the template."""
    return ", ".join(f":{name}:" for name in ICONS)


def unknown_icons(text: str) -> list[str]:
    """The `:nom:` of `text` that name no icon, in order, each once."""
    seen: list[str] = []
    for match in PATTERN.finditer(text):
        name = match.group(1)
        if icon_key(name) not in ICONS and name not in seen:
            seen.append(name)
    return seen


def encode(text: str) -> str:
    """`text` with each known `:nom:` as its private-use character. A private-use character
    already in the text is dropped: only this function may place an icon."""
    names = list(ICONS)
    text = PRIVATE.sub("", text)

    def one(match: re.Match[str]) -> str:
        key = icon_key(match.group(1))
        return chr(FIRST + names.index(key)) if key in ICONS else match.group(0)

    return PATTERN.sub(one, text)


def is_icon(ch: str) -> bool:
    return FIRST <= ord(ch) <= LAST


def has_icons(text: str) -> bool:
    return _ICON.search(text) is not None


def art_of(ch: str) -> str:
    """The picture reference (print_kit.draw.art) an icon character is drawn with."""
    return f"openmoji:{CODES[ord(ch) - FIRST]}"


def runs(line: str) -> Iterator[tuple[bool, str]]:
    """(is_icon, piece) for each run of text and each icon of `line`, in order."""
    start = 0
    for i, ch in enumerate(line):
        if is_icon(ch):
            if i > start:
                yield False, line[start:i]
            yield True, ch
            start = i + 1
    if start < len(line):
        yield False, line[start:]
