"""An outside yardstick: Caylus `strong` against OpenSpiel's MCTS, two players.

Run: python bench/bench_openspiel.py [--games 10] [--simulations 1000] [--rollouts 1]
                                     [--budget SECONDS | --iterations N] [--seed 1] [--progress]

OpenSpiel is not a dependency of the project: without it (`import pyspiel` fails) the script
prints one line saying so and how to install it (`pip install open_spiel`) and exits 0.

Caylus is registered as a pyspiel Python game over our engine (bench/openspiel_caylus.py: the
setup fixed by a seed per game, our action codes as OpenSpiel's action ids, returns +1/-1/0 for
a win, loss or draw). Game k (seed + k) seats `strong` at seat k % 2 and OpenSpiel's `MCTSBot`
(UCT with `--uct-c`, `--simulations` simulations a move, each leaf valued by `--rollouts`
uniformly random playouts to the end, solved subtrees backed up) at the other seat. `strong`
searches with its default time (0.9 s a decision), `--budget SECONDS` instead, or a fixed
`--iterations N` playouts with no clock (reproducible; the tests use it). `--uct-c` (2),
`--simulations` (1000) and `--rollouts` (1) default to OpenSpiel's own MCTS example.

One JSON line: the games, `strong`'s win share (a tie counts half), each side's mean final score
and seconds per decision (median and mean wall time), and the settings. `--progress` prints a
line per finished game on stderr. At the defaults a game takes about 2 minutes (75 to 255 s
measured on a busy 2-core machine; OpenSpiel's side about 2 s a decision, `strong` 0.2 s), so
the 10 games take about 20 to 25 minutes. The figures measured are in docs/players.md ("An
outside yardstick: OpenSpiel's MCTS"). Also in the report: the mean number of turns a game lasted.
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

from engine.caylus import LEVEL_SECONDS, automated_action
from engine.caylus.codes import CODE
from engine.players import Budget

NOT_INSTALLED = (
    "OpenSpiel is not installed, so there is nothing to measure: "
    "install it with `pip install open_spiel` and run this again."
)
STRONG, MCTS = "strong", "openspiel_mcts"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--simulations", type=int, default=1000)
    parser.add_argument("--rollouts", type=int, default=1)
    parser.add_argument("--uct-c", type=float, default=2.0)
    strong_time = parser.add_mutually_exclusive_group()
    strong_time.add_argument("--budget", type=float, default=None, help="strong's seconds a move")
    strong_time.add_argument("--iterations", type=int, default=None, help="strong's playouts")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--progress", action="store_true")
    args = parser.parse_args(argv)
    try:
        import pyspiel  # noqa: F401  (only to know whether OpenSpiel is there)
    except ImportError:
        print(NOT_INSTALLED)
        return 0
    print(json.dumps(play_match(args)))
    return 0


def play_match(args: argparse.Namespace) -> dict[str, object]:
    import numpy as np
    from open_spiel.python.algorithms.mcts import MCTSBot, RandomRolloutEvaluator

    from bench.openspiel_caylus import load

    wins = 0.0
    scores: dict[str, list[int]] = {STRONG: [], MCTS: []}
    turns: list[int] = []  # the turns each game lasted (a Caylus game rarely ends before 10)
    seconds: dict[str, list[float]] = {STRONG: [], MCTS: []}
    started = time.perf_counter()
    for index in range(args.games):
        seed = args.seed + index
        strong_seat = index % 2
        game = load(seed)
        numpy_rng = np.random.RandomState(seed)
        mcts = MCTSBot(
            game,
            uct_c=args.uct_c,
            max_simulations=args.simulations,
            evaluator=RandomRolloutEvaluator(n_rollouts=args.rollouts, random_state=numpy_rng),
            solve=True,
            random_state=numpy_rng,
        )
        rng = random.Random(seed * 1_000_003)  # as `caylus arena` draws strong's
        state = game.new_initial_state()
        game_started = time.perf_counter()
        while not state.is_terminal():
            seat = state.current_player()
            decision_started = time.perf_counter()
            if seat == strong_seat:
                action = automated_action(
                    state.fast.to_state(), seat, STRONG, rng, strong_budget(args)
                )
                code = CODE[action]
                side = STRONG
            else:
                code = mcts.step(state)
                side = MCTS
            seconds[side].append(time.perf_counter() - decision_started)
            state.apply_action(code)
        final = state.fast.scores()
        scores[STRONG].append(final[strong_seat])
        scores[MCTS].append(final[1 - strong_seat])
        turns.append(state.fast.turn)
        returns = state.returns()
        wins += (returns[strong_seat] + 1) / 2  # +1 a win, 0 a tie (half), -1 a loss
        if args.progress:
            line = {
                "game": index,
                "seed": seed,
                "strong_seat": strong_seat,
                "scores": final,
                "strong_result": returns[strong_seat],
                "turns": state.fast.turn,
                "seconds": round(time.perf_counter() - game_started, 1),
            }
            print(json.dumps(line), file=sys.stderr, flush=True)
    return {
        "game": "caylus",
        "players": 2,
        "games": args.games,
        "seed": args.seed,
        "strong_win_share": round(wins / max(args.games, 1), 3),
        "mean_score": {side: mean(values) for side, values in scores.items()},
        "mean_turns": mean(turns),
        "seconds_per_decision": {
            side: {
                "median": round(statistics.median(values), 4) if values else 0,
                "mean": round(statistics.fmean(values), 4) if values else 0,
                "decisions": len(values),
            }
            for side, values in seconds.items()
        },
        "settings": {
            "simulations": args.simulations,
            "rollouts": args.rollouts,
            "uct_c": args.uct_c,
            "solve": True,
            "strong_budget_s": None if args.iterations else strong_seconds(args),
            "strong_iterations": args.iterations,
        },
        "seconds": round(time.perf_counter() - started, 1),
    }


def strong_seconds(args: argparse.Namespace) -> float:
    return args.budget if args.budget is not None else LEVEL_SECONDS[STRONG]


def strong_budget(args: argparse.Namespace) -> Budget:
    """strong's budget for one decision: a fixed playout count, or its time from now."""
    if args.iterations is not None:
        return Budget(iterations=args.iterations)
    deadline = time.perf_counter() + strong_seconds(args)
    return Budget(should_stop=lambda: time.perf_counter() > deadline)


def mean(values: list[int]) -> float:
    return round(statistics.fmean(values), 1) if values else 0.0


if __name__ == "__main__":
    sys.exit(main())
