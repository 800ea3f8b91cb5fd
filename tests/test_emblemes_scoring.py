"""The end-of-round count (companion.games.emblemes.scoring): every □ effect, every reward kind,
and the register decisions EMB-1, 3, 4, 5, 13, 14."""

from __future__ import annotations

from companion.games.emblemes.cards import Card
from companion.games.emblemes.data import Reward
from companion.games.emblemes.scoring import PlaceInput, RoundScore, score_round

PLAYERS = ["rouge", "bleu", "vert"]
CHATEAU_A = [Reward(fixed=4), Reward(fixed=3), Reward(fixed=1)]  # the rules' set A, 3-4 players


def cards(*spec: tuple[str, int]) -> list[Card]:
    return [Card(owner, value) for owner, value in spec]


def score(port: list[Card] | None = None, chateau: list[Card] | None = None,
          village: list[Card] | None = None, coins: dict[str, int] | None = None,
          port_rewards: list[Reward] | None = None,
          chateau_rewards: list[Reward] | None = None) -> RoundScore:
    places = {
        "chateau": PlaceInput(chateau_rewards or CHATEAU_A, chateau or []),
        "village": PlaceInput([Reward(fixed=2)], village or []),
        "port": PlaceInput(port_rewards or [Reward(fixed=1)], port or []),
    }
    return score_round(PLAYERS, coins or dict.fromkeys(PLAYERS, 3), places)


def gained(result: RoundScore, before: int = 3) -> dict[str, int]:
    return {p: n - before for p, n in result.coins.items()}


def test_rewards_by_rank_from_the_rules_chateau() -> None:
    result = score(chateau=cards(("rouge", 12), ("bleu", 9), ("vert", 8), ("rouge", 4)))
    assert gained(result) == {"rouge": 4, "bleu": 3, "vert": 1}
    assert result.places["chateau"].rewarded == cards(("rouge", 12), ("bleu", 9), ("vert", 8))
    assert result.kept()["chateau"] == cards(("rouge", 4))


def test_cards_beyond_the_rewards_stay() -> None:
    result = score(village=cards(("rouge", 12), ("bleu", 9)))
    assert result.kept()["village"] == cards(("bleu", 9))
    assert gained(result)["rouge"] == 2 and gained(result)["bleu"] == 0


def test_every_coin_is_a_movement() -> None:
    result = score(chateau=cards(("rouge", 14), ("bleu", 13), ("vert", 6), ("bleu", 3)))
    for player in PLAYERS:
        assert result.coins[player] - 3 == sum(
            m.amount for m in result.movements if m.player == player)
    assert all(m.cause for m in result.movements)


def test_princesse_pays_every_other_card_including_her_owners_and_princesses() -> None:
    # EMB-5: bleu's other Princesse and rouge's own Garde each get 1 coin from the bank.
    result = score(village=cards(("rouge", 14), ("bleu", 14), ("rouge", 12)),
                   coins=dict.fromkeys(PLAYERS, 0))
    princesse = [m for m in result.movements if m.rule.endswith("La Princesse")]
    # two Princesses, each paying the two other cards
    assert len(princesse) == 4
    assert sum(m.amount for m in princesse if m.player == "rouge") == 3  # 1 from bleu's + 2
    assert sum(m.amount for m in princesse if m.player == "bleu") == 1


def test_princesse_acts_before_sorciere_and_is_not_cancelled() -> None:
    result = score(port=cards(("rouge", 14), ("bleu", 13), ("vert", 6), ("vert", 2)),
                   port_rewards=[Reward(fixed=0)], coins=dict.fromkeys(PLAYERS, 0))
    causes = [m.cause for m in result.movements]
    assert causes[0].startswith("La Princesse 14 (rouge)")
    assert result.coins["bleu"] == 1  # the Sorcière herself is paid by the Princesse
    assert result.coins["vert"] == 2  # Marchand cancelled (no +1 for the Matelot under 6)
    assert result.places["port"].cancelled == cards(("vert", 6), ("vert", 2))


def test_sorciere_cancels_end_of_round_effects_under_13() -> None:
    # Espionne alone for vert would gain 2, Marchand would count the Espionne: both cancelled.
    result = score(chateau=cards(("bleu", 13), ("rouge", 6), ("vert", 3)),
                   chateau_rewards=[Reward(fixed=0)])
    assert gained(result) == {"rouge": 0, "bleu": 0, "vert": 0}
    assert result.places["chateau"].cancelled == cards(("rouge", 6), ("vert", 3))


def test_traitre_reverses_the_ranking() -> None:
    result = score(chateau=cards(("rouge", 12), ("bleu", 7), ("vert", 4), ("rouge", 4)))
    place = result.places["chateau"]
    assert place.reversed
    # EMB-14: right to left, so rouge's 4 (rightmost) is first, vert's 4 second
    assert place.ranking[:3] == cards(("rouge", 4), ("vert", 4), ("bleu", 7))
    assert gained(result) == {"rouge": 4, "bleu": 1, "vert": 3}
    assert result.kept()["chateau"] == cards(("rouge", 12))


def test_traitre_reverses_once_whatever_the_number() -> None:
    one = score(chateau=cards(("rouge", 12), ("bleu", 7), ("vert", 2)))
    two = score(chateau=cards(("rouge", 12), ("bleu", 7), ("vert", 7), ("vert", 2)))
    assert one.places["chateau"].ranking[0] == Card("vert", 2)
    assert two.places["chateau"].ranking[0] == Card("vert", 2)


def test_traitre_reverses_without_sorciere_but_not_with_one() -> None:
    without = score(chateau=cards(("rouge", 12), ("bleu", 7), ("vert", 1)))
    with_sorciere = score(chateau=cards(("rouge", 13), ("rouge", 12), ("bleu", 7), ("vert", 1)))
    assert without.places["chateau"].ranking[0] == Card("vert", 1)
    assert not with_sorciere.places["chateau"].reversed  # EMB-4
    assert with_sorciere.places["chateau"].ranking[0] == Card("rouge", 13)
    assert Card("bleu", 7) in with_sorciere.places["chateau"].cancelled


def test_sorciere_cancels_the_traitre() -> None:
    result = score(village=cards(("bleu", 13), ("vert", 7), ("rouge", 1)))
    assert result.places["village"].ranking[0] == Card("bleu", 13)
    assert gained(result)["bleu"] == 2


def test_marchand_counts_cards_under_6() -> None:
    result = score(port=cards(("rouge", 9), ("rouge", 6), ("bleu", 5), ("vert", 3), ("vert", 1)),
                   port_rewards=[Reward(fixed=0)], coins=dict.fromkeys(PLAYERS, 0))
    marchand = [m for m in result.movements if m.rule.endswith("Le Marchand")]
    assert [m.amount for m in marchand] == [3]  # 5, 3 and 1 (6 is not under 6)


def test_espionne_alone_gains_2_but_not_with_a_companion() -> None:
    alone = score(village=cards(("rouge", 12), ("vert", 3)), coins=dict.fromkeys(PLAYERS, 0))
    assert alone.coins["vert"] == 2
    crowded = score(village=cards(("vert", 12), ("vert", 3)), coins=dict.fromkeys(PLAYERS, 0))
    assert crowded.coins["vert"] == 2  # only the 1st place's 2 coins, no Espionne bonus
    assert any("Espionne" in note for note in crowded.places["village"].notes)


def test_matelot_doubles_its_reward_in_the_port() -> None:
    result = score(port=cards(("rouge", 2)), port_rewards=[Reward(fixed=3)])
    assert gained(result)["rouge"] == 6


def test_matelot_loss_is_doubled_in_the_port() -> None:
    result = score(port=cards(("bleu", 9), ("rouge", 2)),
                   port_rewards=[Reward(fixed=1), Reward(fixed=-1)],
                   coins=dict.fromkeys(PLAYERS, 5))
    assert result.coins["rouge"] == 3


def test_matelot_outside_the_port_is_not_doubled() -> None:
    result = score(chateau=cards(("rouge", 2)))
    assert gained(result)["rouge"] == 4
    assert any("hors du Port" in n for n in result.places["chateau"].notes)


def test_matelot_doubles_half_value_per_card_and_steal() -> None:
    half = score(port=cards(("rouge", 2)), port_rewards=[Reward(half_value=True)])
    assert gained(half)["rouge"] == 2  # ceil(2 / 2) = 1, doubled
    per_card = score(port=cards(("bleu", 9), ("rouge", 2)),
                     port_rewards=[Reward(fixed=0), Reward(per_card=True)])
    assert gained(per_card)["rouge"] == 4
    steal = score(port=cards(("rouge", 2)), port_rewards=[Reward(steal=1)])
    assert gained(steal) == {"rouge": 4, "bleu": -2, "vert": -2}


def test_half_value_rounds_up() -> None:
    result = score(port=cards(("rouge", 9), ("bleu", 8)),
                   port_rewards=[Reward(half_value=True), Reward(half_value=True)])
    assert gained(result) == {"rouge": 5, "bleu": 4, "vert": 0}


def test_per_card_counts_every_card_of_the_place() -> None:
    result = score_round(PLAYERS, dict.fromkeys(PLAYERS, 0), {
        "chateau": PlaceInput(CHATEAU_A, []),
        "village": PlaceInput([Reward(per_card=True)], cards(("rouge", 12), ("bleu", 9),
                                                              ("vert", 8))),
        "port": PlaceInput([Reward(fixed=1)], [])})
    assert result.coins["rouge"] == 3


def test_steal_reward_takes_from_every_other_player() -> None:
    result = score(port=cards(("bleu", 9)), port_rewards=[Reward(steal=1)])
    assert gained(result) == {"rouge": -1, "bleu": 2, "vert": -1}


def test_steal_from_a_poor_player_takes_what_there_is() -> None:
    result = score(port=cards(("bleu", 9)), port_rewards=[Reward(steal=2)],
                   coins={"rouge": 1, "bleu": 0, "vert": 5})
    assert result.coins == {"rouge": 0, "bleu": 3, "vert": 3}
    assert any("n'avait que 1 pièce" in m.cause for m in result.movements)


def test_loss_never_makes_a_purse_negative() -> None:
    result = score_round(PLAYERS, {"rouge": 1, "bleu": 0, "vert": 0}, {
        "chateau": PlaceInput(CHATEAU_A, []),
        "village": PlaceInput([Reward(fixed=-3)], cards(("rouge", 9))),
        "port": PlaceInput([Reward(fixed=1)], [])})
    assert result.coins["rouge"] == 0
    assert [m.amount for m in result.movements] == [-1]


def test_zero_reward_still_discards_the_card() -> None:
    # EMB-3: a rank whose reward is 0 has still been rewarded.
    result = score(port=cards(("rouge", 9), ("bleu", 8)),
                   port_rewards=[Reward(fixed=1), Reward(fixed=0)])
    assert result.places["port"].rewarded == cards(("rouge", 9), ("bleu", 8))
    assert result.kept()["port"] == []
    zero = [m for m in result.movements if m.player == "bleu"]
    assert zero[0].amount == 0 and "quand même" in zero[0].cause


def test_places_are_counted_chateau_village_port() -> None:
    result = score(port=cards(("rouge", 9)), chateau=cards(("bleu", 9)),
                   village=cards(("vert", 9)))
    assert [m.place for m in result.movements] == ["chateau", "village", "port"]


def test_coins_given_are_not_modified() -> None:
    coins = dict.fromkeys(PLAYERS, 3)
    score(chateau=cards(("rouge", 12)), coins=coins)
    assert coins == dict.fromkeys(PLAYERS, 3)
