"""The ELSEN narrator page headless (AppTest): a whole turn of the rules' example through the
page, the setup form, the public view without secrets, escaping, refusals that write nothing."""

from __future__ import annotations

import re
import time

from pages import page_app, store
from pages import texts as shown
from streamlit.testing.v1 import AppTest

from tableapp.pages.elsen.voice import narrator_html

EXAMPLE = {"Jean": "saboteur", "Paul": "faineant", "Pierre": "travailleur",
           "Marie": "policier", "Julie": "voyante"}
SPECIALS = ["voyante", "policier", "travailleur", "faineant"]


def app(**query: str) -> AppTest:
    return page_app("elsen", "render", **query)


def texts(at: AppTest) -> str:
    return shown(at, "title")


def new_game(players: list[str]) -> str:
    return store().create("elsen", {"players": players, "special_roles": SPECIALS})


def click(at: AppTest, key: str) -> AppTest:
    next(b for b in at.button if b.key == key).click()
    return at.run()


def narrated(at: AppTest) -> str:
    return "\n".join(str(h.body) for h in at.get("html"))


def walk_to_entry(at: AppTest) -> AppTest:
    """Press « Suivant » up to the step's last line (its entry form or confirming press)."""
    for _ in range(12):
        [(index, count)] = re.findall(r"· (\d+)/(\d+)</div>", narrated(at))
        if index == count:
            return at
        at = click(at, "elsen_next")
    raise AssertionError("the step never reached its entry")


def test_one_whole_turn_of_the_worked_example_through_the_page() -> None:
    code = new_game(list(EXAMPLE))
    at = app(code=code).run()
    assert not at.exception
    # deal entered from the physical cards
    for i, role in enumerate(EXAMPLE.values()):
        at.pills(key=f"elsen_deal_{i}").set_value(role)
    at = click(at, "elsen_deal_cards")
    assert store().load(code).state.roles == EXAMPLE
    # first night: five lines, the last « Suivant » records it
    script = narrated(at)
    for _ in range(5):
        at = click(at, "elsen_next")
    assert "Saboteurs, ouvrez les yeux et reconnaissez-vous." in script
    assert store().load(code).state.phase == "day"
    # day: walk the script, then the team and the revealed cards
    at = walk_to_entry(at)
    at.pills(key="elsen_team").set_value(["Jean", "Paul", "Pierre"])
    for card in ("elimination", "faineant", "travailleur"):
        at.number_input(key=f"elsen_card_{card}").set_value(1)
    at.run()
    assert "+2,5 jetons, mission à 2,5/3" in texts(at)
    at = click(at, "elsen_mission_ok")
    state = store().load(code).state
    assert state.progress == 5 and state.night_steps == ["protect", "kill", "seer", "dawn"]
    assert "2 jetons et demi" in narrated(at)
    # night: Policier, saboteur, Voyante, dawn
    for step, choice in (("protect", "Julie"), ("kill", "Marie"), ("seer", "Pierre")):
        at = walk_to_entry(at)
        at.pills(key=f"elsen_{step}_choice").set_value(choice)
        at = click(at.run(), f"elsen_{step}_ok")
    assert "Pierre : EN VIE, levez le pouce." in narrated(at)
    at = walk_to_entry(at)
    at = click(at, "elsen_next")  # the last line of dawn: everyone wakes
    assert store().load(code).state.phase == "vote"
    # vote: nobody excluded, the first-player token passes left. Nothing is chosen
    # beforehand (issue 36): a tap before the host's choice records nothing and says why
    at = walk_to_entry(at)
    at = click(at, "elsen_vote_ok")
    assert store().load(code).seq == 7
    assert "Personne (pas d'exclusion)" in at.error[0].value.replace("\\", "")
    at.pills(key="elsen_vote_target").set_value("")  # « Personne (pas d'exclusion) »
    at = click(at.run(), "elsen_vote_ok")
    state = store().load(code).state
    assert (state.turn, state.first_player, state.alive["Marie"]) == (2, "Paul", False)
    assert "Le jeton premier joueur passe à Paul." in narrated(at)
    assert not at.exception


def test_setup_form_creates_a_game_with_the_chosen_roles_and_settings() -> None:
    at = app().run()
    at.segmented_control(key="np_elsen_count").set_value(6).run()
    for i, name in enumerate(["Ana", "Bea", "Cid", "Dan", "Eve", "Fay"]):
        at.text_input(key=f"np_elsen_seat_{i}").input(name)
    at.run()
    assert at.pills(key="elsen_setup_specials").value == [
        "voyante", "policier", "travailleur", "faineant", "docteur"]
    at.pills(key="elsen_setup_specials").set_value(["voyante", "docteur"])
    at.segmented_control(key="elsen_setup_threshold").set_value("at_least_half")
    at.pills(key="elsen_setup_first").set_value("Cid")
    at.run()
    at = click(at, "np_elsen_start")
    code = at.query_params["code"]
    code = code[0] if isinstance(code, list) else code
    setup = store().load(code).setup
    assert setup["special_roles"] == ["voyante", "docteur"]
    assert setup["settings"]["vote_threshold"] == "at_least_half"
    assert setup["first_player"] == "Cid"


def test_random_deal_from_the_page() -> None:
    code = new_game(list(EXAMPLE))
    click(app(code=code).run(), "elsen_deal_random")
    roles = store().load(code).state.roles
    assert sorted(roles.values()) == sorted(EXAMPLE.values())
    assert store().load(code).events[0]["method"] == "random"
    assert "seed" in store().load(code).events[0]


def test_a_deal_that_is_not_the_deck_is_refused_and_nothing_written() -> None:
    code = new_game(list(EXAMPLE))
    at = app(code=code).run()
    for i in range(5):
        at.pills(key=f"elsen_deal_{i}").set_value("passager")
    at = click(at, "elsen_deal_cards")
    assert at.error and "paquet" in at.error[0].value
    assert store().load(code).seq == 0


def test_public_view_holds_no_secret() -> None:
    code = new_game(list(EXAMPLE))
    events = [{"type": "deal", "method": "cards", "roles": EXAMPLE}, {"type": "recognition"},
              {"type": "mission", "team": ["Jean", "Paul", "Pierre"],
               "cards": ["action-elimination", "action-faineant", "action-travailleur"]},
              {"type": "protect", "target": "Julie"}, {"type": "kill", "victim": "Marie"},
              {"type": "seer", "target": "Pierre"}, {"type": "dawn"},
              {"type": "vote", "target": "Paul", "votes": 3}]
    for seq, event in enumerate(events):
        store().append(code, event, seq)
    at = app(code=code, view="public").run()
    shown = texts(at) + "\n".join(str(m.value) for m in at.metric)
    assert "Exclus : Paul" in shown and "2 / 10" in shown
    for secret in ("Saboteur", "Fainéant", "Policier", "Voyante", "mort", "en vie", "Julie :"):
        assert secret.lower() not in shown.lower(), secret
    assert not at.get("html")  # no narrator, no script in the public view
    assert not [b for b in at.button if b.key and b.key.startswith("elsen_")]


def test_secret_view_opens_on_a_tap() -> None:
    code = new_game(list(EXAMPLE))
    store().append(code, {"type": "deal", "method": "cards", "roles": EXAMPLE}, 0)
    at = app(code=code).run()
    assert not at.table
    at = click(at, "elsen_secret_show")
    table = at.table[0].value
    assert list(table["rôle"]) == ["Saboteur", "Fainéant", "Travailleur", "Policier", "Voyante"]
    at.session_state["elsen_secret_until"] = time.time() - 1  # the delay has passed
    assert not at.run().table
    at = click(click(at, "elsen_secret_show"), "elsen_secret_hide")
    assert not at.table


def test_names_are_escaped_in_the_narrator_html() -> None:
    from companion.games.elsen.narration import Line, Script

    evil = '</script><img src=x onerror="alert(1)">'
    body = narrator_html(Script("mission", "Tour 1", (Line(f"{evil}, choisis", evil),)), 0, "k")
    assert evil not in body
    assert "&lt;/script&gt;&lt;img" in body and "\\u003c/script\\u003e" in body


def test_the_end_of_the_game_is_narrated_and_roles_shown_to_the_game_master() -> None:
    code = new_game(list(EXAMPLE))
    events = [{"type": "deal", "method": "cards", "roles": EXAMPLE}, {"type": "recognition"},
              {"type": "mission", "team": ["Pierre", "Paul", "Julie"],
               "cards": ["action-travailleur", "action-faineant", "action-mission-reussie"]},
              {"type": "protect", "target": "Julie"}, {"type": "seer", "target": "Jean"},
              {"type": "dawn"}, {"type": "vote", "target": "Jean", "votes": 4}]
    for seq, event in enumerate(events):
        store().append(code, event, seq)
    at = app(code=code).run()
    body = narrated(at)
    assert "Jean quitte le vaisseau" in body
    at = click(at, "elsen_next")
    assert "les passagers l&#x27;emportent" in narrated(at)
    assert "Jean : Saboteur" in narrated(at)  # the game master's note, once it is over
    at = walk_to_entry(at)
    assert next(b for b in at.button if b.key == "elsen_next").disabled
    assert not at.exception


def test_names_reach_markdown_widgets_as_plain_text() -> None:
    """Widget labels, st.warning and st.info render markdown: a name like « **Zoé** » or
    « [x](http://evil) » was shown bold or as a link in the team label, the deal form and the
    checker's warnings."""
    from tableapp.look.usertext import plain

    names = ["**Zoé**", "[x](http://e.vil)", "Paul", "Pierre", "_Julie_"]
    roles = dict(zip(names, EXAMPLE.values(), strict=True))
    code = new_game(names)
    at = app(code=code).run()
    assert [s.label for s in at.pills if s.key and s.key.startswith("elsen_deal_")] == [
        plain(n) for n in names]
    for seq, event in enumerate([{"type": "deal", "method": "cards", "roles": roles},
                                 {"type": "recognition"}]):
        store().append(code, event, seq)
    at = walk_to_entry(app(code=code).run())
    assert at.pills(key="elsen_team").label.startswith(
        "Équipe choisie par \\*\\*Zoé\\*\\*")
    at.pills(key="elsen_team").set_value(["**Zoé**", "[x](http://e.vil)", "Paul"])
    for card in ("sabotage", "mission-reussie", "travailleur"):
        at.number_input(key=f"elsen_card_{card}").set_value(1)
    # the checker's words, a preview before the tap (issue 36: text, not yet a refusal)
    warnings = [m.value for m in at.run().markdown if "Carte impossible" in m.value]
    assert warnings and all("**" not in w and "](" not in w for w in warnings), warnings
    assert any(plain(n) in w for n in names[:3] if n != "Paul" for w in warnings), warnings


def test_card_counters_keep_the_data_order_when_columns_stack() -> None:
    """On a phone Streamlit stacks columns: with one set of 4 columns the counters read
    Mission réussie, Docteur, Mission réussie fantôme, Ingénieur… (column by column)."""
    from companion.games.elsen.setup import elsen_data

    code = new_game(list(EXAMPLE))
    for seq, event in enumerate([{"type": "deal", "method": "cards", "roles": EXAMPLE},
                                 {"type": "recognition"}]):
        store().append(code, event, seq)
    at = walk_to_entry(app(code=code).run())
    keys = [n.key for n in at.number_input if n.key and n.key.startswith("elsen_card_")]
    assert keys == [f"elsen_card_{c.id}" for c in elsen_data().action_cards]


def test_impossible_cards_need_the_host_to_force_them_with_a_reason() -> None:
    """elsen.txt › cartes action: « Sabotage : Cette carte peut être utilisée que par les
    saboteurs »: a team without saboteur revealing a Sabotage is refused by default; the host
    may force it with a reason, which the log keeps (registre ELS-9)."""
    code = new_game(list(EXAMPLE))
    s = store()
    s.append(code, {"type": "deal", "method": "cards", "roles": EXAMPLE}, 0)
    s.append(code, {"type": "recognition"}, 1)
    at = walk_to_entry(app(code=code).run())
    at.pills(key="elsen_team").set_value(["Paul", "Pierre", "Marie"])
    for card in ("sabotage", "travailleur", "mission-reussie"):
        at.number_input(key=f"elsen_card_{card}").set_value(1)
    at.run()
    assert "Carte impossible : « Sabotage »" in texts(at).replace("\\", "")
    # a tap writes nothing and says why beside « Valider la mission » (issue 36), forced
    # without a reason too
    for forced in (False, True):
        at.toggle(key="elsen_force").set_value(forced)
        at = click(at.run(), "elsen_mission_ok")
        assert store().load(code).seq == 2
        assert "Forcer quand même" in at.error[0].value.replace("\\", "")
    at.text_input(key="elsen_force_reason").input("la carte est tombée, vue par tous").run()
    at = click(at, "elsen_mission_ok")
    stored = store().load(code)
    assert stored.events[-1]["forcer"] == "la carte est tombée, vue par tous"
    assert stored.state.missions[-1]["sabotaged"]
    assert not at.exception


def test_a_vote_says_what_it_records_and_never_carries_a_count_over() -> None:
    """Issue 36: nothing is chosen beforehand (no « 0 voix » by default), the button says the
    vote it records, and the hands counted for one name are forgotten when another is
    designated: a tap then records nothing and says why."""
    code = new_game(list(EXAMPLE))
    events = [{"type": "deal", "method": "cards", "roles": EXAMPLE}, {"type": "recognition"},
              {"type": "mission", "team": ["Jean", "Paul", "Pierre"],
               "cards": ["action-elimination", "action-faineant", "action-travailleur"]},
              {"type": "protect", "target": "Julie"}, {"type": "kill", "victim": "Marie"},
              {"type": "seer", "target": "Pierre"}, {"type": "dawn"}]
    for seq, event in enumerate(events):
        store().append(code, event, seq)
    at = walk_to_entry(app(code=code).run())

    def label() -> str:
        return str(next(b for b in at.button if b.key == "elsen_vote_ok").label)

    assert at.pills(key="elsen_vote_target").value is None and label() == "Valider le vote"
    at.pills(key="elsen_vote_target").set_value("Paul").run()
    assert at.pills(key="elsen_vote_count").value is None
    at.pills(key="elsen_vote_count").set_value(3).run()
    assert label() == "Valider : Paul, 3 voix — exclusion"
    at.pills(key="elsen_vote_target").set_value("Marie").run()
    assert at.pills(key="elsen_vote_count").value is None and label() == "Valider le vote"
    at = click(at, "elsen_vote_ok")
    assert store().load(code).seq == 7 and "Marie" in at.error[0].value
    at.pills(key="elsen_vote_target").set_value("").run()
    assert label() == "Valider : personne n'est exclu"
    click(at, "elsen_vote_ok")
    assert store().load(code).events[-1] == {"type": "vote", "target": None, "votes": 0}
