"""Measures the castle weights of the Caylus evaluation (engine/caylus/evaluation.py) from play:
how often a seat without a house in the section scored next, at the start of a turn, still has
none at its scoring, by the cubes its batch lacks then (0 to 3) and by the turns the evaluation
counts to that scoring (1, 2, 3 or more); and the bailiff's pace and the houses built per seat
and turn.

Run: python bench/bench_castle_outlook.py [--players 3] [--games 40] [--seed 1]
     [--level easy|medium|strong] [--iterations 60]
     (the default, easy: about 1 second; medium at 150 playouts a decision: about 3 seconds
     a game of processor time)

One JSON line: `miss_chance` (per cubes lacking, per bucket of turns: the share missed, and in
`miss_chance_seen` how many seat-turns it counts), `bailiff_pace` (squares a turn) and
`houses_per_seat_turn`; compare them with MISS_CHANCE, BAILIFF_PACE and HOUSES_PER_SEAT_TURN
(docs/players.md, "The Caylus evaluation").
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine import caylus
from engine.caylus.ai import search_action
from engine.caylus.codes import CODE
from engine.caylus.easy import easy_action
from engine.caylus.evaluation import batch_lacks, turns_to_scoring
from engine.caylus.fast_game import FastGame
from engine.players import Budget


def shares(missed: list[int], seen: list[int]) -> list[float]:
    return [round(m / max(s, 1), 3) for m, s in zip(missed, seen, strict=True)]


def measure(players: int, games: int, seed: int, level: str, iterations: int) -> dict[str, object]:
    # per cubes the batch lacks (0-3), per bucket of turns to the scoring: seat-turns, missed
    seen = [[0, 0, 0] for _ in range(4)]
    missed = [[0, 0, 0] for _ in range(4)]
    squares = turns = houses = 0
    for index in range(games):
        state = caylus.new_game(caylus.Options(players=players), caylus.Setup(seed=seed + index))
        g = FastGame.from_state(state)
        rng = random.Random((seed + index) * 1_000_003)
        start_bailiff, watched_turn = g.bailiff, -1
        watched: list[tuple[int, int, int, int]] = []  # section, seat, lacks, bucket
        while not g.over:
            if g.turn != watched_turn and g.phase <= 2:
                watched_turn = g.turn
                turns_ahead = turns_to_scoring(g)
                for seat in range(g.n):
                    if seat not in g.castle[g.section]:
                        lacks = batch_lacks(g.cubes, 5 * seat)
                        watched.append((g.section, seat, lacks, min(turns_ahead, 3) - 1))
            if len(g.options) == 1:
                g.play(g.options[0])
            elif level == "easy":
                g.play(easy_action(g, rng))
            else:
                budget = Budget(iterations=iterations)
                g.play(CODE[search_action(g.copy(), g.seat, level, rng, budget)])
        for section, seat, lacks, bucket in watched:
            seen[lacks][bucket] += 1
            missed[lacks][bucket] += seat not in g.castle[section]
        squares += g.bailiff - start_bailiff
        turns += g.turn
        houses += sum(len(section) for section in g.castle)
    return {
        "players": players,
        "games": games,
        "seed": seed,
        "level": level,
        "iterations": iterations if level != "easy" else None,
        "miss_chance": [shares(m, s) for m, s in zip(missed, seen, strict=True)],
        "miss_chance_seen": seen,
        "bailiff_pace": round(squares / max(turns, 1), 2),
        "houses_per_seat_turn": round(houses / max(turns * players, 1), 2),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--level", default="easy", choices=("easy", "medium", "strong"))
    parser.add_argument("--iterations", type=int, default=60)
    args = parser.parse_args()
    result = measure(args.players, args.games, args.seed, args.level, args.iterations)
    print(json.dumps(result), flush=True)


if __name__ == "__main__":
    main()
