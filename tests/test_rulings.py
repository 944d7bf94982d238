"""One test (or more) per binding ruling R1-R26 (docs/rules.md)."""

from __future__ import annotations

import pytest

from engine.caylus import apply, legal_actions
from engine.caylus import catalogue as cat
from engine.caylus.catalogue import Kind
from engine.errors import IllegalAction
from tests.caylus_helpers import (
    NEUTRAL,
    cubes,
    decision,
    game,
    legal,
    pass_all,
    place_workers,
    play,
    play_events,
    position,
    skip_bribes,
)


def stock_count(tile_set: str, kind: Kind) -> int:
    return sum(n for t, n in cat.TILE_SETS[tile_set].items() if cat.TILES[t].kind is kind)


# ---------------------------------------------------------------- R1 tile sets


def test_R1_revised_tile_set_has_10_stone_tiles_with_jeweller():
    assert stock_count("revised", Kind.STONE) == 10
    assert cat.TILE_SETS["revised"]["jeweller"] == 1
    assert stock_count("revised", Kind.WOOD) == 8
    assert stock_count("revised", Kind.PRESTIGE) == 9


def test_R1_first_tile_set_has_9_stone_tiles_without_jeweller():
    assert stock_count("first", Kind.STONE) == 9
    assert "jeweller" not in cat.TILE_SETS["first"]
    assert stock_count("first", Kind.WOOD) == 8


@pytest.mark.parametrize("tile_set", ["revised", "first"])
def test_R1_two_architects_and_unlimited_residences(tile_set):
    assert cat.TILE_SETS[tile_set]["architect"] == 2
    assert "residence" not in cat.TILE_SETS[tile_set]  # not counted: unlimited (R18)
    s = game(tile_set=tile_set)
    assert s.stock == cat.TILE_SETS[tile_set]


def test_R1_first_tile_set_mason_cannot_build_jeweller():
    s = position(tile_set="first", road={9: ("mason", 1)}, cubes_of={2: "SCSC"}, provost=28,
                 deniers=20)  # fmt: skip
    s = skip_bribes(place_workers(s, {2: ["9"]}))
    assert decision(s) == ("build", 2)
    assert "build jeweller" not in legal(s) and "build church" in legal(s)


def test_R1_architect_second_tile_can_be_built():
    s = position(road={9: ("mason", 1), 10: ("architect", 1)}, cubes_of={2: "SF"}, provost=28,
                 deniers=20)  # fmt: skip
    assert s.stock["architect"] == 1
    s = skip_bribes(place_workers(s, {2: ["9"]}))
    s = play(s, (2, "build architect"))
    assert s.stock["architect"] == 0 and s.road[10] == "architect"


# ---------------------------------------------------------------- R2 lawyer 4 PP


@pytest.mark.parametrize("tile_set", ["revised", "first"])
def test_R2_lawyer_tile_gives_4_pp(tile_set):
    assert cat.TILES["lawyer"].prestige == 4
    s = position(tile_set=tile_set, cubes_of={1: "WC"}, provost=28, deniers=20)
    s = skip_bribes(place_workers(s, {1: ["8"]}))
    s = play(s, (1, "build lawyer"))
    assert s.players[1].prestige == 4


# ---------------------------------------------------------------- R3 costs


def test_R3_tailor_and_alchemist_costs():
    assert sorted(cat.TILES["tailor"].cost) == sorted("SW")
    assert sorted(cat.TILES["alchemist"].cost) == sorted("SF")


# ---------------------------------------------------------------- R4 alchemist input


def test_R4_alchemist_any_mix_of_non_gold_cubes():
    s = position(road={9: ("alchemist", 1)}, cubes_of={2: "FWSCG"}, provost=28, deniers=20)
    s = skip_bribes(place_workers(s, {2: ["9"]}))
    opts = set(legal(s))
    assert {"pay FW", "pay SC", "pay FC", "pay FWSC"} <= opts
    assert not any("G" in o for o in opts)


# ---------------------------------------------------------------- R5 road


def test_R5_new_game_road_layout():
    s = game()
    assert len(s.road) == 28
    assert s.road[:6] == NEUTRAL
    assert s.road[6] == "peddler" and s.road[7] == "carpenter" and s.road[15] == "gold-mine"
    assert [i + 1 for i, t in enumerate(s.road) if t is None] == [*range(9, 16), *range(17, 29)]
    assert s.bailiff == 6 and s.provost == 6
    assert cat.SECTION_TRIGGERS == (12, 18, 24)
    assert cat.FIXED_POSITIONS == {7: "peddler", 8: "carpenter", 16: "gold-mine"}


def test_R5_new_craft_building_on_lowest_empty_lot_skipping_fixed():
    road = {p: ("residence", 0) for p in range(9, 16)}
    s = position(road=road, cubes_of={1: "WF"}, provost=28, deniers=20)
    s = skip_bribes(place_workers(s, {1: ["8"]}))
    s = play(s, (1, "build sawmill"))
    assert s.road[16] == "sawmill"  # position 17: 16 is the gold mine


def test_R5_no_empty_lot_no_craft_building():
    road = {p: ("residence", 0) for p in [*range(9, 16), *range(17, 29)]}
    s = position(road=road, cubes_of={1: "WFWF"}, provost=28, deniers=20)
    s = skip_bribes(place_workers(s, {1: ["8"]}))
    # only 'skip' is left: the carpenter resolves itself
    assert s.turn == 2 and s.players[1].cubes == cubes("WFWF")


# ---------------------------------------------------------------- R6 provost range


def test_R6_guild_move_off_the_road_is_illegal_not_shortened():
    s = place_workers(position(provost=2), {1: ["guild"]})
    assert "provost -2" not in legal(s) and "provost -1" in legal(s)
    before = s.model_dump()
    with pytest.raises(IllegalAction) as err:
        apply(s, "provost -2")
    assert "off the road" in str(err.value)
    assert s.model_dump() == before


def test_R6_bribe_beyond_28_is_illegal():
    s = place_workers(position(provost=27, deniers=20), {})
    assert decision(s)[0] == "bribe"
    assert "provost +1" in legal(s) and "provost +2" not in legal(s)


def test_R6_provost_may_stop_on_empty_lots():
    s = place_workers(position(provost=8, deniers=20), {})
    s = play(s, "provost +2")
    assert s.provost == 10


# ---------------------------------------------------------------- R7 lawyer on occupied


def lawyer_vs_occupied(target: int, provost: int = 28):
    s = position(
        road={9: ("lawyer", 1), 10: ("sawmill", 1)},
        cubes_of={1: "C"},
        provost=provost,
        deniers=20,
    )
    return skip_bribes(place_workers(s, {1: ["9"], 2: [str(target)]}))


def test_R7_lawyer_on_occupied_target_waits_for_activation():
    s = lawyer_vs_occupied(10)  # seat 2 works on seat 1's sawmill at 10
    assert decision(s) == ("lawyer", 1)
    assert "lawyer 10" in legal(s)
    s, events = play_events(s, (1, "lawyer 10"))
    kinds = [e.kind for e in events]
    # paid and +2 PP at once, transformed only after the sawmill produced
    assert kinds.index("lawyer") < kinds.index("produce") < kinds.index("transform")
    assert s.road[9] == "residence"
    assert s.players[2].cubes["W"] == 3  # the sawmill still worked for seat 2


def test_R7_lawyer_target_beyond_provost_transforms_when_worker_returns():
    s = position(
        road={9: ("lawyer", 1), 12: ("sawmill", 1)},
        cubes_of={1: "C"},
        provost=9,
        deniers=20,
    )
    s = place_workers(s, {1: ["9"], 2: ["12"]})
    s = skip_bribes(s)
    s, events = play_events(s, (1, "lawyer 12"))
    assert s.road[11] == "residence"
    assert s.players[2].cubes["W"] == 1  # beyond the provost: did not work
    assert [e.kind for e in events].count("transform") == 1


def test_R7_payment_and_prestige_at_lawyer_activation():
    s = lawyer_vs_occupied(10)
    d, pp = s.players[1].deniers, s.players[1].prestige
    s2, events = play_events(s, (1, "lawyer 10"))
    first = [e for e in events if e.kind in ("lawyer", "prestige")][:2]
    assert first[0].kind == "lawyer" and first[1].pp == 2
    assert s2.players[1].prestige == pp + 2
    assert s2.players[1].cubes["C"] == 0
    # deniers: -1 for the lawyer; the phase ends and turn 2 income (2 + 1 residence) is paid
    assert s2.players[1].deniers == d - 1 + 3


# ---------------------------------------------------------------- R8 several scorings


def test_R8_several_scorings_in_one_turn():
    s = position(favor_mode="simplified", castle=[[0, 0], [0, 0], []], bailiff=17, provost=1)
    s = skip_bribes(pass_all(s))
    assert s.scored == 2 and s.section == 2
    assert s.players[0].prestige == 3 + 3
    assert s.players[1].prestige == 0  # -2 and -3, never below 0


def test_R8_all_three_scorings_in_one_turn_end_the_game():
    s = position(
        favor_mode="simplified",
        castle=[[0] * 6, [0] * 10, [0] * 14],
        bailiff=6,
        provost=1,
    )
    s = skip_bribes(pass_all(s))
    assert s.over and s.scored == 3
    assert s.players[0].prestige == 3 + 9 + 9


# ---------------------------------------------------------------- R9 columns


def test_R9_favor_won_during_dungeon_scoring_capped_at_column_2():
    s = position(castle=[[1, 1], [], []], bailiff=11, provost=1, favors={1: [2, 2, 2, 2]})
    s = skip_bribes(pass_all(s))
    assert decision(s) == ("favor", 1)
    assert "favor c3" not in legal(s)
    s = play(s, (1, "favor a"))
    assert s.players[1].favors[0] == 2 and s.players[1].prestige == 2
    assert s.scored == 1  # now the columns 3-4 are open


def test_R9_walls_favor_in_double_scoring_uses_columns_opened_by_dungeon():
    s = position(castle=[[2, 2], [1, 1], []], bailiff=17, provost=1, favors={1: [2, 2, 2, 2]})
    s = skip_bribes(pass_all(s))
    s = play(s, (2, "favor a"))
    assert s.scored == 1
    assert decision(s) == ("favor", 1)
    s = play(s, (1, "favor a"))
    assert s.players[1].favors[0] == 3


# ---------------------------------------------------------------- R10 different lines


def test_R10_favors_from_two_buildings_in_one_phase_5_use_different_lines():
    s = position(
        road={9: ("mason", 2), 10: ("architect", 2), 12: ("residence", 1)},
        cubes_of={1: "SCSSG"},
        provost=28,
        deniers=20,
    )
    s = skip_bribes(place_workers(s, {1: ["9", "10"]}))
    s = play(s, (1, "build church"))  # +1 favor
    s = play(s, (1, "favor a"))
    s = play(s, (1, "build statue @12"))  # +1 favor, same phase 5
    assert decision(s) == ("favor", 1)
    assert "favor a" not in legal(s)


def test_R10_blocked_line_may_still_be_chosen():
    s = position(castle=[[1, 1], [], []], bailiff=11, provost=1, favors={1: [2, 0, 0, 0]})
    s = skip_bribes(pass_all(s))
    assert "favor a" in legal(s)


# ---------------------------------------------------------------- R11 two players


def test_R11_two_players_start_with_5_deniers():
    s = game(2, turn_order=[1, 0])
    assert [p.deniers for p in s.players] == [5 + 2, 5 + 2]


def test_R11_two_players_turn_order_alternates():
    s = game(2, turn_order=[1, 0])
    assert s.turn_order == [1, 0]
    s = skip_bribes(pass_all(s))
    assert s.turn == 2 and s.turn_order == [0, 1]
    s = skip_bribes(pass_all(s))
    assert s.turn == 3 and s.turn_order == [1, 0]


def test_R11_two_players_no_stables():
    s = game(2)
    assert "place stables" not in legal(s)


def test_R11_two_players_3_deniers_after_other_passed():
    s = position(2, road={9: ("sawmill", 1)}, deniers=20)
    s = play(s, (0, "place 1"))
    assert s.players[0].deniers == 19  # nobody passed: 1 d
    s = play(s, (1, "pass"), (0, "place castle"))
    assert s.players[0].deniers == 16  # 3 d
    s = play(s, (0, "place 2"))
    assert s.players[0].deniers == 13


def test_R11_two_players_own_building_and_inn_cost_1():
    s = position(2, road={9: ("sawmill", 0)}, deniers=20)
    s = play(s, (0, "place 1"), (1, "pass"), (0, "place 9"))
    assert s.players[0].deniers == 20 - 1 - 1
    s = position(2, inn_right=0, deniers=20)
    s = play(s, (0, "place 1"), (1, "pass"), (0, "place 2"))
    assert s.players[0].deniers == 18


# ---------------------------------------------------------------- R12 gold at markets


def test_R12_gold_may_be_sold():
    s = position(road={9: ("market", 1)}, cubes_of={2: "G"}, provost=28, deniers=20)
    s = skip_bribes(place_workers(s, {2: ["9", "5"]}))
    assert decision(s) == ("sell", 2) and decision(s) and s.decision.at == 5
    s = play(s, (2, "sell G"))
    assert s.players[2].cubes["G"] == 0


# ---------------------------------------------------------------- R13 exchange


def test_R13_exchange_gives_any_cube_takes_two_non_gold():
    s = position(cubes_of={1: "CG"}, favors={1: [0, 0, 3, 0]}, scored=2, section=2, deniers=9)
    s = place_workers(s, {1: ["joust"]})
    s = play(s, (1, "joust"), (1, "favor c4"))
    opts = legal(s)
    assert "exchange G CC" in opts and "skip" in opts
    assert all(o.split()[2].count("G") == 0 for o in opts if o != "skip")
    s = play(s, (1, "exchange G FF"))
    assert s.players[1].cubes == cubes("FF")


# ---------------------------------------------------------------- R14 gate


def test_R14_gate_targets():
    s = position(road={9: ("sawmill", 2), 10: ("residence", 2), 11: ("statue", 2)},
                 deniers=20)  # fmt: skip
    s = place_workers(s, {1: ["gate", "stables"], 2: ["castle"], 3: ["inn"]})
    opts = set(legal(s))
    assert "gate gate" not in opts  # not the gate itself
    assert "gate stables" not in opts  # seat 1 already there
    assert "gate castle" in opts  # seat 1 has no castle worker
    assert "gate inn" not in opts  # left circle taken
    assert {"gate trading", "gate guild", "gate joust", "gate 9", "gate 16"} <= opts
    assert not {"gate 10", "gate 11", "gate 12"} & opts


def test_R14_gate_to_castle_joins_at_the_end_of_arrival_order():
    s = position(deniers=20, cubes_of={1: "FWS", 2: "FWS"})
    s = place_workers(s, {1: ["gate"], 2: ["castle"]})
    s = play(s, (1, "gate castle"))
    assert s.castle_workers == [2, 1]


# ---------------------------------------------------------------- R15 batch


def test_R15_batch_may_contain_gold_but_needs_food_and_three_kinds():
    s = position(cubes_of={1: "FGG"}, deniers=20, prestige={1: 5})
    s = skip_bribes(place_workers(s, {1: ["castle"]}))
    assert s.players[1].prestige == 3  # F+G+G is no batch: -2
    s = position(cubes_of={1: "FSG"}, deniers=20)
    s = skip_bribes(place_workers(s, {1: ["castle"]}))
    assert "batch FSG" in legal(s)


# ---------------------------------------------------------------- R16 one building


def test_R16_one_building_per_activation():
    s = position(cubes_of={1: "WFWF"}, provost=28, deniers=20)
    s = skip_bribes(place_workers(s, {1: ["8"]}))
    s = play(s, (1, "build sawmill"))
    assert s.decision is None or s.decision.kind != "build"
    assert s.players[1].cubes == cubes("WF")


def test_R16_favor_discount_leaves_one_cube():
    for tile in cat.TILES.values():
        if tile.kind in (Kind.WOOD, Kind.STONE):
            assert len(tile.cost) == 2 and tile.cost[0] == ("W" if tile.kind is Kind.WOOD else "S")


# ---------------------------------------------------------------- R17 residence


def test_R17_gold_cannot_replace_the_denier():
    s = position(road={9: ("lawyer", 2)}, cubes_of={1: "CG"}, provost=28,
                 deniers={0: 20, 1: 2, 2: 20, 3: 20})  # fmt: skip
    s = place_workers(s, {1: ["9"]})  # 2 d - 2 d placement: no denier left
    assert s.players[1].deniers == 0
    s = skip_bribes(s)
    # the lawyer had only 'skip' (gold is no denier): nothing was transformed
    assert "residence" not in s.road


# ---------------------------------------------------------------- R18 supply


def test_R18_residences_unlimited():
    road = {p: ("residence", 1) for p in [*range(9, 16), 17]}  # 8 residences already
    road[18] = ("lawyer", 1)
    s = position(road=road, cubes_of={1: "C"}, provost=28, deniers=20)
    s = skip_bribes(place_workers(s, {1: ["18"]}))
    s = play(s, (1, "lawyer 1"))
    assert s.road.count("residence") == 9


def test_R18_cubes_unlimited():
    s = position(cubes_of={1: "S" * 40}, provost=28, deniers=20)
    s = skip_bribes(place_workers(s, {1: ["4"]}))
    assert s.players[1].cubes["S"] == 41


# ---------------------------------------------------------------- R19 simplified


def test_R19_simplified_favor_is_3_pp():
    s = position(favor_mode="simplified", castle=[[1, 1], [], []], bailiff=11, provost=1)
    s = skip_bribes(pass_all(s))
    assert s.players[1].prestige == 3 and s.players[1].favors == [0, 0, 0, 0]


# ---------------------------------------------------------------- R20 turn-1 income


def test_R20_income_paid_in_turn_1():
    s = game(4, turn_order=[0, 1, 2, 3])
    assert [p.deniers for p in s.players] == [7, 8, 8, 9]


# ---------------------------------------------------------------- R21 nobody delivers


def test_R21_nobody_delivers_no_favor():
    s = position(cubes_of={1: "", 2: ""}, deniers=20)
    s = skip_bribes(place_workers(s, {1: ["castle"], 2: ["castle"]}))
    assert s.turn == 2 and all(p.favors == [0, 0, 0, 0] for p in s.players)


# ---------------------------------------------------------------- R22 towers full


def test_R22_no_penalty_once_castle_full():
    full = [[0] * 6, [0] * 10, [0] * 13]
    s = position(cubes_of={1: "FWS", 2: ""}, castle=full, section=2, scored=2, deniers=20,
                 prestige={2: 5})  # fmt: skip
    s = skip_bribes(place_workers(s, {1: ["castle"], 2: ["castle"]}))
    s, events = play_events(s, (1, "batch FWS"))
    # the castle is now full: seat 2, without a batch, loses nothing in phase 6
    assert not [e for e in events if e.seat == 2 and "castle" in e.text and e.pp < 0]


# ---------------------------------------------------------------- R23 batch count


def test_R23_more_batches_than_spaces_is_illegal():
    almost = [[0] * 6, [0] * 10, [0] * 13]
    s = position(cubes_of={1: "FFWWSS"}, castle=almost, section=2, scored=2, deniers=20)
    s = skip_bribes(place_workers(s, {1: ["castle"]}))
    s = play(s, (1, "batch FWS"))
    # the decision resolved itself (only 'skip' left): no second batch was taken
    assert s.castle[2].count(1) == 1 and s.players[1].cubes == cubes("FWS")


def test_R23_batch_illegal_when_no_space_left():
    full = [[0] * 6, [0] * 10, [0] * 14]
    s = position(cubes_of={1: "FWS"}, castle=full, section=2, scored=2, deniers=20)
    s = place_workers(s, {1: ["castle"], 2: ["1"]})
    s = skip_bribes(s)
    assert s.players[1].cubes == cubes("FWS")


# ---------------------------------------------------------------- R24 forced pass


def test_R24_forced_pass_takes_next_scale_space_and_first_denier():
    s = position(turn_order=[1, 0, 2, 3], deniers={0: 0, 1: 20, 2: 20, 3: 20})
    s = play(s, (1, "place 1"))
    assert s.passed == [0] and s.players[0].deniers == 1


def test_R24_no_worker_left_forces_pass():
    s = position(deniers=40)
    s = play(s, (0, "place 1"), (1, "pass"), (2, "pass"), (3, "pass"))
    s = play(s, *[(0, f"place {t}") for t in ("2", "3", "4", "5", "7")])
    # seat 0 placed 6 workers while 1, 2, 3 passed; its next turn is a forced pass
    assert s.players[0].workers == 0
    assert s.passed == [1, 2, 3, 0]


# ---------------------------------------------------------------- R25 favor order


def test_R25_favor_won_while_resolving_another_comes_after_waiting_ones():
    s = position(
        castle=[[0] * 6, [0] * 10, [1, 1, 2, 2]],
        section=2,
        scored=2,
        bailiff=23,
        provost=1,
        road={12: ("residence", 1)},
        cubes_of={1: "SSG"},
        favors={1: [0, 0, 0, 4]},
    )
    s = skip_bribes(pass_all(s))
    assert decision(s) == ("favor", 1)
    s = play(s, (1, "favor d5"), (1, "build statue @12"))
    assert decision(s) == ("favor", 2)  # waiting before the Statue's favor
    s = play(s, (2, "favor a"))
    assert decision(s) == ("favor", 1)
    s = play(s, (1, "favor a"))
    assert s.over


# ---------------------------------------------------------------- R26 gate to inn


def test_R26_gate_to_inn_is_handled_by_the_inn_in_the_same_phase():
    s = position(inn_right=3, deniers=20)
    s = place_workers(s, {1: ["gate"]})
    s = play(s, (1, "gate inn"))
    assert s.inn_right == 1 and s.inn_left is None
    assert s.players[3].workers == 6  # evicted


def test_legal_actions_empty_for_other_seats():
    s = game()
    assert legal_actions(s, 1) == []


def test_R7_favor_lawyer_on_occupied_building_waits_for_its_activation():
    """Favor line d col. 4 won at the joust (phase 3) on a building with a worker on it."""
    s = position(
        cubes_of={1: "CC"},
        favors={1: [0, 0, 0, 3]},
        scored=2,
        section=2,
        provost=28,
        deniers=20,
    )
    s = place_workers(s, {1: ["joust"], 2: ["3"]})
    s = play(s, (1, "joust"), (1, "favor d4"), (1, "lawyer 3"))
    assert s.road[2] == "n-sawmill"  # waits: seat 2's worker is on it
    assert s.players[1].prestige == 2  # paid and scored at once
    s = skip_bribes(s)
    assert s.road[2] == "residence" and s.owners[2] == 1
    assert s.players[2].cubes["W"] == 2  # the sawmill worked first


def test_R9_favor_won_during_walls_scoring_capped_at_column_4():
    s = position(
        castle=[[2] * 6, [1, 1], []],
        section=1,
        scored=1,
        bailiff=17,
        provost=1,
        favors={1: [4, 4, 4, 4]},
        cubes_of={1: "F"},
    )
    s = skip_bribes(pass_all(s))
    assert decision(s) == ("favor", 1)
    assert "favor c5" not in legal(s) and "favor c4" in legal(s)
    s = play(s, (1, "favor a"))
    assert s.players[1].favors[0] == 4 and s.players[1].prestige == 4
    assert s.scored == 2
