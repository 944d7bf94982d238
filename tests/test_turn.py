"""The turn: income, placement and its costs, the special buildings (phase 3), the provost
(phases 3-4), activation range (phase 5), the bailiff (phase 7), the end and the end bonus."""

from __future__ import annotations

import pytest

from engine.caylus import outcome
from engine.caylus.state import State
from tests.caylus_helpers import (
    GOLD_MINE,
    N_QUARRY,
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

# ---------------------------------------------------------------- setup and income


def test_new_game_start_money_by_turn_order_and_start_cubes():
    s = game(5, turn_order=[3, 1, 4, 0, 2])
    # start money 5/6/6/7/7 by turn-order position, plus the turn-1 income of 2 (R20)
    expected = {3: 5, 1: 6, 4: 6, 0: 7, 2: 7}
    for seat, money in expected.items():
        assert s.players[seat].deniers == money + 2
        assert s.players[seat].cubes == cubes("FFW")
        assert s.players[seat].workers == 6
        assert s.players[seat].prestige == 0
        assert s.players[seat].favors == [0, 0, 0, 0]
    assert decision(s) == ("place", 3)


def test_income_base_2_plus_residences_library_hotel():
    s = position(
        road={9: ("residence", 1), 10: ("residence", 1), 11: ("library", 2), 12: ("hotel", 2)},
        deniers=0,
    )
    s = skip_bribes(pass_all(s))
    assert s.turn == 2
    # seat 0 passed first (+1 d)
    assert [p.deniers for p in s.players] == [1 + 2, 2 + 2, 2 + 3, 2]


# ---------------------------------------------------------------- placement costs


def test_placement_cost_follows_passing_scale():
    s = position(deniers=20)
    s = play(s, (0, "pass"))
    assert s.players[0].deniers == 21  # first to pass: +1 d
    s = play(s, (1, "place 1"))
    assert s.players[1].deniers == 18  # 1 passed: 2 d
    s = play(s, (2, "pass"))
    assert s.players[2].deniers == 20  # only the first passer earns the denier
    s = play(s, (3, "place castle"))
    assert s.players[3].deniers == 17  # 2 passed: 3 d
    s = play(s, (1, "pass"), (3, "place 2"))
    assert s.players[3].deniers == 13  # 3 passed: 4 d


def test_placement_cost_with_nobody_passed_is_1():
    s = position(deniers=20)
    s = play(s, (0, "place 1"), (1, "place trading"), (2, "place castle"))
    assert [p.deniers for p in s.players[:3]] == [19, 19, 19]


def test_placement_on_own_building_costs_1_and_gives_no_prestige():
    s = position(road={9: ("sawmill", 1), 10: ("quarry", 2)}, deniers=20)
    s = play(s, (0, "pass"), (1, "place 9"))
    assert s.players[1].deniers == 19 and s.players[1].prestige == 0


def test_placement_on_other_players_building_gives_owner_1_pp():
    s = position(road={9: ("sawmill", 1)}, deniers=20)
    s = play(s, (0, "place 9"))
    assert s.players[1].prestige == 1


def test_placement_forbidden_spaces_are_not_offered():
    """Empty lots, residences, prestige buildings and occupied spaces take no worker."""
    s = position(road={9: ("residence", 1), 10: ("statue", 1)}, deniers=20)
    s = play(s, (0, "place 1"))
    options = legal(s)
    for target in ("1", "9", "10", "11", "12", "28"):
        assert f"place {target}" not in options
    assert "place 2" in options and "place 16" in options


def test_castle_one_worker_per_player():
    s = position(deniers=20)
    s = play(s, (0, "place castle"), (1, "place castle"), (2, "pass"), (3, "pass"))
    assert "place castle" not in legal(s)
    assert s.castle_workers == [0, 1]


def test_placement_without_money_is_a_forced_pass_taking_next_space():
    """R24 in play: the pass resolves itself and takes the scale space (and the first 1 d)."""
    s = position(turn_order=[1, 0, 2, 3], deniers={0: 0, 1: 20, 2: 20, 3: 20})
    s = play(s, (1, "place 1"))
    assert s.passed == [0]
    assert s.players[0].deniers == 1
    assert decision(s) == ("place", 2)


# ---------------------------------------------------------------- special buildings


def test_special_trading_post_gives_3_deniers():
    s = position(deniers=5)
    s = place_workers(s, {1: ["trading"]})
    assert s.phase == 4
    assert s.players[1].deniers == 5 - 2 + 3  # seat 0 passed before: 2 d
    assert s.specials["trading"] is None and s.players[1].workers == 6


@pytest.mark.parametrize("move", ["+1", "+2", "+3", "-1", "-2", "-3"])
def test_special_guild_moves_provost_1_to_3_for_free(move):
    s = position(provost=10, deniers=9)
    s = place_workers(s, {1: ["guild"]})
    assert decision(s) == ("guild", 1)
    d = s.players[1].deniers
    s = play(s, (1, f"provost {move}"))
    assert s.provost == 10 + int(move)
    assert s.players[1].deniers == d


def test_special_guild_may_be_declined():
    s = place_workers(position(provost=10), {1: ["guild"]})
    s = play(s, (1, "skip"))
    assert s.provost == 10


def test_special_joust_pays_1_denier_1_cloth_for_a_favor():
    s = position(cubes_of={1: "C"}, deniers=9)
    s = place_workers(s, {1: ["joust"]})
    assert decision(s) == ("joust", 1)
    assert sorted(legal(s)) == ["joust", "skip"]
    d = s.players[1].deniers
    s = play(s, (1, "joust"))
    assert s.players[1].deniers == d - 1 and s.players[1].cubes["C"] == 0
    assert decision(s) == ("favor", 1)


def test_special_joust_without_cloth_resolves_itself():
    s = place_workers(position(cubes_of={1: "FW"}), {1: ["joust"]})
    assert s.phase == 4 and s.specials["joust"] is None
    assert s.players[1].favors == [0, 0, 0, 0]


def test_special_joust_only_one_worker_so_one_favor_a_turn():
    s = position(cubes_of={1: "CC", 2: "C"}, deniers=9)
    s = play(s, (0, "pass"), (1, "place joust"))
    assert "place joust" not in legal(s)


def test_special_stables_reorder_turn_order():
    s = position(deniers=20)
    s = place_workers(s, {2: ["stables"], 3: ["stables"]})  # slots 1 and 2
    s = skip_bribes(s)
    assert s.turn == 2
    assert s.turn_order == [2, 3, 0, 1]


def test_special_stables_one_worker_per_player_three_slots():
    s = position(deniers=20)
    s = play(s, (0, "place stables"))
    s = play(s, (1, "place 1"), (2, "place 2"), (3, "place 3"))
    assert "place stables" not in legal(s)  # seat 0 already there
    s = play(s, (0, "pass"), (1, "place stables"), (2, "place stables"))
    assert "place stables" not in legal(s)  # full: 3 workers
    assert s.stables == [0, 1, 2]


def test_special_inn_left_circle_moves_right_and_evicts():
    s = position(inn_right=0, deniers=9)
    s = place_workers(s, {2: ["inn"]})
    assert s.inn_right == 2 and s.inn_left is None
    assert s.players[0].workers == 6  # evicted worker back to Blue
    assert s.players[2].workers == 5


def test_special_inn_occupant_pays_1_denier_per_placement():
    s = position(inn_right=1, deniers=20)
    s = play(s, (0, "pass"), (1, "place castle"), (2, "pass"), (3, "pass"))
    s = play(s, (1, "place 1"))
    assert s.players[1].deniers == 18  # 1 + 1 although three players passed
    s = play(s, (1, "place 2"))
    assert s.players[1].deniers == 17


@pytest.mark.parametrize("answer", ["stay", "leave"])
def test_special_inn_occupant_stays_or_leaves_when_nobody_enters(answer):
    s = place_workers(position(inn_right=3), {})
    assert decision(s) == ("inn", 3)
    assert sorted(legal(s)) == ["inn leave", "inn stay"]
    s = play(s, (3, f"inn {answer}"))
    if answer == "stay":
        assert s.inn_right == 3 and s.players[3].workers == 5
    else:
        assert s.inn_right is None and s.players[3].workers == 6


def test_special_inn_one_player_may_hold_both_circles():
    s = position(inn_right=1, deniers=9)
    s = play(s, (0, "pass"), (1, "place inn"))
    assert s.inn_left == 1 and s.inn_right == 1
    s = place_workers(s, {})
    assert s.inn_right == 1 and s.players[1].workers == 5


def test_special_gate_moves_worker_for_free_to_trading_post():
    s = position(deniers=9)
    s = place_workers(s, {1: ["gate"]})
    assert decision(s) == ("gate", 1)
    d = s.players[1].deniers
    s = play(s, (1, "gate trading"))
    assert s.players[1].deniers == d + 3  # moved for free, then the trading post acts


def test_special_gate_back_returns_worker():
    s = place_workers(position(), {1: ["gate"]})
    s = play(s, (1, "gate back"))
    assert s.players[1].workers == 6 and s.specials["gate"] is None


def test_special_gate_onto_other_players_building_gives_1_pp():
    s = place_workers(position(road={9: ("sawmill", 2)}, provost=28), {1: ["gate"]})
    s = play(s, (1, "gate 9"))
    assert s.players[2].prestige == 1 and s.workers[8] == 1


def test_special_gate_targets_only_free_legal_spaces():
    s = position(road={9: ("residence", 2)}, deniers=20)
    s = place_workers(s, {1: ["gate", "castle"], 2: ["trading", "1"], 0: ["stables"]})
    opts = set(legal(s))
    assert "gate back" in opts
    for bad in ("gate gate", "gate castle", "gate trading", "gate 1", "gate 9", "gate 10"):
        assert bad not in opts
    for good in ("gate guild", "gate joust", "gate stables", "gate inn", "gate 2", "gate 16"):
        assert good in opts


# ---------------------------------------------------------------- provost


def test_bribes_in_passing_order_at_1_denier_per_space():
    s = position(provost=10, deniers=20)
    s = place_workers(s, {0: ["1"], 3: ["2"]})  # passing order 1, 2, 0, 3
    assert s.passed == [1, 2, 0, 3]
    assert decision(s) == ("bribe", 1)
    s = play(s, (1, "provost +3"), (2, "skip"), (0, "provost -2"))
    assert decision(s) == ("bribe", 3)
    s = play(s, (3, "provost -1"))
    assert s.players[1].deniers == 21 - 3
    assert s.players[0].deniers == 20 - 1 - 2


def test_bribe_limited_by_deniers():
    s = position(provost=10, deniers={0: 20, 1: 1, 2: 20, 3: 20})
    s = place_workers(s, {0: ["1"], 2: ["2"], 3: ["3"]})
    # seat 1 passed first with 1 + 1 d: may move 1 or 2 spaces, not 3
    assert decision(s) == ("bribe", 1)
    assert sorted(legal(s)) == ["provost +1", "provost +2", "provost -1", "provost -2", "skip"]


# ---------------------------------------------------------------- activation


def test_buildings_beyond_provost_are_not_activated_and_pp_is_kept():
    s = position(road={9: ("sawmill", 2)}, provost=8, deniers=20)
    s = place_workers(s, {1: ["9"]})
    s = skip_bribes(s)
    assert s.players[1].cubes == cubes("FFW")  # nothing produced
    assert s.players[2].prestige == 1  # kept
    assert s.players[1].workers == 6


def test_activation_follows_road_order_up_to_provost_included():
    s = position(provost=GOLD_MINE, deniers=20)
    s = place_workers(s, {1: [str(GOLD_MINE), str(N_QUARRY)]})
    s, events = play_events(s, "skip", "skip", "skip", "skip")
    produced = [e.data["at"] for e in events if e.kind == "produce"]
    assert produced == [N_QUARRY, GOLD_MINE]


# ---------------------------------------------------------------- bailiff (phase 7)


def end_turn(s: State) -> State:
    return skip_bribes(pass_all(s))


def test_bailiff_moves_1_when_provost_not_beyond_and_provost_follows():
    s = end_turn(position(bailiff=6, provost=6))
    assert (s.bailiff, s.provost) == (7, 7)
    s = end_turn(position(bailiff=9, provost=3))
    assert (s.bailiff, s.provost) == (10, 10)


def test_bailiff_moves_2_when_provost_beyond():
    s = end_turn(position(bailiff=6, provost=7))
    assert (s.bailiff, s.provost) == (8, 8)
    s = end_turn(position(bailiff=6, provost=28))
    assert (s.bailiff, s.provost) == (8, 8)


# ---------------------------------------------------------------- the end


def towers_end(prestige=None, cubes_of=None, deniers=0, castle=None):
    s = position(
        bailiff=23,
        provost=1,
        section=2,
        scored=2,
        castle=castle or [[0] * 6, [0] * 10, [0, 1, 2, 3]],
        prestige=prestige,
        cubes_of=cubes_of,
        deniers=deniers,
    )
    s = end_turn(s)
    while not s.over:
        s = play(s, "favor a")
    return s


def test_game_ends_after_towers_scoring():
    s = towers_end(cubes_of={0: "", 1: "", 2: "", 3: ""})
    assert s.over and s.decision is None
    assert s.section == 3


def test_end_bonus_gold_cubes_deniers():
    s = towers_end(
        prestige={0: 10, 1: 10, 2: 10, 3: 10},
        cubes_of={0: "GG", 1: "FWSCFWS", 2: "FF", 3: ""},
        deniers=0,
    )
    result = outcome(s)
    assert result is not None
    b = result.breakdown
    assert b[0]["gold"] == 6 and b[1]["cubes"] == 2 and b[2]["cubes"] == 0
    # deniers: the first passer got 1 d; 1 PP per 4 d rounds down
    assert all(x["deniers"] == s.players[i].deniers // 4 for i, x in enumerate(b))
    assert result.scores == [x["game"] + x["gold"] + x["cubes"] + x["deniers"] for x in b]


def test_end_bonus_one_pp_per_4_deniers():
    s = towers_end(cubes_of={0: "", 1: "", 2: "", 3: ""})
    s2 = s.model_copy(deep=True)
    for p, d in zip(s2.players, [3, 4, 8, 11], strict=True):
        p.deniers = d
        p.prestige = 0
    result = outcome(State.model_validate(s2.model_dump()))
    assert [x["deniers"] for x in result.breakdown] == [0, 1, 2, 2]


def test_ties_share_the_win():
    s = towers_end(cubes_of={0: "", 1: "", 2: "", 3: ""})
    s2 = s.model_copy(deep=True)
    for p, pp in zip(s2.players, [30, 30, 12, 29], strict=True):
        p.prestige = pp
        p.deniers = 0
    result = outcome(State.model_validate(s2.model_dump()))
    assert result.winners == [0, 1]


def test_outcome_is_none_before_the_end():
    assert outcome(position()) is None


# ---------------------------------------------------------------- more edge cases


def test_five_player_passing_scale_goes_up_to_5_deniers():
    s = position(5, deniers=20)
    s = play(s, (0, "pass"), (1, "pass"), (2, "pass"), (3, "pass"))
    s = play(s, (4, "place castle"))
    assert s.players[4].deniers == 15


def test_two_player_gate_cannot_target_stables():
    s = position(2, deniers=20)
    s = place_workers(s, {0: ["gate"]})
    assert "gate stables" not in legal(s)


def test_gold_mine_may_be_occupied_in_turn_1_but_is_beyond_the_provost():
    s = position(deniers=20)
    s = place_workers(s, {1: ["16"]})
    s = skip_bribes(s)
    assert s.turn == 2 and s.players[1].cubes["G"] == 0


def test_bailiff_passing_over_the_trigger_scores():
    s = position(bailiff=11, provost=15, castle=[[1, 1], [], []], favor_mode="simplified")
    s = skip_bribes(pass_all(s))
    assert s.bailiff == 13 and s.scored == 1 and s.players[1].prestige == 3
