"""The royal favor table: every cell (4 lines x 5 columns), column caps (R9), one line per
phase (R10), blocked lines, the simplified variant (R19)."""

from __future__ import annotations

import pytest

from tests.caylus_helpers import (
    cubes,
    decision,
    legal,
    pass_all,
    place_workers,
    play,
    play_events,
    position,
    skip_bribes,
)


def joust_favor(marker: list[int] | None = None, scored: int = 2, **kw):
    """Seat 1 wins a favor at the joust field (phase 3); markers `marker` before it."""
    kw.setdefault("deniers", 10)
    cub = kw.pop("cubes_of", {})
    cub = {1: "C" + cub.get(1, ""), **{k: v for k, v in cub.items() if k != 1}}
    section = min(scored, 2)
    s = position(cubes_of=cub, favors={1: marker or [0, 0, 0, 0]}, scored=scored,
                 section=section, **kw)  # fmt: skip
    s = place_workers(s, {1: ["joust"]})
    s = play(s, (1, "joust"))
    assert decision(s) == ("favor", 1)
    return s


# ---------------------------------------------------------------- line a: prestige


@pytest.mark.parametrize("col", [1, 2, 3, 4, 5])
def test_favor_line_a_column_gives_prestige(col):
    s = joust_favor([col - 1, 0, 0, 0])
    s = play(s, (1, "favor a"))
    assert s.players[1].favors[0] == col
    assert s.players[1].prestige == col  # 1..5 PP


# ---------------------------------------------------------------- line b: deniers


@pytest.mark.parametrize(("col", "gain"), [(1, 3), (2, 4), (3, 5), (4, 6), (5, 7)])
def test_favor_line_b_column_gives_deniers(col, gain):
    s = joust_favor([0, col - 1, 0, 0])
    d = s.players[1].deniers
    s = play(s, (1, "favor b"))
    assert s.players[1].favors[1] == col
    assert s.players[1].deniers == d + gain


# ---------------------------------------------------------------- line c: cubes


@pytest.mark.parametrize(
    ("col", "action", "cube"),
    [(1, "favor c1", "F"), (2, "favor c2W", "W"), (2, "favor c2S", "S"), (3, "favor c3", "C"),
     (5, "favor c5", "G")],
)  # fmt: skip
def test_favor_line_c_column_gives_cube(col, action, cube):
    s = joust_favor([0, 0, col - 1, 0], cubes_of={1: ""})
    s = play(s, (1, action))
    assert s.players[1].favors[2] == col
    assert s.players[1].cubes == cubes(cube)


def test_favor_line_c_lower_columns_usable():
    s = joust_favor([0, 0, 4, 0], cubes_of={1: ""})
    opts = legal(s)
    for a in ("favor c1", "favor c2W", "favor c2S", "favor c3", "favor c5"):
        assert a in opts
    s = play(s, (1, "favor c1"))
    assert s.players[1].favors[2] == 5 and s.players[1].cubes == cubes("F")


def test_favor_line_c_column_4_exchange_one_cube_for_two():
    """R13: give any cube (gold allowed), take two non-gold cubes."""
    s = joust_favor([0, 0, 3, 0], cubes_of={1: "G"})
    s = play(s, (1, "favor c4"))
    assert decision(s) == ("exchange", 1)
    opts = legal(s)
    assert "exchange G SS" in opts and "exchange G FC" in opts
    assert not any(o.endswith("G") or " G" in o[10:] for o in opts if o.startswith("exchange"))
    s = play(s, (1, "exchange G WS"))
    assert s.players[1].cubes == cubes("WS")


def test_favor_line_c_column_4_take_no_gold():
    s = joust_favor([0, 0, 3, 0], cubes_of={1: "F"})
    s = play(s, (1, "favor c4"))
    assert all("G" not in o.split()[-1] for o in legal(s) if o != "skip")


# ---------------------------------------------------------------- line d: buildings


def test_favor_line_d_column_1_has_no_effect():
    s = joust_favor([0, 0, 0, 0], cubes_of={1: "WFSC"}, scored=0)
    snapshot = s.players[1].model_dump()
    s = play(s, (1, "favor d1"))
    assert s.players[1].favors[3] == 1
    after = s.players[1].model_dump()
    assert after["cubes"] == snapshot["cubes"] and after["prestige"] == snapshot["prestige"]


def test_favor_line_d_column_2_carpenter_one_wood_less():
    s = joust_favor([0, 0, 0, 1], cubes_of={1: "F"})
    s = play(s, (1, "favor d2"))
    assert decision(s) == ("build", 1)
    assert "build food-farm" in legal(s)
    s = play(s, (1, "build food-farm"))
    assert s.players[1].cubes == cubes("")
    assert s.road[8] == "food-farm" and s.owners[8] == 1 and s.players[1].prestige == 2


def test_favor_line_d_column_2_any_cube_tiles_cost_one_cube():
    s = joust_favor([0, 0, 0, 1], cubes_of={1: "G"})
    s = play(s, (1, "favor d2"))
    assert "build market G" in legal(s)


def test_favor_line_d_column_3_mason_one_stone_less():
    s = joust_favor([0, 0, 0, 2], cubes_of={1: "F"})
    s = play(s, (1, "favor d3"))
    s = play(s, (1, "build park"))
    assert s.players[1].cubes == cubes("") and s.players[1].prestige == 3
    assert s.road[8] == "park"


def test_favor_line_d_column_4_lawyer_costs_only_cloth():
    # 3 d - 2 d (joust placement after seat 0 passed) - 1 d (joust): no denier left
    s = joust_favor([0, 0, 0, 3], cubes_of={1: "C"}, deniers={0: 10, 1: 3, 2: 10, 3: 10})
    assert s.players[1].deniers == 0
    s = play(s, (1, "favor d4"))
    assert decision(s) == ("lawyer", 1)
    s = play(s, (1, "lawyer 3"))
    assert s.road[2] == "residence" and s.owners[2] == 1
    assert s.players[1].deniers == 0 and s.players[1].cubes["C"] == 0
    assert s.players[1].prestige == 2


def test_favor_line_d_column_5_architect_normal_cost():
    s = joust_favor([0, 0, 0, 4], cubes_of={1: "SSG"}, road={12: ("residence", 1)})
    s = play(s, (1, "favor d5"))
    assert legal(s) == ["skip", "build statue @12"]
    s = play(s, (1, "build statue @12"))
    assert s.players[1].cubes == cubes("")
    assert s.road[11] == "statue" and s.players[1].prestige == 7
    # the Statue's favor comes after (R25) and must use another line (R10)
    assert decision(s) == ("favor", 1)
    assert not any(o.startswith("favor d") for o in legal(s))


def test_favor_line_d_not_offered_when_nothing_can_be_built():
    s = joust_favor([0, 0, 0, 4], cubes_of={1: ""})
    assert [o for o in legal(s) if o.startswith("favor d")] == ["favor d1"]


# ---------------------------------------------------------------- column caps (R9)


@pytest.mark.parametrize(("scored", "cap"), [(0, 2), (1, 4), (2, 5)])
def test_favor_column_caps_before_and_after_scorings(scored, cap):
    s = joust_favor([cap, cap - 1, 0, 0], scored=scored)
    assert s.players[1].favors == [cap, cap - 1, 0, 0]
    t = play(s, (1, "favor a"))
    assert t.players[1].favors[0] == cap  # cannot advance beyond the open columns
    assert t.players[1].prestige == cap
    t = play(s, (1, "favor b"))
    assert t.players[1].favors[1] == cap


def test_favor_columns_3_4_closed_before_dungeon_scoring():
    s = joust_favor([2, 2, 2, 2], scored=0, cubes_of={1: "FFSSW"})
    opts = legal(s)
    assert "favor c3" not in opts and "favor d3" not in opts
    assert "favor c2S" in opts


def test_favor_column_5_closed_before_walls_scoring():
    s = joust_favor([4, 4, 4, 4], scored=1, road={12: ("residence", 1)},
                    cubes_of={1: "SSG"})  # fmt: skip
    opts = legal(s)
    assert "favor c5" not in opts and "favor d5" not in opts
    assert "favor c4" in opts


def test_favor_blocked_line_still_usable():
    """R10: a line whose marker cannot advance can still be chosen (Orange's example)."""
    s = joust_favor([2, 0, 0, 0], scored=0)
    s = play(s, (1, "favor a"))
    assert s.players[1].favors[0] == 2 and s.players[1].prestige == 2
    s = joust_favor([5, 0, 0, 0], scored=2)
    s = play(s, (1, "favor a"))
    assert s.players[1].favors[0] == 5 and s.players[1].prestige == 5


def test_favor_markers_start_before_column_1():
    s = position()
    assert all(p.favors == [0, 0, 0, 0] for p in s.players)


# ---------------------------------------------------------------- several favors (R10)


def test_favors_in_one_phase_use_different_lines_monument():
    s = position(
        road={9: ("architect", 2), 12: ("residence", 1)},
        cubes_of={1: "SSSSGG"},
        provost=28,
        deniers=20,
        scored=2,
        section=2,
    )
    s = skip_bribes(place_workers(s, {1: ["9"]}))
    s = play(s, (1, "build monument @12"))
    assert decision(s) == ("favor", 1)
    s = play(s, (1, "favor b"))
    assert decision(s) == ("favor", 1)
    assert not any(o.startswith("favor b") for o in legal(s))
    s = play(s, (1, "favor a"))
    assert s.players[1].prestige == 14 + 1


def test_favors_of_two_scorings_in_one_turn_use_different_lines():
    """R8 + R10: Dungeon and Walls both scored in one end of turn."""
    s = position(
        castle=[[1, 1], [1, 1], []],
        bailiff=17,
        provost=1,
    )
    s = skip_bribes(pass_all(s))
    # bailiff to 18: Dungeon scored (favor), then Walls (2 houses: favor)
    assert decision(s) == ("favor", 1)
    s = play(s, (1, "favor a"))
    assert s.scored == 1
    assert decision(s) == ("favor", 1)
    assert "favor a" not in legal(s)
    s = play(s, (1, "favor b"))
    assert s.scored == 2 and s.section == 2


def test_castle_favor_and_scoring_favor_are_different_phases():
    """R10: the castle favor (phase 6) and a scoring favor (phase 7) may use the same line."""
    s = position(
        cubes_of={1: "FWS"},
        castle=[[1, 2, 2, 2, 2], [], []],
        bailiff=10,
        provost=1,
        deniers=20,
    )
    s = skip_bribes(place_workers(s, {1: ["castle"]}))
    s = play(s, (1, "batch FWS"))
    assert decision(s) == ("favor", 1)  # most batches (phase 6)
    s = play(s, (1, "favor a"))
    assert decision(s) == ("favor", 1)  # Dungeon full: scored in phase 7 with 2 houses
    assert "favor a" in legal(s)


def test_more_than_four_favors_in_a_phase_are_lost():
    """Dungeon 1 + Walls 3 + Towers 3 = 7 favors in one end of turn: only 4 lines."""
    s = position(castle=[[1, 1], [1] * 10, [1] * 14], bailiff=23, provost=1, prestige={1: 0})
    s = skip_bribes(pass_all(s))
    s, events = play_events(s, (1, "favor a"), (1, "favor b"), (1, "favor c1"))
    # the fourth favor has one option left (d1, nothing to build) and resolves itself
    assert s.over
    assert s.players[1].favors == [1, 1, 1, 1]
    lost = [e for e in events if e.kind == "favor" and "loses" in e.text]
    assert len(lost) == 3


# ---------------------------------------------------------------- simplified variant (R19)


def test_favor_simplified_mode_gives_3_pp():
    s = position(favor_mode="simplified", cubes_of={1: "C"}, deniers=10)
    s = place_workers(s, {1: ["joust"]})
    s = play(s, (1, "joust"))
    assert s.players[1].prestige == 3
    assert s.players[1].favors == [0, 0, 0, 0]
    assert s.decision is None or s.decision.kind != "favor"


def test_favor_simplified_mode_several_favors_3_pp_each():
    s = position(
        favor_mode="simplified",
        road={9: ("architect", 2), 12: ("residence", 1)},
        cubes_of={1: "SSSSGG"},
        provost=28,
        deniers=20,
    )
    s = skip_bribes(place_workers(s, {1: ["9"]}))
    s = play(s, (1, "build monument @12"))
    assert s.players[1].prestige == 14 + 2 * 3
