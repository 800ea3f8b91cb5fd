"""The « Labo d'équilibrage » page (tableapp/pages/lab.py) wired to the balance lab, with
AppTest: it says the figures hold for the simulated policies, runs, charts, compares a change
with the original and shows a bad change as one French line."""

from __future__ import annotations

from streamlit.testing.v1 import AppTest

from tableapp.pages.lab import chart_spec


def _page() -> None:
    from tableapp.pages.lab import render

    render()


def _app() -> AppTest:
    return AppTest.from_function(_page, default_timeout=120)


def test_the_page_warns_runs_and_compares_a_change() -> None:
    at = _app().run()
    assert not at.exception
    assert "politiques de jeu simulées" in at.warning[0].value
    at.selectbox(key="lab_game").set_value("camelot").run()
    at.number_input(key="lab_games_camelot").set_value(6)
    at.multiselect(key="lab_players_camelot").set_value([3])
    at.text_area(key="lab_changes_camelot").set_value("tokens_to_win.3=3")
    at.run()
    at.button(key="lab_go").click().run()
    assert not at.exception and not at.error
    assert "mêmes graines" in at.success[0].value
    table = at.dataframe[0].value
    assert {"condition", "valeur", "modifié"} <= set(table.columns)
    assert len(at.get("vega_lite_chart")) == 1
    labels = [b.label for b in at.get("download_button")]
    assert labels == ["Tous les chiffres (CSV)", "Tous les chiffres (JSON)"]
    at.selectbox(key="lab_measure_camelot").set_value("tournois par partie").run()
    assert not at.exception and len(at.dataframe) == 1


def test_a_bad_change_is_one_french_line_and_nothing_runs() -> None:
    at = _app().run()
    at.selectbox(key="lab_game").set_value("elsen").run()
    at.number_input(key="lab_games_elsen").set_value(3)
    at.multiselect(key="lab_players_elsen").set_value([5])
    at.text_area(key="lab_changes_elsen").set_value("success_tokens.5=_trois_")
    at.run()
    at.button(key="lab_go").click().run()
    assert not at.exception and at.error
    message = at.error[0].value
    assert "success\\_tokens" in message and "un nombre entier" in message
    assert "\\_trois\\_" in message  # shown as typed, never as Markdown
    assert not at.dataframe


def test_chart_shows_each_interval_beside_its_bar() -> None:
    rows = [{"politique": "hasard", "joueurs": 3, "donnees": d, "mesure": "m", "type": "taux",
             "valeur": 0.5, "bas": 0.4, "haut": 0.6, "n": 10} for d in ("original", "modifie")]
    spec = chart_spec(rows)
    assert [v["données"] for v in spec["data"]["values"]] == ["original", "modifié"]
    assert spec["data"]["values"][0]["valeur"] == 50 and spec["data"]["values"][0]["haut"] == 60
    assert [layer["mark"]["type"] for layer in spec["layer"]] == ["bar", "rule"]
