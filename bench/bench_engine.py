"""Engine speed: complete random games per CPU second, actions per game, legal_actions + apply
time, the size of the state JSON, and the playouts a second of `strong`'s search. Prints one
JSON object. About 20 seconds.

Run: python bench/bench_engine.py

Speeds are per CPU second of this process (`time.process_time`): on a shared machine they drift
much less than wall time, which is printed beside them, labelled `wall`.

The headline is `caylus simulate --games 200 --players 4 --check none --player uniform` (random
legal actions, the same work as other engines' random-play benchmarks); the built-in player and
the light invariant checks are reported beside it.
"""

from __future__ import annotations

import contextlib
import io
import json
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.measure import Stopwatch
from bot.cli import main as caylus
from engine import caylus as game


def simulate(*args: str) -> dict:
    """`caylus simulate` with its games per CPU second added (its own figure is wall time)."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out), Stopwatch() as watch:
        caylus(["simulate", *args])
    result = json.loads(out.getvalue())
    result["games_per_cpu_second"] = round(result["games"] / watch.cpu_s, 1)
    result["games_per_wall_second"] = round(result["games"] / watch.wall_s, 1)
    result["actions_per_cpu_second"] = round(
        result["games"] * result["actions_per_game"] / watch.cpu_s
    )
    return result


def step_times(games: int = 30) -> tuple[float, float, int]:
    """Median CPU and wall microseconds of legal_actions + apply (uncached), and the largest
    state JSON."""
    samples: list[float] = []
    wall: list[float] = []
    largest = 0
    for seed in range(games):
        rng = random.Random(seed)
        state = game.new_game(game.Options(players=4), game.Setup(seed=seed))
        while not state.over:
            seat = state.decision.seat
            copy = state.model_copy()  # a distinct object: no cached legal actions
            cpu_started, started = time.process_time(), time.perf_counter()
            legal = game.legal_actions(copy, seat)
            action = legal[rng.randrange(len(legal))]
            state, _ = game.apply(copy, action)
            samples.append(time.process_time() - cpu_started)
            wall.append(time.perf_counter() - started)
            largest = max(largest, len(state.model_dump_json()))
    return statistics.median(samples) * 1e6, statistics.median(wall) * 1e6, largest


def strong_playouts(states: int = 12, playouts: int = 400) -> float:
    """Playouts a CPU second of `strong`'s search (a fixed number a decision, no clock), over
    the decisions of a seeded random 4-player game taken at regular intervals."""
    from engine.caylus.ai import search_action
    from engine.players import Budget

    rng = random.Random(5)
    state = game.new_game(game.Options(players=4), game.Setup(seed=5))
    positions = []
    while not state.over:
        positions.append(state)
        state, _ = game.apply(state, game.choose_action(state, state.decision.seat, rng))
    sampled = positions[:: max(1, len(positions) // states)][:states]
    with Stopwatch() as watch:
        for position in sampled:
            search_action(position, position.decision.seat, "strong", rng, Budget(playouts))
    return round(len(sampled) * playouts / watch.cpu_s)


def main() -> None:
    runs = [
        simulate("--games", "200", "--players", "4", "--check", "none", "--player", p)
        for p in ("uniform", "builtin")
    ]
    runs.append(simulate("--games", "200", "--players", "4", "--check", "light"))
    median_us, median_wall_us, largest = step_times()
    result = {
        "games_per_cpu_second_uniform_4p": runs[0]["games_per_cpu_second"],
        "games_per_wall_second_uniform_4p": runs[0]["games_per_wall_second"],
        "actions_per_game_uniform_4p": runs[0]["actions_per_game"],
        "actions_per_cpu_second_uniform_4p": runs[0]["actions_per_cpu_second"],
        "games_per_cpu_second_builtin_4p": runs[1]["games_per_cpu_second"],
        "actions_per_game_builtin_4p": runs[1]["actions_per_game"],
        "games_per_cpu_second_builtin_light_checks": runs[2]["games_per_cpu_second"],
        "median_legal_plus_apply_cpu_us": round(median_us, 1),
        "median_legal_plus_apply_wall_us": round(median_wall_us, 1),
        "largest_state_json_bytes": largest,
        "strong_playouts_per_cpu_second": strong_playouts(),
        "target": ">= 250 games per CPU second (uniform, 4 players); state JSON < 20000 bytes",
    }
    print(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()
