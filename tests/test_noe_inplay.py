"""Every card the log names is tracked within its manche (registre NOE-14): golden cases from
each sentence of the rules (accepted and refused), the checkers that follow, and random legal
manches (hypothesis) that never reuse an action card while every reuse is refused without
trace.

« les cartes utilisées pour lancer une action sont définitivement perdues après le tour de
jeu »; « déposées face visible sur la pile de la défausse »; « nous n'avons pas le droit de
prendre une carte ayant servi à une action sur la pile de la défausse »; « Chaque carte est
unique » (noe-complot-a-l-elysee.txt, Niveau 1 and 2); Niveau 3 › Les attentats."""

from __future__ import annotations

import copy
import json
import random
import subprocess
import sys
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.core.engine import InvalidEvent, engine_for, replay
from companion.core.errors import RuleError
from companion.games.noe import refs
from companion.games.noe.cards import deck
from companion.games.noe.control import check_control
from companion.games.noe.engine import NoeState
from companion.games.noe.hand import analyse
from companion.games.noe.inplay import from_json, used_for_action

PLAYERS = ["Alice", "Bruno", "Chloé", "Driss"]
# two trios: 3 Enquêteurs and 3 Pompiers (« 3 Enquêteurs et 3 Pompiers »), also Plan Étaré
ENQ_HAND = ["enqueteurs-max", "enqueteurs-sarah", "enqueteurs-david",
            "pompiers-camille", "pompiers-clara", "pompiers-etienne"]
DURON_HAND = ["famille-duron-emma", "famille-duron-estelle", "famille-duron-etienne",
              "famille-duron-henri", "famille-duron-noe", "famille-duron-marc"]


def game(level: int = 3) -> NoeState:
    return NoeState({"players": PLAYERS, "level": level, "target": 400})


def control(player: str, target: str, by: list[str], defence: str | None = None,
            manche: int = 1, **extra: Any) -> dict[str, Any]:
    return {"type": "control", "manche": manche, "player": player, "target": target, "by": by,
            "defence": defence, **extra}


def ann(player: str, announcement: str, cards: list[str] | None = None, manche: int = 1,
        kind: str = "announcement") -> dict[str, Any]:
    event: dict[str, Any] = {"type": kind, "manche": manche, "player": player,
                             "announcement": announcement}
    if cards is not None:
        event["cards"] = cards
    return event


def attentat(player: str, killed: str, card: str = "attentat-todorov",
             manche: int = 1) -> dict[str, Any]:
    return {"type": "attentat", "manche": manche, "player": player, "attentat": card,
            "killed": killed}


def refused(state: NoeState, event: dict[str, Any], rule: str | None = None,
            says: str | None = None) -> RuleError:
    """The event is refused with that rule, and the state is exactly as it was."""
    before = json.dumps(state.summary(), sort_keys=True)
    with pytest.raises(RuleError) as err:
        state.apply(copy.deepcopy(event))
    assert json.dumps(state.summary(), sort_keys=True) == before
    if rule is not None:
        assert err.value.rule == rule, err.value
    if says is not None:
        assert says in err.value.reason, err.value.reason
    return err.value


def name(card_id: str) -> str:
    return deck().cards[card_id].name


# --- « les cartes utilisées pour lancer une action sont définitivement perdues » --------------


def test_a_second_control_with_the_same_investigator_is_refused() -> None:
    s = game()
    s.apply(control("Alice", "Bruno", ["enqueteurs-max"]))
    error = refused(s, control("Chloé", "Driss", ["enqueteurs-max"]), refs.ACTIONS,
                    "définitivement perdues")
    assert name("enqueteurs-max") in error.reason and "contrôle d’Alice" in error.reason
    refused(s, control("Alice", "Driss", ["enqueteurs-max"]), refs.ACTIONS)
    refused(s, control("Bruno", "Chloé", ["enqueteurs-amelie", "enqueteurs-max",
                                          "enqueteurs-clara"]), refs.ACTIONS)
    s.apply(control("Chloé", "Driss", ["enqueteurs-sarah"]))  # another investigator: accepted
    assert [c["outcome"] for c in s.summary()["controls"]] == ["saisie", "saisie"]


def test_the_cards_of_a_blocked_control_are_gone_too() -> None:
    """« La ou les cartes Enquêteurs ayant servi au contrôle ou à la descente sont déposées face
    visible sur la pile de la défausse »; « nous n'avons pas le droit de prendre une carte ayant
    servi à une action sur la pile de la défausse »."""
    s = game()
    s.apply(control("Alice", "Bruno", ["enqueteurs-arthur"], "etat-major-sarah"))
    assert s.summary()["controls"][0]["outcome"] == "bloqué"
    error = refused(s, control("Chloé", "Driss", ["enqueteurs-arthur"]), refs.CONTROL_LIMITS,
                    "ne se reprend pas")
    assert "bloqué" in error.reason
    refused(s, ann("Chloé", "complot", ["enqueteurs-arthur", *ENQ_HAND[1:]],
                   kind="false_announcement"), refs.CONTROL_LIMITS)
    # the card shown in defence is kept by its owner: it stays in play
    s.apply(control("Chloé", "Bruno", ["enqueteurs-noe"], "etat-major-sarah"))


def test_a_complot_listing_the_card_just_used_is_refused_and_accepted_next_manche() -> None:
    s = game()
    s.apply(control("Alice", "Bruno", ["enqueteurs-max"]))
    refused(s, ann("Alice", "complot", ENQ_HAND), refs.ACTIONS, "dans cette main")
    refused(s, ann("Chloé", "complot", ENQ_HAND), refs.ACTIONS)
    s.apply({"type": "end_manche", "manche": 1})
    s.apply(ann("Alice", "complot", ENQ_HAND, manche=2))  # a new deal: every card is back
    s.apply(control("Bruno", "Chloé", ["enqueteurs-amelie"], manche=2))
    assert s.summary()["scores"]["Alice"] == 15
    assert set(s.summary()["manches"][1]["out_of_play"]) == {*ENQ_HAND, "enqueteurs-amelie"}


def test_the_same_control_replays_in_the_next_manche() -> None:
    events = [control("Alice", "Bruno", ["enqueteurs-max"]), {"type": "end_manche", "manche": 1},
              control("Alice", "Bruno", ["enqueteurs-max"], manche=2)]
    assert len(replay("noe", {"players": PLAYERS, "level": 2}, events).summary()["controls"]) == 2
    with pytest.raises(InvalidEvent) as err:
        replay("noe", {"players": PLAYERS, "level": 2}, [events[0], events[0]])
    assert err.value.index == 1 and err.value.rule == refs.ACTIONS


# --- « Chaque carte est unique »: announcements --------------------------------------------


def test_a_card_in_two_announcements_of_one_manche_is_refused() -> None:
    s = game()
    s.apply(ann("Alice", "plan-etare", ENQ_HAND))
    other = ["pompiers-camille", *DURON_HAND[:5]]
    error = refused(s, ann("Bruno", "complot", other), refs.CATEGORIES, "déjà posée sur la table")
    assert "annonce d’Alice" in error.reason
    refused(s, ann("Bruno", "six-duron", other, kind="false_announcement"), refs.CATEGORIES)
    refused(s, control("Bruno", "Chloé", ["enqueteurs-max"]), refs.CATEGORIES)
    refused(s, control("Bruno", "Chloé", ["enqueteurs-noe"], "enqueteurs-sarah"),
            refs.CATEGORIES)  # a laid-down card cannot be shown in defence either
    s.apply(ann("Bruno", "six-duron", DURON_HAND))  # no card shared: accepted
    assert s.summary()["scores"]["Bruno"] == 25


def test_a_false_announcement_leaves_its_cards_in_play() -> None:
    """A mistaken « Complot ! »: the player takes the hand back (Démarrage du jeu)."""
    s = game()
    s.apply(ann("Alice", "six-duron", ENQ_HAND, kind="false_announcement"))
    assert s.summary()["manches"][0]["out_of_play"] == {}
    s.apply(ann("Alice", "complot", ENQ_HAND))
    assert s.summary()["scores"]["Alice"] == 15


def test_an_announcement_without_its_cards_tracks_nothing() -> None:
    s = game()
    s.apply(ann("Alice", "complot"))
    s.apply(ann("Bruno", "complot", ENQ_HAND))
    assert set(s.summary()["manches"][0]["out_of_play"]) == set(ENQ_HAND)


# --- seizures ----------------------------------------------------------------------------------


def test_a_seizure_takes_one_card_per_investigator_and_they_stay_in_play() -> None:
    s = game()
    s.apply(control("Alice", "Bruno", ["enqueteurs-noe"], seized=["pompiers-camille"]))
    s.apply(ann("Alice", "complot", ENQ_HAND))  # the seized card is now in Alice's hand
    s.apply(control("Bruno", "Chloé", ["enqueteurs-amelie", "enqueteurs-clara",
                                       "enqueteurs-emma"],
                    seized=["famille-duron-noe", "alphas-sally", "archange-noe"]))
    assert len(s.summary()["controls"]) == 2


@pytest.mark.parametrize(("by", "defence", "seized", "rule", "says"), [
    (["enqueteurs-noe"], None, ["pompiers-camille", "pompiers-clara"], refs.ACTIONS,
     "un contrôle saisit 1 carte"),
    (["enqueteurs-amelie", "enqueteurs-clara", "enqueteurs-emma"], None, ["pompiers-camille"],
     refs.DESCENTE, "une descente saisit 3 cartes"),
    (["enqueteurs-arthur"], "etat-major-sarah", ["pompiers-camille"], refs.CONTROL_LIMITS,
     "rien n'est saisi"),
    (["enqueteurs-noe"], None, ["enqueteurs-noe"], refs.CATEGORIES, "posée sur la table"),
    (["enqueteurs-noe"], None, ["attentat-svetlana"], refs.ATTENTATS, "jamais en main"),
    (["enqueteurs-noe"], None, ["zzz"], refs.CHARACTERS, "carte inconnue"),
    (["enqueteurs-noe"], None, "pompiers-camille", refs.ACTIONS, "« seized »"),
])
def test_a_wrong_seizure_is_refused(by: list[str], defence: str | None, seized: Any,
                                    rule: str, says: str) -> None:
    refused(game(), control("Alice", "Bruno", by, defence, seized=seized), rule, says)


def test_the_card_shown_in_a_failed_defence_may_be_seized() -> None:
    """The opposition fails (Arthur État-Major is not above Noé Enquêteur): the whole hand is
    shown to the attacker, who may take the card that was shown."""
    s = game()
    s.apply(control("Alice", "Bruno", ["enqueteurs-noe"], "etat-major-arthur",
                    seized=["etat-major-arthur"]))
    assert s.summary()["controls"][0]["outcome"] == "saisie"


def test_a_card_out_of_play_cannot_be_seized() -> None:
    s = game()
    s.apply(ann("Driss", "plan-etare", ENQ_HAND))
    refused(s, control("Alice", "Bruno", ["enqueteurs-noe"], seized=["pompiers-clara"]),
            refs.CATEGORIES, "parmi les cartes saisies")


def test_a_mechant_is_seized_only_at_level_three() -> None:
    refused(game(2), control("Alice", "Bruno", ["enqueteurs-noe"],
                             seized=["espion-rouge-olga"]), refs.GENERAL, "niveau 3")
    game(3).apply(control("Alice", "Bruno", ["enqueteurs-noe"], seized=["espion-rouge-olga"]))


# --- Niveau 3 › Les attentats ------------------------------------------------------------------


def test_an_attentat_kills_a_card_that_leaves_play_with_it() -> None:
    s = game()
    s.apply(attentat("Bruno", "famille-duron-noe"))
    summary = s.summary()
    assert summary["attentats"][0]["killed"] == "famille-duron-noe"
    assert summary["turn"] == "Chloé"  # the turn is over
    gone = summary["manches"][0]["out_of_play"]
    assert set(gone) == {"famille-duron-noe", "attentat-todorov"}
    refused(s, ann("Chloé", "six-duron", DURON_HAND), refs.ATTENTATS, "tuée par un Attentat")
    refused(s, attentat("Chloé", "pompiers-clara"), refs.ATTENTATS, "a déjà frappé")
    refused(s, attentat("Chloé", "famille-duron-noe", "attentat-svetlana"), refs.ATTENTATS)
    s.apply(attentat("Chloé", "pompiers-clara", "attentat-svetlana"))
    s.apply({"type": "end_manche", "manche": 1})
    s.apply(ann("Chloé", "six-duron", DURON_HAND, manche=2))  # a new deal


@pytest.mark.parametrize(("event", "level", "rule", "says"), [
    (attentat("Bruno", "pompiers-clara"), 2, refs.ATTENTATS, "niveau 3"),
    (attentat("Bruno", "pompiers-clara", "espion-rouge-olga"), 3, refs.ATTENTATS, "« attentat »"),
    (attentat("Bruno", "attentat-svetlana"), 3, refs.ATTENTATS, "jamais en main"),
    ({**attentat("Bruno", "x"), "killed": None}, 3, refs.ATTENTATS, "« killed »"),
    (attentat("Zoé", "pompiers-clara"), 3, refs.GENERAL, "joueur inconnu"),
])
def test_a_wrong_attentat_is_refused(event: dict[str, Any], level: int, rule: str,
                                     says: str) -> None:
    refused(game(level), event, rule, says)


def test_a_player_who_has_laid_down_draws_no_attentat() -> None:
    s = game()
    s.apply(ann("Bruno", "complot"))
    refused(s, attentat("Bruno", "pompiers-clara"), refs.START, "déjà annoncé")


# --- older games, and the checkers that follow --------------------------------------------------


def test_rules_version_one_still_replays_a_reuse() -> None:
    """A game stored before the change replays, read only, with its own rules (NOE-14)."""
    from companion.core.engine import readable_versions, rules_version

    assert rules_version("noe") == 2 and readable_versions("noe") == (1,)
    setup = {"players": PLAYERS, "level": 3}
    events = [control("Alice", "Bruno", ["enqueteurs-max"]),
              control("Chloé", "Driss", ["enqueteurs-max"])]
    old = engine_for("noe", 1).new_state(setup)
    for event in events:
        old.apply(event)
    assert len(old.summary()["controls"]) == 2
    with pytest.raises(InvalidEvent):
        replay("noe", setup, events)


def test_the_hand_checker_refuses_a_card_out_of_play() -> None:
    gone = {"enqueteurs-max": used_for_action("Alice", "controle", False)}
    with pytest.raises(RuleError) as err:
        analyse(ENQ_HAND, 3, gone)
    assert err.value.rule == refs.ACTIONS
    assert analyse(ENQ_HAND, 3).best is not None  # without a game: the hand alone


def test_the_control_checker_refuses_a_card_out_of_play() -> None:
    s = game()
    s.apply(control("Alice", "Bruno", ["enqueteurs-max"]))
    s.apply(ann("Chloé", "plan-etare", ["etat-major-noe", *ENQ_HAND[1:]]))
    gone = from_json(s.summary()["manches"][0]["out_of_play"])
    with pytest.raises(RuleError, match="définitivement perdues"):
        check_control(["enqueteurs-max"], None, gone)
    with pytest.raises(RuleError, match="comme défense"):
        check_control(["enqueteurs-noe"], "etat-major-noe", gone)
    assert check_control(["enqueteurs-noe"], "etat-major-sophie", gone).allowed


def test_the_cli_checkers_take_the_cards_out_of_play() -> None:
    def run(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-m", "companion", "noe", *args],
                              capture_output=True, text=True, timeout=60)

    out = run("control", "--by", "enqueteurs-max", "--gone", "enqueteurs-max")
    assert out.returncode == 2 and "registre NOE-14" in out.stderr
    assert "Traceback" not in out.stderr
    out = run("hand", *ENQ_HAND, "--gone", "enqueteurs-noe")
    assert out.returncode == 0 and "Plan Étaré" in out.stdout
    out = run("hand", *ENQ_HAND, "--gone", "pompiers-clara")
    assert out.returncode == 2 and "sortie du jeu" in out.stderr


# --- random legal manches (hypothesis) ----------------------------------------------------------


class Table:
    """A real deal played card by card, legally: draws from the pile or the discard's top card
    (never a card used for an action or covered), contrôles and descentes with the Enquêteurs
    in hand, seizures, Attentats drawn, announcements the hand allows. Every fact the log holds
    goes through the engine."""

    def __init__(self, state: NoeState, rng: random.Random) -> None:
        self.state, self.rng = state, rng
        level = state.level
        self.pile = [c.id for c in deck().data.components(level=level)]
        rng.shuffle(self.pile)
        self.hands = {p: [] for p in state.players}  # type: dict[str, list[str]]
        self.discard: list[str] = []
        self.dead: set[str] = set()  # used for an action, covered, killed, laid down
        self.used: list[str] = []  # the Enquêteurs used this manche
        self.events: list[dict[str, Any]] = []
        for _ in range(6):  # Attentats dealt are discarded and replaced (Niveau 3)
            for p in state.players:
                self.hands[p].append(self._draw())
        self.discard.append(self._draw())

    def _draw(self) -> str:
        while True:
            card = self.pile.pop()
            if not deck().cards[card].is_attentat or self.state.level < 3:
                return card
            self.dead.add(card)  # an Attentat met while refilling is discarded again

    def apply(self, event: dict[str, Any]) -> None:
        self.state.apply(copy.deepcopy(event))
        self.events.append(event)

    def play_manche(self) -> None:
        m = self.state.current
        turn = 0
        while not m.ended and len(self.pile) > 8 and turn < 80:
            active = self.state.active()
            p = active[turn % len(active)]
            turn += 1
            self.turn(p)
        if not m.ended:
            self.apply({"type": "end_manche", "manche": m.number})

    def turn(self, p: str) -> None:
        rng, hand, number = self.rng, self.hands[p], self.state.current.number
        top = self.discard[-1] if self.discard else None
        if top is not None and top not in self.dead and rng.random() < 0.3 \
                and not deck().cards[top].is_attentat:
            card = self.discard.pop()
        else:
            card = self.pile.pop()
            if deck().cards[card].is_attentat and self.state.level == 3:
                victim = hand.pop(rng.randrange(len(hand)))
                self.apply(attentat(p, victim, card, number))
                self.dead |= {card, victim}
                hand.append(self._draw())  # back to six cards (the lab's ATL-3 reading)
                return
        hand.append(card)
        investigators = [c for c in hand if deck().cards[c].category == "enqueteurs"]
        targets = [q for q in self.state.active() if q != p]
        if self.state.level >= 2 and targets and (len(investigators) >= 3 or (
                investigators and rng.random() < 0.15)):
            size = 3 if len(investigators) >= 3 else 1
            self.action(p, rng.sample(investigators, size), rng.choice(targets))
        else:  # Enquêteurs are mostly kept, so that descentes happen too
            keep = [c for c in hand if c not in investigators] or hand
            self.discard.append(hand.pop(hand.index(rng.choice(keep))))
        found = [f for f in analyse(hand, self.state.level).announcements
                 if not f.wait_next_turn]
        if found:
            self.apply(ann(p, rng.choice(found).id, list(hand), number))
            self.dead |= set(hand)

    def action(self, p: str, by: list[str], q: str) -> None:
        rng, number = self.rng, self.state.current.number
        for card in by:
            self.hands[p].remove(card)
        staff = [c for c in self.hands[q] if deck().cards[c].category == "etat-major"]
        defence = rng.choice(staff) if staff and rng.random() < 0.7 else None
        verdict = check_control(by, defence)
        if not verdict.allowed:
            self.apply(control(p, q, by, defence, number))
        else:
            seized = rng.sample(self.hands[q], len(by))
            for card in seized:
                self.hands[q].remove(card)
                self.hands[q].append(self._draw())
            self.hands[p] += seized
            hidden = self.hands[p].pop(rng.randrange(len(self.hands[p])))
            self.dead.add(hidden)  # under the Enquêteur: never taken again
            self.apply(control(p, q, by, defence, number,
                               seized=seized if rng.random() < 0.7 else None))
            while len(self.hands[p]) > 6:
                self.dead.add(self.hands[p].pop())
        if not verdict.allowed:
            while len(self.hands[p]) < 6:
                self.hands[p].append(self._draw())
        self.dead |= set(by)
        self.used += by
        self.try_reuse(by)

    def try_reuse(self, by: list[str]) -> None:
        """Every event naming a card just used for the action is refused without trace."""
        number = self.state.current.number
        active = self.state.active()
        for card in by:
            rules = {refs.ACTIONS, refs.CONTROL_LIMITS}
            for p in active:
                others = [q for q in active if q != p]
                if others:
                    error = refused(self.state, control(p, others[0], [card], None, number))
                    assert error.rule in rules
                hand = [card, *self.hands[p][:5]]
                error = refused(self.state, ann(p, "complot", hand, number,
                                                kind="false_announcement"))
                assert error.rule in rules


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(2, 6), level=st.sampled_from([2, 3]), seed=st.integers(0, 2**32 - 1))
def test_random_legal_manches_are_accepted_and_never_reuse_an_action_card(
        players: int, level: int, seed: int) -> None:
    rng = random.Random(seed)
    state = NoeState({"players": PLAYERS[:2] + ["Emma", "Farid", "Gaëlle", "Hugo"][:players - 2],
                      "level": level, "target": 10_000})
    used_by_manche = []
    for _ in range(2):  # two deals: the second reuses every card of the first
        table = Table(state, rng)
        table.play_manche()
        assert len(table.used) == len(set(table.used))  # never twice in one manche
        used_by_manche.append(set(table.used))
    summary = state.summary()
    assert len(summary["manches"]) == 3  # two played, the third open
    assert summary["manches"][2]["out_of_play"] == {}


def test_the_random_manches_do_launch_actions() -> None:
    """Not vacuous: a few fixed deals launch controls, descentes and seizures, reuse nothing."""
    rng = random.Random(11)
    kinds: list[str] = []
    for players in (2, 3, 4, 5, 6):
        names = PLAYERS[:2] + ["Emma", "Farid", "Gaëlle", "Hugo"][:players - 2]
        state = NoeState({"players": names, "level": 3, "target": 10_000})
        table = Table(state, rng)
        table.play_manche()
        kinds += [e["type"] for e in table.events]
        kinds += ["descente" for e in table.events
                  if e["type"] == "control" and len(e["by"]) == 3]
        kinds += ["seized" for e in table.events if e.get("seized")]
    assert kinds.count("control") >= 5 and "seized" in kinds and "descente" in kinds
