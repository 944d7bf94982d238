"""The worked examples ("Voorbeeld") of the Dutch Magna Carta rulebook, as scenarios: an
explicit setup or position, the actions of the example, the state the example describes.

Colours map to seats (clockwise): Red 0, Green 1, Orange 2, Blue 3.
"""

from __future__ import annotations

import pytest

from engine.errors import IllegalAction
from engine.magna_carta import apply, new_game
from engine.magna_carta import catalogue as cat
from engine.magna_carta.phases import incomes
from tests.mc_helpers import (
    BLUE,
    GREEN,
    ORANGE,
    RED,
    cubes_of,
    decision,
    deck,
    game,
    keep_all,
    legal,
    play,
    play_events,
    position,
)

# ---------------------------------------------------------------- setup ("Opbouw")


def test_example_setup_road_A_B_C_then_the_peddler_D_for_four_players():
    """The Peddler (D) is laid first, three random neutral cards (A, B, C) to its left: the road
    runs A to D and every new building extends it after D."""
    s = game(4, neutral=["n-forest", "n-trading", "n-park", "n-peddler"])
    assert s.road == ["n-forest", "n-trading", "n-park", "n-peddler"]
    assert s.setup.neutral == s.road and s.road[s.provost] == "n-peddler"
    s = position(4, neutral=["n-forest", "n-trading", "n-park", "n-peddler"],
                 hands={RED: ["small-farm"]}, cubes={RED: "FW"})  # fmt: skip
    s = play(s, (RED, "build small-farm FW"))
    assert s.road[-2:] == ["n-peddler", "small-farm"]


def test_example_setup_every_player_draws_three_and_may_redraw_once_for_free():
    s = game(4, decks={GREEN: deck("church", "bank", "gold-mine", "market", "peddler", "lawyer")})
    s = play(s, (GREEN, "redraw"), (RED, "keep"), (ORANGE, "keep"), (BLUE, "keep"))
    green = s.players[GREEN]
    assert green.hand == ["market", "peddler", "lawyer"]
    assert green.discard == ["church", "bank", "gold-mine"]  # face up on Green's own pile
    assert [p.cubes for p in s.players] == [[2, 2, 0, 0]] * 4
    assert [p.deniers for p in s.players] == [4 + 2] * 4  # 4 d, then round 1's income


# ---------------------------------------------------------------- C. placing a worker


@pytest.mark.parametrize("variant", ["beginner", "standard"])
def test_example_red_places_a_worker_on_greens_market(variant):
    """Green has laid a Market at the end of the road. Red, to play, places a worker on it and
    pays 1 d. No other worker may be placed on that building this round."""
    s = position(4, variant, start=RED, road=[("market", GREEN)], deniers=5)
    s = play(s, (RED, "place 5"))
    assert s.workers[4] == RED and s.players[RED].deniers == 4
    assert "place 5" not in legal(s, GREEN)
    with pytest.raises(IllegalAction, match="already has a worker"):
        apply(s, "place 5", GREEN)


def test_example_standard_no_worker_on_a_residence():
    s = position(4, "standard", start=RED, deniers=5,
                 road=[{"card": "market", "owner": GREEN, "residence": True}])  # fmt: skip
    with pytest.raises(IllegalAction, match="residences never do"):
        apply(s, "place 5", RED)


# ---------------------------------------------------------------- D. building


@pytest.mark.parametrize("variant", ["beginner", "standard"])
def test_example_blue_builds_the_quarry_for_two_stone_and_one_food(variant):
    """Blue plays the quarry from hand, pays 2 stone and 1 food and lays it at the end of the
    road; from then on every player may place a worker on it."""
    s = position(4, variant, start=BLUE, hands={BLUE: ["large-quarry"]}, cubes={BLUE: "FSS"})
    road = list(s.road)
    s = play(s, (BLUE, "build large-quarry FSS"))
    assert s.road == [*road, "large-quarry"] and s.owners[-1] == BLUE
    assert cubes_of(s, BLUE) == "" and "large-quarry" not in s.players[BLUE].hand
    assert f"place {len(s.road)}" in legal(s, RED)


# ---------------------------------------------------------------- E. a prestige building


def test_example_beginner_green_builds_the_statue_and_keeps_it_in_front_of_him():
    s = position(4, "beginner", start=GREEN, cubes={GREEN: "SSG"})
    road = list(s.road)
    s = play(s, (GREEN, "prestige statue SSG"))
    assert s.players[GREEN].prestige == ["statue"] and cubes_of(s, GREEN) == ""
    assert s.road == road and "statue" not in s.prestige_supply


def test_example_standard_green_builds_the_statue_on_one_of_his_residences():
    s = position(4, "standard", start=GREEN, cubes={GREEN: "SSG"},
                 road=[{"card": "small-farm", "owner": GREEN, "residence": True}])  # fmt: skip
    assert incomes(s)[GREEN] == 3
    s = play(s, (GREEN, "prestige statue @5 SSG"))
    assert s.covers[4] == "statue" and s.owners[4] == GREEN  # still shows whose it is
    assert incomes(s)[GREEN] == 2  # the covered residence pays no income any more


def test_example_standard_no_prestige_building_without_an_own_residence():
    s = position(4, "standard", start=GREEN, cubes={GREEN: "SSG"})
    assert not [a for a in legal(s, GREEN) if a.startswith("prestige")]


# ---------------------------------------------------------------- F. passing


@pytest.mark.parametrize("variant", ["beginner", "standard"])
def test_example_orange_passes_first_onto_the_first_bridge_space_and_takes_a_denier(variant):
    s = position(4, variant, start=ORANGE, deniers=3)
    s = play(s, (ORANGE, "pass"))
    assert s.passed == [ORANGE] and s.players[ORANGE].deniers == 4
    s = play(s, (BLUE, "place 1"), (RED, "place 2"), (GREEN, "place 3"))
    assert decision(s) == ("action", BLUE)  # Orange takes no more actions this phase


# ---------------------------------------------------------------- the provost (standard)


def provost_example():
    """Green's Bank (6) and Blue's quarry (7) end the road; the provost stands on 5. Green has
    a worker on Blue's quarry, Red one on Green's Bank. Passing order: Orange, Green, Blue, Red."""
    s = position(
        4,
        "standard",
        start=GREEN,
        road=[("peddler", RED), ("bank", GREEN), ("large-quarry", BLUE)],
        cubes={RED: "", GREEN: "", BLUE: ""},
        deniers=5,
        provost=5,
    )
    return play(
        s,
        (GREEN, "place 7"),
        (ORANGE, "pass"),
        (BLUE, "place 2"),
        (RED, "place 6"),
        (GREEN, "pass"),
        (BLUE, "pass"),
        (RED, "pass"),
    )


def test_example_provost_orange_skips_green_and_blue_forward_red_back_to_the_bank():
    s = provost_example()
    assert s.passed == [ORANGE, GREEN, BLUE, RED] and decision(s) == ("provost", ORANGE)
    s = play(s, (ORANGE, "skip"), (GREEN, "provost +1"), (BLUE, "provost +1"))
    assert s.provost == 6  # on the last building of the road
    s, events = play_events(s, (RED, "provost -1"))
    assert s.road[s.provost] == "bank" and s.owners[s.provost] == GREEN
    assert [p.deniers for p in s.players] == [5 - 1 - 1, 5 - 1 - 1, 5 + 1, 5 - 1 - 1]
    # phase 4: the Bank is activated (Red's worker decides), the quarry beyond is worthless
    assert decision(s) == ("bank", RED)
    s, events = play_events(s, (RED, "pay 1d"), (GREEN, "skip"))
    idle = [e for e in events if e.kind == "idle"]
    assert [(e.seat, e.data["at"]) for e in idle] == [(GREEN, 7)]
    assert cubes_of(s, GREEN) == "" and cubes_of(s, BLUE) == "W"  # no stone for either


def test_example_end_of_round_the_provost_moves_only_one_card_to_the_end():
    """The provost should move two cards, but only one lies between him and the end of the
    road: he moves one and ends on the last card. Then the start-player card goes left."""
    s = provost_example()
    s = play(s, "skip", "provost +1", "provost +1", "provost -1", (RED, "skip"), (GREEN, "skip"))
    assert s.round == 2 and s.provost == 6 and s.road[s.provost] == "large-quarry"
    assert s.start_player == ORANGE  # Green's left neighbour


# ---------------------------------------------------------------- the castle


def castle_example(variant: str):
    """Passing order Orange, Blue, Green, Red; two dungeon tokens are left."""
    s = position(
        4,
        variant,
        start=ORANGE,
        cubes={ORANGE: "FWS", BLUE: "WSG", GREEN: "FWSFWS", RED: "FWS"},
        tokens={"dungeon": 2},
        deniers=3,
    )
    s = play(s, (ORANGE, "pass"), (BLUE, "pass"), (RED, "place 4"), (GREEN, "pass"))
    s = play(s, (RED, "pass"))
    if variant == "standard":
        s = play(s, "skip", "skip", "skip", "skip")
    return play(s, (RED, "skip"))  # Red buys nothing at the Peddler


@pytest.mark.parametrize(("variant", "phase"), [("beginner", 4), ("standard", 5)])
def test_example_castle_green_delivers_most_and_takes_the_gold(variant, phase):
    s = castle_example(variant)
    assert decision(s) == ("castle", ORANGE) and s.phase == phase  # M8: per rule set
    s = play(s, (ORANGE, "deliver FWS"))
    assert s.players[ORANGE].tokens == [1, 0, 0]
    s = play(s, (BLUE, "deliver WSG"))  # gold stands in for the food
    assert s.players[BLUE].tokens == [1, 0, 0] and s.tokens[0] == 0  # the last dungeon
    s = play(s, (GREEN, "deliver FWS"), (GREEN, "deliver FWS"))
    assert s.players[GREEN].tokens == [0, 2, 0]
    s, events = play_events(s, (RED, "skip"))
    assert s.players[GREEN].cubes[cat.GOLD] == 1
    bonus = next(e for e in events if e.kind == "castle-bonus")
    assert bonus.seat == GREEN and bonus.data["batches"] == 2


@pytest.mark.parametrize("variant", ["beginner", "standard"])
def test_example_castle_had_green_delivered_one_orange_would_take_the_gold(variant):
    s = castle_example(variant)
    s = play(s, (ORANGE, "deliver FWS"), (BLUE, "deliver WSG"), (GREEN, "deliver FWS"))
    s = play(s, (GREEN, "skip"), (RED, "skip"))
    assert s.players[ORANGE].cubes[cat.GOLD] == 1 and s.players[GREEN].cubes[cat.GOLD] == 0


# ---------------------------------------------------------------- income (standard)


def test_example_income_two_deniers_one_per_residence_and_one_for_the_hotel():
    s = position(
        4,
        "standard",
        road=[
            {"card": "small-farm", "owner": GREEN, "residence": True},
            {"card": "market", "owner": GREEN, "residence": True},
            {"card": "bank", "owner": BLUE, "residence": True, "cover": "hotel"},
            {"card": "peddler", "owner": BLUE, "residence": True},
        ],
    )
    assert incomes(s) == [2, 2 + 2, 2, 2 + 1 + 1]


def test_example_beginner_income_is_two_deniers():
    s = keep_all(new_game(game(3, "beginner").options, game(3, "beginner").setup))
    assert [p.deniers for p in s.players] == [6, 6, 6]
