"""`companion replay LOG.json`: state as JSON (exit 0), invalid event with its raw index
(exit 1), unreadable or foreign file (exit 2, one line, no traceback)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from test_store_counter import SETUP, score, use_counter

from tableapp.console import main


def write_log(tmp_path: Path, events: list, **changes: object) -> Path:
    data = {"format": "compagnon-log", "version": 1, "game": "camelot", "setup": SETUP,
            "events": events}
    data.update(changes)
    path = tmp_path / "partie.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


@pytest.fixture(autouse=True)
def _counter(monkeypatch: pytest.MonkeyPatch) -> None:
    use_counter(monkeypatch)


def test_replay_prints_the_state(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = write_log(tmp_path, [score("Alice", 5), score("Bruno", 1), score("Alice", 5)])
    assert main(["replay", str(log)]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out == {"scores": {"Alice": 10, "Bruno": 1}, "turn": "Bruno", "winner": "Alice",
                   "violations": []}


def test_replay_applies_undo_and_corrections(tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    log = write_log(tmp_path, [score("Alice", 5), score("Bruno", 1), {"type": "undo"},
                               {"type": "correct", "index": 0, "event": score("Alice", 2)}])
    assert main(["replay", str(log)]) == 0
    out = json.loads(capsys.readouterr().out)
    assert (out["scores"], out["turn"]) == ({"Alice": 2, "Bruno": 0}, "Bruno")


@pytest.mark.parametrize(("events", "index", "rule"), [
    ([score("Alice", 5), score("Alice", 1)], 1, "compteur › Tour"),
    ([score("Alice", 5), score("Bruno", 9)], 1, "compteur › Points"),
    ([score("Alice", 1), {"type": "undo"}, {"type": "undo"}], 2, "log-format.md › Méta-événements"),
    ([score("Alice", 1), score("Bruno", 1), {"type": "undo"}, score("Alice", 1)], 3,
     "compteur › Tour"),
])
def test_an_invalid_log_exits_1_with_the_raw_index_and_reason(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], events: list, index: int,
        rule: str) -> None:
    assert main(["replay", str(write_log(tmp_path, events))]) == 1
    captured = capsys.readouterr()
    out = json.loads(captured.out)
    assert (out["valid"], out["index"], out["rule"]) == (False, index, rule)
    assert out["reason"]
    assert f"l'événement {index}" in captured.err


def test_a_bad_setup_exits_1_at_index_minus_one(tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", str(write_log(tmp_path, [], setup={"players": ["Seul"]}))]) == 1
    assert json.loads(capsys.readouterr().out)["index"] == -1


@pytest.mark.parametrize("content", [
    b"{ pas du json", b"", b'{"format": "autre"}', b'{"format": "compagnon-log", "version": 1, '
    b'"game": "belote", "setup": {}, "events": []}',
])
def test_unreadable_or_foreign_files_exit_2_in_one_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], content: bytes) -> None:
    path = tmp_path / "x.json"
    path.write_bytes(content)
    assert main(["replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("companion : erreur :") and err.count("\n") == 1


def test_a_missing_file_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", str(tmp_path / "absent.json")]) == 2
    assert "impossible de lire" in capsys.readouterr().err


def test_replay_reads_standard_input(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                     monkeypatch: pytest.MonkeyPatch) -> None:
    import io
    import sys

    log = write_log(tmp_path, [score("Alice", 3)])
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(log.read_bytes())))
    assert main(["replay", "-"]) == 0
    assert json.loads(capsys.readouterr().out)["scores"]["Alice"] == 3


def test_a_violation_names_the_raw_line_of_the_log(tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    """Noé records a false announcement as a violation; after an undo the engine has seen
    fewer events than the log has lines, and the line is what a reader looks up."""
    events = [{"type": "announcement", "manche": 1, "player": "Bruno", "announcement": "complot"},
              {"type": "undo"},
              {"type": "false_announcement", "manche": 1, "player": "Alice",
               "announcement": "six-leonard"}]
    log = write_log(tmp_path, events, game="noe",
                    setup={"players": ["Alice", "Bruno", "Chloé"], "level": 3})
    assert main(["replay", str(log)]) == 0
    violations = json.loads(capsys.readouterr().out)["violations"]
    assert [(v["event"], v["player"]) for v in violations] == [(2, "Alice")]
