"""Every worked "Example: ..." of the English rulebook (later printing) as a scenario.

Colours map to seats: Blue 0, Red 1, Green 2, Orange 3.
"""

from __future__ import annotations

from tests.caylus_helpers import (
    BLUE,
    GREEN,
    N_CARPENTER,
    N_QUARRY,
    ORANGE,
    RED,
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

MASON_AT, RED_FARM_AT = 9, 10


def passing_example_start():
    """Turn order Red / Green / Orange / Blue. Before the example begins, Blue has put a worker
    in the castle; everybody else has placed two workers (all at 1 d, nobody had passed).
    (Red needs all six workers for the example: two before, one unmentioned turn between
    Blue's pass and Green's peddler, then the mason, his farm and the castle.)"""
    s = position(
        turn_order=[RED, GREEN, ORANGE, BLUE],
        road={MASON_AT: ("mason", GREEN), RED_FARM_AT: ("food-farm", RED)},
        deniers=20,
    )
    return play(
        s,
        (RED, "place 1"),
        (GREEN, "place guild"),
        (ORANGE, "place 3"),
        (BLUE, "place castle"),
        (RED, "place 2"),
        (GREEN, "place 4"),
        (ORANGE, "place 5"),
    )


def test_example_passing_order_and_placement_costs():
    """Blue passes first (+1 d); Green then pays 2 d for the peddler; Orange passes; Red pays
    3 d for Green's mason (Green +1 PP); Green passes; Red pays 1 d for his own farm, then 4 d
    for the castle, behind Blue's pawn."""
    s = passing_example_start()
    d = [p.deniers for p in s.players]
    s = play(s, (BLUE, "pass"))
    assert s.passed == [BLUE] and s.players[BLUE].deniers == d[BLUE] + 1
    s = play(s, (RED, "place 16"))
    assert s.players[RED].deniers == d[RED] - 2
    s = play(s, (GREEN, "place 7"))  # the peddler (fixed building)
    assert s.players[GREEN].deniers == d[GREEN] - 2
    s = play(s, (ORANGE, "pass"))
    assert s.players[ORANGE].deniers == d[ORANGE]  # only the first passer gets a denier
    pp_green = s.players[GREEN].prestige
    s = play(s, (RED, f"place {MASON_AT}"))
    assert s.players[RED].deniers == d[RED] - 2 - 3
    assert s.players[GREEN].prestige == pp_green + 1
    s = play(s, (GREEN, "pass"))
    s = play(s, (RED, f"place {RED_FARM_AT}"))
    assert s.players[RED].deniers == d[RED] - 2 - 3 - 1
    assert s.players[RED].prestige == 0  # no prestige on one's own building
    s = play(s, (RED, "place castle"))
    assert s.players[RED].deniers == d[RED] - 2 - 3 - 1 - 4
    assert s.castle_workers == [BLUE, RED]
    assert s.passed == [BLUE, ORANGE, GREEN, RED]  # Red had no worker left: forced pass


def test_example_stables_reorder():
    """Blue on stables 1, Red on 2: Red / Green / Orange / Blue becomes Blue / Red / Green /
    Orange."""
    s = position(turn_order=[RED, GREEN, ORANGE, BLUE], deniers=20)
    s = play(
        s,
        (RED, "place 1"),
        (GREEN, "place 2"),
        (ORANGE, "place 3"),
        (BLUE, "place stables"),
        (RED, "place stables"),
    )
    s = pass_all(s)
    assert s.phase == 4
    assert s.turn_order == [BLUE, RED, GREEN, ORANGE]


def test_example_inn_eviction():
    """Blue on the inn's right circle pays 1 d a worker. Green takes the left circle; at the
    inn's activation Blue is driven out and Green moves right, then pays 1 d a worker."""
    s = position(inn_right=BLUE, turn_order=[RED, GREEN, ORANGE, BLUE], deniers=20)
    s = play(s, (RED, "pass"), (GREEN, "place inn"), (ORANGE, "pass"))
    s = play(s, (BLUE, "place 1"))
    assert s.players[BLUE].deniers == 19  # 1 d although two players passed
    s = pass_all(s)
    assert s.inn_right == GREEN and s.inn_left is None
    assert s.players[BLUE].workers == 6 - 1  # the inn worker is back; one on the farm
    s = skip_bribes(s)
    while s.phase != 2:
        s = play(s, legal(s)[-1])
    assert s.turn == 2 and s.inn_right == GREEN
    # next turn: Green pays 1 d per placement whatever the passes
    s = place_workers(s, {GREEN: ["castle"]})
    # all the others passed before Green's turn came
    assert s.players[GREEN].workers == 6 - 2


def test_example_inn_green_pays_1_denier_per_worker_next_turn():
    s = position(inn_right=GREEN, turn_order=[RED, BLUE, ORANGE, GREEN], deniers=20)
    s = play(s, (RED, "pass"), (BLUE, "pass"), (ORANGE, "pass"), (GREEN, "place castle"))
    assert s.players[GREEN].deniers == 19
    s = play(s, (GREEN, "place 1"))
    assert s.players[GREEN].deniers == 18


def test_example_provost_bribes_in_passing_order():
    """Passing order Blue, Orange, Red, Green. Blue skips; Orange pays 2 d for -2; Red pays
    2 d for +2; Green pays 1 d for -1: Green's building works, Red's does not; the provost
    ends one space behind where he started."""
    s = position(
        turn_order=[BLUE, ORANGE, RED, GREEN],
        road={11: ("sawmill", BLUE), 12: ("quarry", BLUE)},
        provost=12,
        bailiff=6,
        deniers=20,
    )
    s = play(s, (BLUE, "pass"), (ORANGE, "pass"), (RED, "place 12"), (GREEN, "place 11"))
    s = play(s, (RED, "pass"), (GREEN, "pass"))
    assert s.passed == [BLUE, ORANGE, RED, GREEN]
    d = [p.deniers for p in s.players]
    s = play(s, (BLUE, "skip"), (ORANGE, "provost -2"))
    assert s.provost == 10 and s.players[ORANGE].deniers == d[ORANGE] - 2
    s = play(s, (RED, "provost +2"))
    assert s.provost == 12 and s.players[RED].deniers == d[RED] - 2
    s, events = play_events(s, (GREEN, "provost -1"))
    assert s.players[GREEN].deniers == d[GREEN] - 1 + 2  # + next turn's income
    produced = [(e.seat, e.data["at"]) for e in events if e.kind == "produce"]
    assert produced == [(GREEN, 11)]  # Red's quarry at 12 is beyond the provost
    assert s.players[GREEN].cubes["W"] == 1 + 2
    assert s.players[RED].cubes["S"] == 0
    # the provost ended on 11 = start - 1; then phase 7 moved the bailiff (6 -> 8)
    idle = [e for e in events if e.kind == "idle"]
    assert [e.seat for e in idle] == [RED]


def test_example_wood_farm_2_food_or_1_cloth():
    s = position(road={9: ("food-farm", BLUE)}, provost=28, deniers=20)
    s = skip_bribes(place_workers(s, {RED: ["9"]}))
    assert decision(s) == ("produce", RED)
    assert sorted(legal(s)) == ["take C", "take FF"]


def test_example_stone_farm_2_food_and_1_cloth_owner_food_or_cloth():
    s = position(road={9: ("stone-farm", BLUE)}, provost=28, deniers=20, cubes_of={RED: ""})
    s = skip_bribes(place_workers(s, {RED: ["9"]}))
    assert s.players[RED].cubes == cubes("FFC")
    assert decision(s) == ("owner", BLUE)
    assert sorted(legal(s)) == ["take C", "take F"]


def test_example_red_carpenter_builds_wood_farm():
    """Red on the neutral carpenter pays 1 food + 1 wood, places the farm on the first free
    space, puts a house on it and gains 2 PP."""
    s = position(provost=28, deniers=20, cubes_of={RED: "FW"})
    s = skip_bribes(place_workers(s, {RED: [str(N_CARPENTER)]}))
    assert decision(s) == ("build", RED)
    s = play(s, (RED, "build food-farm"))
    assert s.road[8] == "food-farm" and s.owners[8] == RED
    assert s.players[RED].cubes == cubes("")
    assert s.players[RED].prestige == 2


def test_example_green_statue_on_blues_architect():
    """Green on Blue's architect (Blue +1 PP) pays 1 gold + 2 stone, replaces one of his
    residences with the Statue, gains 7 PP and 1 royal favor."""
    s = position(
        road={9: ("architect", BLUE), 10: ("residence", GREEN)},
        provost=28,
        deniers=20,
        cubes_of={GREEN: "SSG"},
    )
    s = place_workers(s, {GREEN: ["9"]})
    assert s.players[BLUE].prestige == 1
    s = skip_bribes(s)
    s = play(s, (GREEN, "build statue @10"))
    assert s.road[9] == "statue" and s.owners[9] == GREEN
    assert s.players[GREEN].cubes == cubes("")
    assert s.players[GREEN].prestige == 7
    assert decision(s) == ("favor", GREEN)


def test_example_blue_lawyer_on_neutral_quarry():
    """Blue on his own lawyer (no PP) pays 1 cloth + 1 d, turns the neutral quarry into a
    residence, gains 2 PP, and earns 1 d more income each later turn."""
    s = position(road={9: ("lawyer", BLUE)}, provost=28, deniers=20, cubes_of={BLUE: "C"})
    s = place_workers(s, {BLUE: ["9"]})
    assert s.players[BLUE].prestige == 0
    s = skip_bribes(s)
    d = s.players[BLUE].deniers
    s = play(s, (BLUE, f"lawyer {N_QUARRY}"))
    assert s.road[N_QUARRY - 1] == "residence" and s.owners[N_QUARRY - 1] == BLUE
    assert s.players[BLUE].prestige == 2
    assert s.players[BLUE].cubes["C"] == 0
    assert s.turn == 2
    assert s.players[BLUE].deniers == d - 1 + 2 + 1  # income 2 + 1 for the residence


def castle_example(green_batches: int):
    """The Dungeon has 4 houses; Red (castle space 1) and Green are in the castle."""
    s = position(
        turn_order=[RED, GREEN, BLUE, ORANGE],
        castle=[[BLUE, BLUE, ORANGE, ORANGE], [], []],
        cubes_of={RED: "FSW", GREEN: "FFSSWW"},
        deniers=20,
        bailiff=8,
        provost=1,
    )
    s = skip_bribes(place_workers(s, {RED: ["castle"], GREEN: ["castle"]}))
    assert decision(s) == ("castle", RED)
    s = play(s, (RED, "batch FWS"))
    assert s.castle[0][-1] == RED and s.players[RED].prestige == 5
    assert decision(s) == ("castle", GREEN)
    for _ in range(green_batches):
        s = play(s, (GREEN, "batch FWS"))
    if green_batches < 2:
        s = play(s, (GREEN, "skip"))
    return s


def test_example_castle_batches_overflow_and_most_batches_favor():
    """Red gives 1 batch (5 PP). Green gives 2: one in the last Dungeon space, one in the
    Walls: 9 PP, and the royal favor for the most batches."""
    s = castle_example(2)
    assert s.castle[0] == [BLUE, BLUE, ORANGE, ORANGE, RED, GREEN]
    assert s.castle[1] == [GREEN]
    assert s.players[GREEN].prestige == 9
    assert decision(s) == ("favor", GREEN)


def test_example_castle_one_batch_each_favor_to_first_arrival():
    """Had Green given one batch, he would have 5 PP and Red (first in) the favor."""
    s = castle_example(1)
    assert s.players[GREEN].prestige == 5
    assert decision(s) == ("favor", RED)


def test_example_bailiff_plus_1_and_dungeon_full_scored():
    """The provost is behind the bailiff: +1, the provost joins him; the trigger (12) is not
    reached, but the Dungeon is complete (previous example), so it is scored."""
    s = castle_example(2)
    s = play(s, (GREEN, "favor b"))
    assert s.bailiff == 9 and s.provost == 9
    assert s.scored == 0 and s.phase == 7  # the Dungeon scoring is under way (favors due)
    assert decision(s)[0] == "favor"


def test_example_bailiff_plus_2_reaches_dungeon_trigger():
    """The provost is one space beyond the bailiff: +2, reaching 12: the Dungeon is scored."""
    s = position(bailiff=10, provost=11, favor_mode="simplified", castle=[[RED, RED], [], []])
    s = skip_bribes(pass_all(s))
    assert s.bailiff == 12 and s.provost == 12
    assert s.scored == 1 and s.players[RED].prestige == 3


def test_example_bailiff_plus_2_dungeon_already_scored():
    """...unless the Dungeon was already scored (it was full): nothing to score this turn."""
    s = position(
        bailiff=10,
        provost=11,
        favor_mode="simplified",
        castle=[[RED] * 6, [], []],
        section=1,
        scored=1,
    )
    s = skip_bribes(pass_all(s))
    assert s.bailiff == 12 and s.scored == 1 and s.turn == 2
    assert s.players[RED].prestige == 0


def test_example_dungeon_scoring_red_blue_orange_green():
    """Turn order Red, Blue, Orange, Green. Red 2 houses: 1 favor; Blue 3: 1 favor; Orange none:
    -2 PP (never below 0); Green 1 (his Walls house does not count): nothing."""
    s = position(
        turn_order=[RED, BLUE, ORANGE, GREEN],
        castle=[[RED, BLUE, BLUE, RED, BLUE, GREEN], [GREEN], []],
        section=0,
        bailiff=9,
        provost=1,
        prestige={ORANGE: 1, GREEN: 4},
    )
    s = skip_bribes(pass_all(s))
    assert s.players[ORANGE].prestige == 0
    assert s.players[GREEN].prestige == 4
    assert decision(s) == ("favor", RED)
    s = play(s, (RED, "favor a"))
    assert decision(s) == ("favor", BLUE)
    s = play(s, (BLUE, "favor a"))
    assert s.scored == 1 and s.players[GREEN].favors == [0, 0, 0, 0]


def test_example_orange_cannot_advance_during_dungeon_scoring():
    """Orange's prestige marker is already on column 2; during the Dungeon scoring it cannot
    advance: it stays and Orange gains 2 PP."""
    s = position(
        castle=[[ORANGE, ORANGE, BLUE, BLUE, RED, RED], [], []],
        favors={ORANGE: [2, 0, 0, 0]},
        bailiff=8,
        provost=1,
        prestige={ORANGE: 10},
    )
    s = skip_bribes(pass_all(s))
    while decision(s) != ("favor", ORANGE):
        s = play(s, "favor b")
    s = play(s, (ORANGE, "favor a"))
    assert s.players[ORANGE].favors[0] == 2
    assert s.players[ORANGE].prestige == 12


def test_example_blue_church_favor_line_c():
    """Towers under construction (all columns open). Blue builds the church, wins a favor,
    takes line c from column 2 to 3 and chooses the food cube."""
    s = position(
        road={9: ("mason", RED)},
        castle=[[RED] * 6, [RED] * 10, []],
        section=2,
        scored=2,
        favors={BLUE: [0, 0, 2, 0]},
        cubes_of={BLUE: "SC"},
        provost=28,
        deniers=20,
    )
    s = skip_bribes(place_workers(s, {BLUE: ["9"]}))
    s = play(s, (BLUE, "build church"))
    assert s.players[BLUE].prestige == 3
    assert decision(s) == ("favor", BLUE)
    assert {"favor c1", "favor c2W", "favor c2S", "favor c3"} <= set(legal(s))
    s = play(s, (BLUE, "favor c1"))
    assert s.players[BLUE].favors[2] == 3
    assert s.players[BLUE].cubes == cubes("F")


def test_example_green_joust_favor_line_d_column_3_park():
    """Walls under construction (columns 3-4 open). Green's joust favor: line d from 2 to 3,
    builds a park paying 1 food (1 stone discount), first free lot, house, 3 PP."""
    s = position(
        road={9: ("sawmill", RED)},
        castle=[[RED] * 6, [], []],
        section=1,
        scored=1,
        favors={GREEN: [0, 0, 0, 2]},
        cubes_of={GREEN: "CF"},
        deniers=20,
    )
    s = place_workers(s, {GREEN: ["joust"]})
    s = play(s, (GREEN, "joust"))
    assert decision(s) == ("favor", GREEN)
    s = play(s, (GREEN, "favor d3"))
    assert s.players[GREEN].favors[3] == 3
    assert decision(s) == ("build", GREEN)
    s = play(s, (GREEN, "build park"))
    assert s.road[9] == "park" and s.owners[9] == GREEN  # first free lot: 10
    assert s.players[GREEN].cubes == cubes("")
    assert s.players[GREEN].prestige == 3
