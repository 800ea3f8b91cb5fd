"""`companion elsen setup|mission`: the tables and one mission, JSON in and out."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tableapp.console import main

TOKENS = {5: 3, 6: 3, 7: 4, 8: 4, 9: 5, 10: 5, 11: 5, 12: 6, 13: 6, 14: 6, 15: 7}
SABOTEURS = {5: 1, 6: 1, 7: 1, 8: 2, 9: 2, 10: 2, 11: 2, 12: 2, 13: 3, 14: 3, 15: 3}


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("players", range(5, 16))
def test_setup_tables(capsys: pytest.CaptureFixture[str], players: int) -> None:
    code, out, _ = run(capsys, "elsen", "setup", "--players", str(players), "--json")
    table = json.loads(out)
    assert code == 0
    assert table["saboteurs"] == SABOTEURS[players]
    assert table["tokens_per_mission"] == TOKENS[players]


def test_setup_refuses_four_players(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "elsen", "setup", "--players", "4", "--json")
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1


def write(tmp_path: Path, mission: object) -> str:
    path = tmp_path / "mission.json"
    path.write_text(json.dumps(mission), encoding="utf-8")
    return str(path)


def test_mission_worked_example(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    mission = {"players": 5, "progress": 0,
               "team": [{"name": "Jean", "role": "saboteur", "alive": True},
                        {"name": "Paul", "role": "faineant", "alive": True},
                        {"name": "Pierre", "role": "travailleur", "alive": True}],
               "cards": ["action-elimination", "action-faineant", "action-travailleur"]}
    code, out, _ = run(capsys, "elsen", "mission", write(tmp_path, mission), "--json")
    result = json.loads(out)
    assert code == 0
    assert (result["added"], result["progress"], result["needed"]) == (2.5, 2.5, 3)
    assert result["completed"] is False and result["sabotaged"] is False
    assert result["kill_due"] is True and result["violations"] == []


def test_mission_flags_and_sabotages(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    mission = {"players": 8, "progress": 2.5,
               "team": [{"name": "A", "role": "passager", "alive": True},
                        {"name": "B", "role": "passager", "alive": True},
                        {"name": "C", "role": "passager", "alive": True}],
               "cards": ["action-sabotage", "action-mission-reussie", "action-mission-reussie"]}
    code, out, _ = run(capsys, "elsen", "mission", write(tmp_path, mission), "--json")
    result = json.loads(out)
    assert result["sabotaged"] and result["progress"] == 0 and result["needed"] == 4
    assert [v["cards"] for v in result["violations"]] == [["action-sabotage"]]


@pytest.mark.parametrize("mission", [
    {"players": 5, "progress": 0, "team": [], "cards": ["sabotage"]},
    {"players": 5, "progress": 0.3, "team": [], "cards": []},
    {"players": 5, "progress": 3, "team": [], "cards": []},
    {"players": 3, "progress": 0, "team": [], "cards": []},
    {"players": 5, "team": [{"name": "A", "role": "pirate"}], "cards": ["action-sabotage"]},
    {"players": 5, "team": [{"name": "A", "role": "saboteur"}], "cards": []},
    [1, 2],
])
def test_bad_mission_files_give_one_line(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                         mission: object) -> None:
    code, out, err = run(capsys, "elsen", "mission", write(tmp_path, mission), "--json")
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err


def test_mission_file_not_json(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "m.json"
    path.write_text("{nope", encoding="utf-8")
    code, _, err = run(capsys, "elsen", "mission", str(path))
    assert code == 2 and "JSON invalide" in err


THREE = [{"name": n, "role": "passager", "alive": True} for n in "ABC"]


@pytest.mark.parametrize(("mission", "said"), [
    ({"players": 5, "team": [*THREE[:2], {"name": "A", "role": "passager"}],
      "cards": ["action-mission-reussie"] * 3}, "déjà dans l'équipe"),
    ({"players": 5, "team": [{"name": str(i), "role": "passager"} for i in range(6)],
      "cards": ["action-mission-reussie"] * 6}, "6 membres pour 5 joueurs à bord"),
    ({"players": 5, "team": THREE, "cards": "action-sabotage"}, "cards : une liste"),
    ({"players": 5, "team": THREE, "cards": ["action-mission-reussie"] * 3, "used": "x"},
     "used : une liste"),
])
def test_mission_file_mistakes_are_named(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                         mission: object, said: str) -> None:
    """A player twice in the team or more members than players was resolved as if legal; a
    cards/used value that is not a list was reported as « carte action inconnue : None »."""
    code, out, err = run(capsys, "elsen", "mission", write(tmp_path, mission))
    assert code == 2 and out == "" and said in err and len(err.strip().splitlines()) == 1


def test_unreadable_mission_files_give_one_french_line(capsys: pytest.CaptureFixture[str],
                                                       tmp_path: Path) -> None:
    """A file that is not UTF-8 gave a traceback; the OS's English messages were shown."""
    binary = tmp_path / "binary.json"
    binary.write_bytes(b"\xff\xfe{")
    for path, said in [(binary, "pas un texte UTF-8"), (tmp_path / "absent.json", "introuvable"),
                       (tmp_path, "dossier")]:
        code, out, err = run(capsys, "elsen", "mission", str(path))
        assert code == 2 and out == "" and said in err, err
        assert len(err.strip().splitlines()) == 1 and "No such" not in err


def test_mission_takes_the_players_aboard_and_refuses_a_team_below_three(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """elsen.txt › Phase de jeu jour: « Le premier joueur choisi les joueurs qui vont partir en
    mission (minimum 3) »; with fewer than 3 aboard, the team is everyone (registre ELS-6)."""
    two = THREE[:2]
    mr = ["action-mission-reussie"]
    code, _, err = run(capsys, "elsen", "mission",
                       write(tmp_path, {"players": 5, "team": two, "cards": mr * 2}))
    assert code == 2 and "au moins 3" in err and len(err.strip().splitlines()) == 1
    code, _, err = run(capsys, "elsen", "mission", write(
        tmp_path, {"players": 5, "aboard": 3, "team": two, "cards": mr * 2}))
    assert code == 2 and "au moins 3" in err
    code, out, _ = run(capsys, "elsen", "mission", write(
        tmp_path, {"players": 5, "aboard": 2, "team": two, "cards": mr * 2}), "--json")
    assert code == 0 and json.loads(out)["added"] == 2
    code, _, err = run(capsys, "elsen", "mission", write(
        tmp_path, {"players": 5, "aboard": 2, "team": THREE, "cards": mr * 3}))
    assert code == 2 and "3 membres pour 2 joueurs à bord" in err
    for bad in (0, 6, "5", True, 2.5):
        code, _, err = run(capsys, "elsen", "mission", write(
            tmp_path, {"players": 5, "aboard": bad, "team": THREE, "cards": mr * 3}))
        assert code == 2 and "aboard" in err


def test_mission_refuses_unknown_keys(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """A misspelt « ghost_progres » was silently read as 0."""
    code, out, err = run(capsys, "elsen", "mission", write(
        tmp_path, {"players": 5, "team": THREE, "cards": ["action-mission-reussie"] * 3,
                   "ghost_progres": 2}))
    assert code == 2 and out == "" and "ghost_progres" in err and "ghost_progress" in err


@pytest.mark.parametrize(("players", "said"), [
    (5, "5 joueurs : 1 saboteur, 3 jetons réussite par mission (idem mission fantôme)"),
    (8, "8 joueurs : 2 saboteurs, 4 jetons réussite par mission (idem mission fantôme)")])
def test_setup_text_agrees_with_the_counts(capsys: pytest.CaptureFixture[str], players: int,
                                           said: str) -> None:
    code, out, _ = run(capsys, "elsen", "setup", "--players", str(players))
    assert code == 0 and out.splitlines()[0] == said


@pytest.mark.parametrize(("cards", "progress", "said"), [
    (["action-faineant", "action-sabotage", "action-sabotage"], 0,
     "+0,5 jeton : 0/3 (il manque 3)"),
    (["action-mission-reussie", "action-faineant", "action-sabotage"], 1,
     "+1,5 jeton : 0/3 (il manque 3)"),
    (["action-travailleur", "action-faineant", "action-elimination"], 0,
     "+2,5 jetons : 2,5/3 (il manque 0,5)"),
    (["action-mission-reussie", "action-faineant", "action-elimination"], 0.5,
     "+1,5 jeton : 2/3 (il manque 1)"),
    # completed: the ladder is back at 0, the line says the mission won, not « 0/3 »
    (["action-mission-reussie", "action-mission-reussie", "action-mission-reussie"], 1,
     "+3 jetons : 3/3 — mission réussie (la suivante repart de 0)"),
])
def test_mission_text_agrees_with_the_tokens(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                             cards: list[str], progress: float,
                                             said: str) -> None:
    """The worked example (Élimination, Fainéant, Travailleur) reads « +2,5 jetons », half a
    token « +0,5 jeton »: singular below 2 and a decimal comma, as the table page says."""
    team = [{"name": "Jean", "role": "saboteur"}, {"name": "Paul", "role": "faineant"},
            {"name": "Pierre", "role": "travailleur"}]
    code, out, _ = run(capsys, "elsen", "mission", write(
        tmp_path, {"players": 5, "progress": progress, "team": team, "cards": cards}))
    assert code == 0 and out.splitlines()[0] == said


@pytest.mark.parametrize(("mission", "said"), [
    ({"players": 5, "aboard": 1, "team": [], "cards": []},
     "team : 0 membre ; une équipe compte au moins 1 joueur tant qu'il en reste 1 à bord"),
    ({"players": 5, "team": THREE[:1], "cards": ["action-mission-reussie"]},
     "team : 1 membre ; une équipe compte au moins 3 joueurs tant qu'il en reste 3 à bord"),
    ({"players": 5, "aboard": 1, "team": THREE[:2], "cards": ["action-mission-reussie"] * 2},
     "team : 2 membres pour 1 joueur à bord"),
    ({"players": 5, "team": THREE, "cards": ["action-mission-reussie"] * 3, "ghost": 1},
     "clé inconnue ghost ; clés : "),
    ({"players": 5, "team": THREE, "cards": ["action-mission-reussie"] * 3, "ghost": 1,
      "reward": "x"}, "clés inconnues ghost, reward ; clés : "),
    ({"players": 5, "progress": 3, "team": THREE, "cards": ["action-mission-reussie"] * 3},
     "la mission en cours a 3 jetons : attendu de 0 à moins de 3"),
    ({"players": 5, "progress": 3.5, "team": THREE, "cards": ["action-mission-reussie"] * 3},
     "la mission en cours a 3,5 jetons : attendu de 0 à moins de 3"),
    ({"players": 5, "ghost_progress": 3, "team": THREE,
      "cards": ["action-mission-reussie"] * 3},
     "la mission fantôme a 3 jetons : attendu de 0 à moins de 3"),
    ({"players": 5, "team": THREE, "cards": ["action-mission-reussie"] * 2},
     "2 cartes révélées pour 3 membres : chaque membre pose une carte"),
    ({"players": 5, "aboard": 2, "team": THREE[:2], "cards": ["action-mission-reussie"]},
     "1 carte révélée pour 2 membres : chaque membre pose une carte"),
])
def test_mission_refusals_agree_with_the_counts(capsys: pytest.CaptureFixture[str],
                                                tmp_path: Path, mission: object,
                                                said: str) -> None:
    code, out, err = run(capsys, "elsen", "mission", write(tmp_path, mission))
    assert code == 2 and out == "" and said in err and len(err.strip().splitlines()) == 1
