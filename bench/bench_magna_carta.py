"""Magna Carta engine speed on one core: complete random 4-player standard games per second,
actions per second, and the median time of one legal_actions + apply. Prints one JSON object.

Run: python bench/bench_magna_carta.py [--games N] [--runs R]

The headline is `caylus simulate --game magna-carta --players 4 --check none --player uniform`
(uniformly random legal actions; the median of R runs). The built-in player (which decides from
a view) and the beginner rules are reported beside it.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.cli import main as caylus
from engine import magna_carta as game


def simulate(*args: str) -> dict:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        caylus(["simulate", "--game", "magna-carta", *args])
    return json.loads(out.getvalue())


def step_times(games: int) -> tuple[float, int]:
    """Median microseconds of legal_actions + apply on a fresh copy of each state (so nothing
    is served from the engine's cache of the last state's options), and the largest state JSON."""
    samples: list[float] = []
    largest = 0
    for seed in range(games):
        rng = random.Random(seed)
        state = game.new_game(game.Options(players=4), game.Setup(seed=seed))
        while not state.over:
            seat = game.pending(state)[0].seat
            copy = state.copy()
            started = time.perf_counter()
            legal = game.legal_actions(copy, seat)
            action = legal[rng.randrange(len(legal))]
            state, _ = game.apply(copy, action, seat)
            samples.append(time.perf_counter() - started)
            largest = max(largest, len(state.model_dump_json()))
    return statistics.median(samples) * 1e6, largest


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    games = str(args.games)
    uniform = [
        simulate("--games", games, "--players", "4", "--check", "none", "--player", "uniform")
        for _ in range(args.runs)
    ]
    middle = sorted(uniform, key=lambda r: r["actions_per_second"])[len(uniform) // 2]
    builtin = simulate("--games", games, "--players", "4", "--check", "none")
    beginner = simulate(
        "--games", games, "--players", "4", "--check", "none", "--player", "uniform",
        "--variant", "beginner",
    )  # fmt: skip
    median_us, largest = step_times(max(args.games // 10, 10))
    result = {
        "runs": args.runs,
        "games_per_run": args.games,
        "games_per_second_uniform_4p_standard": middle["games_per_second"],
        "actions_per_second_uniform_4p_standard": middle["actions_per_second"],
        "actions_per_game_uniform_4p_standard": middle["actions_per_game"],
        "actions_per_second_all_runs": [r["actions_per_second"] for r in uniform],
        "games_per_second_builtin_4p_standard": builtin["games_per_second"],
        "actions_per_second_builtin_4p_standard": builtin["actions_per_second"],
        "games_per_second_uniform_4p_beginner": beginner["games_per_second"],
        "median_legal_plus_apply_us": round(median_us, 1),
        "largest_state_json_bytes": largest,
        "target": ">= 50000 actions/s (uniform, 4 players, standard)",
    }
    print(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()
