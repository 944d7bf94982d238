"""Every Magna Carta card: the worker's effect and the owner's effect, each in a real round.

Road positions: the four neutral cards of a 4-player test game are Park 1, Forest 2, Quarry 3
and the Peddler 4; the cards under test are laid after them (5, 6, ...). The provost stands on
the last card unless a test says otherwise.
"""

from __future__ import annotations

import pytest

from engine.errors import IllegalAction
from engine.magna_carta import apply, legal_actions
from engine.magna_carta.phases import incomes
from tests.mc_helpers import (
    cubes_of,
    decision,
    legal,
    play,
    play_events,
    position,
    to_activation,
)

# Seat 0 places a worker, then seat 1 passes first (+1 d) and the others pass; deniers checked
# after the round has ended include the income of round 2.
FIRST, INCOME = 1, 2

# ---------------------------------------------------------------- neutral cards


@pytest.mark.parametrize(
    ("at", "gain", "name"),
    [(1, "F", "park"), (2, "W", "forest"), (3, "S", "quarry")],
)
def test_neutral_production_worker_takes_one_cube(at, gain, name):
    s = position(cubes={0: ""}, provost=4)
    s = to_activation(s, {0: [f"place {at}"]})
    assert cubes_of(s, 0) == gain, name


def test_neutral_trading_post_worker_takes_two_deniers():
    s = position(neutral=["n-trading", "n-park", "n-forest", "n-peddler"], deniers=5, provost=4)
    s, events = play_events(
        s, (0, "place 1"), (1, "pass"), (2, "pass"), (3, "pass"), (0, "pass"), *["skip"] * 4
    )
    assert [e.text for e in events if e.kind == "gain"] == [
        "{s} takes 2 d (worker on the Trading Post (1))"
    ]
    assert s.round == 2 and s.players[0].deniers == 5 - 1 + 2 + 2  # + round 2 income


def test_neutral_peddler_worker_buys_one_non_gold_cube_for_one_denier():
    s = position(cubes={0: ""}, deniers=5, provost=4)
    s = to_activation(s, {0: ["place 4"]})
    assert decision(s) == ("buy", 0)
    assert legal(s) == ["skip", "buy F", "buy W", "buy S"]  # one cube, never gold
    with pytest.raises(IllegalAction, match="only 1 cube"):
        apply(s, "buy FW")
    s = play(s, "buy S")
    assert cubes_of(s, 0) == "S" and s.players[0].deniers == 5 - 1 - 1 + INCOME


def test_neutral_peddler_worker_may_decline():
    s = position(cubes={0: ""}, deniers=5, provost=4)
    s = to_activation(s, {0: ["place 4"]})
    s = play(s, "skip")
    assert cubes_of(s, 0) == ""


# ---------------------------------------------------------------- small production cards


@pytest.mark.parametrize(
    ("card", "cube"),
    [("small-farm", "F"), ("small-sawmill", "W"), ("small-quarry", "S")],
)
def test_small_production_worker_takes_one_and_owner_takes_a_stored_cube(card, cube):
    s = position(road=[(card, 1)], cubes={0: "", 1: ""}, provost=5)
    assert s.stored[4] == 4
    s = to_activation(s, {0: ["place 5"]})
    assert cubes_of(s, 0) == cube  # from the bank
    assert cubes_of(s, 1) == cube  # from the card
    assert s.stored[4] == 3


def test_small_production_owner_gets_nothing_once_the_card_is_empty():
    s = position(
        road=[{"card": "small-quarry", "owner": 1, "stored": 0}], cubes={0: "", 1: ""}, provost=5
    )
    s, events = play_events(s, (0, "place 5"), "pass", "pass", "pass", "pass", *["skip"] * 4)
    assert cubes_of(s, 0) == "S" and cubes_of(s, 1) == ""
    assert any("no cube left" in e.text for e in events)


def test_small_production_owner_on_own_card_gets_only_the_worker_effect():
    s = position(road=[("small-farm", 0)], cubes={0: ""}, provost=5)
    s = to_activation(s, {0: ["place 5"]})
    assert cubes_of(s, 0) == "F" and s.stored[4] == 4


def test_small_production_stores_four_cubes_when_built_two_in_a_two_player_game():
    for players, stored in ((4, 4), (3, 4), (2, 2)):
        s = position(players, hands={0: ["small-quarry"]}, cubes={0: "FW"})
        s = play(s, (0, "build small-quarry FW"))
        assert s.road[-1] == "small-quarry" and s.stored[-1] == stored, players


# ---------------------------------------------------------------- large production cards


@pytest.mark.parametrize(
    ("card", "cube"),
    [("large-farm", "F"), ("large-sawmill", "W"), ("large-quarry", "S")],
)
def test_large_production_worker_takes_two_and_owner_one(card, cube):
    s = position(road=[(card, 1)], cubes={0: "", 1: ""}, provost=5)
    s = to_activation(s, {0: ["place 5"]})
    assert cubes_of(s, 0) == cube * 2
    assert cubes_of(s, 1) == cube


# ---------------------------------------------------------------- the player's Peddler


def test_peddler_worker_buys_one_or_two_cubes_and_owner_buys_one():
    s = position(road=[("peddler", 1)], cubes={0: "", 1: ""}, deniers=6, provost=5)
    s = to_activation(s, {0: ["place 5"]})
    assert decision(s) == ("buy", 0)
    ones = ["buy F", "buy W", "buy S"]
    twos = ["buy FF", "buy FW", "buy FS", "buy WW", "buy WS", "buy SS"]
    assert legal(s) == ["skip", *ones, *twos]
    s = play(s, "buy FS")
    assert cubes_of(s, 0) == "FS" and s.players[0].deniers == 6 - 1 - 2
    assert decision(s) == ("buy", 1)
    assert legal(s) == ["skip", "buy F", "buy W", "buy S"]
    with pytest.raises(IllegalAction, match="owner"):
        apply(s, "buy WW")
    s = play(s, "buy W")
    assert cubes_of(s, 1) == "W" and s.players[1].deniers == 6 + FIRST - 1 + INCOME


def test_peddler_worker_with_one_denier_buys_one_cube_only():
    s = position(road=[("peddler", 1)], deniers={0: 2, 1: 0, 2: 0, 3: 0}, provost=5)
    s = to_activation(s, {0: ["place 5"]})  # 2 - 1 = 1 d left
    assert legal(s, 0) == ["skip", "buy F", "buy W", "buy S"]


# ---------------------------------------------------------------- Market


def test_market_worker_hands_in_a_resource_for_four_deniers_owner_takes_one():
    s = position(road=[("market", 1)], cubes={0: "SG"}, deniers=3, provost=5)
    s = to_activation(s, {0: ["place 5"]})
    assert decision(s) == ("sell", 0)
    assert legal(s) == ["skip", "sell S", "sell G"]
    s = play(s, "sell S")
    assert cubes_of(s, 0) == "G" and s.players[0].deniers == 3 - 1 + 4 + INCOME
    assert s.players[1].deniers == 3 + FIRST + 1 + INCOME  # the owner's denier, unasked


def test_market_owner_takes_the_denier_even_when_the_worker_declines():
    s = position(road=[("market", 1)], cubes={0: "S"}, deniers=3, provost=5)
    s = to_activation(s, {0: ["place 5"]})
    s = play(s, "skip")
    assert cubes_of(s, 0) == "S" and s.players[1].deniers == 3 + FIRST + 1 + INCOME


# ---------------------------------------------------------------- Lawyer


def test_lawyer_worker_pays_one_food_to_flip_an_own_card_owner_takes_two_deniers():
    s = position(
        road=[("lawyer", 1), ("bank", 0), ("large-farm", 1)], cubes={0: "F"}, deniers=3, provost=7
    )
    s = to_activation(s, {0: ["place 5"]})
    assert decision(s) == ("lawyer", 0)
    assert legal(s) == ["skip", "lawyer 6 F"]  # only seat 0's own card
    s = play(s, "lawyer 6 F")
    assert s.flipped[5] and s.owners[5] == 0 and cubes_of(s, 0) == ""
    assert s.players[1].deniers == 3 + FIRST + 2 + INCOME


def test_lawyer_owner_takes_two_deniers_when_the_worker_declines():
    s = position(road=[("lawyer", 1), ("bank", 0)], cubes={0: "F"}, deniers=3, provost=6)
    s = to_activation(s, {0: ["place 5"]})
    s = play(s, "skip")
    assert not s.flipped[5] and s.players[1].deniers == 3 + FIRST + 2 + INCOME


def test_lawyer_on_own_lawyer_flips_another_own_card():
    s = position(road=[("lawyer", 0), ("market", 0)], cubes={0: "F"}, deniers=3, provost=6)
    s = to_activation(s, {0: ["place 5"]})
    assert legal(s) == ["skip", "lawyer 6 F"]  # never the Lawyer itself
    s = play(s, "lawyer 6 F")
    # no owner's 2 d on one's own card; round 2 pays the new residence's denier
    assert s.flipped[5] and s.players[0].deniers == 3 - 1 + INCOME + 1


# ---------------------------------------------------------------- Gold Mine


def test_gold_mine_worker_takes_a_gold_owner_swaps_a_resource_for_gold():
    s = position(road=[("gold-mine", 1)], cubes={0: "", 1: "WS"}, provost=5)
    s = to_activation(s, {0: ["place 5"]})
    assert cubes_of(s, 0) == "G"
    assert decision(s) == ("trade", 1)
    assert legal(s) == ["skip", "trade W", "trade S"]
    s = play(s, "trade W")
    assert cubes_of(s, 1) == "SG"


def test_gold_mine_owner_may_decline_the_swap():
    s = position(road=[("gold-mine", 1)], cubes={1: "W"}, provost=5)
    s = to_activation(s, {0: ["place 5"]})
    s = play(s, "skip")
    assert cubes_of(s, 1) == "W"


# ---------------------------------------------------------------- Bank


def test_bank_worker_buys_one_gold_for_one_denier_or_two_for_three():
    s = position(road=[("bank", 1)], cubes={0: ""}, deniers=6, provost=5)
    s = to_activation(s, {0: ["place 5"]})
    assert decision(s) == ("bank", 0)
    assert legal(s) == ["skip", "pay 1d", "pay 3d"]
    one = play(s, "pay 1d")
    assert cubes_of(one, 0) == "G" and one.players[0].deniers == 6 - 1 - 1
    two = play(s, "pay 3d")
    assert cubes_of(two, 0) == "GG" and two.players[0].deniers == 6 - 1 - 3


def test_bank_owner_buys_one_gold_for_two_deniers():
    s = position(road=[("bank", 1)], cubes={1: ""}, deniers=6, provost=5)
    s = to_activation(s, {0: ["place 5"]})
    s = play(s, (0, "skip"))
    assert decision(s) == ("bank", 1)
    assert legal(s) == ["skip", "pay 2d"]
    s = play(s, "pay 2d")
    assert cubes_of(s, 1) == "G" and s.players[1].deniers == 6 + FIRST - 2 + INCOME


def test_bank_owner_without_two_deniers_is_not_asked():
    s = position(road=[("bank", 2)], deniers={0: 5, 1: 5, 2: 1, 3: 5}, provost=5)
    s = to_activation(s, {0: ["place 5"]})
    s, events = play_events(s, "pay 1d")
    assert cubes_of(s, 2) == "FFWW" and s.phase == 5  # the castle: the Bank is done
    skips = [e for e in events if e.seat == 2 and e.kind == "skip"]
    assert len(skips) == 1 and skips[0].data["forced"]  # a forced skip, nobody was asked


# ---------------------------------------------------------------- Church


def test_church_worker_buys_one_token_for_two_or_two_for_five_owner_one_for_three():
    s = position(road=[("church", 1)], deniers=8, provost=5)
    s = to_activation(s, {0: ["place 5"]})
    assert decision(s) == ("church", 0)
    assert legal(s) == ["skip", "pay 2d", "pay 5d"]
    s = play(s, "pay 5d")
    assert s.players[0].tokens == [2, 0, 0] and s.tokens == [5, 8, 9]
    assert s.players[0].deniers == 8 - 1 - 5
    assert decision(s) == ("church", 1)
    assert legal(s) == ["skip", "pay 3d"]
    s = play(s, "pay 3d")
    assert s.players[1].tokens == [1, 0, 0] and s.players[1].deniers == 8 + FIRST - 3 + INCOME


# ---------------------------------------------------------------- residences and prestige


def test_residence_takes_no_worker_and_pays_income_in_the_standard_game():
    s = position(road=[{"card": "bank", "owner": 0, "residence": True}], deniers=3)
    assert "place 5" not in legal(s, 0)
    with pytest.raises(IllegalAction, match="residence"):
        apply(s, "place 5", 0)
    assert incomes(s) == [2 + 1, 2, 2, 2]


def test_hotel_gives_its_owner_one_more_denier_of_income():
    s = position(road=[{"card": "bank", "owner": 2, "residence": True, "cover": "hotel"}])
    assert incomes(s) == [2, 2, 2 + 1, 2]  # the covered residence pays no more


@pytest.mark.parametrize(
    ("card", "cost", "pp"),
    [
        ("theatre", "WWG", 6),
        ("statue", "SSG", 6),
        ("stables", "FFFGG", 10),
        ("town-hall", "WWWGG", 10),
        ("monument", "SSSGG", 10),
        ("cathedral", "SSSSSGGG", 14),
    ],
)
def test_prestige_building_has_no_effect_and_scores_its_value(card, cost, pp):
    from engine.magna_carta import score_breakdown

    s = position(variant="beginner", cubes={0: cost})
    s = play(s, (0, f"prestige {card} {cost}"))
    assert s.players[0].prestige == [card] and cubes_of(s, 0) == ""
    assert score_breakdown(s, 0)["prestige"] == pp
    assert [str(a) for a in legal_actions(s, 1) if a.verb == "place"] == [
        "place 1", "place 2", "place 3", "place 4"
    ]  # fmt: skip
