"""The balance lab (issue 16): reproducible by seed and by number of processes, figures that
agree with exact values, announcements checked by the real engine, an author's changes validated
by the loader and compared with the original, and the CLI's outputs and French errors."""

from __future__ import annotations

import csv
import io
import json
import random
import re
from math import comb

import pytest

from companion.core.errors import DataError, UsageError
from companion.core.loader import load_game
from companion.games.noe.cards import deck
from companion.games.noe.hand import analyse_cards
from companion.lab import noe as lab_noe
from companion.lab.noe_hands import allowed, table
from companion.lab.overrides import parse_assignments, variant
from companion.lab.runner import Options, compare, lab_module, run
from companion.lab.stats import mean, wilson
from tableapp.console import main

GAMES = ("noe", "emblemes", "camelot", "elsen", "labystere")
SMALL = {
    "noe": Options(games=3, seed=5, players=(3,), extra={"levels": (1, 3)}),
    "emblemes": Options(games=6, seed=5, players=(3, 5), extra={"sets": ("B",)}),
    "camelot": Options(games=6, seed=5, players=(2, 4)),
    "elsen": Options(games=10, seed=5, players=(5, 9)),
    "labystere": Options(games=3, seed=5, players=(2, 4)),
}


@pytest.mark.parametrize("game", GAMES)
def test_the_same_seed_gives_the_same_figures_and_another_seed_others(game: str) -> None:
    options = SMALL[game]
    first = run(game, options).rows()
    assert first and first == run(game, options).rows()
    other = Options(options.games, options.seed + 1, options.players, options.policies,
                    options.extra)
    assert run(game, other).rows() != first


@pytest.mark.parametrize("game", ["elsen", "noe"])
def test_one_or_two_processes_give_the_same_figures(game: str) -> None:
    options = SMALL[game]
    assert run(game, options, jobs=1).rows() == run(game, options, jobs=2).rows()


def test_a_game_does_not_depend_on_the_other_conditions_run_beside_it() -> None:
    alone = run("elsen", Options(games=10, seed=2, players=(7,), policies=("hasard",)))
    together = run("elsen", Options(games=10, seed=2, players=(5, 7)))
    position = together.conditions.index(alone.conditions[0])
    assert position > 0 and alone.records[0] == together.records[position]


def test_every_policy_plays_whole_games_to_their_end() -> None:
    for game in GAMES:
        module = lab_module(game)
        for condition in module.conditions(SMALL[game]):
            record = module.play(condition, random.Random(9), log=True)
            setup, events = record["log"]
            assert events, (game, condition)
    camelot = run("camelot", SMALL["camelot"])
    assert all(r["finished"] for rs in camelot.records for r in rs)
    elsen = run("elsen", SMALL["elsen"])
    assert all(r["winner"] in ("passagers", "saboteurs") for rs in elsen.records for r in rs)


def test_a_simulated_log_replays_through_the_engine_to_the_same_end() -> None:
    from companion.core.engine import replay

    for game in GAMES:
        module = lab_module(game)
        condition = module.conditions(SMALL[game])[-1]
        record = module.play(condition, random.Random(4), log=True)
        setup, events = record["log"]
        summary = replay(game, setup, events).summary()
        if game == "noe":
            assert summary["finished"] == record["finished"]
            assert len(summary["manches"]) == len(record["manches"])
        elif game == "elsen":
            assert summary["winner"] == record["winner"]
        elif game == "labystere":
            assert summary["finished"] == record["finished"]
            assert (summary["winner"] is not None) == record["won"]


# --- figures against exact values -----------------------------------------------------------


def test_the_fast_announcement_check_agrees_with_the_engines_analysis() -> None:
    rng = random.Random(11)
    for level in (1, 3):
        t = table(level)
        usable = [i for i in range(len(t.cards)) if not t.attentat[i]]
        for _ in range(3000):
            hand = rng.sample(usable, 6)
            expected = [f.id for f in analyse_cards([t.cards[p] for p in hand]).announcements]
            assert [a.id for a in allowed(t, hand)] == expected


def _at_least(k_good: int, need: int, n_cards: int, hand: int = 6) -> float:
    """Hypergeometric: chance that `hand` cards dealt from `n_cards` hold >= `need` of the
    `k_good` wanted ones."""
    return sum(comb(k_good, k) * comb(n_cards - k_good, hand - k)
               for k in range(need, hand + 1)) / comb(n_cards, hand)


def test_dealt_hand_rates_match_the_hypergeometric_values() -> None:
    """Prix Pulitzer and Plan Étaré: 3 journalists (or pompiers), jokers completing. At level 1
    the deck has the 74 characters and 5 jokers, so the dealt hand allows each with the exact
    chance of holding 3 or more of 3 + 5 wanted cards; the simulated rate's 99 % Wilson interval
    must hold it. (The target is lowered so that matches are short: the deal is unchanged.)"""
    cards = [c for c in deck().cards.values() if c.kind != 2]
    jokers = sum(1 for c in cards if c.kind == 1)
    result = run("noe", Options(games=1500, seed=3, players=(2,), policies=("hasard",),
                                extra={"levels": (1,)}), [("target_score", 1)])
    manches = [m for r in result.records[0] for m in r["manches"]]
    assert len(manches) > 1500
    for ann, category in (("prix-pulitzer", "journalistes"), ("plan-etare", "pompiers")):
        wanted = sum(1 for c in cards if c.category == category) + jokers
        exact = _at_least(wanted, 3, len(cards))
        hits = sum(ann in m["dealt"] for m in manches)
        low, high = wilson(hits, len(manches), z=2.5758)
        assert low <= exact <= high, (ann, hits, len(manches), exact)
    six_duron = _at_least(sum(1 for c in cards if c.category == "famille-duron") + jokers, 6,
                          len(cards))
    assert six_duron < 1e-4 and not any("six-duron" in m["dealt"] for m in manches)


def test_wilson_and_mean_intervals_on_known_values() -> None:
    low, high = wilson(50, 100)
    assert low == pytest.approx(0.4038, abs=1e-4) and high == pytest.approx(0.5962, abs=1e-4)
    assert wilson(0, 10)[0] == 0.0 and wilson(0, 10)[1] == pytest.approx(0.2775, abs=1e-4)
    figure = mean("m", [1, 2, 3, 4])
    assert figure.value == 2.5 and figure.low == pytest.approx(2.5 - 1.96 * 0.6455, abs=1e-3)


def test_noe_manches_respect_the_rules_caps() -> None:
    result = run("noe", Options(games=4, seed=1, players=(4,), policies=("glouton",),
                                extra={"levels": (3,)}))
    for record in result.records[0]:
        for manche in record["manches"]:
            assert manche["ended_by"] in ("seul", "elysee", "table")
            assert manche["turns"] <= 4 * lab_noe.MAX_TURNS


# --- an author's changes ----------------------------------------------------------------------


def test_a_change_is_validated_by_the_loader_and_named_in_french() -> None:
    with pytest.raises(DataError, match="tokens_to_win"):
        variant("camelot", parse_assignments(["tokens_to_win.3=beaucoup"]))
    with pytest.raises(UsageError, match="complot, six-duron"):
        variant("noe", parse_assignments(["announcements.inconnue.points=3"]))
    with pytest.raises(UsageError, match="clé=valeur"):
        parse_assignments(["points"])
    changed = variant("noe", parse_assignments(["announcements.complot.points=20"]))
    assert next(a.points for a in changed.announcements if a.id == "complot") == 20


def test_a_change_moves_the_figures_and_the_original_data_comes_back() -> None:
    options = Options(games=30, seed=2, players=(3,), policies=("glouton",))
    original, changed = compare("camelot", options, parse_assignments(["tokens_to_win.3=2"]))
    assert changed is not None
    length = {r["mesure"]: r["valeur"] for r in original.rows()}["tournois par partie"]
    shorter = {r["mesure"]: r["valeur"] for r in changed.rows()}["tournois par partie"]
    assert shorter < length
    assert load_game("camelot").tokens_to_win[3] == 5  # type: ignore[attr-defined]
    again = run("camelot", options).rows()
    assert again == original.rows()


def test_a_card_count_changes_with_the_totals_the_loader_cross_checks() -> None:
    with pytest.raises(DataError, match="attendu 20 cartes d'action"):
        variant("camelot", parse_assignments(["actions.riposte.copies=4"]))
    options = Options(games=20, seed=3, players=(3,), policies=("glouton",))
    original, changed = compare("camelot", options, parse_assignments(
        ["actions.riposte.copies=4", "stated_actions=21", "stated_cards=111"]))
    assert changed is not None

    def riposte(run_: object) -> float:
        return sum(r["played"].count("riposte") for rs in run_.records  # type: ignore[attr-defined]
                   for r in rs)

    assert riposte(changed) > riposte(original)


def test_a_change_reaches_the_engine_in_worker_processes_too() -> None:
    options = Options(games=8, seed=2, players=(3,), policies=("glouton",))
    one = compare("camelot", options, parse_assignments(["tokens_to_win.3=2"]), jobs=1)[1]
    two = compare("camelot", options, parse_assignments(["tokens_to_win.3=2"]), jobs=2)[1]
    assert one is not None and two is not None and one.rows() == two.rows()


# --- the command ------------------------------------------------------------------------------


def test_cli_json_and_csv(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["lab", "elsen", "--games", "5", "--players", "6", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert "politiques de jeu simulées" in out["avertissement"]
    assert {r["mesure"] for r in out["lignes"]} >= {"victoire des passagers",
                                                     "missions réussies par partie"}
    assert main(["lab", "camelot", "--games", "4", "--players", "3", "--csv",
                 "--set", "tokens_to_win.3=3"]) == 0
    rows = list(csv.DictReader(io.StringIO(capsys.readouterr().out)))
    assert {r["donnees"] for r in rows} == {"original", "modifie"}
    assert {"valeur", "bas", "haut", "n", "joueurs", "politique"} <= set(rows[0])


def test_cli_text_writes_its_figures_as_french_does(capsys: pytest.CaptureFixture[str]) -> None:
    """« équilibre : 0,333 », « 33,3 % [… ; …] (n = 3) »: a decimal comma, never a point."""
    assert main(["lab", "emblemes", "--games", "3", "--players", "3", "--lieux", "A"]) == 0
    out = capsys.readouterr().out
    assert "victoire du 1er joueur (équilibre : 0,333)" in out
    figures = [line for line in out.splitlines() if " [" in line]  # a figure, its interval
    assert len(figures) > 10 and all(re.search(r"\(n = 3\)$", line) for line in figures)
    assert not re.search(r"\d\.\d", out)


def test_cli_text_says_the_figures_hold_for_these_policies(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["lab", "emblemes", "--games", "3", "--players", "4", "--lieux", "A",
                 "--progress"]) == 0
    captured = capsys.readouterr()
    assert captured.out.startswith("Ces chiffres valent pour les politiques")
    assert "victoire du 1er joueur" in captured.out and "100 %" in captured.err
    assert "\n3 parties par condition, graine " in captured.out
    assert main(["lab", "emblemes", "--games", "1", "--players", "4", "--lieux", "A"]) == 0
    assert "\n1 partie par condition, graine " in capsys.readouterr().out


@pytest.mark.parametrize(("argv", "message"), [
    (["lab", "noe", "--lieux", "A"], "--lieux ne vaut que pour emblemes"),
    (["lab", "elsen", "--policy", "malin"], "politique inconnue « malin »"),
    (["lab", "camelot", "--games", "0"], "--games"),
    (["lab", "camelot", "--players", "deux"], "--players"),
    (["lab", "camelot", "--set", "tokens_to_win.3=x"], "champ « tokens_to_win[3] »"),
])
def test_cli_errors_are_one_french_line(argv: list[str], message: str,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1 and "Traceback" not in err
