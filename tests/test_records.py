"""Game records: replay from options/setup or from a whole starting state (like a FEN)."""

from __future__ import annotations

import random

from engine.caylus import Options, Setup, apply, choose_action, new_game
from engine.record import GameRecord, record_for, replay
from tests.caylus_helpers import position


def test_replay_of_a_random_game_reproduces_the_final_state():
    s = new_game(Options(players=3), Setup(seed=7))
    start = s
    rng = random.Random(7)
    actions = []
    while not s.over:
        a = choose_action(s, s.decision.seat, rng)
        actions.append(str(a))
        s, _ = apply(s, a)
    result = replay(record_for(start, actions))
    assert result.ok and result.applied == len(actions)
    assert result.state == s


def test_replay_from_a_start_state_and_the_first_failure():
    start = position(road={9: ("sawmill", 1)}, deniers=20)
    record = GameRecord(
        start=start.model_dump(mode="json"),
        actions=["place 9", "place 9", "pass"],
    )
    result = replay(record)
    assert not result.ok
    assert result.applied == 1
    assert result.failure.index == 1 and result.failure.action == "place 9"
    assert "occupied" in result.failure.reason
    assert result.state.workers[8] == 0
    assert result.state.players[1].prestige == 1


def test_scenario_record_wood_farm_built_then_used():
    """A record plus the asserted state: Red builds a farm, next turn Blue works on it."""
    start = position(cubes_of={1: "FW"}, provost=28, deniers=20)
    record = GameRecord(
        start=start.model_dump(mode="json"),
        actions=[
            "pass", "place 8", "pass", "pass", "pass",  # turn 1: seat 1 on the carpenter
            "skip", "skip", "skip", "skip",  # nobody bribes
            "build food-farm",
            "place 9", "pass", "pass", "pass", "pass",  # turn 2: seat 0 on Red's farm
        ],
    )  # fmt: skip
    result = replay(record)
    assert result.ok, result.failure
    s = result.state
    assert s.road[8] == "food-farm" and s.owners[8] == 1
    assert s.workers[8] == 0 and s.players[1].prestige == 2 + 1


def test_apply_never_mutates_and_states_round_trip_through_json():
    from engine.caylus import State, apply, choose_action

    for seed in (3, 4):
        s = new_game(Options(players=4), Setup(seed=seed))
        rng = random.Random(seed)
        k = 0
        while not s.over:
            a = choose_action(s, s.decision.seat, rng)
            if k % 5 == 0:
                before = s.model_dump()
                new, _ = apply(s, a)
                assert s.model_dump() == before
                assert State.model_validate_json(new.model_dump_json()) == new
            else:
                new, _ = apply(s, a)
            s = new
            k += 1
