"""The game master's script: the rules' night order, and what is spoken never puts a player's
name next to a role (registre ELS-14)."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games.elsen.engine import ENGINE, ElsenState
from companion.games.elsen.narration import script, tokens_fr
from companion.games.elsen.setup import elsen_data, parse_setup, random_deal

DATA = elsen_data()
EXAMPLE = {"Jean": "saboteur", "Paul": "faineant", "Pierre": "travailleur",
           "Marie": "policier", "Julie": "voyante"}
ROLE_WORDS = [r.name for r in DATA.roles]
FIRST_NAMES = ["Jean", "Paul", "Pierre", "Marie", "Julie", "Inès", "Mathis", "Léa", "Hugo",
               "Chloé", "Noah", "Zoé", "Karim", "Aïcha", "Yann"]


def example_after(events: list[dict]) -> ElsenState:
    state = ENGINE.new_state({"players": list(EXAMPLE),
                              "special_roles": ["voyante", "policier", "travailleur",
                                                "faineant"]})
    for event in [{"type": "deal", "method": "cards", "roles": EXAMPLE},
                  {"type": "recognition"}, *events]:
        state.apply(event)
    return state


def test_tokens_in_french() -> None:
    assert [tokens_fr(h) for h in (0, 1, 2, 5, 6)] == [
        "aucun jeton", "un demi-jeton", "1 jeton", "2 jetons et demi", "3 jetons"]


def test_worked_example_night_in_the_rules_order() -> None:
    day = [{"type": "mission", "team": ["Jean", "Paul", "Pierre"],
            "cards": ["action-elimination", "action-faineant", "action-travailleur"]}]
    night = [{"type": "protect", "target": "Julie"}, {"type": "kill", "victim": "Marie"},
             {"type": "seer", "target": "Pierre"}, {"type": "dawn"}]
    spoken: list[str] = []
    notes: list[str] = []
    for k in range(len(night) + 1):
        for line in script(example_after(day + night[:k])).lines:
            spoken.append(line.spoken)
            notes.append(line.note)
    text = "\n".join(spoken)
    assert "La mission avance de 2 jetons et demi." in text
    assert "il manque un demi-jeton" in text
    order = ["ferme les yeux", "Policier, ouvre", "Policier, ferme", "Saboteurs, ouvrez",
             "Saboteurs, fermez", "Voyante, ouvre", "Voyante, ferme", "rends leurs cartes",
             "Tout le monde se réveille"]
    positions = [text.index(step) for step in order]
    assert positions == sorted(positions)
    assert "Policier : Marie (en vie)." in notes  # the game master sees who it is
    assert "Pierre : EN VIE, levez le pouce." in notes


def test_first_night_wakes_the_saboteurs_to_recognise_each_other() -> None:
    state = ENGINE.new_state({"players": list(EXAMPLE)})
    state.apply({"type": "deal", "method": "cards", "roles": EXAMPLE})
    lines = script(state).lines
    assert [line.spoken for line in lines][2] == "Saboteurs, ouvrez les yeux et reconnaissez-vous."
    assert "Jean" in lines[2].note and "Jean" not in lines[2].spoken


def test_an_excluded_role_is_still_called_so_the_table_learns_nothing() -> None:
    base = [{"type": "mission", "team": ["Pierre", "Paul", "Julie"],
             "cards": ["action-travailleur", "action-faineant", "action-mission-reussie"]},
            {"type": "protect", "target": "Julie"}, {"type": "seer", "target": "Jean"},
            {"type": "dawn"}, {"type": "vote", "target": "Marie", "votes": 4},
            {"type": "mission", "team": ["Pierre", "Paul", "Julie"],
             "cards": ["action-travailleur", "action-faineant", "action-mission-reussie"]}]
    state = example_after(base)
    line = script(state).lines[-1]
    assert line.spoken.startswith("Policier, ouvre les yeux")
    assert "exclu" in line.note
    state.apply({"type": "protect", "target": None})


def test_vote_lines_carry_the_countdowns() -> None:
    state = example_after([{"type": "mission", "team": ["Pierre", "Paul", "Julie"],
                            "cards": ["action-travailleur", "action-faineant",
                                      "action-mission-reussie"]},
                           {"type": "protect", "target": "Julie"},
                           {"type": "seer", "target": "Jean"}, {"type": "dawn"}])
    lines = script(state, discussion=120, vote=30).lines
    assert [line.timer for line in lines if line.timer] == [120, 30]
    assert "3 voix sur 5" in lines[-1].spoken


def test_night_roles_get_a_countdown_only_when_switched_on() -> None:
    """elsen.txt › Phase de jeu Nuit wakes the Policier, the saboteurs (a kill was due: the
    example's Élimination) and the Voyante; with the countdowns on (registre ELS-19), the line
    that wakes each one carries its seconds, and nothing else does."""
    day = [{"type": "mission", "team": ["Jean", "Paul", "Pierre"],
            "cards": ["action-elimination", "action-faineant", "action-travailleur"]}]
    night = {"policier": 12, "saboteurs": 25, "voyante": 18}
    steps = [("protect", {"type": "protect", "target": "Julie"}, 12),
             ("kill", {"type": "kill", "victim": "Marie"}, 25),
             ("seer", {"type": "seer", "target": "Pierre"}, 18)]
    events = list(day)
    for step, event, seconds in steps:
        state = example_after(events)
        assert state.next_step() == step
        off = script(state).lines
        on = script(state, night=night).lines
        assert [line.spoken for line in off] == [line.spoken for line in on]
        assert not any(line.timer for line in off)
        timed = [line for line in on if line.timer]
        assert [line.timer for line in timed] == [seconds]
        assert timed[0] == on[-1]  # the line that waits for the role's choice
        assert "ouvre" in timed[0].spoken or "Choisissez" in timed[0].spoken
        events.append(event)
    # the first night: the saboteurs' recognition gets the saboteurs' seconds
    state = ENGINE.new_state({"players": list(EXAMPLE), "special_roles":
                              ["voyante", "policier", "travailleur", "faineant"]})
    state.apply({"type": "deal", "method": "cards", "roles": EXAMPLE})
    timed = [line for line in script(state, night=night).lines if line.timer]
    assert [(line.spoken, line.timer) for line in timed] == [
        ("Saboteurs, ouvrez les yeux et reconnaissez-vous.", 25)]


# --- the property -------------------------------------------------------------------------


def random_game(names: list[str], rnd: random.Random) -> Iterator[ElsenState]:
    """A game with random legal choices, yielded after every event."""
    pool = [r.id for r in DATA.roles if r.special]
    room = min(len(pool), len(names) - DATA.saboteurs[len(names)])
    specials = rnd.sample(pool, rnd.randint(0, room))
    state = ENGINE.new_state({"players": names, "special_roles": specials})
    yield state
    state.apply(random_deal(DATA, parse_setup(DATA, {"players": names,
                                                     "special_roles": specials}),
                            rnd.randrange(10**6)))
    cards = [f"action-{c.id}" for c in DATA.action_cards]
    while state.phase != "over":
        yield state
        step = state.next_step()
        aboard = state.aboard
        event: dict = {"type": step}
        if step == "mission":
            team = rnd.sample(aboard, rnd.randint(state.min_team(), len(aboard)))
            event.update(team=team, cards=[rnd.choice(cards) for _ in team])
            if state.preview_mission(event).violations:  # random cards: forced (ELS-9)
                event["forcer"] = "partie tirée au hasard"
        elif step in ("protect", "seer"):
            role = "policier" if step == "protect" else "voyante"
            event["target"] = None if state.holder(role) in state.excluded else rnd.choice(aboard)
        elif step == "kill":
            event["victim"] = rnd.choice([p for p in aboard if state.alive[p]])
        elif step == "vote":
            target = rnd.choice([*aboard, None])
            event.update(target=target, votes=rnd.randint(0, len(aboard)) if target else 0)
        state.apply(event)
    yield state


names_strategy = st.lists(
    st.one_of(st.sampled_from(FIRST_NAMES),
              st.text(alphabet="bcdfghjkmnpqrvwxz", min_size=3, max_size=8).map(
                  lambda s: "Zq" + s)),
    min_size=5, max_size=15, unique_by=str.casefold)


def contains_word(text: str, word: str) -> bool:
    return re.search(rf"(?<!\w){re.escape(word)}s?(?!\w)", text, re.IGNORECASE) is not None


@given(names_strategy, st.randoms(use_true_random=False))
@settings(max_examples=40, deadline=None)
def test_no_spoken_line_names_a_player_with_a_role(names: list[str],
                                                   rnd: random.Random) -> None:
    spoken_any = 0
    for state in random_game(names, rnd):
        for line in script(state).lines:
            spoken_any += 1
            roles = [r for r in ROLE_WORDS if contains_word(line.spoken, r)]
            people = [p for p in names if contains_word(line.spoken, p)]
            assert not (roles and people), (line.spoken, roles, people)
    assert spoken_any > 0


def test_the_property_would_catch_a_leaking_line() -> None:
    leaking = "Voyante, ouvre les yeux, Julie."
    assert contains_word(leaking, "Voyante") and contains_word(leaking, "Julie")
    assert not contains_word("Saboteurs, ouvrez les yeux.", "Zqsab")


def test_a_sabotaged_mission_is_announced_in_plain_french() -> None:
    """After a sabotage the script said « Elle en est à aucun jeton sur 3 »."""
    state = example_after([{"type": "mission", "team": ["Jean", "Marie", "Julie"],
                            "cards": ["action-sabotage", "action-mission-reussie",
                                      "action-mission-reussie"]}])
    spoken = [line.spoken for line in script(state).lines]
    assert "Sabotage ! La mission en cours retombe à zéro." in spoken
    assert "Elle est à zéro sur 3 : il manque 3 jetons." in spoken
    assert not any("à aucun jeton" in line for line in spoken)
