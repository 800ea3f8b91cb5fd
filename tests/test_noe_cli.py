"""`companion noe hand` and `companion noe control`: the JSON shapes of issue 4, text output, and
exit 2 with one line on bad input."""

from __future__ import annotations

import json

import pytest

from tableapp.console import main

PULITZER = ["journalistes-emma", "journalistes-estelle", "journalistes-marc",
            "alphas-naomie", "senechales-rose", "espions-franck"]


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


def test_hand_json_shape(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["noe", "hand", *PULITZER, "--json"], capsys)
    data = json.loads(out)
    assert code == 0 and set(data) == {"announcements", "best"}
    (found,) = data["announcements"]
    assert set(found) == {"name", "points", "cards", "wait_next_turn"}
    assert found["name"] == "Prix Pulitzer" and found["points"] == 50
    assert found["wait_next_turn"] is False
    assert sorted(found["cards"]) == sorted(PULITZER[:3])
    assert data["best"] == found


def test_hand_without_announcement_has_null_best(capsys: pytest.CaptureFixture[str]) -> None:
    hand = ["etat-major-noe", "espions-franck", "alphas-naomie",
            "senechales-rose", "journalistes-marc", "pompiers-camille"]
    code, out, _ = run(["noe", "hand", *hand, "--json", "--level", "1"], capsys)
    assert code == 0 and json.loads(out) == {"announcements": [], "best": None}


def test_hand_text_shows_the_grouping_and_the_best(capsys: pytest.CaptureFixture[str]) -> None:
    hand = ["leonard-sally", "alphas-sally", "archange-igor",
            "pompiers-camille", "pompiers-clara", "pompiers-etienne"]
    code, out, _ = run(["noe", "hand", *hand], capsys)
    assert code == 0
    assert "3 Sally" in out and "Archange Igor = Sally" in out
    assert "Meilleure annonce : Plan Étaré (50 points)" in out


def test_control_json_shape(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["noe", "control", "--by", "enqueteurs-arthur", "--against",
                        "etat-major-sarah", "--json"], capsys)
    data = json.loads(out)
    assert code == 0 and set(data) == {"allowed", "reason", "rule"}
    assert data["allowed"] is False and "Niveau 2" in data["rule"]


def test_descente_text(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["noe", "control", "--by", "enqueteurs-amelie", "--by", "enqueteurs-henri",
                        "--by", "enqueteurs-clara", "--against", "etat-major-sarah"], capsys)
    assert code == 0 and out.startswith("Permis") and "la descente" in out


@pytest.mark.parametrize("argv", [
    ["noe", "hand", *PULITZER[:5]],
    ["noe", "hand", *PULITZER, "alphas-sandy"],
    ["noe", "hand", *PULITZER[:5], PULITZER[0]],
    ["noe", "hand", *PULITZER[:5], "pas-une-carte"],
    ["noe", "hand", *PULITZER[:5], "attentat-svetlana"],
    ["noe", "hand", *PULITZER[:5], "espion-violet-irina", "--level", "1"],
    ["noe", "hand", *PULITZER, "--level", "9"],
    ["noe", "hand", *PULITZER, "--level", "deux"],
    ["noe", "control", "--by", "enqueteurs-emma", "--by", "enqueteurs-max",
     "--against", "etat-major-noe"],
    ["noe", "control", "--by", "inconnu", "--against", "etat-major-noe"],
    ["noe", "control", "--against", "etat-major-noe"],
])
def test_bad_input_exits_2_with_one_line(argv: list[str],
                                         capsys: pytest.CaptureFixture[str]) -> None:
    try:
        code, out, err = run(argv, capsys)
    except SystemExit as exc:  # argparse errors exit from inside the parser
        code = int(exc.code or 0)
        out, err = capsys.readouterr()
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err


def test_hand_json_carries_the_elysee_wait_flag(capsys: pytest.CaptureFixture[str]) -> None:
    """noe-complot-a-l-elysee.txt › Le Complot à l'Élysée: « Nous devons attendre notre prochain
    tour de jeu » — the JSON says it as the text output does (« à annoncer au tour suivant »)."""
    hand = ["etat-major-noe", "enqueteurs-noe", "espions-noe",
            "alphas-naomie", "senechales-rose", "journalistes-marc"]
    code, out, _ = run(["noe", "hand", *hand, "--json"], capsys)
    elysee = next(f for f in json.loads(out)["announcements"]
                  if f["name"] == "Complot à l'Élysée")
    assert code == 0 and elysee["wait_next_turn"] is True
    _, text, _ = run(["noe", "hand", *hand], capsys)
    assert "Complot à l'Élysée — 100 points (à annoncer au tour suivant)" in text


def test_control_when_the_defender_shows_nothing(capsys: pytest.CaptureFixture[str]) -> None:
    """Niveau 2 › Le contrôle: the controlled player « doit montrer l'intégralité de son jeu »
    unless he opposes an État-Major card; showing nothing lets the control through."""
    code, out, _ = run(["noe", "control", "--by", "enqueteurs-arthur", "--json"], capsys)
    data = json.loads(out)
    assert code == 0 and data["allowed"] is True and "ne montre aucune" in data["reason"]
