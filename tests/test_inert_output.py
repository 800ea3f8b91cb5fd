"""Output is inert everywhere (issue 38, item 7; companion/core/inert.py), in two roles: a
stranger on the Wi-Fi types names and titles (adding a profile and starting a game are open
to every visitor, registre TAB-8), then the organiser reads them on the server's terminal
(`companion stats`, in a real subprocess: the bytes a terminal would get) and opens the CSV
exports in a spreadsheet set to English (« , ») or to French (« ; »)."""

from __future__ import annotations

import csv
import io
import json
import logging
import os
import subprocess
import sys
from pathlib import Path

import pytest

from companion.core import settings
from companion.core.inert import spreadsheet_cell, terminal
from companion.core.text import csv_text
from companion.events.store import EventStore
from companion.hosting.access import ON_SERVER, new_secret
from companion.stats.bgstats import bgg_plays_csv, plays_csv
from companion.stats.report import night_csv, player_csv, player_report
from companion.stats.storage import StatsStore

ROOT = Path(__file__).resolve().parent.parent
# what a terminal obeys: CSI (colour, clear screen, cursor), OSC (title bar, clipboard), the
# 8-bit CSI, a carriage return that rewrites the line, the right-to-left override
HOSTILE_NAME = "Zoé\x1b[2J\x1b]0;pwned\x07\x9b31m\r\u202eX"
HOSTILE_TITLE = "Belote\x1b]52;c;ZWNobyBwd25lZA==\x07\u2066"
ACTING = ("\x1b", "\x9b", "\r", "\x07", "\u202e", "\u2066")
FORMULAS = ("Léa;=HYPERLINK(\"http://x.invalid\";\"ok\")", "=1+1", "@SOMME(A1)",
            "Ana,+33", "Tom;\t-2+3")
FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def strangers_night(path: Path, names: list[str], title: str = "Soirée") -> tuple[
        StatsStore, int, int]:
    """What a stranger's device may do: add a profile, start a game of these names and play
    it to the end; the organiser's terminal puts the game in a night."""
    stats = StatsStore(EventStore(path))
    profile = stats.create_profile(names[0], creator=new_secret())
    code = stats.events.create("libre", {"name": title, "players": names, "winner": "high",
                                         "rounds": 1})
    stats.events.append(code, {"type": "round", "scores": {n: 10 * i for i, n in
                                                          enumerate(names)}}, 0)
    night = stats.create_night(title)
    stats.attach(night.id, code, by=ON_SERVER)
    stats.seat(code, {0: profile.id}, by=ON_SERVER)
    return stats, night.id, profile.id


def companion(*args: str, db: Path) -> subprocess.CompletedProcess[bytes]:
    """`python -m companion …` on the server's terminal, this checkout's code, raw bytes."""
    env = dict(os.environ, COMPANION_DB=str(db), PYTHONPATH=str(ROOT))
    return subprocess.run([sys.executable, "-m", "companion", *args], capture_output=True,
                          cwd=ROOT, env=env, timeout=120)


def test_the_organisers_terminal_gets_names_without_their_controls(tmp_path: Path) -> None:
    db = tmp_path / "db.sqlite3"
    _stats, night, _profile = strangers_night(db, [HOSTILE_NAME, "Bruno"], HOSTILE_TITLE)
    for args in (("stats",), ("stats", "--night", str(night)),
                 ("stats", "--player", HOSTILE_NAME), ("stats", "--night", str(night), "--csv")):
        done = companion(*args, db=db)
        assert done.returncode == 0, done.stderr
        out = done.stdout.decode("utf-8")
        assert not any(c in out for c in ACTING), (args, out)
        assert "Zoé" in out and "pwned" not in out  # the words kept, the title bar's gone
    # an unknown player's name is said back in the error line: inert too, exit 2
    done = companion("stats", "--player", "Inconnu\x1b[31m", db=db)
    assert done.returncode == 2 and b"\x1b" not in done.stderr
    assert done.stderr.decode().startswith("companion : erreur : aucun profil")


def test_json_keeps_every_character_escaped(tmp_path: Path) -> None:
    """--json is data for a program: the name comes back whole, as \\uXXXX on the terminal."""
    db = tmp_path / "db.sqlite3"
    _stats, night, _profile = strangers_night(db, [HOSTILE_NAME, "Bruno"], HOSTILE_TITLE)
    done = companion("stats", "--night", str(night), "--json", db=db)
    assert done.returncode == 0, done.stderr
    assert not any(c.encode() in done.stdout for c in ACTING)
    report = json.loads(done.stdout)
    assert report["night"]["title"] == HOSTILE_TITLE
    # the profile keeps the name as saved (its spaces tidied: the carriage return is one)
    assert " ".join(HOSTILE_NAME.split()) in report["players"]


def test_log_lines_of_the_server_are_inert() -> None:
    """`companion app` and --verbose log on the terminal through the product's one handler."""
    logger = logging.getLogger("companion")
    before = list(logger.handlers)
    settings.configure_logging(logging.INFO)
    try:
        handler = next(h for h in logger.handlers if h not in before)
        record = logger.makeRecord("companion.test", logging.WARNING, __file__, 1,
                                   "partie de %s refusée", (HOSTILE_NAME,), None)
        line = handler.format(record)
    finally:
        for added in [h for h in logger.handlers if h not in before]:
            logger.removeHandler(added)
    assert "partie de Zoé" in line and not any(c in line for c in ACTING)


def _cells(text: str, delimiter: str) -> list[str]:
    return [cell for row in csv.reader(io.StringIO(text), delimiter=delimiter) for cell in row]


def _number(cell: str) -> bool:
    try:
        float(cell.replace(",", ".").removesuffix("%").strip())
    except ValueError:
        return False
    return True


def opens_a_formula(text: str) -> list[str]:
    """The cells a spreadsheet of either setting would run as formulas (a spreadsheet may
    trim the spaces before them; a plain number is a number)."""
    return [cell for delimiter in (",", ";") for cell in _cells(text, delimiter)
            if cell.lstrip(" \u00a0")[:1] in FORMULA_START and not _number(cell)]


def test_csv_exports_open_no_formula_in_either_spreadsheet(tmp_path: Path) -> None:
    names = list(FORMULAS)
    stats, night, profile = strangers_night(tmp_path / "db.sqlite3", names, "=Jeu;@x")
    games = stats.played(stats.night(night).codes)
    exports = {"soirée": night_csv(stats, night),
               "joueur": player_csv(player_report(stats, stats.profile(profile))),
               "parties": plays_csv(games, stats.names()),
               "BoardGameGeek": bgg_plays_csv(games, stats.names())}
    for what, text in exports.items():
        assert opens_a_formula(text) == [], what
        # the words are all there, read back by the English setting
        assert "HYPERLINK" in text and "SOMME(A1)" in text, what
    # the lab's and the CLI's writer too
    lab = csv_text([{"nom": n, "écart": -3, "taux": "-0,5 %"} for n in names])
    assert opens_a_formula(lab) == []
    assert list(csv.DictReader(io.StringIO(lab)))[0]["taux"] == "-0,5 %"  # numbers stay


@pytest.mark.parametrize(("cell", "shown"), [
    ("=1+1", "'=1+1"), ("Léa;=2", "Léa;'=2"), ("Ana, +33", "Ana, '+33"), ("\t=x", "'\t'=x"),
    ("a\n@b", "a\n'@b"), ("-3", "-3"), ("2,5", "2,5"), ("Jean-Paul", "Jean-Paul"),
    ("Bob @ home", "Bob @ home")])
def test_one_cell(cell: str, shown: str) -> None:
    assert spreadsheet_cell(cell) == shown


def test_terminal_keeps_the_words() -> None:
    assert terminal(HOSTILE_NAME) == "Zoé31mX"
    assert terminal("Chloé\n\tscore 3") == "Chloé\n\tscore 3"
    assert terminal("عربي \u200f ok") == "عربي \u200f ok"  # a right-to-left mark is no override
