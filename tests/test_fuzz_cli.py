"""Fuzzing the `companion` command in-process (companion.cli.base.main): every subcommand, with
mutated real inputs, nasty files (deeply nested JSON, integers of thousands of digits, NaN, huge
numbers, non-UTF-8 bytes, a lone surrogate), on a file or on standard input. Each run either
succeeds or is a clear refusal: exit 2 (1 for `replay` of a log that does not replay) and one
line, never a traceback nor the « erreur interne » guard, and a refused run writes nothing
(issue 12: 21 of 407 runs of a fresh clone ended in a traceback)."""

from __future__ import annotations

import contextlib
import io
import json
import os
import sys
import tempfile
from pathlib import Path
from typing import Any

import pytest
from fuzzing import EXAMPLES, NASTY, leaves, mutated
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.cli.base import INTERNAL
from companion.events.store import EventStore
from tableapp.console import main

LOGS = [json.loads(p.read_text(encoding="utf-8")) for p in sorted(EXAMPLES.glob("*.json"))]
MISSION = {"players": 5, "aboard": 5, "progress": 0.5, "ghost_progress": 0,
           "team": [{"name": "Jean", "role": "saboteur", "alive": True},
                    {"name": "Paul", "role": "faineant", "alive": True},
                    {"name": "Pierre", "role": "travailleur", "alive": True}],
           "cards": ["action-elimination", "action-faineant", "action-travailleur"]}
SCORE = {"players": ["rouge", "bleu", "vert"], "first_player": "rouge",
         "coins": {"rouge": 3, "bleu": 3, "vert": 3},
         "places": {"chateau": {"rewards": [{"fixed": 4}, {"fixed": 3}, {"fixed": 1}],
                                "cards": [{"owner": "rouge", "value": 14}]},
                    "village": {"rewards": [{"per_card": True}, {"steal": 1}], "cards": []},
                    "port": {"rewards": [{"half_value": True}, {"fixed": -1}], "cards": []}}}
EVENT = {"type": "tournament", "winner": 0, "colour": "rouge"}

# the inputs fuzzing found to crash a reader
NASTY_BYTES = [b"[" * 100_000 + b"]" * 100_000, b'{"a":' * 5_000 + b"1" + b"}" * 5_000,
               b"1" * 5_000, b'{"players": ' + b"9" * 5_000 + b"}", b"\xff\xfe\x00{",
               b"NaN", b"[Infinity]", b'{"progress": 1e400}', b'"\\udcff"', b"", b"{", b"null",
               b'{"format": "compagnon-log", "version": 1, "game": ["noe"], "setup": {}, '
               b'"events": []}',
               b'{"format": "compagnon-log", "version": 1, "game": "camelot", "setup": '
               b'{"players": ["a", "b"]}, "events": [{"type": {"a": 1}}, {"type": ["undo"]}]}']


def _dumps(value: Any) -> bytes:
    return json.dumps(value, ensure_ascii=False).encode("utf-8", "surrogatepass")


def contents(template: Any) -> st.SearchStrategy[bytes]:
    """A file for a command: the template mutated, or a nasty file."""
    return st.one_of(st.builds(_dumps, mutated(template, leaves(template))),
                     st.sampled_from(NASTY_BYTES),
                     st.builds(_dumps, st.sampled_from(NASTY)))


LOG_FILE = st.sampled_from(LOGS).flatmap(contents)
CAMELOT_LOG = st.sampled_from([log for log in LOGS if log["game"] == "camelot"]).flatmap(contents)
NUMBER = st.one_of(st.integers(-3, 12).map(str), st.sampled_from(
    ["9" * 5_000, "-1", "0", "x", "", "1e3", "nan", "2.5", "99999999999999999999"]))
TEXT = st.sampled_from(["x", "", "é" * 3, "a" * 5_000, "--json", "-", "rouge", "noe"])


@st.composite
def runs(draw: st.DrawFn) -> tuple[list[str], dict[str, bytes]]:
    """argv (with F1/F2 standing for files) and the files' contents."""
    kind = draw(st.sampled_from(["replay", "score", "check", "mission", "cards", "noe", "games",
                                 "setup", "simulate", "print", "stats", "lab"]))
    files: dict[str, bytes] = {}
    if kind == "replay":
        files["F1"] = draw(LOG_FILE)
        argv = draw(st.sampled_from([["replay", "F1"], ["labystere", "board", "F1"]]))
    elif kind == "score":
        files["F1"] = draw(contents(SCORE))
        argv = ["emblemes", "score", "F1", *draw(st.sampled_from([[], ["--json"]]))]
    elif kind == "check":
        files["F1"] = draw(CAMELOT_LOG)
        event = draw(contents(EVENT)).decode("utf-8", "replace")
        argv = ["camelot", "check", "F1", event]
    elif kind == "mission":
        files["F1"] = draw(contents(MISSION))
        argv = ["elsen", "mission", "F1", *draw(st.sampled_from([[], ["--json"]]))]
    elif kind == "cards":
        argv = ["cards", draw(st.sampled_from(["noe", "elsen", "camelot", "zzz", "x" * 500])),
                "--level", draw(NUMBER), "--players", draw(NUMBER),
                "--format", draw(st.sampled_from(["table", "json", "csv", "xml"]))]
    elif kind == "noe":
        argv = draw(st.sampled_from([
            ["noe", "hand", *draw(st.lists(TEXT, min_size=1, max_size=7)), "--level",
             draw(NUMBER)],
            ["noe", "control", "--by", draw(TEXT), "--against", draw(TEXT), "--json"],
            ["noe", "control", "--by", "enqueteurs-max", "--by", draw(TEXT)]]))
    elif kind == "games":
        argv = ["games", "--format", draw(st.sampled_from(["table", "json", "x"]))]
    elif kind == "setup":
        argv = draw(st.sampled_from([["elsen", "setup", "--players", draw(NUMBER)],
                                     ["labystere", "setup", "--seed", draw(NUMBER)]]))
    elif kind == "simulate":
        argv = ["camelot", "simulate", "--players", draw(NUMBER), "--seed", draw(NUMBER)]
    elif kind == "print":  # only refusals: a valid run prints PDFs (tests/test_print_*.py)
        argv = ["print", draw(st.sampled_from(["noe", "zzz", "x" * 300])), "--out", "OUT",
                *draw(st.sampled_from([["--url", "http://x/" + "a" * 5_000], ["--url", "ftp://x"],
                                       ["--bleed", "nan"], ["--bleed", "1e308"],
                                       ["--calibration", "1,2"], ["--paper", "zzz"],
                                       ["--level", "9" * 5_000], ["--seed", "x"]]))]
    elif kind == "stats":
        argv = ["stats", *draw(st.sampled_from([["--night", draw(NUMBER)],
                                                ["--player", draw(TEXT)],
                                                ["--ranking", draw(TEXT)], ["--json"]]))]
    else:  # lab: refusals and tiny runs only (a real run simulates thousands of games)
        argv = ["lab", draw(st.sampled_from(["noe", "camelot", "zzz"])), "--games",
                draw(st.sampled_from(["0", "-1", "x", "9" * 5_000, "1"])),
                "--jobs", "1", "--no-progress", *draw(st.sampled_from(
                    [[], ["--players", "x"], ["--set", "zzz"], ["--level", "9"]]))]
    if draw(st.booleans()) and "F1" in argv and argv.count("-") == 0:
        argv[argv.index("F1")] = "-"  # the same content on standard input
    return argv, files


def tree(root: Path) -> dict[str, bytes]:
    """Every file under root but the store's own start-up backups (db/backups/, taken when a
    process first opens the store: not something the command wrote)."""
    return {str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*"))
            if p.is_file() and "backups" not in p.relative_to(root).parts}


def run_cli(argv: list[str], files: dict[str, bytes], root: Path) -> tuple[int, str, str]:
    stdin = b""
    real = []
    for arg in argv:
        if arg in files:
            path = root / "in" / arg
            path.write_bytes(files[arg])
            real.append(str(path))
        elif arg == "-":
            stdin = files.get("F1", b"")
            real.append(arg)
        elif arg == "OUT":
            real.append(str(root / "out"))
        else:
            real.append(arg)
    out, err = io.StringIO(), io.StringIO()
    old_stdin = sys.stdin
    sys.stdin = io.TextIOWrapper(io.BytesIO(stdin), encoding="utf-8")
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                code = main(real)
            except SystemExit as exc:  # argparse's own refusals
                code = int(exc.code or 0)
    finally:
        sys.stdin = old_stdin
    return code, out.getvalue(), err.getvalue()


@settings(max_examples=int(os.environ.get("COMPANION_FUZZ_CLI", "150")), deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
          derandomize=os.environ.get("COMPANION_FUZZ_RANDOM") != "1")
@given(case=runs())
def test_every_command_succeeds_or_refuses_in_one_line(case: tuple[list[str],
                                                                  dict[str, bytes]]) -> None:
    argv, files = case
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        (root / "in").mkdir()
        (root / "out").mkdir()
        db = root / "db" / "games.sqlite3"
        db.parent.mkdir()
        os.environ["COMPANION_DB"] = str(db)
        EventStore(db)  # an existing store, which a refused command must leave as it was
        before = tree(root)
        code, _out, err = run_cli(argv, files, root)
        assert INTERNAL not in err and "Traceback" not in err, (argv, err)
        if code == 0:
            return
        assert code in (1, 2), (argv, code, err)
        assert len(err.strip().splitlines()) == 1, (argv, err)
        if code == 2:
            after = {k: v for k, v in tree(root).items() if not k.startswith("in/")}
            assert after == {k: v for k, v in before.items() if not k.startswith("in/")}, argv


@pytest.mark.parametrize("data", NASTY_BYTES)
@pytest.mark.parametrize("argv", [["replay", "F1"], ["emblemes", "score", "F1"],
                                  ["elsen", "mission", "F1"],
                                  ["camelot", "check", "F1", "{}"],
                                  ["labystere", "board", "F1"]])
def test_the_inputs_that_crashed_are_one_line_refusals(argv: list[str], data: bytes,
                                                       tmp_path: Path) -> None:
    """Issue 12's list, each on every command that reads a JSON file."""
    (tmp_path / "in").mkdir()
    code, _, err = run_cli(argv, {"F1": data}, tmp_path)
    # `replay` says 1 for a well-formed log whose line does not replay (companion/cli/replay.py)
    assert code in ((1, 2) if argv[0] == "replay" else (2,)), (code, err)
    assert len(err.strip().splitlines()) == 1 and INTERNAL not in err, err


def test_an_endless_file_is_refused(tmp_path: Path) -> None:
    """`/dev/zero` never ends: read at most 20 MB, then refuse."""
    if not Path("/dev/zero").exists():
        pytest.skip("pas de /dev/zero ici")
    code, _, err = run_cli(["replay", "/dev/zero"], {}, tmp_path)
    assert code == 2 and "Mo" in err


def test_a_5000_character_url_is_refused(tmp_path: Path) -> None:
    code, _, err = run_cli(["print", "noe", "--out", "OUT", "--url",
                            "http://x/" + "a" * 5_000], {}, tmp_path)
    assert code == 2 and "trop longue" in err and not (tmp_path / "out").exists()
