"""Magna Carta engine speed on one core: complete random 4-player standard games per second,
actions per second, and the median time of one legal_actions + apply. Prints one JSON object.

Run: python bench/bench_magna_carta.py [--games N] [--runs R]
     (about 10 seconds at the defaults)

The headline plays uniformly random legal moves (the loop of `caylus simulate --game
magna-carta --check none --player uniform`: pending, legal_actions, a random choice, apply) and
takes the median of R runs. "engine" says which build ran (compiled or pure Python:
CAYLUS_PURE_ENGINE=1 forces pure) and "target" is that build's bar. Speeds are per CPU second
of this process (`time.process_time`), so other programs on the machine slow the numbers down
less than wall-clock time would; the wall-clock speeds are printed beside them. The built-in
player (which decides from a view) and the beginner rules are reported too.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine import magna_carta as game
from engine.compiled import COMPILED, running

# actions per CPU second, uniform random 4-player standard games: the pure engine's bar, and
# the compiled one's (four times the 50,700 the pure engine measured before it was compiled)
TARGET_PURE = ">= 50000 actions/s (uniform, 4 players, standard; pure Python)"
TARGET_COMPILED = ">= 202800 actions/s (uniform, 4 players, standard; compiled)"


def play(games: int, seed: int, variant: str = "standard", builtin: bool = False) -> dict:
    """Complete random games; the actions and the CPU and wall seconds they took."""
    actions = 0
    cpu, wall = time.process_time(), time.perf_counter()
    for index in range(games):
        rng = random.Random(seed + index)
        state = game.new_game(game.Options(players=4, variant=variant), game.Setup(seed=index))
        while not state.over:
            seat = game.pending(state)[0].seat
            if builtin:
                action = game.choose_action(state, seat, rng)
            else:
                legal = game.legal_actions(state, seat)
                action = legal[rng.randrange(len(legal))]
            state, _ = game.apply(state, action, seat)
            actions += 1
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    return {
        "games": games,
        "actions": actions,
        "games_per_second": round(games / cpu, 1),
        "actions_per_second": round(actions / cpu, 1),
        "actions_per_second_wall": round(actions / wall, 1),
    }


def step_times(games: int) -> tuple[float, int]:
    """Median microseconds of legal_actions + apply on a fresh copy of each state (so nothing
    comes from the engine's cache of the last state's options), and the largest state JSON."""
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
    uniform = [play(args.games, seed=1000 * run) for run in range(args.runs)]
    middle = sorted(uniform, key=lambda r: r["actions_per_second"])[len(uniform) // 2]
    builtin = play(max(args.games // 3, 10), seed=7, builtin=True)
    beginner = play(args.games, seed=11, variant="beginner")
    median_us, largest = step_times(max(args.games // 10, 10))
    result = {
        "runs": args.runs,
        "games_per_run": args.games,
        "games_per_second_uniform_4p_standard": middle["games_per_second"],
        "actions_per_second_uniform_4p_standard": middle["actions_per_second"],
        "actions_per_game_uniform_4p_standard": round(middle["actions"] / middle["games"], 1),
        "actions_per_second_all_runs": [r["actions_per_second"] for r in uniform],
        "actions_per_second_wall_all_runs": [r["actions_per_second_wall"] for r in uniform],
        "games_per_second_builtin_4p_standard": builtin["games_per_second"],
        "actions_per_second_builtin_4p_standard": builtin["actions_per_second"],
        "games_per_second_uniform_4p_beginner": beginner["games_per_second"],
        "median_legal_plus_apply_us": round(median_us, 1),
        "largest_state_json_bytes": largest,
        "engine": running(),
        "target": TARGET_COMPILED if COMPILED else TARGET_PURE,
    }
    print(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()
