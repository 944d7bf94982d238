"""Strength and decision time of the automated players: the eight target matchups through
`caylus arena`, one JSON line each, then a summary line with each target met or not (at 100
games a matchup or more; with fewer, the shares without a verdict).

Run: python bench/bench_arena.py [--games 100] [--budget SECONDS | --playouts-only]
                                 [--game caylus|magna-carta] [--jobs N]

With the default budgets (strong 0.9 s, medium 0.22 s a decision) 100 games of one matchup take
10 minutes to 2 hours on one core (Caylus strong against easy is the longest: its decisions use
their whole time); `--games 10 --budget 0.1` gives a rough picture in minutes (the targets are
for the default budgets: with --budget every searching level gets the same time). `--jobs N`
plays N matchups at once, one process each: for timed runs no more than the machine's idle
cores. Strength is measured here, never asserted in the tests (docs/players.md).
`--playouts-only` plays every search to its playout cap with no clock: win shares free of the
machine's load (the decision times of such a run are not the timed ones, so its `time_met` is
null)."""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import sys
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.cli import main as caylus

# (players, seats, level whose win share is the target, target win share)
MATCHUPS = (
    (4, "strong,easy,easy,easy", "strong", 0.80),
    (2, "strong,easy", "strong", 0.95),
    (2, "strong,medium", "strong", 0.65),
    (2, "medium,easy", "medium", 0.65),
)
STRONG_MEDIAN_S, STRONG_P99_S = 1.0, 3.0  # medium: a quarter of these
# A win share of fewer games says too little (at 20 games one game moves it by 0.05): below
# this many games a matchup, the summary gives the shares without a verdict.
VERDICT_GAMES = 100


def arena(*args: str) -> dict:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        caylus(["arena", *args])
    return json.loads(out.getvalue())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--budget", type=float, default=None)
    parser.add_argument("--playouts-only", action="store_true")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--game", choices=("caylus", "magna-carta"), action="append")
    parser.add_argument(
        "--jobs",
        type=int,
        default=1,
        help="matchups played at once, each in its own process (timed runs: at most one per "
        "idle core)",
    )
    args = parser.parse_args()
    extra = ["--budget", str(args.budget)] if args.budget is not None else []
    if args.playouts_only:
        extra.append("--playouts-only")
    runs = [
        (
            game,
            seats,
            level,
            target,
            [
                "--game",
                game,
                "--players",
                str(players),
                "--games",
                str(args.games),
                "--seats",
                seats,
                "--seed",
                str(args.seed),
                *extra,
            ],
        )
        for game in args.game or ["caylus", "magna-carta"]
        for players, seats, level, target in MATCHUPS
    ]
    results: list[dict] = []
    if args.jobs <= 1:
        for *_, arena_args in runs:
            results.append(arena(*arena_args))
            print(json.dumps(results[-1]), flush=True)
    else:
        # a process each: the searches are pure Python, so threads would share one core
        with ProcessPoolExecutor(max_workers=args.jobs) as pool:
            pending = {
                pool.submit(arena, *arena_args): index
                for index, (*_, arena_args) in enumerate(runs)
            }
            by_index: dict[int, dict] = {}
            for future in as_completed(pending):
                by_index[pending[future]] = future.result()
                print(json.dumps(by_index[pending[future]]), flush=True)
            results = [by_index[index] for index in range(len(runs))]
    print(json.dumps(summarize(runs, results, args.games, args.budget, args.playouts_only)))


def summarize(
    runs: list[tuple],
    results: list[dict],
    games: int,
    budget: float | None,
    playouts_only: bool,
) -> dict[str, object]:
    """The summary line: each matchup's win share against its target, with a verdict (met,
    time_met) only when every matchup had at least VERDICT_GAMES games."""
    judged = games >= VERDICT_GAMES
    summary = []
    for (game, seats, level, target, _), result in zip(runs, results, strict=True):
        share = result["levels"][level]["win_share"]
        times = {
            name: (stats["median_s"], stats["p99_s"])
            for name, stats in result["levels"].items()
            if name != "easy"
        }
        fast_enough = all(
            median <= STRONG_MEDIAN_S * (1 if name == "strong" else 0.25)
            and p99 <= STRONG_P99_S * (1 if name == "strong" else 0.25)
            for name, (median, p99) in times.items()
        )
        summary.append(
            {
                "game": game,
                "seats": seats,
                "level": level,
                "win_share": share,
                "target": target,
                "met": share >= target if judged else None,
                "time_met": fast_enough if judged and not playouts_only else None,
            }
        )
    report: dict[str, object] = {
        "games": games,
        "budget_s": budget,
        "playouts_only": playouts_only,
    }
    if not judged:
        report["verdicts"] = f"none: they need at least {VERDICT_GAMES} games a matchup"
    return {**report, "targets": summary}


if __name__ == "__main__":
    main()
