"""Phase 6 (the castle) and the section scorings of phase 7 (Dungeon, Walls, Towers)."""

from __future__ import annotations

import pytest

from tests.caylus_helpers import (
    decision,
    legal,
    pass_all,
    place_workers,
    play,
    play_events,
    position,
    skip_bribes,
)


def at_castle(arrivals: list[int], **kw):
    """The given seats place in the castle in this arrival order; phase 6 starts."""
    kw.setdefault("deniers", 20)
    s = position(turn_order=arrivals + [x for x in range(4) if x not in arrivals], **kw)
    s = place_workers(s, {seat: ["castle"] for seat in arrivals})
    s = skip_bribes(s)
    assert s.phase == 6 or s.phase == 7 or s.turn == 2
    return s


# ---------------------------------------------------------------- batches


def test_castle_batch_options_are_food_plus_two_other_kinds():
    s = at_castle([1], cubes_of={1: "FWSCG"})
    assert decision(s) == ("castle", 1)
    assert sorted(legal(s)) == sorted(
        ["skip", "batch FWS", "batch FWC", "batch FWG", "batch FSC", "batch FSG", "batch FCG"]
    )


def test_castle_no_batch_without_food_or_two_different_kinds():
    for stock in ("WSC", "FFWW", "FFF"):
        s = at_castle([1], cubes_of={1: stock}, prestige={1: 5})
        assert s.players[1].prestige == 3  # only 'skip' -> resolved -> -2 PP
        assert s.castle[0] == []


def test_castle_batch_in_dungeon_scores_5_and_uses_cubes():
    s = at_castle([1], cubes_of={1: "FWSF"})
    s = play(s, (1, "batch FWS"))
    assert s.castle[0] == [1]
    assert s.players[1].prestige == 5
    assert s.players[1].cubes["F"] == 1 and s.players[1].cubes["W"] == 0


def test_castle_several_batches_by_one_player():
    s = at_castle([1], cubes_of={1: "FFWWSS"})
    s = play(s, (1, "batch FWS"), (1, "batch FWS"))
    assert s.castle[0] == [1, 1] and s.players[1].prestige == 10


def test_castle_player_may_stop_before_using_all_batches():
    s = at_castle([1], cubes_of={1: "FFWWSS"})
    s = play(s, (1, "batch FWS"), (1, "skip"))
    assert s.castle[0] == [1] and s.players[1].prestige == 5


@pytest.mark.parametrize(("section", "pp"), [(0, 5), (1, 4), (2, 3)])
def test_castle_batch_prestige_per_section(section, pp):
    s = at_castle([1], cubes_of={1: "FWS"}, section=section, scored=section)
    s = play(s, (1, "batch FWS"))
    assert s.castle[section] == [1]
    assert s.players[1].prestige == pp


def test_castle_overflow_into_next_section():
    s = at_castle([1], cubes_of={1: "FFWWSS"}, castle=[[0] * 5, [], []])
    s = play(s, (1, "batch FWS"), (1, "batch FWS"))
    assert s.castle[0] == [0] * 5 + [1] and s.castle[1] == [1]
    assert s.players[1].prestige == 5 + 4


def test_castle_penalty_2_pp_never_below_zero():
    s = at_castle([1, 2], cubes_of={1: "", 2: ""}, prestige={1: 7, 2: 1})
    assert s.players[1].prestige == 5
    assert s.players[2].prestige == 0


def test_castle_no_penalty_when_the_castle_is_full():
    """R22: with no space left, nobody in the castle loses points, batch in hand or not."""
    full = [[0] * 6, [0] * 10, [0] * 14]
    s = position(turn_order=[1, 2, 0, 3], cubes_of={1: "FWS", 2: ""}, castle=full, section=2,
                 scored=2, prestige={1: 7, 2: 7}, deniers=20)  # fmt: skip
    s = place_workers(s, {1: ["castle"], 2: ["castle"]})
    s, events = play_events(s, "skip", "skip", "skip", "skip")  # bribes; phase 6 resolves itself
    castle_pp = [e for e in events if e.kind == "prestige" and "castle" in e.text]
    assert castle_pp == []
    assert s.players[1].cubes["F"] == 1  # the batch stays in hand


def test_castle_most_batches_gains_a_favor():
    s = at_castle([1, 2], cubes_of={1: "FWS", 2: "FFWWSS"})
    s = play(s, (1, "batch FWS"), (2, "batch FWS"), (2, "batch FWS"))
    assert decision(s) == ("favor", 2)


def test_castle_most_batches_tie_goes_to_earliest_arrival():
    s = at_castle([2, 1], cubes_of={1: "FWS", 2: "FWS"})
    s = play(s, (2, "batch FWS"), (1, "batch FWS"))
    assert decision(s) == ("favor", 2)


def test_castle_nobody_delivers_nobody_gets_the_favor():
    """R21."""
    s = at_castle([1, 2], cubes_of={1: "", 2: ""}, prestige={1: 5, 2: 5})
    assert s.turn == 2  # no favor decision was raised
    assert s.players[1].favors == [0, 0, 0, 0] and s.players[2].favors == [0, 0, 0, 0]


def test_castle_batches_limited_by_spaces_left():
    """R23: one space left in the whole castle: a second batch is not offered."""
    almost = [[0] * 6, [0] * 10, [0] * 13]
    s = at_castle([1], cubes_of={1: "FFWWSS"}, castle=almost, section=2, scored=2)
    s = play(s, (1, "batch FWS"))
    assert s.castle[2].count(1) == 1
    assert s.players[1].cubes["F"] == 1  # second batch kept


def test_castle_workers_return_after_phase_6():
    s = at_castle([1, 2], cubes_of={1: "FWS", 2: "FWS"})
    s = play(s, (1, "batch FWS"), (2, "skip"))
    # seat 1 favor (most batches)
    s = play(s, (1, "favor a"))
    assert s.castle_workers == [] and s.players[1].workers == 6 and s.players[2].workers == 6


# ---------------------------------------------------------------- scoring tables

DUNGEON = [(0, -2, 0), (1, 0, 0), (2, 0, 1), (3, 0, 1), (6, 0, 1)]
WALLS = [(0, -3, 0), (1, 0, 0), (2, 0, 1), (3, 0, 2), (4, 0, 2), (5, 0, 3), (6, 0, 3)]
TOWERS = [(0, -4, 0), (1, 0, 0), (2, 0, 1), (3, 0, 1), (4, 0, 2), (5, 0, 2), (6, 0, 3), (7, 0, 3)]


def score(section: int, houses: int, extra_next: int = 0):
    """Seat 0 owns `houses` in `section` (and `extra_next` in the next one); the bailiff
    reaches the trigger this turn. Simplified favors: each favor is 3 PP. Returns the PP
    change of seat 0."""
    castle = [[], [], []]
    castle[section] = [0] * houses
    if extra_next:
        castle[section + 1] = [0] * extra_next
    for earlier in range(section):
        castle[earlier] = [1] * (6 if earlier == 0 else 10)
    trigger = (12, 18, 24)[section]
    s = position(
        favor_mode="simplified",
        castle=castle,
        section=section,
        scored=section,
        bailiff=trigger - 1,
        provost=1,
        prestige={0: 20},
    )
    s = skip_bribes(pass_all(s))
    assert s.scored == section + 1
    return s.players[0].prestige - 20


@pytest.mark.parametrize(("houses", "pp", "favors"), DUNGEON)
def test_scoring_dungeon_table(houses, pp, favors):
    assert score(0, houses) == pp + 3 * favors


@pytest.mark.parametrize(("houses", "pp", "favors"), WALLS)
def test_scoring_walls_table(houses, pp, favors):
    assert score(1, houses) == pp + 3 * favors


@pytest.mark.parametrize(("houses", "pp", "favors"), TOWERS)
def test_scoring_towers_table(houses, pp, favors):
    assert score(2, houses) == pp + 3 * favors


def test_scoring_ignores_houses_in_the_next_section():
    assert score(0, 1, extra_next=3) == 0
    assert score(0, 0, extra_next=3) == -2


def test_scoring_penalty_never_below_zero():
    s = position(bailiff=11, provost=1, prestige={0: 1})
    s = skip_bribes(pass_all(s))
    assert all(p.prestige == 0 for p in s.players)
    assert s.scored == 1 and s.section == 1


def test_scoring_when_section_full_before_trigger():
    s = position(castle=[[0, 0, 1, 1, 2, 2], [], []], bailiff=6, provost=1)
    s = skip_bribes(pass_all(s))
    assert decision(s) == ("favor", 0)
    assert s.scored == 0  # R9: the columns open once the scoring's favors are resolved
    s = play(s, (0, "favor a"), (1, "favor a"), (2, "favor a"))
    assert s.scored == 1 and s.section == 1


def test_scoring_not_triggered_before_trigger_and_not_full():
    s = position(castle=[[0, 0, 1], [], []], bailiff=10, provost=1)
    s = skip_bribes(pass_all(s))
    assert s.scored == 0 and s.section == 0 and s.bailiff == 11


def test_scoring_each_section_once():
    """After the Dungeon scoring, the bailiff passing 12 again does not rescore it."""
    s = position(castle=[[0, 0], [], []], bailiff=12, provost=1, section=1, scored=1)
    s = skip_bribes(pass_all(s))
    assert s.scored == 1 and s.turn == 2


def test_castle_after_dungeon_scored_batches_go_to_walls_even_with_dungeon_space():
    s = at_castle([1], cubes_of={1: "FWS"}, castle=[[0, 0], [], []], section=1, scored=1)
    s = play(s, (1, "batch FWS"))
    assert s.castle[0] == [0, 0] and s.castle[1] == [1]
    assert s.players[1].prestige == 4
