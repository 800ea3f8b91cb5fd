"""Small text helpers shared by the domain: stable ids (`slug`) and French typography for
what players read: elision (« famille d'Anaïs »), numbers with a
decimal comma (« 2,5 »), dates (« 23 nov. 2026, 18 h 18 ») and rules cited in plain words
(« Règle : soutien » rather than « camelot.txt › Soutien » or « registre CAM-3 »).

Players' genders are not known (a name says nothing sure): sentences about a player are
phrased so that no adjective agrees with them (« Zoé : hors jeu », not « Zoé éliminé »), see
docs/register/table.md, TAB-5. Register ids stay in docs/ and in the CLI's --json output."""

from __future__ import annotations

import csv
import io
import re
import unicodedata
from collections.abc import Callable, Mapping, Sequence
from datetime import datetime
from typing import Any

from companion.core.inert import spreadsheet_cell

_VOWELS = "aeiouàâäéèêëîïôöùûüæœ"
# « h » aspiré: French keeps « de » (« de Hugo » is common at a table too); the list stays short
_ASPIRATED = {"huit", "onze", "hibou", "héros", "hache", "haricot", "hasard", "hugo", "hollande"}
MONTHS = ["janv.", "févr.", "mars", "avr.", "mai", "juin", "juil.", "août", "sept.", "oct.",
          "nov.", "déc."]


def _elides(word: str) -> bool:
    """True when « de » / « que » before `word` becomes « d’ » / « qu’ »: a vowel or a mute h
    (« d’Hélène »); « y » before a vowel is a consonant (« de Yann »), before a consonant a
    vowel (« d’Yves »)."""
    first = word.split()[0] if word.split() else ""
    bare = "".join(c for c in unicodedata.normalize("NFC", first) if c.isalpha()).casefold()
    if not bare or bare in _ASPIRATED:
        return False
    if bare[0] == "y":
        return len(bare) > 1 and bare[1] not in _VOWELS
    return bare[0] in _VOWELS or bare[0] == "h"


def slug(text: str) -> str:
    """A stable ASCII id: « Archange Noé » -> archange-noe."""
    ascii_text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    return "-".join("".join(ch if ch.isalnum() else " " for ch in ascii_text.lower()).split())


def de(word: str) -> str:
    """« de Zoé », « d'Anaïs »: the preposition before a name or a noun."""
    return f"d’{word}" if _elides(word) else f"de {word}"


def que(word: str) -> str:
    """« que Zoé », « qu'Anaïs »."""
    return f"qu’{word}" if _elides(word) else f"que {word}"


def number(value: float, decimals: int = 1) -> str:
    """A number as French writes it: « 2,5 », « 3 », « 1 250 » (narrow no-break space)."""
    rounded = round(float(value), decimals)
    if rounded.is_integer():
        text = f"{int(rounded):,}"
    else:
        text = f"{rounded:,.{decimals}f}".rstrip("0")
    return text.replace(",", "\u202f").replace(".", ",")


def agreed(value: float, word: str, plural: str | None = None) -> str:
    """`word` agreed with a count written elsewhere in the sentence, as French does: singular
    below 2 (« 0 », « 1,5 »), plural from 2 on (« 2 parties copiées et vérifiées »). `word`
    may be a noun with its adjective (« mission réussie »); `plural` when adding an s to the
    whole is wrong (« carte révélée » -> « cartes révélées », « cheval » -> « chevaux »)."""
    return word if abs(value) < 2 else plural or word + "s"


def counted(value: float, word: str, plural: str | None = None) -> str:
    """A count and its noun agreed as French does: « 0 jeton », « 1,5 jeton », « 2 jetons »
    (plural from 2 on; `plural` for a noun that does not take an s, e.g. « 2 événements »
    is the default, « 3 chevaux » is not; « 2 missions réussies » for a noun and adjective)."""
    return f"{number(value)} {agreed(value, word, plural)}"


def date_time(value: str | datetime) -> str:
    """« 23 nov. 2026, 18 h 18 » from an ISO timestamp (or a datetime); the text as given
    when it is no date."""
    if isinstance(value, str):
        try:
            value = datetime.fromisoformat(value.replace("Z", "+00:00"))
        except ValueError:
            return value
    if value.tzinfo is not None:
        value = value.astimezone()  # the server's local time: the table's clock
    return f"{value.day} {MONTHS[value.month - 1]} {value.year}, {value.hour} h {value.minute:02d}"


_REGISTER = re.compile(r"^\s*registre\s+[A-Z]+-\d+[a-z]?\b(.*)$")
_RULES_FILE = re.compile(r"^\s*[\w.-]+\.txt\s*(?:›|>)\s*(.*)$")
HOUSE_RULE = "choix de la maison, la règle imprimée ne tranche pas"


def _section(text: str) -> str:
    """« Niveau 2 › Le contrôle » -> « niveau 2, le contrôle »; what follows a colon is a
    note of the project (sometimes in English), not the rules' title."""
    parts = [p.split(":")[0].strip(" .") for p in re.split(r"\s*›\s*|\s*>\s*", text)]
    parts = [p for p in parts if p]
    if not parts:
        return ""
    return ", ".join(p if p[:2].isupper() else p[0].lower() + p[1:] for p in parts)


def rule_words(rule: str | None) -> str:
    """A rule reference as a player reads it: the rules' section in plain words, or « choix de
    la maison » for a decision of the register (its id stays in the docs). Empty for none."""
    if not rule:
        return ""
    out = []
    for piece in re.split(r"\s*;\s*|\s*,\s*(?=registre\b)|\s+et\s+(?=registre\b)", rule):
        if _REGISTER.match(piece):
            words = HOUSE_RULE
        else:
            found = _RULES_FILE.match(piece)
            words = _section(found.group(1)) if found else piece.strip()
        if words and words not in out:
            out.append(words)
    return " ; ".join(out)


def rule_line(rule: str | None) -> str:
    """« Règle : soutien » (empty when there is no reference)."""
    words = rule_words(rule)
    return f"Règle : {words}" if words else ""


def csv_text(rows: Sequence[Mapping[str, Any]],
             cell: Callable[[Any], Any] | None = None) -> str:
    """Rows as CSV (a header of every key met, in order of first appearance; a missing value
    is empty), each value through `cell` when given. The one CSV writer of the CLI, the lab
    and its page; no text cell opens a formula in a spreadsheet (inert.spreadsheet_cell)."""
    keys: list[str] = []
    for row in rows:
        keys += [k for k in row if k not in keys]
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=keys, lineterminator="\n")
    writer.writeheader()
    for row in rows:
        values = {k: cell(row.get(k)) for k in keys} if cell else row
        writer.writerow({k: spreadsheet_cell(v) if isinstance(v, str) else v
                         for k, v in values.items()})
    return out.getvalue()
