"""One unit test (at least) per tile of catalogue.TILES: neutral, fixed, wood, stone, residence,
prestige. Expected numbers come from the printed tiles (not from the catalogue) so a wrong
catalogue entry fails here."""

from __future__ import annotations

import pytest

from engine import caylus
from engine.caylus import catalogue as cat
from engine.errors import IllegalAction
from tests.caylus_helpers import (
    CARPENTER,
    GOLD_MINE,
    N_CARPENTER,
    N_FARM,
    N_FOREST,
    N_MARKET,
    N_QUARRY,
    N_SAWMILL,
    PEDDLER,
    cubes,
    decision,
    legal,
    pass_all,
    play,
    position,
    skip_bribes,
    to_activation,
)

LOT = 9  # the first empty lot of a fresh road


HOLD = 28  # seat 3's own wood marketplace at the end of the road keeps phase 5 open


def at_building(seat: int = 1, target: int = LOT, **kw):
    """Seat places one worker on `target`, everybody passes, nobody bribes: phase 5 starts.

    Seat 3 also has a worker on its own marketplace at 28, so phase 5 stays open until that
    last decision (no income of the next turn muddles denier counts)."""
    kw.setdefault("provost", 28)
    kw.setdefault("deniers", 20)
    road = dict(kw.pop("road", {}) or {})
    road.setdefault(HOLD, ("market", 3))
    stock = {"market": 1, **kw.pop("stock", {})}  # the holder is not the stock's marketplace
    s = position(road=road, stock=stock, **kw)
    plan = {seat: [str(target)]}
    if seat != 3:
        plan[3] = [str(HOLD)]
    return to_activation(s, plan)


def after_phase5(s):
    """True when every earlier activation is done: only the holding marketplace is left."""
    return (
        s.phase == 5
        and s.decision is not None
        and s.decision.kind == "sell"
        and (s.decision.at == HOLD)
    )


# ---------------------------------------------------------------- every tile id is covered


def test_every_tile_id_has_a_test_in_this_module():
    covered = {
        "n-farm", "n-forest", "n-sawmill", "n-quarry", "n-market", "n-carpenter",
        "peddler", "carpenter", "gold-mine",
        "food-farm", "cloth-farm", "sawmill", "quarry", "market", "wood-peddler", "mason",
        "lawyer",
        "stone-farm", "park", "workshop", "church", "tailor", "bank", "alchemist", "jeweller",
        "architect", "residence",
        "statue", "theater", "university", "monument", "granary", "weaver", "library", "hotel",
        "cathedral",
    }  # fmt: skip
    assert set(cat.TILES) == covered


# ---------------------------------------------------------------- neutral buildings


@pytest.mark.parametrize("choice", ["F", "C"])
def test_building_neutral_farm_gives_food_or_cloth(choice):
    s = at_building(1, N_FARM)
    assert decision(s) == ("produce", 1)
    assert sorted(legal(s)) == ["take C", "take F"]
    before = s.players[1].cubes[choice]
    s = play(s, (1, f"take {choice}"))
    assert s.players[1].cubes[choice] == before + 1


@pytest.mark.parametrize("choice", ["F", "W"])
def test_building_neutral_forest_gives_food_or_wood(choice):
    s = at_building(1, N_FOREST)
    assert sorted(legal(s)) == ["take F", "take W"]
    before = s.players[1].cubes[choice]
    s = play(s, (1, f"take {choice}"))
    assert s.players[1].cubes[choice] == before + 1


@pytest.mark.parametrize(("pos", "cube"), [(N_SAWMILL, "W"), (N_QUARRY, "S"), (GOLD_MINE, "G")])
def test_building_single_output_production_resolves_itself(pos, cube):
    """Neutral sawmill 1 W, neutral quarry 1 S, fixed gold mine 1 G: no choice, no decision."""
    s = at_building(1, pos)
    assert after_phase5(s)
    assert s.players[1].cubes[cube] == (1 if cube != "W" else 2)
    assert s.players[1].workers == 6


def test_building_neutral_market_sells_one_cube_for_4_deniers():
    s = at_building(1, N_MARKET, cubes_of={1: "FWG"})
    assert decision(s) == ("sell", 1)
    assert sorted(legal(s)) == ["sell F", "sell G", "sell W", "skip"]
    d = s.players[1].deniers
    s = play(s, (1, "sell W"))
    assert s.players[1].deniers == d + 4
    assert s.players[1].cubes == cubes("FG")


def test_building_neutral_market_can_be_declined():
    s = at_building(1, N_MARKET, cubes_of={1: "F"})
    d = s.players[1].deniers
    s = play(s, (1, "skip"))
    assert s.players[1].deniers == d and s.players[1].cubes == cubes("F")


def test_building_neutral_carpenter_builds_wood_buildings_only():
    s = at_building(1, N_CARPENTER, cubes_of={1: "WFSC"})
    assert decision(s) == ("build", 1)
    options = legal(s)
    assert "build food-farm" in options and "build lawyer" in options
    assert not any(o.startswith(("build church", "build park", "build statue")) for o in options)
    s = play(s, (1, "build sawmill"))
    assert s.road[LOT - 1] == "sawmill" and s.owners[LOT - 1] == 1


# ---------------------------------------------------------------- fixed buildings


def test_building_fixed_peddler_sells_one_non_gold_cube_for_2_deniers():
    s = at_building(1, PEDDLER, cubes_of={1: ""})
    assert decision(s) == ("buy", 1)
    assert sorted(legal(s)) == ["buy C", "buy F", "buy S", "buy W", "skip"]
    d = s.players[1].deniers
    s = play(s, (1, "buy S"))
    assert s.players[1].deniers == d - 2
    assert s.players[1].cubes == cubes("S")


def test_building_fixed_peddler_needs_2_deniers():
    # seat 0 passes first, so seat 1 pays 2 d for the peddler and keeps 1 d: too little
    s = at_building(1, PEDDLER, deniers={0: 20, 1: 3, 2: 20, 3: 20}, cubes_of={1: ""})
    assert after_phase5(s)
    assert s.players[1].cubes == cubes("")


def test_building_fixed_carpenter_builds_wood_buildings():
    s = at_building(1, CARPENTER, cubes_of={1: "WF"})
    assert decision(s) == ("build", 1)
    s = play(s, (1, "build quarry"))
    assert s.road[LOT - 1] == "quarry" and s.owners[LOT - 1] == 1
    assert s.players[1].cubes == cubes("")
    assert s.players[1].prestige == 2


def test_building_gold_mine_gives_one_gold():
    s = at_building(2, GOLD_MINE)
    assert s.players[2].cubes["G"] == 1


# ---------------------------------------------------------------- wood buildings: build


WOOD = {  # id: (cost with * for any cube, PP)  -- the wood buildings
    "food-farm": ("WF", 2),
    "cloth-farm": ("WF", 2),
    "sawmill": ("WF", 2),
    "quarry": ("WF", 2),
    "market": ("W*", 4),
    "wood-peddler": ("W*", 4),
    "mason": ("WF", 4),
    "lawyer": ("WC", 4),
}


@pytest.mark.parametrize(("tile", "spec"), WOOD.items())
def test_building_wood_tile_cost_prestige_and_lot(tile, spec):
    """Built with the carpenter: pays its cost, +PP, goes on the lowest empty lot, owned."""
    cost, pp = spec
    paid = cost.replace("*", "S")
    s = at_building(1, CARPENTER, cubes_of={1: paid + "G"}, road={9: ("residence", 2)})
    action = f"build {tile} S" if "*" in cost else f"build {tile}"
    assert action in legal(s)
    s = play(s, (1, action))
    assert s.road[9] == tile and s.owners[9] == 1  # position 10: 9 is taken
    assert s.players[1].prestige == pp
    assert s.players[1].cubes == cubes("G")
    assert s.stock.get(tile, 0) == 0


@pytest.mark.parametrize(("tile", "spec"), WOOD.items())
def test_building_wood_tile_not_offered_without_its_cost(tile, spec):
    cost, _ = spec
    short = cost.replace("*", "")[1:]  # no wood at all
    s = at_building(1, CARPENTER, cubes_of={1: short})
    assert not any(o.split()[1] == tile for o in legal(s) if o != "skip")


def test_building_any_cube_cost_may_be_paid_in_gold():
    s = at_building(1, CARPENTER, cubes_of={1: "WG"})
    assert "build market G" in legal(s)
    s = play(s, (1, "build market G"))
    assert s.players[1].cubes == cubes("")


# ---------------------------------------------------------------- wood buildings: use


@pytest.mark.parametrize(
    ("tile", "options"),
    [
        ("food-farm", {"FF", "C"}),
        ("cloth-farm", {"CC", "F"}),
    ],
)
def test_building_wood_farms_produce_choice(tile, options):
    s = at_building(2, LOT, road={LOT: (tile, 1)}, cubes_of={2: ""})
    assert decision(s) == ("produce", 2)
    assert {o.split()[1] for o in legal(s)} == options
    for choice in options:
        t = play(s, (2, f"take {choice}"))
        assert t.players[2].cubes == cubes(choice)
        assert t.players[1].prestige == 1  # the worker on their building
        assert t.players[1].cubes == s.players[1].cubes  # wood: no owner cube


@pytest.mark.parametrize(("tile", "out"), [("sawmill", "WW"), ("quarry", "SS")])
def test_building_wood_sawmill_and_quarry_produce_two(tile, out):
    s = at_building(2, LOT, road={LOT: (tile, 1)}, cubes_of={2: ""})
    assert after_phase5(s)
    assert s.players[2].cubes == cubes(out)


def test_building_wood_market_sells_for_6_deniers():
    s = at_building(2, LOT, road={LOT: ("market", 1)}, cubes_of={2: "S"})
    d = s.players[2].deniers
    s = play(s, (2, "sell S"))
    assert s.players[2].deniers == d + 6


def test_building_wood_peddler_one_or_two_cubes_at_1_denier_each():
    s = at_building(2, LOT, road={LOT: ("wood-peddler", 1)}, cubes_of={2: ""})
    opts = legal(s)
    assert "buy W" in opts and "buy SS" in opts and "buy FC" in opts
    assert not any("G" in o for o in opts)
    d = s.players[2].deniers
    t = play(s, (2, "buy CS"))
    assert t.players[2].deniers == d - 2 and t.players[2].cubes == cubes("SC")
    t = play(s, (2, "buy F"))
    assert t.players[2].deniers == d - 1 and t.players[2].cubes == cubes("F")


def test_building_wood_peddler_two_cubes_need_2_deniers():
    s = position(road={LOT: ("wood-peddler", 1)}, provost=28, deniers=20)
    s = to_activation(s, {2: [str(LOT)]})
    s2 = s.model_copy(deep=True)
    s2.players[2].deniers = 1
    from engine.caylus import State, legal_actions

    s2 = State.model_validate(s2.model_dump())
    opts = [str(a) for a in legal_actions(s2, 2)]
    assert "buy F" in opts and not any(len(o.split()[1]) == 2 for o in opts if o != "skip")


def test_building_mason_builds_stone_buildings_only():
    s = at_building(2, LOT, road={LOT: ("mason", 1)}, cubes_of={2: "SFWC"})
    assert decision(s) == ("build", 2)
    opts = legal(s)
    assert "build park" in opts and "build church" in opts
    assert not any(o.split()[1] in WOOD for o in opts if o != "skip")
    s = play(s, (2, "build workshop"))
    assert s.road[LOT] == "workshop" and s.owners[LOT] == 2 and s.players[2].prestige == 3


# ---------------------------------------------------------------- lawyer


def lawyer_position(**kw):
    kw.setdefault("road", {LOT: ("lawyer", 1), 10: ("sawmill", 1), 11: ("quarry", 2)})
    kw.setdefault("cubes_of", {1: "C"})
    return at_building(1, LOT, **kw)


def test_building_lawyer_turns_neutral_building_into_residence():
    s = lawyer_position()
    assert decision(s) == ("lawyer", 1)
    d, pp = s.players[1].deniers, s.players[1].prestige
    s = play(s, (1, f"lawyer {N_QUARRY}"))
    assert s.road[N_QUARRY - 1] == "residence" and s.owners[N_QUARRY - 1] == 1
    assert s.players[1].deniers == d - 1 and s.players[1].cubes["C"] == 0
    assert s.players[1].prestige == pp + 2
    assert "n-quarry" in s.discarded  # neutral tiles are gone for good
    assert "n-quarry" not in s.stock


def test_building_lawyer_own_craft_tile_returns_to_stock():
    s = lawyer_position()
    assert s.stock["sawmill"] == 0
    s = play(s, (1, "lawyer 10"))
    assert s.road[9] == "residence" and s.stock["sawmill"] == 1


def test_building_lawyer_targets_neutral_and_own_craft_only():
    """Not fixed, not another player's building, not the lawyer, not residences/prestige."""
    s = lawyer_position(
        road={
            LOT: ("lawyer", 1),
            10: ("sawmill", 1),
            11: ("quarry", 2),
            12: ("residence", 1),
            13: ("statue", 1),
        }
    )
    targets = {int(o.split()[1]) for o in legal(s) if o != "skip"}
    assert targets == {1, 2, 3, 4, 5, 6, 10}


def test_building_lawyer_needs_cloth_and_a_denier():
    s = lawyer_position(cubes_of={1: "G"})
    assert after_phase5(s)  # only 'skip' -> resolved by itself
    assert s.road[N_QUARRY - 1] == "n-quarry"


# ---------------------------------------------------------------- stone production


STONE_PRODUCTION = {"stone-farm": ("FFC", "FC"), "park": ("FWW", "FW"), "workshop": ("SSC", "SC")}


@pytest.mark.parametrize(("tile", "spec"), STONE_PRODUCTION.items())
def test_building_stone_production_and_owner_cube(tile, spec):
    out, owner_choices = spec
    s = at_building(2, LOT, road={LOT: (tile, 1)}, cubes_of={1: "", 2: ""})
    assert decision(s) == ("owner", 1)
    assert s.players[2].cubes == cubes(out)
    assert {o.split()[1] for o in legal(s)} == set(owner_choices)
    for c in owner_choices:
        t = play(s, (1, f"take {c}"))
        assert t.players[1].cubes == cubes(c)


@pytest.mark.parametrize("tile", STONE_PRODUCTION)
def test_building_stone_production_owner_gets_no_extra_cube_on_own_use(tile):
    s = at_building(1, LOT, road={LOT: (tile, 1)}, cubes_of={1: ""})
    assert after_phase5(s)
    assert s.players[1].cubes == cubes(STONE_PRODUCTION[tile][0])


# ---------------------------------------------------------------- stone exchange buildings


@pytest.mark.parametrize(("pay", "pp"), [("2d", 3), ("4d", 5)])
def test_building_church_deniers_for_prestige(pay, pp):
    s = at_building(2, LOT, road={LOT: ("church", 1)})
    assert sorted(legal(s)) == ["pay 2d", "pay 4d", "skip"]
    d, p = s.players[2].deniers, s.players[2].prestige
    s = play(s, (2, f"pay {pay}"))
    assert s.players[2].deniers == d - int(pay[0]) and s.players[2].prestige == p + pp


@pytest.mark.parametrize(("pay", "pp"), [("CC", 4), ("CCC", 6)])
def test_building_tailor_cloth_for_prestige(pay, pp):
    s = at_building(2, LOT, road={LOT: ("tailor", 1)}, cubes_of={2: "CCC"})
    assert sorted(legal(s)) == ["pay CC", "pay CCC", "skip"]
    s = play(s, (2, f"pay {pay}"))
    assert s.players[2].prestige == pp and s.players[2].cubes["C"] == 3 - len(pay)


@pytest.mark.parametrize(("pay", "gold"), [("2d", 1), ("5d", 2)])
def test_building_bank_deniers_for_gold(pay, gold):
    s = at_building(2, LOT, road={LOT: ("bank", 1)}, cubes_of={2: ""})
    d = s.players[2].deniers
    s = play(s, (2, f"pay {pay}"))
    assert s.players[2].cubes["G"] == gold and s.players[2].deniers == d - int(pay[0])


@pytest.mark.parametrize(("pay", "gold"), [("FW", 1), ("SC", 1), ("FFWS", 2), ("CCCC", 2)])
def test_building_alchemist_cubes_for_gold(pay, gold):
    s = at_building(2, LOT, road={LOT: ("alchemist", 1)}, cubes_of={2: "FFWSCCCC"})
    assert f"pay {pay}" in legal(s)
    s = play(s, (2, f"pay {pay}"))
    assert s.players[2].cubes["G"] == gold
    assert sum(s.players[2].cubes.values()) == 8 - len(pay) + gold


def test_building_alchemist_takes_no_gold_and_no_three_cubes():
    s = at_building(2, LOT, road={LOT: ("alchemist", 1)}, cubes_of={2: "FWSGG"})
    opts = legal(s)
    assert all("G" not in o for o in opts)
    assert all(len(o.split()[1]) in (2, 4) for o in opts if o != "skip")


@pytest.mark.parametrize(("pay", "pp"), [("G", 5), ("GG", 9)])
def test_building_jeweller_gold_for_prestige(pay, pp):
    s = at_building(2, LOT, road={LOT: ("jeweller", 1)}, cubes_of={2: "GG"})
    assert sorted(legal(s)) == ["pay G", "pay GG", "skip"]
    s = play(s, (2, f"pay {pay}"))
    assert s.players[2].prestige == pp and s.players[2].cubes["G"] == 2 - len(pay)


# ---------------------------------------------------------------- stone buildings: build


STONE = {  # the stone buildings: cost, PP, favors
    "stone-farm": ("SF", 3, 0),
    "park": ("SF", 3, 0),
    "workshop": ("SF", 3, 0),
    "church": ("SC", 3, 1),
    "tailor": ("SW", 6, 0),
    "bank": ("SW", 6, 0),
    "alchemist": ("SF", 6, 0),
    "jeweller": ("SC", 6, 0),
    "architect": ("SF", 6, 0),
}


@pytest.mark.parametrize(("tile", "spec"), STONE.items())
def test_building_stone_tile_cost_prestige_and_favor(tile, spec):
    cost, pp, favors = spec
    s = at_building(2, LOT, road={LOT: ("mason", 1)}, cubes_of={2: cost + "G"})
    assert f"build {tile}" in legal(s)
    s = play(s, (2, f"build {tile}"))
    assert s.road[LOT] == tile and s.owners[LOT] == 2
    assert s.players[2].cubes == cubes("G")
    assert s.players[2].prestige == pp
    if favors:
        assert decision(s) == ("favor", 2)
    else:
        assert s.decision is None or s.decision.kind != "favor"


def test_building_architect_builds_prestige_on_own_residence():
    s = at_building(
        2,
        LOT,
        road={LOT: ("architect", 1), 10: ("residence", 2), 11: ("residence", 1)},
        cubes_of={2: "SSG"},
    )
    assert decision(s) == ("build", 2)
    assert legal(s) == ["skip", "build statue @10"]
    s = play(s, (2, "build statue @10"))
    assert s.road[9] == "statue" and s.owners[9] == 2
    assert s.players[2].prestige == 7
    assert decision(s) == ("favor", 2)


def test_building_architect_without_residence_builds_nothing():
    s = at_building(2, LOT, road={LOT: ("architect", 1)}, cubes_of={2: "SSSSSGGG"})
    assert after_phase5(s)


# ---------------------------------------------------------------- residence


def test_building_residence_takes_no_worker_and_pays_1_denier_income():
    s = position(road={LOT: ("residence", 1), 10: ("residence", 1)}, deniers=0)
    assert "place 9" not in legal(s) and "place 10" not in legal(s)
    s = skip_bribes(pass_all(s))
    assert s.turn == 2
    # income 2 + 2 residences; seat 0 passed first: +1
    assert s.players[1].deniers == 2 + 2
    assert s.players[2].deniers == 2


def test_building_residence_costs_a_cloth_and_a_denier_and_scores_2():
    assert cat.TILES["residence"].cost == "C"
    assert cat.TILES["residence"].deniers_cost == 1
    assert cat.TILES["residence"].prestige == 2
    assert cat.TILES["residence"].income == 1


# ---------------------------------------------------------------- prestige buildings


PRESTIGE = {  # the prestige buildings: cost, PP, favors, income
    "statue": ("SSG", 7, 1, 0),
    "theater": ("WWWGG", 14, 1, 0),
    "university": ("SSSGG", 14, 1, 0),
    "monument": ("SSSSGG", 14, 2, 0),
    "granary": ("FFFG", 10, 0, 0),
    "weaver": ("CCCG", 12, 0, 0),
    "library": ("WWWG", 10, 0, 1),
    "hotel": ("SSSGG", 16, 0, 2),
    "cathedral": ("SSSSSGGG", 25, 0, 0),
}


@pytest.mark.parametrize(("tile", "spec"), PRESTIGE.items())
def test_building_prestige_tile_cost_prestige_favors(tile, spec):
    cost, pp, favors, _ = spec
    s = at_building(2, LOT, road={LOT: ("architect", 1), 12: ("residence", 2)}, cubes_of={2: cost})
    assert f"build {tile} @12" in legal(s)
    s = play(s, (2, f"build {tile} @12"))
    assert s.road[11] == tile and s.owners[11] == 2
    assert s.players[2].cubes == cubes("")
    assert s.players[2].prestige == pp
    won = 0
    while s.decision is not None and s.decision.kind == "favor":
        won += 1
        s = play(s, (2, "favor a" if won == 1 else "favor b"))
    assert won == favors


@pytest.mark.parametrize(("tile", "spec"), PRESTIGE.items())
def test_building_prestige_income_replaces_residence_income(tile, spec):
    """Library +1 d, Hotel +2 d; the residence's +1 d is lost once built over."""
    *_, income = spec
    s = position(road={12: (tile, 1)}, deniers=0)
    assert "place 12" not in legal(s)  # prestige buildings take no workers
    s = skip_bribes(pass_all(s))
    assert s.players[1].deniers == 2 + income


def test_building_prestige_not_offered_without_its_cost():
    s = at_building(
        2, LOT, road={LOT: ("architect", 1), 12: ("residence", 2)}, cubes_of={2: "SSSSSGG"}
    )
    assert "build cathedral @12" not in legal(s)
    assert "build monument @12" in legal(s)


def test_building_lawyered_own_tile_can_be_built_again():
    s = at_building(1, LOT, road={LOT: ("lawyer", 1), 10: ("sawmill", 1)}, cubes_of={1: "CWF"})
    s = play(s, (1, "lawyer 10"))
    assert s.stock["sawmill"] == 1
    s2 = at_building(1, CARPENTER, cubes_of={1: "WF"}, road={10: ("residence", 1)})
    assert "build sawmill" in legal(s2)


def test_rejection_prestige_on_another_players_residence_names_your_own_residences():
    """Aimed at another player's residence, a prestige building is refused for that reason
    (not for its cost, which the builder has)."""
    s = at_building(
        2,
        LOT,
        road={LOT: ("architect", 1), 10: ("residence", 2), 11: ("residence", 1)},
        cubes_of={2: "SSSSGGG"},
    )
    with pytest.raises(IllegalAction) as caught:
        caylus.apply(s, "build statue @11", 2)
    text = str(caught.value)
    assert "your own residences (10)" in text and "space 11 is not one of them" in text
    assert "costs" not in text


def test_rejection_jeweller_in_a_first_tile_set_game_says_it_is_not_in_that_set():
    s = at_building(
        2, LOT, road={LOT: ("carpenter", 1)}, cubes_of={2: "FFWWWSSSCG"}, tile_set="first"
    )
    assert decision(s) == ("build", 2)
    with pytest.raises(IllegalAction) as caught:
        caylus.apply(s, "build jeweller", 2)
    text = str(caught.value)
    assert "not in this game" in text and "first tile set" in text
    assert "stock" not in text
